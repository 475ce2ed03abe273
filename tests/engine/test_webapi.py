"""The browser facade: a whole session through call(), save/restore, refusals, and claim-window privacy."""

from __future__ import annotations

import contextlib
import json
import re
from typing import Any

import pytest

from hzmj_core import webapi


def call(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


def play_hand(choose_last: bool = True) -> tuple[dict[str, Any], int]:
    """Play the current hand to its end; the human takes the last legal action (pass/discard). Returns the
    final state and how many claim windows were seen in which only bots were deciding."""
    bot_claims = 0
    for _ in range(2000):
        st = call("state")
        if st["hand_over"]:
            return st, bot_claims
        if st["human_to_act"]:
            acts = st["legal_actions"]
            call("act", action=(acts[-1] if choose_last else acts[0])["text"])
        else:
            if st["claim"] is not None:
                bot_claims += 1
                others = sorted(set(range(4)) - {st["claim"]["from"], st["human"]})
                assert st["bots_to_act"] == others
            call("bot_step")
    raise AssertionError("the hand did not end")


def test_session_plays_saves_and_restores_exactly() -> None:
    call("new_game", seed=11, level="advanced")
    st, _ = play_hand()
    assert st["result"] is not None and sum(st["result"]["deltas"]) == 0
    saved = json.loads(webapi.call("save_text"))  # the JSON text the page keeps
    restored = call("restore", save=saved)
    assert restored == st
    nxt = call("next_hand")
    assert nxt["match"]["hand_number"] == 2


def test_illegal_action_is_refused_and_changes_nothing() -> None:
    st = call("new_game", seed=3, level="standard")
    while not st["human_to_act"]:
        st = call("bot_step")["state"]
    before = webapi.call("save_text")
    with pytest.raises(webapi.ApiError, match="not"):
        call("act", action="S0 discard " + ("1m" if "1m" not in st["hand"] else "N"))
    with pytest.raises(webapi.ApiError, match="seat"):
        call("act", action="S9 discard 1m")
    with pytest.raises(webapi.ApiError, match="unknown method"):
        webapi.call("no_such_method", "{}")
    assert webapi.call("save_text") == before


def test_claim_windows_do_not_reveal_which_bots_can_claim() -> None:
    """While bots decide on a discard, every non-discarding bot is shown as deciding (their options would
    reveal their concealed tiles), and one bot_step settles the whole window."""
    seen = 0
    for seed in range(6):
        call("new_game", seed=seed, level="standard")
        _, n = play_hand(choose_last=False)
        seen += n
    assert seen > 0


def test_bot_levels_come_from_the_engine_weakest_first() -> None:
    levels = call("bot_levels")
    assert levels[-3:] == ["advanced", "strong", "expert"]
    names = call("bot_level_names")
    assert [n["id"] for n in names] == levels
    expert = next(n for n in names if n["id"] == "expert")
    assert {"id": "expert", "zh": "大师", "en": "Expert"}.items() <= expert.items()
    call("new_game", seed=5, level="expert")
    for _ in range(6):
        st = call("state")
        if st["human_to_act"]:
            call("act", action=st["legal_actions"][0]["text"])
        else:
            call("bot_step")
    assert call("state")["match"]["level"] == "expert"


def test_hint_is_the_coachs_suggestion_deep_or_not() -> None:
    call("new_game", seed=8, level="strong")
    while not call("state")["human_to_act"]:
        call("bot_step")
    deep = call("hint", deep=True)["suggestion"]
    plain = call("hint")["suggestion"]
    assert deep["reason_zh"] and plain["reason_zh"]
    assert deep["action"]["text"] in [a["text"] for a in call("state")["legal_actions"]]
    # exactly what the coach (the expert the 复盘 asks) decides from the player's view, with or without ``deep``
    from hzmj_core.coach import suggest
    from hzmj_core.view import SeatView
    session = webapi.current_session()
    assert session is not None
    view = SeatView.of(session.match.round, session.human, session.points())
    assert deep == plain == suggest(view).to_json()
    assert call("state")["hints"]["suggestion"] == plain


BAD_CALLS = [
    ("new_game", {"seed": "abc"}, "not a whole number"),
    ("new_game", {"seed": float("nan")}, "NaN"),
    ("new_game", {"seed": float("inf")}, "Infinity"),
    ("new_game", {"seed": []}, "'seed' must be a whole number"),
    ("new_game", {"seed": True}, "'seed' must be a whole number"),
    ("new_game", {"seed": 1.5}, "'seed' must be a whole number"),
    ("new_game", {"seed": "-1"}, "outside 0 to"),
    ("new_game", {"seed": str(2**64)}, "outside 0 to"),
    ("new_game", {"seed": "1" * 309}, "309 characters"),
    ("new_game", {}, "needs the argument 'seed'"),
    ("new_game", {"seed": 1, "human": "abc"}, "'human' must be an integer"),
    ("new_game", {"seed": 1, "human": float("nan")}, "NaN"),
    ("new_game", {"seed": 1, "human": []}, "'human' must be an integer"),
    ("new_game", {"seed": 1, "human": 4}, "'human' must be from 0 to 3"),
    ("new_game", {"seed": 1, "level": "genius"}, "'level' must be one of"),
    ("new_game", {"seed": 1, "options": []}, "'options' must be an object"),
    ("new_game", {"seed": 1, "colour": "red"}, "unknown argument 'colour'"),
    ("analyze", {"hand": "P 1m2m3m 4p5p6p 7s8s9s EE", "wildcard": True}, "'wildcard' must be text"),
    ("analyze", {"hand": 5}, "'hand' must be text"),
    ("hand_widget", {"tiles": "P 1m2m3m 4p5p6p 7s8s9s EEE", "wildcard": True}, "'wildcard' must be text"),
    ("hand_widget", {"tiles": "1m1m1m 2m3m4m 4p5p6p 7s8s9s EE", "win_tile": "N"}, "not one of the concealed"),
    ("hand_widget", {"tiles": "1m1m1m 2m3m4m 4p5p6p 7s8s9s EE", "win_tile": "9x"}, "win-tile: bad tile"),
    ("replay_frame", {"step": "x"}, "'step' must be an integer"),
    ("replay_frame", {"hand": -1}, "'hand' must be from 0"),
    ("act", {"action": 5}, "'action' must be an action text or object"),
    ("restore", {"save": 5}, "'save' must be the saved game's JSON text or object"),
    ("lesson", {"id": None}, "'id' must be text"),
    ("state", {"x": 1}, "unknown argument 'x' (it takes no arguments)"),
    ("hint", {"deep": 1}, "'deep' must be true or false"),
]


@pytest.mark.parametrize("method, args, needle", BAD_CALLS, ids=[f"{m}-{i}" for i, (m, _, _) in enumerate(BAD_CALLS)])
def test_bad_arguments_raise_only_api_error(method: str, args: dict[str, Any], needle: str) -> None:
    call("new_game", seed=5)
    before = webapi.call("save_text")
    with pytest.raises(webapi.ApiError, match=needle.replace("(", r"\(").replace(")", r"\)")):
        webapi.call(method, json.dumps(args))  # json.dumps writes NaN and Infinity as Python does
    assert webapi.call("save_text") == before


def test_every_method_has_an_argument_schema() -> None:
    from hzmj_core.schema import METHOD_ARGS
    assert set(METHOD_ARGS) == set(webapi.METHODS)


def test_the_exam_methods_listed_for_the_web_api_are_the_exams_own() -> None:
    from hzmj_core.exam import api
    from hzmj_core.schema import EXAM_ARGS
    assert set(EXAM_ARGS) == set(api.METHODS)
    assert api.ARGS is EXAM_ARGS


@pytest.mark.host_only
def test_a_first_table_imports_neither_the_lessons_nor_the_exams() -> None:
    """The page's first calls stay off the lessons and exams (a quarter of the import in Pyodide); the first
    lesson or exam call imports them, and the worker's warm-up imports both before a memory snapshot."""
    import subprocess
    import sys
    script = """
import json, sys
from hzmj_core import webapi
def loaded():
    return sorted(m for m in sys.modules if m.startswith(("hzmj_core.tutorial", "hzmj_core.exam")))
for method, args in [("version", {}), ("new_game", {"seed": "7"}), ("option_info", {}), ("bot_level_names", {}),
                     ("option_presets", {}), ("state", {}), ("save_text", {})]:
    webapi.call(method, json.dumps(args))
first = loaded()
webapi.call("lessons")
lessons = loaded()
webapi.call("exam_levels")
exams = loaded()
webapi.reset()
webapi.warm_up()
print(json.dumps([first, lessons, exams]))
"""
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
    first, lessons, exams = json.loads(out)
    assert first == []
    assert "hzmj_core.tutorial" in lessons and not any(m.startswith("hzmj_core.exam") for m in lessons)
    assert "hzmj_core.exam.api" in exams


def _numbers_the_page_would_round(value: Any, where: str = "") -> list[str]:
    """Where an answer holds a seed as a number, or any integer a JS number cannot hold exactly."""
    if isinstance(value, dict):
        return [w for k, v in value.items() for w in _numbers_the_page_would_round(v, f"{where}.{k}")]
    if isinstance(value, list):
        return [w for i, v in enumerate(value) for w in _numbers_the_page_would_round(v, f"{where}[{i}]")]
    number = isinstance(value, (int, float)) and not isinstance(value, bool)
    if number and ("seed" in where.rsplit(".", 1)[-1] or abs(value) > 2**53 - 1):
        return [f"{where} = {value!r}"]
    return []


def test_no_answer_carries_a_seed_as_a_number() -> None:
    """The page reads every answer with JSON.parse: a seed (up to 2^64 - 1) must come as a decimal string."""
    big = str(2**64 - 1)
    answers: dict[str, Any] = {"version": call("version"), "new_game": call("new_game", seed=big)}
    while "act" not in answers or "bot_step" not in answers:
        st = call("state")
        if st["human_to_act"]:
            answers["act"] = call("act", action=st["legal_actions"][-1]["text"])
        else:
            answers["bot_step"] = call("bot_step")
    answers["state"] = call("state")
    answers["hint"] = call("hint")
    answers["save_text"] = call("save_text")
    answers["restore"] = call("restore", save=answers["save_text"])
    answers["export_log_text"] = call("export_log_text")
    answers["replay_load"] = call("replay_load", log=answers["export_log_text"])
    answers["replay_frame"] = call("replay_frame", hand=0, step=2)
    answers["review_start"] = call("review_start", seed=big)
    answers["review_step"] = call("review_step", count=10_000)
    assert answers["review_step"]["finished"]
    play_hand()
    answers["next_hand"] = call("next_hand")
    answers["analyze"] = call("analyze", hand="123m456p789s EEWW", melds="")
    answers["hand_widget"] = call("hand_widget", tiles="123m456p789s EEWW")
    answers["embed"] = call("embed", tiles="123m456p789s EEWW", lang="en")
    answers["lessons"] = call("lessons")
    answers["lesson"] = call("lesson", id=answers["lessons"][0]["id"])
    answers["check_exercise"] = call("check_exercise", id=answers["lessons"][0]["exercises"][0], answer="1m")
    for name in ("option_info", "option_presets", "fan_table", "bot_levels", "bot_level_names", "phrase_list"):
        answers[name] = call(name)
    # a friends table: the host at seat 0, a guest at seat 2
    answers["new_game"] = call("new_game", seed=big, humans=[0, 2], timer="standard")
    answers["seat_call"] = json.loads(webapi.call("seat_call", json.dumps({"seat": 2, "method": "state"})))
    while not call("pending", now=1_700_000_000_000)["seats"]:
        call("bot_step")
    answers["pending"] = call("pending", now=1_700_000_000_000)
    first = answers["pending"]["seats"][0]
    answers["timeout"] = call("timeout", seat=first["seat"], now=first["deadline"])
    answers["seat_to_bot"] = call("seat_to_bot", seat=2)
    answers["seat_to_human"] = call("seat_to_human", seat=2)
    answers["phrase"] = call("phrase", id="hello")
    answers.update(_exam_answers(big))
    answers.update(_daily_answers())
    assert set(answers) == set(webapi.METHODS)  # a new method gets checked here too
    assert _numbers_the_page_would_round(answers) == []
    assert answers["state"]["match"]["seed"] == big and answers["review_step"]["report"]["seed"] == big
    assert answers["exam_new"]["seed"] == big and answers["ladder_check"]["record"]["profile"] == big
    assert answers["seat_call"]["match"]["seed"] is None  # a guest never gets the seed


def _daily_answers() -> dict[str, Any]:
    """One answer of each 每日挑战 method: a day played to its end by the page's calls."""
    out: dict[str, Any] = {"daily_today": call("daily_today", now=1_773_590_400_000),
                           "daily_info": call("daily_info", date="2026-03-15")}
    out["daily_par_step"] = call("daily_par_step", date="2026-03-15")
    out["daily_start"] = call("daily_start", date="2026-03-15", name="Big")
    while True:
        st = call("state")
        if st["match"]["over"]:
            break
        if st["human_to_act"]:
            call("act", action=st["legal_actions"][-1]["text"])
        elif st["bots_to_act"]:
            call("bot_step")
        else:
            call("next_hand")
    out["daily_result"] = call("daily_result")
    out["daily_verify"] = call("daily_verify", code=out["daily_result"]["code"])
    hecut = out["daily_info"]["hecut"]
    out["daily_hecut_answer"] = call("daily_hecut_answer", date="2026-03-15", answer=hecut["choices"][0]["value"])
    return out


def _exam_answers(big: str) -> dict[str, Any]:
    """The exam's methods (hzmj_core/exam/api.py), with the seed at its largest; the game in progress is played on
    to the end of a ranked match (eight hands) for ``ladder_ranked``, in a game of its own against three bots: the
    first ranked match of the profile ``big``, whose seed the chain gives."""
    from hzmj_core.exam.ladder import chain_seed

    first = str(chain_seed(int(big), None, 1))
    call("new_game", seed=first, level="beginner", hints=False)  # 业余 1 级's opponents, so the ladder certifies it
    out: dict[str, Any] = {"exam_levels": call("exam_levels"), "exam_new": call("exam_new", level="registered",
                                                                                  seed=big)}
    out["exam_check"] = call("exam_check", level="registered", seed=big, index=0, answer=None)
    out["exam_grade"] = call("exam_grade", level="registered", seed=big, answers=[None] * 10)
    out["exam_verify"] = call("exam_verify", code=out["exam_grade"]["code"])
    out["ladder_state"] = call("ladder_state", placements=[1, 2])
    out["ladder_rules"] = call("ladder_rules")
    while call("state")["match"]["hand_number"] < 8 or not call("state")["hand_over"]:
        st, _ = play_hand()
        if st["match"]["hand_number"] < 8 and not st["match"]["over"]:
            call("next_hand")
        elif st["match"]["over"]:
            break
    out["ladder_ranked"] = call("ladder_ranked", save=call("save_text"))
    rec = out["ladder_ranked"]
    assert rec["seed"] == first and rec["hints"] is False
    record = {"version": 2, "profile": big, "matches": [rec]}
    out["ladder_next"] = call("ladder_next", record=record)
    out["ladder_check"] = call("ladder_check", record=record)
    out["ladder_issue"] = call("ladder_issue", file={"profile": big, "matches": [
        {k: rec[k] for k in ("seed", "level", "actions", "hints")}]})
    return out


def test_seed_is_a_decimal_string_end_to_end() -> None:
    big = str(2**64 - 1)
    st = call("new_game", seed=big)
    assert st["match"]["seed"] == big
    saved = webapi.call("save_text")  # JSON text: its integers never go through a JS number
    assert json.loads(json.loads(saved))["seed"] == 2**64 - 1
    assert call("restore", save=json.loads(saved))["match"]["seed"] == big
    log = json.loads(json.loads(webapi.call("export_log_text")))
    assert log["seed"] == 2**64 - 1
    saved_as_text = json.loads(json.loads(saved))
    saved_as_text["seed"] = big  # a save may hold the seed as a decimal string too
    assert call("restore", save=json.dumps(saved_as_text))["match"]["seed"] == big
    assert call("new_game", seed=7)["match"]["seed"] == "7"  # an int is still accepted
    assert call("new_game", seed="7")["hand"] == call("new_game", seed=7)["hand"]


def test_restore_refuses_non_string_actions_and_changes_nothing() -> None:
    call("new_game", seed=11)
    for _ in range(3):
        call("bot_step") if not call("state")["human_to_act"] else None
    saved = json.loads(json.loads(webapi.call("save_text")))
    before = webapi.call("save_text")
    for bad in (5, None, ["S0 discard 1m"], {"text": 1}):
        damaged = json.loads(json.dumps(saved))
        damaged["log"]["hands"][0]["actions"] = [bad]
        with pytest.raises(webapi.ApiError, match=r"damaged: save\.log\.hands\[0\]\.actions\[0\] must be text"):
            call("restore", save=json.dumps(damaged))
        with pytest.raises(webapi.ApiError, match="damaged"):
            call("restore", save=damaged)
    assert webapi.call("save_text") == before


def test_replay_frame_names_the_hand_index() -> None:
    call("new_game", seed=11)
    call("replay_load", log=json.loads(webapi.call("export_log_text")))
    with pytest.raises(webapi.ApiError, match=r"hand index 3 is outside 0-0: this log has 1 hand"):
        call("replay_frame", hand=3, step=0)


@pytest.mark.parametrize("text, needle", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 64"),
    ('{"seed": ' + "9" * 5000 + "}", "5000 digits"),
], ids=["deep", "5000 digits"])
def test_argument_text_within_limits(text: str, needle: str) -> None:
    with pytest.raises(webapi.ApiError, match=needle):
        webapi.call("new_game", text)
    with pytest.raises(webapi.ApiError, match=needle):
        webapi.call("restore", json.dumps({"save": text}))


def test_a_log_exported_before_the_next_hand_replays_with_full_frames() -> None:
    call("new_game", seed=11, level="advanced")
    st, _ = play_hand()
    assert st["hand_over"] and st["match"]["hand_number"] == 1
    summary = call("replay_load", log=call("export_log_text"))  # the hand is over but not booked yet
    steps = summary["hands"][0]["actions"]
    assert len(summary["hands"]) == 1 and steps > 0
    first, last = call("replay_frame", hand=0, step=0), call("replay_frame", hand=0, step=steps)
    for frame in (first, last):
        # the same keys as a game state, so the page draws a frame as it comes
        assert frame["human_to_act"] is False and frame["bots_to_act"] == [] and frame["deciding"] == []
        assert frame["hand_over"] is (frame["result"] is not None)
    assert last["hand_over"] and last["result"] == st["result"] and not first["hand_over"]


def test_restore_refuses_a_log_of_another_game() -> None:
    call("new_game", seed=5, level="standard")
    saved = json.loads(call("save_text"))
    saved["seed"] = 6
    with pytest.raises(webapi.ApiError, match="damaged"):
        call("restore", save=saved)
    saved["seed"] = 5
    saved["log"]["hands"][0]["points"][0] += 1  # well-formed, but not what the match gives
    with pytest.raises(webapi.ApiError, match="damaged: hands\\[0\\]: 'points' is"):
        call("restore", save=saved)
def test_the_offered_levels_leave_out_the_test_bot_and_mark_the_default() -> None:
    levels = json.loads(webapi.call("bot_level_names"))
    offered = [lv["id"] for lv in levels if lv["offered"]]
    assert "random" not in offered and offered[-3:] == ["advanced", "strong", "expert"]
    assert [lv["id"] for lv in levels if lv["default"]] == [webapi.DEFAULT_LEVEL]


def test_option_info_names_every_value_and_chapter() -> None:
    info = {o["key"]: o for o in json.loads(webapi.call("option_info"))}
    assert [v["zh"] for v in info["start_streak"]["value_labels"]] == ["平庄起", "笃二老庄", "笃三老庄"]
    assert info["start_streak"]["chapter_zh"] == "庄家与老庄"


def test_no_bot_thinks_in_the_humans_round_trip(monkeypatch: pytest.MonkeyPatch) -> None:
    # The page asks bots to move (bot_step) only while bots_to_act is non-empty, and that is never so while the
    # human has a decision; the human's own `act` applies the action and answers without any bot deciding.
    from hzmj_core.bots.expert import ExpertBot
    thinking = {"in_act": False, "calls": 0}
    real = ExpertBot.decide

    def counted(self: ExpertBot, view: Any) -> Any:
        thinking["calls"] += 1
        assert not thinking["in_act"], "a bot decided during the human's act"
        return real(self, view)

    monkeypatch.setattr(ExpertBot, "decide", counted)
    st = call("new_game", seed=9, level="expert")
    acts = 0
    for _ in range(2000):
        if st["hand_over"]:
            break
        if st["human_to_act"]:
            assert st["bots_to_act"] == []
            thinking["in_act"] = True
            st = call("act", action=st["legal_actions"][-1]["text"])["state"]
            thinking["in_act"] = False
            acts += 1
        else:
            assert st["bots_to_act"]
            st = call("bot_step")["state"]
    assert st["hand_over"] and acts > 3 and thinking["calls"] > 3


def _with_1e400(method: str) -> list[str]:
    """Argument texts for ``method`` with the number 1e400 (infinite as a float) in every place it can go:
    each argument, inside an object and a list, and in each number of a save or a log text."""
    from hzmj_core.schema import METHOD_ARGS

    texts = ['{"x": 1e400}', "1e400", "[1e400]"]
    for name in METHOD_ARGS[method]:
        texts += [f'{{"{name}": {v}}}' for v in ("1e400", "-1e400", "[1e400]", '{"base_score": 1e400}')]
    return texts


@pytest.mark.parametrize("method", sorted(webapi.METHODS))
def test_every_method_refuses_1e400_with_an_api_error(method: str) -> None:
    call("new_game", seed="3")
    before = webapi.call("save_text")
    for text in _with_1e400(method):
        with contextlib.suppress(webapi.ApiError):
            webapi.call(method, text)
        if method not in ("new_game", "restore", "act", "bot_step", "next_hand"):
            assert webapi.call("save_text") == before, text


def test_1e400_in_every_number_of_a_save_and_a_log() -> None:
    call("new_game", seed="3")
    save = json.loads(webapi.call("save_text"))
    log = json.loads(webapi.call("export_log_text"))
    for method, key, text in (("restore", "save", save), ("replay_load", "log", log), ("review_start", "log", log)):
        for m in list(re.finditer(r"(?<=[:\[, ])-?\d+(?=[,}\]\n])", text))[:80]:
            forged = text[:m.start()] + "1e400" + text[m.end():]
            with pytest.raises(webapi.ApiError):
                webapi.call(method, json.dumps({key: forged}))


def test_nothing_but_api_error_leaves_call(monkeypatch: pytest.MonkeyPatch) -> None:
    # whatever a method fails with on an input the checks let through, call() refuses it as ApiError
    for exc in (OverflowError("int too large to convert"), RecursionError("maximum recursion depth"),
                KeyError("x"), AssertionError("?")):
        def fail(_: Any, exc: Exception = exc) -> Any:
            raise exc
        monkeypatch.setitem(webapi.METHODS, "version", fail)
        with pytest.raises(webapi.ApiError, match=type(exc).__name__):
            webapi.call("version", "{}")


@pytest.mark.parametrize("method, args", [
    ("new_game", {"seed": "1", "level": "x" * 5000}),
    ("act", {"action": {"x": "y" * 5000}}),
    ("lesson", {"id": "z" * 99}),
    ("replay_load", {"log": '{"format": "' + "q" * 5000 + '"}'}),
    ("x" * 5000, {}),
])
def test_error_messages_do_not_echo_kilobytes(method: str, args: dict[str, Any]) -> None:
    call("new_game", seed="3")
    with pytest.raises(webapi.ApiError) as exc:
        webapi.call(method, json.dumps(args))
    assert 0 < len(str(exc.value)) <= webapi.MAX_MESSAGE


def test_base_score_is_bounded_so_a_match_saves_and_restores() -> None:
    with pytest.raises(webapi.ApiError, match="from 1 to 1000"):
        call("new_game", seed="1", options={"base_score": 10**19})
    call("new_game", seed="1", options={"base_score": 1000})
    play_hand()
    saved = webapi.call("save_text")
    call("restore", save=json.loads(saved))
    info = {o["key"]: o for o in call("option_info")}
    assert (info["base_score"]["min"], info["base_score"]["max"]) == (1, 1000)
    assert "1000" in info["base_score"]["description"] and "1000" in info["base_score"]["description_zh"]


def test_replay_frame_from_any_seat_keeps_the_points() -> None:
    call("new_game", seed=11, level="advanced")
    play_hand()
    call("next_hand")
    log = json.loads(webapi.call("export_log_text"))
    points = json.loads(log)["hands"][1]["points"]
    assert points != [50, 50, 50, 50]  # the first hand moved points
    call("replay_load", log=log)
    first = call("replay_frame", hand=0, step=0)
    assert [p["points"] for p in first["players"]] == [50, 50, 50, 50]
    frame = call("replay_frame", hand=1, step=0, seat=2)
    assert frame["seat"] == 2 and frame["human"] == 2
    assert [p["points"] for p in frame["players"]] == points
    assert sorted(frame["hand"]) == sorted(frame["all_hands"][2])  # seat 2's own tiles are the ones at the bottom
    with pytest.raises(webapi.ApiError, match="'seat'"):
        call("replay_frame", hand=0, step=0, seat=4)


def test_a_log_of_up_to_16_mib_that_the_command_line_replays_is_read(tmp_path: Any) -> None:
    # padded with line breaks, each of which the page's argument text {"log": "..."} writes as two characters
    from hzmj_core.cli import main
    from hzmj_core.jsontext import MAX_BYTES

    call("new_game", seed="5")
    play_hand()
    log = json.loads(webapi.call("export_log_text"))
    text = log[:-1] + "\n" * (MAX_BYTES - len(log) - 8) + log[-1]
    path = tmp_path / "padded.json"
    path.write_text(text, encoding="utf-8")
    assert len(path.read_bytes()) <= MAX_BYTES and main(["replay", str(path), "--json"]) == 0
    summary = call("replay_load", log=text)
    assert len(summary["hands"]) == 1
    with pytest.raises(webapi.ApiError, match="at most 16777216"):
        call("replay_load", log=text + " " * 16)


def test_option_presets_name_the_options_a_new_game_then_plays() -> None:
    presets = call("option_presets")
    assert [p["key"] for p in presets][:3] == ["hangzhou", "du_san", "zimo"]
    assert presets[0]["options"] == {}
    for p in presets:
        assert p["zh"] and p["en"] and p["description"] and p["description_zh"]
        st = call("new_game", options=p["options"], seed=7)
        assert {k: st["options"][k] for k in p["options"]} == p["options"]
