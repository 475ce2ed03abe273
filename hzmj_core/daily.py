"""每日挑战 (the daily challenge): the same four deals for everyone on a day, scored against the expert (duplicate).

**The day's seed.** A date in China Standard Time (UTC+8, the game's home) gives the seed
``derive_seed(DAILY_SALT, year, month, day)`` (:func:`day_seed`): anyone, anywhere, offline, gets the same
challenge for that date.

**The deals.** Four deals on the default rules (杭州常用, ``Options()``). The player sits in seat 0 for all four;
deal ``k`` (0-3) is dealt by seat ``k`` at the starting streak, so each seat deals once, and its wall is shuffled
from ``derive_seed(seed, k)``. The deals are independent of each other's results (the dealer does not stay on a
win, the game does not end at 0 points); the points carry over from deal to deal only as what every seat's view
shows. The three opponents are the expert; before each of its decisions a bot is reseeded with
``derive_seed(seed, deal, actions so far, seat)``, exactly as on the game page (:meth:`GameSession.bot_step
<hzmj_core.session.GameSession.bot_step>`), and in a claim window the player declares first.

**Par.** The expert plays seat 0 on the same deals, with the same opponents and the same reseeding (seat 0's
bot is reseeded by the same rule). Its points are par; the day's score is the player's points minus par, and
each deal has a line: you, the expert, the difference. A bot of any level can play seat 0 the same way
(:func:`play_with`); the expert's own play scores exactly 0.

**Result codes.** A code carries the date, the name the player typed (control characters removed) and the
player's choices, each as its index among the legal actions of seat 0 at that decision, all packed in one
mixed-radix integer (a decision with one legal action costs nothing). Then 4 bytes of SHA-256 over all of it,
and the bytes written in base 64 (URL-safe, no padding). Verifying (:func:`verify`) checks those 4 bytes, then
replays the deals with the choices and recomputes the score; nothing of the score is read from the code.

**Daily 何切.** One discard question a day from the exam's 何切 generator
(:mod:`hzmj_core.exam.kinds.hecut`), at the band of the weekday (:data:`WEEKDAY_BANDS`: Monday easiest, Sunday
hardest), graded by the exam's grader; its explanation gives every discard's value.
"""

from __future__ import annotations

import base64
import datetime
import hashlib
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .actions import Action, ActionError
from .bots import Bot, make_bot
from .exam.base import ExamError, Question
from .exam.kinds import hecut
from .match import HandRecord, Match
from .options import Options
from .reasons import Reason, because
from .rng import Rng, derive_seed
from .round import Round
from .session import GameSession, SessionError
from .view import SeatView

DAILY_SALT = 0xDA11_C4A1
"""The base of every day's seed (:func:`day_seed`)."""
HECUT_SALT = 0x4EC7
"""Salt of the day's 何切 question: its generator is ``Rng(derive_seed(day seed, HECUT_SALT))``."""
DEALS = 4
HUMAN = 0
OPPONENTS = "expert"
CST = datetime.timezone(datetime.timedelta(hours=8), "CST")
"""China Standard Time: the day changes at midnight in Hangzhou."""
FIRST_DAY = datetime.date(2024, 1, 1)
"""The first day a code can carry (day 1 of the code's count)."""
VERSION = 1
NAME_CHARS = 20
"""At most this many characters of a name are kept."""
WEEKDAY_BANDS = (1, 1, 2, 2, 3, 3, 4)
"""The 何切's band from Monday to Sunday."""
_CHECK_SALT = b"hzmj daily\x00"
_B64 = re.compile(r"[A-Za-z0-9_-]+")


class DailyError(ValueError):
    """Bad input to the daily challenge (a date that is not one, a level that is not a bot's): the message names
    what is wrong; ``reason`` the same for the page, when a player can meet it."""

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class DailyCodeError(ValueError):
    """A result code that does not verify: ``reason`` says why (a code of :data:`~hzmj_core.reasons.DAILY_CODES`),
    which the page words in the player's language; the message is its English, in one line."""

    def __init__(self, code: str, **params: Any) -> None:
        self.reason = Reason(code, params)
        super().__init__(self.reason.text("en", glossed=False))


# --------------------------------------------------------------------- the day


def parse_date(value: object) -> datetime.date:
    """A date from ``YYYY-MM-DD`` text; :class:`DailyError` for anything else or a day before :data:`FIRST_DAY`."""
    if not isinstance(value, str) or not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", value.strip()):
        shown = repr(value)[:40]
        raise DailyError(f"a date is written YYYY-MM-DD (e.g. 2026-03-15), not {shown}", because("daily_date_form"))
    try:
        day = datetime.date.fromisoformat(value.strip())
    except ValueError:
        raise DailyError(f"{value.strip()} is not a day of the calendar", because("daily_date_form")) from None
    if day < FIRST_DAY:
        raise DailyError(f"the daily challenge starts on {FIRST_DAY.isoformat()}, not {day.isoformat()}",
                         because("daily_date_early", first=FIRST_DAY.isoformat()))
    return day


def today(now: datetime.datetime | None = None) -> datetime.date:
    """The date in China Standard Time at ``now`` (default: the clock)."""
    moment = now if now is not None else datetime.datetime.now(datetime.UTC)
    if moment.tzinfo is None:
        raise DailyError("the moment must carry its time zone")
    return moment.astimezone(CST).date()


def seconds_to_next(now: datetime.datetime | None = None) -> int:
    """Whole seconds from ``now`` until the next challenge opens (midnight in China Standard Time)."""
    moment = (now if now is not None else datetime.datetime.now(datetime.UTC)).astimezone(CST)
    midnight = datetime.datetime.combine(moment.date() + datetime.timedelta(days=1), datetime.time(), CST)
    return max(0, int((midnight - moment).total_seconds()))


def day_seed(day: datetime.date) -> int:
    """The seed of a day's challenge: ``derive_seed(DAILY_SALT, year, month, day)`` (53 bits)."""
    return derive_seed(DAILY_SALT, day.year, day.month, day.day)


class DailyMatch(Match):
    """The four deals of a day as a match: deal ``k`` dealt by seat ``k`` at the starting streak from the wall seed
    ``derive_seed(seed, k)``; points carry over, the game ends after the fourth deal and never before."""

    def __init__(self, seed: int, options: Options | None = None) -> None:
        super().__init__(options, seed)
        self.first_dealer = 0
        self.dealer = 0

    def _deal(self) -> Round:
        number = len(self.history)
        return Round.deal(self.options, dealer=number, streak=self.options.start_streak,
                          seed=self.hand_seed(number))

    def finish_hand(self) -> HandRecord:
        """Book the finished deal and deal the next; the game is over after :data:`DEALS` deals."""
        rec = self._book_hand()
        if len(self.history) >= DEALS:
            self.over = True
        else:
            self.dealer = len(self.history)
            self.streak = self.options.start_streak
            self.round = self._deal()
        return rec


def bot_seed(seed: int, deal: int, actions: int, seat: int) -> int:
    """The seed a bot is reseeded with before deciding (the game page's rule)."""
    return derive_seed(seed, deal, actions, seat)


Chooser = Callable[[DailyMatch, list[Action]], int]
"""Picks seat 0's action: the index of the chosen one among the legal actions."""


@dataclass
class DayRun:
    """A day played (or being played) deal by deal: the match, seat 0's choices and each decision's radix."""

    seed: int
    choose: Chooser
    match: DailyMatch = field(init=False)
    choices: list[int] = field(default_factory=list)
    radices: list[int] = field(default_factory=list)
    bots: dict[int, Bot] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.match = DailyMatch(self.seed)
        self.bots = {s: make_bot(OPPONENTS, 0) for s in range(4) if s != HUMAN}

    @property
    def done(self) -> bool:
        """True once the four deals are played."""
        return self.match.over

    def step(self) -> None:
        """Play one decision (in a claim window, every opponent's declaration), or book a finished deal."""
        m = self.match
        if m.over:
            raise RuntimeError("the four deals are played")
        r = m.round
        if r.is_over:
            m.finish_hand()
            return
        deciding = r.deciding_seats()
        if HUMAN in deciding:
            legal = r.legal_actions(HUMAN)
            i = self.choose(m, legal)
            if len(legal) > 1:
                self.choices.append(i)
                self.radices.append(len(legal))
            r.apply(legal[i])
            return
        pts = (m.points[0], m.points[1], m.points[2], m.points[3])
        seats = [s for s in deciding if s != HUMAN]
        for s in seats if r.claim_from is not None else seats[:1]:
            bot = self.bots[s]
            bot.reseed(bot_seed(self.seed, len(m.history), len(r.actions), s))
            r.apply(bot.decide(SeatView.of(r, s, pts)).action)

    def play_deal(self) -> int:
        """Play the current deal to its end and book it; seat 0's points in it."""
        number = len(self.match.history)
        while len(self.match.history) == number:
            self.step()
        return self.match.history[number].result.deltas[HUMAN]

    def play(self) -> list[int]:
        """Play every deal left; seat 0's points per deal (all four)."""
        while not self.done:
            self.play_deal()
        return self.per_deal()

    def per_deal(self) -> list[int]:
        """Seat 0's points in each deal played so far."""
        return [h.result.deltas[HUMAN] for h in self.match.history]


def bot_chooser(level: str, seed: int) -> Chooser:
    """Seat 0 played by a bot of ``level``, reseeded by the same rule as the opponents."""
    bot = make_bot(level, 0)

    def choose(m: DailyMatch, legal: list[Action]) -> int:
        r = m.round
        bot.reseed(bot_seed(seed, len(m.history), len(r.actions), HUMAN))
        action = bot.decide(SeatView.of(r, HUMAN, (m.points[0], m.points[1], m.points[2], m.points[3]))).action
        return legal.index(action)

    return choose


def par_run(seed: int) -> DayRun:
    """The par run of a day (the expert in seat 0), not yet played: :meth:`DayRun.play_deal` plays it deal by deal."""
    return DayRun(seed, bot_chooser("expert", seed))


_PAR: dict[int, list[int]] = {}


def par(seed: int) -> list[int]:
    """The expert's points per deal on the day of ``seed`` (kept for the few days asked in a process)."""
    got = _PAR.get(seed)
    if got is None:
        got = par_run(seed).play()
        if len(_PAR) >= 8:
            _PAR.pop(next(iter(_PAR)))
        _PAR[seed] = got
    return list(got)


def remember_par(seed: int, per_deal: list[int]) -> None:
    """Keep a par computed elsewhere (the page's worker, deal by deal) so that a verification does not redo it."""
    if len(per_deal) == DEALS:
        _PAR[seed] = list(per_deal)


def deals(seed: int) -> list[dict[str, Any]]:
    """The four deals as data: number (1-4), dealer seat, streak and wall seed."""
    opts = Options()
    return [{"deal": k + 1, "dealer": k, "streak": opts.start_streak, "seed": derive_seed(seed, k)}
            for k in range(DEALS)]


def score(mine: list[int], expert: list[int]) -> dict[str, Any]:
    """``{points, par, score, per_deal}``: the player's points, par, the difference and a line per deal."""
    return {"points": sum(mine), "par": sum(expert), "score": sum(mine) - sum(expert),
            "per_deal": [{"deal": k + 1, "dealer": k, "you": a, "expert": b, "difference": a - b}
                         for k, (a, b) in enumerate(zip(mine, expert, strict=True))]}


# --------------------------------------------------------------------- 何切 of the day


def hecut_question(day: datetime.date) -> Question:
    """The day's 何切 question, at the weekday's band, from the exam's generator."""
    band = WEEKDAY_BANDS[day.weekday()]
    return hecut.make(Rng(derive_seed(day_seed(day), HECUT_SALT)), band)


def hecut_json(day: datetime.date, with_answer: bool = False) -> dict[str, Any]:
    """The day's 何切 for the page: the weekday (0 Monday), the band asked and the question."""
    q = hecut_question(day)
    return {"date": day.isoformat(), "weekday": day.weekday(), "band_asked": WEEKDAY_BANDS[day.weekday()],
            **q.to_json(with_answer)}


def hecut_answer(day: datetime.date, given: object) -> dict[str, Any]:
    """Grade an answer (a tile in notation) to the day's 何切 with the exam's grader: ``right``, the answer, the
    accepted discards, every discard's value and the explanation. :class:`DailyError` for a malformed answer."""
    q = hecut_question(day)
    try:
        read = q.read(given)
    except ExamError as exc:
        raise DailyError(str(exc), exc.reason) from None
    if read is None:
        raise DailyError("no answer was given")
    return {"given": read, "right": q.right(read), **q.to_json(True)}


# --------------------------------------------------------------------- result codes


def clean_name(name: object) -> str:
    """A name as a code carries it: control and format characters removed, spaces collapsed and trimmed, at most
    :data:`NAME_CHARS` characters. :class:`DailyError` if it is not text."""
    if not isinstance(name, str):
        raise DailyError("the name must be text")
    kept = "".join(" " if c.isspace() else c for c in name if unicodedata.category(c)[0] != "C" or c.isspace())
    return " ".join(kept.split())[:NAME_CHARS]


def _varint(n: int) -> bytes:
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        out.append(b | (0x80 if n else 0))
        if not n:
            return bytes(out)


def pack_choices(choices: list[int], radices: list[int]) -> int:
    """The choices as one mixed-radix integer, the first choice in the lowest place."""
    n = 0
    for c, r in zip(reversed(choices), reversed(radices), strict=True):
        n = n * r + c
    return n


def encode(day: datetime.date, name: str, choices: list[int], radices: list[int]) -> str:
    """The result code of these choices on this day under this name (cleaned, :func:`clean_name`)."""
    text = clean_name(name).encode()
    n = pack_choices(choices, radices)
    body = (bytes([VERSION]) + _varint(day.toordinal() - FIRST_DAY.toordinal() + 1) + bytes([len(text)]) + text
            + n.to_bytes((n.bit_length() + 7) // 8, "big"))
    raw = body + hashlib.sha256(_CHECK_SALT + body).digest()[:4]
    return base64.urlsafe_b64encode(raw).decode().rstrip("=")


@dataclass
class Decoded:
    """What a code says: the day, the name and the packed choices (not yet replayed)."""

    day: datetime.date
    name: str
    packed: int


def code_text(value: object) -> str:
    """The code in a text that may be the code itself or a link ending in ``#daily=CODE`` (spaces ignored)."""
    if not isinstance(value, str) or not value.strip():
        raise DailyCodeError("daily_code_empty")
    text = "".join(value.split())
    if "#daily=" in text:
        text = text.rsplit("#daily=", 1)[1]
    return text


def decode(value: object) -> Decoded:
    """Read a code (or a link to it) and check its 4 bytes; :class:`DailyCodeError` says what is wrong."""
    text = code_text(value)
    if not text:
        raise DailyCodeError("daily_code_empty")
    if not _B64.fullmatch(text):
        raise DailyCodeError("daily_code_characters")
    if len(text) % 4 == 1:
        raise DailyCodeError("daily_code_length")
    raw = base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))
    if len(raw) < 8:
        raise DailyCodeError("daily_code_short")
    body, check = raw[:-4], raw[-4:]
    if (hashlib.sha256(_CHECK_SALT + body).digest()[:4] != check
            or base64.urlsafe_b64encode(raw).decode().rstrip("=") != text):
        raise DailyCodeError("daily_code_damaged")
    if body[0] != VERSION:
        raise DailyCodeError("daily_code_version", value=body[0], supported=VERSION)
    pos = 1
    number = shift = 0
    while True:
        if pos >= len(body) or shift > 28:
            raise DailyCodeError("daily_code_cut_short")
        b = body[pos]
        pos += 1
        number |= (b & 0x7F) << shift
        shift += 7
        if not b & 0x80:
            break
    try:
        day = datetime.date.fromordinal(FIRST_DAY.toordinal() + number - 1)
    except (ValueError, OverflowError):
        raise DailyCodeError("daily_code_day") from None
    if number < 1 or pos >= len(body):
        raise DailyCodeError("daily_code_day" if number < 1 else "daily_code_cut_short")
    size = body[pos]
    pos += 1
    if pos + size > len(body):
        raise DailyCodeError("daily_code_cut_short")
    try:
        name = body[pos:pos + size].decode()
    except UnicodeDecodeError:
        raise DailyCodeError("daily_code_name") from None
    if clean_name(name) != name:
        raise DailyCodeError("daily_code_name")
    return Decoded(day, name, int.from_bytes(body[pos + size:], "big"))


class _Unpacker:
    """Seat 0's choices read back from the packed integer, each below the number of legal actions then."""

    def __init__(self, packed: int) -> None:
        self.left = packed

    def __call__(self, m: DailyMatch, legal: list[Action]) -> int:
        if len(legal) == 1:
            return 0
        self.left, i = divmod(self.left, len(legal))
        return i


def play_with(day: datetime.date, level: str, name: str = "") -> dict[str, Any]:
    """Let a bot of ``level`` play seat 0 on the day: ``{code, points, par, score, per_deal}``."""
    try:
        make_bot(level)
    except ValueError as exc:
        raise DailyError(str(exc)) from None
    seed = day_seed(day)
    run = DayRun(seed, bot_chooser(level, seed))
    mine = run.play()
    return {"code": encode(day, name, run.choices, run.radices), **score(mine, par(seed))}


def verify(value: object) -> dict[str, Any]:
    """Verify a code (or a link): its check, then the four deals replayed with its choices and the score
    recomputed. ``{valid: true, date, name, points, par, score, per_deal}``; :class:`DailyCodeError` otherwise."""
    d = decode(value)
    seed = day_seed(d.day)
    unpack = _Unpacker(d.packed)
    mine = DayRun(seed, unpack).play()
    if unpack.left:
        raise DailyCodeError("daily_code_left_over")
    return {"valid": True, "date": d.day.isoformat(), "name": d.name, **score(mine, par(seed))}


def challenge(day: datetime.date) -> dict[str, Any]:
    """The day's challenge as the command line prints it: ``{date, seed, deals, par: {points, per_deal}, hecut}``."""
    seed = day_seed(day)
    expert = par(seed)
    return {"date": day.isoformat(), "seed": seed, "rules": "hangzhou", "opponents": OPPONENTS, "deals": deals(seed),
            "par": {"points": sum(expert), "per_deal": expert}, "hecut": hecut_json(day)}


# --------------------------------------------------------------------- the page's session


class DailySession(GameSession):
    """The day's four deals at the page's table: seat 0 the player, the expert in the other seats, no hints (the
    hint's suggestion is the expert's, which would be par). Each of the player's choices is kept as its index among
    the legal actions; :meth:`result` gives the code and the score once the four deals are played. ``practice``
    marks a past day played again."""

    def __init__(self, day: datetime.date, name: str = "", practice: bool = False) -> None:
        super().__init__(Options(), day_seed(day), OPPONENTS, human=HUMAN, allow_hints=False)
        self.day = day
        self.name = clean_name(name)
        self.practice = practice
        self.match = DailyMatch(self.seed)
        self.choices: list[int] = []
        self.radices: list[int] = []

    def act(self, action: Any, seat: int | None = None, stamp: str | None = None,
            guest: bool = False) -> dict[str, Any]:
        """As :meth:`GameSession.act`, keeping the choice's index among seat 0's legal actions."""
        legal = self.match.round.legal_actions(HUMAN)
        try:
            chosen: Action | None = Action.from_json(action)
        except ActionError:
            chosen = None
        out = super().act(action, seat, stamp, guest)
        if chosen is not None and len(legal) > 1:
            self.choices.append(legal.index(chosen))
            self.radices.append(len(legal))
        return out

    def state(self, seat: int | None = None, guest: bool = False) -> dict[str, Any]:
        """As :meth:`GameSession.state`, with ``daily``: the date, the deal (1-4), practice or not."""
        view = super().state(seat, guest)
        view["daily"] = {"date": self.day.isoformat(), "deal": min(len(self.match.history) + 1, DEALS),
                         "deals": DEALS, "practice": self.practice, "name": self.name}
        return view

    def result(self, expert: list[int] | None = None) -> dict[str, Any]:
        """``{date, name, practice, code, points, par, score, per_deal}`` once the four deals are played; ``expert``
        is par per deal when the page computed it already."""
        if not self.match.over:
            raise SessionError("the four deals are not played yet", because("daily_not_over"))
        mine = [h.result.deltas[HUMAN] for h in self.match.history]
        if expert is not None and len(expert) == DEALS:
            remember_par(self.seed, expert)
        return {"date": self.day.isoformat(), "name": self.name, "practice": self.practice,
                "code": encode(self.day, self.name, self.choices, self.radices), **score(mine, par(self.seed))}

    def save(self) -> dict[str, Any]:
        """``{version, daily: {date, name, practice, choices, booked}}``: the day, the choices so far (each the
        index among the legal actions; a JSON number stays small) and the deals booked, which replay it."""
        return {"version": 1, "daily": {"date": self.day.isoformat(), "name": self.name, "practice": self.practice,
                                        "choices": list(self.choices), "booked": len(self.match.history)}}

    @staticmethod
    def resume(data: Any) -> DailySession:
        """A daily session from :meth:`save` output, replayed to where it was; :class:`SessionError` if damaged."""
        d = data.get("daily") if isinstance(data, dict) else None
        choices = d.get("choices") if isinstance(d, dict) else None
        if (not isinstance(d, dict) or not isinstance(choices, list) or len(choices) > 10000
                or not all(type(c) is int and c >= 0 for c in choices) or not isinstance(d.get("practice"), bool)):
            raise SessionError("the saved daily challenge is damaged", because("save_format"))
        try:
            s = DailySession(parse_date(d.get("date")), d.get("name", ""), d["practice"])
        except DailyError as exc:
            raise SessionError(str(exc), because("save_format")) from None
        todo = list(reversed(choices))
        booked = d.get("booked", 0)
        if type(booked) is not int or not 0 <= booked <= DEALS:
            raise SessionError("the saved daily challenge is damaged", because("save_format"))
        for _ in range(200000):
            ready = s.match.round.is_over and len(s.match.history) < booked  # the player was ready for the next
            if s.match.over or (not todo and HUMAN in s.human_deciding() and not ready):
                break
            if s.bots_due():
                s.bot_step()
            elif s.match.round.is_over:
                s.next_hand()
            else:
                legal = s.match.round.legal_actions(HUMAN)
                if len(legal) == 1:
                    s.act(legal[0].to_json())
                    continue
                if not todo:
                    break
                i = todo.pop()
                if i >= len(legal):
                    raise SessionError("the saved daily challenge is damaged", because("save_format"))
                s.act(legal[i].to_json())
        if todo or len(s.match.history) != booked:
            raise SessionError("the saved daily challenge is damaged", because("save_format"))
        return s
