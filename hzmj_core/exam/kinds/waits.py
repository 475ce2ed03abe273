"""听什么 (``waits``): which faces complete this hand? Answer a list of faces (notation).

The hand is a complete hand with one tile taken out, so it is always ready. Band 1: no 财神, one or two waits.
Band 2: no 财神, three or more waits, or melds. Band 3: one 财神 (not 暴头 state). Band 4: seven pairs with a
财神, or a 财神 and four or more waits.
"""

from __future__ import annotations

from ...hand import baotou_state, qike_state, waits, win_forms
from ...rng import Rng
from ...tiles import TILE_NAMES
from ..base import FIXED, Question, TilePool, position, seven_pairs, standard_win, tiles_words

KIND = "waits"


def _band(n_waits: int, w: int, melds: int, seven: bool) -> int:
    if w == 0:
        return 1 if n_waits <= 2 and melds == 0 and not seven else 2
    if seven or n_waits >= 4:
        return 4
    return 3


def ready_hand(rng: Rng, band: int) -> tuple[list[int], list[list[int]], list[int]]:
    """A ready 3n+1 hand of this band (concealed, melds) and its waits."""
    while True:
        pool = TilePool()
        wilds = 0 if band <= 2 else 1 + (rng.random() < 0.25 and band == 4)
        got: tuple[list[int], list[list[int]]] | None
        if band == 4 and rng.random() < 0.4:
            tiles = seven_pairs(rng, pool, wilds=wilds)
            got = None if tiles is None else (tiles, [])
        else:
            got = standard_win(rng, pool, melds=rng.below(3) if band == 2 else 0, wilds=wilds,
                               chow_share=0.8 if band >= 2 else 0.6)
        if got is None:
            continue
        hand, melds = got
        hand.pop(rng.below(len(hand)))
        counts, w = FIXED.split(hand)
        if baotou_state(counts, w) or qike_state(counts, w, len(melds)):
            continue
        ws = waits(counts, w, len(melds))
        seven = any("seven_pairs" in win_forms([c + (i == f) for i, c in enumerate(counts)], w, len(melds))
                    for f in ws)
        if ws and _band(len(ws), w, len(melds), seven) == band:
            return hand, melds, ws


def make(rng: Rng, band: int) -> Question:
    """A waits question of this band."""
    hand, melds, ws = ready_hand(rng, band)
    pos = position(hand, melds)
    names = [TILE_NAMES[f] for f in ws]
    return Question(
        KIND, band, pos,
        "这手牌听什么？选出摸到就能胡的所有牌（财神本身不用选）。",
        "Which faces complete this hand? Pick every tile that wins when drawn (not the 财神 itself).",
        "faces", names,
        f"听 {len(ws)} 种牌：{tiles_words(ws, 'zh')}。摸到其中任何一张都能凑成胡牌。",
        f"Ready on {len(ws)} face{'s' if len(ws) > 1 else ''}: {tiles_words(ws, 'en')}. "
        "Drawing any of them completes the hand.",
        shown=[pos["hand"], " ".join(names)])
