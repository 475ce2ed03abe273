"""The exam's methods for the page (``webapi``): exams, checking one answer, grading, codes, the ladder.

:data:`METHODS` and :data:`ARGS` are registered by :mod:`hzmj_core.webapi` beside its own. The last exam made is
kept, so checking an answer after each question does not make the exam again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..jsontext import MAX_BYTES, JsonInputError, loads
from ..schema import Arg, anything, array, integer, optional, seed, text, text_or_object
from .base import BAND_NAMES, ExamError, Question
from .certificate import CodeError, exam_code, verify_exam
from .exams import LEVELS, Level, exam_json, grade, make_exam
from .kinds import KIND_NAMES
from .ladder import RANKED_HANDS, LadderError, issue, ladder_state, placement_of, rules, verify_ladder

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


def _grade(a: dict[str, Any]) -> dict[str, Any]:
    _exam(a["level"], a["seed"])
    g = grade(a["level"], a["seed"], a["answers"])
    code = exam_code(g.level, g.seed, [q.pack(x) for q, x in zip(g.questions, g.answers, strict=True)],
                     [q.radix() for q in g.questions], a["date"], a["name"] or "")
    out = g.to_json()
    out["seed"] = str(g.seed)
    out["code"] = code
    return out


def _file(value: Any) -> Any:
    if isinstance(value, str):
        try:
            return loads(value)
        except JsonInputError as exc:
            raise ExamError(f"the match file: {exc}") from None
    return value


def _verify(a: dict[str, Any]) -> dict[str, Any]:
    try:
        if a["file"] is not None:
            out = verify_ladder(a["code"], _file(a["file"]), a["name"])
        else:
            out = verify_exam(a["code"], a["name"])
    except (CodeError, LadderError) as exc:
        return {"valid": False, "reason": str(exc)}
    if "seed" in out:
        out["seed"] = str(out["seed"])
    return out


def _ranked(a: dict[str, Any]) -> dict[str, Any]:
    """A finished ranked match from the game page's save: the record the ladder keeps."""
    save = _file(a["save"])
    if not isinstance(save, dict) or not isinstance(save.get("log"), dict):
        raise ExamError("the save has no match log")
    hands = save["log"].get("hands", [])
    if not isinstance(hands, list):
        raise ExamError("the save's log has no hands")
    human = save.get("human", 0)
    done = [h for h in hands if isinstance(h, dict) and h.get("result") is not None][:RANKED_HANDS]
    actions = [t for h in done for t in h.get("actions", []) if isinstance(t, str) and t.startswith(f"S{human} ")]
    points = list(save["log"].get("summary", {}).get("points", [50] * 4))
    if done:
        last = done[-1]
        points = [p + d for p, d in zip(last["points"], last["result"]["deltas"], strict=True)]
    return {"seed": str(save.get("seed")), "level": save.get("level"), "actions": actions, "hands": len(done),
            "points": points, "placement": placement_of(points, human)}


def _issue(a: dict[str, Any]) -> dict[str, Any]:
    data = _file(a["file"])
    if isinstance(data, dict) and isinstance(data.get("matches"), list):
        for m in data["matches"]:
            if isinstance(m, dict) and isinstance(m.get("seed"), str) and m["seed"].isdigit():
                m["seed"] = int(m["seed"])
    try:
        return {**issue(data, a["date"], a["name"] or ""), "file": data}
    except LadderError as exc:
        raise ExamError(str(exc)) from None


_SHEET = array(anything, 50)
METHODS: dict[str, Callable[[dict[str, Any]], Any]] = {
    "exam_levels": _levels,
    "exam_new": _new,
    "exam_check": _check,
    "exam_grade": _grade,
    "exam_verify": _verify,
    "ladder_state": lambda a: ladder_state(a["placements"]),
    "ladder_rules": lambda _: rules(),
    "ladder_ranked": _ranked,
    "ladder_issue": _issue,
}
"""The exam's webapi methods."""

_LEVEL = text(20)
ARGS: dict[str, dict[str, Arg]] = {
    "exam_levels": {},
    "exam_new": {"level": Arg(_LEVEL, required=True), "seed": Arg(seed, required=True)},
    "exam_check": {"level": Arg(_LEVEL, required=True), "seed": Arg(seed, required=True),
                   "index": Arg(integer(0, 49), required=True), "answer": Arg(anything)},
    "exam_grade": {"level": Arg(_LEVEL, required=True), "seed": Arg(seed, required=True),
                   "answers": Arg(_SHEET, required=True), "name": Arg(optional(text(60)), ""),
                   "date": Arg(optional(text(10)))},
    "exam_verify": {"code": Arg(text(200), required=True), "name": Arg(optional(text(60))),
                    "file": Arg(optional(text_or_object(MAX_BYTES, anything, "the match file")))},
    "ladder_state": {"placements": Arg(array(integer(1, 4), 100_000), [])},
    "ladder_rules": {},
    "ladder_ranked": {"save": Arg(text_or_object(MAX_BYTES, anything, "the saved game"), required=True)},
    "ladder_issue": {"file": Arg(text_or_object(MAX_BYTES, anything, "the match file"), required=True),
                     "name": Arg(optional(text(60)), ""), "date": Arg(optional(text(10)))},
}
"""Their arguments, checked by :func:`hzmj_core.schema.validate`."""

INPUT_ERRORS = (ExamError,)
"""The exam's refusals of bad input (worded for the player already)."""
