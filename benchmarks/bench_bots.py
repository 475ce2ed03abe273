"""Arena benchmark of the bots: the figures recorded in the README ("Opponents and arena").

Run: ``python benchmarks/bench_bots.py [--hands 2000] [--seed 1] [--workers 1]``. Plays, with ``--duplicate``
walls (each wall once per seat rotation), strong against three normals, normal against three easies and
a mixed table, and prints the per-kind table of :func:`hzmj_core.arena.run_arena` for each, plus a
decision-time run in one process (timings are only meaningful with ``--workers 1`` on an idle machine).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hzmj_core.arena import arena_text, run_arena

TABLES = (
    ("strong", "normal", "normal", "normal"),
    ("normal", "easy", "easy", "easy"),
    ("strong", "normal", "easy", "easy"),
)


def main() -> None:
    """Run the tables and print them (``--json`` for machine-readable output)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--workers", type=int, default=1, help="processes playing the walls (same figures)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    run_arena(40, args.seed + 1000, ["strong", "normal", "easy", "easy"], duplicate=True)  # warm the tables
    out = []
    for seats in TABLES:
        d = run_arena(args.hands, args.seed, list(seats), duplicate=True, workers=args.workers)
        out.append(d)
        if not args.json:
            print(arena_text(d), flush=True)
            print()
    if args.json:
        print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
