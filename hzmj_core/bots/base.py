"""The bot interface and the seat view bots decide from.

A bot sees only :class:`SeatView`: its own concealed tiles and what is public (melds with others'
concealed kongs hidden, discards, wall count, wildcard, dealer, streak, 摊, freeze) plus its legal actions.
It never touches the :class:`~hzmj_core.round.Round` itself, so it cannot read hidden tiles or the wall.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass
from typing import NamedTuple

from ..actions import Action
from ..options import Options
from ..rng import Rng
from ..round import Phase, Round
from ..tiles import NUM_KINDS, Meld, MeldKind, Wildcards


class SeatView(NamedTuple):
    """Everything one seat may know, as engine values (an immutable copy; bots cannot change the game
    through it). A named tuple because bots get a fresh one at every decision: it is cheap to build.
    Use ``view._replace(field=...)`` to derive a changed view (tests, look-ahead).
    """

    seat: int
    options: Options
    wildcards: Wildcards
    dealer: int
    streak: int
    phase: Phase
    current: int
    remaining: int
    hand: tuple[int, ...]
    drawn: int | None
    melds: tuple[tuple[Meld | None, ...], ...]
    """Melds per seat; another seat's concealed kong is ``None`` (face down)."""
    discards: tuple[tuple[tuple[int, int | None], ...], ...]
    hand_counts: tuple[int, int, int, int]
    freeze_owner: int | None
    tan: tuple[tuple[int, ...], ...]
    claim_tile: int | None
    claim_from: int | None
    chain: tuple[str, ...]
    legal: tuple[Action, ...]
    indicator: int | None
    points: tuple[int, int, int, int] | None = None

    @staticmethod
    def of(r: Round, seat: int, points: tuple[int, int, int, int] | None = None) -> SeatView:
        """The view of ``seat`` in round ``r``."""
        discards, all_melds, hand_counts = r.public_snapshot()
        melds: tuple[tuple[Meld | None, ...], ...] = all_melds
        if any(m.kind is MeldKind.CONCEALED_KONG for s, ms in enumerate(all_melds) if s != seat for m in ms):
            melds = tuple(
                tuple(None if (m.kind is MeldKind.CONCEALED_KONG and s != seat) else m for m in ms)
                for s, ms in enumerate(all_melds)
            )
        own_turn = r.phase is Phase.ACT and r.current == seat
        tan = r.tan
        return SeatView(
            seat, r.options, r.wildcards, r.dealer, r.streak, r.phase, r.current, r.remaining, tuple(r.hands[seat]),
            r.drawn if own_turn else None, melds, discards, hand_counts, r.freeze_owner,
            (tuple(tan[0]), tuple(tan[1]), tuple(tan[2]), tuple(tan[3])), r.claim_tile, r.claim_from,
            tuple(r.chain[seat]), tuple(r.legal_actions(seat)), r.indicator, points,
        )

    def visible_counts(self) -> list[int]:
        """Physical tiles of each kind this seat can see (own hand, open melds, unclaimed discards, indicator)."""
        seen = [0] * NUM_KINDS
        for t in self.hand:
            seen[t] += 1
        for ms in self.melds:
            for m in ms:
                if m is not None:
                    for t in m.tiles:
                        seen[t] += 1
        for ds in self.discards:
            for t, by in ds:
                if by is None:
                    seen[t] += 1
        if self.indicator is not None:
            seen[self.indicator] += 1
        return seen


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's chosen action with a short reason in Chinese and English."""

    action: Action
    reason_zh: str = ""
    reason_en: str = ""

    def to_json(self) -> dict[str, object]:
        """JSON-ready form."""
        return {"action": self.action.to_json(), "reason_zh": self.reason_zh, "reason_en": self.reason_en}


class Bot(ABC):
    """A seeded player that chooses among the legal actions of its own view."""

    name = "bot"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.rng = Rng(seed)

    def reseed(self, seed: int) -> None:
        """Restart the bot's randomness from ``seed`` (a session reseeds per decision, so a game
        restored from its log continues exactly as it would have)."""
        self.seed = seed
        self.rng = Rng(seed)

    @abstractmethod
    def decide(self, view: SeatView) -> Decision:
        """Choose one of ``view.legal``."""

    def choose(self, view: SeatView) -> Action:
        """The chosen action only."""
        return self.decide(view).action
