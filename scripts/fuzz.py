"""The long fuzz run: the tests of tests/engine/test_fuzz.py on many more inputs.

    nice -n 10 python scripts/fuzz.py --inputs 100000 [--seed 1] [--json]

The inputs are split evenly between the ten fuzz tests (mutated logs through the command line and through
webapi, mutated saves, notation strings, webapi arguments, integer flags, files that are not logs (FIFOs,
directories, devices), rule options through simulate then replay, huge numbers in every webapi argument,
the exam's --grade and --verify on mutated sheets, codes, dates, names and ladder match files).
Prints per test the inputs tried, the time and the failures, and exits 1 if any test failed (hypothesis
prints the smallest failing input it found).
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import sys
import time
import traceback
from pathlib import Path
from typing import Any

from hypothesis import seed

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "engine")]
NAMES = ["test_fuzz_logs_through_the_command_line", "test_fuzz_logs_through_webapi", "test_fuzz_saves",
         "test_fuzz_notation", "test_fuzz_webapi_arguments", "test_fuzz_integer_flags",
         "test_fuzz_files_that_are_not_logs", "test_fuzz_options_simulate_then_replay",
         "test_fuzz_webapi_huge_numbers", "test_fuzz_exam_through_the_command_line"]


def main() -> int:
    """Run the fuzz tests; returns the exit status."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--inputs", type=int, default=100_000, help="inputs in all (default 100000)")
    p.add_argument("--seed", type=int, default=1, help="hypothesis seed (the run is reproducible)")
    p.add_argument("--json", action="store_true")
    args = p.parse_args()
    os.environ["HZMJ_FUZZ_EXAMPLES"] = str(max(1, args.inputs // len(NAMES)))  # read by test_fuzz's settings
    test_fuzz = importlib.import_module("test_fuzz")
    rows: list[dict[str, Any]] = []
    for name in NAMES:
        before = sum(test_fuzz.COUNTS.values())
        t0 = time.perf_counter()
        failure = None
        try:
            seed(args.seed)(getattr(test_fuzz, name))()
        except Exception as exc:  # a failing input: report it and go on with the other tests
            failure = "".join(traceback.format_exception_only(exc)).strip()
            traceback.print_exc()
        seconds = time.perf_counter() - t0
        tried = sum(test_fuzz.COUNTS.values()) - before
        rows.append({"test": name, "inputs": tried, "seconds": round(seconds, 1),
                     "per_second": round(tried / seconds, 1) if seconds else None, "failure": failure})
        if not args.json:
            print(f"{name}: {tried} inputs in {seconds:.0f} s, {'FAILED: ' + failure if failure else 'failures 0'}",
                  flush=True)
    total = {"inputs": sum(r["inputs"] for r in rows), "seconds": round(sum(r["seconds"] for r in rows), 1),
             "failures": sum(1 for r in rows if r["failure"]), "tests": rows}
    if args.json:
        print(json.dumps(total, indent=2))
    else:
        print(f"total: {total['inputs']} inputs in {total['seconds']} s, failures {total['failures']}")
    return 1 if total["failures"] else 0


if __name__ == "__main__":
    sys.exit(main())
