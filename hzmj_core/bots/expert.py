"""大师 (expert): the strong bot's judgement with a look-ahead over its next draw, wider claims, a danger and
threat model fitted to play, 暴头 shaping and the 财神 fold, plus a sampled look-ahead for the 复盘 review.

On top of strong's evaluation it

* within two tiles of ready, chooses among the best three discards by their exact expected value over its
  next draw (:mod:`.draw_ahead`: every unseen tile weighed by its copies, wins scored by the fan rules), which
  sees the draws that turn a plain wait into 暴头 or 七客 state, the waits that widen and, further out, the
  useful draws that leave a wider hand behind;
* also chows or pongs when the claim keeps the hand as far from ready but makes it wider (at least
  :attr:`ExpertBot.wider_ratio` times the useful tiles for a chow, :attr:`ExpertBot.wider_ratio_pong` for a
  pong, :attr:`ExpertBot.wider_ratio_live` for either at 3老);
* judges the danger of a discard at 3老 with strong's danger function (:meth:`StrongBot.danger`) and constants
  fitted to 150 hands of strong players: how often a seat could win on a face, by its river length and melds,
  the face's kind (honours are ten times safer than strong assumes, middle tiles riskier), its unseen copies
  and whether that seat discarded it itself;
* when a win is on the table compares winning now with a 飘, a kong that keeps 暴头 (杠暴) and declining a
  plain win to wait in 暴头, by expected points with the others' chance to win first fitted to play (how often
  a draw lets a seat win, by its river and melds), not strong's guess;
* one tile from ready with a 财神, values a discard also by the tiles that would bring it nearer 暴头 state
  (the 财神 kept free), since 暴头 wins on any draw and pays double;
* folds a far hand at 3老 with a 财神 when every natural tile is riskier (nobody can win on a 财神);
* holding a 财神, also chows or pongs when the claim keeps the hand as near ready and brings it nearer 暴头
  state (a meld takes no 财神: the free 财神 reaches 暴头 sooner), except at 3老, where such claims lost;
* at 3老 values a far hand lower (strong's factor per tile from ready 0.30, not 0.45) and, as the dealer,
  counts half the danger of a discard (its deal-in costs 10 × 2^F where the same seat's self-draw would cost
  it 8 × 2^F anyway);
* away from 3老 counts a far hand's useful tiles with the others' discards it could claim them from (吃碰的机会,
  :attr:`ExpertBot.claim_draws`): a face it holds a pair of may be ponged from three seats, one it could chow
  from the previous seat (only the seats the 摊 caps still leave open), while a face it can only draw comes
  by its own draw alone;
* makes no as-far claim (wider, or nearer 暴头) while a meldless hand is ready as seven pairs
  (七对子 or 清七对 on its waits, or 七客 state, where any draw wins at ×4; :attr:`ExpertBot.pairs_guard`): a meld
  ends that hand;
* can count its useful tiles and its next draws by where the unseen copies are likely to be (:mod:`.wall_odds`,
  牌墙估计, :attr:`ExpertBot.wall_odds`, off: measured, it did not score more).

The look-ahead (:meth:`ExpertBot.compare`) deals the hidden tiles at random from what the seat has not seen
(:mod:`.sampling`), plays each candidate forward on a real :class:`~hzmj_core.round.Round` with a fast policy
for every seat until its own next decision, and scores that position by the engine's settlement or its
static value, on the same samples for every candidate. Its work is a count of simulated actions, not a
clock, so the same seed gives the same decisions anywhere. In duplicate arenas against strong it did not
score more than the static evaluation, at ten times the cost, so decisions use it only with
:attr:`ExpertBot.sample_decisions`; the 复盘 review uses it to value the player's choices.
With its additions switched off (the flags false, strong's constants) it plays exactly as strong does.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionType
from ..analysis import Analysis, Shape
from ..fan import WinEvaluation
from ..hand import seven_pairs_shanten, standard_shanten
from ..reasons import Reason, because, points
from ..rng import Rng
from ..round import Phase, Round
from ..tiles import NUM_KINDS, TILE_NAMES
from ..view import SeatView
from .base import Decision
from .draw_ahead import value_after_draw
from .eval import discard_wins_live, isolation
from .normal import KONG_TYPES, NormalBot, shape_reasons
from .sampling import determinize, fast_action
from .strong import _LAST_CALL, StrongBot, _just_piaoed
from .wall_odds import draw_shares

SAMPLES = 16
"""Most samples of the hidden tiles per decision."""
WORK_BUDGET = 360
"""Simulated work per decision: one unit per applied action, :data:`LEAF_COST` per position scored.

A look-ahead rollout costs about 11 units and 1.1 ms of CPU time on CPython 3.11 (2-core Xeon VM), so 360
units keep a sampled decision near 40 ms and the 95th percentile of all decisions under 60 ms; in Pyodide
the same count of units takes about twice as long. A count, not a clock: the same seed gives the same
decisions on any machine."""
LEAF_COST = 6
TOP_K = 3
"""Candidates kept from the static ranking (plus a win, a kong or a fold when they are legal)."""
MARGIN = 0.3
"""Points by which a sampled candidate must beat the static favourite to be chosen instead (samples are few)."""
MAX_STEPS = 32
"""A look-ahead stops after this many actions even if the seat has not decided again."""

_BT_MEMO: dict[tuple[bytes, int], int] = {}


def baotou_distance(counts: Sequence[int], w: int) -> int:
    """Tiles a 3n+1 hand is away from 暴头 state (0 = in it): its sets complete around one free 财神.

    Computed as the standard shanten of (hand − one wildcard + a pair of a face it lacks) plus one: that
    hand is complete exactly when the rest forms sets only. 99 without a wildcard.
    """
    if w < 1:
        return 99
    key = (bytes(counts), w)
    got = _BT_MEMO.get(key)
    if got is not None:
        return got
    spare = next((f for f in range(27, NUM_KINDS) if counts[f] == 0), None)
    if spare is None:
        return 99
    c = list(counts)
    c[spare] += 2
    got = standard_shanten(c, w - 1) + 1
    if len(_BT_MEMO) > 200_000:
        _BT_MEMO.clear()
    _BT_MEMO[key] = got
    return got


def claim_words(an: Analysis, counts: Sequence[int], sh: Shape) -> tuple[Reason, ...]:
    """How many of a far hand's useful tiles it could also claim (:meth:`.Analysis.claim_sources`, so with the 摊
    caps only from the seats still open), as a reason: 其中可碰 6 张、可吃 8 张 / 6 of them can be ponged, 8
    chowed; none when none can."""
    pong = chow = 0
    for f in sh.improving:
        if not an.claim_sources(counts, f, an.melds):
            continue
        if counts[f] >= 2:
            pong += an.unseen_face[f]
        else:
            chow += an.unseen_face[f]
    if pong and chow:
        return (because("claimable", pong=pong, chow=chow),)
    if pong:
        return (because("claimable_pong", pong=pong),)
    if chow:
        return (because("claimable_chow", chow=chow),)
    return ()


class ExpertBot(StrongBot):
    """Strong's evaluation plus sampled look-ahead on the decisions that matter (see the module docstring)."""

    name = "expert"
    samples = SAMPLES
    work_budget = WORK_BUDGET
    margin = MARGIN
    sample_decisions = False
    """Decide discards and claims by the sampled look-ahead (off: in duplicate arenas against strong it did
    not score more than the static evaluation below, at ten times the cost; the 复盘 review still uses
    :meth:`compare`)."""
    early_ready = True
    """Assume the others ready earlier than strong does (danger of discards at 3老)."""
    shaping = True
    """Value keeping the 财神 free for 暴头."""
    fold = True
    """Fold with a far hand at 3老 by discarding a 财神."""
    # Fitted to strong players at 3老: how often a seat could win on a face, by the face's kind (honours are
    # ten times safer than strong assumes), its unseen copies and whether the seat discarded it itself.
    danger_base = (0.063, 0.12, 0.198, 0.011)
    danger_live = (0.27, 0.36, 0.72, 1.0, 1.0)
    danger_genbutsu = 0.04
    free_bonus = 0.25
    """Far from ready, a discard that keeps the 财神 free (as near 暴头 as ready) counts its useful tiles
    this much more."""
    baotou_weight = 1.5
    """One from ready, a tile that would put the hand in 暴头 state counts this much more than another useful
    tile (暴头 wins on any draw and pays double)."""
    fold_from = 2
    """With a live threat, a hand this many tiles from ready (or more) may fold."""
    fold_reach = 1
    """Steps back from the best shanten a folding hand may take for a safer tile."""
    draw_ahead = True
    """Within :attr:`ahead_from` tiles of ready, choose among the best few discards by their value over the
    next draw (:func:`.draw_ahead.value_after_draw`) instead of by one-step useful tiles."""
    ahead_top = 3
    """Discards (best by the static ranking) that the draw-ahead compares (two and four were measured against three
    away from 3老: benchmarks/EXPERIMENTS.md, twenty-sixth session)."""
    ahead_from = 2
    """The draw-ahead runs when the best discard leaves the hand this many tiles from ready or nearer (two:
    against three strongs it scored +0.033 and +0.012 a hand more than one on the same 8,000 hands of two
    seeds, at about twice the 95th-percentile decision time)."""
    claim_wider = True
    """Also claim a chow or pong that leaves the hand as far from ready but wider: with at least
    :attr:`wider_ratio` times the useful tiles of passing for a chow, :attr:`wider_ratio_pong` for a pong
    (:attr:`wider_ratio_live` for either at 3老)."""
    wider_ratio = 1.5
    """Away from 3老, the useful-tile ratio a wider chow needs. 1.5, not 1.3 (then for pongs too): together with
    :attr:`claim_tan_caps` it made +0.014 ± 0.004 a hand in the arena's mix on the L = 1-2 walls of seeds
    8001-8008, and +0.009 ± 0.005 (95% [+0.000, +0.019]) on fresh seeds 9001-9008 under a rule written first
    (benchmarks/EXPERIMENTS.md, twenty-fourth session)."""
    wider_ratio_pong = 1.3
    """Away from 3老, the useful-tile ratio a wider pong needs. Lower than a chow's: a pong also takes the turn
    from the seats between the discarder and us, so the others lose a draw each and we discard sooner. Measured
    on fresh seeds 15001-15008 and 16001-16006 (benchmarks/EXPERIMENTS.md, twenty-sixth session): +0.0046 ±
    0.0021 a hand in the mix, 95% [+0.0005, +0.0087]."""
    wider_ratio_live = 1.3
    """At 3老 (discard wins live), the useful-tile ratio a wider claim needs."""
    baotou_claims = True
    """Also chow or pong when, holding a 财神, the claim leaves the hand as near ready and nearer 暴头 state (a
    meld needs no 财神, and with fewer concealed sets to complete the free 财神 reaches 暴头 sooner)."""
    baotou_claims_live = False
    """Those claims at 3老 too (off: where discard wins are live they lost; without them the expert made +0.068 a 3老
    hand more, +0.009 in the arena's mix, on the 3老 walls of fourteen seeds)."""
    far_live: float | None = 0.30
    """At 3老 (discard wins live), strong's factor per tile from ready is this instead of :attr:`far_factor`
    (``None``: the same). The 财神 fold is still judged with :attr:`far_factor`: at 0.30 a far hand is worth so
    little that any risk would outweigh keeping a 财神."""
    dealer_danger = 0.5
    """At 3老 the dealer's danger counts this much: a deal-in costs the dealer 10 × 2^F where the same seat's
    self-draw would cost it 8 × 2^F anyway, so it risks far less by a discard than a non-dealer (24 × 2^F)."""
    claim_draws = 1.0
    """Away from 3老, a far hand's useful tiles also count the others' discards it could claim them from
    (:meth:`.Analysis.weigh_claims`, 吃碰的机会): a copy of a face it holds a pair of counts 1 + 3 × this (a pong
    from any of three seats), of a face it could chow 1 + this (the previous seat), of any other useful face 1
    (0: every useful copy alike, as strong counts them)."""
    claim_tan_caps = True
    """Count those claims only from the seats the 摊 caps (§5.5) still let this seat claim from
    (:meth:`.Analysis.weigh_claims` with ``tan_caps``): a seat it has claimed from twice gives it no more."""
    pairs_guard = True
    """Make no as-far claim (:meth:`claim_widens`, :meth:`claim_nears_baotou`; checked in :meth:`claim_ok`) while a
    meldless hand is ready as seven pairs (七对子 or 清七对 on its waits; in 七客 state any draw wins at ×4): a meld
    ends that hand for a plain one.
    Before it the expert ponged out of 七客 state "to free its 财神 for 暴头". Measured on fresh seeds 11001-11008
    (benchmarks/EXPERIMENTS.md, twenty-fifth session): +0.019 ± 0.004 a hand in the arena's mix from its L = 1-2
    walls, +0.005 ± 0.002 from its 3老 walls."""
    wall_odds = False
    """Away from 3老 (no discard wins), weigh every unseen copy by its chance to lie in the live wall
    (:func:`.wall_odds.draw_shares`) when counting useful tiles and next draws, instead of all copies alike
    (off: against three strongs it scored no more than counting every copy alike, +0.004 a hand over five
    seeds' 40,000 hands; benchmarks/EXPERIMENTS.md)."""

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self._calm_fold = False
        self.last_values: dict[Action, float] = {}
        """Expected points of the candidates compared at the last decision (empty when none were sampled)."""

    def decide(self, view: SeatView) -> Decision:
        """Like strong, with the sampled look-ahead on the decisions that matter."""
        self.last_values = {}
        return super().decide(view)

    def analysis(self, view: SeatView) -> Analysis:
        """The seat's analysis; away from 3老 its draws weighed by the wall odds (:attr:`wall_odds`) and a far hand's
        by the seats it could claim them from (:attr:`claim_draws`)."""
        an = Analysis(view)
        if not discard_wins_live(view):
            if self.wall_odds:
                an.weigh_draws(draw_shares(an))
            if self.claim_draws:
                an.weigh_claims(self.claim_draws, self.claim_tan_caps)
        return an

    # ------------------------------------------------------------------ risk model (earlier readiness)

    def ready_prob(self, view: SeatView, seat: int) -> float:
        """Chance that ``seat`` is ready on a given wait, scaled so that times :attr:`danger_base` it is the
        chance that ``seat`` wins on a discard of a face: fitted to 150 hands of strong players at 3老 (the
        share of (seat, face) pairs on which the seat could win, by its river length and melds)."""
        if not self.early_ready:
            return super().ready_prob(view, seat)
        n = len(view.discards[seat])
        k = len(view.melds[seat])
        return min(0.65, 0.045 * max(0, n - 1) + 0.12 * k)

    def live_threat(self, view: SeatView) -> bool:
        """True if some seat could win on a natural discard of ours now."""
        return discard_wins_live(view) and any(self.can_ron_me(view, o) for o in range(4) if o != view.seat)

    # ------------------------------------------------------------------ static values

    def far_factor_for(self, an: Analysis) -> float:
        """:attr:`far_live` when discard wins are live (3老), else strong's :attr:`far_factor`."""
        if self.far_live is None or self._calm_fold or not discard_wins_live(an.view):
            return self.far_factor
        return self.far_live

    def baotou_value(self, an: Analysis, counts: Sequence[int], w: int, sh: Shape) -> float:
        """Expected points of reaching 暴头 state (any draw wins, ≥ 1 fan, 飘 possible) from this shape."""
        if sh.baotou or w < 1:
            return 0.0
        d = baotou_distance(counts, w)
        if d > 3:
            return 0.0
        draws = an.my_draws()
        if draws <= 0:
            return 0.0
        reach = 0.55 ** d * min(1.0, draws / (3.0 * d + 1.0))
        return reach * an.win_gain(1) * 1.2

    def discard_values(self, an: Analysis) -> dict[int, tuple[float, Shape]]:
        """Strong's ranking of the discards as a score per tile (higher is better), with two additions.

        Without a live threat only the lowest-shanten discards count: a ready shape by its expected points,
        a far one by its useful tiles — plus a bonus when the 财神 stays free (as far from 暴头 as from
        ready). With a live threat (3老, a seat that may win on our discard) every discard within one step of
        the best is scored by expected points minus danger, and a 财神 is a candidate too when the hand is
        far (a fold: nobody can win on a 财神).
        """
        v = an.view
        live = self.live_threat(v)
        out: dict[int, tuple[float, Shape]] = {}
        naturals = list(dict.fromkeys(a.tile for a in v.legal
                                      if a.type is ActionType.DISCARD and not an.wc.is_wild(a.tile)))
        sht = {t: an.shanten_after(t) for t in naturals}
        low = min(sht.values(), default=99)
        for t in naturals:
            if sht[t] > (low + self.defence_reach(low) if live else low):
                continue
            c, w = an.without((t,))
            sh = an.shape(c, w)
            # strong's tie-breaks: the more isolated tile, then the lower kind
            tie = isolation(an.counts, an.wc.face(t)) + 0.01 * t
            if live:
                tie += 1000.0 * sh.shanten - 10.0 * sh.draws
            if live or low == 0:
                value = self.shape_value(an, sh) - 1e-8 * tie
                if not sh.baotou and sh.shanten == 0:
                    value += 0.25 * self.baotou_value(an, c, w, sh) if self.shaping else 0.0
                if live:
                    value -= self.discard_risk(an, t, value)
            elif self.shaping and w > 0 and sh.shanten == 1:
                value = sh.draws + self.baotou_weight * self.baotou_ukeire(an, c, w) - 0.01 * tie
            else:
                free = self.shaping and w > 0 and baotou_distance(c, w) <= sh.shanten
                value = sh.draws * (1.0 + self.free_bonus if free else 1.0) - 0.01 * tie
            value -= self.feed_penalty(an, t)
            out[t] = (value, sh)
        wild = an.wc.wild_kind
        if (an.w and (not naturals or (self.fold and live and low >= self.fold_from))
                and any(a.type is ActionType.DISCARD and a.tile == wild for a in v.legal)):
            c, w = an.without((wild,))
            sh = an.shape(c, w)
            out[wild] = (self.shape_value(an, sh), sh)
            if len(out) > 1 and self._best(out) == wild and not self._fold_holds_calm(an):
                del out[wild]
        return out

    @staticmethod
    def _best(vals: dict[int, tuple[float, Shape]]) -> int:
        return max(vals, key=lambda k: (vals[k][0], -k))

    def _fold_holds_calm(self, an: Analysis) -> bool:
        """Whether the 财神 fold also wins with strong's :attr:`far_factor` (see :attr:`far_live`)."""
        if self.far_factor_for(an) == self.far_factor:  # also inside the calm recheck itself
            return True
        self._calm_fold = True
        try:
            calm = self.discard_values(an)
        finally:
            self._calm_fold = False
        return self._best(calm) == an.wc.wild_kind

    def baotou_ukeire(self, an: Analysis, c: list[int], w: int) -> float:
        """Unseen tiles whose draw (after the best discard) brings a 3n+1 hand nearer 暴头 state, counted in
        full at one from 暴头 and at half at two: what keeping the 财神 free is worth near ready."""
        d0 = baotou_distance(c, w)
        if d0 > 2:
            return 0.0
        total = self.baotou_draws(an, c, w)
        return total if d0 == 1 else 0.5 * total

    def baotou_draws(self, an: Analysis, c: list[int], w: int) -> int:
        """How many unseen tiles, drawn (then the best discard), bring a 3n+1 hand nearer 暴头 state: the
        natural tiles that do and, if any does, every unseen 财神; 0 when the hand is more than two from 暴头."""
        d0 = baotou_distance(c, w)
        if d0 > 2:
            return 0
        total = 0
        for f in range(NUM_KINDS):
            u = an.unseen_face[f]
            if not u:
                continue
            c[f] += 1
            hit = False
            for d in range(NUM_KINDS):
                if c[d] and d != f:
                    c[d] -= 1
                    hit = baotou_distance(c, w) < d0
                    c[d] += 1
                    if hit:
                        break
            c[f] -= 1
            if hit:
                total += u
        if total:
            total += an.unseen_wild
        return total

    def discard_risk(self, an: Analysis, tile: int, value: float) -> float:
        """Expected points that discarding ``tile`` costs through a deal-in when discard wins are live, given the
        ``value`` of what we keep after it: strong's danger (what the win would cost us), times the risk weight.
        The one place a deal-in's cost enters the expert's choices: discards, 飘 or declining a win, and the
        sampled look-ahead of the 复盘."""
        v = an.view
        weight = self.risk_weight(v) * (self.dealer_danger if v.seat == v.dealer else 1.0)
        return weight * self.danger(an, tile)

    def defence_reach(self, low: int) -> int:
        """How many steps further from ready a discard may leave the hand when it is safer (a live threat)."""
        return 1 if low < self.fold_from else self.fold_reach

    def rank_discards(self, an: Analysis, discards: list[Action]) -> tuple[Action, Shape] | None:
        """The best discard by :meth:`discard_values` (used by the static path and the kong check)."""
        vals = self.discard_values(an)
        if not vals:
            return None
        t = max(vals, key=lambda k: (vals[k][0], -k))
        a = next((d for d in discards if d.tile == t), None)
        return None if a is None else (a, vals[t][1])

    def points_of(self, an: Analysis, c: Sequence[int], w: int, sh: Shape) -> float:
        """Expected points of a 3n+1 shape (strong's value, plus a share of the 暴头 path when ready)."""
        value = self.shape_value(an, sh)
        if sh.shanten == 0 and not sh.baotou and self.shaping:
            value += 0.25 * self.baotou_value(an, c, w, sh)
        return value

    # ------------------------------------------------------------------ look-ahead

    def _leaf(self, r: Round, me: int) -> float:
        """Static value in points of a sampled position for ``me``: on its own turn the better of winning now
        and the discard the rollout policy would make (one shape evaluated, to stay cheap); else its hand."""
        an = self.analysis(SeatView.of(r, me))
        if not (r.phase is Phase.ACT and r.current == me):
            return self.points_of(an, an.counts, an.w, an.shape(an.counts, an.w))
        v = an.view
        best = float("-inf")
        if any(a.type is ActionType.WIN for a in v.legal):
            best = float(an.win_gain(self.current_fan(an)))
        a = fast_action(r, me)
        if a.type is ActionType.DISCARD:
            c, w = an.without((a.tile,))
            value = self.points_of(an, c, w, an.shape(c, w))
            if self.live_threat(v):
                value -= self.discard_risk(an, a.tile, value)
            best = max(best, value)
        return 0.0 if best == float("-inf") else best

    def _play(self, r: Round, me: int) -> tuple[float, int]:
        """Play a sampled round on until ``me`` decides on its own turn again; (points for me, work)."""
        steps = 0
        guard = r.phase is Phase.CLAIM and r.claim_from == me
        while True:
            if r.phase is Phase.END:
                assert r.result is not None
                return float(r.result.deltas[me]), steps
            seat = r.deciding_seats()[0]
            if (seat == me and r.phase is Phase.ACT) or steps >= MAX_STEPS:
                return self._leaf(r, me), steps + LEAF_COST
            # Danger on our own discard is counted statically (uniform samples rarely make a hand ready).
            ron = not (guard and seat != me)
            r.apply(fast_action(r, seat, ron=ron))
            if guard and not (r.phase is Phase.CLAIM and r.claim_from == me):
                guard = False
            steps += 1

    def look_ahead(self, view: SeatView, candidates: Sequence[Action]) -> tuple[list[float], int]:
        """Mean points of each candidate over the same samples of the hidden tiles, and the sample count."""
        rng = Rng(self.rng.next64())
        sums = [0.0] * len(candidates)
        n = 0
        work = 0
        me = view.seat
        while n < self.samples and work < self.work_budget:
            base = determinize(view, rng)
            for i, a in enumerate(candidates):
                r = base.copy() if i + 1 < len(candidates) else base
                r.apply(a)
                value, w = self._play(r, me)
                sums[i] += value
                work += w + 1
            n += 1
        return [s / n for s in sums], n

    def adjusted(self, an: Analysis, action: Action, mean: float) -> float:
        """A candidate's sampled mean turned into its expected points: the danger of a discard into a live
        discard win and of feeding a third 摊 is counted statically (uniform samples rarely make a hand ready),
        and so is, when a win was on the table, the chance that another seat wins before our next draw."""
        v = an.view
        if action.type is not ActionType.DISCARD:
            return mean
        wild = an.wc.is_wild(action.tile)
        weight = self.risk_weight(v)
        if v.phase is Phase.ACT and any(a.type is ActionType.WIN for a in v.legal):
            threats = self.threats(an)
            p_other = min(0.95, sum(p for _, p in threats))
            risk = p_other if wild else min(0.95, p_other * 1.5)
            mean = (1 - risk) * mean - weight * sum(p * an.loss_if_wins(o, 1) for o, p in threats)
        if not wild and self.live_threat(v):
            mean -= self.discard_risk(an, action.tile, mean)
        return mean - self.feed_penalty(an, action.tile)

    def compare(self, view: SeatView, actions: Sequence[Action]) -> tuple[list[float], int]:
        """Expected points of each of ``actions`` (legal in ``view``) over the same samples, and the sample
        count: what the expert compares when it decides, and what the 复盘 review reports."""
        an = self.analysis(view)
        means, n = self.look_ahead(view, actions)
        return [self.adjusted(an, a, m) for a, m in zip(actions, means, strict=True)], n

    # ------------------------------------------------------------------ decisions

    def self_draw_threat(self, view: SeatView, seat: int) -> float:
        """Chance that ``seat`` wins on its next draw: almost sure after a 飘, else by its river and melds."""
        if _just_piaoed(view, seat):
            return 0.9
        # fitted to 400 hands of strong players: how often a draw let the seat win, by river and melds
        n = len(view.discards[seat])
        return min(0.3, 0.011 * max(0, n - 2) + 0.005 * len(view.melds[seat]))

    def others_first(self, an: Analysis) -> tuple[float, float]:
        """Over the others' next draws: the chance that none of them wins first (:meth:`self_draw_threat`), and
        the points we expect to lose to the one that does (a win of 1 fan)."""
        v = an.view
        keep = 1.0
        loss = 0.0
        for o in range(4):
            if o == v.seat:
                continue
            p = self.self_draw_threat(v, o)
            keep *= 1.0 - p
            loss += p * an.loss_if_wins(o, 1)
        return keep, loss

    def going_on(self, an: Analysis, a: Action, f_next: int) -> float:
        """Expected points of declining the win now with ``a`` (a discard keeping 暴头/七客, a 飘) to win
        ``f_next`` fan on the next draw: unless another seat wins first (by self-draw, or on this discard
        when discard wins are live), which also costs what that win takes from us."""
        keep, loss = self.others_first(an)
        value = keep * an.win_gain(f_next) - self.risk_weight(an.view) * loss
        if not an.wc.is_wild(a.tile):
            value -= self.discard_risk(an, a.tile, value)
            value -= self.feed_penalty(an, a.tile)
        return value

    def on_win(self, an: Analysis, win: Action) -> Decision:
        """Win now, or go for more: a kong that keeps 暴头 (杠暴), a 飘 of the drawn 财神, or declining a plain
        win to wait in 暴头 — each by its expected points against winning now (:meth:`going_on`)."""
        v = an.view
        if v.phase is not Phase.ACT:
            return Decision(win, (because("win_on_discard"),))
        fan = self.current_fan(an)
        now = float(an.win_gain(fan))
        if self.win_ends_game_ahead(an, int(now)):
            return Decision(win, (because("win_ends_game", seat=v.seat),))
        piao = v.chain.count("piao")
        kongs = v.chain.count("kong")
        values: dict[Action, float] = {win: now}
        for k in self._win_alternatives(an):
            if k.type in KONG_TYPES:
                values[k] = float(an.win_gain(1 + piao + kongs + 1))
                continue
            wild = an.wc.is_wild(k.tile)
            sh = an.after_discard(k.tile)
            n = piao + 1 if wild else 0
            m = kongs if wild else 0
            f_next = max(1 + n + m if sh.baotou else 0, 2 + n if sh.qike else 0)
            values[k] = self.going_on(an, k, f_next)
        self.last_values = dict(values)
        best = max(values, key=lambda a: (values[a], a is win))
        value = values[best]
        k_n = len(values)
        if best is win:
            if k_n == 1:
                if v.remaining < _LAST_CALL and an.w > 0:
                    return Decision(win, (because("win_last_tiles", remaining=v.remaining),))
                return Decision(win, (because("win"),))
            return Decision(win, (because("win"), because("best_of", count=k_n, best_ev=points(now))))
        beats = because("beats_win", best_ev=points(value), win_ev=points(now))
        if best.type in KONG_TYPES:
            return Decision(best, (because("gangbao"), beats))
        wall = because("wall_left", remaining=v.remaining)
        if an.wc.is_wild(best.tile):
            return Decision(best, (because("piao"), beats, wall))
        return Decision(best, (because("decline_baotou"), beats, wall))

    def _win_alternatives(self, an: Analysis) -> list[Action]:
        """Going on instead of winning: kongs that keep 暴头, and (wall long enough) discards that keep 暴头/七客."""
        v = an.view
        out: list[Action] = []
        for k in v.legal:
            if k.type not in KONG_TYPES or (k.type is ActionType.ADDED_KONG and v.options.rob_kong):
                continue
            c, w = an.without(k.tiles)
            if an.shape(c, w, an.melds + (1 if k.type is ActionType.CONCEALED_KONG else 0)).baotou:
                out.append(k)
        if v.remaining >= _LAST_CALL:
            for a in v.legal:
                if a.type is ActionType.DISCARD:
                    sh = an.after_discard(a.tile)
                    if sh.baotou or sh.qike:
                        out.append(a)
        return out

    def on_act(self, an: Analysis) -> Decision:
        """Own turn without a win: rank discards statically, then compare the best few (and a kong) by sampling;
        the static favourite is kept unless the samples say another is worth :data:`MARGIN` more."""
        v = an.view
        discards = [a for a in v.legal if a.type is ActionType.DISCARD]
        kongs = [k for k in v.legal if k.type in KONG_TYPES]
        vals = self.discard_values(an)
        if not vals:
            return super().on_act(an)
        by_tile = {a.tile: a for a in discards}
        ranked = sorted(vals, key=lambda t: (-vals[t][0], t))
        ahead = self.ahead_values(an, vals)
        if ahead:
            ranked = sorted(ahead, key=lambda t: (-ahead[t], ranked.index(t))) + [t for t in ranked if t not in ahead]
        top = by_tile[ranked[0]]
        best_sh = vals[ranked[0]][1].shanten
        good_kongs = []
        for k in kongs:
            c, w = an.without(k.tiles)
            if an.shape(c, w, an.melds + (1 if k.type is ActionType.CONCEALED_KONG else 0)).shanten <= best_sh:
                good_kongs.append(k)
        live = self.live_threat(v)
        cands: list[Action] = good_kongs + [by_tile[t] for t in ranked[:TOP_K]]
        wild = an.wc.wild_kind
        if wild in vals and by_tile[wild] not in cands:
            cands.append(by_tile[wild])
        if len(cands) == 1 or not self.sample_decisions or not self.samples or not (best_sh <= 1 or live or good_kongs):
            if good_kongs:
                return Decision(good_kongs[0], (because("kong_keeps_shape"),))
            return self._discard_decision(an, top, vals, None, ahead)
        values, n = self.compare(v, cands)
        scored = dict(zip(cands, values, strict=True))
        self.last_values = dict(scored)
        choice = max(cands, key=lambda a: (scored[a], a is top))
        prior = good_kongs[0] if good_kongs else top
        if choice is not prior and scored[choice] - scored[prior] < self.margin:
            choice = prior
        value = scored[choice]
        if choice.type in KONG_TYPES:
            return Decision(choice, (because("best_sampled", count=len(cands), best_ev=points(value), samples=n),))
        return self._discard_decision(an, choice, vals, (value, len(cands), n))

    def ahead_candidates(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> list[int]:
        """The natural discards the draw-ahead compares, best by the static ranking first (at most
        :attr:`ahead_top`); empty when it does not run: switched off, fewer than two natural discards, the best
        further than :attr:`ahead_from` from ready, or the static ranking folding with the 财神."""
        naturals = [t for t in vals if not an.wc.is_wild(t)]
        if not self.draw_ahead or len(naturals) < 2 or min(vals[t][1].shanten for t in naturals) > self.ahead_from:
            return []
        if an.wc.is_wild(max(vals, key=lambda k: (vals[k][0], -k))):
            return []
        return sorted(naturals, key=lambda t: (-vals[t][0], t))[: self.ahead_top]

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """Within :attr:`ahead_from` tiles of ready, the natural discards of :meth:`ahead_candidates` by their value
        over the next draw (:func:`.draw_ahead.value_after_draw` with strong's static value of the kept hands),
        less the danger of the discard and the cost of feeding a third 摊; empty when the draw-ahead does not
        run. It does not run when the static ranking folds with the 财神: that choice is about the others'
        threat, not the draw."""
        cands = self.ahead_candidates(an, vals)
        if not cands:
            return {}
        v = an.view
        live = self.live_threat(v)
        melds = an.melds

        def leaf(c: list[int], w: int) -> float:
            return self.shape_value(an, an.shape(c, w, melds))

        out: dict[int, float] = {}
        for t in cands:
            kept = list(v.hand)
            kept.remove(t)

            def win_value(ev: WinEvaluation, kept: list[int] = kept) -> float:
                return self.drawn_win_value(an, kept, ev)

            value = value_after_draw(kept, melds, an.draw_kind, an.wc, leaf, win_value, v.options.must_baotou)
            if live:
                value -= self.discard_risk(an, t, value)
            out[t] = value - self.feed_penalty(an, t)
        return out

    def drawn_win_value(self, an: Analysis, kept: Sequence[int], ev: WinEvaluation) -> float:
        """What a self-drawn win in the draw-ahead is worth, the ``kept`` hand plus ``ev``'s winning tile: the
        points it pays (whether to decline it is the win decision's question)."""
        return float(an.win_gain(ev.fan))

    def _discard_decision(self, an: Analysis, a: Action, vals: dict[int, tuple[float, Shape]],
                          sampled: tuple[float, int, int] | None,
                          ahead: dict[int, float] | None = None) -> Decision:
        """The decision with its reason, naming what was compared: the expected points of the candidates,
        the risk of a deal-in against the most efficient tile, or the tiles that lead to 暴头."""
        v = an.view
        sh = vals[a.tile][1]
        live = self.live_threat(v)
        naturals = [t for t in vals if not an.wc.is_wild(t)]
        shape: tuple[Reason, ...]
        if sh.baotou or sh.qike:
            shape = (because("any_draw_wins", state="baotou"),)
        elif sh.shanten == 0:
            shape = shape_reasons(an, sh)
            if an.weighed and sh.ukeire:
                # the weighed draws are scaled to the unseen count; the wall holds ``remaining`` of those tiles
                in_wall = sh.draws * v.remaining / an.unseen_total
                shape += (because("in_wall", left_est=round(in_wall, 1)),)
        else:
            shape = (because("far", shanten=sh.shanten, useful=sh.ukeire),)
            c, w = an.without((a.tile,))
            if an.claim_weight:
                shape += claim_words(an, c, sh)
            bt = self.baotou_draws(an, c, w) if self.shaping and w > 0 and sh.shanten == 1 else 0
            if bt and len(naturals) > 1:
                shape += (because("baotou_kept", draws=bt),)
        if an.wc.is_wild(a.tile) and live and naturals:
            safest = min(naturals, key=lambda t: (self.danger(an, t), t))
            risk = self.danger(an, safest)
            return Decision(a, (because("fold_wildcard", other_tile=TILE_NAMES[safest], risk_pts=points(risk)),))
        if live and not an.wc.is_wild(a.tile):
            eff = NormalBot.rank_discards(self, an, [d for d in v.legal if d.type is ActionType.DISCARD])
            if eff is not None and eff[0].tile != a.tile:
                mine, theirs = self.danger(an, a.tile), self.danger(an, eff[0].tile)
                if mine < theirs:
                    shape = (because("defence", tile=TILE_NAMES[a.tile], risk_pts=points(mine),
                                     other_tile=TILE_NAMES[eff[0].tile], other_pts=points(theirs)), *shape)
        if ahead and a.tile in ahead and len(ahead) > 1:
            return Decision(a, (because("best_ahead", count=len(ahead), best_ev=points(ahead[a.tile])), *shape))
        if sampled is not None:
            value, k, n = sampled
            return Decision(a, (because("best_sampled", count=k, best_ev=points(value), samples=n), *shape))
        if len(naturals) > 1 and (live or sh.shanten == 0):
            return Decision(a, (because("best_of", count=len(vals), best_ev=points(vals[a.tile][0])), *shape))
        return Decision(a, shape)

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Strong's rule (the claim brings the hand nearer ready, no third 摊), :meth:`claim_widens` or
        :meth:`claim_nears_baotou`; those two as-far rules never out of a hand ready as seven pairs
        (:meth:`pairs_ready`)."""
        if StrongBot.claim_ok(self, an, action, after, now):
            return True
        return not self.pairs_ready(an) and (self.claim_widens(an, action, after, now)
                                             or self.claim_nears_baotou(an, action, after, now))

    def pairs_ready(self, an: Analysis) -> bool:
        """Whether :attr:`pairs_guard` keeps this hand from an as-far claim: no meld and ready as seven pairs (七对听牌,
        七客 state included)."""
        return self.pairs_guard and not an.melds and seven_pairs_shanten(an.counts, an.w) == 0

    def claim_nears_baotou(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Holding a 财神, a chow or pong that leaves the hand no further from ready and nearer 暴头 state (and no
        third 摊 that would make us liable); at 3老 only with :attr:`baotou_claims_live`."""
        if (not self.baotou_claims or (not self.baotou_claims_live and discard_wins_live(an.view)) or an.w < 1
                or after.shanten > now or self.third_tan_bad(an, action, after)):
            return False
        return self.baotou_after_claim(an, action) < baotou_distance(an.counts, an.w)

    def baotou_after_claim(self, an: Analysis, action: Action) -> int:
        """How far from 暴头 state the hand is after a chow or pong and its nearest allowed discard."""
        tile = an.view.claim_tile
        if tile is None:
            return 99
        c, w, ban = an.claim_rest(action, tile)
        best = 99
        for f in range(NUM_KINDS):
            if c[f] == 0 or f in ban:
                continue
            c[f] -= 1
            best = min(best, baotou_distance(c, w))
            c[f] += 1
        return best

    def claim_widens(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """A chow or pong that leaves the hand as far from ready but with at least :attr:`wider_ratio` times
        the useful tiles of passing for a chow, :attr:`wider_ratio_pong` for a pong (:attr:`wider_ratio_live` at
        3老; and no third 摊 that would make us liable)."""
        if not self.claim_wider or after.shanten != now or self.third_tan_bad(an, action, after):
            return False
        if discard_wins_live(an.view):
            ratio = self.wider_ratio_live
        else:
            ratio = self.wider_ratio_pong if action.type is ActionType.PONG else self.wider_ratio
        return after.draws >= ratio * an.shape(an.counts, an.w).draws

    def on_claim(self, an: Analysis) -> Decision:
        """Claim window: strong's choice, checked against passing and the other useful claims by sampling when
        the hand is close to ready; another choice must be worth :data:`MARGIN` more."""
        v = an.view
        pass_action = next(a for a in v.legal if a.type is ActionType.PASS)
        tile = v.claim_tile
        if tile is None:
            return Decision(pass_action, (because("nothing_to_claim"),))
        prior = StrongBot.on_claim(self, an).action
        now = an.current_shanten()
        options: list[tuple[tuple[int, float], Action]] = []
        for a in v.legal:
            if a.type in (ActionType.PONG, ActionType.CHOW):
                got = an.best_after_claim(a, tile)
                if got is None or got[0].shanten > now or self.third_tan_bad(an, a, got[0]):
                    continue
                options.append(((got[0].shanten, -got[0].draws), a))
            elif a.type is ActionType.EXPOSED_KONG:
                c, w = an.without(a.tiles)
                sh = an.shape(c, w, an.melds + 1)
                if sh.shanten <= now and not self.third_tan_bad(an, a, sh):
                    options.append(((sh.shanten - 1, -sh.draws), a))
        options.sort(key=lambda x: (x[0], x[1]))
        cands = [pass_action] + [a for _, a in options[:2]]
        if prior not in cands:
            cands.append(prior)
        if len(cands) == 1 or now > 1 or not self.sample_decisions or not self.samples:
            return self._claim_words(an, prior, tile, None)
        values, n = self.compare(v, cands)
        scored = dict(zip(cands, values, strict=True))
        self.last_values = dict(scored)
        choice = max(cands, key=lambda a: (scored[a], a is prior))
        if choice is not prior and scored[choice] - scored[prior] < self.margin:
            choice = prior
        if choice is pass_action:
            return Decision(choice, (because("leave_better", tile=TILE_NAMES[tile]),
                                     because("expected", best_ev=points(scored[choice]), samples=n)))
        return Decision(choice, (because("beats_pass", best_ev=points(scored[choice]),
                                         pass_ev=points(scored[pass_action])),))

    def _claim_words(self, an: Analysis, a: Action, tile: int, _: None) -> Decision:
        v = an.view
        src = v.claim_from
        name = TILE_NAMES[tile]
        if a.type is ActionType.PASS:
            if (src is not None and v.options.three_tan_chengbao and v.tan[v.seat][src] >= 2
                    and any(x.type in (ActionType.CHOW, ActionType.PONG, ActionType.EXPOSED_KONG) for x in v.legal)):
                return Decision(a, (because("third_tan", seat=v.seat, discarder=src),))
            if self.pairs_ready(an) and any(x.type in (ActionType.CHOW, ActionType.PONG) for x in v.legal):
                if an.shape(an.counts, an.w).qike:
                    return Decision(a, (because("pairs_qike", tile=name),))
                return Decision(a, (because("pairs_ready", tile=name),))
            return Decision(a, (because("claim_no_help", tile=name),))
        if a.type in (ActionType.CHOW, ActionType.PONG):
            got = an.best_after_claim(a, tile)
            now = an.shape(an.counts, an.w)
            if (got is not None and got[0].shanten == now.shanten
                    and not self.claim_widens(an, a, got[0], now.shanten)
                    and self.claim_nears_baotou(an, a, got[0], now.shanten)):
                before, after = baotou_distance(an.counts, an.w), self.baotou_after_claim(an, a)
                return Decision(a, (because("claim_nearer_baotou", before=before, after=after),))
            if got is not None and got[0].shanten == now.shanten:
                return Decision(a, (because("claim_wider", before=now.ukeire, after=got[0].ukeire),))
        return Decision(a, (because("claim_closer"),))


__all__ = ["ExpertBot", "baotou_distance"]
