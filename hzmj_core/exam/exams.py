"""The exams (考级): 注册运动员 and 业余 1 级, made from a seed, and grading an answer sheet.

* ``registered`` 注册运动员: 10 rules questions (bands 1-2), 10 minutes, 7 right to pass.
* ``amateur1`` 业余 1 级: 10 harder questions (bands 3-4, a 何切 among them), 10 minutes, 8 right to pass.

Each question of an exam is a different kind, so no two share a kind and a position. Question ``i`` is made from
``derive_seed(seed, i)``, so the same seed gives the same exam on every Python.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from ..reasons import because
from ..rng import Rng, SeedError, check_seed, derive_seed
from .base import ExamError, Question
from .kinds import KINDS


@dataclass(frozen=True)
class Level:
    """An exam level: its id, names, length, time and pass mark, the bands and kinds it draws from."""

    id: str
    code: int
    """Its number in certificate codes."""
    name_zh: str
    name_en: str
    questions: int
    minutes: int
    pass_mark: int
    bands: tuple[int, ...]
    must: tuple[str, ...]
    """Kinds every exam of this level has."""
    pool: tuple[str, ...]
    """Kinds the other questions are drawn from."""


_RULES = tuple(k for k in KINDS if k != "hecut")
LEVELS: dict[str, Level] = {
    "registered": Level("registered", 1, "注册运动员", "Registered athlete", 10, 10, 7, (1, 2), (), _RULES),
    "amateur1": Level("amateur1", 2, "业余 1 级", "Amateur grade 1", 10, 10, 8, (3, 4), ("hecut",), _RULES),
}
"""The two exams."""


def level_of(name: object) -> Level:
    """The level called ``name``; :class:`ExamError` otherwise."""
    if not isinstance(name, str) or name not in LEVELS:
        raise ExamError(f"level must be one of {', '.join(LEVELS)}, not {name!r}",
                        because("exam_level", value=json.dumps(str(name), ensure_ascii=False)[:40]))
    return LEVELS[name]


def seed_of(value: object) -> int:
    """An exam seed (an integer 0 to 2^64-1, or its decimal text)."""
    if isinstance(value, str) and value.isdigit():
        value = int(value)
    try:
        return check_seed(value)
    except SeedError as exc:
        raise ExamError(f"seed: {exc}") from None


def plan(level: Level, seed: int) -> list[tuple[str, int]]:
    """The (kind, band) of each question of the exam."""
    rng = Rng(derive_seed(seed, 0xE8A))
    kinds = list(level.pool)
    rng.shuffle(kinds)
    chosen = list(level.must) + [k for k in kinds if k not in level.must][: level.questions - len(level.must)]
    rng.shuffle(chosen)
    return [(k, level.bands[rng.below(len(level.bands))]) for k in chosen]


def make_exam(level_name: object, seed_value: object) -> tuple[Level, int, list[Question]]:
    """The exam of this level and seed: its level, seed and questions."""
    level = level_of(level_name)
    seed = seed_of(seed_value)
    questions = [KINDS[kind](Rng(derive_seed(seed, i)), band) for i, (kind, band) in enumerate(plan(level, seed))]
    return level, seed, questions


def exam_json(level: Level, seed: int, questions: list[Question], with_answers: bool = False) -> dict[str, Any]:
    """``{level, seed, minutes, pass_mark, questions}`` (the command line's and the page's shape)."""
    return {"level": level.id, "seed": seed, "name_zh": level.name_zh, "name_en": level.name_en,
            "minutes": level.minutes, "pass_mark": level.pass_mark,
            "questions": [q.to_json(with_answers) for q in questions]}


@dataclass
class Graded:
    """A graded sheet: the read answers, which are right, and the verdict."""

    level: Level
    seed: int
    questions: list[Question]
    answers: list[Any]
    right: list[bool]

    @property
    def score(self) -> int:
        """Right answers."""
        return sum(self.right)

    @property
    def passed(self) -> bool:
        """At or above the pass mark."""
        return self.score >= self.level.pass_mark

    def to_json(self) -> dict[str, Any]:
        """Per question: the answer given, the right answer, right or not, the explanation."""
        return {"level": self.level.id, "seed": self.seed, "right": self.score, "total": len(self.questions),
                "passed": self.passed, "pass_mark": self.level.pass_mark,
                "results": [{"given": a, "right": r, **q.to_json(True)}
                            for q, a, r in zip(self.questions, self.answers, self.right, strict=True)]}


def grade(level_name: object, seed_value: object, answers: object) -> Graded:
    """Grade an answer sheet (one answer per question, ``null`` for none) against the regenerated exam."""
    level, seed, questions = make_exam(level_name, seed_value)
    if not isinstance(answers, list) or len(answers) != len(questions):
        raise ExamError(f"answers must be a list of {len(questions)} answers (null for none)")
    read = [q.read(a, f"answer {i + 1}") for i, (q, a) in enumerate(zip(questions, answers, strict=True))]
    return Graded(level, seed, questions, read, [q.right(a) for q, a in zip(questions, read, strict=True)])
