"""Hand and match logs: exact replay, scenarios (logs without a result), and LogError for bad logs."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from helpers import act, opts, scenario

from hzmj_core.bots import SeatView, make_bot
from hzmj_core.log import FORMAT, VERSION, LogError, hand_log, load, match_log, replay
from hzmj_core.match import Match
from hzmj_core.options import Options
from hzmj_core.round import Round


def bot_hand(seed: int, options: Options | None = None) -> Round:
    r = Round.deal(options or Options(), dealer=seed % 4, streak=1 + seed % 3, seed=seed)
    bots = [make_bot("basic", seed + s) for s in range(4)]
    while not r.is_over:
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    return r


def bot_match(seed: int, hands: int) -> Match:
    m = Match(Options(), seed)
    bots = [make_bot("basic", seed + s) for s in range(4)]
    while len(m.history) < hands and not m.over:
        r = m.round
        while not r.is_over:
            s = r.deciding_seats()[0]
            r.apply(bots[s].choose(SeatView.of(r, s)))
        m.finish_hand()
    return m


def roundtrip(data: dict[str, Any]) -> dict[str, Any]:
    return json.loads(json.dumps(data))


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("changes", [{}, {"wildcard_mode": "flipped", "rob_kong": True}])
def test_hand_log_replays_exactly(seed: int, changes: dict[str, object]) -> None:
    r = bot_hand(seed, opts(**changes))
    log = roundtrip(hand_log(r))
    assert log["format"] == FORMAT and log["version"] == VERSION and log["kind"] == "hand"
    assert log["seed"] == seed and log["wall"] is None
    assert log["actions"] == [str(a) for a in r.actions]
    rep = replay(log)
    assert rep.kind == "hand" and rep.checked_results == 1 and not rep.scenario
    assert rep.last.to_json() == r.to_json()


def test_match_log_replays_exactly() -> None:
    m = bot_match(5, 4)
    log = roundtrip(match_log(m))
    assert log["kind"] == "match" and log["first_dealer"] == m.first_dealer
    rep = replay(log)
    assert rep.kind == "match"
    assert rep.checked_results == len(m.history) == 4
    assert len(rep.rounds) == 5 and rep.scenario  # the hand in progress is a scenario
    for got, rec in zip(rep.rounds, m.history, strict=False):
        assert got.result is not None and got.result.to_json() == rec.result.to_json()


def test_scenario_log_with_explicit_wall_stops_and_reports_legal_actions() -> None:
    r = scenario({0: "5s", 3: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"}, streak=3)
    act(r, "S0 discard 5s")
    log = roundtrip(hand_log(r))
    assert log["seed"] is None and len(log["wall"]) == 136 and "result" not in log
    rep = replay(log)
    assert rep.scenario and rep.checked_results == 0
    assert rep.last.to_json() == r.to_json()
    assert "S3 win" in {str(a) for a in rep.last.legal_actions()}


def test_finished_hand_without_result_is_a_scenario() -> None:
    r = bot_hand(4)
    log = roundtrip(hand_log(r, include_result=False))
    rep = replay(log)
    assert rep.scenario and rep.last.is_over


def base_log() -> dict[str, Any]:
    return roundtrip(hand_log(bot_hand(2)))


def wall_log() -> dict[str, Any]:
    r = scenario({0: "5s"})
    act(r, "S0 discard 5s")
    return roundtrip(hand_log(r))


def _set(path: str, value: Any):  # type: ignore[no-untyped-def]
    def f(d: dict[str, Any]) -> None:
        keys = path.split(".")
        target: Any = d
        for k in keys[:-1]:
            target = target[int(k)] if isinstance(target, list) else target[k]
        last = keys[-1]
        if isinstance(target, list):
            target[int(last)] = value
        else:
            target[last] = value
    return f


def _del(key: str):  # type: ignore[no-untyped-def]
    def f(d: dict[str, Any]) -> None:
        del d[key]
    return f


BAD = {
    "wrong format": (base_log, _set("format", "other"), "'format'"),
    "wrong version": (base_log, _set("version", 99), "version 99"),
    "unknown option": (base_log, _set("options.colour", "red"), "colour"),
    "bad option value": (base_log, _set("options.start_points", 45), "start_points"),
    "missing dealer": (base_log, _del("dealer"), "'dealer'"),
    "bad dealer": (base_log, _set("dealer", 7), "dealer"),
    "bad streak type": (base_log, _set("streak", "3"), "'streak'"),
    "malformed action": (base_log, _set("actions.2", "S9 dance"), "action 2"),
    "illegal action": (base_log, lambda d: d["actions"].__setitem__(1, f"S{d['dealer']} chow 1m2m"), "action 1"),
    "tampered result": (base_log, _set("result.deltas", [9, -3, -3, -3]), "deltas"),
    "tampered winner": (base_log, _set("result.winner", 3), "winner"),
    "wrong wall size": (wall_log, lambda d: d["wall"].pop(), "136"),
    "wrong wall content": (wall_log, lambda d: d["wall"].__setitem__(0, "5s" if d["wall"][0] != "5s" else "6s"),
                           "the wall must hold"),
    "bad wall tile": (wall_log, _set("wall.0", "0z"), "wall"),
    "no seed no wall": (wall_log, _set("wall", None), "seed"),
    "not an object": (lambda: {"x": []}, lambda d: None, "format"),
    "non-ASCII tile": (base_log, lambda d: d["actions"].__setitem__(0, f"S{d['dealer']} discard ０p"),
                       "action 0: malformed action"),
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_logs_name_the_first_problem(name: str) -> None:
    make, mutate, needle = BAD[name]
    log = make()
    mutate(log)
    with pytest.raises(LogError) as exc:
        replay(log)
    assert needle in str(exc.value)


def test_illegal_action_message_names_index_and_reason() -> None:
    log = base_log()
    log["actions"][0] = "S1 discard 1m"
    dealer = log["dealer"]
    with pytest.raises(LogError, match=r"action 0 \(S1 discard 1m\) is illegal") as exc:
        replay(log)
    if dealer != 1:
        assert f"S{dealer}'s turn" in str(exc.value)


def test_first_problem_wins() -> None:
    log = base_log()
    log["options"]["colour"] = "red"
    log["actions"][0] = "S3 discard 1m"
    with pytest.raises(LogError, match="colour"):
        replay(log)


def test_result_recorded_but_actions_stop_early() -> None:
    log = base_log()
    log["actions"] = log["actions"][:-1]
    with pytest.raises(LogError, match="end before the hand is over"):
        replay(log)


def test_bad_json_text() -> None:
    with pytest.raises(LogError, match="line 2 column"):
        load('{"format": "hzmj-log",\n "version": }')


def test_match_log_problems() -> None:
    log = roundtrip(match_log(bot_match(6, 2)))
    bad = copy.deepcopy(log)
    bad["hands"][1]["points"] = [50, 50, 50, 50] if log["hands"][1]["points"] != [50] * 4 else [49, 51, 50, 50]
    with pytest.raises(LogError, match=r"hands\[1\]: 'points'"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["hands"][0]["result"]["deltas"] = [1, 1, 1, -3]
    with pytest.raises(LogError, match=r"hands\[0\].*deltas"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["first_dealer"] = (log["first_dealer"] + 1) % 4
    with pytest.raises(LogError, match="first_dealer"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["kind"] = "tournament"
    with pytest.raises(LogError, match="tournament"):
        replay(bad)
