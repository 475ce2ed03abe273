"""The expert's 3老 defence counted by its events: 承包 liability, deal-ins and 财神 discards, and the decisions
where two settings of the expert part, valued by rollouts (a diagnosis tool: counts, not the total score).

Run: ``python benchmarks/defence_events.py --seed 40101 --walls 250 [--others normal] [--set liability=false
--set wild_defence=false] [--first NAME=VALUE] [--rollouts 20] [--json]``.

Every wall is dealt at dealer streak 3 (3老: discard wins 放铳 live, a dealer and a non-dealer may claim a third 摊
on each other, rules.md §5.5, §9, §10.3) as the arena deals it (:func:`hzmj_core.arena.deal_params`) and played four
times, the expert at each seat in turn against three ``--others`` (strong by default; ``arena --duplicate``). At
each of its decisions a second expert with the ``--set`` parameters (by default the defence switched off:
``liability=false``, ``wild_defence=false``) is shown the same view and decides too; where the two choose
differently the hand is also played to its end with the second expert in the seat (the same wall and bot seeds:
paired). Where they never differ, both games are the same move for move and are counted once for both.

Per 1000 3老 hands, for each expert: how often the seat fed a third 摊 (a seat ended the hand with three counted
claims on it) and how often that seat then won, how often and for how many points it paid as liable (三摊承包, T
each) or under 倒承包 (2T, after its own third claim), how often it dealt in (放铳) and for how much, and how often
it threw a 财神 while some seat could win on its discard; each difference with its standard error over the walls.

Each decision where the two differ is grouped (a seat could make a third 摊 on us; one of the two throws a 财神;
other) and, with ``--rollouts N``, valued by N deals of the hidden tiles (the others' hands shaped as near ready as
strong players', :func:`audit_decisions.shape_opponents`), each played to the end after the action by strong for
the seat and the ``--others`` kind for the rest: the second's action minus the first's, in points.

At every decision of the first expert where a third 摊 on it is possible, for every natural discard and every seat
that could make it, the model's chance of the claim (:meth:`ExpertBot.claim_chance` with ``feed_shape`` = 1) is
set against the truth of that game: whether the seat's hidden tiles could claim the tile, and whether its bot
would (a copy of the round with the discard applied). The ratios fit ``feed_shape`` (could) and ``feed_claim``
(would ÷ could).

``--fit-win`` instead plays the walls once with four ``--others`` (self-play at 3老) and fits
``feed_win_per_draw``: every counted third 摊 with the claimer's draws left (the wall ÷ 4) and whether it then won
the hand, the chance a draw by maximum likelihood.
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from audit_decisions import paired_rollouts  # noqa: E402

from hzmj_core.actions import Action, ActionType  # noqa: E402
from hzmj_core.arena import deal_params, play_hand, rotation_seed  # noqa: E402
from hzmj_core.bots import Bot, Decision, ExpertBot, make_bot  # noqa: E402
from hzmj_core.bots.expert_params import ExpertParams, ParamError  # noqa: E402
from hzmj_core.bots.heuristics import tan_cap  # noqa: E402
from hzmj_core.options import Options  # noqa: E402
from hzmj_core.rng import derive_seed  # noqa: E402
from hzmj_core.round import Phase, Round  # noqa: E402
from hzmj_core.scoring import PaymentReason  # noqa: E402
from hzmj_core.view import SeatView  # noqa: E402

TESTED = "tested"
EVENTS = ("points", "fed_third", "fed_won", "liable_paid", "liable_pts", "dao_paid", "dao_pts", "dealt_in",
          "deal_in_pts", "wild_thrown")
"""What is counted per hand for the seat under test (``*_pts``: points paid)."""


@dataclass(slots=True)
class Split:
    """A decision where the two experts chose differently: the view, the first's action, the second's, the group."""

    view: SeatView
    first: Action
    second: Action
    group: str


@dataclass(slots=True)
class WallRecord:
    """One wall's four seatings: the events summed per expert, the splits, and the decision-point counts."""

    wall: int
    first: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EVENTS, 0))
    second: dict[str, int] = field(default_factory=lambda: dict.fromkeys(EVENTS, 0))
    splits: list[Split] = field(default_factory=list)
    decisions: int = 0
    third_possible: int = 0
    third_fed_choice: int = 0
    calibration: list[tuple[float, bool, bool]] = field(default_factory=list)
    """Per (decision with a third 摊 possible, natural discard, seat that could make it): the model's chance of the
    claim with ``feed_shape`` = 1, whether the seat's hidden tiles could claim, whether its bot would."""


def third_tan_seats(view: SeatView) -> list[int]:
    """The seats that would make their third counted claim (摊) on the viewing seat with its next discard, their
    claims on it uncapped (the dealer and a non-dealer at 3老)."""
    me = view.seat
    if not view.options.three_tan_chengbao:
        return []
    return [o for o in range(4) if o != me and view.tan[o][me] == 2 and tan_cap(view, o, me) is None]


def _wild_thrown(bot: ExpertBot, view: SeatView, action: Action) -> bool:
    return (action.type is ActionType.DISCARD and view.wildcards.is_wild(action.tile) and bot.live_threat(view))


def hand_events(r: Round, me: int, wild_thrown: int) -> dict[str, int]:
    """The counted events of seat ``me`` in a finished hand."""
    res = r.result
    assert res is not None
    out = dict.fromkeys(EVENTS, 0)
    out["points"] = res.deltas[me]
    out["fed_third"] = int(any(r.tan[o][me] >= 3 for o in range(4) if o != me))
    out["fed_won"] = int(res.winner is not None and res.winner != me and r.tan[res.winner][me] >= 3)
    out["wild_thrown"] = wild_thrown
    if res.settlement is not None:
        for p in res.settlement.payments:
            if p.payer != me:
                continue
            if p.reason is PaymentReason.CHENGBAO:
                out["liable_paid"] += 1
                out["liable_pts"] += p.amount
            elif p.reason is PaymentReason.DAO_CHENGBAO:
                out["dao_paid"] += 1
                out["dao_pts"] += p.amount
            elif p.reason is PaymentReason.DISCARDER:
                out["dealt_in"] += 1
                out["deal_in_pts"] += p.amount
    return out


def play_wall(seed: int, wall: int, first: ExpertParams, second: ExpertParams, others: str = "strong") -> WallRecord:
    """The four seatings of one 3老 wall with the first expert against three ``others``, shadowed by the second;
    a seating where they part is played again with the second."""
    rec = WallRecord(wall)
    for me in range(4):
        play_seating(seed, me, first, second, rec, others)
    return rec


def would_claim(r: Round, bots: Sequence[Bot], me: int, tile: int, seat: int) -> tuple[bool, bool]:
    """Whether ``seat``'s concealed tiles could claim a discard of ``tile`` by ``me`` now (a chow, pong or 直杠,
    not a win), and whether its bot would then claim it (a copy of the round, the discard applied)."""
    r2 = r.copy()
    r2.apply(next(a for a in r2.legal_actions(me) if a.type is ActionType.DISCARD and a.tile == tile))
    if seat not in r2.deciding_seats():
        return False, False
    view = SeatView.of(r2, seat, (r2.options.start_points,) * 4)
    claims = (ActionType.CHOW, ActionType.PONG, ActionType.EXPOSED_KONG)
    if not any(a.type in claims for a in view.legal):
        return False, False
    return True, bots[seat].decide(view).action.type in claims


def play_seating(seed: int, me: int, first: ExpertParams, second: ExpertParams, rec: WallRecord,
                 others: str = "strong") -> None:
    """One seating of ``rec``'s wall, the expert at seat ``me`` (seating ``me`` of ``arena --duplicate``, the bots
    seeded as :func:`hzmj_core.arena.play_hand` seeds them): its events added to ``rec`` for both experts, its
    splits appended, and at each decision where a third 摊 on it is possible, for every natural discard and every
    seat that could make it, the model's chance of the claim against what that seat's hidden tiles and bot do."""
    options = Options()
    wall_seed, dealer, lao = deal_params(seed, rec.wall, 3)
    bot_seed = rotation_seed(seed, rec.wall, me)
    expert = ExpertBot(derive_seed(bot_seed, me), first)
    shadow = ExpertBot(derive_seed(bot_seed, me), second)
    unit = ExpertBot(0, replace(first, feed_shape=1.0))
    bots: list[Bot] = [expert if s == me else make_bot(others, derive_seed(bot_seed, s)) for s in range(4)]
    r = Round.deal(options, dealer=dealer, streak=lao, seed=wall_seed)
    wild = 0
    split = False
    while not r.is_over:
        seat = r.deciding_seats()[0]
        view = SeatView.of(r, seat, (options.start_points,) * 4)
        a = bots[seat].decide(view).action
        if seat == me:
            other = shadow.decide(view).action
            rec.decisions += 1
            feeders = third_tan_seats(view) if view.phase is Phase.ACT else []
            if feeders:
                rec.third_possible += 1
                an = expert.analysis(view)
                if a.type is ActionType.DISCARD and expert.feed_costs(an, a.tile):
                    rec.third_fed_choice += 1
                for t in sorted({x.tile for x in view.legal if x.type is ActionType.DISCARD}):
                    if an.wc.is_wild(t):
                        continue
                    for o in feeders:
                        holds, claims = would_claim(r, bots, me, t, o)
                        rec.calibration.append((unit.claim_chance(an, o, an.wc.face(t)), holds, claims))
            if _wild_thrown(expert, view, a):
                wild += 1
            if other != a:
                split = True
                wilds = view.wildcards.is_wild
                group = ("third 摊 possible" if feeders
                         else "财神 thrown" if any(x.type is ActionType.DISCARD and wilds(x.tile) for x in (a, other))
                         else "other")
                rec.splits.append(Split(view, a, other, group))
        r.apply(a)
    ev = hand_events(r, me, wild)
    _add(rec.first, ev)
    if not split:
        _add(rec.second, ev)
        return
    kinds = [others] * 4
    kinds[me] = TESTED
    second_bot: list[ExpertBot] = []

    def make2(kind: str, s: int) -> Bot:
        if kind != TESTED:
            return make_bot(kind, s)
        second_bot.append(ExpertBot(s, second))
        return second_bot[0]

    def observe2(view: SeatView, decision: Decision) -> None:
        nonlocal wild
        if view.seat == me and _wild_thrown(second_bot[0], view, decision.action):
            wild += 1

    wild = 0
    r2, _ = play_hand(options, wall_seed, dealer, lao, kinds, bot_seed, observe2, make2)
    _add(rec.second, hand_events(r2, me, wild))


def _add(total: dict[str, int], ev: dict[str, int]) -> None:
    for k, x in ev.items():
        total[k] += x


def summary(records: Sequence[WallRecord]) -> dict[str, dict[str, float]]:
    """Per event: both experts' totals per 1000 hands and the paired difference (second − first) per 1000
    hands with its standard error over the walls."""
    n = len(records)
    hands = 4 * n
    out: dict[str, dict[str, float]] = {}
    for k in EVENTS:
        d = [(r.second[k] - r.first[k]) for r in records]
        mean = sum(d) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        scale = 1000.0 / 4  # a wall is four hands
        out[k] = {"first": sum(r.first[k] for r in records) * 1000.0 / hands,
                  "second": sum(r.second[k] for r in records) * 1000.0 / hands,
                  "diff": mean * scale, "se": sd / math.sqrt(n) * scale if n else 0.0}
    return out


def value_split(split: Split, rollouts: int, others: str) -> tuple[float, float]:
    """Mean and standard error of (the second's action − the first's) in points for the seat, over ``rollouts``
    deals of the hidden tiles (the others' hands shaped as near ready as strong players',
    :func:`audit_decisions.paired_rollouts`), each played to the end after the action by strong for the seat and
    ``others`` for the other seats (as :func:`audit_decisions.evaluate` does with strong everywhere)."""
    me = split.view.seat
    return paired_rollouts(split.view, split.first, split.second, rollouts, True,
                           lambda k: [make_bot("strong" if s == me else others, derive_seed(999, k, s))
                                      for s in range(4)])


def third_claim_wins(seed: int, walls: int, kind: str) -> list[tuple[int, bool]]:
    """Self-play of four ``kind`` bots on 3老 walls: per counted third 摊 (uncapped), the tiles left in the wall when
    it was claimed and whether the claimer won the hand."""
    claims = (ActionType.CHOW, ActionType.PONG, ActionType.EXPOSED_KONG)
    out: list[tuple[int, bool]] = []
    got: list[tuple[int, int, int]] = []

    def observe(view: SeatView, decision: Decision) -> None:
        src = view.claim_from
        if (decision.action.type in claims and src is not None and view.tan[view.seat][src] == 2
                and tan_cap(view, view.seat, src) is None):
            got.append((view.seat, src, view.remaining))

    for w in range(walls):
        wall_seed, dealer, lao = deal_params(seed, w, 3)
        got.clear()
        r, _ = play_hand(Options(), wall_seed, dealer, lao, [kind] * 4, rotation_seed(seed, w, 0), observe)
        assert r.result is not None
        out.extend((left, r.result.winner == a) for a, b, left in got if r.tan[a][b] >= 3)
    return out


def fit_win_per_draw(events: Sequence[tuple[int, bool]]) -> float | None:
    """The chance a draw q that makes ``1 - (1 - q) ** (left / 4)`` most likely for the events (to 0.001)."""
    def loglik(q: float) -> float:
        return sum(math.log(1.0 - (1.0 - q) ** (left / 4)) if won else left / 4 * math.log(1.0 - q)
                   for left, won in events)

    if not events or all(won for _, won in events):
        return None
    return max((i / 1000 for i in range(1, 1000)), key=loglik)


BINS = (0.0, 0.05, 0.1, 0.2, 0.4, 1.01)
"""Bins of the model's chance of a claim (``feed_shape`` = 1) in the calibration table."""


def calibration(records: Sequence[WallRecord]) -> dict[str, object]:
    """The model's chance of a third-摊 claim against the truth, by bins of the chance: how often the seat's hidden
    tiles could claim and how often its bot would; the factor on the model that each would fit (truth ÷ model)."""
    rows = [c for r in records for c in r.calibration]
    bins = []
    for lo, hi in itertools.pairwise(BINS):
        sel = [c for c in rows if lo <= c[0] < hi]
        if sel:
            bins.append({"from": lo, "to": min(hi, 1.0), "n": len(sel), "model": sum(c[0] for c in sel) / len(sel),
                         "holds": sum(c[1] for c in sel) / len(sel), "claims": sum(c[2] for c in sel) / len(sel)})
    model = sum(c[0] for c in rows)
    return {"n": len(rows), "bins": bins,
            "fit_holds": sum(c[1] for c in rows) / model if model else None,
            "fit_claims": sum(c[2] for c in rows) / model if model else None}


def main(argv: Sequence[str] | None = None) -> int:
    """Play the walls, count the events, value the splits and print the report."""
    ap = argparse.ArgumentParser(description=(__doc__ or "").split("\n\n")[0])
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--walls", type=int, default=100, help="3老 walls, each played 4 times (default 100)")
    ap.add_argument("--first", dest="first", action="append", default=[], metavar="NAME=VALUE",
                    help="a parameter of the first expert (default: the expert as it ships)")
    ap.add_argument("--set", dest="settings", action="append", default=None, metavar="NAME=VALUE",
                    help="a parameter of the second expert (default: liability=false, wild_defence=false)")
    ap.add_argument("--others", default="strong", help="the bot kind of the three other seats (default strong)")
    ap.add_argument("--rollouts", type=int, default=0, help="rollouts a split decision (0: not valued)")
    ap.add_argument("--fit-win", action="store_true",
                    help="self-play of four --others: fit the chance a draw that a third-摊 claimer wins")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    if args.walls < 1 or args.rollouts < 0 or args.rollouts == 1:
        ap.error("--walls must be at least 1 and --rollouts 0 or at least 2")
    try:
        first = ExpertParams().with_settings(args.first)
        second = ExpertParams().with_settings(
            ["liability=false", "wild_defence=false"] if args.settings is None else args.settings)
    except ParamError as err:
        ap.error(str(err))
    t0 = time.perf_counter()
    if args.fit_win:
        claims = third_claim_wins(args.seed, args.walls, args.others)
        fit = {"seed": args.seed, "walls": args.walls, "others": args.others, "third_claims": len(claims),
               "claimer_won": sum(won for _, won in claims),
               "mean_left": sum(left for left, _ in claims) / len(claims) if claims else None,
               "win_per_draw": fit_win_per_draw(claims), "seconds": round(time.perf_counter() - t0, 1)}
        print(json.dumps(fit) if args.json else
              f"{args.others} self-play at 3老, seed {args.seed}, {args.walls} hands: {fit['third_claims']} third 摊, "
              f"the claimer won {fit['claimer_won']}; wall left at the claim {fit['mean_left']}; chance a draw "
              f"{fit['win_per_draw']} (feed_win_per_draw is {first.feed_win_per_draw})")
        return 0
    records = [play_wall(args.seed, w, first, second, args.others) for w in range(args.walls)]
    played = time.perf_counter() - t0
    splits = [s for r in records for s in r.splits]
    groups: dict[str, list[tuple[float, float]]] = defaultdict(list)
    if args.rollouts:
        for s in splits:
            mean, se = value_split(s, args.rollouts, args.others)
            groups[s.group].append((mean, se))
            groups["all"].append((mean, se))
    valued = {g: {"splits": len(xs), "diff": sum(m for m, _ in xs) / len(xs),
                  "se": math.sqrt(sum(e * e for _, e in xs)) / len(xs)} for g, xs in sorted(groups.items())}
    events = summary(records)
    split_list = [{"wall": r.wall, "seat": s.view.seat, "remaining": s.view.remaining, "group": s.group,
                   "first": str(s.first), "second": str(s.second)} for r in records for s in r.splits]
    report = {
        "seed": args.seed, "walls": args.walls, "hands": 4 * args.walls,
        "first": first.changes(), "second": second.changes(),
        "events_per_1000": events,
        "decisions": sum(r.decisions for r in records),
        "third_possible": sum(r.third_possible for r in records),
        "third_fed_choice": sum(r.third_fed_choice for r in records),
        "splits": len(splits), "split_hands": sum(len({s.view.seat for s in r.splits}) for r in records),
        "split_groups": {g: sum(1 for s in splits if s.group == g) for g in sorted({s.group for s in splits})},
        "split_list": split_list,
        "calibration": calibration(records), "others": args.others,
        "valued": valued, "seconds_play": round(played, 1), "seconds": round(time.perf_counter() - t0, 1),
    }
    if args.json:
        print(json.dumps(report, ensure_ascii=False))
        return 0
    name = ", ".join(f"{k}={v}" for k, v in second.changes().items()) or "the same expert"
    print(f"3老 defence events, seed {args.seed}, {args.walls} walls × 4 seatings against three {args.others}: "
          f"the expert"
          f"{' with ' + str(first.changes()) if first.changes() else ''} and a second expert ({name}) "
          f"({report['seconds']} s)")
    print(f"  {'per 1000 hands':<14} {'first':>9} {'second':>9} {'second − first':>22}")
    for k, e in events.items():
        if k == "points":
            print(f"  {'points a hand':<14} {e['first'] / 1000:>+9.3f} {e['second'] / 1000:>+9.3f} "
                  f"{e['diff'] / 1000:>+12.4f} ± {e['se'] / 1000:.4f}")
            continue
        print(f"  {k:<14} {e['first']:>9.1f} {e['second']:>9.1f} {e['diff']:>+12.1f} ± {e['se']:.1f}")
    print(f"  the first's decisions {report['decisions']}; with a third 摊 on it possible "
          f"{report['third_possible']}, of which it threw a claimable tile {report['third_fed_choice']}")
    print(f"  decisions where the two differ: {report['splits']} {report['split_groups']}")
    for row in split_list:
        print(f"    wall {row['wall']} seat {row['seat']} wall left {row['remaining']}: {row['first']} / "
              f"{row['second']} ({row['group']})")
    for g, x in valued.items():
        print(f"  rollouts ({args.rollouts} a split), the second's action − the first's: {g:<18} "
              f"{x['splits']:>3}  {x['diff']:+.3f} ± {x['se']:.3f}")
    cal = report["calibration"]
    assert isinstance(cal, dict)
    print(f"  a third 摊 claim, the model's chance (feed_shape = 1) against the truth, {cal['n']} (discard, seat):")
    for b in cal["bins"]:
        print(f"    model {b['from']:.2f}-{b['to']:.2f}: {b['n']:>5}  model {b['model']:.3f}  hidden tiles could claim "
              f"{b['holds']:.3f}  the bot would {b['claims']:.3f}")
    if cal["fit_holds"] is not None:
        print(f"    truth ÷ model: could claim {cal['fit_holds']:.2f}, would claim {cal['fit_claims']:.2f} "
              f"(feed_shape is {first.feed_shape})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
