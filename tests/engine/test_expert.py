"""The expert bot (大师) and its sampled look-ahead: samples consistent with the view, key judgements, reasons."""

from __future__ import annotations

import inspect
from dataclasses import replace

from helpers import discard_any, pass_claims, scenario

from hzmj_core.actions import Action, ActionType
from hzmj_core.analysis import Analysis, baotou_distance
from hzmj_core.bots import Decision, lookahead, make_bot
from hzmj_core.bots.draw_ahead import value_after_draw
from hzmj_core.bots.expert import ExpertBot
from hzmj_core.bots.expert_params import ExpertParams, ParamError
from hzmj_core.bots.sampling import determinize, hidden_pool, rollout
from hzmj_core.bots.strong import StrongBot
from hzmj_core.rng import Rng
from hzmj_core.round import Phase, Round, full_tile_set
from hzmj_core.tiles import TILE_NAMES, Meld, MeldKind, Wildcards, parse_tiles
from hzmj_core.view import SeatView


def _all_tiles(r: Round) -> list[int]:
    tiles = [t for h in r.hands for t in h] + [t for ms in r.melds for m in ms for t in m.tiles]
    tiles += [t for ds in r.discards for t, by in ds if by is None]
    tiles += r.wall[r.front:r.back] + r.burned
    if r.indicator is not None:
        tiles.append(r.indicator)
    return sorted(tiles)


def test_samples_agree_with_everything_the_seat_sees() -> None:
    checked = 0
    for seed in range(4):
        r = Round.deal(dealer=seed, streak=3, seed=200 + seed)
        players = [make_bot("normal", s) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            if r.phase in (Phase.ACT, Phase.CLAIM) and len(r.actions) % 3 == 0:
                s = determinize(view, Rng(seed * 1000 + len(r.actions)))
                assert SeatView.of(s, seat)._replace(event_count=0) == view._replace(event_count=0)
                assert _all_tiles(s) == sorted(full_tile_set(r.options))
                assert s.remaining == r.remaining
                for o in range(4):
                    assert len(s.hands[o]) == len(r.hands[o])
                c = s.copy()
                rollout(c, 500)
                assert c.is_over and s.remaining == r.remaining  # the copy plays on, the sample is untouched
                checked += 1
            r.apply(players[seat].choose(view))
    assert checked > 40


def test_hidden_pool_is_what_the_seat_has_not_seen() -> None:
    r = Round.deal(dealer=0, seed=5)
    view = SeatView.of(r, 2)
    pool = hidden_pool(view)
    assert len(pool) == 136 - 13
    truth = sorted(t for s in (0, 1, 3) for t in r.hands[s]) + r.wall[r.front:r.back]
    assert pool == sorted(truth)


def test_samples_hide_concealed_kongs_as_four_of_a_kind() -> None:
    r = Round.deal(dealer=0, seed=9)
    view = SeatView.of(r, 1)
    kong = Meld(MeldKind.CONCEALED_KONG, tuple(parse_tiles("7p7p7p7p")), tuple(parse_tiles("7p7p7p7p")))
    melds = list(view.melds)
    melds[3] = (None,)
    counts = list(view.hand_counts)
    counts[3] -= 3
    hidden = view._replace(melds=tuple(melds), hand_counts=(counts[0], counts[1], counts[2], counts[3]))
    del kong
    s = determinize(hidden, Rng(1))
    m = s.melds[3][0]
    assert m.kind is MeldKind.CONCEALED_KONG and len(set(m.tiles)) == 1
    assert len(s.hands[3]) == counts[3]


def test_baotou_distance() -> None:
    wc = Wildcards.fixed()
    ready = wc.split(parse_tiles("P 1m2m3m 4p5p6p 7s8s9s EEE"))
    assert baotou_distance(*ready) == 0
    one = wc.split(parse_tiles("P 1m2m3m 4p5p6p 7s8s9s E E S"))
    assert baotou_distance(*one) == 1
    assert baotou_distance(*wc.split(parse_tiles("1m2m3m 4p5p6p 7s8s9s E E S 9m"))) == 99


BAOTOU = "P* 1m2m3m 4p5p6p 7s8s9s E E E"


def _s1_drew_wildcard(remaining: int | None = None) -> Round:
    r = scenario({1: BAOTOU}, draws="P*")
    discard_any(r, 0)
    pass_claims(r)
    assert r.current == 1 and TILE_NAMES[r.drawn or 0] == "P"
    if remaining is not None:
        r.front = r.back - remaining
        r.drop_caches()
    return r


def test_expert_goes_for_caipiao_when_the_wall_is_long() -> None:
    view = SeatView.of(_s1_drew_wildcard(), 1)
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.DISCARD and TILE_NAMES[d.action.tile] == "P", d
    assert "飘" in d.reason_zh and "分" in d.reason_zh


def test_expert_wins_now_when_the_wall_is_short() -> None:
    view = SeatView.of(_s1_drew_wildcard(22), 1)
    assert ExpertBot(0).decide(view).action.type is ActionType.WIN


def _s1_drew_plain_win(remaining: int | None = None) -> Round:
    """S1 draws E into P* 123m 456p 789s EE 5m: a plain win (财神 with 5m as the pair); discarding 5m instead
    leaves P* 123m 456p 789s EEE, 暴头 state."""
    r = scenario({1: "P* 1m2m3m 4p5p6p 7s8s9s E E 5m"}, draws="E")
    discard_any(r, 0)
    pass_claims(r)
    if remaining is not None:
        r.front = r.back - remaining
        r.drop_caches()
    return r


def test_expert_declines_a_plain_win_to_wait_in_baotou() -> None:
    view = SeatView.of(_s1_drew_plain_win(), 1)
    bot = ExpertBot(0)
    d = bot.decide(view)
    assert d.action.type is ActionType.DISCARD and TILE_NAMES[d.action.tile] == "5m", d
    assert [r.to_json() for r in d.why] == [{"code": "decline_baotou", "params": {}},
                                            {"code": "beats_win", "params": {"best_ev": 8.0, "win_ev": 4.0}},
                                            {"code": "wall_left", "params": {"remaining": 82}}]
    assert "暴头" in d.reason_zh and "胜过现在胡的 +4.0 分" in d.reason_zh
    win = next(a for a in view.legal if a.type is ActionType.WIN)
    assert bot.last_values[win] == 4.0 and bot.last_values[d.action] > 6.0
    # Late in the wall the next draw may never come: win now.
    assert ExpertBot(0).decide(SeatView.of(_s1_drew_plain_win(22), 1)).action.type is ActionType.WIN


def test_expert_weighs_the_others_threat_before_declining() -> None:
    # The same position, but the others have long rivers (17 discards each): a draw wins for each of them
    # about one time in six, so waiting one more turn is worth less than winning now.
    view = SeatView.of(_s1_drew_plain_win(40), 1)
    rivers = tuple(tuple((t, None) for t in parse_tiles("1m 9m 1p 9p 1s 9s S W N C F 2m 8m 2p 8p 2s 8s")) if s != 1
                   else view.discards[s] for s in range(4))
    d = ExpertBot(0).decide(view._replace(discards=rivers))
    assert d.action.type is ActionType.WIN, d
    assert "2 个选择中期望最高" in d.reason_zh


def test_expert_shapes_for_baotou_one_from_ready() -> None:
    # Discarding 3s keeps the most useful tiles (48); 6s keeps fewer (43) but more of them bring the hand
    # nearer 暴头 state with the 财神 free.
    view = SeatView.of(scenario({0: "2m 2s 2s 3p 3s 4m 5m 6m 6s 7m 7s 8s 9s P*"}, dealer=0), 0)
    an = Analysis(view)
    three, six = parse_tiles("3s 6s")
    assert an.after_discard(three).ukeire > an.after_discard(six).ukeire
    assert StrongBot(0).decide(view).action.tile == three
    bot = _StaticPlainDraws(0)
    assert bot.baotou_ukeire(an, *an.without((six,))) > bot.baotou_ukeire(an, *an.without((three,)))
    vals = bot.discard_values(an)
    assert vals[six][0] > vals[three][0]
    d = bot.decide(view)
    assert d.action.tile == six
    # The reason counts whole tiles (the value weighs them half at two from 暴头): 17 tiles, not "8.5".
    c, w = an.without((six,))
    assert baotou_distance(c, w) == 2 and bot.baotou_draws(an, c, w) == 2 * bot.baotou_ukeire(an, c, w) == 17
    assert "（17 张牌摸到更近暴头）" in d.reason_zh and "which 17 tiles bring nearer" in d.reason_en


def _StaticOnly(seed: int) -> ExpertBot:
    return ExpertBot(seed, ExpertParams(draw_ahead=False))


def _StaticPlainDraws(seed: int) -> ExpertBot:
    """The static ranking with every useful copy counted alike, to see the 暴头 shaping alone (the claim weighing
    values 3s's kept pairs and runs more)."""
    return ExpertBot(seed, ExpertParams(draw_ahead=False, claim_draws=0.0))


def test_value_after_draw_in_baotou_state_is_the_win_on_any_draw() -> None:
    wc = Wildcards.fixed()
    hand = parse_tiles("1m2m3m 4p5p6p 7s8s9s E E E P")
    unseen = [4 - hand.count(k) for k in range(34)]
    value = value_after_draw(hand, 0, unseen, wc, lambda c, w: 0.0, lambda ev: float(2**ev.fan))
    assert value == 2.0  # every draw wins 暴头 (1 fan, x2)


def test_value_after_draw_weighs_each_draw_by_its_unseen_copies() -> None:
    # A single wait on S: a draw of S (3 unseen) or of a 财神 (4 unseen) wins plain (x1); any other draw is
    # answered by the best discard, which the leaf here values at 0.5: (7 x 1 + rest x 0.5) / all unseen.
    wc = Wildcards.fixed()
    hand = parse_tiles("1m2m3m 4p5p6p 7s8s9s E E E S")
    unseen = [4 - hand.count(k) for k in range(34)]
    total = sum(unseen)
    value = value_after_draw(hand, 0, unseen, wc, lambda c, w: 0.5, lambda ev: float(2**ev.fan))
    assert abs(value - (7 * 1.0 + (total - 7) * 0.5) / total) < 1e-12
    # Nothing unseen: the hand's own value.
    assert value_after_draw(hand, 0, [0] * 34, wc, lambda c, w: 0.25, lambda ev: 9.0) == 0.25


def test_value_after_draw_refuses_a_hand_of_the_wrong_size() -> None:
    hand = parse_tiles("1m2m3m 4p5p6p 7s8s9s E E E")
    try:
        value_after_draw(hand, 0, [1] * 34, Wildcards.fixed(), lambda c, w: 0.0, lambda ev: 0.0)
    except ValueError as exc:
        assert "3n+1" in str(exc) and "12 tiles" in str(exc)
    else:
        raise AssertionError("a 12-tile hand was accepted")


def test_expert_keeps_a_single_wait_that_can_widen() -> None:
    # 678m 345p 567p 3s4s4s5s7s: throwing 3s waits on 6s with 4s4s as the pair (8 tiles with the 财神),
    # throwing 4s waits on 7s alone (7 tiles). The single wait is one tile narrower, but it improves on many
    # draws (6s, 8s, 5s...), which the draw-ahead counts and a one-step count of useful tiles does not.
    view = SeatView.of(scenario({0: "6m7m8m 3p4p5p 5p6p7p 3s4s4s5s7s"}, dealer=0), 0)
    an = Analysis(view)
    three, four = parse_tiles("3s 4s")
    assert an.after_discard(three).ukeire == an.after_discard(four).ukeire + 1
    assert _StaticOnly(0).decide(view).action.tile == three
    bot = ExpertBot(0)
    d = bot.decide(view)
    assert d.action.tile == four, d
    ahead = bot.ahead_values(an, bot.discard_values(an))
    assert ahead[four] > ahead[three]
    assert "算上下一张摸牌" in d.reason_zh and "counting the next draw" in d.reason_en


def test_expert_looks_a_draw_ahead_two_from_ready() -> None:
    # 1m2m2m7m 2p3p3p4p 3s4s5s 7s8s8s is two from ready after either 2m or 1m. Throwing 2m leaves two more useful
    # tiles (63 to 61), but throwing 1m keeps the pair 2m2m, and the hands its useful draws lead to are wider
    # than those behind the 1m2m edge: the draw-ahead counts that; a one-step count of useful tiles does not.
    view = SeatView.of(scenario({0: "1m2m2m7m 2p3p3p4p 3s4s5s 7s8s8s"}, dealer=0), 0)
    an = Analysis(view)
    one, two = parse_tiles("1m 2m")
    assert an.after_discard(one).shanten == an.after_discard(two).shanten == 2
    assert an.after_discard(two).ukeire == an.after_discard(one).ukeire + 2
    assert _ReadyOrOneOnlyPlain(0).decide(view).action.tile == two
    assert _StaticPlainDraws(0).decide(view).action.tile == two
    # Counting the discards it could claim, the static ranking keeps the pair too: 2m2m may be ponged from
    # three seats, where 1m2m is chowed from one.
    assert _StaticOnly(0).decide(view).action.tile == one
    bot = ExpertBot(0)
    d = bot.decide(view)
    assert d.action.tile == one, d
    ahead = bot.ahead_values(an, bot.discard_values(an))
    assert ahead[one] > ahead[two]
    assert "算上下一张摸牌" in d.reason_zh and "差 2 张听牌" in d.reason_zh
    assert "counting the next draw" in d.reason_en


def _ReadyOrOneOnlyPlain(seed: int) -> ExpertBot:
    return ExpertBot(seed, ExpertParams(ahead_from=1, claim_draws=0.0))


def test_expert_keeps_a_pair_it_can_pong() -> None:
    # Three from ready, 6s leaves one more useful tile than 5p (28 to 27), but 5p keeps 5s6s6s7s: the 6s pair may
    # be ponged from any of three seats' discards, where most other useful tiles come by our own draw or from
    # the previous seat's chow. Counting the discards it could claim, the expert keeps the pair.
    view = SeatView.of(scenario({0: "2m4m7m9m 1p2p5p8p 1s5s6s6s7s C"}, dealer=0), 0)
    an = Analysis(view)
    five, six = parse_tiles("5p 6s")
    assert an.after_discard(five).shanten == an.after_discard(six).shanten == 3
    assert an.after_discard(six).ukeire == an.after_discard(five).ukeire + 1
    assert StrongBot(0).decide(view).action.tile == six
    assert _StaticPlainDraws(0).decide(view).action.tile == six
    d = ExpertBot(0).decide(view)
    assert d.action.tile == five, d
    assert "有效牌 27 张，其中可碰 2 张、可吃 12 张" in d.reason_zh
    assert d.why[-1].to_json() == {"code": "claimable", "params": {"pong": 2, "chow": 12}}
    assert "27 useful tiles; 2 of them can be ponged, 12 chowed" in d.reason_en
    # At 3老 (discard wins live) the useful tiles are counted alike: there the claims' weight is not measured.
    live = SeatView.of(scenario({0: "2m4m7m9m 1p2p5p8p 1s5s6s6s7s C"}, dealer=0, streak=3), 0)
    assert ExpertBot(0).analysis(live).claim_weight == 0.0 < ExpertBot(0).analysis(view).claim_weight


def test_expert_pongs_when_the_hand_gets_much_wider() -> None:
    # S1 holds C C and far-apart pairs of neighbours: the pong leaves it as far from ready but with more than
    # twice the useful tiles. Strong claims only to get nearer ready, so it passes.
    r = scenario({0: "C 1m1m1m 2p2p2p 3s3s3s 4m4m 6p 7s", 1: "2m 5m 8m 9m 8p 9p 2s 3s 8s 9s W C C"}, dealer=0)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "C"))
    view = SeatView.of(r, 1)
    assert StrongBot(0).decide(view).action.type is ActionType.PASS
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.PONG, d
    assert "有效牌从" in d.reason_zh and "useful tiles" in d.reason_en
    # Without the rule it passes too.
    assert _NoWider(0).decide(view).action.type is ActionType.PASS


def test_a_wider_pong_needs_three_tenths_more_useful_tiles_and_a_chow_half_as_many_again() -> None:
    # The same pong, judged by its useful tiles alone: away from 3老 1.2 times passing's is not enough, 1.3 is (a pong
    # also takes the turn from the seats it skips); at 3老 the bar is 1.3 too.
    for streak, low, high in ((1, 1.2, 1.3), (3, 1.2, 1.3)):
        r = scenario({0: "C 1m1m1m 2p2p2p 3s3s3s 4m4m 6p 7s", 1: "2m 5m 8m 9m 8p 9p 2s 3s 8s 9s W C C"},
                     dealer=0, streak=streak)
        r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "C"))
        view = SeatView.of(r, 1)
        bot = ExpertBot(0)
        an = bot.analysis(view)
        pong = next(a for a in r.legal_actions(1) if a.type is ActionType.PONG)
        now = an.shape(an.counts, an.w)
        assert now.draws > 0
        assert not bot.claim_widens(an, pong, replace(now, draws=low * now.draws), now.shanten), streak
        assert bot.claim_widens(an, pong, replace(now, draws=high * now.draws), now.shanten), streak


def test_a_wider_chow_needs_half_as_many_useful_tiles_again_away_from_3lao() -> None:
    # A chow, judged by its useful tiles alone: away from 3老 1.4 times passing's is not enough, 1.5 is; at 3老 1.3.
    for streak, low, high in ((1, 1.4, 1.5), (3, 1.2, 1.3)):
        view = _claim_view("2m 3m 5p 9p 2s 8s E S W N C F P", "4m", streak)
        bot = ExpertBot(0)
        an = bot.analysis(view)
        chow = next(a for a in view.legal if a.type is ActionType.CHOW)
        now = an.shape(an.counts, an.w)
        assert now.draws > 0
        assert not bot.claim_widens(an, chow, replace(now, draws=low * now.draws), now.shanten), streak
        assert bot.claim_widens(an, chow, replace(now, draws=high * now.draws), now.shanten), streak


def _NoWider(seed: int) -> ExpertBot:
    return ExpertBot(seed, ExpertParams(claim_wider=False))


def test_expert_pongs_to_free_its_wildcard_for_baotou() -> None:
    # S1 is ready on 8p with the 财神 standing in for 6m. Ponging 2s keeps it ready and leaves 3s-8s, 5m7m and the
    # 财神: one draw from 暴头 state instead of two. As near ready and no wider, so strong passes.
    r = scenario({0: "1m 4m 9m 1p 4p 5p 1s 9s E S W N C 2s", 1: "2s2s 3s4s5s 6s7s8s 5m7m 7p9p P"}, dealer=0)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "2s"))
    view = SeatView.of(r, 1)
    an = Analysis(view)
    assert an.current_shanten() == 0 and baotou_distance(an.counts, an.w) == 2
    assert StrongBot(0).decide(view).action.type is ActionType.PASS
    assert _NoBaotouClaims(0).decide(view).action.type is ActionType.PASS
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.PONG, d
    assert "暴头" in d.reason_zh and "差 2 张到差 1 张" in d.reason_zh and "1 away instead of 2" in d.reason_en
    # Without a 财神 the same pong only makes the hand narrower: passed.
    r2 = scenario({0: "1m 4m 9m 1p 4p 5p 1s 9s E S W N C 2s", 1: "2s2s 3s4s5s 6s7s8s 5m6m 7p9p 7m"}, dealer=0)
    r2.apply(next(a for a in r2.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "2s"))
    assert ExpertBot(0).decide(SeatView.of(r2, 1)).action.type is ActionType.PASS


def test_expert_does_not_pong_for_baotou_at_3lao() -> None:
    # The same pong at 3老, where S1 may win on the dealer's discards and the dealer on S1's: not made (those claims
    # lost there); the same hand at L = 1 pongs.
    for streak, expected in ((3, ActionType.PASS), (1, ActionType.PONG)):
        r = scenario({0: "1m 4m 9m 1p 4p 5p 1s 9s E S W N C 2s", 1: "2s2s 3s4s5s 6s7s8s 5m7m 7p9p P"}, dealer=0,
                     streak=streak)
        r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "2s"))
        view = SeatView.of(r, 1)
        assert any(a.type is ActionType.PONG for a in view.legal)
        assert ExpertBot(0).decide(view).action.type is expected, streak


def _NoPairsGuard(seed: int) -> ExpertBot:
    return ExpertBot(seed, ExpertParams(pairs_guard=False))


def _claim_view(hand: str, discard: str, streak: int = 1) -> SeatView:
    """S1 holding ``hand`` (no melds) in the claim window of S0's ``discard``."""
    r = scenario({0: f"1m 4m 9m 1p 4p 5p 1s 9s E S W C F {discard}", 1: hand}, dealer=0, streak=streak)
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == discard))
    return SeatView.of(r, 1)


def test_expert_does_not_pong_out_of_qike_state() -> None:
    # Six pairs and the 财神: 七客 state, any draw wins at ×4. Ponging the North wind would leave a plain ready hand
    # one draw nearer 暴头, which the 暴头 claim rule alone would take; the expert keeps its 七客 hand, as strong does.
    view = _claim_view("1p1p 8p8p 4s4s 5s5s 6s6s N N P", "N")
    an = Analysis(view)
    assert an.shape(an.counts, an.w).qike
    assert any(a.type is ActionType.PONG for a in view.legal)
    assert StrongBot(0).decide(view).action.type is ActionType.PASS
    assert _NoPairsGuard(0).decide(view).action.type is ActionType.PONG
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.PASS, d
    assert "七客状态" in d.reason_zh and "4 倍" in d.reason_zh and "北" in d.reason_zh
    assert "any draw wins" in d.reason_en and "North wind" in d.reason_en


def test_expert_keeps_a_seven_pairs_wait_instead_of_a_wider_pong() -> None:
    # Five pairs, 5p, 1s and the 财神: ready as seven pairs (七对子, ×2) on 5p or 1s. Ponging 9m leaves a plain hand
    # as far from ready with twice the useful tiles, which the wider-claim rule alone would take.
    view = _claim_view("5m5m 9m9m 5p 6p6p 1s 2s2s 3s3s P", "9m")
    bot = ExpertBot(0)
    an = bot.analysis(view)
    assert an.current_shanten() == 0 and not an.shape(an.counts, an.w).qike and bot.pairs_ready(an)
    assert _NoPairsGuard(0).decide(view).action.type is ActionType.PONG
    d = bot.decide(view)
    assert d.action.type is ActionType.PASS, d
    assert "七对已听牌" in d.reason_zh and "ready as seven pairs" in d.reason_en
    # At 3老 too (where the wider-claim bar is lower, 1.3).
    live = _claim_view("5m5m 9m9m 5p 6p6p 1s 2s2s 3s3s P", "9m", streak=3)
    assert bot.pairs_ready(bot.analysis(live))
    assert _NoPairsGuard(0).decide(live).action.type is ActionType.PONG
    assert bot.decide(live).action.type is ActionType.PASS


def _NoBaotouClaims(seed: int) -> ExpertBot:
    return ExpertBot(seed, ExpertParams(baotou_claims=False))


def test_expert_at_3lao_values_far_hands_lower_and_the_dealer_risks_less() -> None:
    view = _threat_view("6m 4m 7m 2p 5p 8p 3p 6s 7s S W N P", "C")
    bot = ExpertBot(0)
    an = Analysis(view)
    calm = Analysis(view._replace(streak=1))
    assert bot.far_factor_for(an) == bot.params.far_live == 0.30
    assert bot.far_factor_for(calm) == bot.far_factor == StrongBot.far_factor
    five = parse_tiles("5p")[0]
    # S1 is a non-dealer: its danger counts in full. Made the dealer (the others may then win on it), half.
    assert bot.discard_risk(an, five, 0.0) == bot.danger(an, five) > 0
    as_dealer = Analysis(view._replace(dealer=1))
    assert bot.danger(as_dealer, five) > 0
    assert 0 < bot.params.dealer_danger < 1
    assert bot.discard_risk(as_dealer, five, 0.0) == bot.params.dealer_danger * bot.danger(as_dealer, five)


def test_expert_kongs_for_gangbao() -> None:
    r = scenario({1: "P* 7p7p7p 1m2m3m 4m5m6m 2p3p4p"}, draws="7p")
    discard_any(r, 0)
    pass_claims(r)
    d = ExpertBot(0).decide(SeatView.of(r, 1))
    assert d.action.type is ActionType.CONCEALED_KONG, d


def _threat_view(hand: str, draw: str) -> SeatView:
    """L = 3: the dealer S0 shows three pongs (very likely ready) and may win on S1's discard."""
    r = scenario({1: hand}, draws=draw, dealer=0, streak=3)
    discard_any(r, 0)
    pass_claims(r)
    view = SeatView.of(r, 1)
    melds = list(view.melds)
    melds[0] = tuple(Meld(MeldKind.PONG, (f, f, f), (f, f, f), f, 2) for f in parse_tiles("9m 9p E"))
    discards = list(view.discards)
    discards[0] = tuple((t, None) for t in parse_tiles("1m 2m 9s 3s 4s 5s"))
    return view._replace(melds=tuple(melds), discards=tuple(discards))


def test_expert_folds_with_the_wildcard_when_the_hand_is_far() -> None:
    # Two from ready, every natural tile a live middle tile the dealer has not discarded: strong pushes 2s.
    view = _threat_view("6p 6s 2s 1p 6m 1p 7s 3p 7p 4m 3p 7m P", "4p")
    assert Analysis(view).current_shanten() == 2
    assert TILE_NAMES[StrongBot(0).decide(view).action.tile] != "P"
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.DISCARD and TILE_NAMES[d.action.tile] == "P", d
    assert "财神" in d.reason_zh and "一筒" in d.reason_zh and "分" in d.reason_zh and "1 of Dots" in d.reason_en
    # Not at streak 1: nobody can win on a discard, the 财神 stays.
    calm = ExpertBot(0).decide(view._replace(streak=1))
    assert calm.action.type is ActionType.DISCARD and TILE_NAMES[calm.action.tile] != "P"


def test_expert_judges_honours_and_the_dealers_own_discards_safe() -> None:
    # One danger model (strong's, D5) with the expert's constants fitted to strong players at 3老.
    assert "danger" not in vars(ExpertBot)
    view = _threat_view("6m 4m 7m 2p 5p 8p 3p 6s 7s S W N P", "C")
    an = Analysis(view)
    bot, strong = ExpertBot(0), StrongBot(0)
    south, five, three = parse_tiles("S 5p 3s")
    assert bot.danger(an, south) < 0.1 * bot.danger(an, five)
    assert strong.danger(an, south) > 0.3 * strong.danger(an, five)
    assert bot.danger(an, three) < 0.1 * bot.danger(an, five)  # S0 discarded 3s itself
    d = bot.decide(view)
    assert TILE_NAMES[d.action.tile] in ("S", "W", "N", "C"), d


def test_expert_does_not_discard_into_a_live_dealer_win() -> None:
    # The most efficient discard, 2s, is a live middle tile the dealer has not discarded (the draw-ahead still
    # weighs a wider hand against a small risk: an honour the dealer may want is not avoided at any price).
    view = _threat_view("1m2m 4p5p 7s8s 3m4m 6p 2s C C 6m", "5s")
    efficient = make_bot("normal", 0).decide(view).action.tile
    assert TILE_NAMES[efficient] == "2s"
    bot = ExpertBot(0)
    d = bot.decide(view)
    assert d.action.type is ActionType.DISCARD and d.action.tile != efficient
    assert bot.danger(Analysis(view), d.action.tile) < bot.danger(Analysis(view), efficient)


def test_expert_counts_a_deal_in_only_through_discard_risk() -> None:
    # The danger reaches the expert's discard choice (static ranking and draw-ahead) through one hook: with
    # discard_risk at nothing it pushes the efficient 2s into the dealer's live win, with the hook doubled it
    # still defends, and the hook gets the kept hand's value to weigh.
    view = _threat_view("1m2m 4p5p 7s8s 3m4m 6p 2s C C 6m", "5s")
    efficient = make_bot("normal", 0).decide(view).action.tile
    seen: list[float] = []

    class Fearless(ExpertBot):
        def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
            seen.append(value)
            return 0.0

    class Fearful(ExpertBot):
        def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
            return 2.0 * super().discard_risk(an, tile, value)

    assert Fearless(0).decide(view).action.tile == efficient
    assert seen and all(v > 0.0 for v in seen)
    bot = Fearful(0)
    assert bot.decide(view).action.tile != efficient
    an = Analysis(view)
    assert ExpertBot(0).discard_risk(an, efficient, 1.0) == bot.danger(an, efficient) > 0.0
    # the win-or-go-on values and the sampled look-ahead take it from the hook too, never from danger itself
    for name in ("discard_values", "ahead_values", "going_on"):
        assert "self.danger(" not in inspect.getsource(getattr(ExpertBot, name)), name
    for fn in (lookahead.adjusted, lookahead.leaf_value):
        assert "bot.danger(" not in inspect.getsource(fn) and "bot.discard_risk(" in inspect.getsource(fn)


def test_expert_keeps_the_wildcard_free_for_baotou() -> None:
    # Discarding 9s or 4s both leave a plain wait on 15 tiles; after 9s the 财神 is a filler of the run
    # (two tiles from 暴头), after 4s it is still free (one tile from 暴头). Strong sees equal waits.
    view = SeatView.of(scenario({0: "1p2p3p 2m3m4m 4s5s 7s7s 8s8s 9s P*"}, dealer=0), 0)
    an = Analysis(view)
    nine, four = parse_tiles("9s 4s")
    vals = ExpertBot(0).discard_values(an)
    assert vals[nine][1].ukeire == vals[four][1].ukeire and vals[nine][1].shanten == vals[four][1].shanten == 0
    assert baotou_distance(*an.without((four,))) == 1 and baotou_distance(*an.without((nine,))) == 2
    strong = StrongBot(0)
    assert strong.shape_value(an, vals[nine][1]) == strong.shape_value(an, vals[four][1])
    assert vals[four][0] > vals[nine][0] + 0.5
    assert ExpertBot(0).decide(view).action.tile != nine


def test_expert_is_deterministic_and_gives_reasons() -> None:
    r = _s1_drew_wildcard()
    view = SeatView.of(r, 1)
    assert ExpertBot(3).decide(view) == ExpertBot(3).decide(view)
    for seed in range(2):
        g = Round.deal(dealer=seed, streak=3, seed=300 + seed)
        bots = [ExpertBot(seed), make_bot("strong", 1), make_bot("strong", 2), make_bot("strong", 3)]
        while not g.is_over:
            seat = g.deciding_seats()[0]
            v = SeatView.of(g, seat)
            d = bots[seat].decide(v)
            assert d.action in v.legal and d.reason_zh and d.reason_en
            assert "S0" not in d.reason_zh and "S1" not in d.reason_zh
            g.apply(d.action)


_STRONG_LIKE = ExpertParams(draw_ahead=False, claim_wider=False, early_ready=False, shaping=False, fold=False,
                            claim_draws=0.0, baotou_claims=False, pairs_guard=False, far_live=None,
                            liability=False, wild_defence=False,
                            dealer_danger=1.0, far_factor=StrongBot.far_factor, danger_base=StrongBot.danger_base,
                            danger_live=StrongBot.danger_live, danger_genbutsu=StrongBot.danger_genbutsu)
"""The expert's parameters with every addition switched off."""


class _Baseline(ExpertBot):
    def __init__(self, seed: int) -> None:
        super().__init__(seed, _STRONG_LIKE)

    def on_win(self, an: Analysis, win: Action) -> Decision:
        return StrongBot.on_win(self, an, win)


def test_with_its_additions_off_the_expert_plays_as_strong() -> None:
    checked = 0
    for seed in range(8):
        r = Round.deal(dealer=seed % 4, streak=1 + seed % 3, seed=400 + seed)
        strong = [StrongBot(s) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            a = strong[seat].decide(view).action
            assert _Baseline(0).decide(view).action == a, (seed, len(r.actions))
            checked += 1
            r.apply(a)
    assert checked > 300


def test_expert_does_not_make_a_third_tan() -> None:
    # L = 3, S1 has chowed the dealer S0 twice: a third chow makes S1 liable for 2T of S0's wins (倒承包).
    hand = "4m5m 1p3p 7p9p 2s4s 6s8s E S W"
    r = scenario({0: "3m 1m 9m N N C C F F 1s 9s 9p 5p 6p", 1: hand}, dealer=0, streak=3)
    r.tan[1][0] = 2
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "3m"))
    view = SeatView.of(r, 1)
    assert any(a.type is ActionType.CHOW for a in view.legal)
    d = ExpertBot(0).decide(view)
    assert d.action.type is ActionType.PASS
    assert "承包" in d.reason_zh and "S0" not in d.reason_zh and "上家" in d.reason_zh


def test_the_sampled_look_ahead_is_deterministic_and_compares_on_the_same_samples() -> None:
    compared = 0
    g = Round.deal(dealer=0, streak=3, seed=321)
    bots = [ExpertBot(0), make_bot("strong", 1), make_bot("strong", 2), make_bot("strong", 3)]
    while not g.is_over:
        seat = g.deciding_seats()[0]
        v = SeatView.of(g, seat)
        d = bots[seat].decide(v)
        assert d.action in v.legal
        if seat == 0 and len(v.legal) > 1 and compared < 4:
            other = next(a for a in v.legal if a != d.action)
            values, n = ExpertBot(7).compare(v, [d.action, other, d.action])
            assert 1 <= n <= lookahead.SAMPLES
            assert values[0] == values[2]  # the same samples for every candidate
            assert (values, n) == ExpertBot(7).compare(v, [d.action, other, d.action])
            compared += 1
        g.apply(d.action)
    assert compared == 4


def test_params_default_to_the_shipped_expert_and_take_text_settings() -> None:
    assert ExpertBot(0).params == ExpertParams()
    p = ExpertParams().with_settings(["wider_ratio=1.2", "pairs_guard=false", "far_live=none",
                                      "danger_live=0.1,0.2,0.3,0.4,0.5", "ahead_top=4"])
    assert p.changes() == {"wider_ratio": 1.2, "pairs_guard": False, "far_live": None,
                           "danger_live": [0.1, 0.2, 0.3, 0.4, 0.5], "ahead_top": 4}
    assert ExpertParams().with_settings(["wider_ratio=1.5"]).changes() == {}
    bot = ExpertBot(0, p)
    assert bot.danger_live == (0.1, 0.2, 0.3, 0.4, 0.5) and bot.params.ahead_top == 4
    for bad, words in (("nosuch=1", "no parameter named 'nosuch'"), ("pairs_guard=maybe", "true or false"),
                       ("ahead_top=2.5", "whole number"), ("danger_live=1,2", "takes 5"), ("wider_ratio", "name=value"),
                       ("wider_ratio=none", "a number")):
        try:
            ExpertParams().with_settings([bad])
        except ParamError as e:
            assert words in str(e), (bad, str(e))
        else:
            raise AssertionError(f"{bad} was accepted")
