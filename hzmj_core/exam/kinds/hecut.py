"""何切 (``hecut``): which tile would you discard? Answer one tile; it counts as right when the expert's expected
value for it is within the tolerance of the best (:data:`TOLERANCE`).

The position is the dealer's first turn of a fresh deal with these fourteen tiles (nothing seen but your own
hand). Each natural discard is valued by the expert's draw-ahead (:func:`hzmj_core.bots.draw_ahead.value_after_draw`:
the kept hand's expected points over the next draw, each draw answered with the best discard by the expert's
static value), so every discard is on one scale, expected points. The band comes from the position itself: of the
discards that keep the hand as near ready as it can be, how many are within the tolerance. Band 1: all of them (only
a discard that breaks the hand is wrong). Band 2: half or more. Band 3: fewer than half, among two to four. Band 4:
fewer than half among five or more, or the best discard is not one that keeps the hand nearest ready.
"""

from __future__ import annotations

from typing import Any

from ...bots.draw_ahead import value_after_draw
from ...bots.expert import ExpertBot
from ...fan import WinEvaluation
from ...hand import is_win, shanten
from ...options import Options
from ...rng import Rng, derive_seed
from ...round import Round
from ...scenario import build_wall
from ...tiles import TILE_NAMES
from ...view import SeatView
from ..base import FIXED, Question, TilePool, position, standard_win, tile_word

KIND = "hecut"
TOLERANCE = (0.03, 0.02)
"""A discard is right when its value is at least best − max(3% of the best, 0.02 points)."""


def _hand(rng: Rng) -> list[int] | None:
    pool = TilePool()
    got = standard_win(rng, pool, wilds=1 if rng.random() < 0.3 else 0, chow_share=0.75)
    if got is None:
        return None
    hand = got[0]
    for _ in range(1 + rng.below(3)):
        i = rng.below(len(hand))
        if FIXED.is_wild(hand[i]):
            continue
        new = pool.random_tiles(rng, 1)[0]
        pool.left[hand[i]] += 1
        hand[i] = new
    return hand


def view_of(hand: list[int]) -> SeatView:
    """The dealer's view of a fresh deal holding these fourteen tiles (seat 0, streak 1)."""
    wall = build_wall(Options(), dealer=0, hands={0: hand}, seed=derive_seed(len(hand), *hand))
    return SeatView.of(Round.deal(Options(), dealer=0, streak=1, wall=wall), 0)


def values(view: SeatView) -> dict[int, float]:
    """Expected points of each natural discard over the next draw, by the expert's evaluation."""
    bot = ExpertBot()
    an = bot.analysis(view)

    def leaf(c: list[int], w: int) -> float:
        return bot.shape_value(an, an.shape(c, w, 0))

    out: dict[int, float] = {}
    for t in sorted(set(view.hand)):
        if FIXED.is_wild(t):
            continue
        kept = list(view.hand)
        kept.remove(t)

        def win_value(ev: WinEvaluation, kept: list[int] = kept) -> float:
            return bot.drawn_win_value(an, kept, ev)

        out[t] = value_after_draw(kept, 0, an.draw_kind, FIXED, leaf, win_value) - bot.feed_penalty(an, t)
    return out


def accepted(vals: dict[int, float]) -> list[int]:
    """The discards within the tolerance of the best."""
    best = max(vals.values())
    bar = best - max(TOLERANCE[0] * abs(best), TOLERANCE[1])
    return sorted(t for t, v in vals.items() if v >= bar)


def band_of(hand: list[int], vals: dict[int, float]) -> int:
    """The difficulty band of a 何切 position (see the module's docstring)."""
    counts, w = FIXED.split(hand)
    sh: dict[int, int] = {}
    for t in vals:
        counts[t] -= 1
        sh[t] = shanten(counts, w, 0)
        counts[t] += 1
    low = min(sh.values())
    near = [t for t in vals if sh[t] == low]
    ok = set(accepted(vals))
    good = [t for t in near if t in ok]
    if not good:
        return 4
    if len(good) == len(near):
        return 1
    if 2 * len(good) >= len(near):
        return 2
    return 3 if len(near) <= 4 else 4


def position_for(rng: Rng, band: int, tries: int = 400) -> tuple[list[int], dict[int, float], int]:
    """A 何切 position of this band (or the nearest band found in ``tries``), its values and its band."""
    best: tuple[list[int], dict[int, float], int] | None = None
    for _ in range(tries):
        hand = _hand(rng)
        if hand is None:
            continue
        counts, w = FIXED.split(hand)
        if is_win(counts, w, 0) or len({t for t in hand if not FIXED.is_wild(t)}) < 3:
            continue
        vals = values(view_of(hand))
        if len(vals) < 2 or len(accepted(vals)) == len(vals):
            continue
        b = band_of(hand, vals)
        if b == band:
            return hand, vals, b
        if best is None or abs(b - band) < abs(best[2] - band):
            best = (hand, vals, b)
    assert best is not None
    return best


def make(rng: Rng, band: int) -> Question:
    """A 何切 question of this band."""
    hand, vals, b = position_for(rng, band)
    ok = accepted(vals)
    top = max(vals, key=lambda t: (vals[t], -t))
    ranked = sorted(vals, key=lambda t: (-vals[t], t))
    choices: list[dict[str, Any]] = [{"value": TILE_NAMES[t], "zh": tile_word(t, "zh"), "en": tile_word(t, "en")}
                                     for t in sorted(vals)]
    pos = position(hand, [], values={TILE_NAMES[t]: round(vals[t], 3) for t in ranked})
    best = vals[top]
    lines_zh = [f"{tile_word(t, 'zh')} {vals[t]:+.2f}" for t in ranked]
    lines_en = [f"{tile_word(t, 'en')} {vals[t]:+.2f}" for t in ranked]
    bar = best - max(TOLERANCE[0] * abs(best), TOLERANCE[1])
    return Question(
        KIND, b, pos,
        "你是庄家，第一手，还没有人出牌。打哪张？",
        "You are the dealer, on your first turn; nobody has discarded yet. Which tile do you discard?",
        "tile", TILE_NAMES[top],
        f"最好打{tile_word(top, 'zh')}。专家按下一张摸牌算出的期望分（打出后）：" + "，".join(lines_zh)
        + f"。期望分不低于 {bar:+.2f}（最好的 {best:+.2f} 减去 3% 或 0.02 分）都算对："
        + "、".join(tile_word(t, "zh") for t in ok) + "。",
        f"Best: {tile_word(top, 'en')}. The expert's expected points after each discard, counting the next draw: "
        + ", ".join(lines_en) + f". Anything at or above {bar:+.2f} (the best {best:+.2f} less 3% or 0.02 points) "
        f"counts as right: {', '.join(tile_word(t, 'en') for t in ok)}.",
        choices=choices, accepted=[TILE_NAMES[t] for t in ok], shown=[pos["hand"]])
