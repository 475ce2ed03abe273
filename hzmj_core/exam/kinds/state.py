"""暴头/七客状态 (``state``): before the draw, is this 13-tile hand in 暴头 state, 七客 state, both or neither?

暴头 state: a 财神 and, without it, only complete sets (rules.md §6.3); 七客 state: no melds and more 财神 than faces
held an odd number of times. Either way any draw wins. Bands 1 and 2: one 财神, runs few (1) or many (2). Band 3: 七客
shapes. Band 4: two 财神, or both states at once.
"""

from __future__ import annotations

from typing import Any

from ...hand import baotou_state, qike_state
from ...rng import Rng
from ..base import FIXED, Question, TilePool, position, seven_pairs, standard_win, tile_word

KIND = "state"

CHOICES: list[dict[str, Any]] = [
    {"value": "baotou", "zh": "暴头状态", "en": "暴头 state"},
    {"value": "qike", "zh": "七客状态", "en": "七客 state"},
    {"value": "both", "zh": "两种都是", "en": "both"},
    {"value": "neither", "zh": "都不是", "en": "neither"},
]


def _candidate(rng: Rng, band: int) -> list[int] | None:
    pool = TilePool()
    if band == 3 or (band == 4 and rng.random() < 0.5):
        tiles = seven_pairs(rng, pool, wilds=1 + (band == 4), quads=rng.below(2))
    elif rng.random() < 0.5:
        sets = [pool.random_set(rng, 0.3 if band == 1 else 0.9) for _ in range(4)]
        if any(x is None for x in sets) or not pool.take([FIXED.wild_kind]):
            return None
        tiles = [t for x in sets if x is not None for t in x] + [FIXED.wild_kind]
        if band == 4 and pool.take([FIXED.wild_kind]):
            tiles[rng.below(12)] = FIXED.wild_kind
        return tiles
    else:
        got = standard_win(rng, pool, wilds=1 + (band == 4 and rng.random() < 0.5),
                           chow_share=0.3 if band == 1 else 0.9)
        tiles = None if got is None else got[0]
    if tiles is None:
        return None
    wild = FIXED.wild_kind
    # take out one tile: a natural one of the pair keeps 暴头 state; another makes a near miss
    naturals = [i for i, t in enumerate(tiles) if t != wild]
    if wild not in tiles:
        return None
    odd = [i for i in naturals if tiles.count(tiles[i]) % 2]
    tiles.pop(rng.choice(odd if odd and rng.random() < 0.7 else naturals))
    return tiles


def _band(state: str, w: int) -> int:
    if w >= 2 or state == "both":
        return 4
    if state == "qike":
        return 3
    return 2


def make(rng: Rng, band: int) -> Question:
    """A 暴头/七客 state question of this band."""
    while True:
        hand = _candidate(rng, band)
        if hand is None:
            continue
        counts, w = FIXED.split(hand)
        bt, qk = baotou_state(counts, w), qike_state(counts, w, 0)
        state = "both" if bt and qk else "baotou" if bt else "qike" if qk else "neither"
        got_band = _band(state, w)
        if got_band == band or (band == 1 and got_band == 2) or (band == 3 and state == "neither"
                                                                 and rng.random() < 0.3):
            break
    odd = [f for f in range(34) if counts[f] % 2]
    pos = position(hand)
    rest_zh = "剩下的牌正好组成四副" if bt else "剩下的牌组不成四副"
    why_zh = [f"拿掉一张财神后{rest_zh}，所以{'是' if bt else '不是'}暴头状态"]
    why_en = [f"without one 财神 the rest {'is' if bt else 'is not'} four complete sets, so it "
              f"{'is' if bt else 'is not'} in 暴头 state"]
    odd_zh = "、".join(tile_word(f, "zh") for f in odd) or "没有"
    odd_en = ", ".join(tile_word(f, "en") for f in odd) or "none"
    why_zh.append(f"单张（出现奇数次）的牌：{odd_zh}，共 {len(odd)} 种；财神 {w} 张，"
                  f"{'多于' if qk else '不多于'}单张种数，所以{'是' if qk else '不是'}七客状态")
    why_en.append(f"{len(odd)} {'face is' if len(odd) == 1 else 'faces are'} held an odd number of times ({odd_en}) "
                  f"and {w} 财神 {'is' if w == 1 else 'are'} {'more' if qk else 'no more'} than that, so it "
                  f"{'is' if qk else 'is not'} in 七客 state")
    verdict = {c["value"]: c for c in CHOICES}[state]
    return Question(
        KIND, band, pos,
        "摸牌之前，这手 13 张牌处于哪种状态？",
        "Before the draw, which state is this 13-tile hand in?",
        "choice", state,
        f"{verdict['zh']}。" + "；".join(why_zh) + "。" + ("处于暴头或七客状态时摸什么都胡，但不能胡别人打的牌。"
                                                         if bt or qk else ""),
        f"{verdict['en'].capitalize()}: " + "; ".join(why_en) + "." + (
            " In 暴头 or 七客 state any draw wins, but no discard may be won on." if bt or qk else ""),
        choices=CHOICES, shown=[pos["hand"]])
