"""算分 (``payment``): who pays whom, and how much, for a win at this dealer streak (老庄)? One of four choices,
each the four seats' changes ``[东, 南, 西, 北]``.

The answer is :func:`hzmj_core.scoring.settle`'s (rules.md §10): share = 底分 × 2^番 × 庄闲分 (2^老庄 between the
dealer and
a non-dealer, 1 between non-dealers); a discarder pays the full amount T. Band 1: a non-dealer's self-draw at
平庄. Band 2: the dealer's self-draw, or 2老/3老. Band 3: a discard win at 3老. Band 4: 底分 2 and more fan.
The wrong choices are the usual slips: the streak forgotten, one 老庄 off, the discarder paying only his share.
"""

from __future__ import annotations

from typing import Any

from ...fan import WinType
from ...reasons import PAYMENT_EN, power_of_two
from ...rng import Rng
from ...scoring import Settlement, settle
from ..base import SEATS_EN, SEATS_ZH, Question, position
from .pattern import random_win

KIND = "payment"



def deltas_words(d: list[int], lang: str) -> str:
    """Four seats' changes in words: 东家 +4，南家 −2 …"""
    names = SEATS_ZH if lang == "zh" else SEATS_EN
    parts = [f"{names[s]} {d[s]:+d}".replace("-", "−").replace("+0", "0") for s in range(4)]
    return ("，" if lang == "zh" else ", ").join(parts)


def choice(d: list[int]) -> dict[str, Any]:
    """A delta vector as a choice."""
    return {"value": d, "zh": deltas_words(d, "zh"), "en": deltas_words(d, "en")}


def settlement_words(st: Settlement, lang: str) -> str:
    """How a settlement was reached, in words: the shares, T and each payment with its reason."""
    names = SEATS_ZH if lang == "zh" else SEATS_EN
    z = 2 ** st.streak
    if lang == "zh":
        head = (f"每家份额 = 底分 {st.base} × 2^{st.fan} × 庄闲分（庄家与闲家之间 {st.streak} 老庄 = {z}，"
                "闲家之间 1）："
                + "，".join(f"{names[s]} {st.shares[s]}" for s in range(4) if s != st.winner)
                + f"；合计 T = {st.total}。")
        pays = "；".join(f"{names[p.payer]}付 {p.amount}（{p.reason.chinese}）" for p in st.payments)
        return head + pays + "。"
    head = (f"Each share = base {st.base} × {power_of_two(st.fan)} × dealer factor ({z} between the dealer and a "
            f"non-dealer at streak {st.streak}, 1 between non-dealers): "
            + ", ".join(f"{names[s]} {st.shares[s]}" for s in range(4) if s != st.winner) + f"; total T = {st.total}. ")
    return head + "; ".join(f"{names[p.payer]} pays {p.amount}, {PAYMENT_EN[p.reason]}" for p in st.payments) + "."


def distractors(winner: int, fan: int, dealer: int, streak: int, base: int, payer: int | None,
                tan: list[list[int]] | None = None) -> list[list[int]]:
    """The usual slips for a win: the streak off by one or forgotten, the contract forgotten or doubled,
    the discarder paying only its share, every seat paying."""
    out = []
    for L in (streak - 1, streak + 1):
        if 1 <= L <= 3:
            out.append(list(settle(winner, fan, dealer, L, base, payer, tan=tan).deltas))
    out.append(list(settle(winner, fan, (dealer + 1) % 4 if dealer == winner else winner, streak, base, payer,
                           tan=tan).deltas))
    out.append(list(settle(winner, fan + 1, dealer, streak, base, payer, tan=tan).deltas))
    if payer is not None:
        sh = settle(winner, fan, dealer, streak, base, None).shares
        d = [0, 0, 0, 0]
        d[payer] -= sh[payer]
        d[winner] += sh[payer]
        out.append(d)
        out.append(list(settle(winner, fan, dealer, streak, base, None).deltas))
    if tan is not None:
        out.append(list(settle(winner, fan, dealer, streak, base, payer, tan=None).deltas))
    return out


def pick_choices(rng: Rng, right: list[int], wrong: list[list[int]]) -> list[dict[str, Any]]:
    """The right delta vector and three different slips, shuffled."""
    picked = [right]
    rng.shuffle(wrong)
    for d in wrong:
        if d not in picked and len(picked) < 4:
            picked.append(d)
    k = 1
    while len(picked) < 4:
        d = [x * (k + 1) for x in right]
        k += 1
        if d not in picked:
            picked.append(d)
    rng.shuffle(picked)
    return [choice(d) for d in picked]


def make(rng: Rng, band: int) -> Question:
    """A payment question of this band."""
    dealer = rng.below(4)
    base = 2 if band == 4 else 1
    if band == 1:
        streak, winner, payer = 1, (dealer + 1 + rng.below(3)) % 4, None
    elif band == 2:
        streak = 1 + rng.below(3)
        winner = dealer if rng.random() < 0.5 or streak == 1 else (dealer + 1 + rng.below(3)) % 4
        payer = None
    else:
        streak = 3 if band == 3 else 1 + rng.below(3)
        if streak == 3 and rng.random() < 0.7:
            # a discard win needs the dealer on exactly one side (rules.md §9)
            if rng.random() < 0.5:
                winner, payer = dealer, (dealer + 1 + rng.below(3)) % 4
            else:
                winner, payer = (dealer + 1 + rng.below(3)) % 4, dealer
        else:
            winner, payer = rng.below(4), None
    setup, ev = random_win(rng, min(band, 3) if payer is None else band, discard=payer is not None)
    hand, melds, tile, win_type, _ = setup
    assert (payer is not None) == (win_type is WinType.DISCARD)
    st = settle(winner, ev.fan, dealer, streak, base, payer)
    right = list(st.deltas)
    choices = pick_choices(rng, right, distractors(winner, ev.fan, dealer, streak, base, payer))
    how_zh = "自摸" if payer is None else f"胡{SEATS_ZH[payer]}打出的牌（放铳）"
    how_en = "by self-draw" if payer is None else f"on {SEATS_EN[payer]}'s discard"
    pos = position([*hand, tile], melds, dealer=dealer, streak=streak, base=base, winner=winner, payer=payer,
                   fan=ev.fan)
    return Question(
        KIND, band, pos,
        f"{SEATS_ZH[dealer]}坐庄，{streak} 老庄，底分 {base}。{SEATS_ZH[winner]}{how_zh}，{ev.name_zh}（{ev.fan} 番）。"
        "各家输赢多少？",
        f"{SEATS_EN[dealer]} deals at streak {streak}, base {base}. {SEATS_EN[winner]} wins {how_en}: "
        f"{ev.name_en} ({ev.fan} fan). What does each seat win or lose?",
        "choice", right,
        deltas_words(right, "zh") + "。" + settlement_words(st, "zh"),
        deltas_words(right, "en") + ". " + settlement_words(st, "en"),
        choices=choices, shown=[pos["hand"]])
