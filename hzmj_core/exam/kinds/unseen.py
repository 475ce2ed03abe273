"""听牌张数 (``unseen``): a ready hand and the tiles you can see on the table; how many tiles you have not seen
would complete it, 财神 included? One of four numbers.

The waits are :func:`hzmj_core.hand.waits`'; each wait counts its four copies less those in your hand and those
seen, and every unseen 财神 completes a ready hand too. Band 1: one wait. Band 2: two waits. Band 3: three or more.
Band 4: many seen copies of the waits, 财神 among the seen tiles.
"""

from __future__ import annotations

from ...rng import Rng
from ...tiles import NUM_KINDS, TILE_NAMES
from ..base import FIXED, Question, TilePool, notation, position, tile_word
from .waits import ready_hand

KIND = "unseen"


def make(rng: Rng, band: int) -> Question:
    """An unseen-count question of this band."""
    while True:
        hand, melds, ws = ready_hand(rng, 1 if band <= 2 else 2)
        n = len(ws)
        if (band == 1 and n == 1) or (band == 2 and n == 2) or (band >= 3 and n >= 3):
            break
    pool = TilePool()
    pool.take(hand + [t for m in melds for t in m])
    seen: list[int] = []
    for f in ws:
        for _ in range(rng.below(3 if band == 4 else 2)):
            if pool.take([f]):
                seen.append(f)
    seen += pool.random_tiles(rng, 8 + 4 * (band >= 3), naturals_only=band < 4)
    wild = FIXED.wild_kind
    counts = [0] * NUM_KINDS
    for t in hand + [t for m in melds for t in m] + seen:
        counts[t] += 1
    per = {f: 4 - counts[f] if f != wild else 0 for f in ws}
    wilds = 4 - counts[wild]
    total = sum(per.values()) + wilds
    options = {total}
    for d in (-wilds, -2, -1, 1, 2, 3, 4):
        if total + d > 0 and len(options) < 4:
            options.add(total + d)
    nums = sorted(options)
    pos = position(hand, melds, seen=notation(seen, FIXED))
    each_zh = "，".join(f"{tile_word(f, 'zh')} {per[f]} 张" for f in ws)
    each_en = ", ".join(f"{per[f]} of the {tile_word(f, 'en')}" for f in ws)
    return Question(
        KIND, band, pos,
        "这手牌已经听牌。算上你看得见的牌（手牌、副露和桌上已出现的牌），还有多少张没见过的牌能让你胡（财神也算）？",
        "This hand is ready. Counting what you can see (your hand, your melds and the tiles already on the table), "
        "how many tiles you have not seen would complete it (财神 included)?",
        "choice", total,
        f"共 {total} 张：{each_zh}；没见过的财神 {wilds} 张（财神摸到也能胡）。",
        f"{total} in all: {each_en}, plus {wilds} unseen 财神, since a drawn 财神 completes a ready hand too.",
        choices=[{"value": k, "zh": f"{k} 张", "en": str(k)} for k in nums],
        shown=[pos["hand"], " ".join(TILE_NAMES[f] for f in ws)])
