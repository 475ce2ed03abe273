"""The 每日挑战's par: the expert playing seat 0 on a day's four deals, as the page's worker computes it.

    python benchmarks/bench_daily.py [--days 5] [--pyodide] [--json]

Prints the CPU time of par per day and per deal on CPython, and of a reference in the same process: the same four
walls played by four ``basic`` bots (the bots' cheap play), so that runs on a busy, shared machine can be compared
by their ratio. Par is computed once per day (it is then kept). ``--pyodide`` runs the same measurement inside the
pinned Pyodide under Node (``node benchmarks/pyodide_daily.mjs``), as the page's worker runs it.
"""

from __future__ import annotations

import argparse
import datetime
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from hzmj_core import daily  # noqa: E402
from hzmj_core.arena import play_hand  # noqa: E402
from hzmj_core.options import Options  # noqa: E402

FIRST = datetime.date(2026, 3, 9)


def measure(days: int) -> dict[str, Any]:
    """CPU seconds of par for ``days`` days from :data:`FIRST` and of the reference on the same walls."""
    clock = time.process_time
    per_day: list[float] = []
    per_deal: list[float] = []
    for k in range(days):
        run = daily.par_run(daily.day_seed(FIRST + datetime.timedelta(days=k)))
        t_day = clock()
        while not run.done:
            t0 = clock()
            run.play_deal()
            per_deal.append(clock() - t0)
        per_day.append(clock() - t_day)
    t0 = clock()
    for k in range(days):
        seed = daily.day_seed(FIRST + datetime.timedelta(days=k))
        for d in daily.deals(seed):
            play_hand(Options(), d["seed"], d["dealer"], d["streak"], ["basic"] * 4, seed)
    reference = clock() - t0
    return {"days": days, "par_seconds_per_day": round(sum(per_day) / days, 3),
            "par_seconds_per_day_max": round(max(per_day), 3),
            "par_seconds_per_deal_max": round(max(per_deal), 3),
            "reference_seconds_per_day": round(reference / days, 3),
            "par_over_reference": round(sum(per_day) / reference, 2)}


def main() -> None:
    """Print the figures (and Pyodide's with ``--pyodide``)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--days", type=int, default=5)
    ap.add_argument("--pyodide", action="store_true", help="also run inside Pyodide under Node")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, Any] = {"cpython": measure(args.days)}
    if args.pyodide:
        proc = subprocess.run(["node", str(ROOT / "benchmarks" / "pyodide_daily.mjs"), str(args.days)],
                              capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            raise SystemExit(f"pyodide run failed:\n{proc.stderr[-2000:]}")
        out["pyodide"] = json.loads(proc.stdout.strip().splitlines()[-1])
        out["pyodide_over_cpython"] = round(out["pyodide"]["par_seconds_per_day"]
                                            / out["cpython"]["par_seconds_per_day"], 2)
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name in ("cpython", "pyodide"):
        d = out.get(name)
        if d is not None:
            print(f"{name:8} par {d['par_seconds_per_day']:.3f} s a day (max {d['par_seconds_per_day_max']:.3f}, "
                  f"a deal at most {d['par_seconds_per_deal_max']:.3f} s), reference "
                  f"{d['reference_seconds_per_day']:.3f} s a day: par / reference {d['par_over_reference']:.2f}")
    if "pyodide_over_cpython" in out:
        print(f"Pyodide / CPython: {out['pyodide_over_cpython']:.2f}")


if __name__ == "__main__":
    main()
