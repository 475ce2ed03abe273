"""A uniformly random legal player, for simulation and fuzzing."""

from __future__ import annotations

from ..actions import Action
from ..reasons import because
from ..view import SeatView
from .base import Bot, Decision


class RandomBot(Bot):
    """Picks uniformly among the legal actions (seeded)."""

    name = "random"

    def decide(self, view: SeatView) -> Decision:
        """A uniform choice among ``view.legal``."""
        if not view.legal:
            raise ValueError(f"S{view.seat} has no legal action to choose from")
        return Decision(self.rng.choice(list(view.legal)), (because("random"),))

    def choose(self, view: SeatView) -> Action:
        """The same choice as :meth:`decide`, without building its :class:`Decision` (self-play's hot path)."""
        if not view.legal:
            raise ValueError(f"S{view.seat} has no legal action to choose from")
        return self.rng.choice(view.legal)
