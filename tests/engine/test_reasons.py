"""Reasons: one value says why an action is not allowed, in both languages, for the engine, hints and the page."""

from __future__ import annotations

import re

import pytest
from helpers import act, opts, pass_claims, scenario

from hzmj_core.actions import Action, ActionType
from hzmj_core.reasons import (
    CODES,
    DAILY_CODES,
    EXAM_CODES,
    GROUND_CODES,
    LOG_CODES,
    OPTION_CODES,
    REFUSAL_CODES,
    SAVE_CODES,
    TABLE_CODES,
    Reason,
    bot_seat_words,
    seat_words,
    tile_names,
    tile_words,
    words,
)
from hzmj_core.round import IllegalActionError, Round
from hzmj_core.tiles import parse_tiles


def test_words_name_tiles_and_seats_as_players_do() -> None:
    assert tile_words("3p", "zh") == "三筒" and tile_words("3p", "en") == "3 of Dots"
    assert tile_words("P*", "zh") == "白板" and tile_words("E", "en") == "East wind"
    assert [seat_words(s, "zh", viewer=2) for s in range(4)] == ["对家", "上家", "你", "下家"]
    assert [seat_words(s, "en", viewer=0) for s in range(4)] == ["you", "Right", "Across", "Left"]
    assert seat_words(3, "en") == "S3" and seat_words(0, "en", 0, possessive=True) == "your"


def test_tile_names_and_bot_seat_words_give_both_languages() -> None:
    assert tile_names(parse_tiles("5p")[0]) == ("五筒", "5 of Dots")
    assert tile_names(parse_tiles("E")[0]) == ("东", "East wind")
    assert tile_names(parse_tiles("C")[0]) == ("红中", "Red dragon")
    assert bot_seat_words(3, 2) == ("下家", "Right") and bot_seat_words(1, 2) == ("上家", "Left")


def test_reason_text_and_json() -> None:
    r = Reason("tan_cap", {"discarder": 0, "count": 2, "cap": 2})
    assert r.zh(viewer=1) == "摊数已满：已经吃碰上家2次（上限2）"
    assert r.en(viewer=1) == ("Tan (摊, a claim on one player's discard) limit: already 2 claims on Left, the most "
                              "allowed")
    assert r.to_json() == {"code": "tan_cap", "params": {"discarder": 0, "count": 2, "cap": 2}}
    assert Reason("chow_ban", {"tiles": ["4m", "7m"]}).zh() == "吃后限打：这一轮不能打四万、七万"
    with pytest.raises(ValueError, match="unknown reason code 'nope'"):
        Reason("nope")
    assert len(set(CODES)) == len(CODES)


def test_illegal_action_error_carries_its_reason() -> None:
    r = scenario({0: "1m 9p"})
    with pytest.raises(IllegalActionError) as info:
        r.apply(Action.parse("S1 discard 1m"))
    assert info.value.reason == Reason("not_your_turn", {"seat": 1, "current": 0})
    assert info.value.reason.zh(viewer=1) == "现在轮到上家出牌"
    assert str(info.value) == "it is S0's turn"
    assert r.explain_illegal(r.legal_actions(0)[0]) is None


def _chow_with_wildcard_in_ban() -> tuple[Round, Action]:
    # 翻财神 with indicator 4s: the other 4s are wildcards. S1 chows 1s with 2s3s, which bans the faces 1s
    # and 4s; the wildcard 4s in S1's hand is still discardable (rules.md §5.7: the ban is on natural tiles).
    r = scenario({0: "1s", 1: "2s3s 4s 1m5m9m 2p6p E S W N C"}, options=opts(wildcard_mode="flipped"),
                 indicator="4s")
    act(r, "S0 discard 1s")
    act(r, "S1 chow 2s3s")
    pass_claims(r)
    return r, Action.parse("S1 discard 4s")


def test_explain_illegal_keeps_the_wildcard_exemption_of_the_chow_ban() -> None:
    r, wild = _chow_with_wildcard_in_ban()
    assert r.chow_ban == (18, 21)
    assert wild in r.legal_actions(1)
    assert r.explain_illegal(wild) is None  # was "after a chow, 4s may not be discarded (吃后限打)"
    assert r.discard_restriction(1) == Reason("chow_ban", {"tiles": ["1s", "4s"]})  # the ban holds for naturals
    banned = r.explain_illegal(Action.parse("S1 discard C"))
    assert banned is None  # C is not banned


def test_chow_ban_reason_for_a_banned_tile() -> None:
    r = scenario({0: "4m", 1: "5m6m 7m 1p2p3p 9s9s E S W N"})
    act(r, "S0 discard 4m")
    act(r, "S1 chow 5m6m")
    pass_claims(r)
    with pytest.raises(IllegalActionError) as info:
        r.apply(Action.parse("S1 discard 7m"))
    assert info.value.reason == Reason("chow_ban", {"tiles": ["4m", "7m"]})


def test_why_no_claim_names_the_rule() -> None:
    r = scenario({0: "4m", 1: "5m6m 1p2p3p 7s8s9s E S W N C", 2: "4m4m 2p5p8p 3s6s9s E S W",
                  3: "4m 1m7m 3p6p9p 2s5s8s C C F F"})
    act(r, "S0 discard 4m")
    assert r.why_no_claim(2, ActionType.CHOW, 3, 0) == Reason("chow_not_next", {"discarder": 0})
    assert r.why_no_claim(2, ActionType.PONG, 3, 0) is None
    assert r.why_no_claim(3, ActionType.PONG, 3, 0) == Reason("no_pair", {"tile": "4m"})
    assert r.why_no_claim(1, ActionType.WIN, 3, 0) == Reason("no_win_with_tile", {"tile": "4m"})
    assert r.why_no_claim(0, ActionType.PONG, 3, 0) == Reason("own_discard", {"seat": 0})
    assert r.why_no_claim(1, ActionType.PONG, 33, 0) == Reason("wildcard_claim")
    with pytest.raises(IllegalActionError) as info:
        r.apply(Action.parse("S2 chow 5m6m"))
    assert info.value.reason.code == "chow_not_next"


# One example of the params of every code, as the engine makes them (keys and kinds of values).
EXAMPLES: dict[str, dict[str, object]] = {
    "hand_over": {},
    "not_your_turn": {"seat": 1, "current": 0},
    "own_discard": {"seat": 2},
    "already_declared": {"seat": 3, "action": "pong"},
    "no_claim": {"seat": 1},
    "not_in_hand": {"seat": 0, "tile": "5p"},
    "not_offered": {"action": "exposed_kong"},
    "zhuada": {"owner": 3, "tile": "E"},
    "freeze_added_kong": {},
    "freeze_no_claim": {},
    "chow_ban": {"tiles": ["4m", "7m"]},
    "chow_all_banned": {},
    "no_win_after_claim": {},
    "not_a_win": {},
    "no_win_with_tile": {"tile": "9s"},
    "kong_final": {"remaining": 19, "limit": 20},
    "final_claim": {"limit": 20},
    "wildcard_claim": {},
    "chow_not_next": {"discarder": 2},
    "no_chow_shape": {"tile": "3s"},
    "no_pair": {"tile": "C"},
    "loupeng": {"tile": "8s"},
    "louhu": {"tile": "3p"},
    "tan_cap": {"discarder": 0, "count": 2, "cap": 2},
    "no_discard_win_streak": {"streak": 1, "min": 3},
    "non_dealers": {},
    "baotou_no_discard_win": {"state": "qike"},
    "must_baotou": {},
}

# Examples of the grounds a bot gives, each count once at one and once above (the words take the singular).
GROUND_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "win": [{}],
    "win_on_discard": [{}],
    "win_ends_game": [{"seat": 2}],
    "win_last_tiles": [{"remaining": 1}, {"remaining": 17}],
    "gangbao": [{}],
    "piao": [{}],
    "piao_fan": [{"fan": 3}],
    "decline_baotou": [{}],
    "decline_baotou_fan": [{"fan": 2}],
    "beats_win": [{"best_ev": 8.0, "win_ev": 4.0}, {"best_ev": -0.4, "win_ev": -1.5}],
    "wall_left": [{"remaining": 1}, {"remaining": 82}],
    "kong_keeps_shape": [{}],
    "only_discard": [{}],
    "only_discard_freeze": [{}],
    "only_wildcards": [{}],
    "random": [{}],
    "any_draw_wins": [{"state": "baotou"}, {"state": "qike"}],
    "waits": [{"waits": [["3p", 2], ["E", 0]], "total": 1}, {"waits": [["9s", 3]], "total": 3}],
    "waits_more": [{"some_waits": [["1m", 1], ["2m", 2], ["4m", 3], ["5m", 0]], "more": 1, "total": 9},
                   {"some_waits": [["1m", 1], ["2m", 2], ["4m", 3], ["5m", 0]], "more": 5, "total": 22}],
    "far": [{"shanten": 1, "useful": 1}, {"shanten": 3, "useful": 27}],
    "shanten": [{"shanten": 1}, {"shanten": 2}],
    "ready": [{}],
    "claimable": [{"pong": 2, "chow": 12}],
    "claimable_pong": [{"pong": 1}],
    "claimable_chow": [{"chow": 8}],
    "baotou_kept": [{"draws": 1}, {"draws": 17}],
    "best_of": [{"count": 3, "best_ev": 1.2}],
    "best_ahead": [{"count": 3, "best_ev": 2.5}],
    "defence": [{"tile": "5p", "risk_pts": 0.4, "other_tile": "3s", "other_pts": 2.1}],
    "defence_live": [{"tile": "C"}],
    "fold_wildcard": [{"other_tile": "1p", "risk_pts": 3.5}],
    "nothing_to_claim": [{}],
    "claim_no_help": [{"tile": "6m"}],
    "claim_closer": [{}],
    "claim_wider": [{"before": 12, "after": 1}, {"before": 12, "after": 20}],
    "claim_nearer_baotou": [{"before": 2, "after": 1}],
    "third_tan": [{"seat": 1, "discarder": 0}],
    "pairs_qike": [{"tile": "N"}],
    "pairs_ready": [{"tile": "7s"}],
    "expected": [{"best_ev": 1.5, "samples": 1}, {"best_ev": 1.5, "samples": 16}],
    "feed_third_tan": [{"seat": 0, "discarder": 3, "tile": "4p", "risk_pts": 1.6}],
    "wildcard_defence": [{"other_tile": "3s", "other_ev": 0.8, "risk_pts": 3.4, "best_ev": 1.2}],
    "best_of_plain": [{"count": 2}],
    "best_ahead_plain": [{"count": 3}],
}

LOG_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "log_json": [{}],
    "log_json_at": [{"line": 2, "column": 14}],
    "log_json_number": [{"max": 20}],
    "log_json_limits": [{}],
    "log_not_object": [{"where": None}, {"where": 2}],
    "log_format": [{}],
    "log_version": [{"value": "9", "supported": 1}],
    "log_kind": [{"where": 0, "value": '"match"', "expected": '"hand"'}],
    "log_missing": [{"where": None, "field": "dealer"}, {"where": 1, "field": "hands"}],
    "log_wrong_type": [{"where": 3, "field": "streak"}, {"where": None, "field": "mystery"}],
    "log_points": [{"where": 0}],
    "log_range": [{"where": 0, "field": "dealer", "low": 0, "high": 3, "value": "7"}],
    "log_seed": [{"where": None}],
    "log_option_unknown": [{"where": None, "option": "flowers"}],
    "log_option_range": [{"where": None, "option": "base_score", "option_zh": "底分", "option_en": "Base score",
                          "max": 1000, "value": "10000000000000000000"}],
    "log_option_choice": [{"where": 1, "option": "win_mode", "option_zh": "胡牌方式", "option_en": "Winning",
                           "value": '"any"'}],
    "log_option_differs": [{"where": 1, "option": "base_score", "option_zh": "底分", "option_en": "Base score"}],
    "log_no_wall": [{"where": 0}],
    "log_wall_tile": [{"where": 0, "index": 5, "value": '"9x"'}],
    "log_wall_count": [{"where": 0, "want": 136, "count": 135}],
    "log_wall_tiles": [{"where": 0, "tile": "5p", "want": 4, "count": 5}],
    "log_action_text": [{"where": 0, "event": 3}],
    "log_action_malformed": [{"where": 0, "event": 1, "value": '"S9 dance"'}],
    "log_action_illegal": [{"where": 0, "event": 1, "seat": 2, "action": "discard",
                            "why": {"code": "not_your_turn", "params": {"seat": 2, "current": 0}}},
                           {"where": 4, "event": 40, "seat": 1, "action": "pong",
                            "why": {"code": "loupeng", "params": {"tile": "C"}}}],
    "log_result_early": [{"where": 0}],
    "log_result_differs": [{"where": 0, "field": "deltas"}],
    "log_match_differs": [{"where": 2, "field": "points"}, {"where": None, "field": "summary"}],
    "log_after_end": [{"where": 5}],
    "log_unfinished": [{"where": 1}],
    "log_no_hands": [{}],
    "log_seedless": [{}],
    "log_not_match": [{}],
}

OPTION_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "option_not_object": [{}],
    "option_unknown": [{"option": "flowers"}],
    "option_range": [{"option": "base_score", "option_zh": "底分", "option_en": "Base score", "max": 1000,
                      "value": "0"}],
    "option_choice": [{"option": "win_mode", "option_zh": "胡牌方式", "option_en": "Winning", "value": '"any"'}],
}

SAVE_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "save_format": [{}],
    "save_version": [{"value": "2", "supported": 1}],
    "save_damaged": [{"why": {"code": "save_missing", "params": {"field": "seed"}}},
                     {"why": {"code": "log_action_illegal",
                              "params": {"where": 0, "event": 1, "seat": 2, "action": "discard",
                                         "why": {"code": "not_your_turn", "params": {"seat": 2, "current": 0}}}}}],
    "save_json": [{}],
    "save_missing": [{"field": "log"}],
    "save_wrong": [{"field": "humans"}, {"field": "options"}],
    "save_away": [{}],
    "save_other_game": [{}],
}

TABLE_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "table_moved": [{}],
    "bot_plays": [{"seat": 2}],
    "game_over": [{}],
    "hand_not_over": [{}],
    "hints_off": [{}],
    "ranked_no_hint": [{}],
    "ranked_no_review": [{}],
    "export_hand_end": [{}],
    "no_finished_hand": [{}],
}

EXAM_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "cert_empty": [{}], "cert_characters": [{}], "cert_length": [{}], "cert_short": [{}], "cert_cut_short": [{}],
    "cert_damaged": [{}], "cert_version": [{"value": 3, "supported": 2}],
    "cert_date_form": [{"value": "1/2/2026"}], "cert_date_early": [{"date": "2023-06-01", "first": "2024-01-01"}],
    "cert_date_future": [{"date": "2030-01-01", "today": "2026-12-08"}], "cert_date_range": [{}],
    "ladder_profile": [{}], "ladder_chain": [{"match": 2}], "ladder_hints": [{"match": 1}],
    "ladder_hints_unsaid": [{"match": 1}], "ladder_placement": [{"match": 1, "said": "1", "placed": 3}],
    "cert_level": [{"value": 7}],
    "cert_left_over": [{}], "cert_is_ladder": [{}], "cert_is_exam": [{}], "cert_seed": [{}],
    "cert_answers_over": [{}], "cert_name": [{}], "cert_below_pass": [{"score": 6, "total": 10, "pass_mark": 7}],
    "cert_file_differs": [{}], "cert_grade_short": [{"best": 2, "grade": 3}],
    "ladder_file_json": [{}], "ladder_file": [{}], "ladder_match": [{"match": 1}], "ladder_seed": [{"match": 2}],
    "ladder_match_fields": [{"match": 1}],
    "ladder_wrong_level": [{"match": 3, "grade": 2, "played_zh": "入门", "played_en": "Beginner",
                            "want_zh": "普通", "want_en": "Standard"}],
    "ladder_moves_end": [{"match": 1}], "ladder_not_yours": [{"match": 1, "event": 4, "seat": 2}],
    "ladder_malformed": [{"match": 1, "event": 1}],
    "ladder_illegal": [{"match": 2, "event": 3, "action": "discard",
                        "why": {"code": "not_in_hand", "params": {"seat": 0, "tile": "5m"}}}],
    "ladder_no_end": [{"match": 1}], "ladder_moves_over": [{"match": 1}], "ladder_record_json": [{}],
    "ladder_record": [{}], "ladder_record_placement": [{"match": 2, "value": "5"}],
    "ladder_record_no_placement": [{"match": 1}],
    "exam_level": [{"value": '"master"'}],
}

DAILY_EXAMPLES: dict[str, list[dict[str, object]]] = {
    "daily_date_form": [{}], "daily_date_early": [{"first": "2024-01-01"}], "daily_code_empty": [{}],
    "daily_code_characters": [{}], "daily_code_length": [{}], "daily_code_short": [{}],
    "daily_code_cut_short": [{}], "daily_code_damaged": [{}], "daily_code_version": [{"value": 2, "supported": 1}],
    "daily_code_day": [{}], "daily_code_name": [{}], "daily_code_left_over": [{}], "daily_not_over": [{}],
}


def _all_examples() -> list[Reason]:
    out = [Reason(code, params) for code, params in EXAMPLES.items()]
    return out + [Reason(code, params) for code, cases in {**GROUND_EXAMPLES, **LOG_EXAMPLES, **OPTION_EXAMPLES,
                                                           **SAVE_EXAMPLES, **TABLE_EXAMPLES,
                                                           **EXAM_EXAMPLES, **DAILY_EXAMPLES}.items()
                  for params in cases]


def test_the_grounds_read_as_a_player_writes() -> None:
    assert set(GROUND_EXAMPLES) == set(GROUND_CODES) and set(EXAMPLES) == set(REFUSAL_CODES)
    assert Reason("far", {"shanten": 1, "useful": 1}).en() == "1 tile from ready, 1 useful tile"
    assert Reason("far", {"shanten": 3, "useful": 27}).en() == "3 tiles from ready, 27 useful tiles"
    assert Reason("far", {"shanten": 3, "useful": 27}).zh() == "差 3 张听牌，有效牌 27 张"
    assert Reason("waits", {"waits": [["3p", 2], ["E", 0]], "total": 2}).en() == \
        "waiting on 3 of Dots (2 left) or East wind (none left): 2 tiles in all"
    assert Reason("waits_more", {"some_waits": [["1m", 1], ["2m", 0]], "more": 1, "total": 1}).en() == \
        "waiting on 1 of Characters (1 left), 2 of Characters (none left) or 1 other tile: 1 tile in all"
    assert Reason("beats_win", {"best_ev": -0.4, "win_ev": 4.0}).en() == \
        "-0.4 points expected, more than winning now (+4.0)"
    assert Reason("third_tan", {"seat": 1, "discarder": 0}).en(viewer=0) == \
        "a third claim on you would make Right liable under Chengbao (承包, liability: one player pays for all)"
    assert Reason("third_tan", {"seat": 3, "discarder": 2}).zh(viewer=3) == "你第三次吃碰上家就要承包"
    for r in _all_examples():
        for lang in ("zh", "en"):
            text = r.text(lang, 0)
            assert text and "{" not in text and "|" not in text and " 1 tiles" not in text, (r, text)
            assert "S0" not in text and not re.search(r"\d from ready|\b1 (pts|points|tiles)\b", text), (r, text)


_NODE = """
import {readFileSync} from 'node:fs';
const {CODES, reasonText, groundsText} = await import(process.argv[1]);
const cases = JSON.parse(readFileSync(0, 'utf8'));
const texts = cases.map(([reason, lang, viewer]) =>
  CODES.includes(reason.code) ? reasonText(reason, lang, viewer) : null);
const joined = ['zh', 'en'].map((lang) => groundsText(cases.slice(0, 3).map(([r]) => r), lang, 0));
process.stdout.write(JSON.stringify({codes: CODES, texts, joined}));
"""


def test_every_engine_code_has_an_example() -> None:
    assert set(EXAMPLES) | set(GROUND_EXAMPLES) | set(LOG_EXAMPLES) | set(OPTION_EXAMPLES) | set(SAVE_EXAMPLES) \
        | set(TABLE_EXAMPLES) | set(EXAM_EXAMPLES) | set(DAILY_EXAMPLES) == set(CODES)
    assert set(LOG_EXAMPLES) == set(LOG_CODES) and set(OPTION_EXAMPLES) == set(OPTION_CODES)
    assert set(SAVE_EXAMPLES) == set(SAVE_CODES) and set(TABLE_EXAMPLES) == set(TABLE_CODES)
    assert set(EXAM_EXAMPLES) == set(EXAM_CODES) and set(DAILY_EXAMPLES) == set(DAILY_CODES)
    for code, params in EXAMPLES.items():
        assert Reason(code, params).zh(viewer=0) and Reason(code, params).en()


@pytest.mark.host_only
def test_the_page_words_every_engine_reason_as_the_engine_does() -> None:
    import json
    import subprocess
    from pathlib import Path

    module = Path(__file__).resolve().parents[2] / "web" / "reasons.mjs"
    cases = [(reason.to_json(), lang, viewer)
             for reason in _all_examples() for lang in ("zh", "en") for viewer in (None, 0, 1, 3)]
    done = subprocess.run(["node", "--input-type=module", "-e", _NODE, module.as_uri()], input=json.dumps(cases),
                          capture_output=True, text=True, check=True, timeout=60)
    out = json.loads(done.stdout)
    assert sorted(set(CODES) - set(out["codes"])) == []  # a code the page cannot word
    assert sorted(set(out["codes"]) - set(CODES)) == []  # a code the engine no longer gives
    for (reason, lang, viewer), text in zip(cases, out["texts"], strict=True):
        assert text == Reason(reason["code"], reason["params"]).text(lang, viewer), (reason, lang, viewer)
    first = [Reason(r["code"], r["params"]) for r, _, _ in cases[:3]]
    assert out["joined"] == [words(first, "zh", 0), words(first, "en", 0)]


def test_webapi_refusal_carries_the_reason() -> None:
    import json

    from hzmj_core import webapi

    state = json.loads(webapi.call("new_game", json.dumps({"seed": 5, "human": 0})))
    missing = next(t for t in ("1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N") if t not in state["hand"])
    with pytest.raises(webapi.ApiError) as info:
        webapi.call("act", json.dumps({"action": f"S0 discard {missing}"}))
    reason = info.value.reason
    assert reason is not None and reason.code in ("not_in_hand", "not_your_turn")
    assert str(info.value) == reason.en(viewer=0)


def test_candidate_actions_include_what_a_rule_refuses() -> None:
    from hzmj_core.hints import blocked
    from hzmj_core.tutorial.content import exercise
    from hzmj_core.tutorial.positions import position

    r = position(exercise("endwall-kong")).round  # S3 holds four 7p with 20 tiles left
    kong = Action.parse("S3 concealed_kong 7p7p7p7p")
    assert kong in r.candidate_actions(3) and kong not in r.legal_actions(3)
    assert set(r.legal_actions(3)) <= set(r.candidate_actions(3))
    assert r.explain_illegal(kong) == Reason("kong_final", {"remaining": r.remaining, "limit": 20})
    assert [b.code for b in blocked(r, 3)] == ["kong_final"]


@pytest.mark.host_only
def test_the_page_takes_the_exception_class_off_an_engine_message() -> None:
    # An engine error reaches the page as "LogError: ..." (worker.mjs); a player reads only what was wrong.
    import json
    import subprocess
    from pathlib import Path

    module = Path(__file__).resolve().parents[2] / "web" / "reasons.mjs"
    script = """
const {plainMessage} = await import(process.argv[1]);
process.stdout.write(JSON.stringify([
  plainMessage(new Error('LogError: line 3: unknown tile "9x"')),
  plainMessage({message: 'hzmj_core.log.LogError: the log has no hands'}),
  plainMessage('ValueError: seat must be 0-3'),
  plainMessage(new Error('could not download the engine: check the connection')),
]));
"""
    done = subprocess.run(["node", "--input-type=module", "-e", script, module.as_uri()],
                          capture_output=True, text=True, check=True, timeout=60)
    assert json.loads(done.stdout) == ['line 3: unknown tile "9x"', "the log has no hands", "seat must be 0-3",
                                       "could not download the engine: check the connection"]


def test_a_review_keeps_the_grounds_without_the_bots_own_figures() -> None:
    from hzmj_core.reasons import because, without_figures

    ahead = (because("best_ahead", count=3, best_ev=1.2), because("far", shanten=1, useful=13))
    assert without_figures(ahead) == (because("best_ahead_plain", count=3), because("far", shanten=1, useful=13))
    assert without_figures(ahead)[0].en() == "counting the next draw, the best of 3 choices"
    win = (because("decline_baotou"), because("beats_win", best_ev=8.0, win_ev=4.0), because("wall_left", remaining=9))
    assert without_figures(win) == (because("decline_baotou"), because("wall_left", remaining=9))
    only = (because("expected", best_ev=3.0, samples=16),)
    assert without_figures(only) == only  # nothing else to say: the figures stay
