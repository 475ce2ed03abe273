"""Where the expert 大师 parts from strong 高手 on the same tiles, and what it came to (a diagnosis tool).

Run: ``python benchmarks/first_divergence.py --seed 78 --walls 600 [--only 12] [--pattern qike,qidui,qingqidui]``.

Each wall of the arena's mix is played four times, the expert at each seat in turn against three strongs, as
``arena --duplicate`` plays it. For every seat, the expert's game at that seat is set beside each game where a
strong sat there: the first decision where the two seats did something different from the same hand is that
pair's divergence, and the seat's points in the expert's game minus those in strong's game are what it came to
(other seats differ between the two games too, so one pair is noisy; a kind of decision that loses again and again
is the lead). With ``--pattern`` only the pairs where strong won with one of those patterns and the expert did not
are listed (the first such strong game per seat), each with the expert's reason and hand. This is how the
expert was found to pong out of 七客 state (docs/research/EXPERIMENTS.md, "seven pairs kept").
"""

from __future__ import annotations

import argparse
import re
import sys
from collections import defaultdict
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hzmj_core.actions import Action
from hzmj_core.arena import deal_params, play_hand, rotation_seed
from hzmj_core.bots import Decision
from hzmj_core.options import Options
from hzmj_core.round import Round
from hzmj_core.tiles import TILE_NAMES
from hzmj_core.view import SeatView

Step = tuple[Action, str, str]
"""One decision with a choice: the action, the reason in English, the hand before it."""
Pair = tuple[str, str, str, int, str, str, str]
"""One divergence: (reason template, the expert's action type, strong's, points difference, reason, hand, strong's
action)."""


def play(seed: int, wall: int, kinds: list[str], rot: int) -> tuple[Round, list[list[Step]]]:
    """One game of the wall as the arena plays it in rotation ``rot``; every seat's decisions that had a choice."""
    wall_seed, dealer, lao = deal_params(seed, wall, "mix")
    steps: list[list[Step]] = [[], [], [], []]

    def note(view: SeatView, d: Decision) -> None:
        if len(view.legal) > 1:
            steps[view.seat].append((d.action, d.reason_en, "".join(TILE_NAMES[t] for t in sorted(view.hand))))

    r, _ = play_hand(Options(), wall_seed, dealer, lao, kinds, rotation_seed(seed, wall, rot), note)
    return r, steps


def template(reason: str) -> str:
    """A reason with its numbers and tile names blanked, so that decisions of one kind group together."""
    t = re.sub(r"[+-]?\d+(\.\d+)?", "#", reason.split(";")[0])
    return re.sub(r"(discard|pong|chow|the) [A-Z#][a-z]*( [A-Za-z]+)?", r"\1 X", t)[:80]


def pairs_of_wall(args: tuple[int, int, str, frozenset[str]]) -> list[Pair]:
    """The divergences of one wall (empty if its streak is not in ``only``)."""
    seed, wall, only, patterns = args
    if str(deal_params(seed, wall, "mix")[2]) not in only:
        return []
    games = []
    for rot in range(4):
        kinds = [("expert", "strong", "strong", "strong")[(s - rot) % 4] for s in range(4)]
        games.append((kinds, *play(seed, wall, kinds, rot)))
    out: list[Pair] = []
    for seat in range(4):
        ex = next(g for g in games if g[0][seat] == "expert")
        ex_pattern = ex[1].result.evaluation.pattern if ex[1].result and ex[1].result.evaluation else ""
        for kinds, r, steps in games:
            res = r.result
            if kinds[seat] != "strong" or res is None:
                continue
            if patterns and not (res.winner == seat and res.evaluation is not None
                                 and res.evaluation.pattern in patterns and ex_pattern not in patterns):
                continue
            assert ex[1].result is not None
            for a, b in zip(ex[2][seat], steps[seat], strict=False):
                if a[0] != b[0]:
                    if a[2] == b[2]:
                        out.append((template(a[1]), a[0].type.value, b[0].type.value,
                                    ex[1].result.deltas[seat] - res.deltas[seat], a[1], a[2], str(b[0])))
                    break
            if patterns:
                break  # one strong game that won such a hand is enough to trace
    return out


def main() -> None:
    """Play the walls, then list or group the divergences."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--walls", type=int, default=600)
    ap.add_argument("--only", default="123", help="streaks L to play, e.g. 12 (default: all)")
    ap.add_argument("--pattern", default="", help="comma-separated win patterns strong won with (e.g. qike,qidui)")
    ap.add_argument("--workers", type=int, default=2)
    args = ap.parse_args()
    patterns = frozenset(p for p in args.pattern.split(",") if p)
    jobs = [(args.seed, w, args.only, patterns) for w in range(args.walls)]
    with get_context("fork").Pool(max(1, args.workers)) as pool:
        found = [p for part in pool.map(pairs_of_wall, jobs) for p in part]
    if patterns:
        for _tpl, mine, theirs, diff, reason, hand, other in found:
            print(f"{mine:>6} / {theirs:<6} {diff:+4d}  expert: {reason}  hand {hand}  strong: {other}")
        return
    groups: dict[tuple[str, str, str], list[int]] = defaultdict(list)
    for tpl, mine, theirs, diff, *_ in found:
        groups[(mine, theirs, tpl)].append(diff)
    for (mine, theirs, tpl), diffs in sorted(groups.items(), key=lambda kv: sum(kv[1])):
        n = len(diffs)
        mean = sum(diffs) / n
        se = (sum((x - mean) ** 2 for x in diffs) / max(1, n - 1)) ** 0.5 / n**0.5
        print(f"{sum(diffs):+7d}  n={n:4d}  {mean:+6.2f} ± {se:5.2f}  expert {mine} / strong {theirs}: {tpl}")


if __name__ == "__main__":
    main()
