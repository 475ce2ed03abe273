"""大师 (expert): the strong bot's judgement with a look-ahead over its next draw, wider claims, a danger and
threat model fitted to play, 暴头 shaping and the 财神 fold.

On top of strong's evaluation it

* within two tiles of ready, chooses among the best three discards by their exact expected value over its
  next draw (:mod:`.draw_ahead`: every unseen tile weighed by its copies, wins scored by the fan rules), which
  sees the draws that turn a plain wait into 暴头 or 七客 state, the waits that widen and, further out, the
  useful draws that leave a wider hand behind;
* also chows or pongs when the claim keeps the hand as far from ready but makes it wider (by a bar for
  chows, a lower one for pongs, another at 3老);
* judges the danger of a discard at 3老 with strong's danger function (:meth:`StrongBot.danger`) and constants
  fitted to strong players' hands at 3老: how often a seat could win on a face, by its river length and melds,
  the face's kind (honours are far safer than strong assumes, middle tiles riskier), its unseen copies and
  whether that seat discarded it itself;
* when a win is on the table compares winning now with a 飘, a kong that keeps 暴头 (杠暴) and declining a
  plain win to wait in 暴头, by expected points with the others' chance to win first fitted to play (how often
  a draw lets a seat win, by its river and melds), not strong's guess;
* one tile from ready with a 财神, values a discard also by the tiles that would bring it nearer 暴头 state
  (the 财神 kept free), since 暴头 wins on any draw and pays double;
* folds a far hand at 3老 with a 财神 when every natural tile is riskier (nobody can win on a 财神), and at 3老
  weighs a 财神 as a discard at any distance from ready: what the hand loses without it against the danger of
  the best natural tile;
* counts the liability of feeding a third 摊 (承包) by its expected cost: the chance that a seat with two 摊 on us
  (uncapped: the dealer and a non-dealer at 3老) holds the pair or the run that claims the tile, times the share of
  such claims players make, times the chance it then wins (both measured on play), times what its win would then
  make us pay beyond our share, less what 倒承包 would make it pay us;
* holding a 财神, also chows or pongs when the claim keeps the hand as near ready and brings it nearer 暴头
  state (a meld takes no 财神: the free 财神 reaches 暴头 sooner), except at 3老;
* at 3老 values a far hand lower and, as the dealer, counts half the danger of a discard (its deal-in costs
  10 × 2^F where the same seat's self-draw would cost it 8 × 2^F anyway);
* away from 3老 counts a far hand's useful tiles with the others' discards it could claim them from (吃碰的机会):
  a face it holds a pair of may be ponged from three seats, one it could chow from the previous seat (only the
  seats the 摊 caps still leave open), while a face it can only draw comes by its own draw alone;
* makes no as-far claim (wider, or nearer 暴头) while a meldless hand is ready as seven pairs (七对子 or 清七对 on
  its waits, or 七客 state, where any draw wins at ×4): a meld ends that hand.

Every constant of these judgements is a field of :class:`~.expert_params.ExpertParams` (``ExpertBot(seed,
params)``; the defaults are the expert as it ships). With its additions switched off there (the switches
false, strong's danger constants) it plays exactly as strong does. :meth:`ExpertBot.compare`, the sampled
look-ahead that the 复盘 review uses to value a player's choices, lives in :mod:`.lookahead`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionType
from ..analysis import Analysis, Shape, baotou_distance
from ..claims import FINAL_WALL
from ..fan import WinEvaluation
from ..hand import seven_pairs_shanten
from ..reasons import Reason, because, points
from ..round import Phase
from ..scoring import settle
from ..tiles import NUM_KINDS, TILE_NAMES
from ..view import SeatView
from . import lookahead
from .advanced import KONG_TYPES, AdvancedBot, shape_reasons
from .base import Decision
from .draw_ahead import value_after_draw
from .expert_params import ExpertParams
from .heuristics import LAST_CALL, discard_wins_live, isolation, just_piaoed, tan_cap
from .strong import StrongBot

DEFAULT_PARAMS = ExpertParams()
"""The expert as it ships."""


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
    """Strong's evaluation with the additions of the module docstring, tuned by :class:`ExpertParams`."""

    name = "expert"
    samples = lookahead.SAMPLES
    """Most samples of the hidden tiles in one :meth:`compare` (the review quotes it)."""

    def __init__(self, seed: int = 0, params: ExpertParams = DEFAULT_PARAMS) -> None:
        super().__init__(seed)
        self.params = params
        """The constants this expert plays by."""
        # strong's own methods (danger, shape_value) read these as attributes
        self.danger_base = params.danger_base
        self.danger_live = params.danger_live
        self.danger_genbutsu = params.danger_genbutsu
        self.far_factor = params.far_factor
        self._calm_fold = False
        self.last_values: dict[Action, float] = {}
        """Expected points of the choices compared at the last win decision (empty when there were none)."""

    @property
    def shaping(self) -> bool:
        """Whether this expert values keeping the 财神 free for 暴头 (:attr:`ExpertParams.shaping`)."""
        return self.params.shaping

    def decide(self, view: SeatView) -> Decision:
        """Strong's decision flow with the expert's judgements (see the module docstring)."""
        self.last_values = {}
        return super().decide(view)

    def analysis(self, view: SeatView) -> Analysis:
        """The seat's analysis; away from 3老 a far hand's draws weighed by the seats it could claim them from
        (:attr:`ExpertParams.claim_draws`)."""
        an = Analysis(view)
        if self.params.claim_draws and not discard_wins_live(view):
            an.weigh_claims(self.params.claim_draws, self.params.claim_tan_caps)
        return an

    # ------------------------------------------------------------------ risk model (earlier readiness)

    def ready_prob(self, view: SeatView, seat: int) -> float:
        """Chance that ``seat`` is ready on a given wait, scaled so that times :attr:`ExpertParams.danger_base` it is
        the chance that ``seat`` wins on a discard of a face: fitted to strong players' hands at 3老 (the share of
        (seat, face) pairs on which the seat could win, by its river length and melds)."""
        p = self.params
        if not p.early_ready:
            return super().ready_prob(view, seat)
        n = len(view.discards[seat])
        k = len(view.melds[seat])
        return min(p.ready_cap, p.ready_per_discard * max(0, n - 1) + p.ready_per_meld * k)

    def live_threat(self, view: SeatView) -> bool:
        """True if some seat could win on a natural discard of ours now."""
        return discard_wins_live(view) and any(self.can_ron_me(view, o) for o in range(4) if o != view.seat)

    # ------------------------------------------------------------------ static values

    def far_factor_for(self, an: Analysis) -> float:
        """:attr:`ExpertParams.far_live` when discard wins are live (3老), else :attr:`ExpertParams.far_factor`."""
        if self.params.far_live is None or self._calm_fold or not discard_wins_live(an.view):
            return self.far_factor
        return self.params.far_live

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
                    value += 0.25 * self.baotou_value(an, c, w, sh) if self.params.shaping else 0.0
                if live:
                    value -= self.discard_risk(an, t, value)
            elif self.params.shaping and w > 0 and sh.shanten == 1:
                value = sh.draws + self.params.baotou_weight * self.baotou_ukeire(an, c, w) - 0.01 * tie
            else:
                free = self.params.shaping and w > 0 and baotou_distance(c, w) <= sh.shanten
                value = sh.draws * (1.0 + self.params.free_bonus if free else 1.0) - 0.01 * tie
            value -= self.feed_penalty(an, t)
            out[t] = (value, sh)
        wild = an.wc.wild_kind
        fold = self.params.fold and live and low >= self.params.fold_from
        if (an.w and (not naturals or fold or (self.params.wild_defence and live))
                and any(a.type is ActionType.DISCARD and a.tile == wild for a in v.legal)):
            c, w = an.without((wild,))
            sh = an.shape(c, w)
            out[wild] = (self.shape_value(an, sh) if fold or not naturals else self.points_of(an, c, w, sh), sh)
            if len(out) > 1 and self._best(out) == wild and not self._fold_holds_calm(an):
                del out[wild]
        return out

    @staticmethod
    def _best(vals: dict[int, tuple[float, Shape]]) -> int:
        return max(vals, key=lambda k: (vals[k][0], -k))

    def _fold_holds_calm(self, an: Analysis) -> bool:
        """Whether the 财神 fold also wins with :attr:`ExpertParams.far_factor` (see :attr:`ExpertParams.far_live`)."""
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
        weight = self.risk_weight(v) * (self.params.dealer_danger if v.seat == v.dealer else 1.0)
        return weight * self.danger(an, tile)

    def feed_penalty(self, an: Analysis, tile: int) -> float:
        """Expected points that discarding ``tile`` costs by letting a seat with two 摊 on us make the third
        (承包, :attr:`ExpertParams.liability`): the sum of :meth:`feed_costs`; strong's flat penalty when off."""
        if not self.params.liability:
            return super().feed_penalty(an, tile)
        return sum(self.feed_costs(an, tile).values())

    def feed_costs(self, an: Analysis, tile: int) -> dict[int, float]:
        """Per seat that could make its third counted claim on us with ``tile`` (and whose claims on us are
        uncapped: the dealer and a non-dealer at 3老), the expected cost of the liability it would give: the
        chance it could claim (:meth:`claim_chance`) times the share of such claims made
        (:attr:`ExpertParams.feed_claim`) times the chance it then wins times the extra its self-draw makes
        us pay, less the chance we win times the extra its 倒承包 pays us (never below 0)."""
        v = an.view
        out: dict[int, float] = {}
        if not v.options.three_tan_chengbao or an.wc.is_wild(tile) or v.remaining <= FINAL_WALL:
            return out
        face = an.wc.face(tile)
        me = v.seat
        mine: float | None = None
        draws = an.my_draws()
        for o in range(4):
            if o == me or v.tan[o][me] != 2 or tan_cap(v, o, me) is not None:
                continue
            p_claim = self.claim_chance(an, o, face) * self.params.feed_claim
            if p_claim <= 0.0:
                continue
            tan = [list(row) for row in v.tan]
            tan[o][me] += 1

            def delta(winner: int, tan: Sequence[Sequence[int]]) -> int:
                return settle(winner, 0, v.dealer, v.streak, v.options.base_score, None, tan=tan).deltas[me]

            extra_loss = delta(o, v.tan) - delta(o, tan)
            extra_gain = delta(me, tan) - delta(me, v.tan)
            if mine is None:
                sh = an.after_discard(tile)
                mine = an.p_ready_win(sh.draws) * self.far_factor_for(an) ** sh.shanten
            p_theirs = 1.0 - (1.0 - self.params.feed_win_per_draw) ** draws
            cost = p_claim * (p_theirs * extra_loss - mine * extra_gain)
            if cost > 0.0:
                out[o] = cost
        return out

    def claim_chance(self, an: Analysis, seat: int, face: int) -> float:
        """Chance that ``seat`` could claim a discard of ``face`` from us: that its concealed tiles, drawn from the
        unseen ones, hold a pair of the face (碰, 直杠) or, when it plays after us, two tiles of a run with it (吃),
        times :attr:`ExpertParams.feed_shape` (at most 1)."""
        v = an.view
        hidden = max(0, 13 - 3 * len(v.melds[seat]))
        total = max(1, an.unseen_total)
        q = 1.0 - min(1.0, hidden / total)

        def holds(face: int) -> float:
            return 1.0 - q ** an.unseen_face[face]

        u = an.unseen_face[face]
        pong = 1.0 - q**u - u * (1.0 - q) * q ** max(0, u - 1) if u >= 2 else 0.0
        chow = 0.0
        if seat == (v.seat + 1) % 4 and face < 27:
            r = face % 9
            miss = 1.0
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if r + a >= 0 and r + b <= 8:
                    miss *= 1.0 - holds(face + a) * holds(face + b)
            chow = 1.0 - miss
        return min(1.0, self.params.feed_shape * (1.0 - (1.0 - pong) * (1.0 - chow)))

    def defence_reach(self, low: int) -> int:
        """How many steps further from ready a discard may leave the hand when it is safer (a live threat)."""
        return 1 if low < self.params.fold_from else self.params.fold_reach

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
        if sh.shanten == 0 and not sh.baotou and self.params.shaping:
            value += 0.25 * self.baotou_value(an, c, w, sh)
        return value

    # ------------------------------------------------------------------ look-ahead (for the review)

    def compare(self, view: SeatView, actions: Sequence[Action]) -> tuple[list[float], int]:
        """Expected points of each of ``actions`` (legal in ``view``) over the same samples of the hidden tiles,
        and the sample count (:func:`.lookahead.compare`): what the 复盘 review reports."""
        return lookahead.compare(self, view, actions)

    # ------------------------------------------------------------------ decisions

    def self_draw_threat(self, view: SeatView, seat: int) -> float:
        """Chance that ``seat`` wins on its next draw: almost sure after a 飘, else by its river and melds."""
        if just_piaoed(view, seat):
            return 0.9
        # fitted to strong players' hands: how often a draw let the seat win, by river and melds
        p = self.params
        n = len(view.discards[seat])
        return min(p.threat_cap, p.threat_per_discard * max(0, n - 2) + p.threat_per_meld * len(view.melds[seat]))

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
                if v.remaining < LAST_CALL and an.w > 0:
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
        if v.remaining >= LAST_CALL:
            for a in v.legal:
                if a.type is ActionType.DISCARD:
                    sh = an.after_discard(a.tile)
                    if sh.baotou or sh.qike:
                        out.append(a)
        return out

    def on_act(self, an: Analysis) -> Decision:
        """Own turn without a win: rank the discards statically, the best few within reach of ready again by
        the draw-ahead; a kong that keeps the hand as near ready comes first (one more draw)."""
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
        if good_kongs:
            return Decision(good_kongs[0], (because("kong_keeps_shape"),))
        return self._discard_decision(an, top, vals, ahead)

    def ahead_candidates(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> list[int]:
        """The natural discards the draw-ahead compares, best by the static ranking first (at most
        :attr:`ExpertParams.ahead_top`); empty when it does not run: switched off, fewer than two natural discards,
        the best further than :attr:`ExpertParams.ahead_from` from ready, or the static ranking folding with the
        财神."""
        p = self.params
        naturals = [t for t in vals if not an.wc.is_wild(t)]
        if not p.draw_ahead or len(naturals) < 2 or min(vals[t][1].shanten for t in naturals) > p.ahead_from:
            return []
        if an.wc.is_wild(max(vals, key=lambda k: (vals[k][0], -k))):
            return []
        return sorted(naturals, key=lambda t: (-vals[t][0], t))[: p.ahead_top]

    def ahead_values(self, an: Analysis, vals: dict[int, tuple[float, Shape]]) -> dict[int, float]:
        """Within :attr:`ExpertParams.ahead_from` tiles of ready, the natural discards of :meth:`ahead_candidates` by
        their value over the next draw (:func:`.draw_ahead.value_after_draw` with strong's static value of the kept
        hands), less the danger of the discard and the cost of feeding a third 摊; empty when the draw-ahead does not
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
            if min(vals[t][1].shanten for t in naturals) < self.params.fold_from:
                other = self._best({t: vals[t] for t in naturals})
                return Decision(a, (because("wildcard_defence", other_tile=TILE_NAMES[other],
                                            other_ev=points(vals[other][0]),
                                            risk_pts=points(self.discard_risk(an, other, vals[other][0])),
                                            best_ev=points(vals[a.tile][0])),))
            return Decision(a, (because("fold_wildcard", other_tile=TILE_NAMES[safest], risk_pts=points(risk)),))
        if not an.wc.is_wild(a.tile):
            shape = self._feed_words(an, a.tile, vals, ahead) + shape
        if live and not an.wc.is_wild(a.tile):
            eff = AdvancedBot.rank_discards(self, an, [d for d in v.legal if d.type is ActionType.DISCARD])
            if eff is not None and eff[0].tile != a.tile:
                mine, theirs = self.danger(an, a.tile), self.danger(an, eff[0].tile)
                if mine < theirs:
                    shape = (because("defence", tile=TILE_NAMES[a.tile], risk_pts=points(mine),
                                     other_tile=TILE_NAMES[eff[0].tile], other_pts=points(theirs)), *shape)
        if ahead and a.tile in ahead and len(ahead) > 1:
            return Decision(a, (because("best_ahead", count=len(ahead), best_ev=points(ahead[a.tile])), *shape))
        if len(naturals) > 1 and (live or sh.shanten == 0):
            return Decision(a, (because("best_of", count=len(vals), best_ev=points(vals[a.tile][0])), *shape))
        return Decision(a, shape)

    def _feed_words(self, an: Analysis, tile: int, vals: dict[int, tuple[float, Shape]],
                    ahead: dict[int, float] | None) -> tuple[Reason, ...]:
        """The reason when ``tile`` was chosen over a tile that would be better but for feeding a third 摊: who
        would claim it and what the liability was counted at; none otherwise."""
        scores = ahead if ahead and tile in ahead else {t: vals[t][0] for t in vals}
        raw = {t: x + self.feed_penalty(an, t) for t, x in scores.items() if not an.wc.is_wild(t)}
        alt = max(raw, key=lambda t: (raw[t], -t), default=tile)
        costs = self.feed_costs(an, alt) if self.params.liability else {}
        if alt == tile or not costs:
            return ()
        seat = max(costs, key=lambda o: costs[o])
        return (because("feed_third_tan", seat=seat, discarder=an.view.seat, tile=TILE_NAMES[alt],
                        risk_pts=points(costs[seat])),)

    def claim_ok(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Strong's rule (the claim brings the hand nearer ready, no third 摊), :meth:`claim_widens` or
        :meth:`claim_nears_baotou`; those two as-far rules never out of a hand ready as seven pairs
        (:meth:`pairs_ready`)."""
        if StrongBot.claim_ok(self, an, action, after, now):
            return True
        return not self.pairs_ready(an) and (self.claim_widens(an, action, after, now)
                                             or self.claim_nears_baotou(an, action, after, now))

    def pairs_ready(self, an: Analysis) -> bool:
        """Whether :attr:`ExpertParams.pairs_guard` keeps this hand from an as-far claim: no meld and ready as seven
        pairs (七对听牌, 七客 state included)."""
        return self.params.pairs_guard and not an.melds and seven_pairs_shanten(an.counts, an.w) == 0

    def claim_nears_baotou(self, an: Analysis, action: Action, after: Shape, now: int) -> bool:
        """Holding a 财神, a chow or pong that leaves the hand no further from ready and nearer 暴头 state (and no
        third 摊 that would make us liable); never at 3老."""
        if (not self.params.baotou_claims or discard_wins_live(an.view) or an.w < 1
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
        """A chow or pong that leaves the hand as far from ready but with at least :attr:`ExpertParams.wider_ratio`
        times the useful tiles of passing for a chow, :attr:`ExpertParams.wider_ratio_pong` for a pong
        (:attr:`ExpertParams.wider_ratio_live` at 3老; and no third 摊 that would make us liable)."""
        if not self.params.claim_wider or after.shanten != now or self.third_tan_bad(an, action, after):
            return False
        if discard_wins_live(an.view):
            ratio = self.params.wider_ratio_live
        else:
            ratio = self.params.wider_ratio_pong if action.type is ActionType.PONG else self.params.wider_ratio
        return after.draws >= ratio * an.shape(an.counts, an.w).draws

    def on_claim(self, an: Analysis) -> Decision:
        """Claim window: strong's choice under the expert's claim rules (:meth:`claim_ok`), with its reason."""
        v = an.view
        pass_action = next(a for a in v.legal if a.type is ActionType.PASS)
        tile = v.claim_tile
        if tile is None:
            return Decision(pass_action, (because("nothing_to_claim"),))
        prior = StrongBot.on_claim(self, an).action
        return self._claim_words(an, prior, tile)

    def _claim_words(self, an: Analysis, a: Action, tile: int) -> Decision:
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


__all__ = ["DEFAULT_PARAMS", "ExpertBot", "ExpertParams"]
