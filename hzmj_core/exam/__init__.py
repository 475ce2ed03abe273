"""考级: rank exams made and graded by the engine, certificate codes, and the 段位 ladder.

* :mod:`.kinds` — one module per kind of question (is it complete, waits, 暴头/七客 state, pattern and fan,
  payments, 承包, legal claims, discards after a chow, unseen winning tiles, next dealer, end of the game, 何切);
* :mod:`.exams` — the two exams (注册运动员, 业余 1 级) from a seed, and grading;
* :mod:`.certificate` — short certificate codes that carry the seed and answers, checked and re-graded;
* :mod:`.ladder` — the 升级赛 ladder from 业余 1 级 to 业余 9 级 by ranked matches against the bots;
* :mod:`.api` — the methods the page calls; :mod:`.cli` — ``python -m hzmj_core exam``.
"""

from .base import ExamError, Question
from .certificate import CodeError, verify_exam
from .exams import LEVELS, grade, make_exam

__all__ = ["LEVELS", "CodeError", "ExamError", "Question", "grade", "make_exam", "verify_exam"]
