"""终局 (``match_end``): after this hand's payments, does the game end? Answer ``true`` or ``false``.

The answer is :func:`hzmj_core.match.next_deal`'s (rules.md §10.4): the game ends only when a hand won by a non-dealer
leaves somebody at 0 points or below; a dealer's win or a draw never ends it. Band 1: a non-dealer's win that
sends someone below 0. Band 2: nobody at or below 0. Band 3: the dealer wins with someone below 0. Band 4:
somebody at exactly 0, or a draw with somebody below 0.
"""

from __future__ import annotations

from ...match import next_deal
from ...options import Options
from ...rng import Rng
from ...scoring import settle
from ..base import SEATS_EN, SEATS_ZH, Question, bool_choices, position
from .payment import deltas_words

KIND = "match_end"


def make(rng: Rng, band: int) -> Question:
    """A game-end question of this band."""
    while True:
        dealer = rng.below(4)
        streak = 1 + rng.below(3)
        fan = rng.below(3)
        draw = band == 4 and rng.random() < 0.4
        winner = None if draw else dealer if band == 3 else (dealer + 1 + rng.below(3)) % 4
        deltas = [0, 0, 0, 0] if winner is None else list(settle(winner, fan, dealer, streak, 1, None).deltas)
        before = [10 + rng.below(60) for _ in range(4)]
        low = min(range(4), key=lambda s: deltas[s])
        if band == 4 and not draw:
            before[low] = -deltas[low]
        elif band in (1, 3) or draw:
            before[low] = max(-deltas[low] - rng.below(6) - 1, -5 if draw else 1)
        after = [b + d for b, d in zip(before, deltas, strict=True)]
        if band == 2 and min(after) <= 0:
            continue
        if band in (1, 3) and min(after) > 0:
            continue
        break
    _, _, over = next_deal(Options(), dealer, streak, winner, after)
    what_zh = "流局" if winner is None else f"{SEATS_ZH[winner]}自摸，{fan} 番"
    what_en = "The hand is drawn" if winner is None else f"{SEATS_EN[winner]} wins by self-draw with {fan} fan"
    pts_zh = "，".join(f"{SEATS_ZH[s]} {before[s]}" for s in range(4))
    pts_en = ", ".join(f"{SEATS_EN[s]} {before[s]}" for s in range(4))
    aft_zh = "，".join(f"{SEATS_ZH[s]} {after[s]}" for s in range(4))
    aft_en = ", ".join(f"{SEATS_EN[s]} {after[s]}".replace("-", "−") for s in range(4))
    low_zh = any(a <= 0 for a in after)
    if winner is None or winner == dealer:
        why_zh = "庄家胡牌或流局从不结束比赛，哪怕有人不到 0 分"
        why_en = "a dealer's win or a draw never ends the game, even with someone at 0 or below"
    elif low_zh:
        why_zh = "闲家胡牌后有人 0 分或以下，比赛结束"
        why_en = "a non-dealer won and someone is at 0 or below: the game ends"
    else:
        why_zh = "闲家胡牌，但没有人到 0 分或以下，继续"
        why_en = "a non-dealer won but nobody is at 0 or below: play goes on"
    pos = position([], [], dealer=dealer, streak=streak, points=before, deltas=deltas, winner=winner)
    return Question(
        KIND, band, pos,
        f"{SEATS_ZH[dealer]}坐庄，{streak} 老庄。这一局前的分数：{pts_zh}。{what_zh}（{deltas_words(deltas, 'zh')}）。"
        "比赛结束了吗？",
        f"{SEATS_EN[dealer]} deals at streak {streak}. Points before this hand: {pts_en}. {what_en} "
        f"({deltas_words(deltas, 'en')}). Is the game over?",
        "choice", over,
        f"{'结束' if over else '没有结束'}。这一局后：{aft_zh}；{why_zh}。",
        f"{'Over' if over else 'Not over'}. After this hand: {aft_en}; {why_en}.",
        choices=bool_choices())
