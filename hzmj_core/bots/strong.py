"""高手 (strong): plays for points as Hangzhou players do, from its own view only.

On top of the normal bot's tile efficiency it

* weighs discards by expected value: the chance to win (useful tiles, draws left) times what the win pays,
  so it prefers a 暴头 or 七客 wait ("any tile wins") to a wider plain wait, and keeps its 财神;
* when a win is on the table, compares winning now with going on: a 飘 (discard the drawn 财神 and win the
  next draw as 财飘), a kong that keeps 暴头 (杠暴 on the replacement), or declining a plain win to wait in
  暴头 — by the expected value given the wall left (the next draw must come before the last 20 tiles) and the
  threat of the others (a player who has just 飘'd is about to win; so is a player with many melds);
* respects the 抓打 freeze (a bound player cannot win on a discard) and exploits it (a 飘 stops the others
  from claiming or winning on discards until its next own draw);
* never makes the third claim on one player (三摊) that would make it pay double under 承包 unless the
  claim makes it ready with a good wait, and avoids feeding a third claim to a player who already has two
  on it;
* defends when discard wins are live (3老, rules.md §9): each discard's danger is the chance that a player who
  may win on it (dealer against non-dealer) is ready and waiting on it, times what it would cost; it folds a
  far hand and pushes a close one;
* uses the match score: near 0 points it defends harder, and when a win would end the game with it ahead
  it takes the win.
"""

from __future__ import annotations

from ..actions import Action, ActionType
from ..analysis import Analysis, Shape
from ..claims import FINAL_WALL, may_win_on_discard
from ..fan import WinType, evaluate_win
from ..reasons import because
from ..tiles import TILE_NAMES
from ..view import SeatView
from .advanced import KONG_TYPES, AdvancedBot, shape_reasons
from .base import Decision
from .heuristics import LAST_CALL, discard_wins_live, isolation, just_piaoed, tan_cap


def _tenpai_prob(view: SeatView, seat: int) -> float:
    """Rough chance that ``seat`` is ready, from what is public: its melds and how long it has played."""
    n = len(view.discards[seat])
    k = len(view.melds[seat])
    return min(0.9, 0.04 + 0.035 * n + 0.13 * k)


def _win_type(view: SeatView) -> tuple[WinType, int]:
    """How the current self-drawn win would be scored (the view knows its own chain)."""
    if view.drawn is None:
        return WinType.DEALER_FIRST, 0
    trailing = view.kongs_this_turn()
    if trailing:
        return WinType.REPLACEMENT, trailing
    return WinType.SELF_DRAW, 0


class StrongBot(AdvancedBot):
    """Expected-value play with 暴头/飘/杠暴, defence at 3老, 摊/承包 awareness and the match score."""

    name = "strong"

    # ------------------------------------------------------------------ risk model

    def threats(self, an: Analysis) -> list[tuple[int, float]]:
        """Per other seat, the chance it wins on its next draw (self-draw threat), from public information."""
        v = an.view
        out: list[tuple[int, float]] = []
        for s in range(4):
            if s == v.seat:
                continue
            if just_piaoed(v, s):
                out.append((s, 0.9))
            else:
                out.append((s, _tenpai_prob(v, s) * 0.12))
        return out

    def can_ron_me(self, view: SeatView, o: int) -> bool:
        """Whether seat ``o`` could win on a natural discard of ours now (rules.md §9, freeze, 暴头 after a 飘)."""
        # Our natural discard lifts a freeze that we own, before anybody may claim it.
        owner = None if view.freeze_owner == view.seat else view.freeze_owner
        if not may_win_on_discard(view.options, view.dealer, view.streak, owner, o, view.seat):
            return False
        return not just_piaoed(view, o)

    danger_base: tuple[float, float, float, float] = (0.07, 0.09, 0.11, 0.06)
    """Chance that a ready seat waits on a face: terminal, 2 or 8, middle suit tile, honour."""
    danger_live: tuple[float, float, float, float, float] = (0.25, 1.0, 1.0, 1.0, 1.0)
    """Factor on that chance by how many copies of the face are unseen (0, 1, 2, 3, 4+)."""
    danger_genbutsu = 0.3
    """Factor on that chance when the seat has discarded the face itself."""

    def ready_prob(self, view: SeatView, seat: int) -> float:
        """Chance that ``seat`` is ready, as the danger of a discard assumes it."""
        return _tenpai_prob(view, seat)

    def danger(self, an: Analysis, tile: int) -> float:
        """Expected points lost by discarding ``tile``: someone allowed to win on it is ready on it
        (:meth:`ready_prob` times the chance of a wait on its face, :attr:`danger_base` and its factors,
        times what the win would cost)."""
        v = an.view
        wc = an.wc
        if wc.is_wild(tile):
            return 0.0
        face = wc.face(tile)
        if face < 27:
            r = face % 9
            base = self.danger_base[0 if r in (0, 8) else 1 if r in (1, 7) else 2]
        else:
            base = self.danger_base[3]
        base *= self.danger_live[min(an.unseen_face[face], 4)]
        total = 0.0
        for o in range(4):
            if o == v.seat or not self.can_ron_me(v, o):
                continue
            b = base
            if any(wc.face(t) == face for t, _ in v.discards[o]):
                b *= self.danger_genbutsu
            cost = an.loss_if_wins(o, 0, payer=v.seat)
            total += self.ready_prob(v, o) * b * cost
        return total

    def feed_penalty(self, an: Analysis, tile: int) -> float:
        """Cost of letting a seat that already has two 摊 on us make the third (we would pay its wins)."""
        v = an.view
        if not v.options.three_tan_chengbao or an.wc.is_wild(tile) or v.remaining <= FINAL_WALL:
            return 0.0
        face = an.wc.face(tile)
        out = 0.0
        for o in range(4):
            if o == v.seat or v.tan[o][v.seat] != 2 or tan_cap(v, o, v.seat) is not None:
                continue
            p = 0.15 if an.unseen_face[face] >= 2 else 0.0
            if o == (v.seat + 1) % 4 and face < 27:
                p += 0.15
            out += 0.5 * p * an.loss_if_wins(o, 0)
        return out

    def risk_weight(self, view: SeatView) -> float:
        """How much the bot fears losses: more when its points are low (the match score)."""
        if view.points is None:
            return 1.0
        mine = view.points[view.seat]
        return 1.6 if mine <= 15 else 1.0

    # ------------------------------------------------------------------ values

    far_factor = 0.45
    """Factor on a far shape's chance to win for each tile it is from ready (the expert's, too: 0.30 and others
    were measured against it, docs/research/EXPERIMENTS.md)."""

    ron_factor = 1.3
    """Factor on a ready hand's chance to win when discard wins are live (3老): it may also win on a discard."""

    def far_factor_for(self, an: Analysis) -> float:
        """The factor per tile from ready in this position (strong: :attr:`far_factor` always)."""
        return self.far_factor

    def shape_value(self, an: Analysis, sh: Shape, chain_piao: int = 0) -> float:
        """Expected points of a 3n+1 shape: chance to win in the draws left times what the win pays."""
        draws = an.my_draws()
        if sh.shanten == 0:
            if sh.baotou or sh.qike:
                fan = (2 if sh.qike else 1) + chain_piao
                p = an.p_ready_win(an.unseen_total, draws)
            else:
                fan = 0
                p = an.p_ready_win(sh.draws, draws)
                if discard_wins_live(an.view):
                    p = min(1.0, p * self.ron_factor)
            return p * an.win_gain(fan)
        p = an.p_ready_win(sh.draws, draws) * self.far_factor_for(an) ** sh.shanten
        wild_bonus = 1.0 + 0.5 * min(an.w, 1)
        return p * an.win_gain(0) * wild_bonus

    def current_fan(self, an: Analysis) -> int:
        """Fan of the self-drawn win available now (0 if it cannot be scored)."""
        v = an.view
        wtype, m_turn = _win_type(v)
        ev = evaluate_win(list(v.hand), an.melds, v.drawn, wtype, an.wc, chain=v.chain, m_turn=m_turn,
                          must_baotou=v.options.must_baotou)
        return 0 if ev is None else ev.fan

    # ------------------------------------------------------------------ decisions

    def on_win(self, an: Analysis, win: Action) -> Decision:
        """Win now, or go for more (飘, 杠暴, waiting in 暴头) when that is worth more."""
        v = an.view
        if v.phase.value != "act":
            return Decision(win, (because("win_on_discard"),))
        fan = self.current_fan(an)
        now = an.win_gain(fan)
        if self.win_ends_game_ahead(an, now):
            return Decision(win, (because("win_ends_game", seat=v.seat),))
        best: tuple[float, Decision] | None = None
        piao = v.chain.count("piao")
        kongs = v.chain.count("kong")
        for k in v.legal:
            if k.type not in KONG_TYPES:
                continue
            if k.type is ActionType.ADDED_KONG and v.options.rob_kong:
                continue
            c, w = an.without(k.tiles)
            melds = an.melds + (1 if k.type is ActionType.CONCEALED_KONG else 0)
            sh = an.shape(c, w, melds)
            if sh.baotou:
                value = float(an.win_gain(1 + piao + kongs + 1))
                if value > now and (best is None or value > best[0]):
                    best = (value, Decision(k, (because("gangbao"),)))
        if v.remaining >= LAST_CALL:
            others = self.threats(an)
            p_other = min(0.95, sum(p for _, p in others))
            loss = sum(p * an.loss_if_wins(o, 1) for o, p in others)
            for a in v.legal:
                if a.type is not ActionType.DISCARD:
                    continue
                t = a.tile
                wild = an.wc.is_wild(t)
                sh = an.after_discard(t)
                if not (sh.baotou or sh.qike):
                    continue
                n = piao + 1 if wild else 0
                m = kongs if wild else 0
                f_next = max(1 + n + m if sh.baotou else 0, 2 + n if sh.qike else 0)
                risk = p_other if wild else min(0.95, p_other * 1.5)
                value = (1 - risk) * an.win_gain(f_next) - loss * self.risk_weight(v)
                if not wild:
                    value -= self.danger(an, t) * self.risk_weight(v)
                if value > now and (best is None or value > best[0]):
                    why = ((because("piao_fan", fan=f_next), because("wall_left", remaining=v.remaining)) if wild
                           else (because("decline_baotou_fan", fan=f_next),))
                    best = (value, Decision(a, why))
        if best is not None:
            return best[1]
        if v.remaining < LAST_CALL and an.w > 0:
            return Decision(win, (because("win_last_tiles", remaining=v.remaining),))
        return Decision(win, (because("win"),))

    def win_ends_game_ahead(self, an: Analysis, gain: int) -> bool:
        """A non-dealer win that leaves somebody at ≤ 0 ends the game; take it when we finish first."""
        v = an.view
        if v.points is None or v.seat == v.dealer:
            return False
        pts = list(v.points)
        pts[v.seat] += gain
        others = [s for s in range(4) if s != v.seat]
        for s in others:
            pts[s] -= an.loss_if_wins(v.seat, 0) if s == v.dealer else 0
        return any(p <= 0 for p in pts) and pts[v.seat] == max(pts)

    def rank_discards(self, an: Analysis, discards: list[Action]) -> tuple[Action, Shape] | None:
        """Efficiency first (shanten, then useful tiles); among ready shapes the best expected value (暴头 pays
        double); when discard wins are live, expected value minus danger decides (fold a far hand)."""
        v = an.view
        weight = self.risk_weight(v)
        live = discard_wins_live(v) and any(self.can_ron_me(v, o) for o in range(4) if o != v.seat)
        sht = {a.tile: an.shanten_after(a.tile) for a in discards if not an.wc.is_wild(a.tile)}
        if not sht:
            return None
        low = min(sht.values())
        reach = low + 1 if live else low
        scored = [(a, an.after_discard(a.tile)) for a in discards if sht.get(a.tile, 99) <= reach]
        best: tuple[tuple[float, int, float, int], Action, Shape] | None = None
        for a, sh in scored:
            t = a.tile
            if live:
                value = self.shape_value(an, sh) - weight * self.danger(an, t) - self.feed_penalty(an, t)
                key = (-value, sh.shanten, -sh.draws, isolation(an.counts, an.wc.face(t)))
            elif sh.shanten != low:
                continue
            else:
                value = self.shape_value(an, sh) if low == 0 else float(sh.draws)
                value -= self.feed_penalty(an, t)
                key = (-value, sh.shanten, isolation(an.counts, an.wc.face(t)), t)
            if best is None or key < best[0]:
                best = (key, a, sh)
        return None if best is None else (best[1], best[2])

    def on_act(self, an: Analysis) -> Decision:
        """Like normal, with the reason telling when it defends."""
        d = super().on_act(an)
        v = an.view
        if d.action.type is ActionType.DISCARD and discard_wins_live(v) and not an.wc.is_wild(d.action.tile):
            eff = AdvancedBot.rank_discards(self, an, [a for a in v.legal if a.type is ActionType.DISCARD])
            mine = an.after_discard(d.action.tile)
            if eff is not None and (eff[1].shanten, -eff[1].draws) < (mine.shanten, -mine.draws):
                return Decision(d.action, (because("defence_live", tile=TILE_NAMES[d.action.tile]), *d.why))
        return d

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Normal's rule, minus a third 摊 that would make us liable (承包) unless it makes us ready and wide."""
        return after.shanten < now and not self.third_tan_bad(an, action, after)

    def exposed_kong_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Normal's rule, minus a third 摊."""
        return after.shanten <= now and not self.third_tan_bad(an, action, after)

    def third_tan_bad(self, an: Analysis, action: Action, after: Shape) -> bool:
        """True if the claim would be our third counted claim on the discarder without a strong reason."""
        v = an.view
        src = v.claim_from
        if src is None or not v.options.three_tan_chengbao or v.tan[v.seat][src] < 2:
            return False
        counted = action.type is ActionType.CHOW or v.options.pong_counts_as_tan
        return counted and not (after.shanten == 0 and (after.baotou or after.draws >= 8))

    def on_claim(self, an: Analysis) -> Decision:
        """Normal's claim choice, with the 三摊 reason when it passes for that."""
        d = super().on_claim(an)
        v = an.view
        src = v.claim_from
        if (d.action.type is ActionType.PASS and src is not None and v.tan[v.seat][src] >= 2
                and v.options.three_tan_chengbao
                and any(a.type in (ActionType.CHOW, ActionType.PONG, ActionType.EXPOSED_KONG) for a in v.legal)):
            return Decision(d.action, (because("third_tan", seat=v.seat, discarder=src),))
        return d


__all__ = ["StrongBot", "shape_reasons"]
