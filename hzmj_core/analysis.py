"""Hand analysis for people and bots: what ``analyze`` prints, what hints and the tutorial show, what bots weigh.

* :func:`analyze_hand` judges a hand written in the notation (13 tiles: shanten, waits with the tiles left
  outside it, 暴头/七客 state; 14 tiles: win and its forms), raising :class:`AnalysisError` for bad input.
  The command line, ``webapi`` and the tutorial's hand widget show its answer.
* :class:`Analysis` judges a seat's own hand from its :class:`~hzmj_core.view.SeatView`: shanten, useful
  tiles and waits counted against what the seat has not seen (:class:`Shape`), the best discard after a
  claim, the chance to self-draw and what a win pays. The bots and the hints share it.

The hot calls of :mod:`hzmj_core.hand` are memoised in bounded dicts, because a bot asks about the same few
hands again and again (every discard candidate, every claim option).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from . import claims
from .actions import Action, ActionType
from .hand import baotou_state, improving_tiles, qike_state, shanten, standard_shanten, waits, win_forms
from .round import FINAL_WALL, chow_ban
from .scoring import settle
from .tiles import NUM_KINDS, TILE_NAMES, Meld, NotationError, Wildcards, parse_melds, parse_tile, parse_tokens
from .view import SeatView, count_seen, waits_json


class AnalysisError(ValueError):
    """A hand that cannot be analysed (bad notation, impossible tile counts, wrong size); the message says why.

    ``argument`` names the input at fault: ``"hand"``, ``"melds"``, ``"wildcard"`` or ``"win_tile"``."""

    def __init__(self, message: str, argument: str = "hand") -> None:
        super().__init__(message)
        self.argument = argument


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


_BAOTOU: dict[tuple[bytes, int], int] = {}


def baotou_distance(counts: Sequence[int], w: int) -> int:
    """Tiles a 3n+1 hand is away from 暴头 state (0 = in it): its sets complete around one free 财神.

    Computed as the standard shanten of (hand − one wildcard + a pair of a face it lacks) plus one: that
    hand is complete exactly when the rest forms sets only. 99 without a wildcard.
    """
    if w < 1:
        return 99
    key = (bytes(counts), w)
    got = _BAOTOU.get(key)
    if got is not None:
        return got
    spare = next((f for f in range(27, NUM_KINDS) if counts[f] == 0), None)
    if spare is None:
        return 99
    c = list(counts)
    c[spare] += 2
    got = standard_shanten(c, w - 1) + 1
    if len(_BAOTOU) > 200_000:
        _BAOTOU.clear()
    _BAOTOU[key] = got
    return got


def claimable_seats(counts: Sequence[int], face: int) -> int:
    """From how many seats' discards a hand could claim ``face`` (吃碰): three when it holds a natural pair of it
    (a pong, 碰, from anyone), one when two natural tiles of the hand make a run with it (a chow, 吃, from the
    previous seat only), else none (a 财神 takes no part in a claim)."""
    if counts[face] >= 2:
        return 3
    if face < 27:
        r = face % 9
        for a, b in ((-2, -1), (-1, 1), (1, 2)):
            if r + a >= 0 and r + b <= 8 and counts[face + a] and counts[face + b]:
                return 1
    return 0


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
    draws: float
    """The useful tiles as the bots weigh them: :attr:`ukeire` itself, or for a far hand with
    :meth:`Analysis.weigh_claims` each copy also weighed by the seats it could claim it from; what the bots'
    choices compare."""


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
        # The draws are the unseen counts themselves (no copies: an Analysis is built every decision).
        self.draw_kind: Sequence[float] = unseen_kind
        """Per tile kind, the weight of its next draw: its unseen copies."""
        self.draw_face: Sequence[float] = self.unseen_face
        self.claim_weight = 0.0
        """What a far hand's useful copy gains for each seat it could be claimed from (:meth:`weigh_claims`)."""
        self._claim_room: tuple[tuple[bool, ...], tuple[bool, ...]] | None = None

    def weigh_claims(self, weight: float, tan_caps: bool = False) -> None:
        """Count a far hand's useful tiles with the others' discards too (吃碰的机会): each useful copy of a face
        counts 1 + ``weight`` × the seats it could be claimed from (:meth:`claim_sources`: a pong-able face from
        three seats' discards, a chow-able one from the previous seat's); any other useful face comes by the
        seat's own draw alone. With ``tan_caps`` only the seats the 摊 caps (§5.5) still let this seat claim from
        count. A ready hand's waits are not weighed: away from 3老 it wins by self-draw only."""
        self.claim_weight = weight
        self._claim_room = (self._tan_room(0), self._tan_room(1)) if tan_caps else None
        self._shapes.clear()

    def _tan_room(self, extra: int) -> tuple[bool, ...]:
        """Per seat, whether this seat may still make a counted claim (摊) on it; with ``extra`` 1 in a claim
        window, after the claim now offered has added its 摊 on the discarder."""
        v = self.view
        me = v.seat
        room = [False] * 4
        for s in range(4):
            if s == me:
                continue
            cap = claims.tan_cap(v.options, v.dealer, v.streak, me, s)
            made = v.tan[me][s] + (extra if s == v.claim_from else 0)
            room[s] = cap is None or made < cap
        return tuple(room)

    def claim_sources(self, counts: Sequence[int], face: int, melds: int) -> int:
        """From how many seats' discards the hand (with ``melds`` melds) could claim ``face``: as
        :func:`claimable_seats`, or with the 摊 caps of :meth:`weigh_claims` only the seats with room (a pong
        from each, a chow from the previous seat; with ``pong_counts_as_tan`` off a pong is never capped). In a
        claim window a hand with one meld more is the hand after the claim, so its 摊 on the discarder counts."""
        room_pair = self._claim_room
        if room_pair is None:
            return claimable_seats(counts, face)
        v = self.view
        room = room_pair[1] if melds > self.melds and v.claim_from is not None else room_pair[0]
        me = v.seat
        prev = (me - 1) % 4
        seats = 0
        prev_counted = False
        if counts[face] >= 2:
            uncapped = not v.options.pong_counts_as_tan
            for s in range(4):
                if s != me and (room[s] or uncapped):
                    seats += 1
                    prev_counted = prev_counted or s == prev
        if not prev_counted and room[prev] and face < 27:
            r = face % 9
            for a, b in ((-2, -1), (-1, 1), (1, 2)):
                if r + a >= 0 and r + b <= 8 and counts[face + a] and counts[face + b]:
                    seats += 1
                    break
        return seats

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
        d = float(u)
        if self.claim_weight and s > 0:
            for f in imp:
                d += self.claim_weight * self.claim_sources(counts, f, k) * self.draw_face[f]
        bt = s == 0 and baotou_state(counts, w)
        qk = s == 0 and qike_state(counts, w, k)
        got = Shape(s, imp, u, bt, qk, d)
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

    def claim_rest(self, action: Action, claimed: int) -> tuple[list[int], int, tuple[int, ...]]:
        """After a chow or pong with the claimed tile: the counts and wildcards left in hand, and the faces its
        discard may not be (the chow ban, §5.7)."""
        c, w = self.without(action.tiles)
        ban = chow_ban(claimed, action.tiles, self.wc) if action.type is ActionType.CHOW else ()
        return c, w, ban

    def best_after_claim(self, action: Action, claimed: int) -> tuple[Shape, int] | None:
        """The best shape (and its discard) after a chow or pong with the claimed tile, or ``None``."""
        c, w, ban = self.claim_rest(action, claimed)
        best: tuple[Shape, int] | None = None
        for f in range(NUM_KINDS):
            if c[f] == 0 or f in ban:
                continue
            c[f] -= 1
            sh = self.shape(c, w, self.melds + 1)
            c[f] += 1
            if best is None or (sh.shanten, -sh.draws) < (best[0].shanten, -best[0].draws):
                best = (sh, f)
        return best

    # ------------------------------------------------------------------ table facts

    def my_draws(self) -> float:
        """Roughly how many more draws this seat gets before the wall's last 20 tiles."""
        return max(0.0, (self.view.remaining - FINAL_WALL) / 4.0)

    def p_ready_win(self, ukeire: float, draws: float | None = None) -> float:
        """Chance that a ready hand with ``ukeire`` live winning tiles (:attr:`Shape.draws`) self-draws in the
        draws left."""
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


_FULL_SET = (4,) * NUM_KINDS


def analyze_hand(hand: str, melds_text: str = "", wildcard: str | None = None) -> dict[str, Any]:
    """Judge a 13- or 14-tile hand (melds count 3 each) as JSON-ready data.

    ``hand`` and ``melds_text`` are in the notation of :mod:`hzmj_core.tiles`; ``wildcard`` is the 翻财神
    indicator (``None``: fixed mode, P is the wildcard). 13 tiles give the shanten, the waits with the
    tiles of each not in the hand, its melds or the indicator, and the 暴头/七客 state; 14 tiles give
    whether it wins, its forms and the shanten. Raises :class:`AnalysisError` naming what is wrong.
    """
    try:
        wc = Wildcards.fixed() if wildcard is None else Wildcards.flipped(parse_tile(wildcard))
    except NotationError as exc:
        raise AnalysisError(f"wildcard: {exc}", "wildcard") from None
    try:
        tokens = parse_tokens(hand)
    except NotationError as exc:
        raise AnalysisError(str(exc)) from None
    try:
        melds: list[Meld] = parse_melds(melds_text, wc) if melds_text.strip() else []
    except NotationError as exc:
        raise AnalysisError(str(exc), "melds") from None
    for i, tok in enumerate(tokens):
        if tok.starred and not wc.is_wild(tok.kind):
            raise AnalysisError(
                f"tile {i + 1} ({TILE_NAMES[tok.kind]}*) is marked as a wildcard, but the wildcard is "
                f"{TILE_NAMES[wc.wild_kind]}"
            )
    tiles = [t.kind for t in tokens]
    seen = count_seen(tiles, melds, (), wc.indicator)
    for k in range(NUM_KINDS):
        if seen[k] > 4:
            shown = 1 if k == wc.indicator else 0
            extra = " (one is the turned-up indicator)" if shown else ""
            # the hand's fault when its own tiles are too many, else the melds' that add to them
            at_fault = "hand" if tiles.count(k) > 4 - shown else "melds"
            raise AnalysisError(f"{seen[k] - shown} copies of {TILE_NAMES[k]}: at most {4 - shown} exist{extra}",
                                at_fault)
    size = len(tiles) + 3 * len(melds)
    counts, w = wc.split(tiles)
    k = len(melds)
    out: dict[str, Any] = {
        "hand": " ".join(wc.name(t) for t in sorted(tiles)),
        "melds": [str(m) for m in melds],
        "wildcard": TILE_NAMES[wc.wild_kind],
        "mode": wc.mode.value,
        "tiles": size,
    }
    if size == 14:
        forms = win_forms(counts, w, k)
        out["win"] = bool(forms)
        out["forms"] = sorted(forms)
        out["shanten"] = shanten(counts, w, k)
    elif size == 13:
        out["shanten"] = shanten(counts, w, k)
        unseen = [_FULL_SET[kind] - seen[kind] for kind in range(NUM_KINDS)]
        out["waits"] = waits_json(waits(counts, w, k), unseen, wc)
        out["baotou"] = baotou_state(counts, w)
        out["qike"] = qike_state(counts, w, k)
    else:
        raise AnalysisError(f"the hand has {size} tiles counting each meld as 3; analyze needs 13 or 14")
    return out
