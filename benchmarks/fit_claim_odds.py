#!/usr/bin/env python3
"""How often the others' discards offer each class of face to claim, against how often a seat draws it.

    python benchmarks/fit_claim_odds.py [--hands 400] [--streak 1] [--seed 77]

Four strongs play ``--hands`` hands. For each face class (honours, 1/9, 2/8, 3-7) it counts, from the point
where the wall has fewer than T tiles left (T = all, 70, 50, 30), the copies one seat draws and the copies the
other three discard. Their ratio is how many pong chances each own draw of that class brings, and a third of it
the chow chances from the previous seat. ``benchmarks/paired_expert.py``'s ``claimclass`` variant takes its
table (``CLAIM_CLASS_PONG`` / ``CLAIM_CLASS_CHOW``) from this output, each ratio divided by the same ratio
over all faces.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hzmj_core.bots import make_bot
from hzmj_core.options import Options
from hzmj_core.rng import derive_seed
from hzmj_core.round import Round
from hzmj_core.tiles import TILE_NAMES
from hzmj_core.view import SeatView

CLASSES = ("honour", "1/9", "2/8", "3-7")
FROM = (10**6, 70, 50, 30)
"""Count the events once the wall has fewer than this many tiles left (the first: every event)."""


def face_class(face: int) -> int:
    """The face's class as an index into :data:`CLASSES`: 0 an honour, 1 a terminal (1/9), 2 a 2/8, 3 a 3-7."""
    if face >= 27:
        return 0
    r = face % 9
    return 1 if r in (0, 8) else 2 if r in (1, 7) else 3


def count(hands: int, streak: int, seed: int) -> tuple[Counter[tuple[int, int]], Counter[tuple[int, int]]]:
    """Natural draws and natural discards of each class, by :data:`FROM` threshold, over all four seats."""
    draws: Counter[tuple[int, int]] = Counter()
    discards: Counter[tuple[int, int]] = Counter()
    kind_of = {n: i for i, n in enumerate(TILE_NAMES)}
    options = Options()
    for h in range(hands):
        r = Round.deal(options, dealer=h % 4, streak=streak, seed=derive_seed(seed, h))
        bots = [make_bot("strong", derive_seed(seed + 1, h, s)) for s in range(4)]
        wc = r.wildcards
        seen = 0
        while not r.is_over:
            seat = r.deciding_seats()[0]
            r.apply(bots[seat].decide(SeatView.of(r, seat)).action)
            for e in r.events[seen:]:
                for t in FROM:
                    if r.remaining >= t:
                        continue
                    if e["type"] == "draw" and r.drawn is not None and not wc.is_wild(r.drawn):
                        draws[(t, face_class(wc.face(r.drawn)))] += 1
                    elif e["type"] == "discard" and not e["wild"]:
                        discards[(t, face_class(wc.face(kind_of[e["tile"]])))] += 1
            seen = len(r.events)
    return draws, discards


def main() -> None:
    """Print the per-class pong and chow chances per own draw."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=400)
    ap.add_argument("--streak", type=int, choices=(1, 2, 3), default=1)
    ap.add_argument("--seed", type=int, default=77)
    args = ap.parse_args()
    draws, discards = count(args.hands, args.streak, args.seed)
    for t in FROM:
        print("every event" if t == FROM[0] else f"fewer than {t} tiles left")
        for i, c in enumerate(CLASSES):
            own = draws[(t, i)] / 4  # a seat's own draws
            others = discards[(t, i)] * 3 / 4 / 4  # the other three seats' discards, as one seat sees them
            if not own:
                continue
            print(f"  {c:7} own draws a hand {own / args.hands:5.2f}, others' discards {others / args.hands:5.2f}: "
                  f"pong chances a draw {others / own:4.2f}, chow {others / 3 / own:4.2f}")


if __name__ == "__main__":
    main()
