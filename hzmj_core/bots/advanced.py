"""进阶 Advanced (id ``advanced``, formerly ``normal``): good tile efficiency with wildcards.

Keeps its 财神, discards by shanten and then by the number of unseen tiles that improve the hand (有效牌),
claims only when the claim lowers the shanten, kongs when the kong does not hurt, and always wins.
The easy and strong bots build on the same pieces.
"""

from __future__ import annotations

from ..actions import Action, ActionType
from ..analysis import Analysis, Shape
from ..reasons import Reason, because
from ..tiles import TILE_NAMES
from ..view import SeatView
from .base import Bot, Decision
from .heuristics import isolation

KONG_TYPES = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)
_WAITS_SHOWN = 4
"""Waits a reason names before "and more" (a 财神 can make a hand wait on most of the tiles)."""


def shape_reasons(an: Analysis, shape: Shape) -> tuple[Reason, ...]:
    """What a shape is, as reasons: 暴头/七客 (any draw wins), the waits with unseen counts, or how far from ready
    (向听) with the useful tiles."""
    if shape.baotou or shape.qike:
        return (because("any_draw_wins", state="baotou" if shape.baotou else "qike"),)
    if shape.shanten == 0:
        shown = [[TILE_NAMES[f], an.unseen_face[f]] for f in shape.improving[:_WAITS_SHOWN]]
        more = len(shape.improving) - len(shown)
        if more:
            return (because("waits_more", some_waits=shown, more=more, total=shape.ukeire),)
        return (because("waits", waits=shown, total=shape.ukeire),)
    return (because("far", shanten=shape.shanten, useful=shape.ukeire),)


class AdvancedBot(Bot):
    """Wall efficiency with wildcards: shanten first, then useful-tile count; keeps 财神."""

    name = "advanced"

    def decide(self, view: SeatView) -> Decision:
        """Win if legal; otherwise the best discard, kong or claim for wall efficiency."""
        if not view.legal:
            raise ValueError(f"S{view.seat} has no legal action to choose from")
        an = self.analysis(view)
        for a in view.legal:
            if a.type is ActionType.WIN:
                return self.on_win(an, a)
        if view.phase.value == "act":
            return self.on_act(an)
        return self.on_claim(an)

    # ------------------------------------------------------------------ hooks

    def analysis(self, view: SeatView) -> Analysis:
        """The seat's :class:`~hzmj_core.analysis.Analysis` that every choice of this decision reads."""
        return Analysis(view)

    def on_win(self, an: Analysis, win: Action) -> Decision:
        """A win is legal: take it."""
        return Decision(win, (because("win"),))

    def on_act(self, an: Analysis) -> Decision:
        """Own turn: a kong that does not hurt, else the most efficient discard."""
        legal = an.view.legal
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        best = self.rank_discards(an, discards)
        kong = self.choose_kong(an, [a for a in legal if a.type in KONG_TYPES], best[1] if best else None)
        if kong is not None:
            return kong
        if len(discards) == 1:
            a = discards[0]
            if an.wc.is_wild(a.tile):
                return Decision(a, (because("only_discard_freeze"),))
            return Decision(a, (because("only_discard"), *shape_reasons(an, an.after_discard(a.tile))))
        if best is None:
            return Decision(discards[0], (because("only_wildcards"),))
        a, shape = best
        return Decision(a, shape_reasons(an, shape))

    def rank_discards(self, an: Analysis, discards: list[Action]) -> tuple[Action, Shape] | None:
        """The most efficient natural discard (never a 财神) and the shape it leaves."""
        natural = [a for a in discards if not an.wc.is_wild(a.tile)]
        if not natural:
            return None
        sht = {a.tile: an.shanten_after(a.tile) for a in natural}
        low = min(sht.values())
        best: tuple[tuple[int, float, int, int], Action, Shape] | None = None
        for a in natural:
            t = a.tile
            if sht[t] != low:
                continue
            sh = an.after_discard(t)
            key = (sh.shanten, -sh.draws, isolation(an.counts, an.wc.face(t)), t)
            if best is None or key < best[0]:
                best = (key, a, sh)
        return None if best is None else (best[1], best[2])

    def choose_kong(self, an: Analysis, kongs: list[Action], after: Shape | None) -> Decision | None:
        """A kong that keeps the hand at least as close to ready as the best discard would."""
        target = after.shanten if after is not None else an.current_shanten()
        for k in kongs:
            c, w = an.without(k.tiles)
            melds = an.melds + (1 if k.type is ActionType.CONCEALED_KONG else 0)
            if an.shape(c, w, melds).shanten <= target:
                return Decision(k, (because("kong_keeps_shape"),))
        return None

    def on_claim(self, an: Analysis) -> Decision:
        """Claim window: pong/chow/直杠 only when it brings the hand closer to ready."""
        legal = an.view.legal
        pass_action = next(a for a in legal if a.type is ActionType.PASS)
        tile = an.view.claim_tile
        if tile is None:
            return Decision(pass_action, (because("nothing_to_claim"),))
        now = an.current_shanten()
        best: tuple[tuple[int, float], Action, Shape] | None = None
        for a in legal:
            if a.type in (ActionType.PONG, ActionType.CHOW):
                got = an.best_after_claim(a, tile)
                if got is None:
                    continue
                sh = got[0]
                if not self.claim_ok(an, a, sh, now):
                    continue
                key = (sh.shanten, -sh.draws)
                if best is None or key < best[0]:
                    best = (key, a, sh)
            elif a.type is ActionType.EXPOSED_KONG:
                c, w = an.without(a.tiles)
                sh = an.shape(c, w, an.melds + 1)
                if self.exposed_kong_ok(an, a, sh, now) and best is None:
                    best = ((sh.shanten, -sh.draws), a, sh)
        if best is None:
            return Decision(pass_action, (because("claim_no_help", tile=TILE_NAMES[tile]),))
        _, a, sh = best
        return Decision(a, (because("claim_closer"), *shape_reasons(an, sh)))

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Whether a chow or pong is worth making: it must lower the shanten."""
        return after.shanten < now

    def exposed_kong_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Whether a 直杠 is worth making: it must not set the hand back."""
        return after.shanten <= now
