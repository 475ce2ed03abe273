"""Every option value of rules.md §11 has an observable effect; validation and JSON round trip.

Effects tested elsewhere: wildcard_mode flipped (test_examples_game EX45-EX47 and the indicator P),
start_streak, start_points, next_dealer, draw_adds_streak (test_match), three_tan_chengbao / pong_counts_as_tan /
three_tan_needs_l3 (test_examples_game EX38, test_scoring), wildcard_in_melds (test_examples_game: wildcards cannot
pong by default), que_yi_men (EX49), base_score (EX3).
"""

from __future__ import annotations

import json

import pytest
from helpers import act, discard_any, discard_faces, junk, lap, legal, legal_types, opts, pass_claims, scenario

from hzmj_core.actions import Action, ActionType
from hzmj_core.options import OPTION_INFO, Options, OptionsError
from hzmj_core.round import IllegalActionError, Phase, Round
from hzmj_core.tiles import TILE_NAMES, MeldKind

ALL_VALUES = [(k, v) for k, info in OPTION_INFO.items() for v in (info.values or (1, 2, 3, 7))]


def test_defaults_match_rules_section_11() -> None:
    assert Options().to_json() == {
        "wildcard_mode": "fixed", "start_streak": 1, "win_mode": "dealer_discard", "discard_min_l": 3,
        "three_tan_chengbao": True, "pong_counts_as_tan": True, "three_tan_needs_l3": True,
        "wildcard_in_melds": False, "zhuada_subject": "others", "next_dealer": "winner",
        "draw_adds_streak": True, "kong_burn": True, "rob_kong": False, "rob_kong_min_l": 2,
        "must_baotou": False, "que_yi_men": "off", "start_points": 50, "base_score": 1,
    }


@pytest.mark.parametrize("key, value", ALL_VALUES)
def test_every_value_is_accepted_and_round_trips(key: str, value: object) -> None:
    o = Options().replace(**{key: value})
    assert getattr(o, key) == value
    back = Options.from_json(json.loads(json.dumps(o.to_json())))
    assert back == o
    r = Round.deal(o, seed=11)
    again = Round.from_json(json.loads(json.dumps(r.to_json())))
    assert again.options == o and again.to_json() == r.to_json()


@pytest.mark.parametrize("key, value", [
    ("wildcard_mode", "random"), ("start_streak", 4), ("start_streak", 0), ("start_streak", "1"),
    ("win_mode", "any"), ("discard_min_l", 1), ("three_tan_chengbao", 1), ("pong_counts_as_tan", "on"),
    ("wildcard_in_melds", None), ("zhuada_subject", "all"), ("next_dealer", "loser"),
    ("draw_adds_streak", 0), ("kong_burn", "yes"), ("rob_kong", 1), ("rob_kong_min_l", 1),
    ("must_baotou", "off"), ("que_yi_men", "z"), ("que_yi_men", False), ("start_points", 45),
    ("start_points", 50.0), ("base_score", 0), ("base_score", -1), ("base_score", True), ("base_score", 1.5),
    ("base_score", 1001), ("base_score", 10**19),
])
def test_invalid_values_are_refused_naming_the_key(key: str, value: object) -> None:
    with pytest.raises(OptionsError, match=key):
        Options().replace(**{key: value})
    with pytest.raises(OptionsError, match=key):
        Options.from_json({key: value})


def test_unknown_keys_and_non_objects_are_refused() -> None:
    with pytest.raises(OptionsError, match="colour"):
        Options.from_json({"colour": "red"})
    with pytest.raises(OptionsError, match="colour"):
        Options().replace(colour="red")
    with pytest.raises(OptionsError):
        Options.from_json(["fixed"])
    assert Options.from_json({}) == Options()


# --------------------------------------------------------------------------- win_mode / discard_min_l

DEALER_WAIT = "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 9p"


@pytest.mark.parametrize("changes, lao, can_win, deltas", [
    ({}, 3, True, (24, 0, -24, 0)),
    ({"win_mode": "self_draw_only"}, 3, False, None),
    ({"discard_min_l": 2}, 2, True, (12, 0, -12, 0)),
    ({"discard_min_l": 2}, 1, False, None),
    ({"discard_min_l": 2, "win_mode": "self_draw_only"}, 3, False, None),
])
def test_discard_win_gates(changes: dict[str, object], lao: int, can_win: bool,
                           deltas: tuple[int, ...] | None) -> None:
    r = scenario({0: DEALER_WAIT}, draws=junk(1, DEALER_WAIT, "5s") + " 5s", streak=lao, options=opts(**changes))
    act(r, "S0 discard 9p")
    lap(r, 1)
    pass_claims(r)
    act(r, "S2 discard 5s")
    assert (ActionType.WIN in legal_types(r, 0)) is can_win
    assert r.discard_wins_live() is (changes.get("win_mode") != "self_draw_only" and lao >= changes.get(
        "discard_min_l", 3))  # type: ignore[operator]
    if can_win:
        act(r, "S0 win")
        pass_claims(r)
        assert r.result is not None and r.result.deltas == deltas


# --------------------------------------------------------------------------- must_baotou (EX51)


def self_draw(seat: int, hand: str, draw: str, lao: int = 1, **changes: object) -> Round:
    r = scenario({seat: hand}, draws=junk(seat - 1, hand, draw) + " " + draw, streak=lao, options=opts(**changes))
    discard_any(r, 0, avoid=hand + " " + draw)
    for s in range(1, seat):
        pass_claims(r)
        act(r, f"S{s} discard {TILE_NAMES[r.drawn]}")  # type: ignore[index]
    pass_claims(r)
    assert r.current == seat
    return r


@pytest.mark.parametrize("seat, hand, draw, allowed", [
    (2, "P 1m2m3m 4p5p6p 7s8s9s E E E", "N", True),  # EX4 暴头
    (3, "1m1m 3m3m 5p5p 7p7p E E C C P", "4s", True),  # EX16 七客
    (1, "1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", True),  # EX17 清七对
    (2, "1m1m 3m3m 5p5p 7p7p E E C P 9s", "C", False),  # EX15 七对子 with a wildcard
    (1, "P 1m2m 4p5p6p 7s8s9s E E 9m9m", "3m", False),  # EX14 after the 飘: wildcard, not 暴头
    (1, "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", "5s", True),  # no wildcard at all
])
@pytest.mark.parametrize("must", [False, True])
def test_must_baotou(seat: int, hand: str, draw: str, allowed: bool, must: bool) -> None:
    r = self_draw(seat, hand, draw, must_baotou=must)
    assert (f"S{seat} win" in legal(r, seat)) is (allowed or not must)


@pytest.mark.parametrize("must", [False, True])
def test_must_baotou_forbids_discard_wins_with_a_wildcard(must: bool) -> None:
    r = scenario({0: "5p", 1: "1m1m 3m3m 7p7p E E C C 5p 9s P"}, streak=3, options=opts(must_baotou=must))
    act(r, "S0 discard 5p")
    assert ("S1 win" in legal(r, 1)) is (not must)


# --------------------------------------------------------------------------- zhuada_subject


def test_zhuada_subject_discarder_binds_the_wildcard_discarder() -> None:
    s1 = "P 1m2m3m 4p5p6p 7s8s9s E E E"
    s2 = "1p2p 4m4m 9m9m N N F F C C S"
    r = scenario({1: s1, 2: s2, 3: "S S", 0: "3p"}, draws="P 8s 9s 3p 5m",
                 options=opts(zhuada_subject="discarder"))
    discard_any(r, 0, avoid="3p S P 8s 9s")
    pass_claims(r)
    act(r, "S1 discard P")
    assert r.freeze_owner == 1
    # the others may discard freely ...
    assert discard_faces(r, 2) > {"8s"}
    act(r, "S2 discard S")
    # ... but nobody may claim: S3 holds S S
    assert r.phase is Phase.ACT and r.current == 3
    assert len(discard_faces(r, 3)) > 1
    act(r, "S3 discard 9s")
    pass_claims(r)
    act(r, "S0 discard 3p")
    # S1 (the owner) may not chow 3p with 4p5p while the freeze lasts
    assert r.phase is Phase.ACT and r.current == 1
    assert discard_faces(r, 1) == {"5m"}  # draw and discard
    assert "S1 win" in legal(r, 1)
    with pytest.raises(IllegalActionError):
        r.apply(Action.parse("S1 discard 1m"))
    act(r, "S1 discard 5m")
    assert r.freeze_owner is None


def test_zhuada_subject_others_is_the_default() -> None:
    s1 = "P 1m2m3m 4p5p6p 7s8s9s E E E"
    s2 = "1p2p 4m4m 9m9m N N F F C C S"
    r = scenario({1: s1, 2: s2}, draws="P 8s")
    discard_any(r, 0, avoid="S P 8s")
    pass_claims(r)
    act(r, "S1 discard P")
    assert discard_faces(r, 2) == {"8s"}


# --------------------------------------------------------------------------- kong_burn


@pytest.mark.parametrize("burn, used", [(True, 2), (False, 1)])
def test_kong_burn(burn: bool, used: int) -> None:
    hand = "7p7p7p 1m2m3m 4m5m6m 2p3p4p 9s"
    r = scenario({1: hand}, draws="7p", back="9s 1s", options=opts(kong_burn=burn))
    discard_any(r, 0, avoid="7p 9s 1s")
    pass_claims(r)
    before = r.remaining
    act(r, "S1 concealed_kong 7p7p7p7p")
    assert before - r.remaining == used
    assert len(r.burned) == (1 if burn else 0)
    assert TILE_NAMES[r.drawn] == "9s"  # type: ignore[index]


# --------------------------------------------------------------------------- rob_kong / rob_kong_min_l

ROB_S0 = "1m2m3m 4m5m6m 7s8s9s 4p5p E E 9p"
ROB_S3 = "6p6p 1m4m7m 2s5s 1s9s S W N"


def rob_round(lao: int, s0: str = ROB_S0, **changes: object) -> Round:
    fill = junk(4, s0, ROB_S3, "6p 6p", avoid="6p 3p")
    r = scenario({0: s0, 1: "6p", 3: ROB_S3}, draws=f"{fill} 6p", streak=lao, options=opts(**changes))
    act(r, "S0 discard 9p")
    pass_claims(r)
    act(r, "S1 discard 6p")
    act(r, "S3 pong 6p6p")
    pass_claims(r)
    act(r, "S3 discard 1m")
    lap(r, 0, 1, 2)
    pass_claims(r)
    act(r, "S3 added_kong 6p")
    return r


@pytest.mark.parametrize("lao, changes, robbable", [
    (2, {}, False),  # rob_kong is off by default
    (2, {"rob_kong": True}, True),
    (1, {"rob_kong": True}, False),  # needs L >= 2
    (2, {"rob_kong": True, "rob_kong_min_l": 3}, False),
    (3, {"rob_kong": True, "rob_kong_min_l": 3}, True),
    (3, {"rob_kong": True, "win_mode": "self_draw_only"}, False),
])
def test_rob_kong_gates(lao: int, changes: dict[str, object], robbable: bool) -> None:
    r = rob_round(lao, **changes)
    assert (r.phase is Phase.ROB) is robbable
    if robbable:
        assert legal(r, 0) == {"S0 win", "S0 pass"}
        act(r, "S0 win")
        assert r.result is not None and r.result.evaluation is not None and r.result.evaluation.fan == 1
        t = 3 * 2 * 2**lao
        assert r.result.deltas == (t, 0, 0, -t)
    else:
        assert r.melds[3][0].kind is MeldKind.ADDED_KONG and r.current == 3 and r.drawn is not None


def test_declining_a_rob_is_a_passed_win() -> None:
    r = rob_round(2, rob_kong=True)
    act(r, "S0 pass")
    assert r.melds[3][0].kind is MeldKind.ADDED_KONG and r.current == 3
    assert TILE_NAMES[min(r.passed_win[0])] == "6p"


def test_no_rob_in_baotou_state() -> None:
    s0 = "P 1m2m3m 4m5m6m 7s8s9s 7p8p9p 9p"  # any tile, 6p included, completes it
    r = rob_round(2, s0=s0, rob_kong=True)
    assert r.phase is not Phase.ROB


def test_every_option_is_described_in_english_and_chinese() -> None:
    """The new-game dialog shows these descriptions in the player's language."""
    from hzmj_core.options import OPTION_INFO

    for info in OPTION_INFO.values():
        assert info.description and info.description_zh, info.key
        assert any("\u4e00" <= ch <= "\u9fff" for ch in info.description_zh), info.key


def test_every_choice_has_a_player_name_in_both_languages() -> None:
    from hzmj_core.options import SECTION_TITLES
    for info in OPTION_INFO.values():
        assert info.chapter in SECTION_TITLES, info.key
        if info.values is None:
            continue
        assert len(info.value_labels) == len(info.values), info.key
        for zh, en in info.value_labels:
            assert zh and en and "§" not in zh + en, info.key
    assert OPTION_INFO["start_streak"].label(3) == ("笃三老庄", "Start at streak 3")
    assert OPTION_INFO["win_mode"].label("self_draw_only")[0] == "自摸胡"
    assert OPTION_INFO["three_tan_chengbao"].label(True)[0] == "三摊承包"
    assert OPTION_INFO["base_score"].label(2) == ("2", "2")


def test_presets_are_valid_option_sets_and_the_first_is_the_defaults() -> None:
    from hzmj_core.options import PRESETS
    presets = list(PRESETS.values())
    assert presets[0].key == "hangzhou" and presets[0].options() == Options()
    assert PRESETS["du_san"].options().start_streak == 3
    assert PRESETS["zimo"].options().win_mode == "self_draw_only"
    seen = set()
    for p in presets:
        assert p.chinese and p.english and p.description and p.description_zh
        for key, value in p.values:
            assert key in OPTION_INFO and value != getattr(Options(), key)  # only what differs from the defaults
        seen.add(p.options())
    assert len(seen) == len(presets)  # no two presets play the same rules
