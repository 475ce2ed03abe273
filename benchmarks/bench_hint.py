"""The hint's cost: the coach's suggestion (the expert) with the rest of the hints, per decision of a player who
follows every suggestion, on CPython and in Pyodide under Node.

    python benchmarks/bench_hint.py [--hands 12] [--seed 1] [--pyodide] [--json]

Seat 0 plays every suggestion against basic bots for ``--hands`` hands of a match; at each of its decisions the
full hints (:func:`hzmj_core.hints.hints`, what ``state`` and ``hint`` give the page) and the suggestion alone
(:func:`hzmj_core.coach.suggest`) are timed by the wall clock (one thread; Pyodide's CPU clock is coarse). It prints
p50/p95/max in milliseconds and, to compare runs on a loaded machine, p95 as a multiple of the fixed reference
workload of ``bench_engine.py`` timed in the same process. Target: the hints' p95 at most 150 ms in Pyodide.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from bench_engine import reference_seconds  # noqa: E402

from hzmj_core.coach import suggest  # noqa: E402
from hzmj_core.hints import hints  # noqa: E402
from hzmj_core.options import Options  # noqa: E402
from hzmj_core.session import GameSession  # noqa: E402
from hzmj_core.view import SeatView  # noqa: E402


def _pct(xs: list[float], q: float) -> float:
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def timings(hands: int, seed: int) -> tuple[list[float], list[float]]:
    """Milliseconds of the full hints and of the suggestion alone at each decision of seat 0."""
    s = GameSession(Options(), seed, "basic")
    full: list[float] = []
    alone: list[float] = []
    for h in range(hands):
        while not s.match.round.is_over:
            if 0 not in s.human_deciding():
                s.bot_step()
                continue
            r = s.match.round
            t0 = time.perf_counter()
            got = hints(r, 0, s.points())
            t1 = time.perf_counter()
            suggest(SeatView.of(r, 0, s.points()))
            t2 = time.perf_counter()
            full.append((t1 - t0) * 1000)
            alone.append((t2 - t1) * 1000)
            s.act(got["suggestion"]["action"])
        if s.match.over or h + 1 == hands:
            break
        s.next_hand()
    return full, alone


def measure(hands: int, seed: int) -> dict[str, Any]:
    """All figures of this interpreter."""
    timings(1, seed + 1)  # warm the lazily filled tables, as a page does in its first hand
    ref = min(reference_seconds() for _ in range(3)) * 1000
    full, alone = timings(hands, seed)
    out: dict[str, Any] = {"python": sys.version.split()[0], "platform": sys.platform, "decisions": len(full),
                           "reference_ms": round(ref, 1)}
    for name, xs in (("hints", full), ("suggest", alone)):
        out[name] = {"p50_ms": round(_pct(xs, 0.5), 1), "p95_ms": round(_pct(xs, 0.95), 1),
                     "max_ms": round(max(xs), 1), "p95_per_reference": round(_pct(xs, 0.95) / ref, 3)}
    return out


def main() -> None:
    """Print the figures (and Pyodide's with ``--pyodide``)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--hands", type=int, default=12)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--pyodide", action="store_true", help="also run inside Pyodide under Node")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    out: dict[str, Any] = {"cpython": measure(args.hands, args.seed)}
    if args.pyodide:
        proc = subprocess.run(["node", str(ROOT / "benchmarks" / "pyodide_hint.mjs"), str(args.hands),
                               str(args.seed)], capture_output=True, text=True, cwd=ROOT, check=False)
        if proc.returncode != 0:
            raise SystemExit(f"pyodide run failed:\n{proc.stderr[-2000:]}")
        out["pyodide"] = json.loads(proc.stdout.strip().splitlines()[-1])
    if args.json:
        print(json.dumps(out, indent=2))
        return
    for name, d in (("CPython", out["cpython"]), ("Pyodide", out.get("pyodide"))):
        if not d:
            continue
        print(f"{name} {d['python']}: {d['decisions']} decisions, reference workload {d['reference_ms']} ms")
        for k in ("hints", "suggest"):
            f = d[k]
            print(f"  {k:8} p50 {f['p50_ms']} ms  p95 {f['p95_ms']} ms  max {f['max_ms']} ms  "
                  f"(p95 = {f['p95_per_reference']}x the reference)")


if __name__ == "__main__":
    main()
