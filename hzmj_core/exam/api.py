"""The exam's methods for the page (``webapi``): exams, checking one answer, grading, codes, the ladder.

:data:`METHODS` are served by :mod:`hzmj_core.webapi`, which imports this module on the first exam call. The
last exam made is kept, so checking an answer after each question does not make the exam again.
"""

from __future__ import annotations

import datetime
import json
from collections.abc import Callable
from typing import Any

from ..jsontext import JsonInputError, loads
from ..log import LogError, match_from_log
from ..schema import EXAM_ARGS, Arg
from .base import BAND_NAMES, ExamError, Question
from .certificate import CodeError, exam_code, verify_exam
from .exams import LEVELS, Level, exam_json, grade, make_exam
from .kinds import KIND_NAMES
from .ladder import (
    RANKED_HANDS,
    LadderError,
    check_record,
    issue,
    ladder_state,
    next_match,
    placement_of,
    rules,
    verify_ladder,
)

_last: dict[tuple[str, int], tuple[Level, int, list[Question]]] = {}


def _exam(level: str, seed_value: int) -> tuple[Level, int, list[Question]]:
    key = (level, seed_value)
    if key not in _last:
        _last.clear()
        _last[key] = make_exam(level, seed_value)
    return _last[key]


def _levels(_: dict[str, Any]) -> dict[str, Any]:
    return {"levels": [{"id": lv.id, "zh": lv.name_zh, "en": lv.name_en, "questions": lv.questions,
                        "minutes": lv.minutes, "pass_mark": lv.pass_mark, "bands": list(lv.bands)}
                       for lv in LEVELS.values()],
            "kinds": {k: {"zh": v[0], "en": v[1]} for k, v in KIND_NAMES.items()},
            "bands": {str(b): {"zh": v[0], "en": v[1]} for b, v in BAND_NAMES.items()}}


def _new(a: dict[str, Any]) -> dict[str, Any]:
    level, s, qs = _exam(a["level"], a["seed"])
    out = exam_json(level, s, qs)
    out["seed"] = str(s)
    return out


def _check(a: dict[str, Any]) -> dict[str, Any]:
    _, _, qs = _exam(a["level"], a["seed"])
    i = a["index"]
    if i >= len(qs):
        raise ExamError(f"index must be below {len(qs)}")
    q = qs[i]
    given = q.read(a["answer"])
    return {"right": q.right(given), "given": given, **q.to_json(True)}


def _today(a: dict[str, Any]) -> datetime.date | None:
    """The calling device's today (``today``, YYYY-MM-DD), or ``None`` for the engine's clock."""
    if a.get("today") is None:
        return None
    try:
        return datetime.date.fromisoformat(a["today"])
    except ValueError:
        raise ExamError(f"today must be YYYY-MM-DD, not {a['today'][:40]!r}") from None


def _grade(a: dict[str, Any]) -> dict[str, Any]:
    """The graded exam and its code; ``code`` is ``None`` with ``code_why`` (a reason) when its date cannot be on a
    certificate (before 2024, after today): the grade stands, only the certificate waits for a right clock."""
    _exam(a["level"], a["seed"])
    g = grade(a["level"], a["seed"], a["answers"])
    out = g.to_json()
    out["seed"] = str(g.seed)
    try:
        out["code"] = exam_code(g.level, g.seed, [q.pack(x) for q, x in zip(g.questions, g.answers, strict=True)],
                                [q.radix() for q in g.questions], a["date"], a["name"] or "", _today(a))
    except CodeError as exc:
        out["code"] = None
        out["code_why"] = exc.reason.to_json()
    return out


def _file(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return loads(value)
        except JsonInputError:
            raise LadderError("ladder_file_json") from None
    return value


def _verify(a: dict[str, Any]) -> dict[str, Any]:
    try:
        if a["file"] is not None:
            out = verify_ladder(a["code"], _file(a["file"]), a["name"], _today(a))
        else:
            out = verify_exam(a["code"], a["name"], _today(a))
    except (CodeError, LadderError) as exc:
        return {"valid": False, "reason": str(exc), "why": exc.reason.to_json()}
    if "seed" in out:
        out["seed"] = str(out["seed"])
    return out


def _ranked(a: dict[str, Any]) -> dict[str, Any]:
    """A ranked match from the game page's save, once its hands are over: the record the ladder keeps (the player's
    actions of the first :data:`RANKED_HANDS` hands, placement and points, and ``hints``: whether the table gave
    hints, false only for a save of a ranked session, which refuses them)."""
    try:
        save = _file(a["save"])
    except LadderError:
        save = None
    if not isinstance(save, dict):
        raise ExamError("the save is not a saved game")
    try:
        m = match_from_log(save.get("log"))
    except LogError as exc:
        raise ExamError(f"the save: {exc}") from None
    if not m.over and m.round.is_over and len(m.history) < RANKED_HANDS:
        m.finish_hand()
    if not m.over and len(m.history) < RANKED_HANDS:
        raise ExamError(f"the ranked match is not over: {len(m.history)} of {RANKED_HANDS} hands played")
    human = save.get("human", 0)
    hands = m.history[:RANKED_HANDS]
    points = [m.options.start_points] * 4
    for h in hands:
        points = [p + d for p, d in zip(points, h.result.deltas, strict=True)]
    actions = [t for h in hands for t in h.actions if t.startswith(f"S{human} ")]
    return {"seed": str(m.seed), "level": save.get("level"), "actions": actions, "hands": len(hands),
            "hints": save.get("hints") is not False, "points": points,
            "placement": placement_of(points, human if isinstance(human, int) else 0)}


def _ladder(run: Callable[[], Any]) -> Any:
    """``run()``, a ladder file or record it refuses as the exam's refusal (with its reason)."""
    try:
        return run()
    except LadderError as exc:
        raise ExamError(str(exc), exc.reason) from None


def _issue(a: dict[str, Any]) -> dict[str, Any]:
    data = _ladder(lambda: _file(a["file"]))
    if isinstance(data, dict) and isinstance(data.get("matches"), list):
        for m in data["matches"]:
            if isinstance(m, dict) and isinstance(m.get("seed"), str) and m["seed"].isdigit():
                m["seed"] = int(m["seed"])
    try:
        out = _ladder(lambda: issue(data, a["date"], a["name"] or "", _today(a)))
    except CodeError as exc:
        raise ExamError(str(exc), exc.reason) from None
    # as text: the page must not turn a 64-bit seed into a JavaScript number
    return {**out, "file_text": json.dumps(data, ensure_ascii=False)}


METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "exam_levels": _levels,
    "exam_new": _new,
    "exam_check": _check,
    "exam_grade": _grade,
    "exam_verify": _verify,
    "ladder_state": lambda a: _ladder(lambda: ladder_state(a["placements"], a["record"])),
    "ladder_rules": lambda _: rules(),
    "ladder_next": lambda a: _ladder(lambda: next_match(a["record"])),
    "ladder_check": lambda a: _ladder(lambda: check_record(a["record"])),
    "ladder_ranked": _ranked,
    "ladder_issue": _issue,
}
"""The exam's webapi methods."""

ARGS: dict[str, dict[str, Arg]] = EXAM_ARGS
"""Their arguments, checked by :func:`hzmj_core.schema.validate` (kept in :mod:`hzmj_core.schema`)."""

INPUT_ERRORS = (ExamError,)
"""The exam's refusals of bad input (worded for the player already)."""
