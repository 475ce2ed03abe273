"""Bot ids say what the bots are (beginner, standard, advanced, strong, expert, and random); the ids they had
before (easy, basic, normal) are still read everywhere and name the same kinds: bots, the command line, saved
games, the page's settings (the webapi), ladder files."""

from __future__ import annotations

import json
from typing import Any

import pytest

from hzmj_core import webapi
from hzmj_core.arena import ArenaError, run_arena
from hzmj_core.bots import BOTS, LEVEL_NAMES, OLD_BOT_IDS, bot_id, make_bot
from hzmj_core.cli import main
from hzmj_core.exam.ladder import OPPONENTS, LadderError, chain_seed, check_file, replay_match
from hzmj_core.round import Round
from hzmj_core.view import SeatView

OLD = [("easy", "beginner"), ("basic", "standard"), ("normal", "advanced")]


def call(method: str, **args: Any) -> Any:
    return json.loads(webapi.call(method, json.dumps(args)))


def test_ids_match_the_names_players_see() -> None:
    assert list(BOTS) == ["random", "beginner", "standard", "advanced", "strong", "expert"]
    assert {k: v[1] for k, v in LEVEL_NAMES.items()} == {
        "random": "Random", "beginner": "Beginner", "standard": "Standard", "advanced": "Advanced",
        "strong": "Strong", "expert": "Expert"}
    assert LEVEL_NAMES["standard"][0] == "普通" and LEVEL_NAMES["advanced"][0] == "进阶"
    assert dict(OLD) == OLD_BOT_IDS


@pytest.mark.parametrize(("old", "new"), OLD)
def test_an_old_id_makes_the_same_bot(old: str, new: str) -> None:
    assert bot_id(old) == new and bot_id(new) == new
    a, b = make_bot(old, 3), make_bot(new, 3)
    assert type(a) is type(b) and b.name == new
    r = Round.deal(seed=8)
    while not r.is_over:
        seat = r.deciding_seats()[0]
        view = SeatView.of(r, seat)
        x = a.choose(view)
        assert x == b.choose(view)
        r.apply(x)


def test_an_unknown_id_is_refused_naming_the_ids() -> None:
    with pytest.raises(ValueError, match=r"'hard'.*beginner, standard, advanced"):
        make_bot("hard")
    with pytest.raises(ArenaError, match="'hard'"):
        run_arena(1, 1, ["hard"])


def test_the_command_line_reads_old_ids(capsys: pytest.CaptureFixture[str]) -> None:
    def out(*args: str) -> Any:
        assert main(list(args)) == 0
        data = json.loads(capsys.readouterr().out)
        return {k: v for k, v in data.items() if k not in ("seconds", "hands_per_second")} | {
            "kinds": {k: {n: x for n, x in v.items() if not n.startswith("time_")} for k, v in data["kinds"].items()}}

    old = out("arena", "--hands", "4", "--seed", "3", "--seats", "normal,easy,basic,easy", "--json")
    new = out("arena", "--hands", "4", "--seed", "3", "--seats", "advanced,beginner,standard,beginner", "--json")
    assert old == new and old["seats"] == ["advanced", "beginner", "standard", "beginner"]
    assert main(["simulate", "--hands", "2", "--seed", "5", "--bots", "basic", "--json"]) == 0
    a = json.loads(capsys.readouterr().out)
    assert main(["simulate", "--hands", "2", "--seed", "5", "--bots", "standard", "--json"]) == 0
    b = json.loads(capsys.readouterr().out)
    drop = ("seconds", "hands_per_second", "actions_per_second")
    assert {k: v for k, v in a.items() if k not in drop} == {k: v for k, v in b.items() if k not in drop}


@pytest.mark.parametrize(("old", "new"), OLD)
def test_a_game_started_or_saved_with_an_old_level_plays_the_same(old: str, new: str) -> None:
    st_old = call("new_game", seed=21, level=old)
    saved = json.loads(json.loads(webapi.call("save_text")))
    st_new = call("new_game", seed=21, level=new)
    assert st_old == st_new and st_new["match"]["level"] == new
    for _ in range(30):  # a few steps of the bots and the human
        st = call("state")
        if st["hand_over"]:
            break
        if st["human_to_act"]:
            call("act", action=st["legal_actions"][0]["text"])
        else:
            call("bot_step")
    saved_new = json.loads(json.loads(webapi.call("save_text")))
    assert saved["level"] == new  # written with today's id
    restored_old = call("restore", save={**saved_new, "level": old})  # a save written before the rename
    restored_new = call("restore", save=saved_new)
    assert restored_old == restored_new and restored_old["match"]["level"] == new


def test_the_page_gets_each_levels_old_id() -> None:
    levels = call("bot_level_names")
    assert {lv["id"]: lv["aliases"] for lv in levels} == {
        "random": [], "beginner": ["easy"], "standard": ["basic"], "advanced": ["normal"], "strong": [],
        "expert": []}
    assert [lv["id"] for lv in levels if lv["default"]] == ["standard"]


def test_a_ladder_file_with_old_ids_replays_and_checks() -> None:
    assert OPPONENTS[1] == "beginner" and OPPONENTS[4] == "advanced"
    entry = {"seed": 7, "level": "easy", "actions": []}
    with pytest.raises(LadderError) as old_err:
        replay_match(entry)
    with pytest.raises(LadderError) as new_err:
        replay_match({**entry, "level": "beginner"})
    # the same refusal for the same (empty) play: the level was read, the actions were too few
    assert old_err.value.reason == new_err.value.reason and old_err.value.reason.code != "ladder_match_fields"
    with pytest.raises(LadderError) as wrong:
        # a chained file of one match, hints off, played at 业余 1 级 against advanced bots where it plays beginners
        first = {**entry, "seed": chain_seed(11, None, 1), "hints": False, "level": "normal"}
        check_file({"version": 2, "profile": 11, "matches": [first]})
    assert wrong.value.reason.code == "ladder_wrong_level"
    assert wrong.value.reason.params["played_zh"] == "进阶" and wrong.value.reason.params["want_zh"] == "入门"
