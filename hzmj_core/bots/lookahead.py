"""The expert's sampled look-ahead (抽样推演): what the 复盘 review uses to value a player's choices.

:func:`compare` deals the tiles a seat has not seen at random, consistently with everything public
(:func:`.sampling.determinize`), plays each candidate forward on a real :class:`~hzmj_core.round.Round` with a
fast policy for every seat until the seat's own next decision (:func:`.sampling.fast_action`), and scores that
position by the engine's settlement or the expert's static value, on the same samples for every candidate. Its
work is a count of simulated actions, not a clock, so the same seed gives the same values on any machine.

The expert's own decisions do not use it (in duplicate arenas against strong it scored no more than the static
evaluation, at ten times the cost); they look ahead with the exact draw-ahead (:mod:`.draw_ahead`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ..actions import Action, ActionType
from ..rng import Rng
from ..round import Phase, Round
from ..view import SeatView
from .sampling import determinize, fast_action

if TYPE_CHECKING:
    from ..analysis import Analysis
    from .expert import ExpertBot

SAMPLES = 16
"""Most samples of the hidden tiles per comparison."""
WORK_BUDGET = 360
"""Simulated work per comparison: one unit per applied action, :data:`LEAF_COST` per position scored.

A rollout costs about 11 units and 1.1 ms of CPU time on CPython 3.11 (2-core Xeon VM), so 360 units keep a
comparison near 40 ms; in Pyodide the same count of units takes about twice as long. A count, not a clock:
the same seed gives the same values on any machine."""
LEAF_COST = 6
"""Work units of scoring one position."""
MAX_STEPS = 32
"""A rollout stops after this many actions even if the seat has not decided again."""


def leaf_value(bot: ExpertBot, r: Round, me: int) -> float:
    """Static value in points of a sampled position for ``me``: on its own turn the better of winning now and
    the discard the rollout policy would make (one shape evaluated, to stay cheap); else its hand."""
    an = bot.analysis(SeatView.of(r, me))
    if not (r.phase is Phase.ACT and r.current == me):
        return bot.points_of(an, an.counts, an.w, an.shape(an.counts, an.w))
    v = an.view
    best = float("-inf")
    if any(a.type is ActionType.WIN for a in v.legal):
        best = float(an.win_gain(bot.current_fan(an)))
    a = fast_action(r, me)
    if a.type is ActionType.DISCARD:
        c, w = an.without((a.tile,))
        value = bot.points_of(an, c, w, an.shape(c, w))
        if bot.live_threat(v):
            value -= bot.discard_risk(an, a.tile, value)
        best = max(best, value)
    return 0.0 if best == float("-inf") else best


def play_on(bot: ExpertBot, r: Round, me: int) -> tuple[float, int]:
    """Play a sampled round on until ``me`` decides on its own turn again; (points for me, work)."""
    steps = 0
    guard = r.phase is Phase.CLAIM and r.claim_from == me
    while True:
        if r.phase is Phase.END:
            assert r.result is not None
            return float(r.result.deltas[me]), steps
        seat = r.deciding_seats()[0]
        if (seat == me and r.phase is Phase.ACT) or steps >= MAX_STEPS:
            return leaf_value(bot, r, me), steps + LEAF_COST
        # Danger on our own discard is counted statically (uniform samples rarely make a hand ready).
        ron = not (guard and seat != me)
        r.apply(fast_action(r, seat, ron=ron))
        if guard and not (r.phase is Phase.CLAIM and r.claim_from == me):
            guard = False
        steps += 1


def sampled_means(bot: ExpertBot, view: SeatView, candidates: Sequence[Action]) -> tuple[list[float], int]:
    """Mean points of each candidate over the same samples of the hidden tiles, and the sample count (the
    samples drawn from ``bot``'s random stream)."""
    rng = Rng(bot.rng.next64())
    sums = [0.0] * len(candidates)
    n = 0
    work = 0
    me = view.seat
    while n < SAMPLES and work < WORK_BUDGET:
        base = determinize(view, rng)
        for i, a in enumerate(candidates):
            r = base.copy() if i + 1 < len(candidates) else base
            r.apply(a)
            value, w = play_on(bot, r, me)
            sums[i] += value
            work += w + 1
        n += 1
    return [s / n for s in sums], n


def adjusted(bot: ExpertBot, an: Analysis, action: Action, mean: float) -> float:
    """A candidate's sampled mean turned into its expected points: the danger of a discard into a live discard
    win and of feeding a third 摊 is counted statically (uniform samples rarely make a hand ready), and so is,
    when a win was on the table, the chance that another seat wins before our next draw."""
    v = an.view
    if action.type is not ActionType.DISCARD:
        return mean
    wild = an.wc.is_wild(action.tile)
    weight = bot.risk_weight(v)
    if v.phase is Phase.ACT and any(a.type is ActionType.WIN for a in v.legal):
        threats = bot.threats(an)
        p_other = min(0.95, sum(p for _, p in threats))
        risk = p_other if wild else min(0.95, p_other * 1.5)
        mean = (1 - risk) * mean - weight * sum(p * an.loss_if_wins(o, 1) for o, p in threats)
    if not wild and bot.live_threat(v):
        mean -= bot.discard_risk(an, action.tile, mean)
    return mean - bot.feed_penalty(an, action.tile)


def compare(bot: ExpertBot, view: SeatView, actions: Sequence[Action]) -> tuple[list[float], int]:
    """Expected points of each of ``actions`` (legal in ``view``) for ``bot``'s seat over the same samples, and
    the sample count: what the 复盘 review reports."""
    an = bot.analysis(view)
    means, n = sampled_means(bot, view, actions)
    return [adjusted(bot, an, a, m) for a, m in zip(actions, means, strict=True)], n


__all__ = ["LEAF_COST", "MAX_STEPS", "SAMPLES", "WORK_BUDGET", "adjusted", "compare", "leaf_value", "play_on",
           "sampled_means"]
