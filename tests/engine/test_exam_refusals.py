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
from hzmj_core.exam.ladder import LadderError, check_file, file_hash, ladder_code, record_placements, verify_ladder
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
    return bytes([VERSION << 4 | LEVELS["registered"].code]) + _varint(seed) + _varint(0) + b"\0\0" + \
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
    reason = _code_refused(_seal(bytes([2 << 4 | 1]) + b"\0\0\0\0\0"))
    assert reason == Reason("cert_version", {"value": 2, "supported": 1})
    assert _both_languages(reason) == ("这个验证码是第 2 版的格式，本页只能核验第 1 版",
                                       "the code is of format version 2; this page verifies version 1")


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
    data: dict[str, Any] = {"matches": []}
    reason = _ladder_refused(ladder_code(3, file_hash(data)), data)
    assert reason == Reason("cert_grade_short", {"best": 1, "grade": 3})
    assert _both_languages(reason) == ("对局文件里的比赛只达到业余 1 级，不到证书上的业余 3 级",
                                       "the matches in the file reach Amateur grade 1 only, not Amateur grade 3")


# --------------------------------------------------------------------------- a ladder match file


def _file_refused(data: Any) -> Reason:
    with pytest.raises(LadderError) as info:
        check_file(data)
    return info.value.reason


def _one_match(**entry: Any) -> dict[str, Any]:
    return {"matches": [{"seed": 4, "level": "easy", "actions": [], **entry}]}


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
    reason = _file_refused({"matches": [5]})
    assert reason == Reason("ladder_match", {"match": 1})
    assert _both_languages(reason) == ("第 1 场不是一条对局记录（应有种子、对手和你的每一步）",
                                       "match 1 is not a match record (a seed, the opponents and your moves)")


def test_a_match_with_a_bad_seed_names_the_match() -> None:
    reason = _file_refused(_one_match(seed=-1))
    assert reason == Reason("ladder_seed", {"match": 1})
    assert _both_languages(reason) == ("第 1 场的种子（seed）应是 0 到 2^64−1 之间的整数",
                                       "the seed ('seed') of match 1 must be a whole number from 0 to 2⁶⁴ − 1")


def test_a_match_without_moves_names_the_match() -> None:
    reason = _file_refused({"matches": [{"seed": 4, "level": "easy"}]})
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
    moves = _first_hand_moves(4)
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


@pytest.mark.parametrize("record", [{"version": 2, "matches": []}, {"version": 1}, "[]", {"version": 1, "matches": {}}])
def test_a_file_that_is_not_a_ladder_record_says_what_one_holds(record: Any) -> None:
    reason = _record_refused(record if isinstance(record, str) else json.dumps(record))
    assert reason == Reason("ladder_record")
    assert _both_languages(reason) == ("这不是升级赛记录：应有版本号 1（version）和对局列表（matches）",
                                       "this is not a ladder record: it needs version 1 ('version') and a list of "
                                       "matches ('matches')")


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
