"""The kinds of exam question, one module each; :data:`KINDS` maps a kind's name to its maker ``make(rng, band)``."""

from __future__ import annotations

from collections.abc import Callable

from ...rng import Rng
from ..base import Question
from . import (
    chengbao,
    chow_discard,
    claims,
    complete,
    hecut,
    match_end,
    next_dealer,
    pattern,
    payment,
    state,
    unseen,
    waits,
)

Maker = Callable[[Rng, int], Question]

KINDS: dict[str, Maker] = {m.KIND: m.make for m in (complete, waits, state, pattern, payment, chengbao, claims,
                                                    chow_discard, unseen, next_dealer, match_end, hecut)}
"""Every kind of question by name, rules questions first, 何切 last."""

KIND_NAMES: dict[str, tuple[str, str]] = {
    "complete": ("是否胡牌", "complete or not"),
    "waits": ("听什么", "waits"),
    "state": ("暴头/七客状态", "暴头/七客 state"),
    "pattern": ("番型与番数", "pattern and fan"),
    "payment": ("算分（老庄）", "payments (streak)"),
    "chengbao": ("承包", "contracts (承包)"),
    "claims": ("能否吃碰胡", "legal claims"),
    "chow_discard": ("吃后限打", "discards after a chow"),
    "unseen": ("听牌张数", "unseen winning tiles"),
    "next_dealer": ("下一局庄家", "next dealer"),
    "match_end": ("比赛结束", "end of the game"),
    "hecut": ("何切", "which discard (何切)"),
}
"""Each kind's name in Chinese and English."""

__all__ = ["KINDS", "KIND_NAMES", "Maker"]
