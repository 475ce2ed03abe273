"""Dealer, streak and game end (rules.md §8, §10.4): next_deal tables and EX53 played hand by hand."""

from __future__ import annotations

import pytest
from helpers import act, discard_any, discard_drawn, junk, lap, opts, pass_claims, scenario

from hzmj_core.match import Match, next_deal, next_dealer
from hzmj_core.options import Options
from hzmj_core.round import Round
from hzmj_core.scoring import settle

# (options changes, dealer, L, winner, points after) -> (next dealer, next L, game over)
NEXT_DEAL = [
    ({}, 0, 1, 0, [56, 48, 48, 48], (0, 2, False)),  # dealer wins: stays, L + 1
    ({}, 0, 3, 0, [50, 50, 50, 50], (0, 3, False)),  # L never exceeds 3
    ({}, 0, 2, None, [50, 50, 50, 50], (0, 3, False)),  # 流局: stays, L + 1
    ({}, 0, 3, None, [50, 50, 50, 50], (0, 3, False)),
    ({"draw_adds_streak": False}, 0, 1, None, [50] * 4, (0, 1, False)),
    ({}, 0, 3, 2, [40, 46, 68, 46], (2, 1, False)),  # non-dealer wins: winner deals at the start value
    ({"start_streak": 2}, 0, 3, 2, [40, 46, 68, 46], (2, 2, False)),
    ({"start_streak": 3}, 1, 1, 3, [40, 46, 68, 46], (3, 3, False)),
    ({"next_dealer": "next_seat"}, 0, 2, 2, [50] * 4, (1, 1, False)),
    ({"next_dealer": "next_seat"}, 3, 1, 1, [50] * 4, (0, 1, False)),
    ({}, 2, 3, 2, [0, 6, 188, 6], (2, 3, False)),  # dealer win never ends the game
    ({}, 2, 1, None, [-5, 60, 80, 65], (2, 2, False)),  # nor does a draw
    ({}, 2, 3, 1, [-1, 16, 180, 5], (1, 1, True)),  # non-dealer win with someone <= 0 ends it
    ({}, 2, 3, 1, [1, 16, 180, 3], (1, 1, False)),
]


@pytest.mark.parametrize("changes, dealer, lao, winner, points, expect", NEXT_DEAL)
def test_next_deal(changes: dict[str, object], dealer: int, lao: int, winner: int | None, points: list[int],
                   expect: tuple[int, int, bool]) -> None:
    assert next_deal(opts(**changes), dealer, lao, winner, points) == expect
    assert next_dealer(opts(**changes), dealer, lao, winner) == expect[:2]


# EX53 as (winner, F, expected points after, expected next dealer, next L, over)
EX53 = [
    (0, 0, [56, 48, 48, 48], 0, 2, False),
    (None, None, [56, 48, 48, 48], 0, 3, False),
    (2, 1, [40, 46, 68, 46], 2, 1, False),
    (2, 2, [32, 38, 92, 38], 2, 2, False),
    (2, 3, [0, 6, 188, 6], 2, 3, False),
    (1, 0, [-1, 16, 180, 5], 1, 1, True),
]


def test_ex53_next_deal_and_settle_sequence() -> None:
    o = Options()
    points = [50, 50, 50, 50]
    dealer, lao = 0, 1
    for winner, fan, after, nd, nl, over in EX53:
        if winner is not None:
            assert fan is not None
            s = settle(winner, fan, dealer, lao, 1, None)
            points = [p + d for p, d in zip(points, s.deltas, strict=True)]
        assert points == after
        dealer, lao, ends = next_deal(o, dealer, lao, winner, points)
        assert (dealer, lao, ends) == (nd, nl, over)


def match_with_first_dealer(seat: int, options: Options | None = None) -> Match:
    for seed in range(200):
        m = Match(options, seed)
        if m.first_dealer == seat:
            return m
    raise AssertionError("no seed gives that first dealer")


BAOTOU = "P 1m2m3m 4p5p6p 7s8s9s E E E"


def _hand_1(m: Match) -> Round:
    r = scenario({0: "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s"}, dealer=m.dealer, streak=m.streak)
    act(r, "S0 win")
    return r


def _hand_2(m: Match) -> Round:
    r = m.round  # the match's own seeded wall: nobody claims or wins, so it runs out (流局)
    while not r.is_over:
        pass_claims(r)
        if not r.is_over:
            discard_drawn(r)
    pass_claims(r)
    return r


def _hand_3(m: Match) -> Round:
    r = scenario({2: BAOTOU}, draws=junk(1, BAOTOU) + " N", dealer=m.dealer, streak=m.streak)
    discard_any(r, 0, avoid="N P")
    lap(r, 1)
    pass_claims(r)
    act(r, "S2 win")
    return r


def _hand_4(m: Match) -> Round:
    hand = "P P 1m2m3m 4p5p6p 7s8s9s E E E"
    r = scenario({2: hand}, draws=junk(3, hand, "N") + " N", dealer=m.dealer, streak=m.streak)
    act(r, "S2 discard P")
    lap(r, 3, 0, 1)
    pass_claims(r)
    act(r, "S2 win")
    return r


def _hand_5(m: Match) -> Round:
    hand = "P 7p7p7p 1m2m3m 4m5m6m 2p3p4p 7p"
    r = scenario({2: hand}, draws=junk(3, hand, "9s P") + " 9s", back="P", dealer=m.dealer, streak=m.streak)
    act(r, "S2 concealed_kong 7p7p7p7p")
    act(r, "S2 discard P")
    lap(r, 3, 0, 1)
    pass_claims(r)
    act(r, "S2 win")
    return r


def _hand_6a(m: Match) -> Round:
    hand = "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"
    r = scenario({1: hand}, draws=junk(2, hand, "5s") + " 5s", dealer=m.dealer, streak=m.streak)
    discard_any(r, 2, avoid="5s 2s")
    lap(r, 3, 0)
    pass_claims(r)
    act(r, "S1 win")
    return r


def _hand_6b(m: Match) -> Round:
    r = scenario({0: BAOTOU}, draws=junk(1, BAOTOU) + " N", dealer=m.dealer, streak=m.streak)
    discard_any(r, 2, avoid="N P")
    lap(r, 3)
    pass_claims(r)
    act(r, "S0 win")
    return r


def play_ex41(last: object) -> Match:
    m = match_with_first_dealer(0)
    assert (m.dealer, m.streak, m.points) == (0, 1, [50] * 4)
    hands = [_hand_1, _hand_2, _hand_3, _hand_4, _hand_5, last]
    for i, play_hand in enumerate(hands):
        if play_hand is not _hand_2:
            m.round = play_hand(m)  # type: ignore[operator]
        else:
            _hand_2(m)
        m.finish_hand()
        if i < 5:
            _, fan, after, nd, nl, over = EX53[i]
            assert m.history[-1].result.evaluation is None if fan is None else (
                m.history[-1].result.evaluation is not None and m.history[-1].result.evaluation.fan == fan)
            assert (m.points, m.dealer, m.streak, m.over) == (after, nd, nl, over)
    return m


def test_ex53_match_game_over_after_non_dealer_win() -> None:
    m = play_ex41(_hand_6a)
    assert m.points == [-1, 16, 180, 5]
    assert m.over
    with pytest.raises(RuntimeError):
        m.finish_hand()
    s = m.summary()
    assert s["hands"] == 6 and s["draws"] == 1 and s["wins"] == [1, 1, 3, 0]
    assert [row["seat"] for row in s["standings"]] == [2, 1, 3, 0]


def test_ex53_alternative_dealer_wins_back() -> None:
    m = play_ex41(_hand_6b)
    assert m.points == [20, 4, 172, 4]
    assert not m.over
    assert (m.dealer, m.streak) == (0, 1)
    assert m.round.dealer == 0 and m.round.streak == 1 and not m.round.is_over


def test_finish_hand_needs_a_finished_hand() -> None:
    m = Match(Options(), 3)
    with pytest.raises(RuntimeError):
        m.finish_hand()


@pytest.mark.parametrize("points", [40, 50, 60])
def test_start_points(points: int) -> None:
    m = Match(opts(start_points=points), 1)
    assert m.points == [points] * 4
    assert m.round.options.start_points == points


@pytest.mark.parametrize("start", [1, 2, 3])
def test_start_streak_first_hand_and_new_dealer(start: int) -> None:
    m = match_with_first_dealer(0, opts(start_streak=start))
    assert m.streak == start and m.round.streak == start
    m.round = _hand_6a_like(m)
    m.finish_hand()
    assert m.dealer == 1 and m.streak == start  # the winner becomes dealer at the start value


def _hand_6a_like(m: Match) -> Round:
    hand = "1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s"
    r = scenario({1: hand}, draws="5s", dealer=0, streak=m.streak, options=m.options)
    discard_any(r, 0, avoid="5s 2s")
    pass_claims(r)
    act(r, "S1 win")
    return r


def test_match_is_deterministic_per_seed() -> None:
    a, b = Match(Options(), 42), Match(Options(), 42)
    assert a.first_dealer == b.first_dealer
    assert a.round.wall == b.round.wall
    assert Match(Options(), 43).round.wall != a.round.wall
