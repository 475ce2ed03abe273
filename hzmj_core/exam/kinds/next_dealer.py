"""下一局庄家 (``next_dealer``): after this hand, who deals and at which streak (老庄)? One of four choices
``[seat, streak]``.

The answer is :func:`hzmj_core.match.next_deal`'s (rules.md §8): the dealer keeps the deal and adds a 老庄 when he wins
or the hand is drawn (never above 3); a non-dealer who wins takes the deal at the starting streak. Band 1: the
dealer wins. Band 2: a non-dealer wins. Band 3: a draw, or the dealer at 3老. Band 4: other house rules (下家接庄,
笃二老庄, a draw that adds no 老庄).
"""

from __future__ import annotations

from typing import Any

from ...match import next_deal
from ...options import Options
from ...rng import Rng
from ..base import SEATS_EN, SEATS_ZH, Question, position

KIND = "next_dealer"


def _choice(d: int, s: int) -> dict[str, Any]:
    return {"value": [d, s], "zh": f"{SEATS_ZH[d]}坐庄，{s} 老庄", "en": f"{SEATS_EN[d]} deals, streak {s}"}


def make(rng: Rng, band: int) -> Question:
    """A next-dealer question of this band."""
    opts = Options()
    rule_zh: list[str] = []
    rule_en: list[str] = []
    dealer = rng.below(4)
    streak = 1 + rng.below(2)
    winner: int | None
    if band == 1:
        winner = dealer
    elif band == 2:
        winner = (dealer + 1 + rng.below(3)) % 4
    elif band == 3:
        streak = 3 if rng.random() < 0.5 else 1 + rng.below(3)
        winner = None if rng.random() < 0.6 else dealer
    else:
        pick = rng.below(3)
        if pick == 0:
            opts = Options.from_json({**Options().to_json(), "next_dealer": "next_seat"})
            rule_zh.append("规则：下家接庄")
            rule_en.append("rule: the dealer's next seat takes the deal")
            winner = (dealer + 2 + rng.below(2)) % 4
        elif pick == 1:
            opts = Options.from_json({**Options().to_json(), "start_streak": 2})
            rule_zh.append("规则：笃二老庄（新庄家从 2 老庄起）")
            rule_en.append("rule: 笃二老庄 (a new dealer starts at streak 2)")
            winner = (dealer + 1 + rng.below(3)) % 4
            streak = 2 + rng.below(2)
        else:
            opts = Options.from_json({**Options().to_json(), "draw_adds_streak": False})
            rule_zh.append("规则：流局不加老庄")
            rule_en.append("rule: a drawn hand adds no 老庄")
            winner = None
    nd, ns, _ = next_deal(opts, dealer, streak, winner, [50, 50, 50, 50])
    right = [nd, ns]
    cands = [[dealer, min(streak + 1, 3)], [dealer, streak], [(dealer + 1) % 4, opts.start_streak],
             [dealer if winner is None else winner, opts.start_streak], [dealer, 1],
             [(dealer + 1) % 4, min(streak + 1, 3)]]
    if winner is not None:
        cands.append([winner, min(streak + 1, 3)])
    picked = [right]
    rng.shuffle(cands)
    for c in cands:
        if c not in picked and len(picked) < 4:
            picked.append(c)
    rng.shuffle(picked)
    what_zh = "流局" if winner is None else f"{SEATS_ZH[winner]}胡牌"
    what_en = "The hand is drawn" if winner is None else f"{SEATS_EN[winner]} wins"
    if winner is None:
        why_zh = "流局：庄家不变，" + ("老庄不变" if not opts.draw_adds_streak else "老庄加一（最多 3）")
        why_en = "a draw: the dealer stays, " + ("the streak stays" if not opts.draw_adds_streak else
                                                "the streak goes up by one (at most 3)")
    elif winner == dealer:
        why_zh = "庄家胡：连庄，老庄加一（最多 3）"
        why_en = "the dealer wins: he keeps the deal, the streak goes up by one (at most 3)"
    elif opts.next_dealer == "next_seat":
        why_zh, why_en = "闲家胡：按规则由庄家的下家接庄", "a non-dealer wins: by the rule the dealer's next seat deals"
    else:
        why_zh, why_en = ("闲家胡：谁胡谁坐庄，从起始老庄算起",
                          "a non-dealer wins: the winner takes the deal at the starting streak")
    pos = position([], [], dealer=dealer, streak=streak, winner=winner)
    return Question(
        KIND, band, pos,
        ("；".join(rule_zh) + "。" if rule_zh else "")
        + f"{SEATS_ZH[dealer]}坐庄，{streak} 老庄。{what_zh}。下一局谁坐庄，几老庄？",
        ("; ".join(rule_en).capitalize() + ". " if rule_en else "") + f"{SEATS_EN[dealer]} deals at streak {streak}. "
        f"{what_en}. Who deals the next hand, at which streak?",
        "choice", right,
        f"{_choice(nd, ns)['zh']}。{why_zh}。", f"{_choice(nd, ns)['en']}. {why_en.capitalize()}.",
        choices=[_choice(d, s) for d, s in picked])
