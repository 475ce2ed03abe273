"""What one seat may know: :class:`SeatView`, built once per seat and decision, and its JSON form.

A view holds the seat's own concealed tiles, everybody's melds (others' concealed kongs face down until the
hand is over), every discard river in order, the wall count, the wildcard (and indicator), dealer and streak,
摊 counts, the 抓打 freeze, the seat's own 漏胡/漏碰 marks and chow ban, and its legal actions. It never holds
another player's concealed tiles or the wall order. The bots decide from it, the hints and the command line
analyse it, and the page draws its :meth:`SeatView.to_json` form; unseen counts and waits are computed here
and nowhere else (:meth:`SeatView.unseen_counts`, :meth:`SeatView.waits`).

It is a named tuple because a bot gets a fresh one at every decision: building it must stay cheap (a few
tuple copies of the round's cached public snapshot). Derived figures are methods, computed on demand.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain
from typing import Any, NamedTuple

from .actions import Action
from .claims import FINAL_WALL
from .hand import waits as hand_waits
from .match import next_dealer
from .options import Options
from .round import Phase, Round, RoundResult
from .tiles import NUM_KINDS, TILE_NAMES, Meld, MeldKind, Wildcards, suit_of

_END = Phase.END  # (enum member lookups are slow on Python 3.11, and a view is built at every decision)
_ACT = Phase.ACT
_CONCEALED_KONG = MeldKind.CONCEALED_KONG
_NONE: frozenset[int] = frozenset()
_UNBOUND = (False, False, False, False)
_new = tuple.__new__


def _hidden_kong() -> dict[str, Any]:
    return {"kind": "concealed_kong", "tiles": [None] * 4, "faces": [None] * 4, "claimed": None, "from": None}


_TOTALS = {removed: tuple(0 if (removed is not None and suit_of(k) == removed) else 4 for k in range(NUM_KINDS))
           for removed in (None, 0, 1, 2)}


def tile_totals(options: Options) -> tuple[int, ...]:
    """Copies of each physical kind in the tile set of ``options`` (0 for a suit removed by 缺一门)."""
    # Keyed by the removed suit, not the options: hashing a frozen Options costs more than the whole count.
    return _TOTALS[options.removed_suit]


def count_seen(hand: Iterable[int], melds: Iterable[Meld | None] = (),
               discards: Iterable[tuple[int, int | None]] = (), indicator: int | None = None) -> list[int]:
    """Physical tiles of each kind in sight: a hand, melds (``None`` = face down), unclaimed discards and the
    flipped indicator. A claimed discard is counted once, in the meld that took it. The one tile count of
    the engine: a seat's view, hand analysis and the round's invariants (all hands, all melds) use it."""
    seen = [0] * NUM_KINDS
    for t in hand:
        seen[t] += 1
    for m in melds:
        if m is not None:
            for t in m.tiles:
                seen[t] += 1
    for t, by in discards:
        if by is None:
            seen[t] += 1
    if indicator is not None:
        seen[indicator] += 1
    return seen


def unseen_of_face(face: int, unseen: Sequence[int], wildcards: Wildcards) -> int:
    """Unseen natural tiles that play as ``face`` (in 翻财神 the P stand-ins carry the indicator's face)."""
    return sum(unseen[k] for k in wildcards.tiles_of_face(face))


def waits_json(faces: Sequence[int], unseen: Sequence[int], wildcards: Wildcards) -> list[dict[str, Any]]:
    """``[{"tile", "remaining"}]`` for winning (or useful) faces with their unseen natural tiles."""
    return [{"tile": TILE_NAMES[f], "remaining": unseen_of_face(f, unseen, wildcards)} for f in faces]


_MARKS: dict[Wildcards, dict[str, dict[str, Any]]] = {}


def tile_marks(wildcards: Wildcards) -> dict[str, dict[str, Any]]:
    """What a tile means under this wildcard rule, for every kind that is not simply a natural tile of its own
    face: ``{"5s": {"wild": True}, "P": {"face": "5s"}}`` in 翻财神 on 5s (the wildcard, and the white dragon
    standing in for its face); ``{"P": {"wild": True}}`` in 白板财神. The page reads this table and derives no
    rule; a kind not listed is a natural tile showing its own face. A new dict at every call."""
    marks = _MARKS.get(wildcards)
    if marks is None:
        marks = _MARKS[wildcards] = {}
        for k in range(NUM_KINDS):
            if wildcards.is_wild(k):
                marks[TILE_NAMES[k]] = {"wild": True}
            elif wildcards.face(k) != k:
                marks[TILE_NAMES[k]] = {"face": TILE_NAMES[wildcards.face(k)]}
    return {name: dict(mark) for name, mark in marks.items()}


def _kongs_face_down(melds: tuple[tuple[Meld, ...], ...], seat: int) -> tuple[tuple[Meld | None, ...], ...]:
    """The melds as ``seat`` sees them: other seats' concealed kongs face down (``None``)."""
    return tuple(tuple(None if (m.kind is _CONCEALED_KONG and s != seat) else m for m in ms)
                 for s, ms in enumerate(melds))


class SeatView(NamedTuple):
    """Everything one seat may know, as engine values (an immutable copy; nobody changes the game through it).

    Use ``view._replace(field=...)`` to derive a changed view (tests, look-ahead).
    """

    seat: int
    options: Options
    wildcards: Wildcards
    dealer: int
    streak: int
    phase: Phase
    current: int
    remaining: int
    hand: tuple[int, ...]
    drawn: int | None
    """The tile just drawn, on the seat's own turn only."""
    melds: tuple[tuple[Meld | None, ...], ...]
    """Melds per seat; another seat's concealed kong is ``None`` (face down) until the hand is over."""
    discards: tuple[tuple[tuple[int, int | None], ...], ...]
    """Each seat's river in order: (tile, seat that claimed it or ``None``)."""
    hand_counts: tuple[int, int, int, int]
    freeze_owner: int | None
    tan: tuple[tuple[int, ...], ...]
    claim_tile: int | None
    claim_from: int | None
    chain: tuple[str, ...]
    legal: tuple[Action, ...]
    indicator: int | None
    points: tuple[int, int, int, int] | None = None
    may_win: bool | None = None
    """Whether a self-drawn win may be declared on the seat's own turn (``None`` when not its turn)."""
    chow_ban: tuple[int, ...] = ()
    """Faces the seat may not discard right after its chow (its own turn only)."""
    passed_win: frozenset[int] = frozenset()
    passed_pong: frozenset[int] = frozenset()
    claim_final: bool = False
    waiting: bool = False
    """True while the seat still has to declare in a claim or rob window."""
    last_discard: tuple[int, int] | None = None
    """(seat, tile) of the last discard of the hand."""
    freeze_bound: tuple[bool, bool, bool, bool] = (False, False, False, False)
    """Which seats the 抓打 freeze restricts now."""
    discard_wins_live: bool = False
    event_count: int = 0
    result: RoundResult | None = None

    @staticmethod
    def of(r: Round, seat: int, points: tuple[int, int, int, int] | None = None) -> SeatView:
        """The view of ``seat`` in round ``r`` (``points`` from the match, when there is one)."""
        discards, all_melds, last, hidden_kong, tan = r.table_snapshot()
        phase = r.phase
        melds: tuple[tuple[Meld | None, ...], ...] = all_melds
        if hidden_kong and phase is not _END:
            melds = _kongs_face_down(all_melds, seat)
        h = r.hands
        pw = r.passed_win[seat]
        pp = r.passed_pong[seat]
        legal = r.legal_map()
        ch = r.chain[seat]
        own = r.current == seat
        # tuple.__new__ skips the named tuple's Python-level __new__ (4x faster for 31 fields); the order
        # is the field order (tests/engine/test_view.py checks it against a keyword-built view). Two
        # displays, because one of more than 30 items compiles to a list built an item at a time.
        return _new(SeatView, (  # noqa: RUF005 (see above)
            seat, r.options, r.wildcards, r.dealer, r.streak, phase, r.current, r.back - r.front,
            tuple(h[seat]), r.drawn if (own and phase is _ACT) else None, melds, discards,
            (len(h[0]), len(h[1]), len(h[2]), len(h[3])),
            r.freeze_owner, tan, r.claim_tile,
        ) + (
            r.claim_from, tuple(ch) if ch else (), tuple(legal.get(seat, ())), r.indicator, points,
            r.may_win if own else None, r.chow_ban if own else (),
            frozenset(pw) if pw else _NONE, frozenset(pp) if pp else _NONE, r.claim_final,
            seat in r.claim_options and seat not in r.declarations, last,
            _UNBOUND if r.freeze_owner is None else r.freeze_bound(),
            r.discard_wins_live(), len(r.events), r.result,
        ))

    # ------------------------------------------------------------------ what the seat can count

    def kongs_this_turn(self) -> int:
        """Kongs the seat declared since its last discard (the kongs that end its chain): a win on the tile
        drawn now is a 杠开 with this many kongs (rules.md §6.4); 0 after a discard or a 飘."""
        n = 0
        for item in reversed(self.chain):
            if item != "kong":
                break
            n += 1
        return n

    def visible_counts(self) -> list[int]:
        """Physical tiles of each kind this seat can see (own hand, open melds, unclaimed discards, indicator)."""
        return count_seen(self.hand, chain.from_iterable(self.melds), chain.from_iterable(self.discards),
                          self.indicator)

    def unseen_counts(self) -> list[int]:
        """Physical tiles of each kind this seat has not seen (in other hands or the wall)."""
        return [t - s if t > s else 0 for t, s in zip(tile_totals(self.options), self.visible_counts(), strict=True)]

    def wait_faces(self) -> list[int]:
        """Winning faces of the seat's own hand when it holds 3n+1 concealed tiles (every face in 暴头/七客
        state); otherwise empty."""
        counts, w = self.wildcards.split(self.hand)
        if (sum(counts) + w) % 3 != 1:
            return []
        return hand_waits(counts, w, len(self.melds[self.seat]))

    def waits(self, unseen: Sequence[int] | None = None) -> list[tuple[int, int]]:
        """(face, unseen natural tiles of it) for each of :meth:`wait_faces` (``unseen``: the
        :meth:`unseen_counts` when the caller has them already)."""
        left = self.unseen_counts() if unseen is None else unseen
        return [(f, unseen_of_face(f, left, self.wildcards)) for f in self.wait_faces()]

    def waits_json(self, unseen: Sequence[int] | None = None) -> list[dict[str, Any]]:
        """:meth:`waits` as ``[{"tile", "remaining"}]``."""
        return waits_json(self.wait_faces(), self.unseen_counts() if unseen is None else unseen, self.wildcards)

    # ------------------------------------------------------------------ JSON

    def _next_deal_json(self, winner: int | None) -> dict[str, int]:
        """Who deals the next hand and at which streak (rules.md §8), for the result screen."""
        dealer, streak = next_dealer(self.options, self.dealer, self.streak, winner)
        return {"dealer": dealer, "streak": streak}

    def to_json(self) -> dict[str, Any]:
        """The JSON-ready view the page draws (``docs/log-format.md`` describes the tile notation)."""
        wc = self.wildcards
        names = TILE_NAMES
        seat = self.seat
        players = []
        for s in range(4):
            players.append({
                "seat": s,
                "is_dealer": s == self.dealer,
                "hand_count": self.hand_counts[s],
                "melds": [_hidden_kong() if m is None else m.to_json() for m in self.melds[s]],
                "discards": [{"tile": names[t], "claimed_by": by, "wild": wc.is_wild(t)} for t, by in self.discards[s]],
                "tan_from": list(self.tan[s]),
                "freeze_bound": self.freeze_bound[s],
                "points": None if self.points is None else self.points[s],
            })
        last = self.last_discard
        claim = None
        if self.phase in (Phase.CLAIM, Phase.ROB):
            claim = {
                "tile": None if self.claim_tile is None else names[self.claim_tile],
                "from": self.claim_from, "final": self.claim_final, "rob": self.phase is Phase.ROB,
                # Only the viewer's own pending decision: which other seats hold a claim would reveal
                # something about their concealed tiles.
                "waiting_for": [seat] if self.waiting else [],
            }
        return {
            "seat": seat,
            "phase": self.phase.value,
            "current": self.current,
            "dealer": self.dealer,
            "streak": self.streak,
            "wall_remaining": self.remaining,
            "final": self.remaining <= FINAL_WALL,
            "wildcard": {
                "mode": wc.mode.value,
                "tile": names[wc.wild_kind],
                "indicator": None if self.indicator is None else names[self.indicator],
                "marks": tile_marks(wc),
            },
            "hand": [names[t] for t in sorted(self.hand)],
            "drawn": None if self.drawn is None else names[self.drawn],
            "may_win": self.may_win,
            "chow_ban": [names[t] for t in self.chow_ban],
            "players": players,
            "tan": [list(row) for row in self.tan],
            "freeze": {"owner": self.freeze_owner, "subject": self.options.zhuada_subject,
                       "binds": [s for s in range(4) if self.freeze_bound[s]]},
            "discard_wins_live": self.discard_wins_live,
            "last_discard": None if last is None else {"seat": last[0], "tile": names[last[1]],
                                                       "wild": wc.is_wild(last[1])},
            "claim": claim,
            "legal_actions": [a.to_json() for a in self.legal],
            "passed_win": sorted(names[t] for t in self.passed_win),
            "passed_pong": sorted(names[t] for t in self.passed_pong),
            "chain": list(self.chain),
            "result": None if self.result is None else self.result.to_json(),
            "next_deal": None if self.result is None else self._next_deal_json(self.result.winner),
            "event_count": self.event_count,
            "options": self.options.to_json(),
        }
