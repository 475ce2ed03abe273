"""Paired duplicate test of an idea for the expert 大师 (issue 11): the variant and today's expert each sit at one
seat against three strongs on the very same walls, and the per-wall difference is what is reported.

Run: ``python benchmarks/paired_expert.py --variant far030 --seed 2031 [--walls 2000] [--workers 2]``.

Each of the ``--walls`` walls is dealt from the seed as the arena deals it (:func:`hzmj_core.arena.deal_params`:
random dealer, the arena's streak mix) and played four times, the tested kind at every seat in turn
(8,000 hands for 2,000 walls), first by ``expert`` and then by the variant. As long as the variant decides as
the expert does, the two games are identical move for move; after its first different decision they part. The
per-wall difference of the tested seat's points therefore carries no luck of the deal, and its standard error
is two to three times smaller than that of either run's own mean. The report gives both means (the expert's is
the arena's figure for that seed: ``arena --hands 8000 --seed S --seats expert,strong,strong,strong
--duplicate``), the difference a hand ± one standard error, overall and by dealer streak L, and how many
walls the variant changed at all. The expert's run is cached in ``.cache/paired/`` (it depends only on the
code, the seed and the wall count), so a second variant on the same seed costs one run; the variant's rows are
written there too.

The variants below are ideas measured against the expert and not kept (benchmarks/EXPERIMENTS.md, "What did not
help"). They are kept here, runnable, so that nobody has to rebuild them to check a figure or to try other weights.
A new idea is a subclass of :class:`~hzmj_core.bots.ExpertBot` added to :data:`VARIANTS`. Lesson from earlier
sessions: one seed's difference has a standard error of 0.03-0.05 a hand when an idea changes many decisions, so a
gain must hold on several seeds (the eight of benchmarks/EXPERIMENTS.md) before it means anything.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import replace
from multiprocessing import get_context
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from fit_claim_odds import face_class
from horizon import Horizon

from hzmj_core.actions import Action, ActionType
from hzmj_core.analysis import Analysis, Shape, cached_improving, cached_shanten, claimable_seats
from hzmj_core.arena import deal_params, play_wall
from hzmj_core.bots import BOTS, Decision, ExpertBot
from hzmj_core.bots.draw_ahead import _best_discard_value, value_after_draw
from hzmj_core.bots.eval import discard_wins_live, tan_cap
from hzmj_core.bots.strong import _LAST_CALL, StrongBot
from hzmj_core.bots.wall_odds import draw_shares
from hzmj_core.fan import WinEvaluation
from hzmj_core.hand import is_seven_pairs, seven_pairs_shanten, standard_shanten
from hzmj_core.options import Options
from hzmj_core.tiles import NUM_KINDS
from hzmj_core.view import SeatView

ROOT = Path(__file__).resolve().parent.parent
Row = tuple[int, int, int, int]
"""One wall: (wall number, streak L, the tested seat's points over the four seatings, its wins)."""


class AvoidedLoss(ExpertBot):
    """A win is also worth the losses it prevents: a shape is valued at p × (gain + A), a win in the draw-ahead at
    gain + A, where A is what the hand costs us on average if another seat wins it (a third of the three
    seats' self-draw costs, with their average fan). A constant would not change a choice; A does because p
    differs between the shapes compared."""

    name = "avoid"
    everywhere = True
    fan_boost = 1.15

    def avoided(self, an: Analysis) -> float:
        """What the hand is expected to cost us if we do not win it (A)."""
        me = an.view.seat
        return sum(an.loss_if_wins(o, 0) for o in range(4) if o != me) * self.fan_boost / 3.0

    def valued(self, an: Analysis, sh: Shape, chain_piao: int, extra: float) -> float:
        """Strong's shape value with ``extra`` points added to every win it counts."""
        draws = an.my_draws()
        if sh.shanten == 0:
            if sh.baotou or sh.qike:
                fan = (2 if sh.qike else 1) + chain_piao
                p = an.p_ready_win(an.unseen_total, draws)
            else:
                fan = 0
                p = an.p_ready_win(sh.draws, draws)
                if discard_wins_live(an.view):
                    p = min(1.0, p * 1.3)
            return p * (an.win_gain(fan) + extra)
        p = an.p_ready_win(sh.draws, draws) * 0.45**sh.shanten
        return p * (an.win_gain(0) * (1.0 + 0.5 * min(an.w, 1)) + extra)

    def shape_value(self, an: Analysis, sh: Shape, chain_piao: int = 0) -> float:
        """The avoided loss in every shape value (or, with ``everywhere`` off, only in the draw-ahead)."""
        if not self.everywhere:
            return super().shape_value(an, sh, chain_piao)
        return self.valued(an, sh, chain_piao, self.avoided(an))

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """The expert's draw-ahead with the avoided loss in its wins and its kept hands."""
        cands = self.ahead_candidates(an, vals)
        if not cands:
            return {}
        v = an.view
        live = self.live_threat(v)
        weight = self.risk_weight(v)
        melds = an.melds
        extra = self.avoided(an)

        def leaf(c: list[int], w: int) -> float:
            return self.valued(an, an.shape(c, w, melds), 0, extra)

        def win_value(ev: WinEvaluation) -> float:
            return float(an.win_gain(ev.fan)) + extra

        out: dict[int, float] = {}
        for t in cands:
            kept = list(v.hand)
            kept.remove(t)
            value = value_after_draw(kept, melds, an.draw_kind, an.wc, leaf, win_value, v.options.must_baotou)
            if live:
                value -= weight * self.danger(an, t)
            out[t] = value - self.feed_penalty(an, t)
        return out


class AvoidedLossAhead(AvoidedLoss):
    """:class:`AvoidedLoss` in the draw-ahead only (the static ranking and the defence unchanged)."""

    name = "avoid-ahead"
    everywhere = False


class Race(ExpertBot):
    """Competing risks: a wait wins only if its tile comes before another seat wins. Per round of draws we win
    with q = useful / unseen and the others with 1 − Π(1 − h), h each seat's fitted chance to win on a draw
    (:meth:`ExpertBot.self_draw_threat`'s fit, taken halfway through the draws left), so the chance to win in
    d rounds is q (1 − x^d) / (1 − x) with x = (1 − q) Π(1 − h), instead of strong's 1 − (1 − q)^d."""

    name = "race"
    everywhere = True
    _ahead = False

    def p_race(self, an: Analysis, useful: float, draws: float) -> float:
        """Chance to self-draw one of ``useful`` tiles before another seat wins, in ``draws`` own draws."""
        if draws <= 0 or useful <= 0:
            return 0.0
        v = an.view
        q = min(1.0, useful / an.unseen_total)
        keep = 1.0
        for o in range(4):
            if o != v.seat:
                river = len(v.discards[o]) + draws / 2.0
                keep *= 1.0 - min(0.3, 0.011 * max(0.0, river - 2) + 0.005 * len(v.melds[o]))
        x = (1.0 - q) * keep
        return q * (1.0 - x ** int(draws + 0.5)) / (1.0 - x)

    def raced(self, an: Analysis, sh: Shape, chain_piao: int) -> float:
        """Strong's shape value with :meth:`p_race` as the chance to win."""
        draws = an.my_draws()
        if sh.shanten == 0:
            if sh.baotou or sh.qike:
                return self.p_race(an, an.unseen_total, draws) * an.win_gain((2 if sh.qike else 1) + chain_piao)
            p = self.p_race(an, sh.draws, draws)
            if discard_wins_live(an.view):
                p = min(1.0, p * 1.3)
            return p * an.win_gain(0)
        p = self.p_race(an, sh.draws, draws) * 0.45**sh.shanten
        return p * an.win_gain(0) * (1.0 + 0.5 * min(an.w, 1))

    def shape_value(self, an: Analysis, sh: Shape, chain_piao: int = 0) -> float:
        """The raced value everywhere (or, with ``everywhere`` off, only inside the draw-ahead)."""
        if self.everywhere or self._ahead:
            return self.raced(an, sh, chain_piao)
        return super().shape_value(an, sh, chain_piao)

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """The expert's draw-ahead, its kept hands valued by :meth:`raced`."""
        self._ahead = True
        try:
            return ExpertBot.ahead_values(self, an, vals)
        finally:
            self._ahead = False


class RaceAhead(Race):
    """:class:`Race` in the draw-ahead only."""

    name = "race-ahead"
    everywhere = False


class Far030(ExpertBot):
    """Strong's factor for each tile a hand is from ready (:attr:`~hzmj_core.bots.strong.StrongBot.far_factor`)
    0.30 instead of 0.45."""

    name = "far030"
    far_factor = 0.30


def _logit_p(beta: Sequence[float], shanten: int, useful: float, unseen: int, draws: float, wild: int,
             melds: int) -> float:
    """Chance to win the hand from a shape, by a logistic fit to the expert's own play (see :class:`Calibrated`)."""
    if draws <= 0:
        return 0.0
    k = 3 * min(shanten, 3)
    z = (beta[k] + beta[k + 1] * math.log(useful / unseen * draws + 0.05) + beta[k + 2] * math.log(draws + 1.0)
         + beta[12] * (1.0 if wild > 0 else 0.0) + beta[13] * melds)
    return 1.0 / (1.0 + math.exp(-z))


def _with_own_value(bot: ExpertBot, an: Analysis, value: float, risk: float) -> float:
    """A deal-in's expected cost ``risk`` scaled so that it also loses the kept hand's ``value``."""
    if risk <= 0.0 or value <= 0.0:
        return risk
    v = an.view
    cost = next((an.loss_if_wins(o, 0, payer=v.seat) for o in range(4) if o != v.seat and bot.can_ron_me(v, o)), 0)
    return risk * (1.0 + value / cost) if cost > 0 else risk


class Calibrated(ExpertBot):
    """At 3老 (discard wins live) a shape is worth its chance to win as measured in the expert's own play against
    three strongs, not strong's formula: a logistic fit by shanten of log(useful / unseen × draws) and log(draws),
    a 财神 in hand and the melds, one fit for the dealer and one for the others (6,000 3老 hands of seed 78);
    暴头/七客 waits at 0.88 of strong's any-tile chance. The formula overrates ready hands about twice at 3老
    (it counts neither the others' wins nor their defence), so against the danger of a discard it pushed too much.
    A deal-in also loses the hand's own value: the danger counts the win's cost plus that value."""

    name = "cal3"
    beta_dealer: tuple[float, ...] = (
        -2.754, 0.501, 1.023, -8.534, 0.569, 2.768, -9.292,
        0.597, 2.708, -13.229, 0.184, 4.159, 0.782, -0.072)
    beta_other: tuple[float, ...] = (
        -3.275, 1.406, 0.870, -9.768, 0.827, 2.909, -16.045,
        0.842, 4.809, -15.669, 0.452, 4.537, 0.704, -0.188)
    bq_factor = 0.88
    own_value = True

    def calibrated(self, an: Analysis) -> bool:
        """Whether this position uses the fitted chances (3老 only)."""
        return discard_wins_live(an.view)

    def beta(self, an: Analysis) -> tuple[float, ...]:
        """The fit for this seat: the dealer's or the others'."""
        v = an.view
        return self.beta_dealer if v.seat == v.dealer else self.beta_other

    def shape_value(self, an: Analysis, sh: Shape, chain_piao: int = 0) -> float:
        """The fitted chance to win times what the win pays (strong's value where :meth:`calibrated` says no)."""
        if not self.calibrated(an):
            return super().shape_value(an, sh, chain_piao)
        draws = an.my_draws()
        if sh.shanten == 0 and (sh.baotou or sh.qike):
            fan = (2 if sh.qike else 1) + chain_piao
            return self.bq_factor * an.p_ready_win(an.unseen_total, draws) * an.win_gain(fan)
        return _logit_p(self.beta(an), sh.shanten, sh.draws, an.unseen_total, draws, an.w, an.melds) * an.win_gain(0)

    def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
        """The danger with the hand's own value lost in a deal-in added to what the win costs us."""
        risk = super().discard_risk(an, tile, value)
        return _with_own_value(self, an, value, risk) if self.own_value else risk


class CalibratedNoOwn(Calibrated):
    """:class:`Calibrated` without the hand's own value in the danger."""

    name = "cal3-noown"
    own_value = False


class OwnValue(ExpertBot):
    """Only the hand's own value added to a deal-in's cost (strong's shape values)."""

    name = "own3"

    def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
        """The danger with the hand's own value lost in a deal-in added to what the win costs us."""
        return _with_own_value(self, an, value, super().discard_risk(an, tile, value))


class CalibratedCalm(Calibrated):
    """Away from 3老 (no discard wins), a shape is worth its fitted chance to win times what the win pays (a
    logistic fit like :class:`Calibrated`'s, to 8,000 hands of the arena's mix at L = 1 and 2, seed 77); at 3老
    strong's values. Strong's formula overrates ready hands about twice and a far hand's useful tiles hardly
    count, which sets the draw-ahead's kept hands against its immediate wins."""

    name = "cal12"
    own_value = False
    beta_calm: tuple[float, ...] = (
        -2.765, 0.872, 0.693, -7.652, 0.669, 2.233, -11.409,
        0.593, 3.354, -13.201, 0.143, 4.025, 0.695, -0.154)

    def calibrated(self, an: Analysis) -> bool:
        """Whether this position uses the fitted chances (away from 3老 only)."""
        return not discard_wins_live(an.view)

    def beta(self, an: Analysis) -> tuple[float, ...]:
        """One fit for every seat."""
        return self.beta_calm


class LiveWeights(ExpertBot):
    """At 3老 only (discard wins live), other weights in strong's value of a shape: the factor per tile from ready
    (the expert's :attr:`~hzmj_core.bots.ExpertBot.far_live`), the factor on a ready hand's chance for the
    discards it can win on (:attr:`ready_live`, strong's 1.3), the danger's weight (:attr:`danger_live_weight`),
    the dealer's (the expert's :attr:`~hzmj_core.bots.ExpertBot.dealer_danger`) and the useful-tile ratio of a
    wider claim (:attr:`wider_live`, the expert's :attr:`~hzmj_core.bots.ExpertBot.wider_ratio_live`). Built by name:
    ``live:far=0.3,ready=1.3,danger=1.0,dealer=0.5,wider=1.3`` (any subset; the others as the expert has them).
    ``live:far=0.45,dealer=1.0`` is the tenth session's expert at 3老."""

    name = "live"
    ready_live = 1.3
    danger_live_weight = 1.0
    wider_live = ExpertBot.wider_ratio_live

    def decide(self, view: SeatView) -> Decision:
        """The expert's decision, with :attr:`ready_live` when discard wins are live (they are for the whole hand
        or not at all: the streak decides)."""
        live = discard_wins_live(view)
        self.ron_factor = self.ready_live if live else ExpertBot.ron_factor
        self.wider_ratio_live = self.wider_live
        return super().decide(view)

    def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
        """The expert's danger times :attr:`danger_live_weight`."""
        return self.danger_live_weight * super().discard_risk(an, tile, value)


class CalibratedCalmAhead3(CalibratedCalm):
    """:class:`CalibratedCalm` with the draw-ahead from three tiles from ready: with strong's value the kept hands
    of a far hand are worth nearly the same whatever their useful tiles (its chance saturates), so drawing ahead
    from three was only a count of useful draws; with the fitted chance it weighs what each draw leaves."""

    name = "cal12a3"

    def decide(self, view: SeatView) -> Decision:
        """Three from ready only away from 3老 (the expert's two there; the streak decides for the whole hand)."""
        self.ahead_from = ExpertBot.ahead_from if discard_wins_live(view) else 3
        return super().decide(view)


class WallOdds(ExpertBot):
    """Away from 3老, useful tiles and next draws weighed by each unseen copy's chance to lie in the live wall
    (牌墙估计, :mod:`hzmj_core.bots.wall_odds`, fitted by ``benchmarks/fit_wall_odds.py``)."""

    name = "wall"
    wall_odds = True


class ReadyWallAnalysis(Analysis):
    """The wall odds for the draws a hand wins with only: a ready hand's waits and the next draw, while a far hand
    keeps its plain useful tiles (it also improves on the others' discards, by claiming them, and those come from
    their hands)."""

    def shape(self, counts: Sequence[int], w: int, melds: int | None = None) -> Shape:
        """As :meth:`Analysis.shape`, with a far hand's draws its plain useful tiles."""
        got = super().shape(counts, w, melds)
        if got.shanten > 0 and got.draws != got.ukeire:
            got = replace(got, draws=float(got.ukeire))
            self._shapes[(bytes(counts), w, self.melds if melds is None else melds)] = got
        return got


class WallOddsReady(ExpertBot):
    """Away from 3老, the wall odds for a ready hand's waits and the next draw only (:class:`ReadyWallAnalysis`)."""

    name = "wall-ready"

    def analysis(self, view: SeatView) -> Analysis:
        """The analysis with the winning draws weighed away from 3老."""
        an = ReadyWallAnalysis(view)
        if not discard_wins_live(view):
            an.weigh_draws(draw_shares(an))
        return an


class WallOddsEverywhere(ExpertBot):
    """The wall odds at 3老 too."""

    name = "wall-all"

    def analysis(self, view: SeatView) -> Analysis:
        """The analysis with the draws weighed whatever the streak."""
        an = Analysis(view)
        an.weigh_draws(draw_shares(an))
        return an


def spec_variant(spec: str) -> Callable[[int], ExpertBot]:
    """A subclass of a family's class from ``family:key=X,key=Y`` (:data:`FAMILIES`), e.g. ``live:far=0.3``."""
    family, _, rest = spec.partition(":")
    base, names = FAMILIES[family]
    attrs: dict[str, object] = {"name": spec}
    for part in rest.split(","):
        if part:
            key, _, value = part.partition("=")
            attrs[names[key]] = float(value)
    return type(base.__name__ + "Spec", (base,), attrs)


class Tenth(ExpertBot):
    """The expert of the tenth session: without the eleventh's claims that free the 财神 for 暴头
    (:attr:`~hzmj_core.bots.ExpertBot.baotou_claims`), the factor 0.30 per tile from ready at 3老
    (:attr:`~hzmj_core.bots.ExpertBot.far_live`) and the dealer's danger ×0.5 there
    (:attr:`~hzmj_core.bots.ExpertBot.dealer_danger`). Paired with today's expert it gives the
    eleventh session's difference in benchmarks/EXPERIMENTS.md with the sign turned."""

    name = "tenth"
    baotou_claims = False
    far_live = None
    dealer_danger = 1.0


class NoBaotouClaims(ExpertBot):
    """Today's expert without the claims that free the 财神 for 暴头 (what they add by themselves)."""

    name = "no-bclaim"
    baotou_claims = False


class Declinable(ExpertBot):
    """The draw-ahead values a drawn plain win by what the win decision would make of it: the win, or declining
    it with a discard that leaves 暴头/七客 state (a sure win of more fan on the next draw, unless another seat
    wins first), as :meth:`~hzmj_core.bots.ExpertBot.going_on` judges it with the others' threat of now."""

    name = "declinable"

    def drawn_win_value(self, an: Analysis, kept: Sequence[int], ev: WinEvaluation) -> float:
        """The win, or declining it for 暴头/七客 (or a 飘 with a second 财神), whichever is worth more."""
        now = float(an.win_gain(ev.fan))
        if ev.winning_tile is None or an.view.remaining - 4 < _LAST_CALL or ev.fan > 1:
            return now
        c, w = an.wc.split([*kept, ev.winning_tile])
        if w == 0:
            return now
        best = 0
        for f in range(NUM_KINDS):
            if c[f]:
                c[f] -= 1
                sh = an.shape(c, w)
                c[f] += 1
                best = max(best, 1 if sh.baotou else 0, 2 if sh.qike else 0)
        if w >= 2:
            sh = an.shape(c, w - 1)
            best = max(best, 2 if sh.baotou else 0, 3 if sh.qike else 0)
        if not best:
            return now
        keep, loss = self.others_first(an)
        return max(now, keep * an.win_gain(best) - self.risk_weight(an.view) * loss)

class CalmBaotouClaims(ExpertBot):
    """The eleventh session's expert without the claims that free the 财神 for 暴头 at 3老 (bclaim alone lost
    there: −0.026 and −0.031 an L=3 hand on seeds 2031 and 2032). Kept in the twelfth session: the expert's
    default (:attr:`~hzmj_core.bots.ExpertBot.baotou_claims_live` off) now plays exactly so, and
    :class:`Eleventh` is the expert before it."""

    name = "bclaim-calm"

    def claim_nears_baotou(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Off when discard wins are live."""
        return not discard_wins_live(an.view) and super().claim_nears_baotou(an, action, after, now)


class Eleventh(ExpertBot):
    """The expert of the eleventh session: the claims that free the 财神 for 暴头 at 3老 too. Paired with today's
    expert (``--only 3``) it gives the twelfth-session difference in benchmarks/EXPERIMENTS.md
    with the sign turned."""

    name = "eleventh"
    baotou_claims_live = True

class CalmBaotouClaimsDealer025(CalmBaotouClaims):
    """:class:`CalmBaotouClaims` with the dealer's danger at 3老 ×0.25 instead of ×0.5."""

    name = "bclaim-calm-d025"
    dealer_danger = 0.25


class TempoPongs(ExpertBot):
    """At 3老 (discard wins live), also pong when the pong keeps the hand as near ready and no narrower and skips the
    draws of seats whose self-draw we fear: a pong passes the turn to us, so the seats between the discarder and us
    lose this draw. Each skipped seat counts its chance to win on a draw (:meth:`ExpertBot.self_draw_threat`)
    times what its self-draw would cost us; the pong is made when that sum reaches :attr:`tempo_min` points. A
    non-dealer fears the dealer (8 × 2^F a self-draw at 3老, the others 1 × 2^F); the dealer fears everyone."""

    name = "tempo"
    tempo_min = 0.5
    tempo_ratio = 1.0

    def skipped_threat(self, an: Analysis) -> float:
        """Points of self-draw threat in the draws a pong of the discard on the table would skip."""
        v = an.view
        src = v.claim_from
        if src is None:
            return 0.0
        out = 0.0
        o = (src + 1) % 4
        while o != v.seat:
            out += self.self_draw_threat(v, o) * an.loss_if_wins(o, 0)
            o = (o + 1) % 4
        return out

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """The expert's rule, or a pong at 3老 that skips enough threat (see the class docstring)."""
        if super().claim_ok(an, action, after, now):
            return True
        if (action.type is not ActionType.PONG or not discard_wins_live(an.view) or after.shanten > now
                or self.third_tan_bad(an, action, after)):
            return False
        if after.shanten == now and after.draws < self.tempo_ratio * an.shape(an.counts, an.w).draws:
            return False
        return self.skipped_threat(an) >= self.tempo_min


class StrongDealer3(ExpertBot):
    """As the dealer at 3老, strong's play (the expert's additions off for that seat and streak only). On seed
    2031's 3老 walls the expert as the dealer had scored 1.26 points a dealer hand less than strong in the same
    seat (and 2.58 more on seed 2032's); paired over six seeds this lost 0.115 a 3老 hand."""

    name = "strong-dealer3"

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._strong = StrongBot(seed)

    def decide(self, view: SeatView) -> Decision:
        """Strong's decision as the dealer when discard wins are live, else the expert's."""
        if view.seat == view.dealer and discard_wins_live(view):
            self.last_values = {}
            return self._strong.decide(view)
        return super().decide(view)


class AheadTop2(ExpertBot):
    """The draw-ahead over the best two discards of the static ranking instead of three (five had scored −0.020 a
    hand against three on the same 8,000 hands)."""

    name = "ahead2"
    ahead_top = 2


class RonByRole(ExpertBot):
    """At 3老, a ready hand's factor for the discards it may win on (strong's :attr:`ron_factor`, 1.3 for every seat)
    by role: the dealer may win on three seats' discards, a non-dealer on the dealer's only."""

    name = "ron"
    ron_dealer = 1.3
    ron_other = 1.3

    def decide(self, view: SeatView) -> Decision:
        """The expert's decision with the role's factor."""
        self.ron_factor = self.ron_dealer if view.seat == view.dealer else self.ron_other
        return super().decide(view)


class OriginAnalysis(Analysis):
    """An analysis that remembers the hand each of its shapes was judged from."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        self.origin: dict[int, tuple[list[int], int, int]] = {}

    def shape(self, counts: Sequence[int], w: int, melds: int | None = None) -> Shape:
        sh = super().shape(counts, w, melds)
        if id(sh) not in self.origin:
            self.origin[id(sh)] = (list(counts), w, self.melds if melds is None else melds)
        return sh


def _pairs_fan(c: Sequence[int], w: int) -> int:
    """Fan of 14 concealed tiles as seven pairs (七对子 1 + 豪华, 清七对 2 + 豪华), 0 if they are not."""
    if not is_seven_pairs(c, w):
        return 0
    return (1 if w else 2) + sum(1 for x in c if x == 4)


class SevenPairsFan(ExpertBot):
    """A ready hand's value counts the fan of each of its waits: a seven-pairs wait wins 七对子 (×2) or 清七对
    (×4), not the plain ×1 strong's value assumes; with :attr:`far_pairs` a far hand nearer seven pairs than
    the standard form is valued at 七对子's fan too."""

    name = "pairs"
    far_pairs = False

    def analysis(self, view: SeatView) -> Analysis:
        """The expert's analysis (wall odds and claim weights as it sets them), remembering each shape's hand."""
        an = OriginAnalysis(view)
        if not discard_wins_live(view):
            if self.wall_odds:
                an.weigh_draws(draw_shares(an))
            if self.claim_draws:
                an.weigh_claims(self.claim_draws, self.claim_tan_caps)
        return an

    def shape_value(self, an: Analysis, sh: Shape, chain_piao: int = 0) -> float:
        base = super().shape_value(an, sh, chain_piao)
        origin = getattr(an, "origin", {}).get(id(sh))
        if origin is None or sh.baotou or sh.qike or base <= 0:
            return base
        c, w, melds = origin
        if melds or sum(c) + w != 13:
            return base
        if sh.shanten == 0:
            total = mass = 0.0
            for f in sh.improving:
                u = an.draw_face[f]
                c[f] += 1
                total += u * an.win_gain(_pairs_fan(c, w))
                c[f] -= 1
                mass += u
            if sh.improving and an.draw_wild:
                total += an.draw_wild * an.win_gain(_pairs_fan(c, w + 1))
                mass += an.draw_wild
            if not mass or total == mass * an.win_gain(0):
                return base
            return base * total / (mass * an.win_gain(0))
        if self.far_pairs and seven_pairs_shanten(c, w) < standard_shanten(c, w):
            return base * an.win_gain(1 if w else 2) / an.win_gain(0)
        return base


class SevenPairsFanFar(SevenPairsFan):
    """:class:`SevenPairsFan` for far hands too."""

    name = "pairs-far"
    far_pairs = True


class HorizonAhead(ExpertBot):
    """The draw-ahead's candidates valued over all the draws left (:class:`horizon.Horizon`, 多巡推演) instead of
    over the next draw with strong's static value of the kept hands."""

    name = "horizon"
    horizon_max = 2
    horizon_calm = False

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """The best :attr:`ahead_top` natural discards by their value over the draws left, less the danger and the
        cost of feeding a third 摊."""
        cands = self.ahead_candidates(an, vals)
        if not cands:
            return {}
        v = an.view
        if self.horizon_calm and discard_wins_live(v):
            return ExpertBot.ahead_values(self, an, vals)
        live = self.live_threat(v)
        hz = Horizon(an.melds, an.draw_kind, an.wc, max(0, (v.remaining - 20) // 4), an.win_gain,
                     v.options.must_baotou, max(self.horizon_max, self.ahead_from + (1 if live else 0)))
        out: dict[int, float] = {}
        for t in cands:
            c, w = an.without((t,))
            value = hz.value(c, w)
            if live:
                value -= self.discard_risk(an, t, value)
            out[t] = value - self.feed_penalty(an, t)
        return out


class HorizonCalm(HorizonAhead):
    """:class:`HorizonAhead` away from 3老 only (at 3老 the expert's own draw-ahead: there the horizon, which knows
    nothing of discard wins, lost 0.745 a 3老 hand on seed 2031)."""

    name = "horizon-calm"
    horizon_calm = True


class HorizonClaims(ExpertBot):
    """Away from 3老, a chow or pong that leaves the hand as far from ready (within two of it) is made when the hand
    it leaves is worth more over the draws left (:class:`horizon.Horizon`) than the hand kept by passing, times
    :attr:`horizon_ratio`, instead of the 1.3× useful tiles rule."""

    name = "horizon-claims"
    horizon_ratio = 1.0

    def claim_widens(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """The horizon's comparison of claiming and passing (the 1.3× rule at 3老 and further than two from ready)."""
        v = an.view
        tile = v.claim_tile
        if discard_wins_live(v) or now > 2 or tile is None:
            return super().claim_widens(an, action, after, now)
        if not self.claim_wider or after.shanten != now or self.third_tan_bad(an, action, after):
            return False
        turns = max(0, (v.remaining - 20) // 4)
        keep = Horizon(an.melds, an.draw_kind, an.wc, turns, an.win_gain, v.options.must_baotou).value(an.counts, an.w)
        hz = Horizon(an.melds + 1, an.draw_kind, an.wc, turns, an.win_gain, v.options.must_baotou)
        c, w, ban = an.claim_rest(action, tile)
        best = 0.0
        for f in range(NUM_KINDS):
            if c[f] == 0 or f in ban:
                continue
            c[f] -= 1
            best = max(best, hz.value(c, w))
            c[f] += 1
        return best > self.horizon_ratio * keep


def claim_chance(an: Analysis, o: int, tile: int) -> float:
    """Chance that seat ``o`` holds what it needs to pong or (our next seat only) chow our discard of ``tile``: each
    copy we have not seen is in its concealed hand in proportion to that hand's size; 0 for a 财神 and under a
    full 摊 cap on us."""
    v = an.view
    wc = an.wc
    if wc.is_wild(tile):
        return 0.0
    cap = tan_cap(v, o, v.seat)
    if cap is not None and v.tan[o][v.seat] >= cap:
        return 0.0
    p = min(1.0, v.hand_counts[o] / an.unseen_total)
    face = wc.face(tile)
    u = an.unseen_face[face]
    hit = 1.0 - (1.0 - p) ** u - u * p * (1.0 - p) ** max(0, u - 1)
    if o == (v.seat + 1) % 4 and face < 27:
        r = face % 9
        none = 1.0
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if 0 <= r + a <= 8 and 0 <= r + b <= 8:
                q = (1.0 - (1.0 - p) ** an.unseen_face[face + a]) * (1.0 - (1.0 - p) ** an.unseen_face[face + b])
                none *= 1.0 - q
        hit = 1.0 - (1.0 - hit) * none
    return hit


class ClaimFeed3(ExpertBot):
    """At 3老, a discard also costs the chance that another seat can claim it times what that seat's win would cost
    us, times :attr:`feed_weight` (a claim brings the claimer nearer ready; at 3老 the dealer's win costs a
    non-dealer eight shares). Built by name: ``feed3:k=0.1``. Away from 3老 the same idea (claim denial) was
    measured on eight seeds earlier and gave −0.001 a hand (benchmarks/EXPERIMENTS.md)."""

    name = "feed3"
    feed_weight = 0.1

    def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
        """The expert's danger plus the claim cost."""
        v = an.view
        feed = sum(claim_chance(an, o, tile) * an.loss_if_wins(o, 0) for o in range(4) if o != v.seat)
        return super().discard_risk(an, tile, value) + self.feed_weight * feed


class ClaimDraws(ExpertBot):
    """The expert with another weight on the discards a far hand could claim its useful tiles from
    (:attr:`~hzmj_core.bots.ExpertBot.claim_draws`, 1.0 since the fifteenth session). Built by name:
    ``claimable:a=0.5``. Before it was adopted, this variant (then its own analysis class, the same counts) gave
    the paired figures of the fifteenth session in benchmarks/EXPERIMENTS.md."""

    name = "claimable"


class ClaimDraws3(ExpertBot):
    """The expert with a far hand's useful tiles counted with the discards it could claim them from at 3老 too
    (:attr:`~hzmj_core.bots.ExpertBot.claim_draws` is applied away from 3老 only), with the weight
    :attr:`claim_live`. Built by name: ``claimable3:a=1.0``; it differs from the expert at 3老 only (``--only 3``)."""

    name = "claimable3"
    claim_live = 1.0

    def analysis(self, view: SeatView) -> Analysis:
        """The expert's analysis, at 3老 with the claims weighed by :attr:`claim_live`."""
        an = super().analysis(view)
        if discard_wins_live(view) and self.claim_live:
            an.weigh_claims(self.claim_live)
        return an


class ClaimDraws2(ExpertBot):
    """The expert with another weight on the discards a far hand could claim its useful tiles from at L = 2 only
    (:attr:`claim_l2`; at L = 1 :attr:`~hzmj_core.bots.ExpertBot.claim_draws` as the expert). The fifteenth
    session's weighing gained most at L = 2 (+0.035 ± 0.022 an L = 2 hand against +0.009 at L = 1). Built by
    name: ``claimable2:a=1.5``; it differs from the expert at L = 2 only (``--only 2``). Measured and not kept:
    a=1.5 −0.0065 ± 0.0036 a hand in the mix over fourteen seeds, a=0.7 −0.010 ± 0.005 over eight
    (benchmarks/EXPERIMENTS.md)."""

    name = "claimable2"
    claim_l2 = 1.5

    def analysis(self, view: SeatView) -> Analysis:
        """The expert's analysis, at L = 2 with the claims weighed by :attr:`claim_l2`."""
        an = super().analysis(view)
        if view.streak == 2 and not discard_wins_live(view):
            an.weigh_claims(self.claim_l2)
        return an


CLAIM_CLASS_PONG = {70: (1.80, 1.17, 0.89, 0.66), 50: (1.25, 1.21, 1.00, 0.82)}
"""Pong chances by face class (honour, 1/9, 2/8, 3-7) relative to all faces, from 400 L = 1 hands of four strongs
(others' later discards of the class per own draw of it, ``benchmarks/fit_claim_odds.py``): with at least 70
tiles left the whole hand ahead, 50-69 the middle, below 50 alike (all classes within 0.73-0.87)."""
CLAIM_CLASS_CHOW = {70: (0.0, 1.42, 1.08, 0.79), 50: (0.0, 1.26, 1.04, 0.85)}
"""The same for chows, from the previous seat's discards (suits only)."""


class ClaimsAnalysis(Analysis):
    """The expert's analysis with a far hand's claimable useful faces weighed by :meth:`claim_seats` instead of
    :func:`claimable_seats` (the shared part of :class:`ClassAnalysis` and :class:`TanCapAnalysis`)."""

    def claim_seats(self, counts: Sequence[int], f: int, k: int) -> float:
        """How many seats' discards a useful face ``f`` counts for, in a hand with ``k`` melds."""
        return float(claimable_seats(counts, f))

    def shape(self, counts: Sequence[int], w: int, melds: int | None = None) -> Shape:
        """As :meth:`Analysis.shape`, each useful face's claims weighed by :meth:`claim_seats`."""
        k = self.melds if melds is None else melds
        key = (bytes(counts), w, k)
        got = self._shapes.get(key)
        if got is not None:
            return got
        cw = self.claim_weight
        self.claim_weight = 0.0
        try:
            got = super().shape(counts, w, melds)
        finally:
            self.claim_weight = cw
        if cw and got.shanten > 0:
            d = got.draws
            for f in got.improving:
                d += cw * self.claim_seats(counts, f, k) * self.draw_face[f]
            got = replace(got, draws=d)
            self._shapes[key] = got
        return got


class ClassAnalysis(ClaimsAnalysis):
    """The expert's analysis with a claim's weight by face class and wall: lone honours and terminals are thrown
    early and often, middle tiles kept, so a pair of 东 is ponged more often than a pair of 5p."""

    def claim_seats(self, counts: Sequence[int], f: int, k: int) -> float:
        """The claimable seats times the face class's claim chance at this stage of the wall."""
        seats = claimable_seats(counts, f)
        if not seats:
            return 0.0
        rem = self.view.remaining
        tab = 70 if rem >= 70 else 50 if rem >= 50 else 0
        g = 1.0 if not tab else (CLAIM_CLASS_PONG if seats == 3 else CLAIM_CLASS_CHOW)[tab][face_class(f)]
        return g * seats


class ClaimClass(ExpertBot):
    """Away from 3老, the claim weight by face class (:class:`ClassAnalysis`); it differs from the expert at L = 1
    and 2 only (``--only 12``). Measured and not kept (eighteenth session, eight fresh seeds 6001-6008, about 280
    of 1,700 walls changed a seed): +0.003 ± 0.007 a hand in the mix (an L = 1 hand +0.002 ± 0.008, an L = 2
    hand +0.008 ± 0.022; benchmarks/EXPERIMENTS.md)."""

    name = "claimclass"

    def analysis(self, view: SeatView) -> Analysis:
        """The expert's analysis with the class-weighed claims."""
        an = ClassAnalysis(view)
        if not discard_wins_live(view) and self.claim_draws:
            an.weigh_claims(self.claim_draws)
        return an


class WiderCalm(ExpertBot):
    """Away from 3老, a claim that keeps the hand as far from ready must widen its useful tiles (counted with the
    claims, :attr:`~hzmj_core.bots.ExpertBot.claim_draws`) by :attr:`wider_calm` instead of
    :attr:`~hzmj_core.bots.ExpertBot.wider_ratio` (1.3). Built by name: ``wider-calm:ratio=1.5``; it differs
    from the expert at L = 1 and 2 only (``--only 12``). An early session measured 1.5 everywhere on one seed:
    +0.305 against +0.298 (benchmarks/EXPERIMENTS.md). Eighteenth session, seeds 6001-6008: ratio 1.15 −0.012 ±
    0.006 a hand in the mix after four seeds (stopped); ratio 1.5 +0.007 ± 0.004 over eight, the lower end of its 95%
    interval −0.001, so not kept; worth confirming on fresh seeds. Nineteenth session, fresh seeds 7001-7008
    (rule written first): +0.0025 ± 0.0043 (an L = 1 hand +0.005, an L = 2 hand −0.002), so not confirmed; over
    all sixteen seeds +0.005 ± 0.003."""

    name = "wider-calm"
    wider_calm = 1.5
    wider_l1 = 0.0
    """The ratio at L = 1 if set (``wider-calm:ratio=1.5,l1=1.3``: 1.5 at L = 2 only), else :attr:`wider_calm`."""

    def decide(self, view: SeatView) -> Decision:
        """The expert's decision, with :attr:`wider_calm` away from 3老 (as :class:`LiveWeights` sets its 3老
        ratio: the streak decides for the whole hand)."""
        if discard_wins_live(view):
            pass  # the expert's wider_ratio_live applies at 3老
        elif view.streak == 1 and self.wider_l1:
            self.wider_ratio = self.wider_ratio_pong = self.wider_l1
        else:
            self.wider_ratio = self.wider_ratio_pong = self.wider_calm
        return super().decide(view)


class TanCapAnalysis(ClaimsAnalysis):
    """The expert's analysis with a far hand's claimable useful tiles counted only from the seats it may still
    claim from (摊 caps, §5.5): a face held as a pair from each other seat with room for one more counted claim,
    a face that makes a run from the previous seat if there is room on it. In a claim window the shapes after
    the claim (one meld more) are counted with that claim's 摊 on the discarder added."""

    def __init__(self, view: SeatView) -> None:
        super().__init__(view)
        me = view.seat
        o = view.options
        self.prev = (me - 1) % 4

        def room(extra: int) -> list[bool]:
            out = [False] * 4
            for s in range(4):
                if s == me:
                    continue
                n = view.tan[me][s] + (extra if s == view.claim_from else 0)
                cap = tan_cap(view, me, s)
                out[s] = cap is None or n < cap
            return out

        self.room_now = room(0)
        self.room_after = room(1) if view.claim_from is not None else self.room_now
        self.pong_counted = o.pong_counts_as_tan

    def sources(self, counts: Sequence[int], f: int, after: bool) -> int:
        """From how many seats' discards the hand could still claim face ``f``."""
        room = self.room_after if after else self.room_now
        me = self.view.seat
        srcs = set()
        if counts[f] >= 2:
            srcs = {s for s in range(4) if s != me and (room[s] or not self.pong_counted)}
        if self.prev not in srcs and room[self.prev] and f < 27:
            r = f % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if r + a >= 0 and r + b <= 8 and counts[f + a] and counts[f + b]:
                    srcs.add(self.prev)
                    break
        return len(srcs)

    def claim_seats(self, counts: Sequence[int], f: int, k: int) -> float:
        """The seats with room (摊); after the claim in a claim window (one meld more) with its 摊 added."""
        return float(self.sources(counts, f, k > self.melds and self.view.claim_from is not None))


class TanCap(ExpertBot):
    """Away from 3老, a far hand's claims counted only from the seats it may still claim from under the 摊 caps
    (:class:`TanCapAnalysis`); it differs from the expert at L = 1 and 2 only (``--only 12``). Twentieth session,
    seeds 6001-6008 (rule written first: a mean of at least +0.004 with the lower end of its 95% interval above 0):
    +0.0023 ± 0.0025 a hand in the mix (an L = 1 hand +0.0025, an L = 2 hand +0.003; 42-60 walls changed a seed),
    so not kept (benchmarks/EXPERIMENTS.md)."""

    name = "tancap"

    def analysis(self, view: SeatView) -> Analysis:
        """The expert's analysis with the 摊-aware claims."""
        an = TanCapAnalysis(view)
        if not discard_wins_live(view) and self.claim_draws:
            an.weigh_claims(self.claim_draws)
        return an


class AheadClaims(ExpertBot):
    """Away from 3老, the draw-ahead (within two of ready) also weighs the others' discards a kept far hand could
    claim next (吃碰的机会), as the static count does: every useful copy of a face held as a pair adds
    :attr:`~hzmj_core.bots.ExpertBot.claim_draws` × 3 events, of a face that makes a run 1, each worth the better
    of passing (the kept hand's value) and claiming then the best discard (one meld more); the value is the
    mean over the own next draw and these events together. A far hand that keeps pairs and runs is then worth
    its claims in the draw-ahead too, where today only its own draw moves it. Differs from the expert at L = 1
    and 2 only (``--only 12``). Twentieth session, seeds 6001-6008 (rule written first, as for :class:`TanCap`):
    −0.007, −0.000, −0.020, +0.016 a hand in the mix, −0.003 ± 0.008 after four seeds (an L = 1 hand +0.006, an
    L = 2 hand −0.027; 204-218 walls changed a seed), so the futility step stopped it
    (benchmarks/EXPERIMENTS.md)."""

    name = "ahead-claims"

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """The expert's draw-ahead values with the claim events added (away from 3老)."""
        out = ExpertBot.ahead_values(self, an, vals)
        if not out or discard_wins_live(an.view) or not self.claim_draws:
            return out
        k = an.melds
        mass = sum(an.draw_kind)
        kept_cache: dict[tuple[bytes, int], float] = {}

        def leaf_k1(c: list[int], w: int) -> float:
            return self.shape_value(an, an.shape(c, w, k + 1))

        for t, value in out.items():
            c, w = an.without((t,))
            if cached_shanten(c, w, k) < 1:
                continue
            base = self.shape_value(an, an.shape(c, w, k))
            extra = 0.0
            total = 0.0
            for f in cached_improving(c, w, k):
                seats = claimable_seats(c, f)
                if not seats or not an.draw_face[f]:
                    continue
                best = base
                if c[f] >= 2:
                    c[f] -= 2
                    best = max(best, _best_discard_value(c, w, k + 1, leaf_k1, kept_cache))
                    c[f] += 2
                if f < 27:
                    r = f % 9
                    for a, b in ((-2, -1), (-1, 1), (1, 2)):
                        if r + a >= 0 and r + b <= 8 and c[f + a] and c[f + b]:
                            c[f + a] -= 1
                            c[f + b] -= 1
                            best = max(best, _best_discard_value(c, w, k + 1, leaf_k1, kept_cache))
                            c[f + a] += 1
                            c[f + b] += 1
                m = self.claim_draws * seats * an.draw_face[f]
                extra += m
                total += m * best
            if extra:
                # away from 3老 there is no danger and no third 摊 to feed: the value is the mean itself
                out[t] = (mass * value + total) / (mass + extra)
        return out


class Stacked(TanCap):
    """The four ideas that leaned positive alone, together, to see whether their small gains add up on fresh seeds:
    away from 3老 the 摊-aware claim count (:class:`TanCap`, +0.0023 ± 0.0025) and a wider claim's bar at 1.5
    (:class:`WiderCalm`, +0.005 ± 0.003 over sixteen seeds); at 3老 no as-far claims (``live:wider=99``, +0.005 ±
    0.010) and the dealer's danger ×0.35 (``live:dealer=0.35``, +0.0025 ± 0.0034). It differs from the expert at
    every streak, so it is run on the whole mix. Twenty-third session, fresh seeds 8001-8008 (rule written first: an
    eight-seed mean of at least +0.006 a hand with the lower end of its 95% interval above 0): +0.022 ± 0.012, 95%
    [−0.001, +0.046], so not kept; its L = 1-2 walls alone +0.014 ± 0.004 in the mix (:class:`Stacked12`), its 3老
    walls +0.008 ± 0.011 (benchmarks/EXPERIMENTS.md)."""

    name = "stack"
    dealer_danger = 0.35
    wider_live = 99.0
    """The wider-claim bar at 3老 (99: no as-far claims there)."""
    wider_calm = WiderCalm.wider_calm
    """The wider-claim bar away from 3老 (:class:`WiderCalm`'s 1.5)."""

    def decide(self, view: SeatView) -> Decision:
        """The expert's decision with the wider-claim bar by streak: :attr:`wider_live` at 3老, :attr:`wider_calm`
        away from it."""
        self.wider_ratio_live = self.wider_live
        self.wider_ratio = self.wider_ratio_pong = self.wider_calm
        return super().decide(view)


class Stacked12(Stacked):
    """:class:`Stacked`'s L = 1-2 half alone: the 摊-aware claim count and the wider-claim bar at 1.5 away from 3老;
    at 3老 the expert's own weights. It differs from the expert at L = 1 and 2 only (``--only 12``). On the L = 1-2
    walls of the twenty-third session's 8001-8008 these two gave +0.014 ± 0.004 a hand in the mix; that split was
    read after the result, so it is to be confirmed on fresh seeds under the rule
    benchmarks/EXPERIMENTS.md writes down (twenty-third session)."""

    name = "stack12"
    dealer_danger = ExpertBot.dealer_danger
    wider_live = ExpertBot.wider_ratio_live


class TwentyThird(ExpertBot):
    """The expert before the twenty-fourth session: a far hand's claims counted from every seat whatever the 摊
    caps (:attr:`~hzmj_core.bots.ExpertBot.claim_tan_caps` off) and a wider claim's bar at 1.3 at every streak.
    Since :class:`Stacked12` went into the expert it plays as that session's baseline did, so ``--variant
    twentythird --only 12`` replays the confirmation on 9001-9008 with the sign turned."""

    name = "twentythird"
    claim_tan_caps = False
    wider_ratio = 1.3
    wider_ratio_pong = 1.3


class TwentyFourth(ExpertBot):
    """The expert before the twenty-fifth session: as-far claims also out of a hand ready as seven pairs
    (:attr:`~hzmj_core.bots.ExpertBot.pairs_guard` off). ``--variant twentyfourth --only 12`` (and ``--only 3``)
    replays that session's ``qikeguard`` (``qikeguard3``) runs on 11001-11008 with the sign turned."""

    name = "twentyfourth"
    pairs_guard = False
    wider_ratio_pong = 1.5


class TwentyFifth(ExpertBot):
    """The expert before the twenty-sixth session: an as-far pong away from 3老 needed 1.5 times the useful tiles of
    passing, as a chow does (:attr:`~hzmj_core.bots.ExpertBot.wider_ratio_pong` 1.5). ``--variant twentyfifth --only
    12`` replays that session's ``widerpong`` runs with the sign turned."""

    name = "twentyfifth"
    wider_ratio_pong = 1.5


class Fourteenth(ExpertBot):
    """The expert of the fourteenth session: every useful tile counted alike, without the discards it could be
    claimed from (:attr:`~hzmj_core.bots.ExpertBot.claim_draws` 0). ``--variant fourteenth`` replays the
    fifteenth session's paired runs with the sign turned."""

    name = "fourteenth"
    claim_draws = 0.0


class PairGuard(ExpertBot):
    """Away from 3老, no as-far claims (:meth:`~hzmj_core.bots.ExpertBot.claim_widens`,
    :meth:`~hzmj_core.bots.ExpertBot.claim_nears_baotou`) while the concealed hand has no meld, holds a 财神 and is
    at least as near seven pairs as the standard form: a meld ends the way to 七对子 and to 七客 state (any draw wins
    ×4). Diagnosis behind it (twenty-fifth session, 4,020 L = 1-2 hands of seed 78): the expert won 七客 in 0.35% of
    its hands, each strong at its seat 0.80%. These variants make their own guard (:meth:`pairs_near`, each with
    its own :meth:`near`) with the core's :attr:`~hzmj_core.bots.ExpertBot.pairs_guard` off, so they play as they
    were measured; against today's expert, whose guard is :class:`PairsReadyGuardLive`'s, ``qikeguard`` and
    ``qikeguard3`` now change nothing."""

    name = "pairguard"
    pairs_guard = False
    guard_live = False
    """The guard at 3老 too."""

    needs_wild = True
    """Only while holding a 财神 (off: also a hand without one, on its way to 清七对)."""

    def pairs_near(self, an: Analysis) -> bool:
        """Whether the guard holds: no meld, away from 3老 unless :attr:`guard_live`, and :meth:`near`."""
        if an.melds or (not self.guard_live and discard_wins_live(an.view)):
            return False
        return self.near(an)

    def near(self, an: Analysis) -> bool:
        """A 财神 (with :attr:`needs_wild`) and seven pairs at least as near as the standard form."""
        if self.needs_wild and an.w < 1:
            return False
        return seven_pairs_shanten(an.counts, an.w) <= standard_shanten(an.counts, an.w)

    def claim_widens(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """The expert's wider claim, unless the hand is on its way to seven pairs."""
        return not self.pairs_near(an) and super().claim_widens(an, action, after, now)

    def claim_nears_baotou(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """The expert's 暴头 claim, unless the hand is on its way to seven pairs."""
        return not self.pairs_near(an) and super().claim_nears_baotou(an, action, after, now)


class PairsReadyGuard(PairGuard):
    """The narrow half of :class:`PairGuard`: no as-far claim while a meldless hand is ready as seven pairs (七对子 or
    清七对 on its waits, or in 七客 state, where any draw wins ×4), with or without a 财神. The expert ponged out of
    七客 state "to free its 财神 for 暴头" (twenty-fifth session). On fresh seeds 11001-11008 (``--only 12``, rule
    written first): +0.0191 ± 0.0042 a hand in the mix, 95% [+0.0108, +0.0273], 26-37 walls changed a seed; kept
    (now :attr:`~hzmj_core.bots.ExpertBot.pairs_guard`)."""

    name = "qikeguard"
    needs_wild = False

    def near(self, an: Analysis) -> bool:
        """Seven pairs ready."""
        return seven_pairs_shanten(an.counts, an.w) == 0


class PairsNearGuard(PairGuard):
    """Between :class:`PairsReadyGuard` and :class:`PairGuardAll`: no as-far claim while a meldless hand is ready as
    seven pairs, or holds a 财神 and is one from ready as seven pairs and nearer that way than the standard form (one
    useful draw from 七对子 or 七客). On 11001-11002: +0.014 ± 0.015 and +0.020 ± 0.021 (60 and 94 walls changed), no
    more than :class:`PairsReadyGuard` on the same seeds; stopped for time."""

    name = "pairguard1"

    def near(self, an: Analysis) -> bool:
        """Seven pairs ready, or one from ready with a 财神 and nearer than the standard form."""
        sp = seven_pairs_shanten(an.counts, an.w)
        return sp == 0 or (sp == 1 and an.w >= 1 and sp < standard_shanten(an.counts, an.w))


class PairsReadyGuardLive(PairsReadyGuard):
    """:class:`PairsReadyGuard` at every streak (run with ``--only 3`` for its 3老 half: at 3老 a seven-pairs wait may
    also win on the others' discards, and the wider-claim bar there is 1.3). Its 3老 half on 11001-11008 (rule
    written first): +0.0048 ± 0.0023 a hand in the mix, 95% [+0.0002, +0.0093], 0-4 walls changed a seed; kept, so
    the core guard holds at every streak."""

    name = "qikeguard3"
    guard_live = True


class PairGuardAll(PairGuard):
    """:class:`PairGuard` also without a 财神 (清七对, ×4, needs none): no as-far claim while a meldless hand is at
    least as near seven pairs as the standard form. On fresh seeds 10001-10003: +0.012 ± 0.025, −0.006 ± 0.023,
    +0.037 ± 0.025 (319-336 walls changed, win rate down 0.4-0.8 points); stopped after three seeds for
    :class:`PairsReadyGuard`, which gained as much on the same seeds with a tenth of the changes."""

    name = "pairguard2"
    needs_wild = False


class PairsCandidate(ExpertBot):
    """Away from 3老, the draw-ahead also sees the discard that keeps a meldless hand nearest seven pairs when none of
    the static ranking's best three does (twenty-sixth session). The static ranking orders equal-shanten discards by
    their useful tiles, which favours the standard form; the discard that keeps the pairs for 七对子, 清七对 or 七客
    state is then not among the three the draw-ahead compares, though the draw-ahead scores the wins it leads to
    with their fan."""

    name = "pairscand"

    def ahead_candidates(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> list[int]:
        """The expert's candidates, plus the best discard by seven-pairs shanten when they all leave it further."""
        cands = super().ahead_candidates(an, vals)
        if not cands or an.melds or discard_wins_live(an.view):
            return cands
        def sp(t: int) -> int:
            c, w = an.without((t,))
            return seven_pairs_shanten(c, w)
        naturals = [t for t in vals if not an.wc.is_wild(t)]
        best = min(sp(t) for t in naturals)
        if best > self.ahead_from or min(sp(t) for t in cands) <= best:
            return cands
        extra = max((t for t in naturals if sp(t) == best), key=lambda k: (vals[k][0], -k))
        return [*cands, extra]


class AheadTop4Calm(ExpertBot):
    """Away from 3老, the draw-ahead over the best four discards of the static ranking instead of three (five had
    scored −0.020 a hand on one seed of the tenth session's expert, two −0.005)."""

    name = "ahead4"

    def ahead_candidates(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> list[int]:
        """Four candidates away from 3老, three at 3老."""
        self.ahead_top = 3 if discard_wins_live(an.view) else 4
        return super().ahead_candidates(an, vals)


class AheadTop2Calm(AheadTop4Calm):
    """Away from 3老, the draw-ahead over the best two discards of the static ranking instead of three."""

    name = "ahead2calm"

    def ahead_candidates(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> list[int]:
        """Two candidates away from 3老, three at 3老."""
        self.ahead_top = 3 if discard_wins_live(an.view) else 2
        return ExpertBot.ahead_candidates(self, an, vals)


class AheadMargin(ExpertBot):
    """Away from 3老, the draw-ahead overrules the static ranking's best discard only when its choice is worth at
    least :attr:`ahead_margin` (a share) more over the next draw. Four candidates lost 0.027 a hand against three
    on seed 14001: the draw-ahead's value errs, and the further down the static ranking its choice is, the likelier
    the error; a margin keeps the static favourite on near ties."""

    name = "aheadmargin"
    ahead_margin = 0.03

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """The expert's values, with the static favourite's raised by the margin away from 3老."""
        out = super().ahead_values(an, vals)
        if not out or discard_wins_live(an.view):
            return out
        top = self.ahead_candidates(an, vals)[0]
        out[top] += self.ahead_margin * abs(out[top])
        return out


class WiderPong(ExpertBot):
    """Away from 3老, an as-far pong needs only :attr:`pong_ratio` times the useful tiles of passing, a chow still
    :attr:`~hzmj_core.bots.ExpertBot.wider_ratio` (1.5). A pong also takes the turn from the seats between the
    discarder and us: the others lose a draw each, and we discard sooner. On 600 L = 1-2 walls of seed 78 the
    expert's as-far pongs came to +0.23 a divergence against strong's pass, its chows +0.34 (first_divergence.py).
    Built by name: ``widerpong:ratio=1.3``. Kept (twenty-sixth session): now the core's
    :attr:`~hzmj_core.bots.ExpertBot.wider_ratio_pong`, which this variant sets."""

    name = "widerpong"
    wider_ratio_pong = 1.3


VARIANTS: dict[str, Callable[[int], ExpertBot]] = {
    cls.name: cls for cls in (AvoidedLoss, AvoidedLossAhead, Race, RaceAhead, Far030, Calibrated, CalibratedNoOwn,
                              OwnValue, CalibratedCalm, CalibratedCalmAhead3, WallOdds,
                              WallOddsReady, WallOddsEverywhere, Tenth, NoBaotouClaims, Declinable,
                              CalmBaotouClaims, CalmBaotouClaimsDealer025, Eleventh,
                              SevenPairsFan, SevenPairsFanFar, TempoPongs,
                              StrongDealer3, AheadTop2, HorizonAhead, HorizonCalm, HorizonClaims, ClaimFeed3,
                              ClaimDraws, ClaimDraws3, ClaimClass, WiderCalm, TanCap, AheadClaims, Stacked, Stacked12,
                              TwentyThird, TwentyFourth, Fourteenth, PairGuard, PairGuardAll, PairsReadyGuard,
                              PairsNearGuard, PairsReadyGuardLive, PairsCandidate,
                              AheadTop4Calm, AheadTop2Calm, AheadMargin, WiderPong,
                              TwentyFifth)
}
"""The variants by name (``--variant``)."""
FAMILIES: dict[str, tuple[type[ExpertBot], dict[str, str]]] = {
    "live": (LiveWeights, {"far": "far_live", "ready": "ready_live", "danger": "danger_live_weight",
                           "dealer": "dealer_danger", "wider": "wider_live"}),
    "ron": (RonByRole, {"dealer": "ron_dealer", "other": "ron_other"}),
    "tempo": (TempoPongs, {"min": "tempo_min", "ratio": "tempo_ratio"}),
    "horizon-claims": (HorizonClaims, {"ratio": "horizon_ratio"}),
    "feed3": (ClaimFeed3, {"k": "feed_weight"}),
    "claimable": (ClaimDraws, {"a": "claim_draws"}),
    "claimable3": (ClaimDraws3, {"a": "claim_live"}),
    "claimable2": (ClaimDraws2, {"a": "claim_l2"}),
    "wider-calm": (WiderCalm, {"ratio": "wider_calm", "l1": "wider_l1"}),
    "aheadmargin": (AheadMargin, {"m": "ahead_margin"}),
    "widerpong": (WiderPong, {"ratio": "wider_ratio_pong"}),
}
"""Variant families whose weights are given in the name (``--variant live:far=0.3,dealer=0.5``): the class and
what each key sets."""
BOTS.update(VARIANTS)  # the arena makes its bots by name; worker processes inherit this (fork)


def _play(args: tuple[int, str, list[int]]) -> list[Row]:
    seed, kind, walls = args
    seats = [kind, "strong", "strong", "strong"]
    options = Options()
    rows: list[Row] = []
    for w in walls:
        recs = play_wall(options, seed, w, seats, True, "mix")
        mine = [r for r in recs if r.kind == kind]
        rows.append((w, deal_params(seed, w, "mix")[2], sum(r.points for r in mine), sum(r.won for r in mine)))
    return rows


def play(seed: int, kind: str, walls: int, workers: int, only: str | None = None) -> list[Row]:
    """Every wall's row for ``kind`` at one seat against three strongs, in wall order (with ``only``, just the
    walls of the mix dealt at the streaks L it lists, e.g. ``"12"``)."""
    numbers = [w for w in range(walls) if only is None or str(deal_params(seed, w, "mix")[2]) in only]
    walls = len(numbers)
    if workers <= 1:
        return _play((seed, kind, numbers))
    n = min(walls, workers * 8)
    batches = [numbers[i::n] for i in range(n)]
    rows: list[Row] = []
    with get_context("fork").Pool(workers) as pool:
        for part in pool.imap_unordered(_play, [(seed, kind, b) for b in batches]):
            rows.extend(part)
    return sorted(rows)


def paired(base: Sequence[Row], var: Sequence[Row]) -> dict[str, object]:
    """Means a hand and the paired difference ± one standard error, overall and by streak L."""
    def stats(sel: list[int]) -> dict[str, float | int]:
        d = [(var[i][2] - base[i][2]) / 4 for i in sel]
        n = len(d)
        mean = sum(d) / n if n else 0.0
        sd = math.sqrt(sum((x - mean) ** 2 for x in d) / (n - 1)) if n > 1 else 0.0
        return {"walls": n, "expert": sum(base[i][2] for i in sel) / 4 / max(n, 1),
                "variant": sum(var[i][2] for i in sel) / 4 / max(n, 1), "diff": mean, "se": sd / math.sqrt(max(n, 1))}

    idx = list(range(len(base)))
    out: dict[str, object] = {"all": stats(idx)}
    for lao in (1, 2, 3):
        out[f"L{lao}"] = stats([i for i in idx if base[i][1] == lao])
    out["changed_walls"] = sum(1 for i in idx if base[i][2] != var[i][2])
    out["win_rate"] = {"expert": sum(r[3] for r in base) / 4 / len(base),
                       "variant": sum(r[3] for r in var) / 4 / len(var)}
    return out


def main() -> None:
    """Play the expert and the variant on the same walls and print the paired comparison."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", required=True, help=f"one of {', '.join(VARIANTS)}")
    ap.add_argument("--seed", type=int, required=True)
    ap.add_argument("--walls", type=int, default=2000, help="walls, each played 4 times (default 2000)")
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--only", choices=("1", "2", "3", "12", "13", "23"), default=None,
                    help="play only the walls of the mix dealt at this streak L, or at these (12: L = 1 and 2; "
                         "for a variant that differs from the expert only there: the other walls would be identical, "
                         "so the mix's difference is this one times the share of such walls)")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    if args.variant.partition(":")[0] in FAMILIES and ":" in args.variant:
        VARIANTS[args.variant] = BOTS[args.variant] = spec_variant(args.variant)
    if args.variant not in VARIANTS:
        ap.error(f"unknown variant {args.variant!r}: choose from {', '.join(VARIANTS)}")
    if args.walls < 2:
        ap.error("--walls must be at least 2")
    cache = ROOT / ".cache" / "paired"
    cache.mkdir(parents=True, exist_ok=True)
    code = hashlib.sha256()
    for p in sorted((ROOT / "hzmj_core").rglob("*.py")):
        code.update(p.read_bytes())
    only = "" if args.only is None else f"-L{args.only}"
    key = cache / f"expert-{args.seed}-{args.walls}{only}-{code.hexdigest()[:12]}.json"
    t0 = time.perf_counter()
    if key.exists():
        base = [(int(a), int(b), int(c), int(d)) for a, b, c, d in json.loads(key.read_text())]
    else:
        base = play(args.seed, "expert", args.walls, args.workers, args.only)
        key.write_text(json.dumps(base))
    var = play(args.seed, args.variant, args.walls, args.workers, args.only)
    # the variant's rows too, for its own mean and CI (the tables of benchmarks/EXPERIMENTS.md)
    (cache / f"{args.variant}-{args.seed}-{args.walls}{only}-{code.hexdigest()[:12]}.json").write_text(json.dumps(var))
    report = paired(base, var)
    if args.only is not None:
        s = report["all"]
        assert isinstance(s, dict)
        report["mix_diff"] = s["diff"] * s["walls"] / args.walls
        report["mix_se"] = s["se"] * s["walls"] / args.walls
    report.update(variant=args.variant, seed=args.seed, walls=args.walls, seconds=round(time.perf_counter() - t0))
    if args.json:
        print(json.dumps(report))
        return
    print(f"{args.variant} against the expert, seed {args.seed}, {args.walls} walls × 4 seatings "
          f"({report['changed_walls']} walls changed, {report['seconds']} s)")
    for part in ("all", "L1", "L2", "L3"):
        s = report[part]
        assert isinstance(s, dict)
        if not s["walls"]:
            continue
        print(f"  {part:>3}: expert {s['expert']:+.3f}, variant {s['variant']:+.3f}, "
              f"difference {s['diff']:+.3f} ± {s['se']:.3f} a hand ({s['walls']} walls)")
    if args.only is not None:
        print(f"  in the mix of {args.walls} walls (the others unchanged): {report['mix_diff']:+.4f} ± "
              f"{report['mix_se']:.4f} a hand")


if __name__ == "__main__":
    main()
