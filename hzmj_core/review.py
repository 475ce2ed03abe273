"""复盘 review: one seat's decisions in a logged game, each compared with the expert bot's choice.

For every decision of the seat that had a choice (more than one legal action), :class:`Review` replays the log
to that point and asks the coach (:func:`hzmj_core.coach.judge`, the expert deciding from that seat's view only:
the same judge the hint's suggestion comes from) what it would do, and the expected points of the action taken
and of the coach's choice, measured on the same samples of the hidden tiles. A choice that differs is a *mistake*
only when its loss is above the samples' noise (:meth:`hzmj_core.coach.Judgement.mistake`: twice the standard
error of the paired difference, and more than 0.05 points); within it the review says the two choices are as good
as each other. The mistakes are shown to study (:data:`SHOWN` of them, or every costly one when there are more),
with the reason in words for players (zh/en). A mistake is *costly* when it gives away at least a share
(:data:`COSTLY_SHARE`) of the hand's stakes: what a plain self-draw would win the seat in that hand, at its base
score and dealer streak (:func:`stakes`). At base score 1 a non-dealer's threshold is 0.5 points at 平庄 and 1.25
points at 3老.

A player who played every one of the hint's suggestions agrees with the review on every decision: both are
:func:`hzmj_core.coach.suggest` of the same view.

The work is done in small steps (:meth:`Review.step`) so a page can show a progress bar; :func:`review` does it
all at once. The same log, seat and seed give the same review.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .actions import CLAIM_TYPES, Action, ActionType
from .bots.expert import ExpertBot
from .coach import MIN_LOSS, NOISE_FACTOR, judge
from .glossary import GLOSSARY, gloss
from .log import LogError, replay
from .reasons import Reason, tile_names, without_figures, words
from .rng import derive_seed
from .round import Round
from .scoring import shares
from .view import SeatView

COSTLY_SHARE = 0.125
"""A decision is costly when it gives away at least this share of the hand's :func:`stakes`."""
SHOWN = 3
"""How many of the costliest differing decisions a review shows to study, costly or not."""
WORST = 5
"""How many decisions a review shows at most (every costly one up to this many)."""


POSITION_KEYS = ("seat", "dealer", "streak", "wall_remaining", "wildcard", "hand", "drawn", "claim", "tan",
                 "last_discard", "discard_wins_live", "freeze")
"""What a flagged decision's ``position`` keeps of the seat's view (:meth:`SeatView.to_json`), enough to draw it."""


class ReviewError(ValueError):
    """Bad review input (not a log, a seat outside 0-3); the message names the problem.

    For a log that cannot be replayed, ``reason`` is its problem as a :class:`~hzmj_core.reasons.Reason` (the
    page words it in the player's language); ``None`` for a seat or hand no page asks for.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


def action_words(action: Action, claim_tile: int | None, wild_kind: int | None = None) -> tuple[str, str]:
    """An action in words for players (the advice of :data:`~hzmj_core.actions.ACTION_WORDS`): ("打五筒",
    "discard the 5 of Dots"), ("碰东", "pong the East wind"); a discarded tile of ``wild_kind`` is named as the 财神
    it is (glossed in English: "discard the Caishen (财神, the wildcard)")."""
    zh, en = action.type.words.advice
    if action.type in (ActionType.WIN, ActionType.PASS):
        return zh, en.lower()
    if action.type is ActionType.DISCARD and action.tile == wild_kind:
        names = ("财神", "财神")
    else:
        tile = claim_tile if claim_tile is not None and action.type in CLAIM_TYPES else action.tiles[0]
        names = tile_names(tile)
    return zh.format(tile=names[0]), gloss((en[0].lower() + en[1:]).format(tile=names[1]))


@dataclass(frozen=True, slots=True)
class ReviewItem:
    """One reviewed decision."""

    hand: int
    """Hand number in the log (0-based)."""
    step: int
    """Index of the action in the hand."""
    remaining: int
    taken: Action
    choice: Action
    taken_value: float
    choice_value: float
    samples: int
    """Samples the values are means over (0: exact, a win decision valued by the expert's own comparison)."""
    why: tuple[Reason, ...]
    """The expert's grounds for its choice, without its own expected points (the item has both values)."""
    words_taken: tuple[str, str]
    words_choice: tuple[str, str]
    costly_points: float = 1.0
    """The hand's threshold for a costly decision (:func:`costly_points`)."""
    bar: float = 0.0
    """The loss above which the choice is a mistake: the samples' noise (:meth:`hzmj_core.coach.Judgement.bar`)."""

    @property
    def reason_zh(self) -> str:
        """The expert's grounds in Chinese, seats named from the reviewed seat."""
        return words(self.why, "zh", self.taken.seat)

    @property
    def reason_en(self) -> str:
        """The expert's grounds in English, seats named from the reviewed seat."""
        return words(self.why, "en", self.taken.seat)

    @property
    def loss(self) -> float:
        """Expected points given away by the action taken (0 when it is the expert's choice)."""
        return 0.0 if self.taken == self.choice else max(0.0, self.choice_value - self.taken_value)

    @property
    def differs(self) -> bool:
        """True when the seat did not do what the expert would have done."""
        return self.taken != self.choice

    @property
    def mistake(self) -> bool:
        """True when the seat's choice differs from the expert's and gives away more than the noise (:attr:`bar`)."""
        return self.differs and self.loss > self.bar

    @property
    def even(self) -> bool:
        """True when the seat's choice differs from the expert's but is as good within the noise."""
        return self.differs and not self.mistake

    @property
    def costly(self) -> bool:
        """True when a mistake's loss reaches the hand's threshold (:attr:`costly_points`)."""
        return self.mistake and self.loss >= self.costly_points

    def text(self) -> tuple[str, str]:
        """What happened and what the expert would have done, in words (zh, en)."""
        tz, te = self.words_taken
        cz, ce = self.words_choice
        head_zh = f"第 {self.hand + 1} 局第 {self.step + 1} 步（墙余 {self.remaining} 张）"
        head_en = f"hand {self.hand + 1}, move {self.step + 1} ({self.remaining} tiles left)"
        if self.taken == self.choice:
            return (f"{head_zh}：{tz}，与大师相同（期望 {self.taken_value:+.1f} 分）",
                    f"{head_en}: {te}, as the expert would, for {self.taken_value:+.1f} points expected")
        if self.even:
            zh_why, en_why = ((f"相差在 {self.samples} 次抽样的误差之内", f"the difference is within the noise of "
                               f"{self.samples} samples") if self.samples else ("相差不到 0.1 分", "they differ by "
                                                                                "less than 0.1 points"))
            return (f"{head_zh}：{tz}（期望 {self.taken_value:+.1f} 分）；大师会{cz}（{self.choice_value:+.1f} 分）。"
                    f"两者一样好：{zh_why}",
                    gloss(f"{head_en}: {_plain(te)}, for {self.taken_value:+.1f} points expected; the expert would "
                          f"{_plain(ce)}, for {self.choice_value:+.1f}. Both are as good: {en_why}"))
        raw_reason = "; ".join(r.text("en", self.taken.seat, glossed=False) for r in self.why)
        return (f"{head_zh}：{tz}（期望 {self.taken_value:+.1f} 分）；大师会{cz}（{self.choice_value:+.1f} 分），"
                f"差 {self.loss:.1f} 分。大师的理由：{self.reason_zh}",
                gloss(f"{head_en}: {_plain(te)}, for {self.taken_value:+.1f} points expected; the expert would "
                      f"{_plain(ce)}, for {self.choice_value:+.1f}, {self.loss:.1f} points better. The expert's "
                      f"reason: {raw_reason}"))

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form."""
        zh, en = self.text()
        return {"hand": self.hand, "step": self.step, "remaining": self.remaining,
                "taken": self.taken.to_json(), "choice": self.choice.to_json(),
                "taken_words": {"zh": self.words_taken[0], "en": self.words_taken[1]},
                "choice_words": {"zh": self.words_choice[0], "en": self.words_choice[1]},
                "taken_value": round(self.taken_value, 2), "choice_value": round(self.choice_value, 2),
                "loss": round(self.loss, 2), "costly": self.costly, "costly_points": round(self.costly_points, 2),
                "mistake": self.mistake, "even": self.even, "noise_bar": round(self.bar, 2),
                "samples": self.samples,
                "why": [r.to_json() for r in self.why],
                "reason_zh": self.reason_zh, "reason_en": self.reason_en, "text_zh": zh, "text_en": en}


def stakes(r: Round, seat: int) -> int:
    """The stakes of the hand for ``seat``: the points a plain self-draw (no fan) would win it, at the hand's base
    score 底分 and dealer streak 老庄 (each payment with the dealer doubled per streak, rules.md §10)."""
    return sum(shares(seat, 0, r.dealer, r.streak, r.options.base_score))


def costly_points(r: Round, seat: int) -> float:
    """A decision of ``seat`` in hand ``r`` is costly from this many expected points given away:
    :data:`COSTLY_SHARE` of its :func:`stakes`."""
    return COSTLY_SHARE * stakes(r, seat)


def _plain(text: str) -> str:
    """English words back to their Chinese terms, so a sentence glosses each term once."""
    for term, (pinyin, meaning) in GLOSSARY.items():
        text = text.replace(f"{pinyin} ({term}, {meaning})", term)
    return text


def expert_for(seed: int, hand: int, step: int, seat: int) -> ExpertBot:
    """The expert a review with ``seed`` asks about action ``step`` of hand ``hand`` (the coach's: its decisions
    draw nothing at random, so every one decides alike; the samples come from the position, :mod:`.coach`)."""
    return ExpertBot(derive_seed(seed, hand, step, seat))


def position(r: Round, seat: int, points: tuple[int, int, int, int] | None = None) -> dict[str, Any]:
    """The seat's view of ``r`` cut to what a page needs to draw the position (:data:`POSITION_KEYS`, and each
    player's melds, discards and whether it is the dealer)."""
    full = SeatView.of(r, seat, points).to_json()
    out = {k: full[k] for k in POSITION_KEYS}
    out["players"] = [{k: p[k] for k in ("seat", "is_dealer", "hand_count", "melds", "discards", "points")}
                      for p in full["players"]]
    return out


class Review:
    """An incremental review of one seat of a hand or match log (see the module docstring); ``hand`` limits
    it to one hand of a match log (0-based)."""

    def __init__(self, data: Any, seat: int, seed: int = 0, hand: int | None = None) -> None:
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat <= 3:
            raise ReviewError(f"seat must be 0-3, got {seat!r}")
        try:
            report = replay(data)
        except LogError as exc:
            raise ReviewError(str(exc), exc.reason) from None
        n = len(report.rounds)
        if hand is not None and (isinstance(hand, bool) or not isinstance(hand, int) or not 0 <= hand < n):
            raise ReviewError(f"hand must be 0-{n - 1} (the log has {n} hand(s)), got {hand!r}"
                              if n else "the log has no hands")
        self.seat = seat
        self.hand = hand
        self.seed = seed
        self.rounds = report.rounds
        hands = data["hands"] if report.kind == "match" else [data]
        self.points: list[tuple[int, int, int, int] | None] = []
        for h in hands[:len(self.rounds)]:
            p = h.get("points") if isinstance(h, dict) else None
            ok = isinstance(p, list) and len(p) == 4 and all(isinstance(x, int) for x in p)
            self.points.append((p[0], p[1], p[2], p[3]) if ok and p is not None else None)
        self.todo = [(i, k) for i, r in enumerate(self.rounds) for k, a in enumerate(r.actions)
                     if a.seat == seat and hand in (None, i)]
        self.items: list[ReviewItem] = []
        self._done = 0
        self._cursor: tuple[int, Round] | None = None

    @property
    def total(self) -> int:
        """Decisions of the seat in the log (forced ones included; they are skipped quickly)."""
        return len(self.todo)

    @property
    def done(self) -> int:
        """Decisions looked at so far."""
        return self._done

    @property
    def finished(self) -> bool:
        """True once every decision has been looked at."""
        return self._done >= len(self.todo)

    def _round_at(self, hand: int, step: int) -> Round:
        cur = self._cursor
        if cur is None or cur[0] != hand or len(cur[1].actions) > step:
            src = self.rounds[hand]
            cur = (hand, src.replayed(0))
        r = cur[1]
        src_actions = self.rounds[hand].actions
        while len(r.actions) < step:
            r.apply(src_actions[len(r.actions)])
        self._cursor = cur
        return r

    def step(self, count: int = 1) -> int:
        """Look at up to ``count`` more decisions; returns how many are done in all."""
        end = min(len(self.todo), self._done + max(1, count))
        while self._done < end:
            hand, step = self.todo[self._done]
            self._done += 1
            r = self._round_at(hand, step)
            view = SeatView.of(r, self.seat, self.points[hand])
            if len(view.legal) <= 1:
                continue
            taken = self.rounds[hand].actions[step]
            j = judge(view, [taken], self.seed)
            tv, cv = j.value(taken), j.value(j.choice)
            tile = view.claim_tile
            wk = view.wildcards.wild_kind
            self.items.append(ReviewItem(hand, step, view.remaining, taken, j.choice, tv, cv,
                                         j.samples, without_figures(j.why),
                                         action_words(taken, tile, wk), action_words(j.choice, tile, wk),
                                         costly_points(r, self.seat), j.bar(taken)))
        return self._done

    def shown(self) -> list[ReviewItem]:
        """The decisions to study, costliest first: of the mistakes (choices that differed from the expert's by more
        than the noise), the :data:`SHOWN` costliest, and every costly one up to :data:`WORST`."""
        differ = sorted((it for it in self.items if it.mistake), key=lambda it: (-it.loss, it.hand, it.step))
        costly = sum(1 for it in differ if it.costly)
        return differ[:max(SHOWN, min(costly, WORST))]

    def threshold(self) -> float:
        """The costly threshold of the reviewed hand (of the first hand, for a whole match)."""
        hand = self.hand if self.hand is not None else 0
        return costly_points(self.rounds[hand], self.seat) if self.rounds else COSTLY_SHARE

    def report(self) -> dict[str, Any]:
        """The review so far as JSON-ready data: every decision, and in ``worst`` the ones to study, costliest
        first (``flagged`` counts them, ``costly`` those over the threshold ``flag_points``)."""
        shown = self.shown()
        same = sum(1 for it in self.items if not it.differs)
        even = sum(1 for it in self.items if it.even)
        loss = sum(it.loss for it in self.items if it.mistake)
        costly = sum(1 for it in self.items if it.costly)
        worst = []
        for it in shown:
            d = it.to_json()
            d["position"] = position(self.rounds[it.hand].replayed(it.step), self.seat, self.points[it.hand])
            worst.append(d)
        limit = self.threshold()
        r0 = self.rounds[self.hand if self.hand is not None else 0] if self.rounds else None
        base, streak = (r0.options.base_score, r0.streak) if r0 else (1, 1)
        n = len(self.items)
        return {
            "seat": self.seat, "seed": self.seed, "hands": len(self.rounds), "hand": self.hand,
            "steps": [len(r.actions) for r in self.rounds], "decisions": n,
            "done": self._done, "total": self.total, "finished": self.finished,
            "agree": same, "even": even, "expected_loss": round(loss, 2),
            "noise_factor": NOISE_FACTOR, "min_loss": MIN_LOSS,
            "flag_points": round(limit, 2), "costly_share": COSTLY_SHARE, "base_score": base, "streak": streak,
            "worst": worst,
            "flagged": len(worst),
            "costly": costly,
            "items": [it.to_json() for it in self.items],
            "summary_zh": f"{n} 个选择中 {same} 个与大师相同{_zh_even(even)}，失误期望共少 {loss:.1f} 分；"
                          f"列出最该看的 {len(worst)} 个，"
                          f"其中 {costly} 个代价大（少 {limit:.1f} 分以上，即本局底分 {base}、{_zh_streak(streak)}时"
                          f"平胡自摸所得的八分之一）",
            "summary_en": f"{same} of {_count(n, 'choice', 'choices')} matched the expert's{_en_even(even)}; "
                          f"{loss:.1f} points expected given away by mistakes in all. "
                          f"{_count(len(worst), 'decision', 'decisions')}"
                          f" to study, {costly} costly (at least {limit:.1f} points: an eighth of what a plain "
                          f"self-draw wins you this hand, at base score {base}, streak {streak})",
        }


def _count(n: int, one: str, many: str) -> str:
    return f"{n} {one if n == 1 else many}"


def _zh_even(even: int) -> str:
    return f"，{even} 个与大师不同但一样好（相差在抽样误差之内）" if even else ""


def _en_even(even: int) -> str:
    return (f", {even} more differed but were as good (within the sampling noise)" if even > 1 else
            ", 1 more differed but was as good (within the sampling noise)" if even else "")


def _zh_streak(streak: int) -> str:
    return "平庄" if streak <= 1 else f"{streak}老庄"


def review(data: Any, seat: int, seed: int = 0, hand: int | None = None) -> dict[str, Any]:
    """Review one seat of a hand or match log at once (:class:`Review`); raises :class:`ReviewError`."""
    rv = Review(data, seat, seed, hand)
    while not rv.finished:
        rv.step(8)
    return rv.report()


def review_text(d: dict[str, Any]) -> str:
    """A readable review: the summary, then the decisions to study, a costly one marked (Chinese and English)."""
    lines = [d["summary_zh"], d["summary_en"]]
    for it in d["worst"]:
        mark_zh, mark_en = ("【代价大】", "[costly] ") if it["costly"] else ("", "")
        lines += ["", mark_zh + it["text_zh"], mark_en + it["text_en"]]
    return "\n".join(lines)


__all__ = ["COSTLY_SHARE", "POSITION_KEYS", "SHOWN", "WORST", "Review", "ReviewError", "ReviewItem", "action_words",
           "costly_points", "expert_for", "position", "review", "review_text", "stakes"]
