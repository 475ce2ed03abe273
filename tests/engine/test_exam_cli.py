"""``python -m hzmj_core exam``: the fixed shapes, the exit codes, and the ladder's match files."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from hzmj_core.cli import main
from hzmj_core.exam.certificate import CodeError
from hzmj_core.exam.ladder import (
    LadderError,
    climb,
    issue,
    placement_of,
    replay_match,
    threshold,
    verify_ladder,
)


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["exam", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_exam_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--level", "registered", "--seed", "3", "--json")
    assert code == 0
    d = json.loads(out)
    assert {"level", "seed", "minutes", "pass_mark", "questions"} <= d.keys()
    assert d["level"] == "registered" and d["minutes"] == 10 and d["pass_mark"] == 7 and len(d["questions"]) == 10
    for q in d["questions"]:
        assert {"kind", "position", "prompt_zh", "prompt_en"} <= q.keys() and "answer" not in q
        assert isinstance(q["position"]["hand"], str) and isinstance(q["position"]["melds"], list)
    code, out, _ = run(capsys, "--level", "amateur1", "--seed", "3", "--json", "--with-answers")
    d = json.loads(out)
    assert code == 0 and d["pass_mark"] == 8 and all("answer" in q for q in d["questions"])


def test_complete_and_waits_answer_types(capsys: pytest.CaptureFixture[str]) -> None:
    found: dict[str, Any] = {}
    for seed in range(1, 12):
        _, out, _ = run(capsys, "--level", "registered", "--seed", str(seed), "--json", "--with-answers")
        for q in json.loads(out)["questions"]:
            found.setdefault(q["kind"], q["answer"])
    assert isinstance(found["complete"], bool)
    assert isinstance(found["waits"], list) and all(isinstance(f, str) for f in found["waits"])


def _sheet(tmp_path: Path, capsys: pytest.CaptureFixture[str], right: bool) -> Path:
    _, out, _ = run(capsys, "--level", "registered", "--seed", "11", "--json", "--with-answers")
    qs = json.loads(out)["questions"]
    answers = [q["answer"] if right else None for q in qs]
    p = tmp_path / "sheet.json"
    p.write_text(json.dumps({"level": "registered", "seed": 11, "answers": answers}))
    return p


def test_grade_and_verify(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "--grade", str(_sheet(tmp_path, capsys, True)), "--json")
    d = json.loads(out)
    assert code == 0 and d["right"] == d["total"] == 10 and d["passed"] is True and isinstance(d["code"], str)
    code, out, _ = run(capsys, "--verify", d["code"], "--json")
    v = json.loads(out)
    assert code == 0 and v["valid"] is True and v["level"] == "registered"
    bad = d["code"][:-1] + ("A" if d["code"][-1] != "A" else "B")
    code, out, err = run(capsys, "--verify", bad, "--json")
    assert code == 1 and json.loads(out)["valid"] is False and len(err.strip().splitlines()) == 1
    code, out, _ = run(capsys, "--grade", str(_sheet(tmp_path, capsys, False)), "--json")
    d = json.loads(out)
    assert code == 0 and d["right"] == 0 and d["passed"] is False
    code, _, err = run(capsys, "--verify", d["code"])
    assert code == 1 and "pass mark" in err


@pytest.mark.parametrize("args", [
    ("--level", "pro", "--seed", "1"),
    ("--level", "registered", "--seed", "-4"),
    ("--level", "registered"),
    ("--grade", "/no/such/file.json"),
    ("--level", "registered", "--seed", "1", "--verify", "X"),
])
def test_bad_input_exits_2_with_one_line(capsys: pytest.CaptureFixture[str], args: tuple[str, ...]) -> None:
    with pytest.raises(SystemExit) if args[-1] == "-4" else _nothing():
        code, out, err = run(capsys, *args)
        assert code == 2 and out == "" and len(err.strip().splitlines()) == 1


def test_malformed_sheet_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"level": "registered", "seed": 1, "answers": ["x"] * 10}))
    code, out, err = run(capsys, "--grade", str(p))
    assert code == 2 and out == "" and err.startswith("error: answer 1")
    p.write_text("[1, 2")
    assert run(capsys, "--grade", str(p))[0] == 2


class _nothing:
    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> bool:
        return False


# ---------------------------------------------------------------------- ladder


def test_ladder_promotes_and_demotes_with_tenhou_shape() -> None:
    g, pts, _, best = climb([1])
    assert (g, pts) == (2, threshold(2) // 2)
    assert climb([1, 1])[:2] == (2, threshold(2) // 2 + 30)
    g, pts, steps, best = climb([1] * 12)
    assert g >= 4 and best == g and all(s.delta == 30 for s in steps)
    top, _, _, _ = climb([1] * 12)
    g, _, _, best = climb([1] * 12 + [4] * 20)
    assert g < top and best == top
    assert climb([4] * 10)[0] == 1  # no demotion below 业余 4 级
    with pytest.raises(LadderError):
        climb([5])


def test_ranked_match_replays_as_played_and_certificate_verifies() -> None:
    import sys

    sys.path.insert(0, str(Path(__file__).parent))
    from ladder_play import chained_record

    data = chained_record(4, 1)
    entry = data["matches"][0]
    place, replayed = replay_match(entry)
    assert replayed == entry["points"] and place == placement_of(entry["points"]) == entry["placement"]
    cert = issue(data, "2026-12-06", "Wang")
    v = verify_ladder(cert["code"], data, "wang")
    assert v["valid"] and v["grade"] == cert["grade"] and v["placements"] == [place]
    actions = entry["actions"]
    forged = {**data, "matches": [{**entry, "actions": actions[:-3]}]}
    with pytest.raises((CodeError, LadderError)):
        verify_ladder(cert["code"], forged)
    wrong = {**data, "matches": [{**entry, "actions": ["S0 fly 5m", *actions[1:]]}]}
    with pytest.raises(LadderError):
        issue(wrong)
    with pytest.raises(LadderError, match="opponents"):
        issue({**data, "matches": [{**entry, "level": "expert"}]})


# ---------------------------------------------------------------------- messages: one line of words


def _sheet_with(tmp_path: Path, capsys: pytest.CaptureFixture[str], **extra: Any) -> Path:
    p = _sheet(tmp_path, capsys, True)
    p.write_text(json.dumps({**json.loads(p.read_text()), **extra}))
    return p


@pytest.mark.parametrize("date", ["2023-12-30", "1970-01-01", "0001-01-01"])
def test_grading_a_sheet_dated_before_2024_says_so_at_once(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            date: str) -> None:
    code, out, err = run(capsys, "--grade", str(_sheet_with(tmp_path, capsys, date=date)))
    assert code == 2 and out == ""
    assert err == f"error: the certificate date {date} is before 2024-01-01: check this device's date\n"


def test_a_code_dated_past_9999_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    from hzmj_core.exam.certificate import VERSION, _seal, _varint
    from hzmj_core.exam.exams import LEVELS

    body = bytes([VERSION << 4 | LEVELS["registered"].code]) + _varint(5) + _varint(10 ** 7) + b"\0\0\0\0" + \
        _varint(0)
    code, _, err = run(capsys, "--verify", _seal(body))
    assert code == 1 and err == "error: the code does not verify: the date in the code is past the year 9999\n"


def test_a_name_with_a_lone_surrogate_grades(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "--grade", str(_sheet_with(tmp_path, capsys, name="Li\udc80")))
    assert code == 0 and err == "" and "code" in out


def test_grade_errors_are_at_most_300_characters(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    p = tmp_path / "s.json"
    p.write_text(json.dumps({"level": "registered", "seed": 1, "answers": ["x" * 100_000] * 10}))
    code, out, err = run(capsys, "--grade", str(p))
    assert code == 2 and out == "" and len(err.splitlines()) == 1 and len(err) <= 310
    p.write_text(json.dumps({"level": "r" * 100_000, "seed": 1, "answers": []}))
    code, _, err = run(capsys, "--grade", str(p))
    assert code == 2 and len(err.splitlines()) == 1 and len(err) <= 310
