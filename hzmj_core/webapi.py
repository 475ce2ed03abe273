"""The JSON facade the browser worker talks to: ``call(method, json_args) -> json``.

One :class:`GameSession` holds the match against three bots. The page asks for the human seat's view,
sends the human's chosen action, and asks the engine to play the bots one decision at a time (so it can
animate them at a readable pace). Every answer is plain JSON; the page holds no rules.
Stateless helpers (``analyze``, ``option_info``, ``fan_table``) serve the tutorial and the widgets too.

Every argument of every method is checked against :data:`hzmj_core.schema.METHOD_ARGS` before the method
runs, and the argument text is read within the limits of :mod:`hzmj_core.jsontext`; whatever is refused
raises :class:`ApiError` and leaves the state as it was.

Seeds are ``0 <= seed < 2^64``; anything else is refused, never wrapped. A JS number is exact only below
2^53, so no answer carries a seed as a number: ``new_game`` and ``review_start`` take the seed as a decimal
string (``{"seed": "18446744073709551615"}``; a JSON integer is accepted for compatibility) and
``state()["match"]["seed"]`` and the review report's ``seed`` give it back as one. Saves and logs, whose
format holds seeds as integers, reach the page only as JSON text (``save_text``, ``export_log_text``).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from . import __version__, tutorial
from .actions import Action, ActionError
from .analysis import AnalysisError, analyze_hand
from .bots import BOTS, LEVEL_NAMES, Bot, make_bot
from .fan import fan_table
from .hints import DEEP_LEVEL, SUGGEST_LEVEL, hints
from .jsontext import MAX_ARGUMENT_CHARS, JsonInputError, loads
from .log import LogError, match_from_log, match_log, replay
from .match import Match
from .options import OPTION_INFO, SECTION_TITLES, Options, OptionsError
from .reasons import Reason
from .review import Review, ReviewError
from .rng import derive_seed
from .round import IllegalActionError, Round
from .schema import SAVE, SchemaError, validate
from .tiles import TILE_NAMES
from .view import SeatView
from .winsplit import split_win

DEFAULT_LEVEL = "basic"


class ApiError(ValueError):
    """A request the engine refuses; the message is shown to the user.

    For an illegal action ``reason`` holds the engine's :class:`~hzmj_core.reasons.Reason`, which the worker
    sends beside the message (``{code, params}``) so the page can word it in the player's language.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


class GameSession:
    """A match between one human seat and three bots, with save/restore by log replay."""

    def __init__(self, options: Options, seed: int, level: str = DEFAULT_LEVEL, human: int = 0) -> None:
        if level not in BOTS:
            raise ApiError(f"unknown bot level {level!r}: choose one of {', '.join(sorted(BOTS))}")
        if not 0 <= human <= 3:
            raise ApiError("the human seat must be 0-3")
        self.options = options
        self.seed = seed
        self.level = level
        self.human = human
        self.match = Match(options, seed)
        self.bots: dict[int, Bot] = {s: make_bot(level, 0) for s in range(4) if s != human}

    # ----------------------------------------------------------------- state

    def _points(self) -> tuple[int, int, int, int]:
        p = self.match.points
        return p[0], p[1], p[2], p[3]

    def state(self) -> dict[str, Any]:
        """The human's view plus match information and hints."""
        m = self.match
        r = m.round
        seat_view = SeatView.of(r, self.human, self._points())
        view = seat_view.to_json()
        _add_win_split(view, r)
        deciding = r.deciding_seats()
        view["match"] = {
            "seed": str(self.seed),
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
        human_to_act = self.human in deciding
        bots = [s for s in deciding if s != self.human]
        if bots and r.claim_from is not None:
            # Which bots may claim a discard would reveal their concealed tiles. The human declares first;
            # then the page sees every other non-discarding seat as "deciding", whoever really can claim.
            bots = [] if human_to_act else [s for s in range(4) if s not in (r.claim_from, self.human)]
        view["human"] = self.human
        view["human_to_act"] = human_to_act
        view["bots_to_act"] = bots
        view["deciding"] = ([self.human] if human_to_act else []) + bots
        view["hand_over"] = r.is_over
        view["hints"] = hints(r, self.human, seat_view.points, view=seat_view)
        return view

    def hint(self, deep: bool = False) -> dict[str, Any]:
        """Hints for the human seat (听牌 per discard, 进张, suggested action, blocked actions; see hints.py).

        With ``deep`` the suggestion is the expert's (a few milliseconds)."""
        return hints(self.match.round, self.human, self._points(), level=DEEP_LEVEL if deep else SUGGEST_LEVEL)

    # ----------------------------------------------------------------- moves

    def act(self, action: Any) -> dict[str, Any]:
        """Apply the human's action (text or dict); illegal ones raise ``ApiError`` and change nothing."""
        r = self.match.round
        try:
            a = Action.from_json(action)
        except ActionError as exc:
            raise ApiError(str(exc)) from None
        if a.seat != self.human:
            raise ApiError(f"you play seat S{self.human}, not S{a.seat}")
        before = len(r.events)
        try:
            r.apply(a)
        except IllegalActionError as exc:
            raise ApiError(exc.reason.en(self.human), exc.reason) from None
        return {"events": r.events[before:], "state": self.state()}

    def bot_step(self) -> dict[str, Any]:
        """Let the bots make their next decision and return the public events and the new state.

        On its turn one bot acts. In a claim window every bot that may claim declares at once (after the
        human, who declares first), so the answer never tells which bots could claim.
        """
        r = self.match.round
        seats = [s for s in r.deciding_seats() if s != self.human]
        if not seats:
            raise ApiError("no bot has a decision now")
        if r.claim_from is not None and self.human in r.deciding_seats():
            raise ApiError("the human declares first in a claim window")
        in_claim = r.claim_from is not None
        before = len(r.events)
        reasons = ("", "")
        seat = seats[0]
        for seat in seats if in_claim else seats[:1]:
            bot = self.bots[seat]
            bot.reseed(derive_seed(self.seed, len(self.match.history), len(r.actions), seat))
            decision = bot.decide(SeatView.of(r, seat, self._points()))
            r.apply(decision.action)
            reasons = (decision.reason_zh, decision.reason_en)
        public = not in_claim
        return {"seat": seat if public else None, "events": r.events[before:],
                "reason_zh": reasons[0] if public else "", "reason_en": reasons[1] if public else "",
                "state": self.state()}

    def next_hand(self) -> dict[str, Any]:
        """Book the finished hand and deal the next one."""
        try:
            self.match.finish_hand()
        except RuntimeError as exc:
            raise ApiError(str(exc)) from None
        return self.state()

    # ----------------------------------------------------------------- persistence

    def save(self) -> dict[str, Any]:
        """Everything needed to resume exactly: the session settings and the match log."""
        return {"version": 1, "options": self.options.to_json(), "seed": self.seed, "level": self.level,
                "human": self.human, "log": match_log(self.match)}

    @staticmethod
    def restore(data: Any) -> GameSession:
        """Rebuild a session from :meth:`save` output by replaying its log."""
        if not isinstance(data, dict) or type(data.get("version")) is not int or data.get("version") != 1:
            raise ApiError("the saved game is not in a format this version reads")
        try:
            data = SAVE(data, "save")
            options = Options.from_json(data["options"])
        except (SchemaError, OptionsError) as exc:
            raise ApiError(f"the saved game is damaged: {exc}") from None
        s = GameSession(options, data["seed"], data["level"], data["human"])
        try:
            match = match_from_log(data.get("log"))
        except LogError as exc:
            raise ApiError(f"the saved game is damaged: {exc}") from None
        if match.options != options or match.seed != s.seed:
            raise ApiError("the saved game is damaged: its log records another game (options or seed differ)")
        s.match = match
        return s


def _add_win_split(view: dict[str, Any], r: Round) -> None:
    """Give a won hand's result its sets and pair, each wildcard with the face it stood for (winsplit)."""
    res = r.result
    if res is None or res.winner is None or res.evaluation is None or not isinstance(view.get("result"), dict):
        return
    ev = res.evaluation
    split = split_win(res.hands[res.winner], r.wildcards, ev.form, res.winning_tile, ev.baotou)
    view["result"]["split"] = None if split is None else split.to_json()


# --------------------------------------------------------------------- replays


class ReplayViewer:
    """Step through an imported log, forward and back, seeing every hand (the game is over)."""

    def __init__(self, data: Any) -> None:
        try:
            report = replay(data)
        except LogError as exc:
            raise ApiError(str(exc)) from None
        self.data = data
        self.rounds = report.rounds
        self.kind = report.kind

    def summary(self) -> dict[str, Any]:
        """Hands and their number of actions."""
        return {"kind": self.kind, "hands": [{"number": i + 1, "actions": len(r.actions),
                                              "result": None if r.result is None else r.result.to_json()}
                                             for i, r in enumerate(self.rounds)]}

    def frame(self, hand: int, step: int) -> dict[str, Any]:
        """The table after ``step`` actions of hand ``hand`` (0-based), with every hand shown."""
        if not 0 <= hand < len(self.rounds):
            raise ApiError(f"hand index {hand} is outside 0-{len(self.rounds) - 1}: this log has "
                           f"{len(self.rounds)} hand(s)")
        src = self.rounds[hand]
        if not 0 <= step <= len(src.actions):
            raise ApiError(f"step {step} is outside 0-{len(src.actions)}")
        r = src.replayed(step)
        view = SeatView.of(r, 0).to_json()
        # Nobody decides in a replay: the same keys as a game state, so the page draws frames as they come.
        view.update(human=0, human_to_act=False, bots_to_act=[], deciding=[], hand_over=r.is_over)
        _add_win_split(view, r)
        view["all_hands"] = [[TILE_NAMES[t] for t in sorted(h)] for h in r.hands]
        view["replay"] = {"hand": hand, "step": step, "steps": len(src.actions),
                          "last_action": None if step == 0 else src.actions[step - 1].to_json(),
                          "hand_number": hand + 1, "hands": len(self.rounds)}
        return view


# --------------------------------------------------------------------- dispatch

_session: GameSession | None = None
_viewer: ReplayViewer | None = None


def _need_session() -> GameSession:
    if _session is None:
        raise ApiError("no game in progress")
    return _session


def _new_game(args: dict[str, Any]) -> dict[str, Any]:
    global _session
    try:
        options = Options.from_json(args["options"])
    except OptionsError as exc:
        raise ApiError(str(exc)) from None
    _session = GameSession(options, args["seed"], args["level"], args["human"])
    return _session.state()


def _restore(args: dict[str, Any]) -> dict[str, Any]:
    global _session
    data = args["save"]
    if isinstance(data, str):  # the page keeps saves as JSON text, so no integer goes through a JS number
        try:
            data = loads(data)
        except JsonInputError as exc:
            raise ApiError(f"the saved game is damaged: {exc}") from None
    _session = GameSession.restore(data)
    return _session.state()


def _replay_load(args: dict[str, Any]) -> dict[str, Any]:
    global _viewer
    data = args["log"]
    if isinstance(data, str):
        try:
            data = loads(data)
        except JsonInputError as exc:
            raise ApiError(f"the file is {exc}" if str(exc).startswith("not valid") else str(exc)) from None
    _viewer = ReplayViewer(data)
    return _viewer.summary()


def _replay_frame(args: dict[str, Any]) -> dict[str, Any]:
    if _viewer is None:
        raise ApiError("no replay loaded")
    return _viewer.frame(args["hand"], args["step"])


_review: Review | None = None


def _review_start(args: dict[str, Any]) -> dict[str, Any]:
    """Start a 复盘 review: ``log`` (object or JSON text; default the current game), ``seat`` (default the
    human's) and ``hand`` (0-based; default every hand). The page then calls ``review_step`` until
    ``finished`` to drive a progress bar."""
    global _review
    data = args.get("log")
    seat = args.get("seat")
    if data is None:
        session = _need_session()
        data = match_log(session.match)
        seat = session.human if seat is None else seat
    elif isinstance(data, str):
        try:
            data = loads(data)
        except JsonInputError as exc:
            raise ApiError(f"the file is {exc}" if str(exc).startswith("not valid") else str(exc)) from None
    try:
        rv = Review(data, seat if seat is not None else 0, args["seed"], args["hand"])
    except (ReviewError, ValueError, TypeError) as exc:
        raise ApiError(str(exc)) from None
    _review = rv
    return {"total": rv.total, "done": 0, "finished": rv.finished}


def _review_step(args: dict[str, Any]) -> dict[str, Any]:
    """Review the next ``count`` decisions (default 4); the report comes with the last step."""
    if _review is None:
        raise ApiError("no review started")
    _review.step(args["count"])
    out: dict[str, Any] = {"total": _review.total, "done": _review.done, "finished": _review.finished}
    if _review.finished:
        out["report"] = {**_review.report(), "seed": str(_review.seed)}
    return out


def _option_info(_: dict[str, Any]) -> list[dict[str, Any]]:
    """Every option with its names, values and their names, default, descriptions and chapter (for grouping)."""
    defaults = Options().to_json()
    out = []
    for i in OPTION_INFO.values():
        chapter = SECTION_TITLES.get(i.chapter, ("其他", "Other"))
        out.append({
            "key": i.key, "chinese": i.chinese, "english": i.english,
            "values": None if i.values is None else list(i.values), "default": defaults[i.key],
            "min": None if i.values is not None else 1, "max": None if i.values is not None else i.max_value,
            "value_labels": [] if i.values is None else [dict(zip(("zh", "en"), i.label(v), strict=True))
                                                          for v in i.values],
            "description": i.description, "description_zh": i.description_zh, "section": i.section,
            "chapter": i.chapter, "chapter_zh": chapter[0], "chapter_en": chapter[1]})
    return out


_INPUT_ERRORS = (AnalysisError, tutorial.LessonError)

METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": lambda _: __version__,
    "new_game": _new_game,
    "state": lambda _: _need_session().state(),
    "act": lambda a: _need_session().act(a["action"]),
    "bot_step": lambda _: _need_session().bot_step(),
    "next_hand": lambda _: _need_session().next_hand(),
    # saves and logs as JSON text: no integer of theirs ever goes through a JS number
    "save_text": lambda _: json.dumps(_need_session().save(), ensure_ascii=False),
    "export_log_text": lambda _: json.dumps(match_log(_need_session().match), ensure_ascii=False, indent=1),
    "restore": _restore,
    "replay_load": _replay_load,
    "replay_frame": _replay_frame,
    "analyze": lambda a: analyze_hand(a["hand"], a["melds"] or "", a["wildcard"]),
    "option_info": _option_info,
    "fan_table": lambda _: fan_table(),
    "bot_levels": lambda _: list(BOTS),
    # the levels offered to players ("random" is a test bot), weakest first, with names and the default
    "bot_level_names": lambda _: [{"id": k, "zh": LEVEL_NAMES[k][0], "en": LEVEL_NAMES[k][1],
                                   "offered": k != "random", "default": k == DEFAULT_LEVEL} for k in BOTS],
    "review_start": _review_start,
    "review_step": _review_step,
    "hint": lambda a: _need_session().hint(deep=a["deep"]),
    "lessons": lambda _: tutorial.catalogue(),
    "lesson": lambda a: tutorial.lesson(a["id"]),
    "check_exercise": lambda a: tutorial.check(a["id"], a["answer"]),
    "hand_widget": lambda a: tutorial.hand_widget(a["tiles"], a["melds"] or "", a["wildcard"] or None,
                                                  a["win_tile"] or None),
}


def call(method: str, json_args: str = "{}") -> str:
    """Dispatch one request and return its result as JSON.

    Raises :class:`ApiError` with a message for the user when the request is refused (unknown method,
    bad arguments, an illegal action); the engine state is then unchanged. Nothing else escapes: an
    argument the checks let through and a method cannot handle (``1e400``, say) is refused the same way.
    Messages are at most :data:`MAX_MESSAGE` characters, however long the input they quote.
    """
    try:
        return _call(method, json_args)
    except ApiError as exc:
        if len(str(exc)) <= MAX_MESSAGE:
            raise
        raise ApiError(_short(str(exc)), exc.reason) from None
    except Exception as exc:  # the promise: only ApiError leaves call()
        shown = f"{type(exc).__name__}: {exc}" if isinstance(method, str) else type(exc).__name__
        raise ApiError(_short(f"{str(method)[:40]}: the engine could not handle these arguments ({shown})")) from None


MAX_MESSAGE = 400
"""The longest error message :func:`call` gives (a message names what was wrong; it does not echo input)."""


def _call(method: str, json_args: str) -> str:
    fn = METHODS.get(method) if isinstance(method, str) else None
    if fn is None:
        raise ApiError(f"unknown method {_short(repr(method), 60)}")
    if not isinstance(json_args, str):
        raise ApiError("arguments must be JSON text")
    try:
        args = loads(json_args, MAX_ARGUMENT_CHARS) if json_args else {}
    except JsonInputError as exc:
        raise ApiError(f"arguments: {exc}") from None
    if args is None:  # bridge.call(method) without arguments sends null
        args = {}
    if not isinstance(args, dict):
        raise ApiError("arguments must be a JSON object")
    try:
        checked = validate(method, args)
    except SchemaError as exc:
        raise ApiError(str(exc)) from None
    try:
        result = fn(checked)
    except _INPUT_ERRORS as exc:  # the engine's own refusals of bad input, worded for the user already
        raise ApiError(str(exc), getattr(exc, "reason", None)) from None
    return json.dumps(result, ensure_ascii=False)


def _short(message: str, limit: int = MAX_MESSAGE) -> str:
    """A message cut to ``limit`` characters: an error names what was wrong, it does not echo kilobytes."""
    return message if len(message) <= limit else f"{message[:limit - 1]}…"
