"""``python -m hzmj_core exam``: make an exam, grade an answer sheet, verify a certificate code.

* ``exam --level registered|amateur1 --seed S [--with-answers] [--json]`` prints
  ``{level, seed, minutes, pass_mark, questions}``;
* ``exam --grade FILE [--json]`` reads ``{level, seed, answers, [name], [date]}`` and prints
  ``{right, total, passed, code}``;
* ``exam --verify CODE [--name NAME] [--file FILE] [--json]`` prints ``{valid: true, level, ...}``; a code that
  does not verify exits 1 with its reason in one line. Bad input exits 2 with one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from ..cli_tools import emit, error_line, seed_arg
from ..jsontext import JsonInputError, read_json
from .base import ExamError
from .certificate import CodeError, exam_code, verify_exam
from .exams import LEVELS, exam_json, grade, make_exam
from .kinds import KIND_NAMES
from .ladder import LadderError, verify_ladder

COMMAND = "exam"


def add_parser(sub: Any) -> None:
    """Add the ``exam`` subcommand to the main parser's subparsers."""
    e = sub.add_parser(COMMAND, help="考级: make an exam, grade answers, verify a certificate code",
                       description="Rank exams (注册运动员, 业余 1 级) made and graded by the engine.")
    e.add_argument("--level", help=f"the exam to make: {', '.join(LEVELS)}")
    e.add_argument("--seed", type=seed_arg, help="the exam's seed, 0 to 2^64-1")
    e.add_argument("--with-answers", action="store_true", help="include each question's answer and explanation")
    e.add_argument("--grade", type=Path, metavar="FILE", help='grade an answer sheet {"level", "seed", "answers"}')
    e.add_argument("--verify", metavar="CODE", help="verify a certificate code")
    e.add_argument("--name", help="with --verify: the name on the certificate")
    e.add_argument("--file", type=Path, help="with --verify: the match file of a ladder certificate")
    e.add_argument("--json", action="store_true", help="machine-readable output")


def _sheet(path: Path) -> dict[str, Any]:
    try:
        data = read_json(path)
    except JsonInputError as exc:
        raise ExamError(str(exc)) from None
    if not isinstance(data, dict):
        raise ExamError(f"{path}: an answer sheet is a JSON object {{level, seed, answers}}")
    for key in ("level", "seed", "answers"):
        if key not in data:
            raise ExamError(f"{path}: the answer sheet has no {key!r}")
    return data


def _exam_text(d: dict[str, Any]) -> str:
    lines = [f"{d['name_zh']} / {d['name_en']} — seed {d['seed']}, {d['minutes']} minutes, "
             f"{d['pass_mark']} of {len(d['questions'])} to pass"]
    for i, q in enumerate(d["questions"], 1):
        lines.append(f"{i:2}. [{KIND_NAMES[q['kind']][1]}] {q['prompt_en']}")
        lines.append(f"    hand: {q['position']['hand'] or '-'}" + (
            f"  melds: {' '.join(q['position']['melds'])}" if q["position"]["melds"] else ""))
        if "choices" in q:
            lines.append("    choices: " + " | ".join(str(c["en"]) for c in q["choices"]))
        if "answer" in q:
            lines.append(f"    answer: {json.dumps(q['answer'], ensure_ascii=False)} — {q['explanation_en']}")
    return "\n".join(lines)


def run(args: argparse.Namespace) -> int:
    """Run ``exam``; returns the exit status (0, 1 for a code that does not verify, 2 for bad input)."""
    try:
        modes = [args.level is not None or args.seed is not None, args.grade is not None, args.verify is not None]
        if sum(modes) != 1:
            raise ExamError("give --level and --seed, or --grade FILE, or --verify CODE")
        if args.verify is not None:
            try:
                if args.file is not None:
                    try:
                        data = read_json(args.file)
                    except JsonInputError as exc:
                        raise ExamError(str(exc)) from None
                    result = verify_ladder(args.verify, data, args.name)
                else:
                    result = verify_exam(args.verify, args.name)
            except (CodeError, LadderError) as exc:
                if args.json:
                    emit(json.dumps({"valid": False, "reason": str(exc)}, ensure_ascii=False))
                print(f"error: {error_line(f'the code does not verify: {exc}')}", file=sys.stderr)
                return 1
            _out(result, args.json, lambda d: f"valid: {d['name_en']} ({d['name_zh']})"
                 + (f", {d['right']} of {d['total']} right" if "right" in d else "")
                 + (f", issued {d['date']}" if d.get("date") else ""))
        elif args.grade is not None:
            sheet = _sheet(args.grade)
            g = grade(sheet["level"], sheet["seed"], sheet["answers"])
            name = sheet.get("name", "")
            date = sheet.get("date")
            if not isinstance(name, str) or not (date is None or isinstance(date, str)):
                raise ExamError(f"{args.grade}: name and date must be text")
            code = exam_code(g.level, g.seed, [q.pack(a) for q, a in zip(g.questions, g.answers, strict=True)],
                             [q.radix() for q in g.questions], date, name)
            out = {"right": g.score, "total": len(g.questions), "passed": g.passed, "code": code,
                   "level": g.level.id, "seed": g.seed, "pass_mark": g.level.pass_mark,
                   "marks": [bool(r) for r in g.right]}
            _out(out, args.json, lambda d: f"{d['right']} of {d['total']} right: "
                 f"{'passed' if d['passed'] else 'not passed'}; code {d['code']}")
        else:
            if args.level is None or args.seed is None:
                raise ExamError("give both --level and --seed")
            level, seed, questions = make_exam(args.level, args.seed)
            _out(exam_json(level, seed, questions, args.with_answers), args.json, _exam_text)
        sys.stdout.flush()
    except (ExamError, CodeError) as exc:
        print(f"error: {error_line(exc)}", file=sys.stderr)
        return 2
    return 0


def _out(data: dict[str, Any], as_json: bool, text: Any) -> None:
    emit(json.dumps(data, ensure_ascii=False, indent=2) if as_json else text(data))
