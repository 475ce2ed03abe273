"""The 何切 bands without a person: how often the ``basic`` bot's discard is within the tolerance, per band.

Positions are drawn as the exam draws them (:func:`hzmj_core.exam.kinds.hecut._hand`), valued by the expert's
draw-ahead (:func:`~hzmj_core.exam.kinds.hecut.estimate`: the band estimate the exam's search starts from; the
question itself is then judged by the coach) and put in the band their own values give
(:func:`~hzmj_core.exam.kinds.hecut.band_of`), until every band
has ``--per-band`` positions (or ``--max-positions`` were tried); then the rate per band is printed, with the time
per position. Easy bands should be right far more often than the hardest.

    python benchmarks/bench_exam.py --per-band 1000 --seed 1
"""

from __future__ import annotations

import argparse
import json
import sys
import time

from hzmj_core.bots import make_bot
from hzmj_core.exam.base import FIXED
from hzmj_core.exam.kinds import hecut
from hzmj_core.hand import is_win
from hzmj_core.rng import Rng


def run(per_band: int, seed: int, max_positions: int, progress: bool = False) -> dict[str, object]:
    """Rates of the basic bot per band; stops when each band is full or after ``max_positions`` valued."""
    rng = Rng(seed)
    right = {b: 0 for b in (1, 2, 3, 4)}
    seen = {b: 0 for b in (1, 2, 3, 4)}
    valued = 0
    start = time.perf_counter()
    while valued < max_positions and min(seen.values()) < per_band:
        hand = hecut._hand(rng)
        if hand is None:
            continue
        counts, w = FIXED.split(hand)
        if is_win(counts, w, 0) or len({t for t in hand if not FIXED.is_wild(t)}) < 3:
            continue
        view = hecut.view_of(hand)
        vals = hecut.estimate(view)
        valued += 1
        if len(vals) < 2 or len(hecut.accepted(vals)) == len(vals):
            continue
        band = hecut.band_of(hand, vals)
        if seen[band] >= per_band:
            continue
        seen[band] += 1
        right[band] += make_bot("basic", 0).choose(view).tile in hecut.accepted(vals)
        if progress and valued % 100 == 0:
            print(f"{valued} valued: " + ", ".join(f"band {b} {right[b]}/{seen[b]}" for b in seen), file=sys.stderr,
                  flush=True)
    spent = time.perf_counter() - start
    return {"seed": seed, "positions_valued": valued, "seconds": round(spent, 1),
            "ms_per_position": round(1000 * spent / max(valued, 1), 1),
            "bands": {b: {"questions": seen[b], "basic_right": right[b],
                          "rate": round(right[b] / seen[b], 3) if seen[b] else None} for b in seen}}


def main() -> None:
    """Command line."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--per-band", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--max-positions", type=int, default=20000)
    p.add_argument("--json", action="store_true")
    p.add_argument("--progress", action="store_true", help="the running counts on stderr every 100 positions")
    a = p.parse_args()
    out = run(a.per_band, a.seed, a.max_positions, a.progress)
    if a.json:
        print(json.dumps(out, indent=2))
        return
    print(f"seed {out['seed']}: {out['positions_valued']} positions valued in {out['seconds']} s "
          f"({out['ms_per_position']} ms each)")
    for b, d in out["bands"].items():  # type: ignore[attr-defined]
        print(f"band {b}: basic right {d['basic_right']} of {d['questions']} = {d['rate']}")


if __name__ == "__main__":
    main()
