"""Payments of a win (rules.md §10): shares, who pays, 三摊承包 and 倒承包; and how a hand ended (:class:`RoundResult`).

``share(P) = b × 2^F × Z`` with ``Z = 2^L`` between the dealer and a non-dealer, 1 between non-dealers;
``T`` is the sum of the three shares. A self-draw is paid share by share unless a contract relation
involves the winner; a discard win (放铳) or a robbed kong is paid in full by the discarder (konger);
contracts add their payments (§10.3).
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .fan import WinEvaluation, WinType
from .tiles import TILE_NAMES


class PaymentReason(enum.StrEnum):
    """Why a seat pays."""

    SHARE = "share"
    """Its own share of a self-draw (自摸)."""
    DISCARDER = "discarder"
    """It discarded the winning tile (放铳) and pays the full amount T."""
    KONGER = "konger"
    """Its added kong was robbed (拉杠胡) and it pays T (被拉杠者承包)."""
    CHENGBAO = "chengbao"
    """三摊承包: the winner claimed three times on it; it pays T."""
    DAO_CHENGBAO = "dao_chengbao"
    """倒承包: it claimed three times on the winner; it pays 2T."""

    @property
    def chinese(self) -> str:
        """Chinese name."""
        return PAYMENT_WORDS[self.value][0]


PAYMENT_WORDS: dict[str, tuple[str, str]] = {
    "share": ("分摊", "share of a self-draw"), "discarder": ("放铳", "discarded the winning tile"),
    "konger": ("被拉杠", "kong robbed"), "chengbao": ("三摊承包", "liable: three claims (承包)"),
    "dao_chengbao": ("倒承包", "liable: claimed three times (倒承包)"),
}
"""Why a seat pays (a :class:`PaymentReason`'s value) in words, (Chinese, English): the result screen's."""


@dataclass(frozen=True, slots=True)
class Payment:
    """One payment from ``payer`` to the winner."""

    payer: int
    amount: int
    reason: PaymentReason

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"payer": self.payer, "amount": self.amount, "reason": self.reason.value,
                "reason_zh": self.reason.chinese}


@dataclass(frozen=True, slots=True)
class Settlement:
    """The money of one win: shares, total T, each payment with its reason and the net change per seat."""

    winner: int
    fan: int
    dealer: int
    streak: int
    base: int
    shares: tuple[int, int, int, int]
    total: int
    payments: tuple[Payment, ...]
    deltas: tuple[int, int, int, int]

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {
            "winner": self.winner,
            "fan": self.fan,
            "multiplier": 2**self.fan,
            "dealer": self.dealer,
            "streak": self.streak,
            "dealer_factor": 2**self.streak,
            "base": self.base,
            "shares": list(self.shares),
            "total": self.total,
            "payments": [p.to_json() for p in self.payments],
            "deltas": list(self.deltas),
        }


def shares(winner: int, fan: int, dealer: int, streak: int, base: int) -> tuple[int, int, int, int]:
    """Each seat's share of a win (0 for the winner)."""
    out = [0, 0, 0, 0]
    for p in range(4):
        if p != winner:
            z = 2**streak if dealer in (winner, p) else 1
            out[p] = base * 2**fan * z
    return out[0], out[1], out[2], out[3]


def settle(
    winner: int,
    fan: int,
    dealer: int,
    streak: int,
    base: int,
    payer: int | None,
    payer_reason: PaymentReason = PaymentReason.DISCARDER,
    tan: Sequence[Sequence[int]] | None = None,
    chengbao: bool = True,
) -> Settlement:
    """Settle a win. ``payer`` is the discarder (or robbed konger) or ``None`` for a self-draw.

    ``tan[a][b]`` counts the claims seat a made on seat b this hand; with ``chengbao`` (三摊承包 on),
    three or more make b liable for a's wins (T) and a liable, doubled, for b's wins (2T).
    """
    sh = shares(winner, fan, dealer, streak, base)
    total = sum(sh)
    r1: list[int] = []
    r2: list[int] = []
    if chengbao and tan is not None:
        r1 = [b for b in range(4) if b != winner and tan[winner][b] >= 3]
        r2 = [a for a in range(4) if a != winner and tan[a][winner] >= 3]
    payments: list[Payment] = []
    if payer is not None:
        payments.append(Payment(payer, total, payer_reason))
    elif not r1 and not r2:
        payments.extend(Payment(p, sh[p], PaymentReason.SHARE) for p in range(4) if p != winner)
    payments.extend(Payment(b, total, PaymentReason.CHENGBAO) for b in r1)
    payments.extend(Payment(a, 2 * total, PaymentReason.DAO_CHENGBAO) for a in r2)
    deltas = [0, 0, 0, 0]
    for pay in payments:
        deltas[pay.payer] -= pay.amount
        deltas[winner] += pay.amount
    return Settlement(winner, fan, dealer, streak, base, sh, total, tuple(payments),
                      (deltas[0], deltas[1], deltas[2], deltas[3]))


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a hand ended: the winner with the evaluation and the settlement, or a draw (流局)."""

    winner: int | None
    win_type: WinType | None
    winning_tile: int | None
    discarder: int | None
    evaluation: WinEvaluation | None
    settlement: Settlement | None
    hands: tuple[tuple[int, ...], ...]
    """Every seat's concealed tiles at the end (the winner's including the winning tile)."""

    @property
    def is_draw(self) -> bool:
        """True for 流局."""
        return self.winner is None

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """Point change per seat."""
        return self.settlement.deltas if self.settlement else (0, 0, 0, 0)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (also the recorded result in logs)."""
        return {
            "winner": self.winner,
            "draw": self.is_draw,
            "win_type": None if self.win_type is None else self.win_type.value,
            "winning_tile": None if self.winning_tile is None else TILE_NAMES[self.winning_tile],
            "discarder": self.discarder,
            "evaluation": None if self.evaluation is None else self.evaluation.to_json(),
            "settlement": None if self.settlement is None else self.settlement.to_json(),
            "deltas": list(self.deltas),
            "hands": [[TILE_NAMES[t] for t in h] for h in self.hands],
        }
