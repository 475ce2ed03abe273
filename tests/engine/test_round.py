"""Round state machine basics (rules.md §2, §3, §5): dealing, phases, who decides, explanations."""

from __future__ import annotations

import pytest
from helpers import act, discard_any, discard_drawn, junk, lap, legal, legal_types, opts, pass_claims, scenario

from hzmj_core.actions import Action, ActionType
from hzmj_core.round import IllegalActionError, Phase, Round, full_tile_set


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_deal_sizes_and_first_phase(dealer: int) -> None:
    r = Round.deal(seed=4, dealer=dealer)
    assert [len(h) for h in r.hands] == [14 if s == dealer else 13 for s in range(4)]
    assert r.remaining == 83 and r.phase is Phase.ACT and r.current == dealer
    assert r.deciding_seats() == [dealer] and r.drawn is None and r.may_win
    assert r.streak == 1


def test_deal_follows_the_wall_order() -> None:
    wall = full_tile_set(opts())
    r = Round.deal(wall=wall, dealer=1)
    # 13 rounds of one tile each for S1, S2, S3, S0, then the dealer's 14th
    assert sorted(r.hands[1]) == sorted([wall[4 * k] for k in range(13)] + [wall[52]])
    assert sorted(r.hands[0]) == sorted(wall[4 * k + 3] for k in range(13))
    lap_r = Round.deal(wall=wall, dealer=1)
    discard_any(lap_r, 1)
    pass_claims(lap_r)
    assert lap_r.current == 2 and lap_r.drawn == wall[53]


def test_flipped_indicator_is_the_back_tile_and_out_of_play() -> None:
    wall = full_tile_set(opts())
    r = Round.deal(opts(wildcard_mode="flipped"), wall=wall)
    assert r.indicator == wall[-1] and r.remaining == 82
    assert r.wildcards.is_wild(wall[-1])


@pytest.mark.parametrize("kwargs, needle", [
    ({"dealer": 4, "seed": 1}, "dealer"),
    ({"streak": 4, "seed": 1}, "streak"),
    ({}, "seed"),
    ({"wall": [0] * 136}, "wall must hold"),
    ({"wall": list(range(34)) * 3}, "136"),
])
def test_deal_errors(kwargs: dict[str, object], needle: str) -> None:
    with pytest.raises(ValueError, match=needle):
        Round.deal(**kwargs)  # type: ignore[arg-type]


def test_start_streak_is_the_default_streak() -> None:
    assert Round.deal(opts(start_streak=3), seed=1).streak == 3
    assert Round.deal(opts(start_streak=3), seed=1, streak=2).streak == 2


def test_no_win_after_chow_and_only_next_player_chows() -> None:
    # S1 holds a complete-after-chow hand: after the chow he may discard but never win in that phase
    s1 = "2m3m 4m5m6m 7p8p9p 2s3s4s E E"
    r = scenario({0: "1m", 1: s1, 2: "2m3m"})
    act(r, "S0 discard 1m")
    assert "S1 chow 2m3m" in legal(r, 1)
    assert ActionType.CHOW not in legal_types(r, 2)  # S2 is not S0's next player
    with pytest.raises(IllegalActionError):
        r.apply(Action.parse("S2 chow 2m3m"))
    act(r, "S1 chow 2m3m")
    pass_claims(r)
    assert r.current == 1 and not r.may_win
    assert ActionType.WIN not in legal_types(r, 1)
    with pytest.raises(IllegalActionError, match="chow or pong"):
        r.apply(Action.parse("S1 win"))


def test_explain_illegal_messages() -> None:
    r = scenario({0: "1m 9p"})
    with pytest.raises(IllegalActionError, match="S0's turn"):
        r.apply(Action.parse("S1 discard 1m"))
    with pytest.raises(IllegalActionError, match="not in S0's hand"):
        r.apply(Action.parse("S0 discard P") if 33 not in r.hands[0] else Action.parse("S0 discard 9s"))
    act(r, "S0 discard 1m")
    if r.phase is Phase.CLAIM:
        with pytest.raises(IllegalActionError, match="discarded this tile"):
            r.apply(Action.parse("S0 pong 1m1m"))
    done = scenario({0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s"})
    act(done, "S0 win")
    with pytest.raises(IllegalActionError, match="the hand is over"):
        done.apply(Action.parse("S1 discard 1m"))


def test_claim_window_waits_for_every_claimant_and_records_declarations() -> None:
    r = scenario({0: "6s", 1: "4s5s 1m4m7m 2p5p8p E S W N", 2: "6s6s 2m5m8m 3p6p9p E S W"})
    act(r, "S0 discard 6s")
    assert r.phase is Phase.CLAIM and set(r.deciding_seats()) >= {1, 2}
    act(r, "S1 chow 4s5s")
    assert r.phase is Phase.CLAIM and 1 not in r.deciding_seats()
    with pytest.raises(IllegalActionError, match="already declared"):
        r.apply(Action.parse("S1 pass"))
    act(r, "S2 pass")
    pass_claims(r)
    assert r.current == 1 and r.melds[1][0].claimed == r.wildcards.face(23)
    assert r.passed_pong[2] == {23}


def test_added_kong_is_refused_during_the_freeze_but_concealed_kong_is_allowed() -> None:
    # S2 ponged 9p earlier; during S1's freeze S2 draws the fourth 9p and may not 加杠
    s2 = "9p9p 1m4m7m 2s5s8s E S W N"
    s1 = "P 9p 1m2m3m 4p5p6p 7s8s9s E E"
    fill = junk(6, s2, s1, "9p P", avoid="9p P")
    f = fill.split()
    r = scenario({1: s1, 2: s2}, draws=" ".join([f[0], f[1], f[2], f[3], "9p"]))
    discard_any(r, 0, avoid="9p P")
    pass_claims(r)
    act(r, "S1 discard 9p")
    act(r, "S2 pong 9p9p")
    pass_claims(r)
    act(r, "S2 discard N")
    lap(r, 3, 0)
    pass_claims(r)
    act(r, "S1 discard P")  # S1 plays 飘: freeze
    pass_claims(r)
    assert r.current == 2 and r.freeze_owner == 1 and r.drawn == 17  # S2 drew the fourth 9p
    assert ActionType.ADDED_KONG not in legal_types(r, 2)
    with pytest.raises(IllegalActionError, match="added kong"):
        r.apply(Action.parse("S2 added_kong 9p"))


def test_added_kong_allowed_without_freeze() -> None:
    s2 = "9p9p 1m4m7m 2s5s8s E S W N"
    fill = junk(4, s2, "9p 9p", avoid="9p")
    f = fill.split()
    r = scenario({1: "9p", 2: s2}, draws=" ".join([f[0], f[1], f[2], f[3], "9p"]))
    discard_any(r, 0, avoid="9p")
    pass_claims(r)
    act(r, "S1 discard 9p")
    act(r, "S2 pong 9p9p")
    pass_claims(r)
    act(r, "S2 discard N")
    lap(r, 3, 0, 1)
    pass_claims(r)
    assert "S2 added_kong 9p" in legal(r, 2)
    act(r, "S2 added_kong 9p")
    assert r.melds[2][0].kind.value == "added_kong" and len(r.melds[2][0].tiles) == 4
    assert r.replacement and r.current == 2


def test_dealer_first_turn_tries_every_tile_as_the_drawn_one() -> None:
    # rules.md §2: the dealer's 14 can be a 暴头 win whatever order they were dealt in
    r = scenario({0: "P N 1m2m3m 4p5p6p 7s8s9s E E E"})
    act(r, "S0 win")
    assert r.result is not None and r.result.evaluation is not None and r.result.evaluation.fan == 1
    assert r.result.deltas == (12, -4, -4, -4)


def test_derived_seeds_survive_javascript_numbers() -> None:
    """Hand seeds appear in logs that the page parses with JSON.parse: they must stay below 2**53."""
    from hzmj_core.match import Match
    from hzmj_core.rng import derive_seed

    assert all(derive_seed(s, h) < 2**53 for s in range(200) for h in range(5))
    m = Match(seed=12345)
    assert m.hand_seed(0) < 2**53 and m.round.seed == m.hand_seed(0)


@pytest.mark.parametrize("subject", ["others", "discarder"])
def test_freeze_owner_may_add_to_a_pong_only_when_the_freeze_binds_the_others(subject: str) -> None:
    """rules.md §4.3: the 飘 player is exempt from the freeze (zhuada_subject=others) and so may 加杠; with
    zhuada_subject=discarder the freeze binds the owner himself and nobody may 加杠."""
    s2 = "9p9p P 1m4m7m 2s5s8s E S W N"
    fill = junk(8, s2, "9p 9p P", avoid="9p P")
    f = fill.split()
    r = scenario({1: "9p", 2: s2}, draws=" ".join([*f[:8], "9p"]), options=opts(zhuada_subject=subject))
    discard_any(r, 0, avoid="9p P")
    pass_claims(r)
    act(r, "S1 discard 9p")
    act(r, "S2 pong 9p9p")
    act(r, "S2 discard N")
    lap(r, 3, 0, 1)
    pass_claims(r)
    assert r.current == 2
    act(r, "S2 discard P")  # 飘: S2 owns the freeze
    lap(r, 3, 0, 1)
    pass_claims(r)
    assert r.current == 2 and r.freeze_owner == 2 and r.drawn == 17  # S2 drew the fourth 9p
    assert (ActionType.ADDED_KONG in legal_types(r, 2)) is (subject == "others")
    why = r.explain_illegal(Action.parse("S2 added_kong 9p"))
    assert (why is None) if subject == "others" else (why is not None and why.code == "freeze_added_kong")


def test_replayed_gives_the_hand_at_any_step() -> None:
    from hzmj_core.bots import make_bot
    from hzmj_core.view import SeatView

    r = Round.deal(seed=21)
    bots = [make_bot("basic", s) for s in range(4)]
    while not r.is_over:
        s = r.deciding_seats()[0]
        r.apply(bots[s].choose(SeatView.of(r, s)))
    assert r.replayed(len(r.actions)).to_json() == r.to_json()
    assert r.replayed(0).to_json() == Round.deal(seed=21).to_json()
    mid = r.replayed(7)
    assert [str(a) for a in mid.actions] == [str(a) for a in r.actions[:7]]
    with pytest.raises(ValueError, match="step"):
        r.replayed(len(r.actions) + 1)


def test_views_mark_a_discarded_wildcard_as_such() -> None:
    """The last discard in a view says whether it was a wildcard (pages write it P*, not a plain P)."""
    from hzmj_core.view import SeatView

    r = scenario({0: "P 1m2m3m 4p5p6p 7s8s9s E E S W"})
    act(r, "S0 discard P")
    last = SeatView.of(r, 2).to_json()["last_discard"]
    assert last == {"seat": 0, "tile": "P", "wild": True}
    pass_claims(r)
    discard_drawn(r, 1)
    assert SeatView.of(r, 2).to_json()["last_discard"]["wild"] is (r.wildcards.is_wild(r.discards[1][-1][0]))
