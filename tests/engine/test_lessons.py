"""The tutorial's lessons: every exercise is answerable, judged by the engine, and agrees with rules.md §14."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hzmj_core import tutorial, webapi
from hzmj_core.analysis import analyze_hand

EXERCISES = tutorial.exercise_ids()
KINDS = {ex.id: ex.kind for les in tutorial.LESSONS for ex in les.exercises}


def expected_of(exercise_id: str) -> Any:
    """The engine's answer, read from a check of some answer (the catalogue stores none)."""
    probe: Any = {"tile": "1m", "win_value": 99, "baotou_discard": None, "waits": {"tiles": [], "left": -1},
                  "payments": [0, 0, 0, 0], "move": None, "claimants": [0, 1, 2, 3]}[KINDS[exercise_id]]
    if KINDS[exercise_id] == "baotou_discard":
        probe = tutorial.present(exercise_id)["hand"][0].rstrip("*")
    if KINDS[exercise_id] == "move":
        probe = tutorial.present(exercise_id)["candidates"][0]["text"]
    return tutorial.check(exercise_id, probe)["expected"]


def right_answer(exercise_id: str) -> Any:
    exp = expected_of(exercise_id)
    return exp[0] if KINDS[exercise_id] in ("move", "baotou_discard") else exp


def wrong_answer(exercise_id: str) -> Any:
    kind = KINDS[exercise_id]
    exp = expected_of(exercise_id)
    shown = tutorial.present(exercise_id)
    if kind == "tile":
        return next(t for t in shown["choices"] if t != exp)
    if kind == "win_value":
        return None if exp is not None else 0
    if kind == "baotou_discard":
        return next(t.rstrip("*") for t in shown["hand"] if t.rstrip("*") not in exp)
    if kind == "waits":
        return {"tiles": exp["tiles"][:-1], "left": exp["left"]}
    if kind == "payments":
        return [exp[1], exp[0], exp[2], exp[3]] if exp[0] != exp[1] else [x + 1 for x in exp]
    if kind == "move":
        return next(c["text"] for c in shown["candidates"] if c["text"] not in exp)
    if kind == "claimants":
        return [s for s in range(4) if s not in exp][:1] or []
    raise AssertionError(kind)


def test_catalogue_order_and_coverage() -> None:
    cat = tutorial.catalogue()
    ids = [c["id"] for c in cat]
    assert ids == ["tiles", "sets", "caishen", "baotou", "caipiao", "gang", "qidui", "claims", "scoring",
                   "chengbao", "discardwin", "endwall"]
    assert all(c["exercises"] for c in cat)
    kinds = set(KINDS.values())
    assert kinds == {"tile", "win_value", "baotou_discard", "waits", "payments", "move", "claimants"}


@pytest.mark.parametrize("lesson_id", [les.id for les in tutorial.LESSONS])
def test_every_lesson_presents_as_json_without_answers(lesson_id: str) -> None:
    data = tutorial.lesson(lesson_id)
    text = json.dumps(data, ensure_ascii=False)
    assert "expected" not in text
    assert data["title_zh"] and data["title_en"] and data["blocks"]
    for block in data["blocks"]:
        assert block["type"] in ("p", "rule", "hand")
    for ex in data["exercises"]:
        assert ex["prompt_zh"] and ex["prompt_en"]


@pytest.mark.parametrize("exercise_id", EXERCISES)
def test_right_answer_is_correct_and_wrong_answer_is_not(exercise_id: str) -> None:
    good = tutorial.check(exercise_id, right_answer(exercise_id))
    assert good["correct"], good
    assert good["explanation_zh"] and good["explanation_en"]
    bad = tutorial.check(exercise_id, wrong_answer(exercise_id))
    assert not bad["correct"], bad
    assert bad["explanation_zh"] and bad["explanation_en"]


# The engine's answers agree with the worked examples of rules.md §14.
@pytest.mark.parametrize(
    ("exercise_id", "expected"),
    [
        ("sets-win", 0),
        ("sets-waits", {"tiles": ["3p", "6p"], "left": 8}),
        ("caishen-flipped", 2),  # EX45 (a)
        ("baotou-discard-win", None),  # EX29
        ("caipiao-play", ["S1 discard P"]),  # EX6: the 飘 beats winning at once
        ("caipiao-freeze", ["S2 discard 8s"]),  # 抓打
        ("gang-kaigang", 1),  # EX9
        ("gang-play", ["S2 concealed_kong 7p7p7p7p"]),  # EX11: kong, then 飘, then 杠飘
        ("qidui-qike", 2),  # EX16
        ("qidui-haohua", 1),  # EX19
        ("claims-chow", [1]),
        ("claims-loupeng", []),  # EX32
        ("scoring-selfdraw", [-8, -2, 12, -2]),
        ("scoring-discard", [24, 0, -24, 0]),  # EX24
        ("chengbao-cap", []),  # EX38
        ("chengbao-pay", [-20, 20, 0, 0]),  # EX41
        ("discardwin-who", [0]),  # EX26/EX27
        ("discardwin-louhu", []),  # EX31
        ("endwall-pong", []),  # EX48
    ],
)
def test_engine_answers_match_rules_examples(exercise_id: str, expected: Any) -> None:
    assert expected_of(exercise_id) == expected


def test_move_explains_illegal_moves_and_plays_out_the_best_line() -> None:
    bad = tutorial.check("caipiao-freeze", "S2 discard 7s")
    assert not bad["correct"] and bad["legal"] is False
    assert "抓打" in bad["explanation_zh"]
    ban = tutorial.check("claims-ban", "S1 discard 7m")
    assert not ban["correct"] and "吃后限打" in ban["explanation_zh"]
    kong = tutorial.check("endwall-kong", "S3 concealed_kong 7p7p7p7p")
    assert not kong["correct"] and "20" in kong["explanation_en"]
    best = tutorial.check("gang-play", "S2 concealed_kong 7p7p7p7p")
    assert best["correct"]
    assert best["line"][-1]["en"].endswith("+32")
    assert any("飘" in step["zh"] for step in best["line"])
    now = tutorial.check("gang-play", "S2 win")
    assert not now["correct"] and "+8" in now["explanation_en"]


def test_scenario_positions_are_hand_logs() -> None:
    from hzmj_core.log import replay_hand

    for ex_id in EXERCISES:
        shown = tutorial.present(ex_id)
        if "log" in shown:
            r, _ = replay_hand(shown["log"])
            assert not r.is_over or KINDS[ex_id] == "claimants"


@pytest.mark.parametrize(
    "tiles", ["P* 1m2m3m 4p5p6p 7s8s9s EEE", "1m2m3m 4m5m6m 7s8s9s 4p5p EE", "1m1m 3m3m 5p5p 7p7p EE CC P*"]
)
def test_hand_widget_waits_match_analyze(tiles: str) -> None:
    widget = tutorial.hand_widget(tiles)
    assert widget["waits"] == analyze_hand(tiles)["waits"]
    assert sum(len(g) for g in widget["groups"]) == 13


def test_hand_widget_scores_a_fourteen_tile_win() -> None:
    widget = tutorial.hand_widget("P* 1m2m3m 4p5p6p 7s8s9s EEE N")
    assert widget["win"] is True
    assert widget["evaluation"]["pattern"] == "baotou" and widget["evaluation"]["fan"] == 1


def test_webapi_methods() -> None:
    cat = json.loads(webapi.call("lessons", "{}"))
    assert cat[0]["id"] == "tiles"
    les = json.loads(webapi.call("lesson", json.dumps({"id": "baotou"})))
    assert les["next"] == "caipiao" and les["prev"] == "caishen"
    res = json.loads(webapi.call("check_exercise", json.dumps({"id": "sets-win", "answer": 0})))
    assert res["correct"] is True
    hand = json.loads(webapi.call("hand_widget", json.dumps({"tiles": "1m2m3m 4m5m6m 7s8s9s 4p5p EE"})))
    assert [w["tile"] for w in hand["waits"]] == ["3p", "6p"]
    for method, args in [("lesson", {"id": "nope"}), ("check_exercise", {"id": "sets-win", "answer": "x"}),
                         ("check_exercise", {"id": "nope", "answer": 0}), ("hand_widget", {"tiles": "1x"})]:
        with pytest.raises(webapi.ApiError):
            webapi.call(method, json.dumps(args))


_PROSE_KEYS = {"zh", "en", "prompt_zh", "prompt_en", "caption_zh", "caption_en", "explanation_zh", "explanation_en",
               "label_zh", "label_en", "title_zh", "title_en", "summary_zh", "summary_en"}


def _prose(data: Any) -> list[str]:
    if isinstance(data, dict):
        return [t for k, v in data.items() for t in ([v] if k in _PROSE_KEYS and isinstance(v, str) else _prose(v))]
    if isinstance(data, list):
        return [t for v in data for t in _prose(v)]
    return []


def test_prose_names_seats_as_players_do() -> None:
    import re

    engine_seat = re.compile(r"(?<![A-Za-z])S[0-3](?![0-9])")
    texts = [t for les in tutorial.LESSONS for t in _prose(tutorial.lesson(les.id))]
    for ex_id in EXERCISES:
        texts += _prose(tutorial.check(ex_id, right_answer(ex_id))) + _prose(tutorial.check(ex_id, wrong_answer(ex_id)))
    assert texts and [t for t in texts if engine_seat.search(t)] == []
    chow = tutorial.check("claims-chow", [1])
    assert chow["explanation_zh"].startswith("可以吃的是：下家。对家：只有你的下家可以吃")
    assert "你：最后20张" in tutorial.check("endwall-pong", [0])["explanation_zh"]  # the hand ended on that discard
    shown = tutorial.present("claims-loupeng")
    assert shown["viewer"] == 2 and shown["seat_names"]["zh"] == ["对家", "上家", "你", "下家"]


def test_the_page_gets_the_engines_table_of_what_tiles_stand_for() -> None:
    # Every hand the tutorial draws comes with the engine's tile meanings, so the page derives no wildcard rule.
    flipped = {"5s": {"wild": True}, "P": {"face": "5s"}}
    assert tutorial.hand_widget("P 1m2m3m 4p5p6p 7s8s9s E E E", wildcard="5s")["marks"] == flipped
    assert tutorial.hand_widget("1m2m3m 4p5p6p 7s8s9s E E E P")["marks"] == {"P": {"wild": True}}
    seen = set()
    for item in tutorial.catalogue():
        les = tutorial.lesson(item["id"])
        for b in les["blocks"]:
            if b["type"] == "hand":
                if b.get("wildcard") == "5s":
                    assert b["marks"] == flipped
                assert ("face" in b["marks"].get("P", {})) is (b.get("wildcard") not in (None, "P"))
                seen.add(b.get("wildcard"))
        for ex in les["exercises"]:
            if "wildcard" in ex:
                ind = ex["wildcard"]["indicator"]
                assert ("face" in ex["wildcard"]["marks"].get("P", {})) is (ind not in (None, "P")), ex["id"]
                seen.add(ind)
    assert None in seen and len(seen) >= 2  # fixed and flipped wildcards both occur


def test_a_win_marked_right_says_what_its_name_means_in_english() -> None:
    # lesson 3's flipped-wildcard hand is 清七对: the English names it and says what it is, once
    res = json.loads(webapi.call("check_exercise", json.dumps({"id": "caishen-flipped", "answer": 2})))
    assert res["correct"]
    assert "Qing qidui (清七对, seven pairs without a wildcard), 2 fan" in res["explanation_en"]
    assert res["explanation_en"].count("清七对") == 1
