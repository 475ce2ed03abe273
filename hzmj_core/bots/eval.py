"""Shared hand analysis for the bots and the hints, from one seat's view only.

Everything here reads a :class:`~hzmj_core.bots.base.SeatView` (own tiles + public information) and never a
:class:`~hzmj_core.round.Round`. The hot calls of :mod:`hzmj_core.hand` are memoised in bounded dicts,
because a bot asks about the same few hands again and again (every discard candidate, every claim option).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ..actions import Action, ActionType
from ..hand import baotou_state, improving_tiles, qike_state, shanten
from ..round import FINAL_WALL, chow_ban
from ..scoring import settle
from ..tiles import NUM_KINDS, MeldKind, Wildcards
from ..view import SeatView

_CACHE_LIMIT = 250_000
_SHANTEN: dict[tuple[bytes, int, int], int] = {}
_IMPROVING: dict[tuple[bytes, int, int], tuple[int, ...]] = {}


def cached_shanten(counts: Sequence[int], w: int, melds: int) -> int:
    """:func:`hzmj_core.hand.shanten`, memoised."""
    key = (bytes(counts), w, melds)
    got = _SHANTEN.get(key)
    if got is None:
        if len(_SHANTEN) > _CACHE_LIMIT:
            _SHANTEN.clear()
        got = _SHANTEN[key] = shanten(counts, w, melds)
    return got


def cached_improving(counts: Sequence[int], w: int, melds: int) -> tuple[int, ...]:
    """:func:`hzmj_core.hand.improving_tiles`, memoised (for a ready hand these are its waits)."""
    key = (bytes(counts), w, melds)
    got = _IMPROVING.get(key)
    if got is None:
        if len(_IMPROVING) > _CACHE_LIMIT:
            _IMPROVING.clear()
        got = _IMPROVING[key] = tuple(improving_tiles(counts, w, melds))
    return got


@dataclass(frozen=True, slots=True)
class Shape:
    """A 3n+1-tile concealed hand judged from one seat's view: how far from ready, what improves it."""

    shanten: int
    improving: tuple[int, ...]
    """Faces whose draw lowers the shanten (the waits when ready)."""
    ukeire: int
    """Unseen tiles (natural tiles of those faces plus unseen wildcards) that improve it."""
    baotou: bool
    """暴头 state: any draw wins, with at least 1 fan."""
    qike: bool
    """七客 state: any draw wins seven pairs with at least 2 fan."""


class Analysis:
    """The numbers one seat can compute about its own hand: unseen tiles, shanten, useful tiles."""

    def __init__(self, view: SeatView) -> None:
        self.view = view
        self.wc: Wildcards = view.wildcards
        self.seat = view.seat
        self.melds = len(view.melds[view.seat])
        self.counts, self.w = self.wc.split(view.hand)
        self.unseen = unseen_kind = view.unseen_counts()
        wk = self.wc.wild_kind
        self.unseen_wild = unseen_kind[wk]
        self.unseen_face = [0] * NUM_KINDS
        for k in range(NUM_KINDS):
            if k != wk:
                self.unseen_face[self.wc.face(k)] += unseen_kind[k]
        self.unseen_total = max(1, sum(unseen_kind))
        self._shapes: dict[tuple[bytes, int, int], Shape] = {}

    # ------------------------------------------------------------------ shapes

    def shape(self, counts: Sequence[int], w: int, melds: int | None = None) -> Shape:
        """Judge a 3n+1-tile concealed hand (counts + wildcards) with ``melds`` declared melds."""
        k = self.melds if melds is None else melds
        key = (bytes(counts), w, k)
        got = self._shapes.get(key)
        if got is not None:
            return got
        s = cached_shanten(counts, w, k)
        imp = cached_improving(counts, w, k)
        u = sum(self.unseen_face[f] for f in imp)
        if imp:
            u += self.unseen_wild
        bt = s == 0 and baotou_state(counts, w)
        qk = s == 0 and qike_state(counts, w, k)
        got = Shape(s, imp, u, bt, qk)
        self._shapes[key] = got
        return got

    def without(self, tiles: Sequence[int]) -> tuple[list[int], int]:
        """Counts and wildcards of the hand minus some physical tiles."""
        c = list(self.counts)
        w = self.w
        for t in tiles:
            if self.wc.is_wild(t):
                w -= 1
            else:
                c[self.wc.face(t)] -= 1
        return c, w

    def shanten_after(self, tile: int) -> int:
        """Shanten left after discarding ``tile`` (cheaper than :meth:`after_discard`)."""
        c, w = self.without((tile,))
        return cached_shanten(c, w, self.melds)

    def after_discard(self, tile: int) -> Shape:
        """The shape left after discarding ``tile`` from a 3n+2-tile hand."""
        c, w = self.without((tile,))
        return self.shape(c, w)

    def current_shanten(self) -> int:
        """Shanten of the hand as it is (3n+1 or 3n+2 tiles)."""
        return cached_shanten(self.counts, self.w, self.melds)

    def best_after_claim(self, action: Action, claimed: int) -> tuple[Shape, int] | None:
        """The best shape (and its discard) after a chow or pong with the claimed tile, or ``None``."""
        c, w = self.without(action.tiles)
        wc = self.wc
        ban: tuple[int, ...] = ()
        if action.type is ActionType.CHOW:
            ban = chow_ban(claimed, action.tiles, wc)
        best: tuple[Shape, int] | None = None
        for f in range(NUM_KINDS):
            if c[f] == 0 or f in ban:
                continue
            c[f] -= 1
            sh = self.shape(c, w, self.melds + 1)
            c[f] += 1
            if best is None or (sh.shanten, -sh.ukeire) < (best[0].shanten, -best[0].ukeire):
                best = (sh, f)
        return best

    # ------------------------------------------------------------------ table facts

    def my_draws(self) -> float:
        """Roughly how many more draws this seat gets before the wall's last 20 tiles."""
        return max(0.0, (self.view.remaining - FINAL_WALL) / 4.0)

    def p_ready_win(self, ukeire: int, draws: float | None = None) -> float:
        """Chance that a ready hand with ``ukeire`` live winning tiles self-draws in the draws left."""
        d = self.my_draws() if draws is None else draws
        if d <= 0 or ukeire <= 0:
            return 0.0
        miss = max(0.0, 1.0 - ukeire / self.unseen_total)
        return float(1.0 - miss**d)

    def win_gain(self, fan: int, winner: int | None = None, payer: int | None = None) -> int:
        """Points the winner collects for a win of ``fan`` (self-draw unless ``payer``), contracts included."""
        v = self.view
        w = self.seat if winner is None else winner
        st = settle(w, fan, v.dealer, v.streak, v.options.base_score, payer, tan=v.tan,
                    chengbao=v.options.three_tan_chengbao)
        return st.deltas[w]

    def loss_if_wins(self, winner: int, fan: int, payer: int | None = None) -> int:
        """Points this seat loses if ``winner`` wins with ``fan`` (self-draw unless ``payer``)."""
        v = self.view
        st = settle(winner, fan, v.dealer, v.streak, v.options.base_score, payer, tan=v.tan,
                    chengbao=v.options.three_tan_chengbao)
        return -st.deltas[self.seat]


def isolation(counts: Sequence[int], face: int) -> int:
    """How connected a face is to the rest of the hand (lower = more isolated), for tie-breaks."""
    score = 2 * (counts[face] - 1)
    if face < 27:
        r = face % 9
        for d in (-2, -1, 1, 2):
            if 0 <= r + d <= 8:
                score += counts[face + d] * (2 if abs(d) == 1 else 1)
    return score


def open_melds(view: SeatView, seat: int) -> int:
    """Melds a seat shows (its concealed kongs count too, face down)."""
    return len(view.melds[seat])


def seat_tan(view: SeatView, a: int, b: int) -> int:
    """Counted claims of seat a on seat b so far (摊)."""
    return view.tan[a][b]


def tan_cap(view: SeatView, a: int, b: int) -> int | None:
    """The cap on a's counted claims on b (None = unlimited), as the engine applies it (RULES §5.5)."""
    o = view.options
    if not o.three_tan_chengbao or view.dealer not in (a, b):
        return 2
    if o.three_tan_needs_l3 and view.streak != 3:
        return 2
    return None


def discard_wins_live(view: SeatView) -> bool:
    """True if discard wins (放铳) can happen in this hand at all (RULES §9)."""
    o = view.options
    return o.win_mode == "dealer_discard" and view.streak >= o.discard_min_l


def freeze_bound(view: SeatView, seat: int) -> bool:
    """True if the 抓打 freeze bars ``seat`` from claiming discards now."""
    if view.freeze_owner is None:
        return False
    if view.options.zhuada_subject == "others":
        return seat != view.freeze_owner
    return True


def concealed_kong_count(view: SeatView, seat: int) -> int:
    """Concealed kongs of a seat (visible as face-down melds)."""
    return sum(1 for m in view.melds[seat] if m is None or m.kind is MeldKind.CONCEALED_KONG)
