"""入门 Beginner (id ``beginner``, formerly ``easy``): sensible but gentle.

It keeps the shanten as low as it can and never breaks a ready hand, but it does not count useful tiles
(it picks among equally close discards at random), claims every chow or pong that does not set it back
(so it opens its hand and gives 摊 freely) and always wins at once. A beginner can beat it.
"""

from __future__ import annotations

from ..actions import Action
from ..analysis import Analysis, Shape
from .advanced import AdvancedBot


class BeginnerBot(AdvancedBot):
    """Shanten-only discards with random ties; eager claims."""

    name = "beginner"

    def rank_discards(self, an: Analysis, discards: list[Action]) -> tuple[Action, Shape] | None:
        """A random natural discard among those with the lowest shanten."""
        scored = [(an.shanten_after(a.tile), a) for a in discards if not an.wc.is_wild(a.tile)]
        if not scored:
            return None
        low = min(s for s, _ in scored)
        a = self.rng.choice([a for s, a in scored if s == low])
        return a, an.after_discard(a.tile)

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Any claim that does not set the hand back (a ready hand still keeps ready)."""
        return after.shanten <= now and not (now == 0 and after.shanten == 0)
