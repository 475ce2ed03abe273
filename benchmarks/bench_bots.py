"""Arena benchmark of the bots: the figures recorded in docs/bots.md.

Run: ``python benchmarks/bench_bots.py [--hands 2000] [--seed 1] [--workers 1] [--tables all|expert|...]``.
Plays, with ``--duplicate`` walls (each wall once per seat rotation), the expert against three strongs, strong
against three normals, normal against three easies and a mixed table, and prints the per-kind table of
:func:`hzmj_core.arena.run_arena` for each (timings there are wall-clock and only meaningful with
``--workers 1`` on an idle machine). ``--decision-hands N`` adds the expert's decision time measured as CPU time
of its own process (``time.process_time``), which a shared machine disturbs much less: median, 95th
percentile and maximum over every decision of the expert in N hands against three strongs.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from review_timing import decision_times

from hzmj_core.arena import arena_text, run_arena

TABLES = {
    "expert": ("expert", "strong", "strong", "strong"),
    "strong": ("strong", "normal", "normal", "normal"),
    "normal": ("normal", "easy", "easy", "easy"),
    "mixed": ("strong", "normal", "easy", "easy"),
}


def main() -> None:
    """Run the tables and print them (``--json`` for machine-readable output)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1, help="processes playing the walls (same figures)")
    ap.add_argument("--tables", default="all", help=f"comma-separated: {', '.join(TABLES)} (default all)")
    ap.add_argument("--decision-hands", type=int, default=0, help="hands of the expert's CPU-time run")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    names = list(TABLES) if args.tables == "all" else [t.strip() for t in args.tables.split(",")]
    unknown = [t for t in names if t not in TABLES]
    if unknown:
        ap.error(f"unknown table {unknown[0]!r}: choose from {', '.join(TABLES)}")
    run_arena(40, args.seed + 1000, ["strong", "normal", "easy", "easy"], duplicate=True)  # warm the tables
    out: list[dict[str, object]] = []
    for name in names:
        d = run_arena(args.hands, args.seed, list(TABLES[name]), duplicate=True, workers=args.workers)
        out.append(d)
        if not args.json:
            print(arena_text(d), flush=True)
            print()
    if args.decision_hands:
        dt = decision_times(args.decision_hands, args.seed)
        out.append({"expert_decision_cpu": dt})
        if not args.json:
            print(f"expert decision CPU time over {dt['decisions']} decisions: median {dt['median_ms']} ms, "
                  f"p95 {dt['p95_ms']} ms, max {dt['max_ms']} ms")
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
