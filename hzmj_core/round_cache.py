"""The answers a :class:`~hzmj_core.round.Round` keeps between calls, in one place.

Legal actions, the table snapshot, the 抓打 and discard-win answers and each seat's tile counts are worth
keeping: every seat's view and every bot asks them many times per action. They are all declared in
:data:`_KEPT`, once, with how each starts and whether a copy of the round may share it; :meth:`drop_caches`
and :meth:`Round.copy` read that table, so a new kept answer cannot be left out of either. Play through
:meth:`Round.apply` keeps every answer right; code that changes a round's attribute in place (a test, a
setup) calls :meth:`drop_caches` after.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain
from operator import attrgetter
from typing import Any

from . import claims
from .actions import Action
from .options import Options
from .tiles import NUM_KINDS, Meld, MeldKind, Wildcards

PublicSnapshot = tuple[
    tuple[tuple[tuple[int, int | None], ...], ...], tuple[tuple[Meld, ...], ...], tuple[int, int, int, int]
]
"""Rivers, melds and concealed tile counts of the four seats (see :meth:`Round.public_snapshot`)."""

TableSnapshot = tuple[
    tuple[tuple[tuple[int, int | None], ...], ...], tuple[tuple[Meld, ...], ...], tuple[int, int] | None, bool,
    tuple[tuple[int, ...], ...],
]
"""Rivers, melds, the last discard (seat, tile), whether a concealed kong is down, and the 摊 counts (see
:meth:`Round.table_snapshot`)."""
_MeldSnapshot = tuple[int, tuple[tuple[Meld, ...], ...], bool, tuple[tuple[int, ...], ...]]
_KIND_OF = attrgetter("kind")
_M_CONCEALED_KONG = MeldKind.CONCEALED_KONG
OTHERS = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))
"""The other seats of each seat, in turn order from it (claim priority order)."""
_UNBOUND = (False, False, False, False)
_NO_WINNERS: tuple[Options | None, int, int, tuple[tuple[int, ...], ...]] = (None, 0, 0, ())

_KEPT: dict[str, tuple[Callable[[], Any], bool]] = {
    # name: (its value when nothing is known, whether a copy of the round shares it). The shared ones are
    # immutable and keyed by values a copy has too; the others are mutable or belong to the copied lists.
    "_legal": (lambda: None, False),
    "_snapshot": (lambda: None, True),
    "_meld_snapshot": (lambda: None, True),
    "_last_discard": (lambda: None, True),
    "_bound": (lambda: (None, None, _UNBOUND), True),
    "_live": (lambda: (None, 0, False), True),
    "_winners": (lambda: _NO_WINNERS, True),
    # Natural face counts and wildcards of each seat's hand, for the win tests, and its tiles per physical
    # kind, for kongs and discards. They belong to the list object in _counted: draws and discards keep
    # them up to date, any other change drops them, and a hand list replaced from outside is simply
    # counted again. Byte arrays, because bytes() of them and searches in them run at C speed.
    "_counted": (lambda: [None, None, None, None], False),
    "_counts": (lambda: [bytearray(), bytearray(), bytearray(), bytearray()], False),
    "_wilds": (lambda: [0, 0, 0, 0], False),
    "_kinds": (lambda: [bytearray(), bytearray(), bytearray(), bytearray()], False),
}

_SHARED = tuple(name for name, (_, shared) in _KEPT.items() if shared)
_UNSHARED = tuple((name, fresh) for name, (fresh, shared) in _KEPT.items() if not shared)


class KeptAnswers:
    """The kept answers of a round (the base of :class:`~hzmj_core.round.Round`) and the queries that read
    them. The round's state attributes are declared here for the type checker; the round defines them."""

    __slots__ = tuple(_KEPT)

    _legal: dict[int, list[Action]] | None
    _snapshot: tuple[int, TableSnapshot] | None
    _meld_snapshot: _MeldSnapshot | None
    _last_discard: tuple[int, int] | None
    _bound: tuple[Options | None, int | None, tuple[bool, bool, bool, bool]]
    _live: tuple[Options | None, int, bool]
    _winners: tuple[Options | None, int, int, tuple[tuple[int, ...], ...]]
    _counted: list[list[int] | None]
    _counts: list[bytearray]
    _wilds: list[int]
    _kinds: list[bytearray]

    options: Options
    wildcards: Wildcards
    _ftab: tuple[int, ...]
    _phys: tuple[int, ...]
    dealer: int
    streak: int
    freeze_owner: int | None
    hands: list[list[int]]
    melds: list[list[Meld]]
    discards: list[list[tuple[int, int | None]]]
    tan: list[list[int]]
    events: list[dict[str, Any]]
    _plain_draws: int
    _discard_events: int

    def drop_caches(self) -> None:
        """Forget every answer kept about the current state (legal actions, the table snapshot, tile counts, the
        rule answers). Needed only after an attribute was changed directly, as a test or a setup does; play
        through :meth:`~hzmj_core.round.Round.apply` keeps them right by itself."""
        for name, (fresh, _) in _KEPT.items():
            setattr(self, name, fresh())

    def _keep_in_copy(self, r: KeptAnswers) -> None:
        """Give ``r``, a copy of this round with its own lists, the kept answers that hold for it too."""
        for name in _SHARED:
            setattr(r, name, getattr(self, name))
        for name, fresh in _UNSHARED:
            setattr(r, name, fresh())
        r._wilds = self._wilds[:]
        for s in range(4):
            if self._counted[s] is self.hands[s]:
                r._counts[s] = self._counts[s][:]
                r._kinds[s] = self._kinds[s][:]
                r._counted[s] = r.hands[s]

    def public_snapshot(self) -> PublicSnapshot:
        """Immutable copies of the rivers, the melds (all, unmasked) and the concealed tile counts."""
        rivers, melds, _, _, _ = self.table_snapshot()
        h = self.hands
        return rivers, melds, (len(h[0]), len(h[1]), len(h[2]), len(h[3]))

    def table_snapshot(self) -> TableSnapshot:
        """The rivers and melds of :meth:`public_snapshot`, the last discard (seat, tile), whether a concealed
        kong is down and the 摊 counts; kept until the table changes, since every seat's view is built from them.
        Immutable, so it may be shared."""
        # Every change of a river, a meld or the 摊 counts writes an event; of the events, plain draws
        # change none of them, and discards (the most frequent) change one river only.
        key = len(self.events) - self._plain_draws
        cached = self._snapshot
        if cached is not None and cached[0] == key:
            return cached[1]
        d = self.discards
        rivers = (tuple(d[0]), tuple(d[1]), tuple(d[2]), tuple(d[3]))
        kept = self._meld_snapshot
        if kept is None or kept[0] != key - self._discard_events:
            m = self.melds
            melds = (tuple(m[0]), tuple(m[1]), tuple(m[2]), tuple(m[3]))
            kept = self._meld_snapshot = (key - self._discard_events, melds,
                                          _M_CONCEALED_KONG in map(_KIND_OF, chain.from_iterable(melds)),
                                          tuple(map(tuple, self.tan)))
        last = self._last_discard
        if last is None:  # a state not reached by discards here (read from JSON, or set up by hand)
            for e in reversed(self.events):
                if e["type"] == "discard":
                    seat = e["seat"]
                    last = (seat, rivers[seat][-1][0])  # nothing joins a river after its seat's last discard
                    break
        snap = (rivers, kept[1], last, kept[2], kept[3])
        self._snapshot = (key, snap)
        return snap


    def freeze_bound(self) -> tuple[bool, bool, bool, bool]:
        """:meth:`freeze_binds` of the four seats."""
        fo = self.freeze_owner
        if fo is None:
            return _UNBOUND
        kept = self._bound
        if kept[0] is not self.options or kept[1] != fo:
            o = self.options
            kept = self._bound = (o, fo, (claims.freeze_binds(o, fo, 0), claims.freeze_binds(o, fo, 1),
                                          claims.freeze_binds(o, fo, 2), claims.freeze_binds(o, fo, 3)))
        return kept[2]

    def discard_wins_live(self) -> bool:
        """True if discard wins are possible at all in this hand (mode and streak, rules.md §9)."""
        kept = self._live
        if kept[0] is not self.options or kept[1] != self.streak:
            kept = self._live = (self.options, self.streak, claims.discard_wins_live(self.options, self.streak))
        return kept[2]


    def _may_win_on(self, d: int) -> tuple[int, ...]:
        """The seats :func:`claims.may_win_on_discard` lets win on a discard of seat d, the freeze aside (the
        streak and the dealer pairing); kept for the hand, since it is asked at every discard."""
        kept = self._winners
        o = self.options
        dealer, streak = self.dealer, self.streak
        if kept[0] is not o or kept[1] != dealer or kept[2] != streak:
            kept = self._winners = (o, dealer, streak, tuple(
                tuple(q for q in OTHERS[s] if claims.may_win_on_discard(o, dealer, streak, None, q, s))
                for s in range(4)))
        return kept[3][d]

    def _count(self, tiles: list[int]) -> tuple[bytearray, int]:
        """Natural face counts (34) and the number of wildcards of some tiles."""
        ftab = self._ftab
        counts = bytearray(NUM_KINDS)
        w = 0
        for t in tiles:
            f = ftab[t]
            if f < 0:
                w += 1
            else:
                counts[f] += 1
        return counts, w

    def _recount(self, seat: int) -> None:
        hand = self.hands[seat]
        self._counts[seat], self._wilds[seat] = self._count(hand)
        per_kind = self._kinds[seat] = bytearray(NUM_KINDS)
        for t in hand:
            per_kind[t] += 1
        self._counted[seat] = hand

    def _face_counts(self, seat: int) -> tuple[bytearray, int]:
        """:meth:`_count` of the seat's hand, kept between calls (callers must not change the array)."""
        if self._counted[seat] is not self.hands[seat]:
            self._recount(seat)
        return self._counts[seat], self._wilds[seat]

    def _kind_counts(self, seat: int) -> bytearray:
        """Tiles of each physical kind in the seat's hand, kept like :meth:`_face_counts`."""
        if self._counted[seat] is not self.hands[seat]:
            self._recount(seat)
        return self._kinds[seat]
