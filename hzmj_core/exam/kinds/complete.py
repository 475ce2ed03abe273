"""是否胡牌 (``complete``): is this 14-tile hand complete? Answer ``true`` or ``false``.

Band 1: no 财神, no melds. Band 2: melds or one 财神. Band 3: seven pairs and one or two 财神. Band 4: two 财神 and
near misses of seven pairs or of 暴头 shapes. About half the hands are complete; the others are a complete hand
with one tile changed.
"""

from __future__ import annotations

from ...hand import shanten, win_forms
from ...rng import Rng
from ...tiles import NUM_KINDS
from ...winsplit import split_win
from ..base import (
    FIXED,
    Question,
    TilePool,
    bool_choices,
    group_words,
    position,
    seven_pairs,
    standard_win,
    tiles_words,
)

KIND = "complete"


def _hand(rng: Rng, band: int) -> tuple[list[int], list[list[int]]] | None:
    pool = TilePool()
    melds = 0 if band in (1, 3) else rng.below(3) if band == 2 else rng.below(2)
    wilds = {1: 0, 2: rng.below(2), 3: 1 + rng.below(2), 4: 2}[band]
    if band >= 3 and rng.random() < 0.5:
        tiles = seven_pairs(rng, pool, wilds=wilds, quads=rng.below(2))
        return (tiles, []) if tiles else None
    return standard_win(rng, pool, melds=melds, wilds=wilds)


def make(rng: Rng, band: int) -> Question:
    """A complete-or-not question of this band."""
    while True:
        got = _hand(rng, band)
        if got is None:
            continue
        hand, melds = got
        if rng.random() < 0.5:
            # change one natural tile to a near face, so the hand looks complete at a glance
            naturals = [i for i, t in enumerate(hand) if not FIXED.is_wild(t)]
            i = rng.choice(naturals)
            old = hand[i]
            step = rng.choice([-2, -1, 1, 2]) if old < 27 else rng.choice([1, 2, 3])
            new = old + step if old < 27 and (old % 9) + step in range(9) else (old - 27 + step) % 6 + 27
            if hand.count(new) >= 4 or (any(new in m for m in melds) and sum(m.count(new) for m in melds) + \
                    hand.count(new) >= 4) or new == old:
                continue
            hand[i] = new
        counts, w = FIXED.split(hand)
        forms = win_forms(counts, w, len(melds))
        if band == 1 and not forms and shanten(counts, w, len(melds)) > 0 and rng.random() < 0.5:
            continue
        break
    complete = bool(forms)
    pos = position(hand, melds)
    zh_q = "这手牌（14 张，副露算在内）是不是已经胡了（凑成了胡牌）？"
    en_q = "Is this 14-tile hand (melds included) complete, a winning hand?"
    if complete:
        form = "seven_pairs" if "seven_pairs" in forms else "standard"
        split = split_win(hand, FIXED, form)
        groups = [] if split is None else split.groups
        parts_zh = [group_words(g, "zh") for g in groups]
        parts_en = [group_words(g, "en") for g in groups]
        name_zh = "七对子" if form == "seven_pairs" else "四副牌加一对将"
        name_en = "seven pairs" if form == "seven_pairs" else "four sets and a pair"
        ex_zh = f"是，胡了：{name_zh}——" + "｜".join(parts_zh) + "。"
        ex_en = f"Yes, complete: {name_en}, " + "; ".join(parts_en) + "."
    else:
        counts13 = list(counts)
        after: dict[int, int] = {}
        for f in range(NUM_KINDS):
            if counts13[f]:
                counts13[f] -= 1
                after[f] = shanten(counts13, w, len(melds))
                counts13[f] += 1
        best = min(after.values())
        ready = [f for f, s in after.items() if s == 0]
        ex_zh = ("否，还没有胡：分不成四副牌加一对将，也不是七对子"
                 + (f"（打掉{tiles_words(ready, 'zh').replace('、', '或')}就听牌）" if best == 0
                    else f"（离听牌还差 {best} 张）") + "。")
        ex_en = ("No, not complete: it splits neither into four sets and a pair nor into seven pairs"
                 + (f" (discarding {tiles_words(ready, 'en').replace(', ', ' or ')} makes it ready)" if best == 0
                    else f" ({best} tiles from ready)") + ".")
    return Question(KIND, band, pos, zh_q, en_q, "choice", complete, ex_zh, ex_en, choices=bool_choices(),
                    shown=[pos["hand"]])
