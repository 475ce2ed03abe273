"""rules.md §14 worked examples played through the real state machine (Round.deal / legal_actions / apply).

Each test builds the example's position with an explicit wall (hzmj_core.scenario.build_wall), applies the
example's actions (draws are automatic), checks the legal actions at the key point and the settlement
deltas written in the example. Expected numbers are written here from the rules, not taken from the engine.
"""

from __future__ import annotations

import pytest
from helpers import (
    act,
    discard_any,
    discard_drawn,
    discard_faces,
    junk,
    lap,
    legal,
    legal_types,
    opts,
    pass_claims,
    scenario,
)

from hzmj_core.actions import Action, ActionType
from hzmj_core.fan import WinType
from hzmj_core.round import IllegalActionError, Phase, Round
from hzmj_core.tiles import TILE_NAMES, MeldKind

EX1_HAND = "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"
BAOTOU_HAND = "P 1m2m3m 4p5p6p 7s8s9s E E E"


def win(r: Round, seat: int) -> None:
    """Pass open claims, check the win is offered, take it."""
    pass_claims(r, keep=[seat])
    assert f"S{seat} win" in legal(r, seat), legal(r, seat)
    act(r, f"S{seat} win")
    pass_claims(r)
    assert r.is_over and r.result is not None and r.result.winner == seat


def fan_of(r: Round) -> int:
    assert r.result is not None and r.result.evaluation is not None
    return r.result.evaluation.fan


# --------------------------------------------------------------------------- self-draw wins after one lap

SELF_DRAW = {
    # name: (winner, L, concealed hand, drawn tile, F, deltas S0..S3, extra options)
    "EX1": (1, 1, EX1_HAND, "5s", 0, (-2, 4, -1, -1), {}),
    "EX2": (1, 3, EX1_HAND, "5s", 0, (-8, 10, -1, -1), {}),
    "EX4": (2, 1, BAOTOU_HAND, "N", 1, (-4, -2, 8, -2), {}),
    "EX5": (2, 1, BAOTOU_HAND, "P", 1, (-4, -2, 8, -2), {}),
    "EX15": (2, 1, "1m1m 3m3m 5p5p 7p7p E E C P 9s", "C", 1, (-4, -2, 8, -2), {}),
    "EX16": (3, 1, "1m1m 3m3m 5p5p 7p7p E E C C P", "4s", 2, (-8, -4, -4, 16), {}),
    "EX17": (1, 1, "1m1m 3m3m 5p5p 7p7p E E C C 9s", "9s", 2, (-8, 16, -4, -4), {}),
    "EX19": (2, 1, "2m2m2m P 3m3m 5p5p 7p7p E E C", "C", 1, (-4, -2, 8, -2), {}),
    "EX20 draw N": (3, 1, "1m1m 3m3m 5p5p 7p7p E E P P 9s", "N", 2, (-8, -4, -4, 16), {}),
    "EX20 draw 9s": (3, 1, "1m1m 3m3m 5p5p 7p7p E E P P 9s", "9s", 2, (-8, -4, -4, 16), {}),
    "EX21": (1, 1, "P 1m1m2m2m3m3m 5p5p6p6p7p7p", "E", 2, (-8, 16, -4, -4), {}),
    "EX22": (2, 1, "5s5s5s5s 1m1m 3m3m 7p7p E E P", "9m", 3, (-16, -8, 32, -8), {}),
    "EX45 flipped 5s": (1, 1, "1m1m 3m3m P P 7p7p E E C C 9s", "9s", 2, (-8, 16, -4, -4),
                         {"wildcard_mode": "flipped"}),
    "flipped 5s qidui": (1, 1, "1m1m 3m3m P P 7p7p E E C 5s 9s", "C", 1, (-4, 8, -2, -2),
                         {"wildcard_mode": "flipped"}),
    "EX46 flipped 5s": (1, 1, "P P P P 1m1m 7p7p E E C C 9s", "9s", 3, (-16, 32, -8, -8),
                         {"wildcard_mode": "flipped"}),
}


@pytest.mark.parametrize("name", list(SELF_DRAW))
def test_self_draw_examples(name: str) -> None:
    winner, lao, hand, draw, fan, deltas, extra = SELF_DRAW[name]
    o = opts(**extra)
    flipped = o.wildcard_mode == "flipped"
    fill = junk(winner - 1, hand, draw, avoid="5s" if flipped else "")
    r = scenario({winner: hand}, draws=f"{fill} {draw}", streak=lao, options=o,
                 indicator="5s" if flipped else None)
    assert r.remaining == (82 if flipped else 83)
    discard_any(r, 0, avoid=hand + draw)
    for s in range(1, winner):
        discard_drawn(r, s)
    pass_claims(r)
    assert r.current == winner and TILE_NAMES[r.drawn] == draw  # type: ignore[index]
    win(r, winner)
    assert r.result is not None
    assert r.result.win_type is WinType.SELF_DRAW
    assert fan_of(r) == fan
    assert r.result.deltas == deltas


DEALER_FIRST = {
    "EX3 L=2 b=2": (2, 2, "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s", 0, (24, -8, -8, -8)),
    "EX18 豪华清七对": (1, 1, "2m2m2m2m 3m3m 5p5p 7p7p E E C C", 3, (48, -16, -16, -16)),
}


@pytest.mark.parametrize("name", list(DEALER_FIRST))
def test_dealer_first_turn_examples(name: str) -> None:
    base, lao, hand, fan, deltas = DEALER_FIRST[name]
    r = scenario({0: hand}, streak=lao, options=opts(base_score=base))
    win(r, 0)
    assert r.result is not None and r.result.win_type is WinType.DEALER_FIRST
    assert fan_of(r) == fan
    assert r.result.deltas == deltas


# --------------------------------------------------------------------------- 财飘 and the freeze


def ex6_round() -> Round:
    hands = {1: BAOTOU_HAND, 2: "1p2p 4m4m 9m9m N N F F C C S", 3: "8s8s", 0: "9s9s"}
    return scenario(hands, draws="P 8s 9s 3p 3p")


def test_ex6_caipiao_freeze_binds_the_others() -> None:
    r = ex6_round()
    discard_any(r, 0, avoid="9s 3p 8s P")
    pass_claims(r)
    assert r.current == 1 and "S1 win" in legal(r, 1)  # 暴头 already: he may win, but plays 飘
    act(r, "S1 discard P")
    assert r.freeze_owner == 1
    # S2 drew 8s: only that tile may be discarded (抓打), no 加杠 and nothing else
    assert r.current == 2
    assert discard_faces(r, 2) == {"8s"}
    assert legal_types(r, 2) <= {ActionType.DISCARD, ActionType.WIN, ActionType.CONCEALED_KONG}
    with pytest.raises(IllegalActionError, match="抓打"):
        r.apply(Action.parse("S2 discard 1p"))
    act(r, "S2 discard 8s")
    # S3 holds 8s8s but is restricted: no pong, the claim window does not open
    assert r.phase is Phase.ACT and r.current == 3
    assert discard_faces(r, 3) == {"9s"}
    act(r, "S3 discard 9s")
    # S0 holds 9s9s but is restricted as well
    assert r.phase is Phase.ACT and r.current == 0
    assert discard_faces(r, 0) == {"3p"}
    act(r, "S0 discard 3p")
    # S1, the owner, is exempt: he may chow 3p with 4p5p
    assert r.phase is Phase.CLAIM
    assert "S1 chow 4p5p" in legal(r, 1)
    act(r, "S1 pass")
    win(r, 1)
    assert fan_of(r) == 2
    assert r.result is not None and r.result.evaluation is not None
    assert r.result.evaluation.pattern == "caipiao"
    assert r.result.deltas == (-8, 16, -4, -4)


def test_ex6_declining_and_discarding_a_natural_tile_ends_the_freeze() -> None:
    r = ex6_round()
    discard_any(r, 0, avoid="9s 3p 8s P")
    act(r, "S1 discard P")
    lap(r, 2, 3, 0)
    pass_claims(r)
    assert r.current == 1 and "S1 win" in legal(r, 1)
    act(r, "S1 discard 3p")  # declines the win
    assert r.freeze_owner is None
    # the non-wildcard discard is outside the freeze: S2 may chow it normally
    assert "S2 chow 1p2p" in legal(r, 2)


def test_ex7_double_caipiao_dealer_l3() -> None:
    hand = "P 2m3m4m 6m7m8m 3p3p3p 7s8s9s P"
    fill = junk(6, hand, "P 2m")
    f = fill.split()
    r = scenario({0: hand}, draws=" ".join([*f[:3], "P", *f[3:], "2m"]), streak=3)
    act(r, "S0 discard P")
    lap(r, 1, 2, 3)
    pass_claims(r)
    assert r.current == 0 and r.drawn is not None and TILE_NAMES[r.drawn] == "P"
    act(r, "S0 discard P")
    assert r.freeze_owner == 0
    lap(r, 1, 2, 3)
    win(r, 0)
    assert fan_of(r) == 3
    assert r.result is not None and r.result.deltas == (192, -64, -64, -64)


def test_ex8_baotou_with_melds() -> None:
    s2 = "E E 1m 3m P 4p5p6p 7s8s9s W 9m"
    used = s2 + " E 2m 2s"
    fill = junk(7, used, avoid="E 2m 1m 3m 2s W 9m")
    r = scenario({2: s2, 1: "E 2m"}, draws=f"{fill} 2s")
    discard_any(r, 0, avoid="E 2m 1m 3m 2s")
    pass_claims(r)
    act(r, "S1 discard E")
    assert "S2 pong EE" in legal(r, 2)
    act(r, "S2 pong EE")
    pass_claims(r)
    assert r.current == 2 and "S2 win" not in legal(r, 2)  # no win right after a pong
    act(r, "S2 discard W")
    lap(r, 3, 0)
    pass_claims(r)
    act(r, "S1 discard 2m")
    act(r, "S2 chow 1m3m")
    pass_claims(r)
    assert [m.kind for m in r.melds[2]] == [MeldKind.PONG, MeldKind.CHOW]
    assert [m.from_seat for m in r.melds[2]] == [1, 1]
    act(r, "S2 discard 9m")
    lap(r, 3, 0, 1)
    win(r, 2)
    assert fan_of(r) == 1
    assert r.result is not None and r.result.deltas == (-4, -2, 8, -2)


# --------------------------------------------------------------------------- kongs


def kong_round(seat: int, hand: str, draw: str, back: str, lao: int = 1) -> Round:
    fill = junk(seat - 1, hand, draw, back)
    r = scenario({seat: hand}, draws=f"{fill} {draw}", back=back, streak=lao)
    discard_any(r, 0, avoid=hand + draw + back)
    for s in range(1, seat):
        discard_drawn(r, s)
    pass_claims(r)
    assert r.current == seat
    return r


def test_ex9_gangkai_l2() -> None:
    r = kong_round(3, "7p7p7p 1m2m3m 4m5m6m 2p3p4p 9s", "7p", "9s 1s", lao=2)
    before = r.remaining
    assert "S3 concealed_kong 7p7p7p7p" in legal(r, 3)
    act(r, "S3 concealed_kong 7p7p7p7p")
    assert r.remaining == before - 2  # replacement + burned tile
    assert TILE_NAMES[r.drawn] == "9s"  # type: ignore[index]
    win(r, 3)
    assert r.result is not None and r.result.win_type is WinType.REPLACEMENT
    assert fan_of(r) == 1
    assert r.result.deltas == (-8, -2, -2, 12)


def test_ex10_gangbao() -> None:
    r = kong_round(1, "P 7p7p7p 1m2m3m 4m5m6m 2p3p4p", "7p", "E")
    assert "S1 win" in legal(r, 1)
    now = Round.from_json(r.to_json())  # winning at once would be a plain 暴头
    now.apply(Action.parse("S1 win"))
    assert now.result is not None and now.result.evaluation is not None and now.result.evaluation.fan == 1
    act(r, "S1 concealed_kong 7p7p7p7p")
    win(r, 1)
    assert fan_of(r) == 2
    assert r.result is not None and r.result.deltas == (-8, 16, -4, -4)


def test_ex11_gangpiao() -> None:
    hand = "P 7p7p7p 1m2m3m 4m5m6m 2p3p4p"
    fill = junk(4, hand, "7p 9s P")
    f = fill.split()
    r = scenario({2: hand}, draws=" ".join([f[0], "7p", *f[1:], "9s"]), back="P")
    discard_any(r, 0, avoid=hand + " 9s")
    lap(r, 1)
    pass_claims(r)
    act(r, "S2 concealed_kong 7p7p7p7p")
    assert TILE_NAMES[r.drawn] == "P" and "S2 win" in legal(r, 2)  # type: ignore[index]
    act(r, "S2 discard P")
    lap(r, 3, 0, 1)
    win(r, 2)
    assert fan_of(r) == 3
    assert r.result is not None and r.result.deltas == (-16, -8, 32, -8)


def test_ex12_piaogang_dealer() -> None:
    hand = "P 5s5s5s 1m2m3m 4p5p6p 7p8p9p P"
    fill = junk(3, hand, "5s N")
    r = scenario({0: hand}, draws=f"{fill} 5s", back="N")
    act(r, "S0 discard P")
    lap(r, 1, 2, 3)
    pass_claims(r)
    act(r, "S0 concealed_kong 5s5s5s5s")  # the owner of the freeze may kong
    win(r, 0)
    assert fan_of(r) == 3
    assert r.result is not None and r.result.deltas == (48, -16, -16, -16)


def test_ex13_double_gangkai() -> None:
    r = kong_round(1, "7p7p7p 9m9m9m9m 1m2m3m 4s5s 2p", "7p", "2p 1s 6s 1s")
    act(r, "S1 concealed_kong 7p7p7p7p")
    assert TILE_NAMES[r.drawn] == "2p"  # type: ignore[index]
    assert "S1 win" not in legal(r, 1)
    act(r, "S1 concealed_kong 9m9m9m9m")
    assert TILE_NAMES[r.drawn] == "6s"  # type: ignore[index]
    win(r, 1)
    assert fan_of(r) == 2
    assert r.result is not None and r.result.evaluation is not None and r.result.evaluation.m_turn == 2
    assert r.result.deltas == (-8, 16, -4, -4)


def test_ex14_piao_then_plain_self_draw_scores_plain() -> None:
    hand = "P 1m2m 4p5p6p 7s8s9s E E 9m9m"
    fill = junk(3, hand, "P 3m")
    r = scenario({1: hand}, draws=f"P {fill} 3m")
    discard_any(r, 0, avoid=hand + " 3m")
    pass_claims(r)
    assert "S1 win" in legal(r, 1)  # P P ... is already a winning hand
    act(r, "S1 discard P")
    lap(r, 2, 3, 0)
    win(r, 1)
    assert fan_of(r) == 0
    assert r.result is not None and r.result.deltas == (-2, 4, -1, -1)


# --------------------------------------------------------------------------- discard wins and their bans


@pytest.mark.parametrize("lao", [1, 3])
def test_ex23d_no_discard_win_between_non_dealers(lao: int) -> None:
    fill = junk(2, EX1_HAND, "5s")
    r = scenario({1: EX1_HAND}, draws=f"{fill} 5s", streak=lao)
    discard_any(r, 0, avoid="2s 5s")
    lap(r, 1, 2)
    pass_claims(r)
    act(r, "S3 discard 5s")
    assert ActionType.WIN not in legal_types(r, 1)


@pytest.mark.parametrize("lao, can_win", [(2, False), (3, True)])
def test_ex24_dealer_discard_win_needs_l3(lao: int, can_win: bool) -> None:
    hand = "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s 9p"
    fill = junk(1, hand, "5s")
    r = scenario({0: hand}, draws=f"{fill} 5s", streak=lao)
    act(r, "S0 discard 9p")
    lap(r, 1)
    pass_claims(r)
    act(r, "S2 discard 5s")
    assert (ActionType.WIN in legal_types(r, 0)) is can_win
    if can_win:
        win(r, 0)
        assert r.result is not None and r.result.win_type is WinType.DISCARD and r.result.discarder == 2
        assert fan_of(r) == 0
        assert r.result.deltas == (24, 0, -24, 0)


def test_ex26_non_dealers_never_discard_win_even_at_l3() -> None:
    r = scenario({3: EX1_HAND}, draws="5s", streak=3)
    discard_any(r, 0, avoid="2s 5s")
    pass_claims(r)
    act(r, "S1 discard 5s")
    assert ActionType.WIN not in legal_types(r, 3)


def test_ex26_dealer_discard_into_non_dealer() -> None:
    r = scenario({3: EX1_HAND, 0: "5s"}, streak=3)
    act(r, "S0 discard 5s")
    win(r, 3)
    assert r.result is not None and r.result.deltas == (-10, 0, 0, 10)


EX26_S3 = "9m9m9m 1p2p3p 6p7p8p W W W 5p"


@pytest.mark.parametrize("order", [(1, 3), (3, 1)])
@pytest.mark.parametrize("s1, deltas", [
    ("1m2m3m 4m5m6m 7s8s9s 2s3s4s 5p", (-10, 10, 0, 0)),
    ("1m1m 3m3m 7p7p E E C C 5p 9s P", (-20, 20, 0, 0)),
])
def test_ex27_first_claimant_in_turn_order_wins(order: tuple[int, int], s1: str, deltas: tuple[int, ...]) -> None:
    r = scenario({0: "5p", 1: s1, 3: EX26_S3}, streak=3)
    act(r, "S0 discard 5p")
    assert "S1 win" in legal(r, 1) and "S3 win" in legal(r, 3)
    for s in order:
        act(r, f"S{s} win")
    pass_claims(r)
    assert r.result is not None and r.result.winner == 1
    assert r.result.deltas == deltas


def test_ex29_baotou_state_and_wildcards_cannot_be_won_on() -> None:
    fill = junk(4, BAOTOU_HAND, "4m P 9p")
    f = fill.split()
    r = scenario({0: BAOTOU_HAND + " 9p"}, draws=" ".join([f[0], "4m", f[1], f[2], "P"]), streak=3)
    act(r, "S0 discard 9p")
    lap(r, 1)
    pass_claims(r)
    act(r, "S2 discard 4m")
    assert ActionType.WIN not in legal_types(r, 0)  # 4m+P would be a pair, but S0 is in 暴头 state
    lap(r, 3)
    pass_claims(r)
    assert "S0 win" in legal(r, 0)  # ... and wins on any self-draw
    discard_drawn(r, 0)
    pass_claims(r)
    assert TILE_NAMES[r.drawn] == "P"  # type: ignore[index]
    act(r, "S1 discard P")
    assert r.phase is Phase.ACT and r.current == 2  # nobody can claim a wildcard
    assert r.freeze_owner == 1


EX28_HAND = "1m2m3m 4m5m6m 7s8s9s 4p5p E E"


def test_ex31_passed_win() -> None:
    r = scenario({0: EX28_HAND + " 9p"}, draws="3p 3p 6p", streak=3)
    act(r, "S0 discard 9p")
    pass_claims(r)
    act(r, "S1 discard 3p")
    assert "S0 win" in legal(r, 0)
    act(r, "S0 pass")
    pass_claims(r)
    assert r.passed_win[0] == {r.wildcards.face(9 + 2)}
    act(r, "S2 discard 3p")
    assert ActionType.WIN not in legal_types(r, 0)
    pass_claims(r)
    act(r, "S3 discard 6p")
    win(r, 0)
    assert r.result is not None and r.result.deltas == (24, 0, 0, -24)


def test_ex31_passed_win_lifts_after_own_discard() -> None:
    fill = junk(2, EX28_HAND, "3p 6p 9p", avoid="3p 6p")
    f = fill.split()
    r = scenario({0: EX28_HAND + " 9p"}, draws=f"3p 3p {f[0]} {f[1]} 3p", streak=3)
    act(r, "S0 discard 9p")
    pass_claims(r)
    act(r, "S1 discard 3p")
    act(r, "S0 pass")
    pass_claims(r)
    act(r, "S2 discard 3p")
    assert ActionType.WIN not in legal_types(r, 0)
    lap(r, 3, 0)  # S0's own discard ends the ban
    pass_claims(r)
    act(r, "S1 discard 3p")
    assert "S0 win" in legal(r, 0)


# --------------------------------------------------------------------------- claims


S2_PAIR_8S = "8s8s 1m4m7m 2p5p 1p9p E S W N"


def test_ex32_passed_pong() -> None:
    r = scenario({0: "8s", 2: S2_PAIR_8S}, draws="8s")
    act(r, "S0 discard 8s")
    assert "S2 pong 8s8s" in legal(r, 2)
    act(r, "S2 pass")
    pass_claims(r)
    act(r, "S1 discard 8s")
    assert ActionType.PONG not in legal_types(r, 2)
    with pytest.raises(IllegalActionError):
        r.apply(Action.parse("S2 pong 8s8s"))


def test_ex32_passed_pong_lifts_after_own_discard() -> None:
    fill = junk(4, S2_PAIR_8S, "8s 8s", avoid="8s")
    f = fill.split()
    r = scenario({0: "8s", 2: S2_PAIR_8S}, draws=" ".join([*f, "8s"]))
    act(r, "S0 discard 8s")
    act(r, "S2 pass")
    lap(r, 1, 2, 3, 0)
    pass_claims(r)
    act(r, "S1 discard 8s")
    assert "S2 pong 8s8s" in legal(r, 2)


@pytest.mark.parametrize("in_melds", [False, True])
def test_wildcards_cannot_pong_by_default(in_melds: bool) -> None:
    s2 = "9p P 1m4m7m 2p5p 1s4s E S W N"
    r = scenario({2: s2}, draws="9p", options=opts(wildcard_in_melds=in_melds))
    discard_any(r, 0, avoid="9p P")
    pass_claims(r)
    act(r, "S1 discard 9p")
    assert ("S2 pong 9pP" in legal(r, 2)) is in_melds
    if in_melds:
        act(r, "S2 pong 9pP")
        pass_claims(r)
        meld = r.melds[2][0]
        assert meld.kind is MeldKind.PONG and meld.faces == (r.wildcards.face(17),) * 3


CHOW_FILLER = "1m3m4m5m6m7m 1p5p9p E S"


@pytest.mark.parametrize("held, claimed, banned", [
    ("5m6m", "4m", {"4m", "7m"}),
    ("2m3m", "4m", {"4m", "1m"}),
    ("4m6m", "5m", {"5m"}),
    ("1m2m", "3m", {"3m"}),
    ("8m9m", "7m", {"7m"}),
])
def test_ex34_discard_ban_after_chow(held: str, claimed: str, banned: set[str]) -> None:
    r = scenario({0: claimed, 1: held + " " + CHOW_FILLER})
    act(r, f"S0 discard {claimed}")
    act(r, f"S1 chow {held}")
    pass_claims(r)
    assert r.current == 1
    hand = {TILE_NAMES[t] for t in r.hands[1]}
    assert banned & hand == banned  # the banned faces are really in hand
    assert discard_faces(r, 1) == hand - banned
    bad = sorted(banned)[0]
    with pytest.raises(IllegalActionError, match="吃后限打"):
        r.apply(Action.parse(f"S1 discard {bad}"))


@pytest.mark.parametrize("order", [("S1 chow 4s5s", "S2 pong 6s6s"), ("S2 pong 6s6s", "S1 chow 4s5s")])
def test_pong_beats_chow(order: tuple[str, str]) -> None:
    r = scenario({0: "6s", 1: "4s5s 1m4m7m 2p5p8p E S W N", 2: "6s6s 2m5m8m 3p6p9p E S W"})
    act(r, "S0 discard 6s")
    for text in order:
        act(r, text)
    pass_claims(r)
    assert r.current == 2 and r.melds[2][0].kind is MeldKind.PONG and not r.melds[1]


def test_win_beats_pong_and_chow() -> None:
    r = scenario({0: "6s", 1: "4s5s 1m4m7m 2p5p8p E S W N", 2: "6s6s 2m5m8m 3p6p9p E S W",
                  3: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 6s"}, streak=3)
    act(r, "S0 discard 6s")
    for text in ("S1 chow 4s5s", "S2 pong 6s6s", "S3 win"):
        act(r, text)
    assert r.result is not None and r.result.winner == 3
    assert r.result.deltas == (-10, 0, 0, 10)


# --------------------------------------------------------------------------- 摊 limits

TAN_S1 = "5p6p 5s6s 1m2m 3m3m E S W N F"


def tan_round(lao: int, **changes: object) -> Round:
    """S1 chows S0 twice, then S0 discards 3m (S1 could chow 1m2m or pong 3m3m)."""
    fill = junk(6, TAN_S1, "4p 4s 3m", avoid="3m 4p 4s 1m 2m 5p 6p 5s 6s")
    r = scenario({0: "4p 4s 3m", 1: TAN_S1}, draws=fill, streak=lao, options=opts(**changes))
    act(r, "S0 discard 4p")
    act(r, "S1 chow 5p6p")
    pass_claims(r)
    act(r, "S1 discard E")
    lap(r, 2, 3)
    pass_claims(r)
    act(r, "S0 discard 4s")
    act(r, "S1 chow 5s6s")
    pass_claims(r)
    act(r, "S1 discard S")
    lap(r, 2, 3)
    pass_claims(r)
    assert r.tan[1][0] == 2
    act(r, "S0 discard 3m")
    return r


@pytest.mark.parametrize("lao, changes, third", [
    (1, {}, False),
    (2, {}, False),
    (3, {}, True),
    (1, {"three_tan_needs_l3": False}, True),
    (3, {"three_tan_chengbao": False}, False),
])
def test_ex38_third_claim_between_dealer_and_non_dealer(lao: int, changes: dict[str, object], third: bool) -> None:
    r = tan_round(lao, **changes)
    types = legal_types(r, 1)
    assert (ActionType.CHOW in types) is third
    assert (ActionType.PONG in types) is third
    if third:
        act(r, "S1 chow 1m2m")
        pass_claims(r)
        assert r.tan[1][0] == 3  # "S1 吃 S0 三摊"


PONG_S2 = "W W N N C C 1m4m7m 2p5p8p 3s"


@pytest.mark.parametrize("lao, changes, third", [
    (1, {}, False),
    (3, {}, False),
    (1, {"pong_counts_as_tan": False}, True),
])
def test_ex38_non_dealers_cap_two(lao: int, changes: dict[str, object], third: bool) -> None:
    fill = junk(5, PONG_S2, "W N C", avoid="W N C")
    r = scenario({2: PONG_S2, 3: "W N C"}, draws=fill, streak=lao, options=opts(**changes))
    discard_any(r, 0, avoid="W N C")
    lap(r, 1, 2)
    pass_claims(r)
    act(r, "S3 discard W")
    act(r, "S2 pong WW")
    pass_claims(r)
    act(r, "S2 discard 1m")
    pass_claims(r)
    act(r, "S3 discard N")
    act(r, "S2 pong NN")
    pass_claims(r)
    act(r, "S2 discard 4m")
    pass_claims(r)
    act(r, "S3 discard C")
    assert (ActionType.PONG in legal_types(r, 2)) is third
    assert r.tan[2][3] == (0 if changes else 2)


# --------------------------------------------------------------------------- flipped mode


def test_flipped_chow_with_stand_in_and_wildcard_discard() -> None:
    o = opts(wildcard_mode="flipped")
    s2 = "4s P 1m4m7m 2p5p8p 3s9s E S W"
    r = scenario({2: s2, 1: "6s 5s"}, options=o, indicator="5s")
    assert r.remaining == 82 and r.indicator == 22
    discard_any(r, 0, avoid="4s 6s P 5s 3s")
    pass_claims(r)
    act(r, "S1 discard 6s")
    assert "S2 chow 4sP" in legal(r, 2)
    act(r, "S2 chow 4sP")
    pass_claims(r)
    meld = r.melds[2][0]
    assert [TILE_NAMES[f] for f in meld.faces] == ["4s", "5s", "6s"]


def test_flipped_wildcard_discard_starts_freeze() -> None:
    o = opts(wildcard_mode="flipped")
    r = scenario({2: "4s6s 1m4m7m 2p5p8p 3s9s E S W", 1: "5s"}, options=o, indicator="5s")
    discard_any(r, 0, avoid="5s P")
    pass_claims(r)
    act(r, "S1 discard 5s")
    assert r.phase is Phase.ACT and r.current == 2  # no chow of 4s-5s*-6s: a wildcard is never claimable
    assert r.freeze_owner == 1


def test_ex47_flipped_baotou_state() -> None:
    r = scenario({1: "5s 1m2m3m 4p5p6p 7s8s9s E E E"}, draws="C", options=opts(wildcard_mode="flipped"),
                 indicator="5s")
    discard_any(r, 0, avoid="5s C")
    win(r, 1)
    assert fan_of(r) == 1


def test_flipped_indicator_p() -> None:
    r = scenario({1: BAOTOU_HAND}, draws="N", options=opts(wildcard_mode="flipped"), indicator="P")
    assert r.wildcards.is_wild(33)
    discard_any(r, 0, avoid="N P")
    win(r, 1)
    assert fan_of(r) == 1


# --------------------------------------------------------------------------- end of wall


def run_to_wall_end(r: Round, stop_remaining: int) -> None:
    """Everybody discards the drawn tile and passes claims until a player has drawn with R == stop."""
    while not (r.phase is Phase.ACT and r.remaining == stop_remaining and r.drawn is not None):
        discard_drawn(r)
        pass_claims(r)


EX40_HANDS = {
    0: "1s1s 2m5m8m 3p6p E S W N F",
    2: "P P P P 2m5m8m 3p6p E S",
    3: "9p9p9p9p 1s 2m5m8m 3p6p F C",
}


def test_ex48_end_of_wall_no_kong_then_final_claims() -> None:
    r = scenario(EX40_HANDS)
    assert r.remaining == 83
    discard_any(r, 0, avoid="1s 9p P")
    draws = 0
    while True:
        pass_claims(r)
        draws += 1
        if r.remaining == 20:
            break
        if r.current == 3 and r.remaining == 24:
            assert "S3 concealed_kong 9p9p9p9p" in legal(r, 3)  # kongs are fine while R > 20
        discard_drawn(r)
    assert draws == 63 and r.current == 3  # the 63rd front draw (S3) leaves R = 20
    assert ActionType.CONCEALED_KONG not in legal_types(r, 3)
    assert not r.passed_pong[0]
    act(r, "S3 discard 1s")  # S0 holds 1s1s, but in the final claim phase only a win may be claimed
    assert r.is_over and r.result is not None and r.result.is_draw
    assert r.result.deltas == (0, 0, 0, 0)


def test_ex48_final_claim_phase_allows_a_discard_win() -> None:
    hands = dict(EX40_HANDS)
    hands[0] = "1s 1m2m3m 4m5m6m 7s8s9s E E E 9m"
    r = scenario(hands, streak=3)
    act(r, "S0 discard 9m")
    run_to_wall_end(r, 20)
    assert r.current == 3 and not r.passed_win[0]
    act(r, "S3 discard 1s")
    assert legal(r, 0) == {"S0 win", "S0 pass"}
    win(r, 0)
    assert r.result is not None and r.result.deltas == (24, 0, 0, -24)


def test_ex48_kong_case() -> None:
    hands = {0: "1s1s 2m5m8m 3p6p9p E S W N", 1: "7m 1p 2m5m8m 3p6p9p S W N F C",
             2: "7m7m7m 2p 2m5m8m 3p6p 9p E S W", 3: "P P P P 2p 2p 2m5m8m 3p6p9p E"}
    r = scenario(hands)
    discard_any(r, 0, avoid="1s 7m 2p P")
    run_to_wall_end(r, 22)
    assert r.current == 1
    act(r, "S1 discard 7m")
    assert "S2 exposed_kong 7m7m7m" in legal(r, 2)
    act(r, "S2 exposed_kong 7m7m7m")
    pass_claims(r)
    assert r.remaining == 20 and r.current == 2  # replacement (21) and burn (20)
    assert ActionType.CONCEALED_KONG not in legal_types(r, 2)
    assert ActionType.ADDED_KONG not in legal_types(r, 2)
    assert not r.passed_pong[3]
    act(r, "S2 discard 2p")  # S3 holds 2p2p, but the final claim phase allows no pong
    assert r.is_over and r.result is not None and r.result.is_draw


# --------------------------------------------------------------------------- options examples


def test_ex52_rob_kong_l2() -> None:
    o = opts(rob_kong=True)
    s0 = "1m2m3m 4m5m6m 7s8s9s 4p5p E E 9p"
    s3 = "6p6p 1m4m7m 2s5s 1s9s S W N"
    fill = junk(4, s0, s3, "6p 6p", avoid="6p 3p")
    r = scenario({0: s0, 1: "6p", 3: s3}, draws=f"{fill} 6p", streak=2, options=o)
    act(r, "S0 discard 9p")
    pass_claims(r)
    act(r, "S1 discard 6p")  # L = 2: no discard win for S0 yet
    assert ActionType.WIN not in legal_types(r, 0)
    act(r, "S3 pong 6p6p")
    pass_claims(r)
    act(r, "S3 discard 1m")
    lap(r, 0, 1, 2)
    pass_claims(r)
    assert "S3 added_kong 6p" in legal(r, 3)
    act(r, "S3 added_kong 6p")
    assert r.phase is Phase.ROB
    assert legal(r, 0) == {"S0 win", "S0 pass"}
    win(r, 0)
    assert r.result is not None and r.result.win_type is WinType.ROB_KONG
    assert fan_of(r) == 1
    assert r.result.deltas == (24, 0, 0, -24)
    assert r.melds[3][0].kind is MeldKind.PONG  # the kong is not completed


@pytest.mark.parametrize("suit", ["m", "p", "s"])
def test_ex49_que_yi_men(suit: str) -> None:
    o = opts(que_yi_men=suit)
    r = Round.deal(o, seed=5)
    assert len(r.wall) == 100 and r.remaining == 47
    removed = "mps".index(suit)
    assert all(t >= 27 or t // 9 != removed for t in r.wall)
    flipped = Round.deal(o.replace(wildcard_mode="flipped"), seed=5)
    assert flipped.remaining == 46
