"""吃后限打 (``chow_discard``): after this chow, which faces may not be discarded this turn? Answer a list of faces.

The answer is the round's own ban (:func:`hzmj_core.round.chow_ban`, rules.md §5.7): the claimed face, and the face
at the other end of the run when the claimed tile is at one end (hold 5 6, chow 4: not 4 or 7; hold 4 6, chow 5:
only 5; hold 1 2, chow 3: only 3). Band 1: a chow in the middle. Band 2: a chow at one end with both faces banned.
Band 3: a chow at an edge of the suit (one face banned). Band 4: hands holding several tiles of the banned faces.
"""

from __future__ import annotations

from ...rng import Rng
from ...round import chow_ban
from ...tiles import TILE_NAMES
from ..base import FIXED, Question, TilePool, position, tile_word, tiles_words

KIND = "chow_discard"


def make(rng: Rng, band: int) -> Question:
    """A chow-ban question of this band."""
    while True:
        s = rng.below(3)
        r = rng.below(7)
        run = [9 * s + r, 9 * s + r + 1, 9 * s + r + 2]
        at = 1 if band == 1 else rng.choice([0, 2])
        claimed = run[at]
        held = [t for i, t in enumerate(run) if i != at]
        ban = chow_ban(claimed, held, FIXED)
        edge = len(ban) == 1
        if band == 1 or (band in (2, 4) and not edge) or (band == 3 and edge):
            break
    pool = TilePool()
    pool.take([*held, claimed])
    rest = pool.random_tiles(rng, 11)
    if band == 4:
        for f in ban:
            if pool.take([f]):
                rest[rng.below(len(rest))] = f
    hand = held + rest
    ban_l = sorted(ban)
    pos = position(hand, [], claimed=TILE_NAMES[claimed], chow_with=[TILE_NAMES[t] for t in held])
    where_zh = "中间" if at == 1 else "一头"
    where_en = "the middle" if at == 1 else "one end"
    return Question(
        KIND, band, pos,
        f"你用{tiles_words(held, 'zh')}吃了上家的{tile_word(claimed, 'zh')}。这一轮哪些牌不能打？",
        f"You chow Left's {tile_word(claimed, 'en')} with {tiles_words(held, 'en')}. Which faces may you not "
        "discard this turn?",
        "faces", [TILE_NAMES[f] for f in ban_l],
        f"不能打{tiles_words(ban_l, 'zh')}：吃进的牌在顺子{where_zh}，"
        + ("只禁吃进的那张。" if len(ban_l) == 1 else "吃进的那张和顺子另一头外侧的那张都不能打。") + "财神不受限制。",
        f"Not {tiles_words(ban_l, 'en')}: the claimed tile sits at {where_en} of the run, so "
        + ("only the claimed face is banned." if len(ban_l) == 1 else
           "the claimed face and the face beyond the other end are banned.") + " A 财神 is never banned.",
        shown=[pos["hand"], " ".join(TILE_NAMES[f] for f in ban_l)])
