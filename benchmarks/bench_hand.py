"""Speed of hzmj_core.hand against the riichi `mahjong` package (pip install mahjong). Prints figures.

Run: ``python benchmarks/bench_hand.py [--hands N]``. Every comparison runs on identical hands in the same
process. "cold" starts from empty memo tables; "warm" first plays through a separate set of random hands,
as the tables would be after some games in a real session.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from mahjong.agari import Agari
from mahjong.shanten import Shanten

from hzmj_core import hand

SETS = [(f, f, f) for f in range(34)] + [(9 * s + r, 9 * s + r + 1, 9 * s + r + 2) for s in range(3) for r in range(7)]


def complete_hands(rng: random.Random, count: int) -> list[list[int]]:
    """Random 14-tile standard-form wins without wildcards (at most four copies of a face)."""
    out: list[list[int]] = []
    while len(out) < count:
        c = [0] * 34
        for s in rng.choices(SETS, k=4):
            for k in s:
                c[k] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            out.append(c)
    return out


def random_hands(rng: random.Random, count: int, size: int) -> list[list[int]]:
    """Random hands dealt from a full 136-tile set."""
    wall = [k for k in range(34) for _ in range(4)]
    out = []
    for _ in range(count):
        c = [0] * 34
        for k in rng.sample(wall, size):
            c[k] += 1
        out.append(c)
    return out


def with_wildcards(rng: random.Random, hands: list[list[int]], w: int) -> list[list[int]]:
    """The same hands with w natural tiles taken out (they become the w wildcards)."""
    out = []
    for c in hands:
        d = list(c)
        for _ in range(w):
            d[rng.choice([f for f in range(34) if d[f]])] -= 1
        out.append(d)
    return out


def rate(fn: Callable[[], object], n: int, repeat: int = 5) -> float:
    """Calls per second (best of ``repeat`` runs of a loop over n items)."""
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t)
    return n / best


def clear_tables() -> None:
    for table in (hand._SUIT, hand._HONOR, hand._VEC_SUIT, hand._VEC_HONOR):
        table.clear()


def warm_up(seed: int, count: int) -> None:
    """Fill the memo tables as a session of play would: shanten and waits of many dealt hands."""
    rng = random.Random(seed)
    for size in (13, 14):
        for c in random_hands(rng, count, size):
            for w in (0, 1, 2):
                d = with_wildcards(rng, [c], w)[0]
                hand.shanten(d, w, 0)
                hand.is_win(d, w, 0)
    for c in complete_hands(rng, count):
        hand.is_standard_win(c, 0)


def line(label: str, ours: float, theirs: float | None = None, target: str = "") -> None:
    if theirs is None:
        print(f"  {label:<46} {ours:>12,.0f}/s")
    else:
        print(f"  {label:<46} {ours:>12,.0f}/s  vs {theirs:>10,.0f}/s   ratio {ours / theirs:5.2f}x  {target}")


def bench_wins(complete: Sequence[list[int]], agari: Agari) -> tuple[float, float]:
    ours = rate(lambda: [hand.is_standard_win(c, 0) for c in complete], len(complete))
    theirs = rate(lambda: [agari.is_agari(c) for c in complete], len(complete))
    return ours, theirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--hands", type=int, default=20000)
    args = parser.parse_args()
    n = args.hands
    rng = random.Random(2024)
    agari = Agari()
    complete = complete_hands(rng, n)
    h13 = random_hands(rng, n, 13)
    h14 = random_hands(rng, n, 14)
    mixed14 = random_hands(rng, n, 14)

    # Correctness first: identical answers on identical hands.
    assert all(hand.is_standard_win(c, 0) for c in complete) and all(agari.is_agari(c) for c in complete)
    disagree = sum(hand.is_standard_win(c, 0) != agari.is_agari(c) for c in mixed14)
    assert disagree == 0, f"{disagree} win checks disagree"
    mismatch = four = 0
    for c in h13 + h14:
        if hand.standard_shanten(c, 0) != Shanten.calculate_shanten_for_regular_hand(c):
            mismatch += 1
            four += 4 in c
    print(f"agreement: {len(complete)} complete + {len(mixed14)} random 14-tile win checks identical; "
          f"regular shanten differs on {mismatch} of {2 * n} hands ({four} of them hold four of a face, "
          "which the riichi library scores specially)")
    assert mismatch == four

    for mode in ("cold", "warm"):
        clear_tables()
        if mode == "warm":
            t = time.perf_counter()
            warm_up(99, n)
            print(f"\n[{mode}] tables warmed in {time.perf_counter() - t:.2f} s: {hand.table_sizes()}")
        else:
            print(f"\n[{mode}] empty tables (first pass fills them; best of 5 runs, so the later runs are warm)")
            clear_tables()
            t = time.perf_counter()
            for c in complete:
                hand.is_standard_win(c, 0)
            cold_win = len(complete) / (time.perf_counter() - t)
            clear_tables()
            t = time.perf_counter()
            for c in h13:
                hand.standard_shanten(c, 0)
            cold_sh = len(h13) / (time.perf_counter() - t)
            line("first-pass win checks (truly cold)", cold_win)
            line("first-pass 13-tile shanten (truly cold)", cold_sh)
            clear_tables()

        ours, theirs = bench_wins(complete, agari)
        line("win check, complete hands (is_agari)", ours, theirs, "target >= 2x")
        ours = rate(lambda: [hand.is_standard_win(c, 0) for c in mixed14], n)
        theirs = rate(lambda: [agari.is_agari(c) for c in mixed14], n)
        line("win check, random 14-tile hands", ours, theirs, "target >= 1.5x")
        for size, hs in ((13, h13), (14, h14)):
            ours = rate(lambda hs=hs: [hand.standard_shanten(c, 0) for c in hs], n)
            theirs = rate(lambda hs=hs: [Shanten.calculate_shanten_for_regular_hand(c) for c in hs], n)
            line(f"shanten {size} tiles, regular form", ours, theirs, "target >= 1x")
            ours = rate(lambda hs=hs: [hand.shanten(c, 0, 0) for c in hs], n)
            theirs = rate(lambda hs=hs: [Shanten.calculate_shanten(c, use_kokushi=False) for c in hs], n)
            line(f"shanten {size} tiles, regular + seven pairs", ours, theirs, "target >= 1x")
        base = rate(lambda: [hand.shanten(c, 0, 0) for c in h13], n)
        for w in (1, 2, 3):
            hw = with_wildcards(random.Random(w), h13, w)
            ours = rate(lambda hw=hw, w=w: [hand.shanten(c, w, 0) for c in hw], n)
            print(f"  shanten 13 tiles with {w} wildcard(s): {ours:>12,.0f}/s = {base / ours:4.2f}x the time of "
                  f"no wildcards (target <= 2x)")
        ours = rate(lambda: [hand.waits(c, 0, 0) for c in h13], n)
        line("waits, 13 tiles", ours)
        ours = rate(lambda: [hand.improving_tiles(c, 0, 0) for c in h13[: n // 4]], n // 4)
        line("improving_tiles, 13 tiles", ours)


if __name__ == "__main__":
    main()
