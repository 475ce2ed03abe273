"""The bot interface: a bot decides from its :class:`~hzmj_core.view.SeatView` only.

The view holds its own concealed tiles and what is public (melds with others' concealed kongs hidden,
discards, wall count, wildcard, dealer, streak, 摊, freeze) plus its legal actions. A bot never touches the
:class:`~hzmj_core.round.Round` itself, so it cannot read hidden tiles or the wall.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from dataclasses import dataclass

from ..actions import Action
from ..reasons import Reason, words
from ..rng import Rng
from ..view import SeatView


@dataclass(frozen=True, slots=True)
class Decision:
    """A bot's chosen action and why: the grounds it compared, as :class:`~hzmj_core.reasons.Reason` parts
    (``{code, params}``, never restating the action), which the command line and the page word."""

    action: Action
    why: tuple[Reason, ...] = ()

    def text(self, lang: str = "en", viewer: int | None = None) -> str:
        """The grounds in words, seats named from ``viewer`` (by default the deciding seat itself)."""
        return words(self.why, lang, self.action.seat if viewer is None else viewer)

    @property
    def reason_zh(self) -> str:
        """The grounds in Chinese, seats named from the deciding seat."""
        return self.text("zh")

    @property
    def reason_en(self) -> str:
        """The grounds in English, seats named from the deciding seat."""
        return self.text("en")

    def to_json(self, viewer: int | None = None) -> dict[str, object]:
        """JSON-ready form: the action, ``why`` (the grounds as ``{code, params}``, what the page words) and the
        same in words (``reason_zh``/``reason_en``, seats named from ``viewer``, by default the deciding seat)."""
        return {"action": self.action.to_json(), "why": [r.to_json() for r in self.why],
                "reason_zh": self.text("zh", viewer), "reason_en": self.text("en", viewer)}


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
