"""A match at one table (一桌): any set of human seats, the other seats played by bots of one level.

A local game has one human seat (``humans={0}``); a friends table (好友房) has several, the host's and its
guests'. :class:`GameSession` holds the :class:`~hzmj_core.match.Match` and everything around it that is not
a rule:

* **Per-seat answers.** :meth:`GameSession.state` builds one seat's answer from that seat's
  :class:`~hzmj_core.view.SeatView` and public match facts only; a guest's answer (``guest=True``) also leaves
  out the match seed, from which every wall could be dealt again. While a claim window is open nobody sees
  which other seats may claim: a seat sees its own pending decision, or every other non-discarding seat as
  deciding.
* **Simultaneous claims.** In a claim window every human seat with a choice declares at once (in any order);
  the round keeps each declaration hidden and applies the priority of rules.md §5.4 once every seat has declared
  (:meth:`~hzmj_core.round.Round.apply`). Bots declare after the humans (:meth:`GameSession.bot_step`), so a
  bot's declaration never waits on, or tells anything to, a human.
* **Stamps.** Every answer carries ``stamp``, the hand and its count of public events (``"2.57"``); an action
  sent with an older stamp is refused as stale. A hidden declaration adds no public event, so the stamp does
  not betray it.
* **Turn timers** (:data:`TIMERS`): off, relaxed or standard. The host gives the time (milliseconds);
  :meth:`GameSession.pending` lists each seat that must decide with its deadline, and
  :meth:`GameSession.timeout` passes a claim, discards the drawn tile on a turn, or says ready for the next
  hand, once the deadline has passed.
* **Bot takeover.** A human seat is handed to the table's bot (``seat_to_bot``, a guest who dropped) and back
  (``seat_to_human``), mid-hand too.
* **Quick phrases** (快捷语, :mod:`hzmj_core.phrases`) shown by the sender's seat.
* **Next hand.** Each human seat says it is ready; the next hand is dealt when all are (bots are always ready).

Saves are the match log plus the table's settings; a restored session replays the log (:meth:`restore`).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from .actions import Action, ActionError, ActionType
from .bots import BOTS, OLD_BOT_IDS, Bot, bot_id, make_bot
from .hints import hints
from .jsontext import JsonInputError, loads
from .log import LogError, match_from_log, match_log, seedless_match_log
from .match import Match
from .options import Options, OptionsError
from .phrases import BY_ID as PHRASES_BY_ID
from .reasons import Reason, because
from .replay_viewer import add_win_split
from .review import Review, ReviewError
from .rng import derive_seed
from .round import IllegalActionError, Phase
from .schema import SAVE, SchemaError
from .view import SeatView

DEFAULT_LEVEL = "standard"
"""The bot level of a new game when none is chosen."""


class SessionError(ValueError):
    """A request the session refuses (the state is unchanged): the message in English (for the command line and
    logs), ``reason`` the same as a :class:`~hzmj_core.reasons.Reason` for what a player can meet: an illegal
    action, a table refusal (:data:`~hzmj_core.reasons.TABLE_CODES`), a save that cannot be resumed
    (:data:`~hzmj_core.reasons.SAVE_CODES`). ``None`` only for what a page that works never asks (a bad
    argument, a seat of the wrong kind)."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


@dataclass(frozen=True)
class Timer:
    """Seconds a seat has for one decision."""

    turn: int
    """On its own turn (draw, then discard or declare)."""
    claim: int
    """In a claim window (吃/碰/杠/胡 or pass)."""
    ready: int
    """To say ready for the next hand."""

    def to_json(self) -> dict[str, int]:
        """``{"turn", "claim", "ready"}`` in seconds."""
        return {"turn": self.turn, "claim": self.claim, "ready": self.ready}


TIMERS: dict[str, Timer | None] = {
    "off": None,
    "relaxed": Timer(turn=40, claim=20, ready=90),
    "standard": Timer(turn=15, claim=8, ready=30),
}
"""Turn timer settings: ``off`` (no deadline; the default), ``relaxed`` (40 s a turn, 20 s a claim, 90 s to
be ready for the next hand), ``standard`` (15 s, 8 s, 30 s)."""

RECENT_PHRASES = 12
"""How many of the latest quick phrases the session keeps."""


def _default_action(legal: list[Action], drawn: int | None) -> Action:
    """What a timed-out seat does: pass a claim; on a turn discard the drawn tile, else the last legal discard
    (the rightmost tile of the sorted hand); else the first legal action."""
    for a in legal:
        if a.type is ActionType.PASS:
            return a
    discards = [a for a in legal if a.type is ActionType.DISCARD]
    for a in discards:
        if a.tile == drawn:
            return a
    if discards:
        return max(discards, key=lambda a: a.tile)
    return legal[0]


class GameSession:
    """A match with a set of human seats; the other seats are bots of one level. Save/restore by log replay.

    ``human`` is the seat of the page that runs the engine (the host's; ``state()`` and ``act()`` without a
    seat mean it); ``humans`` every human seat, ``{human}`` by default.
    """

    def __init__(self, options: Options, seed: int, level: str = DEFAULT_LEVEL, human: int = 0,
                 humans: set[int] | frozenset[int] | list[int] | None = None, timer: str = "off",
                 allow_hints: bool = True, ranked: bool = False) -> None:
        if level not in BOTS and level not in OLD_BOT_IDS:
            raise SessionError(f"unknown bot level {level!r}: choose one of {', '.join(BOTS)}")
        level = bot_id(level)  # a game saved with an old id plays on with the same kind, under its id
        if not 0 <= human <= 3:
            raise SessionError("the human seat must be 0-3")
        seats = frozenset({human} if humans is None else humans)
        if any(not 0 <= s <= 3 for s in seats):
            raise SessionError("human seats must be 0-3")
        if human not in seats:
            raise SessionError(f"the host's seat S{human} must be one of the human seats")
        if timer not in TIMERS:
            raise SessionError(f"unknown timer {timer!r}: choose one of {', '.join(TIMERS)}")
        self.options = options
        self.seed = seed
        self.level = level
        self.human = human
        self.humans = seats
        self.timer = timer
        self.ranked = ranked
        """A ranked match (排位赛): no hint, suggestion or review until the match is over; hints stay off."""
        self.allow_hints = allow_hints and not ranked
        self.away: set[int] = set()
        """Human seats played by the table's bot for now (a guest who dropped)."""
        self.ready: set[int] = set()
        """Human seats that said ready for the next hand."""
        self.phrases: list[dict[str, Any]] = []
        self.phrase_count = 0
        self.reviews: dict[int, Review] = {}
        self._first_seen: dict[tuple[int, str], int] = {}
        self.match = Match(options, seed)
        self.bots: dict[int, Bot] = {s: make_bot(level, 0) for s in range(4) if s not in seats}

    # ----------------------------------------------------------------- who plays

    @property
    def multi(self) -> bool:
        """True at a table with more than one human seat."""
        return len(self.humans) > 1

    def is_bot(self, seat: int) -> bool:
        """True if the bot plays ``seat`` now (a bot seat, or a human seat handed to the bot)."""
        return seat not in self.humans or seat in self.away

    def _bot(self, seat: int) -> Bot:
        bot = self.bots.get(seat)
        if bot is None:
            bot = self.bots[seat] = make_bot(self.level, 0)
        return bot

    def stamp(self) -> str:
        """The hand and its count of public events: changes whenever the table visibly changes."""
        return f"{len(self.match.history)}.{len(self.match.round.events)}"

    def points(self) -> tuple[int, int, int, int]:
        """The four seats' points in the match now."""
        p = self.match.points
        return p[0], p[1], p[2], p[3]

    @property
    def ranked_over(self) -> bool:
        """True once a ranked match's hands are played (:data:`~hzmj_core.exam.ladder.RANKED_HANDS`, or the match
        ends first): from then on it may be reviewed."""
        from .exam.ladder import RANKED_HANDS  # the exam package is loaded by the web API anyway
        m = self.match
        return m.over or len(m.history) >= RANKED_HANDS or (m.hand_number + 1 >= RANKED_HANDS and m.round.is_over)

    def _awaiting_ready(self) -> bool:
        return self.match.round.is_over and not self.match.over

    def human_deciding(self) -> list[int]:
        """Human seats (not handed to the bot) that must decide now: a turn, a claim, or ready at hand end."""
        if self._awaiting_ready():
            return [s for s in sorted(self.humans) if s not in self.away and s not in self.ready]
        return [s for s in self.match.round.deciding_seats() if not self.is_bot(s)]

    def bots_due(self) -> list[int]:
        """Seats :meth:`bot_step` plays now: the bot on its turn, or in a claim window every bot with a choice
        once no human seat is still to declare."""
        r = self.match.round
        deciding = r.deciding_seats()
        bots = [s for s in deciding if self.is_bot(s)]
        if r.claim_from is not None and len(bots) < len(deciding):
            return []
        return bots

    def _kind(self) -> str:
        if self._awaiting_ready():
            return "ready"
        return "turn" if self.match.round.phase is Phase.ACT else "claim"

    # ----------------------------------------------------------------- state

    def state(self, seat: int | None = None, guest: bool = False) -> dict[str, Any]:
        """What ``seat`` (default the host's) sees: its view, the match, the table, and its hints.

        Built from that seat's :class:`SeatView` and public facts only. ``guest`` leaves out the match seed.
        """
        seat = self.human if seat is None else seat
        m = self.match
        r = m.round
        seat_view = SeatView.of(r, seat, self.points())
        view = seat_view.to_json()
        add_win_split(view, r)
        view["match"] = {
            "seed": None if guest else str(self.seed),
            "level": self.level,
            "hand_number": m.hand_number + 1,
            "points": list(m.points),
            "over": m.over,
            "standings": m.standings(),
            "history": [{"number": h.number + 1, "dealer": h.dealer, "streak": h.streak,
                         "winner": h.result.winner, "deltas": list(h.result.deltas),
                         "pattern": None if h.result.evaluation is None else h.result.evaluation.name_zh,
                         "pattern_en": None if h.result.evaluation is None else h.result.evaluation.name_en}
                        for h in m.history],
        }
        deciding = r.deciding_seats()
        to_act = seat in deciding and not self.is_bot(seat)
        due = self.bots_due()
        bots = [s for s in due if s != seat]
        others: list[int] = [s for s in deciding if s != seat]
        if r.claim_from is not None:
            # Which seats may claim a discard would reveal their concealed tiles: a seat sees its own pending
            # decision, or else every other non-discarding seat as deciding, whoever really can claim.
            masked = [s for s in range(4) if s not in (r.claim_from, seat)]
            others = [] if to_act or not others else masked
            bots = [] if to_act or not bots else masked
        view["human"] = seat
        view["human_to_act"] = to_act
        view["bots_to_act"] = [] if guest else bots
        view["deciding"] = ([seat] if to_act else []) + others
        view["hand_over"] = r.is_over
        view["hints"] = (hints(r, seat, seat_view.points, view=seat_view) if self.allow_hints else None)
        view["stamp"] = self.stamp()
        view["table"] = self.table(seat)
        return view

    def table(self, seat: int) -> dict[str, Any]:
        """The table around ``seat``: who plays each seat, who is ready, the timer, recent phrases."""
        waiting = self.human_deciding()
        timer = TIMERS[self.timer]
        return {
            "seats": [{"seat": s, "who": "bot" if s not in self.humans else ("away" if s in self.away else "human"),
                       "ready": self._awaiting_ready() and (self.is_bot(s) or s in self.ready)}
                      for s in range(4)],
            "timer": self.timer,
            "seconds": None if timer is None else timer.to_json(),
            "deadline": self._deadline(seat) if seat in waiting else None,
            "phrases": list(self.phrases),
            "hints": self.allow_hints,
            "ranked": self.ranked,
        }

    def hint(self, seat: int | None = None, deep: bool = False) -> dict[str, Any]:
        """Hints for ``seat`` (default the host's): 听牌 per discard, 进张, suggested action, blocked actions
        (see hints.py), from that seat's view; the suggestion is the coach's (:mod:`hzmj_core.coach`), with or
        without ``deep`` (kept for callers that ask for the deeper one: it is the same judge). A ranked match
        refuses, saying so, and so does a table with hints off; neither changes anything."""
        if self.ranked:
            raise SessionError("a ranked match has no hints", because("ranked_no_hint"))
        if not self.allow_hints:
            raise SessionError("hints are off at this table", because("hints_off"))
        seat = self.human if seat is None else seat
        return hints(self.match.round, seat, self.points())

    # ----------------------------------------------------------------- moves

    def act(self, action: Any, seat: int | None = None, stamp: str | None = None,
            guest: bool = False) -> dict[str, Any]:
        """Apply ``seat``'s action (text or dict); anything not allowed raises :class:`SessionError` and
        changes nothing: an action for another seat, a stale ``stamp``, a seat the bot plays, out of turn,
        or illegal."""
        seat = self.human if seat is None else seat
        r = self.match.round
        try:
            a = Action.from_json(action)
        except ActionError as exc:
            raise SessionError(str(exc)) from None
        if a.seat != seat:
            raise SessionError(f"you play seat S{seat}, not S{a.seat}")
        if stamp is not None and stamp != self.stamp():
            raise SessionError(f"the table has moved on (your view {stamp}, the table {self.stamp()}): "
                               "look again and choose", because("table_moved"))
        if seat in self.away:
            raise SessionError(f"the bot plays seat S{seat} now", because("bot_plays", seat=seat))
        before = len(r.events)  # out of turn and illegal: the round refuses, saying why (its own seat only)
        try:
            r.apply(a)
        except IllegalActionError as exc:
            raise SessionError(exc.reason.en(seat), exc.reason) from None
        return {"events": r.events[before:], "state": self.state(seat, guest)}

    def bot_step(self) -> dict[str, Any]:
        """Let the bots make their next decision and return the public events and the host's new state.

        On its turn one bot acts. In a claim window every bot that may claim declares at once (after the
        human seats, which declare first), so the answer never tells which bots could claim. A bot's reason
        is given only at a table with one human (elsewhere it could tell another player about its tiles).
        """
        r = self.match.round
        seats = self.bots_due()
        if not seats:
            if r.claim_from is not None and any(self.is_bot(s) for s in r.deciding_seats()):
                raise SessionError("the players declare first in a claim window")
            raise SessionError("no bot has a decision now")
        in_claim = r.claim_from is not None
        before = len(r.events)
        stamp = self.stamp()
        reasons: tuple[str, str, list[Any]] = ("", "", [])
        seat = seats[0]
        for seat in seats if in_claim else seats[:1]:
            bot = self._bot(seat)
            bot.reseed(derive_seed(self.seed, len(self.match.history), len(r.actions), seat))
            decision = bot.decide(SeatView.of(r, seat, self.points()))
            r.apply(decision.action)
            reasons = (decision.text("zh", self.human), decision.text("en", self.human),
                       [w.to_json() for w in decision.why])
        public = not in_claim and not self.multi
        return {"seat": seat if not in_claim else None, "events": r.events[before:],
                "why": reasons[2] if public else [],
                "reason_zh": reasons[0] if public else "", "reason_en": reasons[1] if public else "",
                "changed": self.stamp() != stamp, "state": self.state()}

    def ready_next(self, seat: int | None = None, guest: bool = False) -> dict[str, Any]:
        """``seat`` (default the host's) is ready for the next hand; the hand is dealt once every human seat
        is. Returns that seat's state (``guest``: as :meth:`state` gives it to a guest)."""
        seat = self.human if seat is None else seat
        if self.match.over:
            raise SessionError("the game is over", because("game_over"))
        if not self.match.round.is_over:
            raise SessionError("the current hand is not over", because("hand_not_over"))
        self.ready.add(seat)
        self._deal_when_ready()
        return self.state(seat, guest)

    def next_hand(self) -> dict[str, Any]:
        """The host's seat is ready for the next hand (alone at the table: the next hand is dealt)."""
        return self.ready_next()

    def _deal_when_ready(self) -> None:
        if self._awaiting_ready() and not self.human_deciding():
            self.match.finish_hand()
            self.ready.clear()
            self.reviews.clear()

    # ----------------------------------------------------------------- the table

    def pending(self, now: int) -> dict[str, Any]:
        """The human seats that must decide now, each with its kind (``turn``, ``claim``, ``ready``) and its
        deadline in ms (None with the timer off; a decision's clock starts at the first call that sees it);
        whether :meth:`bot_step` has work; the stamp."""
        seats = self.human_deciding()
        key = self._clock_key()
        if any(k[1] != key for k in self._first_seen):  # the clocks of decisions already made
            self._first_seen = {k: v for k, v in self._first_seen.items() if k[1] == key}
        for s in seats:
            self._first_seen.setdefault((s, key), now)
        return {"stamp": self.stamp(), "seats": [{"seat": s, "kind": self._kind(), "deadline": self._deadline(s)}
                                                 for s in seats],
                "bots": bool(self.bots_due()), "hand_over": self.match.round.is_over, "over": self.match.over}

    def _clock_key(self) -> str:
        return f"{self.stamp()}:{self._kind()}"

    def _deadline(self, seat: int) -> int | None:
        timer = TIMERS[self.timer]
        start = self._first_seen.get((seat, self._clock_key()))
        if timer is None or start is None:
            return None
        kind = self._kind()
        seconds = timer.ready if kind == "ready" else timer.turn if kind == "turn" else timer.claim
        return start + 1000 * seconds

    def timeout(self, seat: int, now: int) -> dict[str, Any]:
        """``seat``'s time is up at ``now`` (ms): a claim passes, a turn discards the drawn tile (else the
        rightmost legal discard), at hand end the seat is ready. Refused if the seat has nothing to decide,
        the timer is off, or its deadline has not passed."""
        if TIMERS[self.timer] is None:
            raise SessionError("the turn timer is off at this table")
        if seat not in self.human_deciding():
            raise SessionError(f"seat S{seat} has no decision now")
        self._first_seen.setdefault((seat, self._clock_key()), now)
        deadline = self._deadline(seat)
        assert deadline is not None
        if now < deadline:
            raise SessionError(f"seat S{seat} still has {(deadline - now + 999) // 1000} s")
        self._first_seen = {k: v for k, v in self._first_seen.items() if k[1] == self._clock_key()}
        if self._awaiting_ready():
            self.ready.add(seat)
            before_hand = len(self.match.history)
            self._deal_when_ready()
            return {"seat": seat, "action": None, "events": [], "dealt": len(self.match.history) != before_hand,
                    "state": self.state()}
        r = self.match.round
        a = _default_action(r.legal_actions(seat), r.drawn if r.phase is Phase.ACT else None)
        before = len(r.events)
        r.apply(a)
        return {"seat": seat, "action": a.to_json(), "events": r.events[before:], "dealt": False,
                "state": self.state()}

    def seat_to_bot(self, seat: int) -> dict[str, Any]:
        """Hand a human seat to the table's bot (its player dropped); it plays on from the next decision."""
        if seat not in self.humans:
            raise SessionError(f"seat S{seat} is a bot's seat")
        if seat in self.away:
            raise SessionError(f"the bot plays seat S{seat} already")
        self.away.add(seat)
        self._deal_when_ready()
        return self.state()

    def seat_to_human(self, seat: int) -> dict[str, Any]:
        """Give a seat handed to the bot back to its player, mid-hand too."""
        if seat not in self.away:
            raise SessionError(f"seat S{seat} is not played by the bot for a player")
        self.away.discard(seat)
        return self.state()

    def phrase(self, seat: int, phrase_id: str) -> dict[str, Any]:
        """``seat`` says a quick phrase (快捷语) by its id; the views show it by that seat."""
        p = PHRASES_BY_ID.get(phrase_id)
        if p is None:
            raise SessionError(f"unknown phrase {phrase_id!r}: choose one of {', '.join(PHRASES_BY_ID)}")
        self.phrase_count += 1
        self.phrases.append({"seat": seat, "id": p.id, "zh": p.zh, "en": p.en, "n": self.phrase_count})
        del self.phrases[:-RECENT_PHRASES]
        return {"n": self.phrase_count}

    # ----------------------------------------------------------------- a guest's logs and review

    def finished_log(self) -> dict[str, Any]:
        """The match log without the hand in progress (a hand over but not yet booked stays)."""
        log = match_log(self.match)
        if not self.match.over and not self.match.round.is_over:
            log["hands"] = log["hands"][:-1]
        return log

    def guest_log(self) -> dict[str, Any]:
        """The log a guest may have: once the game is over the whole match log; at the end of a hand the log
        of the hands played so far with their walls written out and no seed (a hand's seed could lead back to
        the match seed, and so to the walls to come; :func:`~hzmj_core.log.seedless_match_log`). Refused
        while a hand is played."""
        if self.match.over:
            return match_log(self.match)
        if not self.match.round.is_over:
            raise SessionError("the log is given at the end of a hand", because("export_hand_end"))
        return seedless_match_log(self.match)

    def review_start(self, seat: int, seed: int, hand: int | None) -> dict[str, Any]:
        """Start a 复盘 review of ``seat``'s decisions in the finished hands (``hand``: one of them); a ranked
        match refuses until it is over."""
        if self.ranked and not self.ranked_over:
            raise SessionError("a ranked match is reviewed once it is over", because("ranked_no_review"))
        log = self.finished_log()
        if not log["hands"]:
            raise SessionError("no hand is finished yet", because("no_finished_hand"))
        try:
            rv = Review(log, seat, seed, hand)
        except (ReviewError, ValueError, TypeError) as exc:
            raise SessionError(str(exc), getattr(exc, "reason", None)) from None
        self.reviews[seat] = rv
        return {"total": rv.total, "done": 0, "finished": rv.finished}

    def review_step(self, seat: int, count: int) -> dict[str, Any]:
        """Review ``seat``'s next ``count`` decisions; the report comes with the last step."""
        rv = self.reviews.get(seat)
        if rv is None:
            raise SessionError("no review started")
        rv.step(count)
        out: dict[str, Any] = {"total": rv.total, "done": rv.done, "finished": rv.finished}
        if rv.finished:
            out["report"] = {**rv.report(), "seed": str(rv.seed)}
        return out

    # ----------------------------------------------------------------- persistence

    def save(self) -> dict[str, Any]:
        """Everything needed to resume exactly: the table's settings and the match log."""
        return {"version": 1, "options": self.options.to_json(), "seed": self.seed, "level": self.level,
                "human": self.human, "humans": sorted(self.humans), "timer": self.timer,
                "hints": self.allow_hints, "ranked": self.ranked, "away": sorted(self.away),
                "log": match_log(self.match)}

    @staticmethod
    def restore(data: Any) -> GameSession:
        """Rebuild a session from :meth:`save` output (or its JSON text) by replaying its log (a save without
        ``humans`` is a game of one human seat). A save this version cannot resume raises :class:`SessionError`
        whose reason says why (:data:`~hzmj_core.reasons.SAVE_CODES`), what is damaged as a nested reason."""
        if isinstance(data, str):  # the page keeps saves as JSON text, so no integer goes through a JS number
            try:
                data = loads(data)
            except JsonInputError as exc:
                raise _damaged(str(exc), because("save_json")) from None
        version = data.get("version") if isinstance(data, dict) else None
        if type(version) is int and version != 1:
            raise SessionError(f"the saved game is not in a format this version reads (version {version})",
                               because("save_version", value=str(version), supported=1))
        if type(version) is not int:
            raise SessionError("the saved game is not in a format this version reads", because("save_format"))
        try:
            data = SAVE(data, "save")
            options = Options.from_json(data["options"])
        except SchemaError as exc:
            raise _damaged(str(exc), _save_problem(exc)) from None
        except OptionsError as exc:
            raise _damaged(str(exc), exc.reason or because("save_wrong", field="options")) from None
        try:
            s = GameSession(options, data["seed"], data["level"], data["human"], data.get("humans"),
                            data.get("timer", "off"), data.get("hints", True), data.get("ranked", False))
        except SessionError as exc:  # each value fits the schema: the host's seat is not among the human seats
            raise _damaged(str(exc), because("save_wrong", field="humans")) from None
        away = set(data.get("away", []))
        if not away <= s.humans:
            raise _damaged("a seat handed to the bot is not a human seat", because("save_away"))
        try:
            match = match_from_log(data.get("log"))
        except LogError as exc:
            raise _damaged(str(exc), exc.reason) from None
        if match.options != options or match.seed != s.seed:
            raise _damaged("its log records another game (options or seed differ)", because("save_other_game"))
        s.match = match
        s.away = away
        return s


def _damaged(message: str, why: Reason) -> SessionError:
    """A damaged save: the English message for logs, the reason with what is damaged nested in it."""
    return SessionError(f"the saved game is damaged: {message}", because("save_damaged", why=why.to_json()))


def _save_problem(exc: SchemaError) -> Reason:
    """The save's key at fault, from where the :class:`SchemaError` that refused it says it is."""
    path = exc.where.removeprefix("save")
    field = re.split(r"[.\[]", path.removeprefix("."))[0] if path.startswith(".") else ""
    if field:  # the value of one of the save's keys, or something inside it, is refused
        return because("save_wrong", field=field)
    if exc.missing is not None and exc.where == "save":
        return because("save_missing", field=exc.missing)
    return because("save_format")
