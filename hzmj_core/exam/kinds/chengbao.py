"""承包 (``chengbao``): a win at 3老 between seats that claimed three times from each other (三摊); who pays how
much? One of four choices ``[东, 南, 西, 北]``.

The answer is :func:`hzmj_core.scoring.settle`'s with the hand's 摊 counts (rules.md §10.3): on a self-draw only the
contracted seats pay, B pays T when "the winner 吃 B 三摊" (三摊承包) and A pays 2T when "A 吃 the winner 三摊"
(倒承包); on a discard the discarder pays T and the contracts come on top. Band 1-2: 三摊承包 on a self-draw. Band 3:
倒承包, or a discard with a contract. Band 4: both relations at once.
"""

from __future__ import annotations

from ...rng import Rng
from ...scoring import settle
from ..base import SEATS_EN, SEATS_ZH, Question, position
from .pattern import random_win
from .payment import deltas_words, distractors, pick_choices, settlement_words

KIND = "chengbao"


def make(rng: Rng, band: int) -> Question:
    """A contract payment question of this band."""
    dealer = rng.below(4)
    other = (dealer + 1 + rng.below(3)) % 4
    tan = [[0] * 4 for _ in range(4)]
    payer: int | None = None
    if band <= 2:
        winner = rng.choice([dealer, other])
        loser = other if winner == dealer else dealer
        tan[winner][loser] = 3
    elif band == 3:
        if rng.random() < 0.5:
            winner = rng.choice([dealer, other])
            tan[other if winner == dealer else dealer][winner] = 3
        else:
            winner = rng.choice([dealer, other])
            tan[winner][other if winner == dealer else dealer] = 3
            # the discarder: the dealer when a non-dealer wins, else any non-dealer (rules.md §9)
            payer = dealer if winner != dealer else (dealer + 1 + rng.below(3)) % 4
    else:
        winner = dealer
        third = (dealer + 1 + rng.below(3)) % 4
        while third == other:
            third = (dealer + 1 + rng.below(3)) % 4
        tan[winner][other] = 3
        tan[third][winner] = 3
    setup, ev = random_win(rng, 2, discard=payer is not None)
    hand, melds, tile, _, _ = setup
    st = settle(winner, ev.fan, dealer, 3, 1, payer, tan=tan)
    right = list(st.deltas)
    choices = pick_choices(rng, right, distractors(winner, ev.fan, dealer, 3, 1, payer, tan))
    pairs = [(a, b) for a in range(4) for b in range(4) if tan[a][b]]
    rel_zh = "；".join(f"{SEATS_ZH[a]}吃碰了{SEATS_ZH[b]} {tan[a][b]} 摊" for a, b in pairs)
    rel_en = "; ".join(f"{SEATS_EN[a]} claimed {tan[a][b]} times from {SEATS_EN[b]}"
                       for a in range(4) for b in range(4) if tan[a][b])
    how_zh = "自摸" if payer is None else f"胡{SEATS_ZH[payer]}打出的牌（放铳）"
    how_en = "by self-draw" if payer is None else f"on {SEATS_EN[payer]}'s discard"
    pos = position([*hand, tile], melds, dealer=dealer, streak=3, base=1, winner=winner, payer=payer, fan=ev.fan,
                   tan=tan)
    return Question(
        KIND, band, pos,
        f"{SEATS_ZH[dealer]}坐庄，3 老庄，底分 1，三摊承包。这一局{rel_zh}。{SEATS_ZH[winner]}{how_zh}，"
        f"{ev.name_zh}（{ev.fan} 番）。各家输赢多少？",
        f"{SEATS_EN[dealer]} deals at streak 3, base 1, with 三摊承包. This hand {rel_en}. {SEATS_EN[winner]} wins "
        f"{how_en}: {ev.name_en} ({ev.fan} fan). What does each seat win or lose?",
        "choice", right,
        deltas_words(right, "zh") + "。" + settlement_words(st, "zh"),
        deltas_words(right, "en") + ". " + settlement_words(st, "en"),
        choices=choices, shown=[pos["hand"]])
