"""进阶 (normal): good tile efficiency with wildcards.

Keeps its 财神, discards by shanten and then by the number of unseen tiles that improve the hand (有效牌),
claims only when the claim lowers the shanten, kongs when the kong does not hurt, and always wins.
The easy and strong bots build on the same pieces.
"""

from __future__ import annotations

from ..actions import Action, ActionType
from ..analysis import Analysis, Shape
from ..reasons import tile_names
from ..view import SeatView
from .base import Bot, Decision
from .eval import isolation

KONG_TYPES = (ActionType.CONCEALED_KONG, ActionType.ADDED_KONG)
_WAITS_SHOWN = 4
"""Waits a reason names before "and more" (a 财神 can make a hand wait on most of the tiles)."""


def wait_text(an: Analysis, shape: Shape) -> tuple[str, str]:
    """Short zh/en description of a shape: waits with unseen counts, 暴头, or how far from ready (向听) with the
    useful tiles."""
    if shape.baotou:
        return "暴头，摸什么都胡", "baotou: any tile wins"
    if shape.qike:
        return "七客，摸什么都胡", "qike: any tile wins"
    if shape.shanten == 0:
        shown = [(tile_names(f), an.unseen_face[f]) for f in shape.improving[:_WAITS_SHOWN]]
        more = len(shape.improving) > len(shown)
        zh = "、".join(f"{names[0]}×{n}" for names, n in shown) + ("等" if more else "")
        en = ", ".join(f"{names[1]} ×{n}" for names, n in shown) + (" and more" if more else "")
        return f"听{zh}（共 {shape.ukeire} 张）", f"waits on {en} ({shape.ukeire} tiles)"
    return f"向听 {shape.shanten}，有效牌 {shape.ukeire} 张", f"{shape.shanten} from ready, {shape.ukeire} useful tiles"


class NormalBot(Bot):
    """Wall efficiency with wildcards: shanten first, then useful-tile count; keeps 财神."""

    name = "normal"

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
        return Decision(win, "胡牌", "win")

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
                return Decision(a, "只能打这张（抓打）", "the only legal discard (抓打)")
            zh, en = wait_text(an, an.after_discard(a.tile))
            return Decision(a, f"只能打这张；{zh}", f"the only legal discard; {en}")
        if best is None:
            return Decision(discards[0], "只剩财神可打", "only wildcards left to discard")
        a, shape = best
        zh, en = wait_text(an, shape)
        zh_t, en_t = tile_names(a.tile)
        return Decision(a, f"打{zh_t}，{zh}", f"discard {en_t}: {en}")

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
                return Decision(k, "开杠，不影响牌型", "kong: the hand stays as good")
        return None

    def on_claim(self, an: Analysis) -> Decision:
        """Claim window: pong/chow/直杠 only when it brings the hand closer to ready."""
        legal = an.view.legal
        pass_action = next(a for a in legal if a.type is ActionType.PASS)
        tile = an.view.claim_tile
        if tile is None:
            return Decision(pass_action, "过", "pass")
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
            return Decision(pass_action, "过：吃碰无益", "pass: the claim does not help")
        _, a, sh = best
        zh, en = wait_text(an, sh)
        return Decision(a, f"{a.type.chinese}，{zh}", f"{a.type.value}: {en}")

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Whether a chow or pong is worth making: it must lower the shanten."""
        return after.shanten < now

    def exposed_kong_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Whether a 直杠 is worth making: it must not set the hand back."""
        return after.shanten <= now
