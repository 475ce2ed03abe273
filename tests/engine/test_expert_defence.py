"""The expert's (大师) defence at 3老: the liability of feeding a third 摊 (承包), and the 财神 as the safe tile."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from hzmj_core.analysis import Analysis
from hzmj_core.bots.expert import ExpertBot
from hzmj_core.bots.expert_params import ExpertParams
from hzmj_core.bots.strong import StrongBot
from hzmj_core.options import Options
from hzmj_core.rng import Rng
from hzmj_core.round import Phase, Round, full_tile_set
from hzmj_core.tiles import TILE_NAMES, Meld, MeldKind, parse_tiles
from hzmj_core.view import SeatView

OFF = ExpertParams(liability=False, wild_defence=False)
"""The expert without either judgement (as it played before them)."""
EAGER = ExpertParams(feed_claim=1.0, feed_win_per_draw=0.1)
"""The expert facing seats that make every third 摊 they can and soon win after it (the shipped expert weighs the
claims and wins that bots were measured to make, a fraction of these)."""


def _meld(kind: MeldKind, text: str, src: int) -> Meld:
    tiles = tuple(parse_tiles(text))
    return Meld(kind, tiles, tiles, tiles[0], src)


def _position(hands: Sequence[str], melds: Sequence[Sequence[Meld]], rivers: Sequence[str],
              tan: Sequence[Sequence[int]], seat: int, remaining: int = 40) -> Round:
    """A 3老 hand (dealer S0) in the middle of play, ``seat`` to discard after drawing its last tile: the tiles
    nobody holds, shows or discarded make the wall (``remaining`` of them, shuffled) and the dead wall."""
    pool = full_tile_set(Options())
    kinds = [parse_tiles(h) for h in hands]
    used = [t for h in kinds for t in h] + [t for ms in melds for m in ms for t in m.tiles]
    used += [t for river in rivers for t in parse_tiles(river)]
    for t in used:
        pool.remove(t)
    Rng(7).shuffle(pool)
    return Round.from_position(
        dealer=0, streak=3, wall=pool[:remaining], burned=pool[remaining:], hands=kinds, melds=melds,
        discards=[[(t, None) for t in parse_tiles(river)] for river in rivers], tan=tan, phase=Phase.ACT,
        current=seat, drawn=kinds[seat][-1], dealer_first=False, has_discarded=(True,) * 4)


def _feed_view() -> SeatView:
    """S3 (a non-dealer), one from ready after 4p or 1m; the dealer S0, who plays after S3, has chowed from S3
    twice (123p, 567s) and discarded 4p itself, so 4p is nearly safe from a deal-in but S0 may chow it: a third
    摊 that makes S3 pay the dealer's whole win (承包)."""
    r = _position(
        ["3s 4s 5s 9m 9m E E", "1m 1m 2m 3m 4m 6m 7m 8m 2s 3s 4s 6s 7s", "1p 2p 3p 5p 6p 7p 2p 3p 4p 8s 8s 8s N",
         "4m 5m 6m 7p 8p 9p 2s 3s 5m 6m C C 4p 1m"],
        [[_meld(MeldKind.CHOW, "1p 2p 3p", 3), _meld(MeldKind.CHOW, "5s 6s 7s", 3)], [], [], []],
        ["4p C 9s 1p 2m 8m", "S W N F 1s 9s", "S W C F 9p 1m", "S W N 9p 1s 2m"],
        [[0, 0, 0, 2], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], seat=3)
    return SeatView.of(r, 3)


def test_expert_does_not_feed_an_eager_dealer_a_third_tan() -> None:
    view = _feed_view()
    an = Analysis(view)
    four_dots, one_char = parse_tiles("4p 1m")
    assert an.shanten_after(four_dots) == an.shanten_after(one_char) == 1
    bot = ExpertBot(0, EAGER)
    assert bot.danger(an, four_dots) < bot.danger(an, one_char)  # the dealer's own discard, safe from a deal-in
    assert bot.claim_chance(an, 0, four_dots) > 0.0 and bot.feed_costs(an, four_dots).keys() == {0}
    assert bot.feed_costs(an, one_char)[0] < bot.feed_costs(an, four_dots)[0]
    # without the liability the expert throws the 4p into the dealer's chow; strong keeps it too
    assert TILE_NAMES[ExpertBot(0, OFF).decide(view).action.tile] == "4p"
    assert TILE_NAMES[StrongBot(0).decide(view).action.tile] != "4p"
    d = bot.decide(view)
    assert TILE_NAMES[d.action.tile] not in ("4p", "P"), d
    assert "承包" in d.reason_zh and "四筒" in d.reason_zh
    assert "two claims already by Right on you" in d.reason_en and "4 of Dots" in d.reason_en, d.reason_en


def test_the_liability_counts_only_uncapped_claimants_with_two_tan() -> None:
    view = _feed_view()
    an = Analysis(view)
    four_dots = parse_tiles("4p")[0]
    bot = ExpertBot(0, EAGER)
    one_tan = view._replace(tan=((0, 0, 0, 1), (0, 0, 0, 0), (0, 0, 0, 0), (0, 0, 0, 0)))
    assert bot.feed_costs(Analysis(one_tan), four_dots) == {}
    assert bot.feed_costs(Analysis(view._replace(streak=2)), four_dots) == {}  # capped at 2 away from 3老
    assert ExpertBot(0, ExpertParams(feed_claim=1.0, feed_win_per_draw=0.2)).feed_penalty(
        an, four_dots) > bot.feed_penalty(an, four_dots)


def test_the_liability_weighs_the_share_of_third_claims_a_seat_makes() -> None:
    view = _feed_view()
    an = Analysis(view)
    four_dots = parse_tiles("4p")[0]
    eager = ExpertBot(0, EAGER).feed_costs(an, four_dots)[0]
    quarter = ExpertBot(0, ExpertParams(feed_claim=0.25, feed_win_per_draw=0.1)).feed_costs(an, four_dots)[0]
    assert quarter == pytest.approx(0.25 * eager)
    # the shipped chance of a win after the claim (fitted to play) is lower still: here our own chance to win,
    # with 倒承包 paying us double, outweighs it, and the 4p costs nothing
    assert ExpertBot(0).feed_costs(an, four_dots) == {}


def _wild_view() -> SeatView:
    """S1 (a non-dealer) one from ready with a 财神; the dealer S0 shows three pongs after eight discards, and
    every natural tile of S1 is a live middle tile that the dealer has not discarded."""
    r = _position(
        ["1s 1s 7m", "3m 4m 6m 7m 4p 5p 3s 4s 6s 7s 2p 2p P 5m", "1p 2p 3p 5p 6p 7p 2p 3p 4p 8s 8s 8s N",
         "1m 1m 2m 3m 4m 6m 2s 3s 4s 6s 7s 9s 9s"],
        [[_meld(MeldKind.PONG, "9m 9m 9m", 2), _meld(MeldKind.PONG, "9p 9p 9p", 3),
          _meld(MeldKind.PONG, "E E E", 1)], [], [], []],
        ["1m 2m 9s 1p C N F S", "S W N F 1s 9s", "S W C F 9p 1m", "S W N 1p 1s 2m"],
        [[0, 1, 1, 1], [0, 0, 0, 0], [0, 0, 0, 0], [0, 0, 0, 0]], seat=1)
    return SeatView.of(r, 1)


def test_expert_throws_the_wildcard_when_it_is_the_only_safe_tile() -> None:
    view = _wild_view()
    an = Analysis(view)
    assert an.current_shanten() == 1
    bot = ExpertBot(0)
    naturals = [t for t in set(view.hand) if not an.wc.is_wild(t)]
    assert min(bot.danger(an, t) for t in naturals) > 1.0
    # before: the 财神 was only ever thrown to fold a far hand
    assert not an.wc.is_wild(ExpertBot(0, OFF).decide(view).action.tile)
    assert not an.wc.is_wild(StrongBot(0).decide(view).action.tile)
    d = bot.decide(view)
    assert an.wc.is_wild(d.action.tile), d
    assert "财神不能被胡" in d.reason_zh and "every other tile can deal in" in d.reason_en, d.reason_en
    # away from 3老 nobody can win on a discard, and the 财神 stays
    calm = bot.decide(view._replace(streak=1))
    assert not an.wc.is_wild(calm.action.tile)


@pytest.mark.parametrize("remaining", [40, 28])
def test_expert_keeps_the_wildcard_when_a_safe_natural_tile_exists(remaining: int) -> None:
    # the same hand where the dealer has discarded 3s itself: 3s is nearly safe and keeps the hand, the 财神 stays
    view = _wild_view()
    rivers = list(view.discards)
    rivers[0] = rivers[0] + ((parse_tiles("3s")[0], None),)
    safe = view._replace(discards=tuple(rivers), remaining=remaining)
    d = ExpertBot(0).decide(safe)
    assert TILE_NAMES[d.action.tile] == "3s", d
