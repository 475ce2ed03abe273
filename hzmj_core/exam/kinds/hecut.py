"""何切 (``hecut``): which tile would you discard? Answer one tile; it is right exactly when the coach
(:mod:`hzmj_core.coach`, the judge of the hint and the 复盘) would not call it a mistake: the expert's own choice,
or a discard whose loss against it is within the noise of the coach's samples (:meth:`.Judgement.mistake`).

The position is the dealer's first turn of a fresh deal with these fourteen tiles (nothing seen but your own
hand). The explanation gives each natural discard's expected points as the coach values it (:func:`values`): the
same samples and figures a 复盘 of that discard in that position would show. The band comes from the position
itself: of the discards that keep the hand as near ready as it can be, how many are right. Band 1: all of them
(only a discard that breaks the hand is wrong). Band 2: half or more. Band 3: fewer than half, among two to four.
Band 4: fewer than half among five or more, or the best discard is not one that keeps the hand nearest ready.

The search for a position of a band first estimates the band by the expert's draw-ahead (:func:`estimate`: exact
and a hundred times cheaper than the coach's samples), and asks the coach only about positions whose estimate
fits.
"""

from __future__ import annotations

from typing import Any

from ...actions import Action, ActionType
from ...bots.draw_ahead import value_after_draw
from ...bots.expert import ExpertBot
from ...coach import NOISE_FACTOR, Judgement, judge
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
"""The draw-ahead estimate's tolerance (:func:`accepted`): within max(3% of the best, 0.02 points) of the best."""
COACH_TRIES = 8
"""At most this many positions whose estimated band fits are judged by the coach in one search."""


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


def round_of(hand: list[int]) -> Round:
    """A fresh deal where the dealer (seat 0, streak 1) holds these fourteen tiles (the rest from the hand's own
    seed)."""
    wall = build_wall(Options(), dealer=0, hands={0: hand}, seed=derive_seed(len(hand), *hand))
    return Round.deal(Options(), dealer=0, streak=1, wall=wall)


def view_of(hand: list[int]) -> SeatView:
    """The dealer's view of a fresh deal holding these fourteen tiles (:func:`round_of`), every seat at the start
    points (as in the first hand of a match, and in a 复盘 of that hand)."""
    sp = Options().start_points
    return SeatView.of(round_of(hand), 0, (sp, sp, sp, sp))


def estimate(view: SeatView) -> dict[int, float]:
    """Expected points of each natural discard over the next draw by the expert's draw-ahead: the cheap estimate
    the search for a band uses before it asks the coach."""
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
    """The discards within the draw-ahead estimate's tolerance of the best (:data:`TOLERANCE`)."""
    best = max(vals.values())
    bar = best - max(TOLERANCE[0] * abs(best), TOLERANCE[1])
    return sorted(t for t, v in vals.items() if v >= bar)


def discards(view: SeatView) -> dict[int, Action]:
    """The natural discards of a 何切 position, by tile."""
    return {a.tile: a for a in view.legal if a.type is ActionType.DISCARD and not FIXED.is_wild(a.tile)}


def judgement(view: SeatView) -> Judgement:
    """The coach's judgement of the position with every natural discard valued (as a 复盘 would value each)."""
    return judge(view, list(discards(view).values()))


def values(view: SeatView) -> dict[int, float]:
    """Each natural discard's expected points as the coach values it (:func:`judgement`)."""
    j = judgement(view)
    return {t: j.value(a) for t, a in discards(view).items()}


def right(j: Judgement, view: SeatView) -> list[int]:
    """The natural discards the coach does not call a mistake."""
    return sorted(t for t, a in discards(view).items() if not j.mistake(a))


def band_of(hand: list[int], vals: dict[int, float], ok_tiles: list[int] | None = None) -> int:
    """The difficulty band of a 何切 position (see the module's docstring), given the right discards (by default
    the draw-ahead estimate's, :func:`accepted`)."""
    counts, w = FIXED.split(hand)
    sh: dict[int, int] = {}
    for t in vals:
        counts[t] -= 1
        sh[t] = shanten(counts, w, 0)
        counts[t] += 1
    low = min(sh.values())
    near = [t for t in vals if sh[t] == low]
    ok = set(accepted(vals) if ok_tiles is None else ok_tiles)
    good = [t for t in near if t in ok]
    if not good:
        return 4
    if len(good) == len(near):
        return 1
    if 2 * len(good) >= len(near):
        return 2
    return 3 if len(near) <= 4 else 4


Found = tuple[list[int], SeatView, Judgement, int]


def position_for(rng: Rng, band: int, tries: int = 400) -> Found:
    """A 何切 position of this band (or the nearest band the coach judged in ``tries``): its hand, view, the
    coach's judgement and its band. A position is kept only when the coach's choice is a natural discard and some
    discard is a mistake."""
    best: Found | None = None
    judged = 0
    for _ in range(tries):
        hand = _hand(rng)
        if hand is None:
            continue
        counts, w = FIXED.split(hand)
        if is_win(counts, w, 0) or len({t for t in hand if not FIXED.is_wild(t)}) < 3:
            continue
        view = view_of(hand)
        est = estimate(view)
        if len(est) < 2 or len(accepted(est)) == len(est):
            continue
        if band_of(hand, est) != band and (best is not None or judged >= COACH_TRIES):
            continue
        j = judgement(view)
        judged += 1
        by_tile = discards(view)
        ok = right(j, view)
        if j.choice not in by_tile.values() or len(ok) == len(by_tile):
            continue
        b = band_of(hand, {t: j.value(a) for t, a in by_tile.items()}, ok)
        if b == band:
            return hand, view, j, b
        if best is None or abs(b - band) < abs(best[3] - band):
            best = (hand, view, j, b)
        if judged >= COACH_TRIES:
            break
    assert best is not None
    return best


def make(rng: Rng, band: int) -> Question:
    """A 何切 question of this band: its answer the coach's choice, right every discard it does not call a
    mistake, its explanation the coach's values."""
    hand, view, j, b = position_for(rng, band)
    by_tile = discards(view)
    vals = {t: j.value(a) for t, a in by_tile.items()}
    ok = right(j, view)
    top = j.choice.tile
    assert top is not None
    ranked = sorted(vals, key=lambda t: (-vals[t], t))
    choices: list[dict[str, Any]] = [{"value": TILE_NAMES[t], "zh": tile_word(t, "zh"), "en": tile_word(t, "en")}
                                     for t in sorted(vals)]
    pos = position(hand, [], values={TILE_NAMES[t]: round(vals[t], 3) for t in ranked})
    best = vals[top]
    lines_zh = [f"{tile_word(t, 'zh')} {vals[t]:+.2f}" for t in ranked]
    lines_en = [f"{tile_word(t, 'en')} {vals[t]:+.2f}" for t in ranked]
    bars = {t: j.bar(by_tile[t]) for t in by_tile if t != top}
    widest = max(bars.values()) if bars else 0.0
    return Question(
        KIND, b, pos,
        "你是庄家，第一手，还没有人出牌。打哪张？",
        "You are the dealer, on your first turn; nobody has discarded yet. Which tile do you discard?",
        "tile", TILE_NAMES[top],
        f"大师会打{tile_word(top, 'zh')}（期望 {best:+.2f} 分）。同样的 {j.samples} 次抽样推演中，"
        "每种打法的期望分（与复盘所用相同）：" + "，".join(lines_zh)
        + f"。比大师的选择少得不超过抽样误差（配对差的标准误的 {NOISE_FACTOR:g} 倍，本题最多 {widest:.2f} 分）的"
        "都算对：" + "、".join(tile_word(t, "zh") for t in ok) + "。",
        f"The expert discards {tile_word(top, 'en')} ({best:+.2f} points expected). The expected points of each "
        f"discard over the same {j.samples} samples (as the review values them): " + ", ".join(lines_en)
        + f". A discard that gives away no more than the sampling noise ({NOISE_FACTOR:g} standard errors of the "
        f"paired difference, at most {widest:.2f} points here) counts as right: "
        + ", ".join(tile_word(t, "en") for t in ok) + ".",
        choices=choices, accepted=[TILE_NAMES[t] for t in ok], shown=[pos["hand"]])
