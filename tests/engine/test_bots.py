"""Bots (beginner, advanced, strong): legality, reasons, determinism, own-view-only decisions, key judgements."""

from __future__ import annotations

import json
import re

import pytest
from helpers import discard_any, pass_claims, scenario

from hzmj_core.actions import ActionType
from hzmj_core.analysis import Analysis
from hzmj_core.bots import BOTS, make_bot
from hzmj_core.bots.strong import StrongBot
from hzmj_core.rng import Rng, derive_seed
from hzmj_core.round import Phase, Round
from hzmj_core.tiles import TILE_NAMES, Meld, MeldKind, parse_tiles
from hzmj_core.view import SeatView

LEVELS = ["beginner", "advanced", "strong", "expert"]


def _play(kinds: list[str], seed: int, streak: int = 1) -> Round:
    r = Round.deal(dealer=seed % 4, streak=streak, seed=seed)
    bots = [make_bot(kinds[s], derive_seed(seed, s)) for s in range(4)]
    while not r.is_over:
        seat = r.deciding_seats()[0]
        view = SeatView.of(r, seat)
        d = bots[seat].decide(view)
        assert d.action in view.legal, (seat, d.action)
        assert d.reason_zh and d.reason_en
        r.apply(d.action)
    return r


# Engine notation a player must never read in a reason: a suited tile (5m), an honour letter (W) or a seat
# number (S2) standing alone, or the Japanese term for "tiles from ready".
_NOTATION = re.compile(r"(?<![A-Za-z0-9])(?:[1-9][mps]|[ESWNCFP][0-3]?)(?![A-Za-z0-9])|shanten")


@pytest.mark.parametrize("level", ["standard", "beginner", "advanced", "strong", "expert"])
def test_reasons_name_tiles_and_seats_in_words(level: str) -> None:
    # Reasons are shown to players (the hint's suggestion, the 复盘): tiles and seats by name, in both languages.
    seen = 0
    for seed in range(4):
        r = Round.deal(dealer=seed % 4, streak=1 + seed % 3, seed=seed)
        bots = [make_bot(level, derive_seed(seed, s)) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            d = bots[seat].decide(SeatView.of(r, seat))
            for text in (d.reason_zh, d.reason_en):
                assert not _NOTATION.search(text), (level, text)
            seen += 1
            r.apply(d.action)
    assert seen > 100


@pytest.mark.parametrize("level", LEVELS)
def test_registered_and_legal_with_reasons(level: str) -> None:
    assert {"random", "standard", "beginner", "advanced", "strong", "expert"} <= set(BOTS)
    for seed in range(3):
        r = _play([level] * 4, seed, streak=1 + seed)
        assert r.result is not None


@pytest.mark.parametrize("level", LEVELS)
def test_deterministic(level: str) -> None:
    a = _play([level, "advanced", level, "beginner"], 11, streak=3)
    b = _play([level, "advanced", level, "beginner"], 11, streak=3)
    assert [str(x) for x in a.actions] == [str(x) for x in b.actions]


def _permute_hidden(r: Round, seat: int, seed: int) -> Round:
    """A copy of ``r`` in which the tiles ``seat`` cannot see (others' hands, the wall) are reshuffled."""
    r2 = Round.from_json(r.to_json())
    others = [s for s in range(4) if s != seat]
    pool = [t for s in others for t in r2.hands[s]] + r2.wall[r2.front:r2.back]
    Rng(seed).shuffle(pool)
    i = 0
    for s in others:
        n = len(r2.hands[s])
        r2.hands[s] = sorted(pool[i:i + n])
        i += n
    r2.wall[r2.front:r2.back] = pool[i:]
    return r2


@pytest.mark.parametrize("level", LEVELS)
def test_decision_depends_on_own_view_only(level: str) -> None:
    checked = 0
    for seed in range(3):
        r = Round.deal(dealer=seed, streak=3, seed=100 + seed)
        players = [make_bot("advanced", s) for s in range(4)]
        while not r.is_over:
            seat = r.deciding_seats()[0]
            view = SeatView.of(r, seat)
            if len(r.actions) % 5 == 0:
                r2 = _permute_hidden(r, seat, seed + len(r.actions))
                view2 = SeatView.of(r2, seat)
                assert view2 == view
                bot_a, bot_b = make_bot(level, 5), make_bot(level, 5)
                assert bot_a.decide(view) == bot_b.decide(view2)
                checked += 1
            r.apply(players[seat].choose(view))
    assert checked > 10


def test_keeps_wildcard() -> None:
    for seed in range(40):
        r = Round.deal(dealer=0, seed=seed)
        if r.wildcards.wild_kind not in r.hands[0]:
            continue
        view = SeatView.of(r, 0)
        for level in LEVELS:
            d = make_bot(level, seed).decide(view)
            if d.action.type is ActionType.DISCARD:
                assert not r.wildcards.is_wild(d.action.tile), (level, seed)


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


def test_strong_goes_for_caipiao_when_the_wall_is_long() -> None:
    r = _s1_drew_wildcard()
    view = SeatView.of(r, 1)
    assert any(a.type is ActionType.WIN for a in view.legal)
    d = StrongBot(0).decide(view)
    assert d.action.type is ActionType.DISCARD and TILE_NAMES[d.action.tile] == "P"
    assert "飘" in d.reason_zh
    assert make_bot("advanced", 0).decide(view).action.type is ActionType.WIN


@pytest.mark.parametrize("remaining", [21, 23])
def test_strong_wins_now_when_the_wall_is_short(remaining: int) -> None:
    view = SeatView.of(_s1_drew_wildcard(remaining), 1)
    assert StrongBot(0).decide(view).action.type is ActionType.WIN


def test_strong_wins_now_when_another_player_just_piaoed() -> None:
    r = _s1_drew_wildcard()
    view = SeatView.of(r, 1)
    discards = list(view.discards)
    discards[3] = ((parse_tiles("P")[0], None),)
    assert StrongBot(0).decide(view._replace(discards=tuple(discards))).action.type is ActionType.WIN


def test_strong_kongs_for_gangbao() -> None:
    r = scenario({1: "P* 7p7p7p 1m2m3m 4m5m6m 2p3p4p"}, draws="7p")
    discard_any(r, 0)
    pass_claims(r)
    view = SeatView.of(r, 1)
    d = StrongBot(0).decide(view)
    assert d.action.type is ActionType.CONCEALED_KONG, d


def test_strong_does_not_make_a_third_tan() -> None:
    # L = 3, S1 has chowed the dealer S0 twice: a third chow makes S1 liable for 2T of S0's wins (倒承包).
    hand = "4m5m 1p3p 7p9p 2s4s 6s8s E S W"
    r = scenario({0: "3m 1m 9m N N C C F F 1s 9s 9p 5p 6p", 1: hand}, dealer=0, streak=3)
    r.tan[1][0] = 2
    r.apply(next(a for a in r.legal_actions(0) if a.type is ActionType.DISCARD and TILE_NAMES[a.tile] == "3m"))
    assert r.phase is Phase.CLAIM
    view = SeatView.of(r, 1)
    assert any(a.type is ActionType.CHOW for a in view.legal)
    assert make_bot("advanced", 0).decide(view).action.type is ActionType.CHOW
    d = StrongBot(0).decide(view)
    assert d.action.type is ActionType.PASS
    assert "承包" in d.reason_zh


def test_strong_does_not_discard_into_a_live_dealer_win() -> None:
    # L = 3: the dealer S0 shows three pongs (likely ready) and may win on S1's discard; S1 is far from ready.
    hand = "1m2m 4p5p 7s8s 3m4m 6p 2s C C W"
    r = scenario({1: hand}, draws="N", dealer=0, streak=3)
    discard_any(r, 0)
    pass_claims(r)
    view = SeatView.of(r, 1)
    melds = list(view.melds)
    melds[0] = tuple(Meld(MeldKind.PONG, (f, f, f), (f, f, f), f, 2) for f in parse_tiles("9m 9p E"))
    discards = list(view.discards)
    discards[0] = tuple((t, None) for t in parse_tiles("1m 2m 9s"))
    threat = view._replace(melds=tuple(melds), discards=tuple(discards))
    efficient = make_bot("advanced", 0).decide(threat).action.tile
    bot = StrongBot(0)
    d = bot.decide(threat)
    an = Analysis(threat)
    assert d.action.type is ActionType.DISCARD and d.action.tile != efficient
    assert bot.danger(an, d.action.tile) < bot.danger(an, efficient)
    assert TILE_NAMES[d.action.tile] in ("1m", "2m")  # the dealer's own discards: safest
    assert "防守" in d.reason_zh
    # With discard wins not live (L = 1) the same table is played for efficiency only.
    calm = threat._replace(streak=1)
    assert bot.decide(calm).action.tile == make_bot("advanced", 0).decide(calm).action.tile


def test_level_names_mean_the_same_weakest_first_in_both_languages() -> None:
    from hzmj_core import webapi
    from hzmj_core.bots import LEVEL_NAMES
    # one ladder, weakest first, each rung the same word in Chinese and English
    ladder = [("随机", "Random"), ("入门", "Beginner"), ("普通", "Standard"), ("进阶", "Advanced"), ("高手", "Strong"),
              ("大师", "Expert")]
    assert [LEVEL_NAMES[k] for k in BOTS] == ladder
    listed = json.loads(webapi.call("bot_level_names", "{}"))
    assert [(lv["zh"], lv["en"]) for lv in listed] == ladder
    assert [lv["id"] for lv in listed] == list(BOTS)
