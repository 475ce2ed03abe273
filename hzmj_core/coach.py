"""The coach (教练): the one judge of a seat's decision, from that seat's own view.

Every piece of advice the game gives comes from here, called the same way: the hint's suggestion in play
(:mod:`hzmj_core.hints`), the 复盘 review's choice and values (:mod:`hzmj_core.review`), the exam's 何切 answer and
its explanation (:mod:`hzmj_core.exam.kinds.hecut`) and the tutorial's 何切 exercises (which are the exam's).

* :func:`suggest`: the expert's decision (:class:`~hzmj_core.bots.expert.ExpertBot`) in a :class:`SeatView`. It
  reads nothing but the view and draws nothing at random, so the same position gets the same suggestion whoever
  asks: a player who plays every suggestion is told by the review that each of its choices was the expert's.
* :func:`judge`: that decision and the expected points of it and of other legal actions. A decision with a win on
  the table is valued by the expert's own comparison of winning now with going on (exact: no samples). Any other is
  valued by the sampled look-ahead (:mod:`hzmj_core.bots.lookahead`): :data:`SAMPLES` deals of the tiles the seat
  has not seen, the same deals for every action, each played on by the engine's rules until the seat's next
  decision. The deals are drawn from a seed that is a digest of the position itself (:func:`sample_seed`), so an
  action's value does not depend on who asks or which other actions are compared.
* The noise: an action's *loss* is the choice's value less its own, a mean over the samples of the paired
  difference. Its standard error is the samples' standard deviation of that difference over the square root of
  their count (:attr:`Judgement.noise`); a loss counts as a mistake only above :data:`NOISE_FACTOR` standard errors,
  and never at or below :data:`MIN_LOSS` points (:meth:`Judgement.mistake`). Within that bar the two choices are as
  good as each other as far as the samples can tell.
"""

from __future__ import annotations

import hashlib
import json
import math
from collections.abc import Sequence
from dataclasses import dataclass, field

from .actions import Action
from .bots.base import Decision
from .bots.expert import ExpertBot
from .bots.lookahead import adjusted, play_on
from .bots.sampling import determinize
from .reasons import Reason
from .rng import Rng, derive_seed
from .view import SeatView

SAMPLES = 16
"""Deals of the hidden tiles per judgement (the same for every action judged)."""
NOISE_FACTOR = 2.0
"""A loss is a mistake only above this many standard errors of its paired difference (about 95% one-sided
confidence for a normal mean; with 16 samples Student's t at 95% is 1.75, at 97.5% 2.13)."""
MIN_LOSS = 0.05
"""A loss is a mistake only above this many points, whatever the noise (so no mistake shows 0.0 points)."""


_RULE_KEYS = frozenset({"options", "legal_actions", "freeze", "discard_wins_live", "may_win", "final", "chow_ban",
                        "passed_win", "passed_pong", "event_count", "result", "next_deal"})
"""What :func:`sample_seed` leaves out of the view: what follows from the rules rather than the tiles on the table."""


def sample_seed(view: SeatView, salt: int = 0) -> int:
    """The seed of a position's samples: a digest of the tiles and table the seat sees (its
    :meth:`SeatView.to_json` without what the rule options decide, so the same tiles under other rules are judged
    on the same deals), mixed with ``salt`` (0 for the hint, the exam and the page's review)."""
    seen = {k: v for k, v in view.to_json().items() if k not in _RULE_KEYS}
    text = json.dumps(seen, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    digest = int.from_bytes(hashlib.sha256(text.encode("ascii")).digest()[:8], "big")
    return derive_seed(digest, salt)


def expert() -> ExpertBot:
    """The expert the coach asks (its decisions use no random draws: the seed does not matter)."""
    return ExpertBot(0)


def suggest(view: SeatView) -> Decision:
    """The coach's choice in ``view`` and its grounds: what the hint suggests and the review compares with."""
    return expert().decide(view)


@dataclass(frozen=True, slots=True)
class Judgement:
    """The coach's judgement of a position: its choice and the expected points of the actions compared."""

    choice: Action
    why: tuple[Reason, ...]
    """The expert's grounds for its choice (as the hint gives them)."""
    values: dict[Action, float]
    """Expected points of the choice and of each action judged."""
    samples: int
    """Deals the values are means over (0 when exact: a win decision)."""
    noise: dict[Action, float] = field(default_factory=dict)
    """Per action judged: the standard error of its paired difference with the choice (0 when exact)."""

    def value(self, action: Action) -> float:
        """Expected points of ``action`` (one of those judged)."""
        return self.values[action]

    def loss(self, action: Action) -> float:
        """Expected points ``action`` gives away against the choice (negative when the samples rate it higher)."""
        return 0.0 if action == self.choice else self.values[self.choice] - self.values[action]

    def bar(self, action: Action) -> float:
        """The loss ``action`` must exceed to be a mistake: :data:`NOISE_FACTOR` standard errors of its paired
        difference, and :data:`MIN_LOSS` at least."""
        return max(NOISE_FACTOR * self.noise.get(action, 0.0), MIN_LOSS)

    def mistake(self, action: Action) -> bool:
        """True when ``action`` is not the choice and gives away more than the noise allows (:meth:`bar`)."""
        return action != self.choice and self.loss(action) > self.bar(action)


def judge(view: SeatView, actions: Sequence[Action] = (), salt: int = 0) -> Judgement:
    """The coach's choice in ``view`` and the expected points of it and of ``actions`` (each legal there), on the
    same samples (see the module docstring); ``salt`` changes the samples (0: the hint's, the exam's, the page's)."""
    bot = expert()
    d = bot.decide(view)
    wanted = [d.action] + [a for a in dict.fromkeys(actions) if a != d.action]
    exact = bot.last_values
    if all(a in exact for a in wanted):
        return Judgement(d.action, d.why, {a: exact[a] for a in wanted}, 0, {a: 0.0 for a in wanted})
    per = sampled(bot, view, wanted, salt)
    n = len(per[0])
    values = {a: sum(xs) / n for a, xs in zip(wanted, per, strict=True)}
    noise = {d.action: 0.0}
    for a, xs in zip(wanted[1:], per[1:], strict=True):
        noise[a] = standard_error([c - x for c, x in zip(per[0], xs, strict=True)])
    return Judgement(d.action, d.why, values, n, noise)


def sampled(bot: ExpertBot, view: SeatView, actions: Sequence[Action], salt: int = 0) -> list[list[float]]:
    """Per action, its expected points in each of :data:`SAMPLES` deals drawn from :func:`sample_seed` (each
    deal's value adjusted as :func:`.lookahead.adjusted` adjusts a mean: by a linear map, so the mean of the
    adjusted values is the adjusted mean)."""
    an = bot.analysis(view)
    rng = Rng(sample_seed(view, salt))
    out: list[list[float]] = [[] for _ in actions]
    me = view.seat
    for _ in range(SAMPLES):
        base = determinize(view, rng)
        for i, a in enumerate(actions):
            r = base.copy() if i + 1 < len(actions) else base
            r.apply(a)
            value, _work = play_on(bot, r, me)
            out[i].append(adjusted(bot, an, a, value))
    return out


def standard_error(diffs: Sequence[float]) -> float:
    """The standard error of the mean of ``diffs`` (sample standard deviation over the square root of the count;
    0 for fewer than two)."""
    n = len(diffs)
    if n < 2:
        return 0.0
    mean = sum(diffs) / n
    var = sum((x - mean) ** 2 for x in diffs) / (n - 1)
    return math.sqrt(var / n)


__all__ = ["MIN_LOSS", "NOISE_FACTOR", "SAMPLES", "Judgement", "expert", "judge", "sample_seed", "sampled",
           "standard_error", "suggest"]
