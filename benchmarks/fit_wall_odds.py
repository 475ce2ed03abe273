"""Fit the wall odds (牌墙估计, :mod:`hzmj_core.bots.wall_odds`): where the tiles a seat has not seen really are.

Run: ``python benchmarks/fit_wall_odds.py [--hands 2000] [--seed 99] [--workers 2]``. Plays hands of strong
self-play dealt as the arena deals them (random dealer, the arena's streak mix) and, at every turn of every seat
after a draw, counts per face its unseen copies and how many of them are in the live wall, by the wall's stage,
the face's class, its unseen copies and the copies in sight outside the seat's own hand and melds. Prints the
``WALL_SHARE`` and ``WILD_SHARE`` literals of the module (cells with fewer than 3,000 observed copies take their
stage, class and unseen count over every count in sight) and each stage's share over all unseen tiles. The
shipped table is this script's output for the defaults.
"""

from __future__ import annotations

import argparse
import sys
from collections import defaultdict
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hzmj_core.analysis import Analysis
from hzmj_core.arena import deal_params
from hzmj_core.bots import make_bot
from hzmj_core.bots.wall_odds import face_class, stage
from hzmj_core.options import Options
from hzmj_core.round import Phase, Round
from hzmj_core.tiles import NUM_KINDS
from hzmj_core.view import SeatView

Cell = tuple[int, int, int, int]
"""(stage, class, unseen copies, copies in sight outside the seat's hand); class 4 is the 财神 (u = s = 0)."""
MIN_COPIES = 3000


def _count(args: tuple[int, list[int]]) -> dict[Cell, list[int]]:
    seed, hands = args
    acc: dict[Cell, list[int]] = defaultdict(lambda: [0, 0])
    options = Options()
    for n in hands:
        wall_seed, dealer, lao = deal_params(seed, n, "mix")
        r = Round.deal(options, dealer=dealer, streak=lao, seed=wall_seed)
        bots = [make_bot("strong", n * 4 + s) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            if r.phase is Phase.ACT and view.drawn is not None:
                an = Analysis(view)
                wc = an.wc
                in_wall = [0] * (NUM_KINDS + 1)
                for t in r.wall[r.front:r.back]:
                    in_wall[NUM_KINDS if wc.is_wild(t) else wc.face(t)] += 1
                own = list(an.counts)
                for m in view.melds[seat]:
                    if m is not None:
                        for t in m.tiles:
                            if not wc.is_wild(t):
                                own[wc.face(t)] += 1
                st = stage(view.remaining)
                for f in range(NUM_KINDS):
                    u = an.unseen_face[f]
                    if u:
                        cell = acc[(st, face_class(f), u, max(0, 4 - u - own[f]))]
                        cell[0] += in_wall[f]
                        cell[1] += u
                if an.unseen_wild:
                    cell = acc[(st, 4, 0, 0)]
                    cell[0] += in_wall[NUM_KINDS]
                    cell[1] += an.unseen_wild
            r.apply(bots[seat].choose(view))
    return dict(acc)


def main() -> None:
    """Play, count and print the table."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=99)
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    parts = [list(range(i, args.hands, 16)) for i in range(16)]
    with get_context("fork").Pool(args.workers) as pool:
        counted = pool.map(_count, [(args.seed, p) for p in parts])
    acc: dict[Cell, list[int]] = defaultdict(lambda: [0, 0])
    for part in counted:
        for k, (a, b) in part.items():
            acc[k][0] += a
            acc[k][1] += b
    pooled: dict[tuple[int, int, int], list[int]] = defaultdict(lambda: [0, 0])
    for (st, cl, u, _), (a, b) in acc.items():
        pooled[(st, cl, u)][0] += a
        pooled[(st, cl, u)][1] += b

    def share(st: int, cl: int, u: int, s: int) -> float:
        a, b = acc.get((st, cl, u, s), (0, 0))
        if b < MIN_COPIES:
            a, b = pooled.get((st, cl, u), [0, 0])
        return a / b if b else 0.6

    print("WALL_SHARE = (")
    for st in range(4):
        print("    (")
        for cl in range(4):
            rows = [tuple(round(share(st, cl, u, s), 3) for s in range(5 - u)) for u in range(1, 5)]
            print(f"        {tuple(rows)},")
        print("    ),")
    print(")")
    wild = tuple(round(acc[(st, 4, 0, 0)][0] / max(1, acc[(st, 4, 0, 0)][1]), 3) for st in range(4))
    print(f"WILD_SHARE = {wild}")
    for st in range(4):
        a = sum(v[0] for k, v in acc.items() if k[0] == st)
        b = sum(v[1] for k, v in acc.items() if k[0] == st)
        print(f"# stage {st}: {a / max(1, b):.3f} of {b} unseen copies in the wall")


if __name__ == "__main__":
    main()
