"""Refusals a player can meet besides an illegal move carry a reason, so the page words them in zh or en:
rule options the engine refuses, a saved game it cannot resume, and a table's refusals of a request."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest

from hzmj_core import webapi
from hzmj_core.options import Options, OptionsError
from hzmj_core.reasons import OPTION_CODES, SAVE_CODES, TABLE_CODES, Reason
from hzmj_core.session import GameSession, SessionError

LATIN = re.compile(r"[A-Za-z]")


def _both_languages(reason: Reason, viewer: int | None = 0) -> tuple[str, str]:
    """The reason in Chinese and English, checked: no placeholder left, and no English in the Chinese except a
    key in brackets (the option or the save's key as it is written), a refused value quoted as it was given, and
    the word JSON."""
    zh, en = reason.text("zh", viewer), reason.text("en", viewer)
    for text in (zh, en):
        assert text and "{" not in text and "}" not in text and "|" not in text, (reason, text)
    assert not LATIN.search(re.sub(r"（[a-z_]+）|“[a-z_]+”|\"[^\"]*\"|JSON", "", zh)), zh
    assert json.loads(json.dumps(reason.to_json())) == reason.to_json()
    return zh, en


# --------------------------------------------------------------------------- rule options


def _refused_options(data: Any) -> Reason:
    with pytest.raises(OptionsError) as info:
        Options.from_json(data)
    assert info.value.reason is not None and info.value.reason.code in OPTION_CODES
    return info.value.reason


def test_options_that_are_not_an_object_give_a_reason() -> None:
    reason = _refused_options(["base_score"])
    assert reason == Reason("option_not_object")
    assert _both_languages(reason) == ("规则选项应是一组选项和取值（JSON 对象）",
                                       "the rule options must be a JSON object")


def test_an_unknown_option_gives_its_name() -> None:
    reason = _refused_options({"flowers": True})
    assert reason == Reason("option_unknown", {"option": "flowers"})
    assert _both_languages(reason) == ("没有“flowers”这个规则选项", "there is no rule option 'flowers'")
    with pytest.raises(OptionsError) as info:
        Options().replace(flowers=True)
    assert info.value.reason == reason


def test_a_number_option_out_of_range_gives_the_option_its_range_and_the_value() -> None:
    reason = _refused_options({"base_score": 10**19})
    assert reason == Reason("option_range", {"option": "base_score", "option_zh": "底分", "option_en": "Base score",
                                             "max": 1000, "value": "10000000000000000000"})
    zh, en = _both_languages(reason)
    assert zh == "规则选项底分（base_score）应是 1 到 1000 的整数，不能是 10000000000000000000"
    assert en == "the rule option Base score ('base_score') must be a whole number from 1 to 1000, not " \
                 "10000000000000000000"


def test_a_choice_option_with_another_value_gives_the_option_and_the_value() -> None:
    reason = _refused_options({"win_mode": "any"})
    assert reason.code == "option_choice" and reason.params["option"] == "win_mode"
    assert reason.params["value"] == '"any"' and reason.params["option_zh"] == "胡牌模式"
    zh, en = _both_languages(reason)
    assert zh == "规则选项胡牌模式（win_mode）不能是 \"any\""
    assert en.startswith('"any" is not a choice of the rule option Win mode') and en.endswith("('win_mode')")


def test_the_web_api_sends_the_reason_of_refused_options() -> None:
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("new_game", json.dumps({"seed": "5", "options": {"base_score": 0}}))
    assert info.value.reason is not None and info.value.reason.code == "option_range"
    assert "base_score" in str(info.value) and "must be a whole number from 1 to 1000" in str(info.value)


# --------------------------------------------------------------------------- a saved game


def _save() -> dict[str, Any]:
    g = GameSession(Options(), 77)
    out = g.save()
    return json.loads(json.dumps(out))


def _refused_save(data: Any) -> SessionError:
    with pytest.raises(SessionError) as info:
        GameSession.restore(data)
    assert info.value.reason is not None and info.value.reason.code in SAVE_CODES
    return info.value


def _damaged(data: Any) -> Reason:
    """What is damaged in a refused save: the reason nested in ``save_damaged``."""
    exc = _refused_save(data)
    assert exc.reason is not None and exc.reason.code == "save_damaged"
    assert str(exc).startswith("the saved game is damaged: ")  # the English for the command line and logs
    why = exc.reason.params["why"]
    return Reason(why["code"], why["params"])


def test_a_save_of_another_version_says_so() -> None:
    save = _save()
    save["version"] = 2
    exc = _refused_save(save)
    assert exc.reason == Reason("save_version", {"value": "2", "supported": 1})
    assert _both_languages(exc.reason) == ("存档来自另一个版本的游戏（存档格式 2，这个版本只读 1）",
                                           "the save is from another version of the game (save format 2; this "
                                           "version reads 1)")
    assert "not in a format this version reads" in str(exc)


@pytest.mark.parametrize("data", [[1, 2], {"version": "1"}, {"version": True}, {}, 7])
def test_a_save_that_is_not_one_says_so(data: Any) -> None:
    exc = _refused_save(data)
    assert exc.reason == Reason("save_format")
    assert _both_languages(exc.reason) == ("存档不是这个版本能读的格式",
                                           "the save is not in a format this version reads")


def test_a_damaged_save_nests_what_is_damaged() -> None:
    save = _save()
    save["seed"] = -1
    exc = _refused_save(save)
    assert exc.reason == Reason("save_damaged", {"why": {"code": "save_wrong", "params": {"field": "seed"}}})
    assert _both_languages(exc.reason) == ("存档已损坏，种子（seed）有误",
                                           "the save is damaged: something is wrong with the seed ('seed')")


def test_a_save_cut_to_text_that_is_not_json_says_so() -> None:
    why = _damaged(json.dumps(_save())[:-20])
    assert why == Reason("save_json")
    assert _both_languages(Reason("save_damaged", {"why": why.to_json()})) == (
        "存档已损坏，内容读不出来（不是有效的 JSON，或者太长）",
        "the save is damaged: its text cannot be read (not valid JSON, or too long)")


def test_a_save_without_a_key_names_it() -> None:
    save = _save()
    del save["log"]
    why = _damaged(save)
    assert why == Reason("save_missing", {"field": "log"})
    assert _both_languages(why) == ("缺少对局记录（log）", "it lacks the game record ('log')")


@pytest.mark.parametrize("key, value, field", [("level", "grandmaster", "level"), ("human", 4, "human"),
                                               ("timer", "fast", "timer"), ("hints", 1, "hints"),
                                               ("humans", [1, 2], "humans"), ("log", {"hands": [{}]}, "log")])
def test_a_save_with_a_wrong_value_names_its_key(key: str, value: Any, field: str) -> None:
    save = _save()
    save[key] = value
    why = _damaged(save)
    assert why == Reason("save_wrong", {"field": field})
    _both_languages(why)


def test_a_save_with_refused_options_nests_the_options_reason() -> None:
    save = _save()
    save["options"]["base_score"] = 0
    why = _damaged(save)
    assert why.code == "option_range" and why.params["option"] == "base_score" and why.params["value"] == "0"
    _both_languages(Reason("save_damaged", {"why": why.to_json()}))


def test_a_save_whose_log_is_damaged_nests_the_log_problem() -> None:
    save = _save()
    del save["log"]["hands"][0]["streak"]
    why = _damaged(save)
    assert why == Reason("log_missing", {"where": 0, "field": "streak"})
    zh, en = _both_languages(Reason("save_damaged", {"why": why.to_json()}))
    assert zh == "存档已损坏，第1局缺少老庄数（streak）"
    assert en == "the save is damaged: the streak ('streak') is missing in hand 1"


def test_a_save_handing_a_bot_seat_to_the_bot_says_so() -> None:
    save = _save()
    save["away"] = [2]
    why = _damaged(save)
    assert why == Reason("save_away")
    assert _both_languages(why) == ("交给机器人代打的座位不是玩家的座位",
                                    "a seat handed to the bot is not a player's seat")


def test_a_save_whose_log_records_another_game_says_so() -> None:
    save = _save()
    save["seed"] = 78
    why = _damaged(save)
    assert why == Reason("save_other_game")
    assert _both_languages(why) == ("里面的对局记录是另一局的（规则或种子不同）",
                                    "its game record is of another game (the rules or the seed differ)")


def test_the_web_api_sends_the_reason_of_a_save_it_cannot_resume() -> None:
    save = _save()
    save["version"] = 3
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("restore", json.dumps({"save": json.dumps(save)}))
    assert info.value.reason == Reason("save_version", {"value": "3", "supported": 1})
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("restore", json.dumps({"save": "{\"version\": 1,"}))
    assert info.value.reason == Reason("save_damaged", {"why": {"code": "save_json", "params": {}}})
    assert str(info.value).startswith("the saved game is damaged: not valid JSON")
    good = _save()
    assert json.loads(webapi.call("restore", json.dumps({"save": json.dumps(good)})))["match"]["seed"] == "77"


# --------------------------------------------------------------------------- a table's refusals


def _table(**kwargs: Any) -> GameSession:
    return GameSession(Options(), 3, humans={0, 2}, **kwargs)


def _refused(call: Any) -> Reason:
    with pytest.raises(SessionError) as info:
        call()
    reason = info.value.reason
    assert reason is not None and reason.code in TABLE_CODES
    return reason


def _play(g: GameSession, until: Any) -> None:
    """Play every seat (the human seats take their last legal action, say ready at a hand's end) until
    ``until(g)``."""
    for _ in range(20_000):
        if until(g):
            return
        if g.bots_due():
            g.bot_step()
            continue
        seat = g.human_deciding()[0]
        if g.match.round.is_over:
            g.ready_next(seat)
        else:
            g.act(g.match.round.legal_actions(seat)[-1].to_json(), seat)
    raise AssertionError("the table never got there")


def _to_turn_of(g: GameSession, seat: int) -> None:
    _play(g, lambda t: seat in t.human_deciding() and not t.match.round.is_over)


def test_an_action_on_a_stale_view_says_the_table_moved() -> None:
    g = _table()
    _to_turn_of(g, 2)
    action = g.match.round.legal_actions(2)[-1].to_json()
    reason = _refused(lambda: g.act(action, 2, stamp="0.0"))
    assert reason == Reason("table_moved")
    assert _both_languages(reason) == ("牌桌已经变了，请看清现在的牌局再选",
                                       "the table has moved on; look again and choose")


def test_an_action_for_a_seat_the_bot_plays_says_so() -> None:
    g = _table()
    _to_turn_of(g, 2)
    action = g.match.round.legal_actions(2)[-1]
    g.seat_to_bot(2)
    reason = _refused(lambda: g.act(action.to_json(), 2))
    assert reason == Reason("bot_plays", {"seat": 2})
    assert reason.text("zh", 2) == "现在由机器人替你打" and reason.text("en", 2) == "the bot plays for you now"
    assert reason.text("en", 0) == "the bot plays for Across now"
    _both_languages(reason, 2)


def test_ready_for_a_next_hand_while_the_hand_goes_on_says_so() -> None:
    g = _table()
    reason = _refused(lambda: g.ready_next(2))
    assert reason == Reason("hand_not_over")
    assert _both_languages(reason) == ("这一局还没有结束", "the hand is not over yet")


def test_ready_for_a_next_hand_after_the_game_says_it_is_over() -> None:
    g = GameSession(Options(base_score=1000), 3, humans={0, 2})  # a short match: the first win ends it
    _play(g, lambda t: t.match.over)
    reason = _refused(lambda: g.ready_next(2))
    assert reason == Reason("game_over")
    assert _both_languages(reason) == ("这场比赛已经结束", "the game is over")


def test_a_hint_at_a_table_without_hints_says_so() -> None:
    g = _table(allow_hints=False)
    reason = _refused(lambda: g.hint(2))
    assert reason == Reason("hints_off")
    assert _both_languages(reason) == ("这一桌不给提示", "hints are off at this table")


def test_a_guests_log_during_a_hand_says_when_it_is_given() -> None:
    g = _table()
    reason = _refused(g.guest_log)
    assert reason == Reason("export_hand_end")
    assert _both_languages(reason) == ("一局打完才能导出对局记录", "the game record is given at the end of a hand")


def test_a_review_before_any_hand_is_finished_says_so() -> None:
    g = _table()
    reason = _refused(lambda: g.review_start(2, 0, None))
    assert reason == Reason("no_finished_hand")
    assert _both_languages(reason) == ("还没有打完的一局", "no hand is finished yet")


def test_a_guests_refusal_reaches_the_host_page_with_its_reason() -> None:
    webapi.call("new_game", json.dumps({"seed": "9", "humans": [0, 1], "hints": False}))
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("seat_call", json.dumps({"seat": 1, "method": "hint", "args": {}}))
    assert info.value.reason == Reason("hints_off")
    assert str(info.value) == "hints are off at this table"


def test_a_review_of_a_log_that_cannot_be_replayed_gives_the_logs_reason() -> None:
    from hzmj_core.review import Review, ReviewError

    log = copy.deepcopy(_save()["log"])
    del log["hands"][0]["dealer"]
    with pytest.raises(ReviewError) as info:
        Review(log, 0)
    assert info.value.reason == Reason("log_missing", {"where": 0, "field": "dealer"})
    with pytest.raises(webapi.ApiError) as api:
        webapi.call("review_start", json.dumps({"log": log, "seat": 0}))
    assert api.value.reason == info.value.reason


def test_json_the_engine_cannot_read_is_refused_with_a_reason_not_only_english() -> None:
    """A file reviewed as text, and argument text too long to read, are refused with a log reason (the page words
    the code; it never sorts the English message)."""
    import json

    from hzmj_core import webapi
    from hzmj_core.jsontext import MAX_ARGUMENT_CHARS

    with pytest.raises(webapi.ApiError) as info:
        webapi.call("review_start", json.dumps({"log": "{\n  \"format\": }", "seed": 1}))
    assert info.value.reason == Reason("log_json_at", {"line": 2, "column": 13})
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("replay_load", " " * (MAX_ARGUMENT_CHARS + 1))
    assert info.value.reason == Reason("log_json_limits", {})
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("review_start", json.dumps({"log": "[NaN]", "seed": 1}))
    assert info.value.reason is not None and info.value.reason.code == "log_json_number"
