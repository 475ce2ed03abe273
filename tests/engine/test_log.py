"""Hand and match logs: exact replay, scenarios (logs without a result), and LogError for bad logs."""

from __future__ import annotations

import copy
import json
import re
from typing import Any

import pytest
from helpers import act, opts, scenario

from hzmj_core.bots import make_bot
from hzmj_core.log import FORMAT, VERSION, LogError, hand_log, load, match_from_log, match_log, replay
from hzmj_core.match import Match
from hzmj_core.options import Options
from hzmj_core.reasons import LOG_CODES, Reason
from hzmj_core.round import Round
from hzmj_core.view import SeatView


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


def _refusal(name: str) -> LogError:
    """The error replaying the log of case ``name`` of :data:`BAD` gives (the test fails if it gives none)."""
    make, mutate, _ = BAD[name]
    log = make()
    mutate(log)
    with pytest.raises(LogError) as exc:
        replay(log)
    return exc.value


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_logs_name_the_first_problem(name: str) -> None:
    assert BAD[name][2] in str(_refusal(name))


BAD_CODES = {
    "wrong format": "log_format", "wrong version": "log_version", "unknown option": "log_option_unknown",
    "bad option value": "log_option_choice", "missing dealer": "log_missing", "bad dealer": "log_range",
    "bad streak type": "log_wrong_type", "malformed action": "log_action_malformed",
    "illegal action": "log_action_illegal", "tampered result": "log_result_differs",
    "tampered winner": "log_result_differs", "wrong wall size": "log_wall_count",
    "wrong wall content": "log_wall_tiles", "bad wall tile": "log_wall_tile", "no seed no wall": "log_no_wall",
    "not an object": "log_format", "non-ASCII tile": "log_action_malformed",
}


@pytest.mark.parametrize("name", list(BAD))
def test_malformed_logs_give_the_problem_as_a_reason_in_both_languages(name: str) -> None:
    reason = _refusal(name).reason
    assert reason.code == BAD_CODES[name] and reason.code in LOG_CODES
    zh = reason.text("zh", 0)
    # Chinese words, with at most the log's own key, a quoted value or the notation of a move in them
    assert re.search(r"[\u4e00-\u9fff]{4}", zh), zh
    assert not re.search(r"\b(?:must|expected|missing|action|illegal|got|the)\b", zh), zh
    assert reason.text("en", 0) and json.loads(json.dumps(reason.to_json())) == reason.to_json()


def test_a_log_problem_names_the_hand_the_key_and_the_step() -> None:
    log = roundtrip(match_log(bot_match(6, 2)))
    bad = copy.deepcopy(log)
    del bad["hands"][1]["dealer"]
    with pytest.raises(LogError) as exc:
        replay(bad)
    assert exc.value.reason == Reason("log_missing", {"where": 1, "field": "dealer"})
    assert exc.value.reason.zh() == "第2局缺少庄家（dealer）"
    assert exc.value.reason.en() == "the dealer ('dealer') is missing in hand 2"
    bad = copy.deepcopy(log)
    actions = bad["hands"][0]["actions"]
    seat = int(actions[0][1])  # the dealer's first discard, given to the seat after it
    actions[0] = f"S{(seat + 1) % 4}" + actions[0][2:]
    with pytest.raises(LogError) as exc:
        replay(bad)
    reason = exc.value.reason
    assert reason.code == "log_action_illegal" and reason.params["where"] == 0 and reason.params["event"] == 1
    assert reason.params["why"] == {"code": "not_your_turn", "params": {"seat": (seat + 1) % 4, "current": seat}}
    assert reason.text("zh", seat).startswith("第1局的第1步不合规则（下家打牌）：现在轮到你出牌")
    bad = copy.deepcopy(log)
    bad["options"]["base_score"] = 10**19
    with pytest.raises(LogError) as exc:
        replay(bad)
    assert exc.value.reason.code == "log_option_range"
    assert exc.value.reason.zh() == ("这份记录的规则选项底分（base_score）应是 1 到 1000 的整数，"
                                     "记录里是 10000000000000000000")
    bad = copy.deepcopy(log)
    bad["hands"][1]["options"]["base_score"] = 2
    with pytest.raises(LogError) as exc:
        replay(bad)
    assert exc.value.reason.code == "log_option_differs" and exc.value.reason.params["where"] == 1


def test_a_log_that_is_not_json_names_the_line_and_column() -> None:
    with pytest.raises(LogError) as exc:
        load('{"format": "hzmj-log",\n "version": }')
    assert exc.value.reason == Reason("log_json_at", {"where": None, "line": 2, "column": 13})
    assert exc.value.reason.zh() == "文件不是有效的 JSON：第 2 行第 13 列有错"
    for text in ('{"seed": NaN}', '{"seed": 123456789012345678901234}'):
        with pytest.raises(LogError) as exc:
            load(text)
        assert exc.value.reason == Reason("log_json_number", {"where": None, "max": 20})


def test_the_web_api_sends_a_refused_logs_reason() -> None:
    from hzmj_core import webapi

    log = base_log()
    log["dealer"] = 9
    with pytest.raises(webapi.ApiError) as exc:
        webapi.call("replay_load", json.dumps({"log": json.dumps(log)}))
    assert exc.value.reason == Reason("log_range", {"where": None, "field": "dealer", "low": 0, "high": 3,
                                                    "value": "9"})
    assert "dealer must be 0-3, got 9" in str(exc.value)
    with pytest.raises(webapi.ApiError) as exc:
        webapi.call("replay_load", json.dumps({"log": '{"format": "hzmj-log",\n "version": }'}))
    assert exc.value.reason == Reason("log_json_at", {"where": None, "line": 2, "column": 13})


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


def _forge_base_score(log: dict[str, Any]) -> None:
    """A forged log: options changed in hand 1, its result rewritten, the points carried on."""
    h = log["hands"][0]
    h["options"]["base_score"] = 10
    h["result"]["deltas"] = [10 * x for x in h["result"]["deltas"]]
    h["result"]["settlement"]["base"] = 10
    h["result"]["settlement"]["deltas"] = h["result"]["deltas"]
    points = [50 + d for d in h["result"]["deltas"]]
    for later in log["hands"][1:]:
        later["points"] = points
        if "result" in later:
            points = [p + d for p, d in zip(points, later["result"]["deltas"], strict=True)]


def test_match_log_refuses_forged_options_and_points() -> None:
    log = roundtrip(match_log(bot_match(6, 3)))
    assert replay(log).checked_results == 3
    bad = copy.deepcopy(log)
    _forge_base_score(bad)
    with pytest.raises(LogError, match=r"hands\[0\]: option 'base_score' is 10 but the match plays 1"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["hands"][1]["options"]["kong_burn"] = False
    with pytest.raises(LogError, match=r"hands\[1\]: option 'kong_burn'"):
        replay(bad)
    bad = copy.deepcopy(log)
    bad["summary"]["points"] = [60, 40, 50, 50]
    with pytest.raises(LogError, match="'summary' differs"):
        replay(bad)


def test_match_log_with_a_hand_in_progress_replays() -> None:
    m = bot_match(6, 2)
    r = m.round
    bots = [make_bot("basic", s) for s in range(4)]
    for _ in range(5):
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    rep = replay(roundtrip(match_log(m)))
    assert rep.scenario and len(rep.rounds) == 3 and rep.checked_results == 2


def match_hand_log() -> dict[str, Any]:
    """Hand 1 of a match: it pays 2, 1 and 1 (so ``true`` equals an amount in Python)."""
    h: dict[str, Any] = roundtrip(match_log(bot_match(6, 1)))["hands"][0]
    assert [p["amount"] for p in h["result"]["settlement"]["payments"]] == [2, 1, 1]
    return h


@pytest.mark.parametrize("path, loosen, needle", [
    ("version", lambda v: True, "version True"),
    ("version", float, "version 1.0"),
    ("points.0", float, "'points'"),
    ("seed", lambda v: v + 2**64, "outside 0 to"),  # must not replay as the same seed
    ("seed", lambda v: v - 2**64, "outside 0 to"),
    ("seed", float, "must be an integer"),
    ("result.settlement.payments.1.amount", lambda v: True, "settlement"),
    ("result.settlement.payments.0.amount", float, "settlement"),
    ("result.deltas.0", float, "deltas"),
    ("result.winner", float, "winner"),
])
def test_hand_log_types_are_exact(path: str, loosen: Any, needle: str) -> None:
    log = match_hand_log()
    assert replay(log).checked_results == 1
    target: Any = log
    keys = path.split(".")
    for k in keys[:-1]:
        target = target[int(k)] if isinstance(target, list) else target[k]
    key: Any = int(keys[-1]) if isinstance(target, list) else keys[-1]
    target[key] = loosen(target[key])
    with pytest.raises(LogError, match=needle):
        replay(log)


@pytest.mark.parametrize("key, value, needle", [
    ("version", True, "version True"),
    ("seed", 2**64 + 1, "outside 0 to"),
    ("seed", -1, "outside 0 to"),
    ("first_dealer", None, "first_dealer"),
])
def test_match_log_types_and_seed_range(key: str, value: Any, needle: str) -> None:
    log = roundtrip(match_log(bot_match(6, 1)))
    log[key] = value if key != "first_dealer" else (True if log["first_dealer"] == 1 else float(log["first_dealer"]))
    with pytest.raises(LogError, match=needle):
        replay(log)


def test_match_hand_points_must_be_exact_integers() -> None:
    log = roundtrip(match_log(bot_match(6, 2)))
    log["hands"][1]["points"] = [float(p) for p in log["hands"][1]["points"]]
    with pytest.raises(LogError, match=r"hands\[1\]: 'points'"):
        replay(log)


@pytest.mark.parametrize("text, needle", [
    ("[" * 100_000 + "]" * 100_000, "nested more than 64"),
    ('{"version": ' + "1" * 5000 + "}", "5000 digits"),
    ('{"version": NaN}', "NaN"),
    ("x" * (16 * 1024 * 1024 + 1), "characters long"),
], ids=["deep", "5000 digits", "NaN", "over 16 MiB"])
def test_load_refuses_deep_huge_and_nonstandard_json(text: str, needle: str) -> None:
    with pytest.raises(LogError, match=needle):
        load(text)


def test_match_log_exported_after_a_hand_ends_but_before_it_is_booked() -> None:
    m = bot_match(6, 1)
    r = m.round
    bots = [make_bot("basic", s) for s in range(4)]
    while not r.is_over:
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    log = roundtrip(match_log(m))  # the page exports from the settlement dialog, before next_hand
    assert "result" not in log["hands"][-1]
    rep = replay(log)
    assert len(rep.rounds) == 2 and rep.checked_results == 1


def test_match_from_log_rebuilds_the_match_where_the_log_ends() -> None:
    m = bot_match(7, 3)
    r = m.round
    bots = [make_bot("basic", s) for s in range(4)]
    for _ in range(9):  # part of the hand in progress: the log ends in a scenario
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    got = match_from_log(roundtrip(match_log(m)))
    assert match_log(got) == match_log(m)
    assert (got.points, got.dealer, got.streak, got.hand_number, got.over) == (
        m.points, m.dealer, m.streak, m.hand_number, m.over)
    assert got.round.to_json() == m.round.to_json()
    with pytest.raises(LogError, match="expected kind 'match'"):
        match_from_log(roundtrip(hand_log(m.round)))
