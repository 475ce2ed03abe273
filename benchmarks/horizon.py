"""多巡推演 (horizon): what a kept 3n+1 hand is worth over all of the seat's remaining draws, not only the next one.

A single-player model of the rest of the hand, exact within it: each of the seat's ``turns`` draws comes from
what it has not seen, in proportion to the copies; a draw that completes the hand wins what the fan rules make
of it (暴头, 七客, seven pairs and their 豪华 groups); a draw that brings the hand nearer ready is kept with the
discard that leaves the best value for the draws then left; any other draw is thrown back (摸切). Values are
vectors over the draws left, computed once per hand met (the hands reachable by useful draws form a small
graph at two or fewer tiles from ready), so that a ready hand's wait, a one-from-ready hand's useful tiles and
the waits they lead to are weighed on one scale: points.

What a one-step count of useful tiles or the one-draw look-ahead cannot weigh: twenty useful tiles that lead to
narrow waits against sixteen that lead to wide ones, or a 财神 kept free so that a useful draw lands in 暴头.
Claims, the others' wins and a change of wait without getting nearer are outside the model, alike for every
candidate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from hzmj_core.analysis import cached_improving, cached_shanten
from hzmj_core.hand import baotou_state, is_seven_pairs, is_standard_win, qike_state
from hzmj_core.tiles import NUM_KINDS, Wildcards

Vector = list[float]


def self_draw_fan(c: Sequence[int], w: int, melds: int, face: int | None, must_baotou: bool = False) -> int | None:
    """Fan of the plain self-draw (no chain) that ``face`` (``None``: a wildcard) completes on the pre-draw
    3n+1 hand ``c`` + ``w`` wildcards, or ``None`` if it is no win (RULES §6-§7)."""
    c2 = list(c)
    w2 = w
    if face is None:
        w2 += 1
    else:
        c2[face] += 1
    best: int | None = None
    g = sum(1 for x in c2 if x == 4)
    if baotou_state(c, w):
        best = 1
    if qike_state(c, w, melds):
        best = max(best or 0, 2 + g)
    if best is not None:
        return best
    if melds == 0 and is_seven_pairs(c2, w2):
        best = (1 + g) if w2 else (2 + g)
    if best is None and is_standard_win(c2, w2):
        best = 0
    if best is not None and must_baotou and w2 > 0:
        return None
    return best


class Horizon:
    """Values of 3n+1 hands over the seat's next ``turns`` draws (see the module docstring).

    ``draw_kind`` weighs each tile kind's next draw (the seat's unseen copies); ``gain(F)`` is what a
    self-drawn win of F fan pays the seat.
    """

    def __init__(self, melds: int, draw_kind: Sequence[float], wildcards: Wildcards, turns: int,
                 gain: Callable[[int], float], must_baotou: bool = False, max_shanten: int = 2) -> None:
        self.melds = melds
        self.turns = max(0, turns)
        self.must_baotou = must_baotou
        self.max_shanten = max_shanten
        mass = sum(u for u in draw_kind if u > 0)
        self.pf = [0.0] * NUM_KINDS
        self.pw = 0.0
        for k, u in enumerate(draw_kind):
            if u <= 0 or not mass:
                continue
            if wildcards.is_wild(k):
                self.pw += u / mass
            else:
                self.pf[wildcards.face(k)] += u / mass
        self._gain: dict[int, float] = {}
        self._gain_of = gain
        self._memo: dict[tuple[bytes, int], Vector] = {}

    def gain(self, fan: int) -> float:
        """What a self-drawn win of ``fan`` pays (memoised)."""
        got = self._gain.get(fan)
        if got is None:
            got = self._gain[fan] = float(self._gain_of(fan))
        return got

    def value(self, counts: Sequence[int], w: int) -> float:
        """Expected points of the 3n+1 hand over all the draws left."""
        return self.node(counts, w)[self.turns]

    def node(self, counts: Sequence[int], w: int) -> Vector:
        """The hand's value with 0, 1, ..., ``turns`` draws left."""
        key = (bytes(counts), w)
        got = self._memo.get(key)
        if got is not None:
            return got
        s = cached_shanten(counts, w, self.melds)
        T = self.turns
        if s == 0:
            got = self._ready(counts, w)
        elif s > self.max_shanten:
            got = [0.0] * (T + 1)
        else:
            got = self._far(counts, w, s)
        self._memo[key] = got
        return got

    def _ready(self, c: Sequence[int], w: int) -> Vector:
        p = 0.0
        eg = 0.0
        for f, fan in _ready_wins(c, w, self.melds, self.must_baotou):
            q = self.pw if f < 0 else self.pf[f]
            if q <= 0:
                continue
            p += q
            eg += q * self.gain(fan)
        T = self.turns
        if p <= 0:
            return [0.0] * (T + 1)
        if p >= 1.0 - 1e-12:
            return [0.0] + [eg] * T
        miss = 1.0 - p
        return [eg / p * (1.0 - miss ** t) for t in range(T + 1)]

    def _far(self, c: Sequence[int], w: int, s: int) -> Vector:
        T = self.turns
        useful: list[tuple[float, Vector]] = []
        for f, children in _far_moves(c, w, self.melds):
            q = self.pw if f < 0 else self.pf[f]
            if q <= 0:
                continue
            best: Vector | None = None
            for key in children:
                child = self._memo.get(key)
                if child is None:
                    child = self.node(key[0], key[1])
                best = child if best is None else [max(a, b) for a, b in zip(best, child, strict=True)]
            if best is not None:
                useful.append((q, best))
        stay = 1.0 - sum(q for q, _ in useful)
        out = [0.0] * (T + 1)
        for t in range(1, T + 1):
            out[t] = stay * out[t - 1] + sum(q * b[t - 1] for q, b in useful)
        return out


_LIMIT = 100_000
_WINS: dict[tuple[bytes, int, int, bool], tuple[tuple[int, int], ...]] = {}
_MOVES: dict[tuple[bytes, int, int], tuple[tuple[int, tuple[tuple[bytes, int], ...]], ...]] = {}


def _ready_wins(c: Sequence[int], w: int, melds: int, must_baotou: bool) -> tuple[tuple[int, int], ...]:
    """A ready hand's winning draws as (face, fan), face −1 for a wildcard (memoised: it depends on the hand only)."""
    key = (bytes(c), w, melds, must_baotou)
    got = _WINS.get(key)
    if got is not None:
        return got
    if baotou_state(c, w) or qike_state(c, w, melds):
        faces = list(range(NUM_KINDS))
    else:
        faces = list(cached_improving(c, w, melds))
    out: list[tuple[int, int]] = []
    for f in [*faces, -1]:
        fan = self_draw_fan(c, w, melds, None if f < 0 else f, must_baotou)
        if fan is not None:
            out.append((f, fan))
    if len(_WINS) > _LIMIT:
        _WINS.clear()
    got = _WINS[key] = tuple(out)
    return got


def _far_moves(c: Sequence[int], w: int, melds: int) -> tuple[tuple[int, tuple[tuple[bytes, int], ...]], ...]:
    """A far hand's useful draws (face, −1 for a wildcard) with the hands each leaves after a discard that keeps
    it nearer ready (memoised: it depends on the hand only)."""
    key = (bytes(c), w, melds)
    got = _MOVES.get(key)
    if got is not None:
        return got
    s = cached_shanten(c, w, melds)
    c2 = list(c)
    out: list[tuple[int, tuple[tuple[bytes, int], ...]]] = []
    for f in [*cached_improving(c, w, melds), -1]:
        w2 = w + 1 if f < 0 else w
        if f >= 0:
            c2[f] += 1
        children: list[tuple[bytes, int]] = []
        for x in range(NUM_KINDS):
            if not c2[x]:
                continue
            c2[x] -= 1
            if cached_shanten(c2, w2, melds) < s:
                children.append((bytes(c2), w2))
            c2[x] += 1
        if f >= 0:
            c2[f] -= 1
        if children:
            out.append((f, tuple(children)))
    if len(_MOVES) > _LIMIT:
        _MOVES.clear()
    got = _MOVES[key] = tuple(out)
    return got
