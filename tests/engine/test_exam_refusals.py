"""The 考级 pages' refusals carry a reason, so the page words them in zh or en: a certificate code that does not
verify, a ladder match file or record that is refused, an exam level this version does not know."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from hzmj_core import webapi
from hzmj_core.bots import make_bot
from hzmj_core.exam import ladder
from hzmj_core.exam.certificate import VERSION, CodeError, _seal, _varint, exam_code, verify_exam
from hzmj_core.exam.exams import LEVELS, grade, make_exam
from hzmj_core.exam.ladder import (
    LadderError,
    chain_seed,
    check_file,
    file_hash,
    ladder_code,
    record_placements,
    verify_ladder,
)
from hzmj_core.options import Options
from hzmj_core.reasons import EXAM_CODES, REFUSAL_CODES, Reason
from hzmj_core.session import GameSession
from hzmj_core.view import SeatView

LATIN = re.compile(r"[A-Za-z]")


def _both_languages(reason: Reason) -> tuple[str, str]:
    """The reason in Chinese and English (seats named for the player at seat 0), checked: no placeholder left, no
    English in the Chinese except a key in brackets, a value quoted as it was given, and the word JSON."""
    assert reason.code in EXAM_CODES
    zh, en = reason.text("zh", 0), reason.text("en", 0)
    for text in (zh, en):
        assert text and "{" not in text and "}" not in text and "|" not in text, (reason, text)
    assert not LATIN.search(re.sub(r"（[a-z_]+）|“[a-z_]+”|\"[^\"]*\"|JSON", "", zh)), zh
    assert json.loads(json.dumps(reason.to_json())) == reason.to_json()
    return zh, en


def _code_refused(code: str, name: str | None = None) -> Reason:
    with pytest.raises(CodeError) as info:
        verify_exam(code, name)
    assert str(info.value) == info.value.reason.text("en", glossed=False)  # the command line's one line
    return info.value.reason


def _passing_code(name: str = "Li Wei") -> str:
    level, seed, qs = make_exam("registered", 5)
    return exam_code(level, seed, [q.pack(q.answer) for q in qs], [q.radix() for q in qs], "2026-12-06", name)


def _exam_body(seed: int = 5, answers: int = 0) -> bytes:
    return bytes([VERSION << 4 | LEVELS["registered"].code]) + _varint(seed) + _varint(0) + b"\0\0\0\0" + \
        _varint(answers)


# --------------------------------------------------------------------------- a certificate code


def test_no_code_says_so() -> None:
    reason = _code_refused("  ")
    assert reason == Reason("cert_empty")
    assert _both_languages(reason) == ("没有输入验证码", "no code was entered")


def test_a_code_with_characters_no_code_has_says_which_it_has() -> None:
    reason = _code_refused("ABCD1-EFGH")
    assert reason == Reason("cert_characters")
    assert _both_languages(reason) == (
        "验证码里有证书验证码不会有的字符：它只由大写字母和数字 2 到 7 组成",
        "the code has characters a certificate code never has: only the letters A to Z and the digits 2 to 7")


def test_a_code_of_the_wrong_length_asks_to_check_the_characters() -> None:
    text = _passing_code().replace("-", "")
    cut = next(text[:-k] for k in range(1, 8) if len(text[:-k]) % 8 in (1, 3, 6))  # no base-32 text is this long
    reason = _code_refused(cut)
    assert reason == Reason("cert_length")
    assert _both_languages(reason) == ("验证码的长度不对，请检查是否少抄或多抄了字符",
                                       "the code has the wrong length: check that no character is missing or extra")


def test_a_code_too_short_says_so() -> None:
    reason = _code_refused("AAAAA-AAA")
    assert reason == Reason("cert_short")
    assert _both_languages(reason) == ("验证码太短，不是完整的证书验证码",
                                       "the code is too short to be a certificate code")


def test_a_damaged_code_says_its_check_does_not_match() -> None:
    code = _passing_code()
    reason = _code_refused(code[:-1] + ("A" if code[-1] != "A" else "B"))
    assert reason == Reason("cert_damaged")
    assert _both_languages(reason) == (
        "验证码有误或被改动过（校验不符）：请对照证书逐个字符核对",
        "the code is damaged or was changed (its check does not match): compare it with the certificate "
        "character by character")


def test_a_sealed_code_cut_short_says_so() -> None:
    reason = _code_refused(_seal(bytes([VERSION << 4 | 1]) + b"\x80\x80\x80"))
    assert reason == Reason("cert_cut_short")
    assert _both_languages(reason) == ("验证码不完整，缺了一段", "the code is cut short: part of it is missing")


def test_a_code_of_another_version_names_both_versions() -> None:
    reason = _code_refused(_seal(bytes([3 << 4 | 1]) + b"\0\0\0\0\0"))
    assert reason == Reason("cert_version", {"value": 3, "supported": 2})
    assert _both_languages(reason) == ("这个验证码是第 3 版的格式，本页只能核验到第 2 版",
                                       "the code is of format version 3; this page verifies versions up to 2")


def test_a_code_of_an_unknown_level_names_its_number() -> None:
    reason = _code_refused(_seal(bytes([VERSION << 4 | 7]) + b"\0\0\0\0\0"))
    assert reason == Reason("cert_level", {"value": 7})
    assert _both_languages(reason) == ("验证码里的级别（编号 7）这个版本不认识",
                                       "the code names a level this version does not know (number 7)")


def test_a_code_with_bytes_left_over_says_so() -> None:
    reason = _code_refused(_seal(_exam_body() + b"\0"))
    assert reason == Reason("cert_left_over")
    assert _both_languages(reason) == ("验证码末尾多出了内容", "the code has something left over at its end")


def test_a_code_with_a_seed_out_of_range_says_so() -> None:
    reason = _code_refused(_seal(_exam_body(seed=1 << 64)))
    assert reason == Reason("cert_seed")
    assert _both_languages(reason) == ("验证码里的考题种子超出范围", "the exam seed in the code is out of range")


def test_a_code_with_more_answers_than_questions_says_so() -> None:
    reason = _code_refused(_seal(_exam_body(answers=1 << 200)))
    assert reason == Reason("cert_answers_over")
    assert _both_languages(reason) == ("验证码里的答案比这场考试的题目还多",
                                       "the code carries more answers than the exam has questions")


def test_a_wrong_name_says_it_does_not_match() -> None:
    reason = _code_refused(_passing_code("Li Wei"), "Wang Fang")
    assert reason == Reason("cert_name")
    assert _both_languages(reason) == ("名字和证书上的不一致", "the name does not match the one on the certificate")


def test_a_code_whose_answers_fail_gives_the_score_and_the_pass_mark() -> None:
    level, seed, qs = make_exam("registered", 5)
    answers: list[Any] = [q.answer for q in qs[:6]] + [None] * 4
    assert grade("registered", 5, answers).score == 6
    code = exam_code(level, seed, [q.pack(a) for q, a in zip(qs, answers, strict=True)], [q.radix() for q in qs])
    reason = _code_refused(code)
    assert reason == Reason("cert_below_pass", {"score": 6, "total": 10, "pass_mark": 7})
    assert _both_languages(reason) == ("这个验证码里的答案只答对 6 / 10 题，不到及格线 7 题",
                                       "the answers in this code score 6 of 10, below the pass mark of 7")


def test_a_ladder_code_checked_as_an_exam_asks_for_its_match_file() -> None:
    reason = _code_refused(ladder_code(2, file_hash({"matches": []})))
    assert reason == Reason("cert_is_ladder")
    assert _both_languages(reason) == ("这是升级赛段位证书的验证码：请同时选择它的对局文件再验证",
                                       "this is a ladder certificate: verify it together with its match file")


def _ladder_refused(code: str, data: Any, name: str | None = None) -> Reason:
    with pytest.raises(CodeError) as info:
        verify_ladder(code, data, name)
    return info.value.reason


def test_an_exam_code_checked_with_a_match_file_says_to_leave_the_file_out() -> None:
    reason = _ladder_refused(_passing_code(), {"matches": []})
    assert reason == Reason("cert_is_exam")
    assert _both_languages(reason) == ("这是考试证书的验证码，不是段位证书：不要选对局文件，直接验证",
                                       "this is an exam certificate, not a ladder one: verify it without a match file")


def test_another_match_file_says_it_is_not_the_one_issued() -> None:
    reason = _ladder_refused(ladder_code(1, file_hash({"matches": []})), {"matches": [], "x": 1})
    assert reason == Reason("cert_file_differs")
    assert _both_languages(reason) == ("这份对局文件不是颁发这张证书时的那一份（内容不同）",
                                       "this match file is not the one the certificate was issued for (its contents "
                                       "differ)")


def test_a_ladder_code_with_a_wrong_name_says_it_does_not_match() -> None:
    data: dict[str, Any] = {"matches": []}
    assert _ladder_refused(ladder_code(1, file_hash(data), name="Li Wei"), data, "Zhao") == Reason("cert_name")


def test_matches_below_the_grade_name_both_grades() -> None:
    data: dict[str, Any] = {"profile": 11, "matches": []}
    reason = _ladder_refused(ladder_code(3, file_hash(data)), data)
    assert reason == Reason("cert_grade_short", {"best": 1, "grade": 3})
    assert _both_languages(reason) == ("对局文件里的比赛只达到业余 1 级，不到证书上的业余 3 级",
                                       "the matches in the file reach Amateur grade 1 only, not Amateur grade 3")


# --------------------------------------------------------------------------- a ladder match file


def _file_refused(data: Any) -> Reason:
    with pytest.raises(LadderError) as info:
        check_file(data)
    return info.value.reason


PROFILE = 11
FIRST = chain_seed(PROFILE, None, 1)
"""The first ranked match's seed of profile 11."""


def _one_match(**entry: Any) -> dict[str, Any]:
    return {"profile": PROFILE, "matches": [{"seed": FIRST, "level": "easy", "hints": False, "actions": [], **entry}]}


def test_a_match_file_that_is_not_json_says_so_through_the_web_api() -> None:
    out = json.loads(webapi.call("exam_verify", json.dumps({"code": "AAAAA", "file": "{\"matches\": ["})))
    assert out["valid"] is False and out["why"] == {"code": "ladder_file_json", "params": {}}
    assert _both_languages(Reason("ladder_file_json")) == ("对局文件读不出来（不是有效的 JSON，或者太大）",
                                                           "the match file cannot be read (not valid JSON, or too "
                                                           "large)")
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("ladder_issue", json.dumps({"file": "[1,"}))
    assert info.value.reason == Reason("ladder_file_json")


def test_a_file_without_matches_says_it_is_not_a_match_file() -> None:
    reason = _file_refused([])
    assert reason == Reason("ladder_file")
    assert _both_languages(reason) == ("这不是升级赛的对局文件：没有对局列表（matches）",
                                       "this is not a ladder match file: it has no list of matches ('matches')")


def test_a_match_that_is_not_a_record_names_the_match() -> None:
    reason = _file_refused({"profile": PROFILE, "matches": [5]})
    assert reason == Reason("ladder_match", {"match": 1})
    assert _both_languages(reason) == ("第 1 场不是一条对局记录（应有种子、对手和你的每一步）",
                                       "match 1 is not a match record (a seed, the opponents and your moves)")


def test_a_match_with_a_bad_seed_names_the_match() -> None:
    reason = _file_refused(_one_match(seed=-1))
    assert reason == Reason("ladder_seed", {"match": 1})
    assert _both_languages(reason) == ("第 1 场的种子（seed）应是 0 到 2^64−1 之间的整数",
                                       "the seed ('seed') of match 1 must be a whole number from 0 to 2⁶⁴ − 1")


def test_a_match_without_moves_names_the_match() -> None:
    reason = _file_refused({"profile": PROFILE, "matches": [{"seed": FIRST, "level": "easy", "hints": False}]})
    assert reason == Reason("ladder_match_fields", {"match": 1})
    assert _both_languages(reason) == ("第 1 场缺少对手水平或你的每一步",
                                       "match 1 lacks the opponents' level or the list of your moves")


def test_a_match_against_other_bots_names_both_in_the_players_words() -> None:
    reason = _file_refused(_one_match(level="expert"))
    assert reason == Reason("ladder_wrong_level", {"match": 1, "grade": 1, "played_zh": "大师", "played_en": "Expert",
                                                   "want_zh": "入门", "want_en": "Beginner"})
    assert _both_languages(reason) == ("第 1 场的对手是大师，但业余 1 级的对手是入门",
                                       "match 1 was played against Expert, but at Amateur grade 1 the opponents are "
                                       "Beginner")
    odd = _file_refused(_one_match(level="grandmaster"))
    assert odd.params["played_zh"] == '"grandmaster"' and _both_languages(odd)[1].startswith(
        'match 1 was played against "grandmaster"')


def test_moves_that_end_before_the_match_name_the_match() -> None:
    reason = _file_refused(_one_match())
    assert reason == Reason("ladder_moves_end", {"match": 1})
    assert _both_languages(reason) == ("第 1 场还没打完，你的动作就没有了",
                                       "your moves in match 1 end before the match does")


def test_another_seats_move_names_the_seat_from_the_player() -> None:
    reason = _file_refused(_one_match(actions=["S1 pass"]))
    assert reason == Reason("ladder_not_yours", {"match": 1, "event": 1, "seat": 1})
    assert _both_languages(reason) == ("第 1 场你的第 1 步是下家的动作", "your move 1 in match 1 is a move of Right")


def test_a_move_that_is_not_one_names_where_it_is() -> None:
    reason = _file_refused(_one_match(actions=["S0 fly 5m"]))
    assert reason == Reason("ladder_malformed", {"match": 1, "event": 1})
    assert _both_languages(reason) == ("第 1 场你的第 1 步不是一个动作", "your move 1 in match 1 is not a move")


def test_an_illegal_move_nests_the_rule_it_breaks() -> None:
    reason = _file_refused(_one_match(actions=["S0 discard 5m"]))
    assert reason.code == "ladder_illegal" and reason.params["action"] == "discard"
    assert reason.params["why"]["code"] in REFUSAL_CODES
    zh, en = _both_languages(reason)
    why = Reason(reason.params["why"]["code"], reason.params["why"]["params"])
    assert zh == f"第 1 场你的第 1 步（打牌）不合规则：{why.text('zh', 0)}"
    assert en == f"your move 1 in match 1 (discard) breaks the rules: {why.text('en', 0)}"


def _first_hand_moves(seed: int) -> list[str]:
    s = GameSession(Options(), seed, "easy", 0)
    me = make_bot("basic", 5)
    while not s.match.round.is_over:
        r = s.match.round
        if 0 in r.deciding_seats():
            s.act(str(me.choose(SeatView.of(r, 0))))
        else:
            s.bot_step()
    return [str(a) for a in s.match.round.actions if a.seat == 0]


def test_a_match_that_does_not_end_and_moves_left_over_name_the_match(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(ladder, "RANKED_HANDS", 1)  # a one-hand match, to replay it quickly
    moves = _first_hand_moves(FIRST)
    assert check_file(_one_match(actions=moves))[1]  # the hand replays as played
    reason = _file_refused(_one_match(actions=[*moves, "S0 pass"]))
    assert reason == Reason("ladder_moves_over", {"match": 1})
    assert _both_languages(reason) == ("第 1 场已经结束，后面却还有你的动作",
                                       "match 1 is over, but moves of yours are left after it")
    monkeypatch.setattr(ladder, "MAX_ACTIONS", 3)
    reason = _file_refused(_one_match(actions=moves))
    assert reason == Reason("ladder_no_end", {"match": 1})
    assert _both_languages(reason) == ("第 1 场重放到最后也没有结束", "match 1 does not end when replayed")


# --------------------------------------------------------------------------- the ladder record the page keeps


def _record_refused(record: Any) -> Reason:
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("ladder_state", json.dumps({"record": record}))
    assert info.value.reason is not None
    return info.value.reason


def test_a_ladder_record_that_is_not_json_says_so() -> None:
    reason = _record_refused('{"version": 1, "matches": [')
    assert reason == Reason("ladder_record_json")
    assert _both_languages(reason) == ("文件读不出来（不是有效的 JSON，或者太大）",
                                       "the file cannot be read (not valid JSON, or too large)")


@pytest.mark.parametrize("record", [{"version": 3, "matches": []}, {"version": 1}, "[]", {"version": 1, "matches": {}}])
def test_a_file_that_is_not_a_ladder_record_says_what_one_holds(record: Any) -> None:
    reason = _record_refused(record if isinstance(record, str) else json.dumps(record))
    assert reason == Reason("ladder_record")
    assert _both_languages(reason) == ("这不是升级赛记录：应有版本号 1 或 2（version）和对局列表（matches）",
                                       "this is not a ladder record: it needs version 1 or 2 ('version') and a list "
                                       "of matches ('matches')")


def test_a_record_with_a_wrong_placement_names_the_match_and_the_value() -> None:
    reason = _record_refused({"version": 1, "matches": [{"placement": 1}, {"placement": 5}]})
    assert reason == Reason("ladder_record_placement", {"match": 2, "value": "5"})
    assert _both_languages(reason) == ("第 2 场的名次应是 1 到 4，记录里是 5",
                                       "the placement of match 2 must be from 1 to 4, not 5")
    for matches in ([3], [{"placement": None}], [{}], [{"placement": "1"}], [{"placement": True}]):
        no_placement = _record_refused({"version": 1, "matches": matches})
        assert no_placement == Reason("ladder_record_no_placement", {"match": 1})
    assert _both_languages(no_placement) == ("第 1 场没有名次（placement）：应是 1 到 4 的整数",
                                             "match 1 has no placement ('placement'): a whole number from 1 to 4")
    assert record_placements('{"version": 1, "matches": [{"placement": 2}, {"placement": 4}]}') == [2, 4]
    state = json.loads(webapi.call("ladder_state", json.dumps({"record": {"version": 1, "matches": [
        {"placement": 1}]}})))
    assert state["grade"] == 2 and len(state["steps"]) == 1


# --------------------------------------------------------------------------- an exam level this version does not know


def test_an_unknown_exam_level_is_named_through_the_web_api() -> None:
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("exam_new", json.dumps({"level": "master", "seed": "3"}))
    reason = info.value.reason
    assert reason == Reason("exam_level", {"value": '"master"'})
    assert _both_languages(reason) == ('这个版本没有这一级考试（"master"）',
                                       'this version has no exam of that level ("master")')


def test_the_web_api_sends_the_reason_a_code_does_not_verify() -> None:
    out = json.loads(webapi.call("exam_verify", json.dumps({"code": _passing_code(), "name": "Zhao"})))
    assert out == {"valid": False, "reason": "the name does not match the one on the certificate",
                   "why": {"code": "cert_name", "params": {}}}


def test_every_exam_code_is_met_by_a_test_here() -> None:
    import inspect
    import sys

    source = inspect.getsource(sys.modules[__name__])
    assert [c for c in EXAM_CODES if f'"{c}"' not in source] == []


# --------------------------------------------------------------------------- dates, the name, the seed chain


def test_a_date_before_2024_is_refused_in_words_instead_of_hanging() -> None:
    level, seed, qs = make_exam("registered", 5)
    for date in ("2023-12-30", "1970-01-01", "0001-01-01"):
        with pytest.raises(CodeError) as info:
            exam_code(level, seed, [q.pack(q.answer) for q in qs], [q.radix() for q in qs], date, "Li")
        assert info.value.reason == Reason("cert_date_early", {"date": date, "first": "2024-01-01"})
    assert _both_languages(info.value.reason) == (
        "证书日期 0001-01-01 早于 2024-01-01：请检查这台设备的日期",
        "the certificate date 0001-01-01 is before 2024-01-01: check this device's date")
    with pytest.raises(CodeError) as info:
        exam_code(level, seed, [0] * len(qs), [q.radix() for q in qs], "31/12/2026")
    assert info.value.reason == Reason("cert_date_form", {"value": "31/12/2026"})
    assert _both_languages(info.value.reason)[1] == "a certificate date is written YYYY-MM-DD, not 31/12/2026"


def test_the_page_gets_its_grade_with_no_code_when_its_clock_is_before_2024() -> None:
    qs = make_exam("registered", 5)[2]
    answers = [q.answer for q in qs]
    out = json.loads(webapi.call("exam_grade", json.dumps({"level": "registered", "seed": "5", "answers": answers,
                                                           "date": "2023-06-01", "today": "2023-06-01"})))
    assert out["passed"] and out["code"] is None
    assert out["code_why"] == {"code": "cert_date_early", "params": {"date": "2023-06-01", "first": "2024-01-01"}}


def test_a_date_after_the_verifying_devices_today_is_refused() -> None:
    import datetime

    level, seed, qs = make_exam("registered", 5)
    packed, radices = [q.pack(q.answer) for q in qs], [q.radix() for q in qs]
    with pytest.raises(CodeError) as info:  # no certificate dated in the future is issued
        exam_code(level, seed, packed, radices, "2030-12-31", "Li", today=datetime.date(2026, 12, 8))
    assert info.value.reason == Reason("cert_date_future", {"date": "2030-12-31", "today": "2026-12-08"})
    code = exam_code(level, seed, packed, radices, "2030-12-31", "Li", today=datetime.date(2031, 1, 1))
    with pytest.raises(CodeError) as info:  # nor verified before its day
        verify_exam(code, "Li", today=datetime.date(2026, 12, 8))
    assert info.value.reason == Reason("cert_date_future", {"date": "2030-12-31", "today": "2026-12-08"})
    assert _both_languages(info.value.reason) == (
        "证书日期 2030-12-31 晚于今天（2026-12-08）：不能为将来的日子发证书",
        "the certificate date 2030-12-31 is after today (2026-12-08): no certificate is dated in the future")
    assert verify_exam(code, "Li", today=datetime.date(2031, 1, 1))["date"] == "2030-12-31"
    out = json.loads(webapi.call("exam_verify", json.dumps({"code": code, "today": "2026-12-08"})))
    assert out["valid"] is False and out["why"]["code"] == "cert_date_future"


def test_a_sealed_code_dated_past_the_year_9999_says_so() -> None:
    body = bytes([VERSION << 4 | LEVELS["registered"].code]) + _varint(5) + _varint(10 ** 7) + b"\0\0\0\0" + \
        _varint(0)
    reason = _code_refused(_seal(body))
    assert reason == Reason("cert_date_range")
    assert _both_languages(reason) == ("验证码里的日期超出了公元 9999 年", "the date in the code is past the year 9999")


def test_the_name_is_bound_by_four_bytes_and_old_two_byte_codes_still_verify() -> None:
    from hzmj_core.exam.certificate import decode, name_hash

    code = _passing_code("Alice")
    assert decode(code).version == 2 and decode(code).name == name_hash("Alice", 4)
    # the 2-byte collision the tester found in 10,343 tries no longer matches
    two = name_hash("Alice", 2)
    other = next(f"n{i}" for i in range(200_000) if name_hash(f"n{i}", 2) == two)
    assert verify_exam(code, "alice")["valid"]
    assert _code_refused(code, other) == Reason("cert_name")
    # a format-1 code (2 bytes of name) still verifies, and says it is of that format
    level, seed, qs = make_exam("registered", 5)
    value = 0
    for q in reversed(qs):
        value = value * q.radix() + q.pack(q.answer)
    old = _seal(bytes([1 << 4 | level.code]) + _varint(seed) + _varint(1) + two.to_bytes(2, "big") + _varint(value))
    v = verify_exam(old, "Alice")
    assert v["valid"] and v["format"] == 1 and v["date"] == "2024-01-01"
    assert verify_exam(old, other)["valid"]  # what 2 bytes can tell apart, and no more


def test_a_name_is_cleaned_of_control_characters_and_a_lone_surrogate_hashes() -> None:
    from hzmj_core.exam.certificate import clean_name, name_hash

    assert clean_name(" A\x00li\x07c\x1be \ud800\x85 ") == "Alice"
    assert name_hash("Ali\x1bce") == name_hash("alice")
    assert verify_exam(_passing_code("Li\udc80 Wei\x07"), "li wei")["valid"]


def _chained(n: int) -> dict[str, Any]:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from ladder_play import chained_record

    return chained_record(PROFILE, n)


def test_ranked_matches_must_follow_the_profiles_seed_chain() -> None:
    rec = _chained(2)
    placements = check_file(rec)[1]
    assert placements == [m["placement"] for m in rec["matches"]]
    # a repeated match: its seed is not the one dealt after the match before it
    repeated = {**rec, "matches": [rec["matches"][0], rec["matches"][0]]}
    reason = _file_refused(repeated)
    assert reason == Reason("ladder_chain", {"match": 2})
    assert _both_languages(reason) == ("第 2 场的种子不是接在上一场后面发的那一副（有比赛被删掉、重复或挑选过）",
                                       "the seed of match 2 is not the deal the ladder gave after the match before "
                                       "it (a match was left out, repeated or picked)")
    # a lost match left out, or a seed picked
    assert _file_refused({**rec, "matches": rec["matches"][1:]}) == Reason("ladder_chain", {"match": 1})
    assert _file_refused({**rec, "profile": PROFILE + 1}) == Reason("ladder_chain", {"match": 1})
    # a file from before the chain (no profile) is refused for a certificate, in words
    reason = _file_refused({"matches": rec["matches"]})
    assert reason == Reason("ladder_profile")
    assert "cannot be certified" in _both_languages(reason)[1]


def test_a_match_with_hints_on_or_unsaid_and_a_placement_off_the_file_are_refused() -> None:
    rec = _chained(1)
    m = rec["matches"][0]
    reason = _file_refused({**rec, "matches": [{**m, "hints": True}]})
    assert reason == Reason("ladder_hints", {"match": 1})
    assert _both_languages(reason) == ("第 1 场是开着提示打的：开提示的比赛不算排位",
                                       "match 1 was played with hints on: a match with hints does not count as ranked")
    unsaid = {k: v for k, v in m.items() if k != "hints"}
    reason = _file_refused({**rec, "matches": [unsaid]})
    assert reason == Reason("ladder_hints_unsaid", {"match": 1})
    assert _both_languages(reason)[1] == "match 1 does not say whether hints were off ('hints')"
    other = 1 if m["placement"] != 1 else 2
    reason = _file_refused({**rec, "matches": [{**m, "placement": other}]})
    assert reason == Reason("ladder_placement", {"match": 1, "said": str(other), "placed": m["placement"]})
    assert _both_languages(reason)[1] == f"match 1 says placement {other}, but replayed it places {m['placement']}"


def test_an_imported_record_is_replayed_and_bare_first_places_are_refused() -> None:
    bare = {"version": 1, "matches": [{"placement": 1}] * 20}
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("ladder_check", json.dumps({"record": bare}))
    assert info.value.reason == Reason("ladder_seed", {"match": 1})
    rec = _chained(1)
    out = json.loads(webapi.call("ladder_check", json.dumps({"record": rec})))
    assert out["record"]["profile"] == str(PROFILE) and len(out["steps"]) == 1
    nxt = json.loads(webapi.call("ladder_next", json.dumps({"record": rec})))
    assert nxt["seed"] == str(chain_seed(PROFILE, int(rec["matches"][0]["seed"]), 2))
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("ladder_state", json.dumps({"record": {"version": 2, "profile": "x", "matches": []}}))
    assert info.value.reason == Reason("ladder_profile")
