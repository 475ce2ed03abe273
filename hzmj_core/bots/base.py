"""The bot interface: a bot decides from its :class:`~hzmj_core.view.SeatView` only.

The view holds its own concealed tiles and what is public (melds with others' concealed kongs hidden,
discards, wall count, wildcard, dealer, streak, 摊, freeze) plus its legal actions. A bot never touches the
:class:`~hzmj_core.round.Round` itself, so it cannot read hidden tiles or the wall.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..actions import Action
from ..rng import Rng
from ..view import SeatView


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
