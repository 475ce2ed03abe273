"""The arguments of every ``webapi`` method, checked in one place before the method runs.

:data:`METHOD_ARGS` lists, for each method, the arguments it takes with their checks; :func:`validate`
refuses an unknown argument, a missing required one, or a value of the wrong type or range with a
:class:`SchemaError` naming the method, the argument and what was wrong. Types are exact (``true`` is not
an integer, ``1.0`` is not an integer). A check may normalise a value (a seed given as a decimal string
becomes an int). Deeper meaning (a legal action, known options, a lesson id) is the method's to check.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from .bots import BOTS, OLD_BOT_IDS
from .jsontext import MAX_BYTES
from .rng import SeedError, parse_seed

Check = Callable[[Any, str], Any]
"""A check: ``(value, where) -> value``, raising :class:`SchemaError` naming ``where``."""


class SchemaError(ValueError):
    """An argument that does not fit its method's schema; the message names the method and argument.

    ``where`` is the path of the value at fault as the message gives it (``"save.hands[0]"``), ``missing`` the
    key an object lacks, when that is the fault."""

    def __init__(self, message: str, where: str = "", missing: str | None = None) -> None:
        super().__init__(message)
        self.where = where
        self.missing = missing


def _kind(value: Any) -> str:
    names = {bool: "true/false", int: "an integer", float: "a number with a fraction", str: "text",
             list: "a list", dict: "an object", type(None): "null"}
    return names.get(type(value), type(value).__name__)


def integer(lo: int, hi: int) -> Check:
    """An int (not a bool, not a float) with ``lo <= value <= hi``."""
    def check(value: Any, where: str) -> int:
        if type(value) is not int:
            raise SchemaError(f"{where} must be an integer from {lo} to {hi}, got {_kind(value)}", where=where)
        if not lo <= value <= hi:
            raise SchemaError(f"{where} must be from {lo} to {hi}, got {value}", where=where)
        return value
    return check


def text(max_len: int) -> Check:
    """A string of at most ``max_len`` characters."""
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str):
            raise SchemaError(f"{where} must be text, got {_kind(value)}", where=where)
        if len(value) > max_len:
            raise SchemaError(f"{where} is {len(value)} characters long; at most {max_len}", where=where)
        return value
    return check


def boolean(value: Any, where: str) -> bool:
    """``true`` or ``false`` (not 0 or 1)."""
    if type(value) is not bool:
        raise SchemaError(f"{where} must be true or false, got {_kind(value)}", where=where)
    return value


def optional(inner: Check) -> Check:
    """``null`` (kept as ``None``) or a value passing ``inner``."""
    def check(value: Any, where: str) -> Any:
        return None if value is None else inner(value, where)
    return check


def choice(values: list[str]) -> Check:
    """One of the given strings."""
    def check(value: Any, where: str) -> str:
        if not isinstance(value, str) or value not in values:
            shown = repr(value) if isinstance(value, str) else _kind(value)
            raise SchemaError(f"{where} must be one of {', '.join(values)}, got {shown}", where=where)
        return value
    return check


def seed(value: Any, where: str) -> int:
    """A seed, 0 <= seed < 2^64, as a decimal string (the page's form) or an int; returned as an int."""
    if isinstance(value, bool) or not isinstance(value, (str, int)):
        raise SchemaError(f"{where} must be a whole number written as text, got {_kind(value)}", where=where)
    try:
        return parse_seed(value)
    except SeedError as exc:
        raise SchemaError(f"{where}: {exc}", where=where) from None


def obj(fields: Mapping[str, Check], required: tuple[str, ...] = (), extra: bool = True) -> Check:
    """An object whose listed fields pass their checks (``extra``: other keys are allowed and kept)."""
    def check(value: Any, where: str) -> dict[str, Any]:
        if not isinstance(value, dict):
            raise SchemaError(f"{where} must be an object, got {_kind(value)}", where=where)
        for key in required:
            if key not in value:
                raise SchemaError(f"{where} lacks {key!r}", where=where, missing=key)
        if not extra:
            unknown = sorted(set(value) - set(fields))
            if unknown:
                raise SchemaError(f"{where} has an unknown key {unknown[0]!r}", where=where)
        out = dict(value)
        for key, inner in fields.items():
            if key in value:
                out[key] = inner(value[key], f"{where}.{key}")
        return out
    return check


def array(inner: Check, max_len: int) -> Check:
    """A list of at most ``max_len`` items, each passing ``inner``."""
    def check(value: Any, where: str) -> list[Any]:
        if not isinstance(value, list):
            raise SchemaError(f"{where} must be a list, got {_kind(value)}", where=where)
        if len(value) > max_len:
            raise SchemaError(f"{where} has {len(value)} items; at most {max_len}", where=where)
        return [inner(item, f"{where}[{i}]") for i, item in enumerate(value)]
    return check


def text_or_object(max_len: int, inner: Check, what: str) -> Check:
    """Text of at most ``max_len`` characters (JSON text, an action text) or an object passing ``inner``."""
    def check(value: Any, where: str) -> Any:
        if isinstance(value, str):
            return text(max_len)(value, where)
        if isinstance(value, dict):
            return inner(value, where)
        raise SchemaError(f"{where} must be {what}, got {_kind(value)}", where=where)
    return check


def exactly(wanted: int) -> Check:
    """The integer ``wanted`` and nothing else (a format version)."""
    def check(value: Any, where: str) -> int:
        if type(value) is not int or value != wanted:
            shown = repr(value) if isinstance(value, (int, float, str)) else _kind(value)
            raise SchemaError(f"{where} is {shown}: this engine reads {wanted}", where=where)
        return value
    return check


def bounded(inner: Check, max_chars: int, max_depth: int) -> Check:
    """A value passing ``inner`` whose JSON text has at most ``max_chars`` characters and whose lists and
    objects nest at most ``max_depth`` deep (what a guest may send through the host)."""
    def check(value: Any, where: str) -> Any:
        depth = _depth(value, max_depth + 1)
        if depth > max_depth:
            raise SchemaError(f"{where} nests deeper than {max_depth} levels", where=where)
        size = len(json.dumps(value, ensure_ascii=False))
        if size > max_chars:
            raise SchemaError(f"{where} is {size} characters of JSON; at most {max_chars}", where=where)
        return inner(value, where)
    return check


def _depth(value: Any, limit: int) -> int:
    """How deep lists and objects nest in ``value`` (counting stops at ``limit``)."""
    if limit <= 0 or not isinstance(value, (list, dict)):
        return 0
    items = value.values() if isinstance(value, dict) else value
    return 1 + max((_depth(v, limit - 1) for v in items), default=0)


def anything(value: Any, where: str) -> Any:
    """Any JSON value (its meaning is checked by the method)."""
    return value


@dataclass(frozen=True)
class Arg:
    """One argument: its check, and its default when left out (``required`` ones have none)."""

    check: Check
    default: Any = None
    required: bool = False


TILES = text(200)
"""A tile string in notation (generous: 14 tiles and their melds take about 40 characters)."""
ACTION_TEXT = text(100)
"""An action in its text form, ``S1 discard 5m``."""
LEVEL = choice([*BOTS, *OLD_BOT_IDS])
"""A bot level: its id, or an old id that names the same kind (:data:`hzmj_core.bots.OLD_BOT_IDS`)."""
TIMER_NAMES = ("off", "relaxed", "standard")
"""The turn timer settings (their seconds: :data:`hzmj_core.session.TIMERS`)."""
SEAT = integer(0, 3)
NOW = integer(0, 2**53)
"""A time in milliseconds (the host's clock, ``Date.now()``)."""
STAMP = text(40)
"""The ``stamp`` of the view a decision was made on (``"2.57"``: hand and public event count)."""
GUEST_LIMIT = (2_000, 4)
"""At most this many characters of JSON and this depth of nesting in a guest's ``args``."""

SAVE = obj({
    "version": exactly(1),
    "options": obj({}),
    "seed": seed,
    "level": LEVEL,
    "human": integer(0, 3),
    "humans": array(integer(0, 3), 4),
    "timer": choice(list(TIMER_NAMES)),
    "hints": boolean,
    "ranked": boolean,
    "away": array(integer(0, 3), 4),
    "log": obj({"hands": array(obj({"actions": array(ACTION_TEXT, 10_000)}, required=("actions",)), 100_000)},
               required=("hands",)),
}, required=("version", "options", "seed", "level", "human", "log"))
"""What :meth:`~hzmj_core.session.GameSession.save` writes (``humans``, ``timer``, ``hints``, ``ranked`` and
``away`` may be left out: a game of one human seat); ``restore`` checks a save with it once the JSON text is read,
then replays the log, which checks the rest."""

ACTION = text_or_object(100, obj({}), "an action text or object")

GUEST_ARGS: dict[str, dict[str, Arg]] = {
    "state": {},
    "act": {"action": Arg(ACTION, required=True), "stamp": Arg(STAMP, required=True)},
    "hint": {"deep": Arg(boolean, False)},
    "review_start": {"seed": Arg(seed, 0), "hand": Arg(optional(integer(0, 1_000)))},
    "review_step": {"count": Arg(integer(1, 16), 4)},
    "export_log_text": {},
    "ready_next": {},
    "phrase": {"id": Arg(text(32), required=True)},
    "phrase_list": {},
}
"""What a guest may ask through ``seat_call``, for its own seat, and the arguments of each (a guest's
``act`` must carry the ``stamp`` of the view it decided on; its review steps are small, so one guest cannot
hold the host's engine for long)."""

METHOD_ARGS: dict[str, dict[str, Arg]] = {
    "version": {},
    "new_game": {"options": Arg(obj({}), {}), "seed": Arg(seed, required=True), "level": Arg(LEVEL, "standard"),
                 "human": Arg(SEAT, 0), "humans": Arg(optional(array(SEAT, 4))),
                 "timer": Arg(choice(list(TIMER_NAMES)), "off"), "hints": Arg(boolean, True),
                 "ranked": Arg(boolean, False)},
    "state": {},
    "act": {"action": Arg(ACTION, required=True), "stamp": Arg(optional(STAMP))},
    "bot_step": {},
    "next_hand": {},
    "save_text": {},
    "export_log_text": {},
    "restore": {"save": Arg(text_or_object(MAX_BYTES, obj({}), "the saved game's JSON text or object"),
                            required=True)},
    "replay_load": {"log": Arg(text_or_object(MAX_BYTES, obj({}), "the log's JSON text or object"),
                               required=True)},
    "replay_frame": {"hand": Arg(integer(0, 1_000_000), 0), "step": Arg(integer(0, 1_000_000), 0),
                     "seat": Arg(integer(0, 3), 0)},
    "analyze": {"hand": Arg(TILES, required=True), "melds": Arg(optional(TILES), ""),
                "wildcard": Arg(optional(text(4)))},
    "option_info": {},
    "option_presets": {},
    "fan_table": {},
    "bot_levels": {},
    "bot_level_names": {},
    "hint": {"deep": Arg(boolean, False)},
    "review_start": {"log": Arg(optional(text_or_object(MAX_BYTES, obj({}), "the log's JSON text or object"))),
                     "seat": Arg(optional(integer(0, 3))), "seed": Arg(seed, 0),
                     "hand": Arg(optional(integer(0, 1_000_000)))},
    "review_step": {"count": Arg(integer(1, 10_000), 4)},
    "lessons": {},
    "lesson": {"id": Arg(text(100), required=True)},
    "check_exercise": {"id": Arg(text(100), required=True), "answer": Arg(anything)},
    "hand_widget": {"tiles": Arg(TILES, required=True), "melds": Arg(optional(TILES), ""),
                    "wildcard": Arg(optional(text(4))), "win_tile": Arg(optional(text(4)))},
    "embed": {"tiles": Arg(optional(TILES)), "melds": Arg(optional(TILES), ""), "wildcard": Arg(optional(text(4))),
              "win_tile": Arg(optional(text(4))), "lesson": Arg(optional(text(100))),
              "lang": Arg(optional(choice(["zh", "en"]))), "caption": Arg(optional(text(300)))},
    "seat_call": {"seat": Arg(SEAT, required=True), "method": Arg(choice(sorted(GUEST_ARGS)), required=True),
                  "args": Arg(bounded(obj({}), *GUEST_LIMIT), {})},
    "pending": {"now": Arg(NOW, required=True)},
    "timeout": {"seat": Arg(SEAT, required=True), "now": Arg(NOW, required=True)},
    "seat_to_bot": {"seat": Arg(SEAT, required=True)},
    "seat_to_human": {"seat": Arg(SEAT, required=True)},
    "phrase": {"id": Arg(text(32), required=True)},
    "phrase_list": {},
}
"""Every webapi method and the arguments it takes (the exam's are added below)."""

_EXAM_LEVEL = text(20)
_ANSWER_SHEET = array(anything, 50)
EXAM_ARGS: dict[str, dict[str, Arg]] = {
    "exam_levels": {},
    "exam_new": {"level": Arg(_EXAM_LEVEL, required=True), "seed": Arg(seed, required=True)},
    "exam_check": {"level": Arg(_EXAM_LEVEL, required=True), "seed": Arg(seed, required=True),
                   "index": Arg(integer(0, 49), required=True), "answer": Arg(anything)},
    "exam_grade": {"level": Arg(_EXAM_LEVEL, required=True), "seed": Arg(seed, required=True),
                   "answers": Arg(_ANSWER_SHEET, required=True), "name": Arg(optional(text(60)), ""),
                   "date": Arg(optional(text(10))), "today": Arg(optional(text(10)))},
    "exam_verify": {"code": Arg(text(200), required=True), "name": Arg(optional(text(60))),
                    "file": Arg(optional(text_or_object(MAX_BYTES, anything, "the match file"))),
                    "today": Arg(optional(text(10)))},
    "ladder_state": {"placements": Arg(array(integer(1, 4), 100_000), []),
                     "record": Arg(optional(text_or_object(MAX_BYTES, anything, "a ladder record")))},
    "ladder_rules": {},
    "ladder_next": {"record": Arg(text_or_object(MAX_BYTES, anything, "a ladder record"), required=True)},
    "ladder_check": {"record": Arg(text_or_object(MAX_BYTES, anything, "a ladder record"), required=True)},
    "ladder_ranked": {"save": Arg(text_or_object(MAX_BYTES, anything, "the saved game"), required=True)},
    "ladder_issue": {"file": Arg(text_or_object(MAX_BYTES, anything, "the match file"), required=True),
                     "name": Arg(optional(text(60)), ""), "date": Arg(optional(text(10))),
                     "today": Arg(optional(text(10)))},
}
"""The 考级 methods (:mod:`hzmj_core.exam.api`) and their arguments. They are listed here, not in the exam
package, so that the web API can check a call and import the exams only when one is first asked for."""
METHOD_ARGS.update(EXAM_ARGS)

_DATE = text(10)
DAILY_ARGS: dict[str, dict[str, Arg]] = {
    "daily_today": {"now": Arg(NOW, required=True)},
    "daily_info": {"date": Arg(_DATE, required=True)},
    "daily_start": {"date": Arg(_DATE, required=True), "name": Arg(optional(text(200)), ""),
                    "practice": Arg(boolean, False)},
    "daily_par_step": {"date": Arg(_DATE, required=True), "budget_ms": Arg(integer(1, 60_000), 40)},
    "daily_result": {"par": Arg(optional(array(integer(-100_000, 100_000), 4)))},
    "daily_verify": {"code": Arg(text(2_000), required=True), "known_par": Arg(optional(obj({})))},
    "daily_hecut_answer": {"date": Arg(_DATE, required=True), "answer": Arg(anything)},
}
"""The 每日挑战 methods (:mod:`hzmj_core.daily`) and their arguments."""
METHOD_ARGS.update(DAILY_ARGS)


def validate(method: str, args: dict[str, Any],
             table: Mapping[str, Mapping[str, Arg]] = METHOD_ARGS) -> dict[str, Any]:
    """The arguments of ``method`` (in ``table``) checked and completed with defaults; raises
    :class:`SchemaError`."""
    spec = table.get(method)
    if spec is None:
        raise SchemaError(f"{method} has no argument schema")
    unknown = sorted(set(args) - set(spec))
    if unknown:
        takes = ", ".join(spec) or "no arguments"
        raise SchemaError(f"{method}: unknown argument {unknown[0]!r} (it takes {takes})")
    out: dict[str, Any] = {}
    for name, arg in spec.items():
        if name in args:
            out[name] = arg.check(args[name], f"{method}: {name!r}")
        elif arg.required:
            raise SchemaError(f"{method} needs the argument {name!r}")
        else:
            out[name] = arg.default
    return out
