"""牌墙估计 (wall odds): the fitted shares of unseen copies in the live wall, and how the expert counts with them."""

from __future__ import annotations

from helpers import scenario

from hzmj_core.analysis import Analysis
from hzmj_core.arena import deal_params
from hzmj_core.bots import make_bot
from hzmj_core.bots.expert import ExpertBot
from hzmj_core.bots.wall_odds import WALL_SHARE, WILD_SHARE, draw_shares, face_class, stage
from hzmj_core.round import Phase, Round
from hzmj_core.tiles import NUM_KINDS, parse_tiles
from hzmj_core.view import SeatView


def _views(hands: int, seed: int) -> list[tuple[Round, SeatView]]:
    """(round copy, view) at every turn of a few hands of strong self-play."""
    out: list[tuple[Round, SeatView]] = []
    for n in range(hands):
        wall_seed, dealer, lao = deal_params(seed, n, "mix")
        r = Round.deal(dealer=dealer, streak=lao, seed=wall_seed)
        bots = [make_bot("strong", s) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            if r.phase is Phase.ACT and view.drawn is not None:
                out.append((r.copy(), view))
            r.apply(bots[seat].choose(view))
    return out


def test_the_table_covers_every_stage_class_and_count() -> None:
    assert len(WALL_SHARE) == len(WILD_SHARE) == 4
    for by_class in WALL_SHARE:
        assert len(by_class) == 4
        for by_unseen in by_class:
            assert [len(row) for row in by_unseen] == [4, 3, 2, 1]  # copies in sight: 0 to 4 - u
            assert all(0.0 < x < 1.0 for row in by_unseen for x in row)
    assert [stage(r) for r in (83, 66, 65, 52, 51, 38, 37, 0)] == [0, 0, 1, 1, 2, 2, 3, 3]
    assert [face_class(f) for f in (0, 1, 2, 6, 7, 8, 9, 26, 27, 33)] == [0, 1, 2, 2, 1, 0, 0, 0, 3, 3]


def test_weighted_draws_keep_the_unseen_total_and_the_shown_counts() -> None:
    for _, view in _views(3, 11)[::7]:
        an = Analysis(view)
        plain = {t: an.after_discard(t) for t in set(view.hand)}
        assert all(sh.draws == sh.ukeire for sh in plain.values())  # unweighted: the same number
        shares = draw_shares(an)
        assert abs(sum(u * s for u, s in zip(an.unseen, shares, strict=True)) - an.unseen_total) < 1e-6
        an.weigh_draws(shares)
        assert abs(sum(an.draw_kind) - an.unseen_total) < 1e-6
        assert abs(sum(an.draw_face) + an.draw_wild - an.unseen_total) < 1e-6
        for t, sh in plain.items():
            weighed = an.after_discard(t)
            assert (weighed.shanten, weighed.improving, weighed.ukeire) == (sh.shanten, sh.improving, sh.ukeire)
            expected = sum(an.draw_face[f] for f in sh.improving) + (an.draw_wild if sh.improving else 0.0)
            assert abs(weighed.draws - expected) < 1e-9


def test_the_shares_match_where_the_tiles_really_are() -> None:
    # Fresh hands (another seed than the fit's): the copies the table rates likelier in the wall are.
    hi = [0, 0]  # (copies in the wall, unseen copies) of the kinds weighed 1.3 times the average or more
    lo = [0, 0]  # ... 0.9 times or less
    for r, view in _views(40, 7)[::3]:
        an = Analysis(view)
        shares = draw_shares(an)
        wall = r.wall[r.front:r.back]
        for k in range(NUM_KINDS):
            u = an.unseen[k]
            cell = hi if shares[k] >= 1.3 else lo if shares[k] <= 0.9 else None
            if u and cell is not None:
                cell[0] += wall.count(k)
                cell[1] += u
    assert hi[1] > 300 and lo[1] > 300
    assert hi[0] / hi[1] > 1.3 * lo[0] / lo[1]


class _WallOdds(ExpertBot):
    wall_odds = True


def test_expert_is_built_without_the_wall_odds() -> None:
    # Measured against three strongs it scored no more than counting every copy alike
    # (benchmarks/EXPERIMENTS.md), so it is off.
    view = SeatView.of(scenario({0: "1m2m3m 4m5m6m 7p8p9p 1s2s3s E 5p"}, dealer=0), 0)
    assert ExpertBot.wall_odds is False
    assert not ExpertBot(0).analysis(view).weighed
    assert _WallOdds(0).analysis(view).weighed


def test_with_the_wall_odds_the_expert_waits_on_the_tile_likelier_in_the_wall() -> None:
    # Ready on a lone East or a lone 5p, one of each thrown, two of each unseen, 45 tiles left: a fresh-looking
    # 5p is often held by a player building a run, an East nobody keeps alone. The plain count sees equal waits
    # (and the 5p can widen); weighed by the wall odds the East wait is drawn far more often.
    east, five = parse_tiles("E 5p")
    base = SeatView.of(scenario({0: "1m2m3m 4m5m6m 7p8p9p 1s2s3s E 5p"}, dealer=0), 0)
    view = base._replace(discards=((), ((east, None),), ((five, None),), ()), remaining=45)
    an = Analysis(view)
    assert an.after_discard(five).ukeire == an.after_discard(east).ukeire
    assert ExpertBot(0).decide(view).action.tile == east
    d = _WallOdds(0).decide(view)
    assert d.action.tile == five, d
    assert "听东" in d.reason_zh and "East" in d.reason_en
    assert "张还在牌墙里" in d.reason_zh and "likely still in the wall" in d.reason_en
    weighed = _WallOdds(0).analysis(view)
    assert weighed.after_discard(five).draws > 1.15 * weighed.after_discard(east).draws  # the 财神 count for both


def test_at_3lao_the_wall_odds_are_not_used() -> None:
    # With discard wins live a wait is also won on the others' discards, which come from their hands.
    (five,) = parse_tiles("5p")
    hand = {0: "1m2m3m 4m5m6m 7p8p9p 1s2s3s E 5p"}
    for streak, weighed in ((1, True), (2, True), (3, False)):
        view = SeatView.of(scenario(hand, dealer=0, streak=streak), 0)
        an = _WallOdds(0).analysis(view)
        assert an.weighed is weighed
        sh = an.after_discard(five)
        assert (sh.draws == sh.ukeire) is not weighed
