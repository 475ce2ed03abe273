"""Bot heuristics over a seat's view: how connected a tile is, 摊 and its cap, live discard wins, a 飘 just made
and the last wall count at which going on for a bigger win still pays.

The numbers a seat computes about its own hand (shanten, useful tiles, waits) live in
:mod:`hzmj_core.analysis`; everything here reads a :class:`~hzmj_core.view.SeatView` only. The claim rules
(摊 cap, live discard wins, the freeze) are :mod:`hzmj_core.claims`'s, the round's own.
"""

from __future__ import annotations

from collections.abc import Sequence

from .. import claims
from ..tiles import MeldKind
from ..view import SeatView

LAST_CALL = claims.FINAL_WALL + 4
"""A 飘 or a declined win needs R ≥ 24 now: the other three discard before the last 20 tiles, then we draw."""


def just_piaoed(view: SeatView, seat: int) -> bool:
    """True if the seat's last discard was a 财神 (刚飘: it is then almost surely in 暴头 state)."""
    ds = view.discards[seat]
    return bool(ds) and view.wildcards.is_wild(ds[-1][0])


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
    """The cap on a's counted claims on b (None = unlimited), as the round applies it (:func:`claims.tan_cap`)."""
    return claims.tan_cap(view.options, view.dealer, view.streak, a, b)


def discard_wins_live(view: SeatView) -> bool:
    """True if discard wins (放铳) can happen in this hand at all (:func:`claims.discard_wins_live`)."""
    return claims.discard_wins_live(view.options, view.streak)


def concealed_kong_count(view: SeatView, seat: int) -> int:
    """Concealed kongs of a seat (visible as face-down melds)."""
    return sum(1 for m in view.melds[seat] if m is None or m.kind is MeldKind.CONCEALED_KONG)
