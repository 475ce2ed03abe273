"""The JSON facade the browser worker talks to: ``call(method, json_args) -> json``.

This module only dispatches and checks arguments. One :class:`~hzmj_core.session.GameSession` holds the
match (one human seat against three bots, or a friends table with several human seats); the page asks for
its seat's view, sends its chosen action, and asks the engine to play the bots one decision at a time (so it
can animate them at a readable pace). At a friends table the host's page serves each guest's calls for that
guest's seat only through ``seat_call`` (see ``docs/friends.md``). The replay viewer is
:mod:`hzmj_core.replay_viewer`. Every answer is plain JSON; the page holds no rules.
Stateless helpers (``analyze``, ``option_info``, ``fan_table``) serve the tutorial and the widgets too.
The worker calls :func:`warm_up` before it takes a memory snapshot and :func:`reset` after restoring one.

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
import time
from collections.abc import Callable
from typing import Any

from . import __version__
from .analysis import AnalysisError, analyze_hand
from .bots import BOTS, LEVEL_NAMES, OLD_BOT_IDS
from .fan import fan_table
from .glossary import gloss, pinyin
from .jsontext import MAX_ARGUMENT_CHARS, JsonInputError, loads
from .log import match_log
from .options import OPTION_INFO, PRESETS, SECTION_TITLES, Options, OptionsError
from .phrases import PHRASES
from .reasons import Reason, because
from .replay_viewer import ReplayError, ReplayViewer
from .review import Review, ReviewError
from .schema import DAILY_ARGS, EXAM_ARGS, GUEST_ARGS, SchemaError, validate
from .session import DEFAULT_LEVEL, GameSession, SessionError

__all__ = ["ApiError", "GameSession", "ReplayViewer", "call", "current_session", "reset", "warm_up"]


class ApiError(ValueError):
    """A request the engine refuses; the message is shown to the user.

    For a refusal a player can meet (an illegal action; a log, rule options or a save the engine cannot take; a
    table's refusal; a ladder file or an exam level the 考级 pages cannot take) ``reason`` holds the engine's
    :class:`~hzmj_core.reasons.Reason`, which the worker sends beside the message (``{code, params}``) so the
    page can word it in the player's language.
    """

    def __init__(self, message: str, reason: Reason | None = None) -> None:
        super().__init__(message)
        self.reason = reason


# --------------------------------------------------------------------- dispatch

_session: GameSession | None = None
_viewer: ReplayViewer | None = None
_par_runs: dict[str, Any] = {}
"""The par run of the 每日挑战 being computed, by date (``daily_par_step`` plays it deal by deal)."""


def _need_session() -> GameSession:
    if _session is None:
        raise ApiError("no game in progress")
    return _session


def _new_game(args: dict[str, Any]) -> dict[str, Any]:
    """A new match: ``humans`` (default ``[human]``) are the human seats, the others bots of ``level``."""
    global _session
    try:
        options = Options.from_json(args["options"])
    except OptionsError as exc:
        raise ApiError(str(exc), exc.reason) from None
    humans = None if args["humans"] is None else set(args["humans"])
    _session = GameSession(options, args["seed"], args["level"], args["human"], humans, args["timer"],
                           args["hints"], args["ranked"])
    return _session.state()


def _restore(args: dict[str, Any]) -> dict[str, Any]:
    """Resume a saved game (a save or its JSON text); a 每日挑战 in progress is replayed from its choices."""
    global _session
    save = args["save"]
    if isinstance(save, str) and '"daily"' in save:
        try:
            save = loads(save)
        except JsonInputError as exc:
            raise ApiError(str(exc)) from None
    if isinstance(save, dict) and "daily" in save:
        from .daily import DailySession
        _session = DailySession.resume(save)
    else:
        _session = GameSession.restore(save)
    return _session.state()


def _replay_load(args: dict[str, Any]) -> dict[str, Any]:
    global _viewer
    data = args["log"]
    _viewer = ReplayViewer.from_text(data) if isinstance(data, str) else ReplayViewer(data)
    return _viewer.summary()


def _replay_frame(args: dict[str, Any]) -> dict[str, Any]:
    if _viewer is None:
        raise ApiError("no replay loaded")
    return _viewer.frame(args["hand"], args["step"], args["seat"])


_review: Review | None = None


def _review_start(args: dict[str, Any]) -> dict[str, Any]:
    """Start a 复盘 review: ``log`` (object or JSON text; default the current game), ``seat`` (default the
    human's) and ``hand`` (0-based; default every hand). The page then calls ``review_step`` until
    ``finished`` to drive a progress bar."""
    global _review
    if _session is not None and _session.ranked and not _session.ranked_over:
        raise ApiError("a ranked match is reviewed once it is over", because("ranked_no_review"))
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
            raise ApiError(f"the file is {exc}" if str(exc).startswith("not valid") else str(exc),
                           because(exc.code, **exc.params)) from None
    try:
        rv = Review(data, seat if seat is not None else 0, args["seed"], args["hand"])
    except (ReviewError, ValueError, TypeError) as exc:
        raise ApiError(str(exc), getattr(exc, "reason", None)) from None
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
            # English labels keep a Mahjong term as "Baotou (暴头)", the description glosses it (glossary.py)
            "key": i.key, "chinese": i.chinese, "english": pinyin(i.english),
            "values": None if i.values is None else list(i.values), "default": defaults[i.key],
            "min": None if i.values is not None else 1, "max": None if i.values is not None else i.max_value,
            "value_labels": [] if i.values is None else [{"zh": zh, "en": pinyin(en)}
                                                          for zh, en in (i.label(v) for v in i.values)],
            "description": gloss(i.description), "description_zh": i.description_zh, "section": i.section,
            "chapter": i.chapter, "chapter_zh": chapter[0], "chapter_en": pinyin(chapter[1])})
    return out


# --------------------------------------------------------------------- a guest's calls (friends table)


def _seat_call(args: dict[str, Any]) -> Any:
    """Serve one guest's call for ``seat`` only: ``method`` must be one of :data:`~hzmj_core.schema.GUEST_ARGS`
    and ``args`` fit it; the answer is built from that seat's view. Everything else is refused before it
    reaches the engine, and the state stays as it was."""
    session = _need_session()
    seat = args["seat"]
    if seat not in session.humans:
        raise ApiError(f"seat S{seat} is not a player's seat at this table")
    if seat == session.human:
        raise ApiError(f"seat S{seat} is the host's own seat")
    method = args["method"]
    try:
        checked = validate(method, args["args"], GUEST_ARGS)
    except SchemaError as exc:
        raise ApiError(str(exc)) from None
    return GUEST_METHODS[method](session, seat, checked)


GUEST_METHODS: dict[str, Callable[[GameSession, int, dict[str, Any]], Any]] = {
    "state": lambda s, seat, _: s.state(seat, guest=True),
    "act": lambda s, seat, a: s.act(a["action"], seat, a["stamp"], guest=True),
    "hint": lambda s, seat, a: s.hint(seat, deep=a["deep"]),
    "review_start": lambda s, seat, a: s.review_start(seat, a["seed"], a["hand"]),
    "review_step": lambda s, seat, a: s.review_step(seat, a["count"]),
    "export_log_text": lambda s, _, __: json.dumps(s.guest_log(), ensure_ascii=False, indent=1),
    "ready_next": lambda s, seat, _: s.ready_next(seat, guest=True),
    "phrase": lambda s, seat, a: s.phrase(seat, a["id"]),
    "phrase_list": lambda _, __, ___: [p.to_json() for p in PHRASES],
}
"""What a guest may ask for its own seat (through ``seat_call``)."""


# --------------------------------------------------------------------- the worker


def warm_up() -> None:
    """Fill the lazily built tables and caches a first game needs (the worker runs it before it takes a
    memory snapshot), with throw-away games that leave no state behind."""
    for seed in (101, 202, 303):
        GameSession(Options(), seed).state()
    _option_info({})
    from . import tutorial  # imported on first use otherwise (see _tutorial)
    from .exam import api
    del tutorial, api


def current_session() -> GameSession | None:
    """The game in progress, if any (for tests and pages that embed the engine in Python)."""
    return _session


def reset() -> None:
    """Forget the game, the replay and the review in progress (the worker, after restoring a snapshot)."""
    global _session, _viewer, _review
    _session = None
    _viewer = None
    _review = None
    _par_runs.clear()


_INPUT_ERRORS = (AnalysisError, SessionError, ReplayError)


# The lessons (教程) and the exams (考级) are imported on their first call: a player's first table needs
# neither, and together they are about a quarter of this module's import in Pyodide.

def _tutorial(name: str, run: Callable[[Any, dict[str, Any]], Any]) -> Callable[[dict[str, Any]], Any]:
    """A lesson method: ``run(tutorial_module, args)``, its refusals (``LessonError``) worded for the player."""
    def method(args: dict[str, Any]) -> Any:
        from . import tutorial
        try:
            return run(tutorial, args)
        except tutorial.LessonError as exc:
            raise ApiError(str(exc)) from None
    method.__name__ = name
    return method


def _exam(name: str) -> Callable[[dict[str, Any]], Any]:
    """The 考级 method ``name`` of :mod:`hzmj_core.exam.api`, its refusals worded for the player."""
    def method(args: dict[str, Any]) -> Any:
        from .exam import api
        try:
            return api.METHODS[name](args)
        except api.INPUT_ERRORS as exc:
            raise ApiError(str(exc), getattr(exc, "reason", None)) from None
    method.__name__ = name
    return method


def _daily(name: str) -> Callable[[dict[str, Any]], Any]:
    """The 每日挑战 method ``name`` (:mod:`hzmj_core.daily`, imported on the first call), its refusals worded for
    the player."""
    def method(args: dict[str, Any]) -> Any:
        global _session
        from . import daily
        try:
            if name == "daily_today":
                import datetime
                now = datetime.datetime.fromtimestamp(args["now"] / 1000, datetime.UTC)
                return {"date": daily.today(now).isoformat(), "seconds_to_next": daily.seconds_to_next(now),
                        "first": daily.FIRST_DAY.isoformat()}
            if name == "daily_verify":
                for date, per_deal in (args["known_par"] or {}).items():  # par this page computed before
                    if isinstance(per_deal, list) and all(type(p) is int for p in per_deal):
                        daily.remember_par(daily.day_seed(daily.parse_date(date)), per_deal)
                return {**daily.verify(args["code"]), "code": daily.code_text(args["code"])}
            if name == "daily_result":
                session = _need_session()
                if not isinstance(session, daily.DailySession):
                    raise ApiError("no daily challenge in progress")
                return session.result(args["par"])
            day = daily.parse_date(args["date"])
            if name == "daily_info":
                seed = daily.day_seed(day)
                return {"date": day.isoformat(), "seed": str(seed), "weekday": day.weekday(),
                        "deals": [{**d, "seed": str(d["seed"])} for d in daily.deals(seed)],
                        "hecut": daily.hecut_json(day)}
            if name == "daily_start":
                _session = daily.DailySession(day, args["name"] or "", args["practice"])
                return _session.state()
            if name == "daily_par_step":
                key = day.isoformat()
                run = _par_runs.get(key)
                if run is None:
                    _par_runs.clear()
                    run = _par_runs[key] = daily.par_run(daily.day_seed(day))
                deadline = time.perf_counter() + args["budget_ms"] / 1000
                while not run.done and time.perf_counter() < deadline:
                    run.step()  # the player's next call waits for this step at most: a decision, a few ms
                if run.done:
                    daily.remember_par(run.seed, run.per_deal())
                return {"date": key, "per_deal": run.per_deal(), "done": run.done,
                        "decisions": len(run.match.round.actions) if not run.done else 0}
            return daily.hecut_answer(day, args["answer"])
        except (daily.DailyError, daily.DailyCodeError) as exc:
            raise ApiError(str(exc), exc.reason) from None
    method.__name__ = name
    return method


METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "version": lambda _: __version__,
    "new_game": _new_game,
    "state": lambda _: _need_session().state(),
    "act": lambda a: _need_session().act(a["action"], stamp=a["stamp"]),
    "bot_step": lambda _: _need_session().bot_step(),
    "next_hand": lambda _: _need_session().next_hand(),
    # a friends table (好友房): the host's page serves its guests and keeps the time
    "seat_call": _seat_call,
    "pending": lambda a: _need_session().pending(a["now"]),
    "timeout": lambda a: _need_session().timeout(a["seat"], a["now"]),
    "seat_to_bot": lambda a: _need_session().seat_to_bot(a["seat"]),
    "seat_to_human": lambda a: _need_session().seat_to_human(a["seat"]),
    "phrase": lambda a: _need_session().phrase(_need_session().human, a["id"]),
    "phrase_list": lambda _: [p.to_json() for p in PHRASES],
    # saves and logs as JSON text: no integer of theirs ever goes through a JS number
    "save_text": lambda _: json.dumps(_need_session().save(), ensure_ascii=False),
    "export_log_text": lambda _: json.dumps(match_log(_need_session().match), ensure_ascii=False, indent=1),
    "restore": _restore,
    "replay_load": _replay_load,
    "replay_frame": _replay_frame,
    "analyze": lambda a: analyze_hand(a["hand"], a["melds"] or "", a["wildcard"]),
    "option_info": _option_info,
    # the named option sets (玩法), first the defaults: only the options that differ from the defaults
    "option_presets": lambda _: [{"key": p.key, "zh": p.chinese, "en": pinyin(p.english),
                                  "description_zh": p.description_zh, "description": gloss(p.description),
                                  "options": dict(p.values)} for p in PRESETS.values()],
    "fan_table": lambda _: fan_table(),
    "bot_levels": lambda _: list(BOTS),
    # the levels offered to players ("random" is a test bot), weakest first, with names and the default
    "bot_level_names": lambda _: [{"id": k, "zh": LEVEL_NAMES[k][0], "en": LEVEL_NAMES[k][1],
                                   "offered": k != "random", "default": k == DEFAULT_LEVEL,
                                   "aliases": [old for old, new in OLD_BOT_IDS.items() if new == k]} for k in BOTS],
    "review_start": _review_start,
    "review_step": _review_step,
    "hint": lambda a: _need_session().hint(deep=a["deep"]),
    "lessons": _tutorial("lessons", lambda m, _: m.catalogue()),
    "lesson": _tutorial("lesson", lambda m, a: m.lesson(a["id"])),
    "check_exercise": _tutorial("check_exercise", lambda m, a: m.check(a["id"], a["answer"])),
    "hand_widget": _tutorial("hand_widget", lambda m, a: m.hand_widget(a["tiles"], a["melds"] or "",
                                                                       a["wildcard"] or None, a["win_tile"] or None)),
    # a widget's markup with the engine's analysis carried inside it (python -m hzmj_core embed)
    "embed": _tutorial("embed", lambda m, a: m.embed(a)),
    **{name: _exam(name) for name in EXAM_ARGS},  # 考级 (hzmj_core/exam/api.py)
    **{name: _daily(name) for name in DAILY_ARGS},  # 每日挑战 (hzmj_core/daily.py)
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
        raise ApiError(f"arguments: {exc}", because(exc.code, **exc.params)) from None
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
