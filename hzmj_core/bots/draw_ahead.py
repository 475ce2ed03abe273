"""摸牌推演 (draw-ahead): what a kept hand is worth over the seat's next draw, from the seat's own view.

For a 3n+1-tile hand the seat would keep after a discard, every tile kind it has not seen may come next, in
proportion to its unseen copies. A draw that completes the hand is worth what that self-drawn win pays, scored by
the engine's own fan rules (暴头, 七客, seven pairs and their 豪华 groups; whether to decline it is the win decision's
question, not this one's); any other draw is answered with the discard that leaves the best static value among
those that keep the lowest shanten (the drawn tile itself included). One step or more from ready, a draw that does
not lower the shanten is taken as thrown back (摸切), which keeps the hand's own static value, so only the useful
draws are searched.

This is an exact expectation over the next draw, with no randomness: the same view gives the same value. It sees
what a one-step count of useful tiles cannot: a draw that turns a plain wait into 暴头 or 七客 state, a wait that
widens after a sideways draw, a seven-pairs hand that wins with fan.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..analysis import cached_improving, cached_shanten
from ..fan import WinEvaluation, WinType, evaluate_win
from ..hand import is_win
from ..tiles import NUM_KINDS, Wildcards

Leaf = Callable[[list[int], int], float]
"""Static value of a 3n+1 hand given as natural face counts and wildcards."""


def value_after_draw(hand: Sequence[int], melds: int, unseen: Sequence[float], wildcards: Wildcards,
                     leaf: Leaf, win_value: Callable[[WinEvaluation], float], must_baotou: bool = False) -> float:
    """Expected value of the 3n+1-tile concealed ``hand`` (physical kinds) over the seat's next draw.

    ``unseen`` weighs, per tile kind, its next draw (the copies the seat has not seen: the draw
    distribution); ``leaf``
    values a hand kept after the draw and a discard; ``win_value`` what a self-drawn win pays. Returns the
    hand's ``leaf`` value when the seat has seen every tile.
    """
    if (len(hand) + 3 * melds) % 3 != 1:
        raise ValueError(f"value_after_draw needs a 3n+1-tile hand, not {len(hand)} tiles with {melds} melds")
    counts, w = wildcards.split(hand)
    far = cached_shanten(counts, w, melds) >= 1
    base = leaf(counts, w) if far else 0.0
    useful = set(cached_improving(counts, w, melds)) if far else set()
    kept: dict[tuple[bytes, int], float] = {}
    total = 0.0
    mass = 0.0
    for kind in range(NUM_KINDS):
        u = unseen[kind]
        if u <= 0:
            continue
        mass += u
        wild = wildcards.is_wild(kind)
        face = wildcards.face(kind)
        if far and not wild and face not in useful:
            total += u * base
            continue
        c = list(counts)
        w2 = w
        if wild:
            w2 += 1
        else:
            c[face] += 1
        ev = None
        if is_win(c, w2, melds):
            ev = evaluate_win([*hand, kind], melds, kind, WinType.SELF_DRAW, wildcards, must_baotou=must_baotou)
        total += u * (win_value(ev) if ev is not None else _best_discard_value(c, w2, melds, leaf, kept))
    return total / mass if mass else leaf(counts, w)


def _best_discard_value(c: list[int], w: int, melds: int, leaf: Leaf, kept: dict[tuple[bytes, int], float]) -> float:
    """Best static value after discarding one natural tile of a 3n+2 hand, among the lowest-shanten discards."""
    options: list[tuple[int, int]] = []
    for f in range(len(c)):
        if c[f]:
            c[f] -= 1
            options.append((cached_shanten(c, w, melds), f))
            c[f] += 1
    if not options:
        # only wildcards in hand: the seat throws one back
        return leaf(c, w - 1)
    low = min(s for s, _ in options)
    best = float("-inf")
    for s, f in options:
        if s != low:
            continue
        c[f] -= 1
        key = (bytes(c), w)
        value = kept.get(key)
        if value is None:
            value = kept[key] = leaf(c, w)
        c[f] += 1
        best = max(best, value)
    return best


__all__ = ["Leaf", "value_after_draw"]
