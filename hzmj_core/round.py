"""One hand (一局) as a state machine (rules.md §2-§5, §9).

A :class:`Round` is dealt from a seed or an explicit wall. At every decision point
:meth:`Round.legal_actions` lists the legal actions of every seat that has a decision; :meth:`Round.apply`
takes one of them. Draws are not decisions: the engine makes them itself. In a claim window (吃碰阶段)
several seats may decide; the window is resolved by priority (胡 > 碰 = 杠 > 吃) once every one of them
has declared. An illegal or malformed action raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import chain, compress
from operator import attrgetter
from typing import Any

from . import claims
from .actions import Action, ActionType
from .claims import FINAL_WALL as FINAL_WALL  # (the constant's home is claims; read here by many)
from .fan import WinEvaluation, WinType, evaluate_win
from .hand import baotou_state, is_standard_win, qike_state
from .options import Options
from .reasons import Reason
from .rng import Rng
from .scoring import PaymentReason, Settlement, settle
from .tiles import COPIES, NUM_KINDS, TILE_NAMES, Meld, MeldKind, WildcardMode, Wildcards, parse_tile, suit_of

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

_ACTIONS: dict[tuple[int, ActionType, tuple[int, ...]], Action] = {}


def _action(seat: int, atype: ActionType, tiles: tuple[int, ...] = ()) -> Action:
    """A shared Action instance (they are immutable; legal lists are rebuilt at every step)."""
    key = (seat, atype, tiles)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(seat, atype, tiles)
    return a


_BEFORE_TILES = frozenset(("wildcard_claim", "own_discard", "chow_not_next"))
"""Codes of :func:`claims.rule_against` that :meth:`Round.why_no_claim` gives before it looks at the tiles."""

_CLAIMS = (ActionType.WIN, ActionType.PONG, ActionType.EXPOSED_KONG, ActionType.CHOW)

_DEFAULT_OPTIONS = Options()

_TABLES: dict[Wildcards, tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Per wildcard rule: the face of every kind (-1 for the wildcard kind) and the natural kind of every face."""

_KINDS = range(NUM_KINDS)
_OTHERS = ((1, 2, 3), (2, 3, 0), (3, 0, 1), (0, 1, 2))
"""The other seats of each seat, in turn order from it (claim priority order)."""
_UNBOUND = (False, False, False, False)
_NO_WINNERS: tuple[Options | None, int, int, tuple[tuple[int, ...], ...]] = (None, 0, 0, ())

_DISCARDS = [[Action(seat, ActionType.DISCARD, (t,)) for t in range(NUM_KINDS)] for seat in range(4)]


class IllegalActionError(ValueError):
    """The action is not legal in this state; ``reason`` says why (the message is its English text).

    The state is unchanged.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.en())
        self.reason = reason


class Phase(enum.StrEnum):
    """Where the hand is."""

    ACT = "act"
    """出牌阶段: the current player discards, wins or declares a kong."""
    CLAIM = "claim"
    """吃碰阶段: the others react to a discard."""
    ROB = "rob"
    """The others may rob an added kong (拉杠胡)."""
    END = "end"
    """The hand is over (a win or 流局)."""


# Enum members bound once: on CPython 3.11 reading a member off its class (EnumType defines __getattr__)
# costs about 30 global reads, and the hot paths below read several per action.
_ACT = Phase.ACT
_CLAIM = Phase.CLAIM
_END = Phase.END
_ROB = Phase.ROB
_T_ADDED_KONG = ActionType.ADDED_KONG
_T_CHOW = ActionType.CHOW
_T_CONCEALED_KONG = ActionType.CONCEALED_KONG
_T_DISCARD = ActionType.DISCARD
_T_EXPOSED_KONG = ActionType.EXPOSED_KONG
_T_PASS = ActionType.PASS
_T_PONG = ActionType.PONG
_T_WIN = ActionType.WIN
_W_DEALER_FIRST = WinType.DEALER_FIRST
_W_DISCARD = WinType.DISCARD
_W_REPLACEMENT = WinType.REPLACEMENT
_W_ROB_KONG = WinType.ROB_KONG
_W_SELF_DRAW = WinType.SELF_DRAW
_M_ADDED_KONG = MeldKind.ADDED_KONG
_M_CHOW = MeldKind.CHOW
_M_CONCEALED_KONG = MeldKind.CONCEALED_KONG
_M_EXPOSED_KONG = MeldKind.EXPOSED_KONG
_M_PONG = MeldKind.PONG


def full_tile_set(options: Options) -> list[int]:
    """The tiles of a set in canonical order (136, or 100 with 缺一门); a new list at every call."""
    removed = options.removed_suit
    tiles = _TILE_SETS.get(removed)
    if tiles is None:
        tiles = _TILE_SETS[removed] = tuple(
            k for k in range(NUM_KINDS) for _ in range(COPIES) if removed is None or suit_of(k) != removed)
    return list(tiles)


_TILE_SETS: dict[int | None, tuple[int, ...]] = {}


@dataclass(frozen=True, slots=True)
class RoundResult:
    """How a hand ended: the winner with the evaluation and the settlement, or a draw (流局)."""

    winner: int | None
    win_type: WinType | None
    winning_tile: int | None
    discarder: int | None
    evaluation: WinEvaluation | None
    settlement: Settlement | None
    hands: tuple[tuple[int, ...], ...]
    """Every seat's concealed tiles at the end (the winner's including the winning tile)."""

    @property
    def is_draw(self) -> bool:
        """True for 流局."""
        return self.winner is None

    @property
    def deltas(self) -> tuple[int, int, int, int]:
        """Point change per seat."""
        return self.settlement.deltas if self.settlement else (0, 0, 0, 0)

    def to_json(self) -> dict[str, Any]:
        """JSON-ready form (also the recorded result in logs)."""
        return {
            "winner": self.winner,
            "draw": self.is_draw,
            "win_type": None if self.win_type is None else self.win_type.value,
            "winning_tile": None if self.winning_tile is None else TILE_NAMES[self.winning_tile],
            "discarder": self.discarder,
            "evaluation": None if self.evaluation is None else self.evaluation.to_json(),
            "settlement": None if self.settlement is None else self.settlement.to_json(),
            "deltas": list(self.deltas),
            "hands": [[TILE_NAMES[t] for t in h] for h in self.hands],
        }


class Round:
    """One hand of Hangzhou mahjong between four seats.

    Create it with :meth:`Round.deal` (a new hand), :meth:`Round.from_position` (any position, by its
    attributes) or :meth:`Round.from_json`. State is read through its public attributes and methods (what one
    seat may see is built by :mod:`hzmj_core.view`); it changes only through :meth:`apply`. The answers it keeps
    between calls (legal actions, snapshots, tile counts) are its own: a test or setup that changes an attribute
    directly calls :meth:`drop_caches`.
    """

    # Slots, not an instance dict: with more than 30 attributes an instance dict is not shared with the class
    # (CPython's key-sharing limit), so every attribute read would be a dict lookup; a slot is a fixed offset.
    __slots__ = (
        "_bound", "_counted", "_counts", "_discard_events", "_ftab", "_kinds", "_last_discard", "_legal", "_live",
        "_meld_snapshot", "_phys", "_plain_draws", "_snapshot", "_wilds", "_winners", "actions", "back", "burned",
        "chain", "chow_ban", "claim_final", "claim_from", "claim_options", "claim_tile", "current", "dealer",
        "dealer_first", "declarations", "discards", "drawn", "events", "freeze_owner", "front", "hands",
        "has_discarded", "indicator", "may_win", "melds", "options", "passed_pong", "passed_win", "phase",
        "replacement", "result", "rob_meld_index", "seed", "streak", "tan", "turn_kongs", "wall", "wildcards",
    )

    def __init__(self) -> None:
        # The public attributes, as at a fresh deal (see deal() and from_position()); then the kept answers.
        self.options = _DEFAULT_OPTIONS
        self._use_wildcards(Wildcards.fixed())
        self.dealer = 0
        self.streak = 1
        self.seed: int | None = None
        self.wall: list[int] = []
        self.front = 0
        self.back = 0
        self.indicator: int | None = None
        self.hands: list[list[int]] = [[], [], [], []]
        self.melds: list[list[Meld]] = [[], [], [], []]
        self.discards: list[list[tuple[int, int | None]]] = [[], [], [], []]
        self.burned: list[int] = []
        self.phase = _ACT
        self.current = 0
        self.may_win = True
        self.drawn: int | None = None
        self.replacement = False
        self.dealer_first = True
        self.chow_ban: tuple[int, ...] = ()
        self.freeze_owner: int | None = None
        self.tan = [[0] * 4 for _ in range(4)]
        self.passed_win: list[set[int]] = [set(), set(), set(), set()]
        self.passed_pong: list[set[int]] = [set(), set(), set(), set()]
        self.chain: list[list[str]] = [[], [], [], []]
        self.turn_kongs = [0, 0, 0, 0]
        self.has_discarded = [False] * 4
        self.claim_tile: int | None = None
        self.claim_from: int | None = None
        self.claim_final = False
        self.claim_options: dict[int, list[Action]] = {}
        self.declarations: dict[int, Action] = {}
        self.rob_meld_index: int | None = None
        self.result: RoundResult | None = None
        self.actions: list[Action] = []
        self.events: list[dict[str, Any]] = []
        self._legal: dict[int, list[Action]] | None = None
        self._snapshot: tuple[int, TableSnapshot] | None = None
        self._plain_draws = 0
        self._discard_events = 0
        self._last_discard: tuple[int, int] | None = None
        self._meld_snapshot: _MeldSnapshot | None = None
        self._bound: tuple[Options | None, int | None, tuple[bool, bool, bool, bool]] = (None, None, _UNBOUND)
        self._live: tuple[Options | None, int, bool] = (None, 0, False)
        self._winners: tuple[Options | None, int, int, tuple[tuple[int, ...], ...]] = _NO_WINNERS
        # Natural face counts and wildcards of each seat's hand, for the win tests, and its tiles per physical
        # kind, for kongs and discards. They belong to the list object in _counted: draws and discards keep
        # them up to date, any other change drops them, and a hand list replaced from outside is simply
        # counted again. Byte arrays, because bytes() of them and searches in them run at C speed.
        self._counted: list[list[int] | None] = [None, None, None, None]
        self._counts = [bytearray(), bytearray(), bytearray(), bytearray()]
        self._wilds = [0, 0, 0, 0]
        self._kinds = [bytearray(), bytearray(), bytearray(), bytearray()]

    # ------------------------------------------------------------------ setup

    def _use_wildcards(self, wc: Wildcards) -> None:
        self.wildcards = wc
        tables = _TABLES.get(wc)
        if tables is None:
            tables = _TABLES[wc] = (wc.face_table(), tuple(_phys_table(wc)))
        self._ftab, self._phys = tables

    @staticmethod
    def deal(
        options: Options | None = None,
        *,
        dealer: int = 0,
        streak: int | None = None,
        seed: int | None = None,
        wall: Sequence[int] | None = None,
    ) -> Round:
        """Deal a hand from a seed (shuffled with :class:`hzmj_core.rng.Rng`) or an explicit wall order.

        ``wall[0]`` is the front (normal draws), the last tile the back (replacements, burns, the flipped
        indicator). ``streak`` defaults to ``options.start_streak``.
        """
        opts = options or Options()
        if not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be 0-3, got {dealer}")
        lao = opts.start_streak if streak is None else streak
        if lao not in (1, 2, 3):
            raise ValueError(f"streak must be 1, 2 or 3, got {lao}")
        tiles = full_tile_set(opts)
        if wall is None:
            if seed is None:
                raise ValueError("deal needs a seed or an explicit wall")
            order = list(tiles)
            Rng(seed).shuffle(order)
        else:
            order = list(wall)
            problem = wall_problem(order, tiles) if sorted(order) != tiles else None
            if problem is not None:
                raise ValueError(problem[0])
        r = Round()
        r.options = opts
        r.dealer = dealer
        r.streak = lao
        r.seed = seed if wall is None else None
        r.wall = order
        r.back = len(order)
        for i in range(4):  # 13 rounds of one tile per seat from the front, then the dealer's 14th
            r.hands[(dealer + i) % 4] = order[i:52:4]
        r.hands[dealer].append(order[52])
        r.front = 53
        if opts.wildcard_mode == WildcardMode.FLIPPED.value:
            r.back -= 1
            r.indicator = order[r.back]
            r._use_wildcards(Wildcards.flipped(r.indicator))
        for h in r.hands:
            h.sort()
        r.current = dealer
        r.events.append({"type": "deal", "dealer": dealer, "streak": lao})
        return r

    @staticmethod
    def from_position(
        options: Options | None = None,
        *,
        dealer: int = 0,
        streak: int = 1,
        seed: int | None = None,
        wall: Sequence[int] = (),
        front: int = 0,
        back: int | None = None,
        indicator: int | None = None,
        hands: Sequence[Sequence[int]] = ((), (), (), ()),
        melds: Sequence[Sequence[Meld]] = ((), (), (), ()),
        discards: Sequence[Sequence[tuple[int, int | None]]] = ((), (), (), ()),
        burned: Sequence[int] = (),
        phase: Phase = Phase.ACT,
        current: int = 0,
        may_win: bool = True,
        drawn: int | None = None,
        replacement: bool = False,
        dealer_first: bool = True,
        chow_ban: Sequence[int] = (),
        freeze_owner: int | None = None,
        tan: Sequence[Sequence[int]] = ((0, 0, 0, 0),) * 4,
        passed_win: Sequence[Iterable[int]] = ((), (), (), ()),
        passed_pong: Sequence[Iterable[int]] = ((), (), (), ()),
        chain: Sequence[Sequence[str]] = ((), (), (), ()),
        turn_kongs: Sequence[int] = (0, 0, 0, 0),
        has_discarded: Sequence[bool] = (False, False, False, False),
        claim_tile: int | None = None,
        claim_from: int | None = None,
        claim_final: bool = False,
        claim_options: Mapping[int, Sequence[Action]] | None = None,
        declarations: Mapping[int, Action] | None = None,
        rob_meld_index: int | None = None,
        result: RoundResult | None = None,
        actions: Sequence[Action] = (),
        events: Sequence[dict[str, Any]] = (),
    ) -> Round:
        """A round in a given position, every attribute given by name (the others as at a fresh deal); for
        look-ahead from a seat's view, for tests and for states read back from JSON.

        Every container is copied. The wildcard rule follows from ``options`` and ``indicator``; ``back``
        defaults to the end of ``wall``. In a claim window (``phase`` CLAIM) ``claim_options=None`` offers
        each seat what the rules allow it on ``claim_tile``; otherwise None means no offers. Nothing is
        checked: a position that no play reaches gives answers the rules never would.
        """
        r = Round()
        r.options = options or _DEFAULT_OPTIONS
        r.dealer = dealer
        r.streak = streak
        r.seed = seed
        r.wall = list(wall)
        r.front = front
        r.back = len(r.wall) if back is None else back
        r.indicator = indicator
        r._use_wildcards(Wildcards.fixed() if indicator is None else Wildcards.flipped(indicator))
        r.hands = [list(h) for h in hands]
        r.melds = [list(m) for m in melds]
        r.discards = [list(d) for d in discards]
        r.burned = list(burned)
        r.phase = phase
        r.current = current
        r.may_win = may_win
        r.drawn = drawn
        r.replacement = replacement
        r.dealer_first = dealer_first
        r.chow_ban = tuple(chow_ban)
        r.freeze_owner = freeze_owner
        r.tan = [list(row) for row in tan]
        r.passed_win = [set(x) for x in passed_win]
        r.passed_pong = [set(x) for x in passed_pong]
        r.chain = [list(c) for c in chain]
        r.turn_kongs = list(turn_kongs)
        r.has_discarded = list(has_discarded)
        r.claim_tile = claim_tile
        r.claim_from = claim_from
        r.claim_final = claim_final
        if claim_options is not None:
            r.claim_options = {s: list(acts) for s, acts in claim_options.items()}
        elif phase is _CLAIM and claim_tile is not None and claim_from is not None:
            r.claim_options = r._claim_options(claim_from, claim_tile, claim_final)
        r.declarations = dict(declarations or {})
        r.rob_meld_index = rob_meld_index
        r.result = result
        r.actions = list(actions)
        r.events = list(events)
        return r

    def replayed(self, step: int) -> Round:
        """A fresh copy of this hand, dealt again and advanced by its first ``step`` actions."""
        if not 0 <= step <= len(self.actions):
            raise ValueError(f"step must be 0-{len(self.actions)}, got {step}")
        r = Round.deal(self.options, dealer=self.dealer, streak=self.streak, seed=self.seed,
                       wall=None if self.seed is not None else self.wall)
        for a in self.actions[:step]:
            r.apply(a)
        return r

    def copy(self) -> Round:
        """An independent copy of the current state, cheap enough for look-ahead (nothing is replayed).

        Applying actions to the copy leaves this round unchanged and the other way round. Immutable values
        (options, melds, actions, the result) are shared; every list, set and dict is copied. To try other
        hidden tiles in a copy, assign new lists to its ``hands`` entries rather than changing them in place.
        """
        r = Round.__new__(Round)
        for name, value in zip(Round.__slots__, _ALL_FIELDS(self), strict=True):
            setattr(r, name, value)  # then every mutable attribute is replaced by a copy
        r.wall = self.wall[:]
        r.hands = [h[:] for h in self.hands]
        r.melds = [m[:] for m in self.melds]
        r.discards = [d[:] for d in self.discards]
        r.burned = self.burned[:]
        r.tan = [row[:] for row in self.tan]
        r.passed_win = [set(x) for x in self.passed_win]
        r.passed_pong = [set(x) for x in self.passed_pong]
        r.chain = [c[:] for c in self.chain]
        r.turn_kongs = self.turn_kongs[:]
        r.has_discarded = self.has_discarded[:]
        r.claim_options = {s: acts[:] for s, acts in self.claim_options.items()}
        r.declarations = dict(self.declarations)
        r.actions = self.actions[:]
        r.events = self.events[:]
        r._legal = None
        r._counted = [None, None, None, None]
        r._counts = [bytearray(), bytearray(), bytearray(), bytearray()]
        r._wilds = self._wilds[:]
        r._kinds = [bytearray(), bytearray(), bytearray(), bytearray()]
        for s in range(4):
            if self._counted[s] is self.hands[s]:
                r._counts[s] = self._counts[s][:]
                r._kinds[s] = self._kinds[s][:]
                r._counted[s] = r.hands[s]
        return r

    def drop_caches(self) -> None:
        """Forget every answer kept about the current state (legal actions, the table snapshot, tile counts, the
        rule answers). Needed only after an attribute was changed directly, as a test or a setup does; play
        through :meth:`apply` keeps them right by itself."""
        self._legal = None
        self._snapshot = None
        self._meld_snapshot = None
        self._last_discard = None
        self._bound = (None, None, _UNBOUND)
        self._live = (None, 0, False)
        self._winners = _NO_WINNERS
        self._counted = [None, None, None, None]

    # ------------------------------------------------------------------ queries

    @property
    def face_table(self) -> tuple[int, ...]:
        """The face of every kind under this hand's wildcard rule, -1 for the wildcard kind (a fast lookup)."""
        return self._ftab

    @property
    def remaining(self) -> int:
        """R: live tiles left in the wall."""
        return self.back - self.front

    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.phase is _END

    def deciding_seats(self) -> list[int]:
        """Seats that have a decision now (empty when the hand is over)."""
        legal = self._legal
        return sorted(self.legal_map() if legal is None else legal)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Legal actions of one seat, or of every deciding seat (in seat order) when ``seat`` is None."""
        legal = self.legal_map()
        if seat is not None:
            return list(legal.get(seat, []))
        return [a for s in sorted(legal) for a in legal[s]]

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

    # The rules themselves live in claims.py, where the bots reach them from a SeatView too. The answers
    # that every view needs are kept while the facts they depend on stay the same objects and values.

    def freeze_binds(self, seat: int) -> bool:
        """True if the 抓打 freeze restricts this seat now (draw-and-discard, no claims, no 加杠)."""
        return self.freeze_owner is not None and self.freeze_bound()[seat]

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

    def claim_banned(self, seat: int) -> bool:
        """True if the freeze forbids this seat to claim discards (chow, pong, 直杠, 放铳)."""
        return self.freeze_owner is not None and claims.claim_banned(self.options, self.freeze_owner, seat)

    def tan_cap(self, a: int, b: int) -> int | None:
        """Cap on counted claims of seat a on seat b (None = unlimited), rules.md §5.5."""
        return claims.tan_cap(self.options, self.dealer, self.streak, a, b)

    def discard_wins_live(self) -> bool:
        """True if discard wins are possible at all in this hand (mode and streak, rules.md §9)."""
        kept = self._live
        if kept[0] is not self.options or kept[1] != self.streak:
            kept = self._live = (self.options, self.streak, claims.discard_wins_live(self.options, self.streak))
        return kept[2]

    # ------------------------------------------------------------------ legality

    def legal_map(self) -> dict[int, list[Action]]:
        """Legal actions of every deciding seat (seat → actions), kept until the state changes: read it, never
        change it (:meth:`legal_actions` gives a copy)."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase is _ACT:
                legal = {self.current: self._act_actions(self.current)}
            elif phase is _END:
                legal = {}
            else:
                legal = {s: opts for s, opts in self.claim_options.items() if s not in self.declarations}
            self._legal = legal
        return legal

    def _natural_of_face(self, seat: int, face: int) -> list[int]:
        ftab = self._ftab
        return [t for t in self.hands[seat] if ftab[t] == face]

    def _self_win(self, seat: int) -> WinEvaluation | None:
        if self.dealer_first and seat == self.dealer and self.drawn is None:
            wtype, tile = _W_DEALER_FIRST, None
        elif self.drawn is None:
            return None
        else:
            wtype = _W_REPLACEMENT if self.replacement else _W_SELF_DRAW
            tile = self.drawn
        counts, w = self._face_counts(seat)
        if not _shape_wins(counts, w, len(self.hands[seat]), len(self.melds[seat])):
            return None
        return evaluate_win(
            self.hands[seat], len(self.melds[seat]), tile, wtype, self.wildcards,
            chain=tuple(self.chain[seat]),
            m_turn=self.turn_kongs[seat] if wtype is _W_REPLACEMENT else 0,
            must_baotou=self.options.must_baotou,
        )

    def _act_actions(self, p: int) -> list[Action]:
        out: list[Action] = []
        hand = self.hands[p]
        if self._counted[p] is not hand:
            self._recount(p)
        per_kind = self._kinds[p]
        melds = self.melds[p]
        # The shape test first: the fan is evaluated only for the rare hand that has a winning shape.
        if (self.may_win and (self.drawn is not None or self.dealer_first)
                and _shape_wins(self._counts[p], self._wilds[p], len(hand), len(melds))
                and self._self_win(p) is not None):
            out.append(_action(p, _T_WIN))
        if self.back - self.front > FINAL_WALL:
            if 4 in per_kind:
                ftab = self._ftab
                for t in compress(_KINDS, per_kind):
                    if per_kind[t] == 4 and ftab[t] >= 0:
                        out.append(_action(p, _T_CONCEALED_KONG, (t, t, t, t)))
            fo = self.freeze_owner
            if melds and (fo is None or (fo == p and self.options.zhuada_subject == "others")):
                phys = self._phys
                for m in melds:
                    if m.kind is _M_PONG:
                        t = phys[m.faces[0]]  # the only kind whose natural tiles show the pong's face
                        if t >= 0 and per_kind[t]:
                            out.append(_action(p, _T_ADDED_KONG, (t,)))
        if self.chow_ban or (self.freeze_owner is not None and self.drawn is not None):
            out.extend(map(_DISCARDS[p].__getitem__, self._discardable(p, list(compress(_KINDS, per_kind)))))
        else:
            out.extend(compress(_DISCARDS[p], per_kind))  # every kind in the hand, in kind order
        return out

    def _discardable(self, p: int, kinds: list[int] | None = None) -> list[int]:
        """The kinds seat p may discard now (``kinds``: the sorted kinds of its hand, when already known)."""
        if self.freeze_owner is not None and self.drawn is not None and self.freeze_binds(p):
            return [self.drawn]
        if kinds is None:
            kinds = sorted(set(self.hands[p]))
        ban = self.chow_ban
        if ban:
            ftab = self._ftab
            allowed = [t for t in kinds if ftab[t] < 0 or ftab[t] not in ban]
            if allowed or self.turn_kongs[p] == 0:
                return allowed
        return kinds

    def _rule_against(self, want: ActionType, q: int, d: int, face: int, final: bool) -> str | None:
        """:func:`claims.rule_against` in this position (``face`` < 0 for a wildcard)."""
        return claims.rule_against(want, q, d, face, self.options, self.dealer, self.streak, self.freeze_owner,
                                   final, self.tan[q][d], self.passed_win[q], self.passed_pong[q])

    def _may_win_on(self, d: int) -> tuple[int, ...]:
        """The seats :func:`claims.may_win_on_discard` lets win on a discard of seat d, the freeze aside (the
        streak and the dealer pairing); kept for the hand, since it is asked at every discard."""
        kept = self._winners
        o = self.options
        dealer, streak = self.dealer, self.streak
        if kept[0] is not o or kept[1] != dealer or kept[2] != streak:
            kept = self._winners = (o, dealer, streak, tuple(
                tuple(q for q in _OTHERS[s] if claims.may_win_on_discard(o, dealer, streak, None, q, s))
                for s in range(4)))
        return kept[3][d]

    def _claim_options(self, d: int, x: int, final: bool) -> dict[int, list[Action]]:
        """Legal claims of the three other seats on discard x of seat d (rules.md §5, §9): every claim that the
        seat's tiles can make and that no rule forbids (:func:`claims.rule_against`, which :meth:`why_no_claim`
        words). The cheap tile tests come first, since most discards are claimed by nobody."""
        face = self._ftab[x]
        if face < 0:
            return {}  # rule_against says wildcard_claim to every claim of every seat
        o = self.options
        hands, counted, kept = self.hands, self._counted, self._counts
        q1, q2, q3 = _OTHERS[d]
        c1 = kept[q1] if counted[q1] is hands[q1] else self._face_counts(q1)[0]
        c2 = kept[q2] if counted[q2] is hands[q2] else self._face_counts(q2)[0]
        c3 = kept[q3] if counted[q3] is hands[q3] else self._face_counts(q3)[0]
        live = self._live  # discard_wins_live() without the call, when its kept answer holds
        winners = (self._may_win_on(d) if (live[2] if live[0] is o and live[1] == self.streak
                                           else self.discard_wins_live()) else ())
        rule = claims.rule_against
        wim = o.wildcard_in_melds
        suited = face < 27
        if (not wim and c1[face] < 2 and c2[face] < 2 and c3[face] < 2
                and (not suited or not _run_possible(c1, face))):
            # Without wildcards in melds only a pair of the face (or a run for the next seat) allows a chow, pong
            # or kong: three byte reads rule that out, and then only wins are left to test.
            for q in winners:
                if (rule(_T_WIN, q, d, face, o, self.dealer, self.streak, self.freeze_owner, final, self.tan[q][d],
                         self.passed_win[q], self.passed_pong[q]) is None
                        and self._win_with(q, x, _W_DISCARD)):
                    break
            else:
                return {}
        out: dict[int, list[Action]] = {}
        ftab = self._ftab
        for q, counts in ((q1, c1), (q2, c2), (q3, c3)):
            n = counts[face]  # natural tiles of the face: all of the one kind
            meld = n >= 2 or (wim and n > 0)
            run = q == q1 and suited and (wim or _run_possible(counts, face))
            if not (meld or run or q in winners):
                continue
            facts = (q, d, face, o, self.dealer, self.streak, self.freeze_owner, final, self.tan[q][d],
                     self.passed_win[q], self.passed_pong[q])
            acts: list[Action] = []
            if q in winners and rule(_T_WIN, *facts) is None and self._win_with(q, x, _W_DISCARD) is not None:
                acts.append(_action(q, _T_WIN))
            if meld:
                kind = self._phys[face]  # the one physical kind showing this face
                wild = [t for t in hands[q] if ftab[t] < 0] if wim else []
                if rule(_T_PONG, *facts) is None:
                    if n >= 2:
                        acts.append(_action(q, _T_PONG, (kind, kind)))
                    if wild:
                        acts.append(_action(q, _T_PONG, (kind, wild[0]) if kind <= wild[0] else (wild[0], kind)))
                if n >= 3 and rule(_T_EXPOSED_KONG, *facts) is None:
                    acts.append(_action(q, _T_EXPOSED_KONG, (kind, kind, kind)))
            if run and rule(_T_CHOW, *facts) is None:
                acts.extend(self._chow_options(q, x, face))
            if acts:
                acts.append(_action(q, _T_PASS))
                out[q] = acts
        return out

    def tan_room(self, a: int, b: int) -> bool:
        """True if seat a may still make a counted claim (摊) on seat b under :meth:`tan_cap`."""
        return claims.tan_room(self.options, self.dealer, self.streak, self.tan[a][b], a, b)

    def _chow_pairs(self, hand: Sequence[int], face: int) -> list[tuple[int, int]]:
        """The pairs of hand tiles that make a run with a discard of this face (bans not considered)."""
        rank = face % 9
        base = face - rank
        phys = self._phys
        has: dict[int, int] = {}  # face -> the physical kind of a natural tile of it in the hand
        for f in range(max(base, face - 2), min(base + 8, face + 2) + 1):
            if f != face and phys[f] >= 0 and phys[f] in hand:
                has[f] = phys[f]
        ftab = self._ftab
        wild = [t for t in hand if ftab[t] < 0][:1] if self.options.wildcard_in_melds else []
        if not has and not wild:
            return []
        pairs: list[tuple[int, int]] = []
        # The runs holding the face as their third, second and first tile, and the two other faces of each.
        for start, f1, f2 in ((rank - 2, face - 2, face - 1), (rank - 1, face - 1, face + 1),
                              (rank, face + 1, face + 2)):
            if start < 0 or start > 6:
                continue
            if f1 in has and f2 in has:
                pairs.append((has[f1], has[f2]))
            if wild:
                if f1 in has:
                    pairs.append((has[f1], wild[0]))
                if f2 in has:
                    pairs.append((wild[0], has[f2]))
        return pairs

    def _chow_options(self, q: int, x: int, face: int) -> list[Action]:
        hand = self.hands[q]
        pairs = self._chow_pairs(hand, face)
        if not pairs:
            return []
        wc = self.wildcards
        ftab = self._ftab
        # A chow that would leave only banned tiles is illegal (§5.7). A ban holds at most two faces, each shown
        # by the natural tiles of one kind only, so with five kinds in the hand a free tile always remains.
        free = len(set(hand)) >= 5
        out: list[Action] = []
        for a, b in pairs:
            act = _action(q, _T_CHOW, (a, b) if a <= b else (b, a))
            if act in out:
                continue
            if free:
                out.append(act)
                continue
            ban = chow_ban(x, act.tiles, wc)
            # Quick test first: some tile of another kind than the two used is free; otherwise check the
            # exact remaining hand.
            if not any(ftab[t] < 0 or ftab[t] not in ban for t in hand if t != a and t != b):
                rest = list(hand)
                rest.remove(a)
                rest.remove(b)
                if not any(ftab[t] < 0 or ftab[t] not in ban for t in rest):
                    continue
            out.append(act)
        return out

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

    def _could_win(self, tiles: list[int], melds: int) -> bool:
        """Cheap test that the tiles form a winning shape, before the full evaluation of the fan."""
        counts, w = self._count(tiles)
        return _shape_wins(counts, w, len(tiles), melds)

    def _win_with(self, q: int, x: int, wtype: WinType) -> WinEvaluation | None:
        counts, w = self._face_counts(q)
        f = self._ftab[x]
        n = len(self.hands[q]) + 1
        melds = len(self.melds[q])
        if f < 0:
            shape = _shape_wins(counts, w + 1, n, melds)
        else:
            counts[f] += 1
            try:
                shape = _shape_wins(counts, w, n, melds)
            finally:
                counts[f] -= 1
        if not shape:
            return None
        return evaluate_win([*self.hands[q], x], melds, x, wtype, self.wildcards,
                            must_baotou=self.options.must_baotou)

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Apply one legal action; raises :class:`IllegalActionError` (state unchanged) otherwise."""
        legal = self._legal
        mine = (self.legal_map() if legal is None else legal).get(action.seat, ())
        for a in mine:  # legal lists hold shared instances, usually the caller's: match by identity first
            if a is action:
                break
        else:
            if action not in mine:
                why = self.explain_illegal(action)
                assert why is not None
                raise IllegalActionError(why)
        self._legal = None
        self.actions.append(action)
        if self.phase is _ACT:
            self._apply_act(action)
        else:
            self.declarations[action.seat] = action
            if self.declarations.keys() >= self.claim_options.keys():
                if self.phase is _CLAIM:
                    self._resolve_claims()
                else:
                    self._resolve_rob()

    def explain_illegal(self, action: Action) -> Reason | None:
        """Why an action is not legal now, or None when it is legal."""
        if self.phase is _END:
            return Reason("hand_over")
        legal = self.legal_map()
        seat = action.seat
        if action in legal.get(seat, ()):
            return None
        t = action.type
        if seat not in legal:
            if self.phase is _ACT:
                return Reason("not_your_turn", {"seat": seat, "current": self.current})
            if seat == self.claim_from:
                return Reason("own_discard", {"seat": seat})
            if seat in self.declarations:
                return Reason("already_declared", {"seat": seat, "action": self.declarations[seat].type.value})
            if self.claim_banned(seat):
                return Reason("freeze_no_claim")
        elif self.phase is _ACT:
            if t is _T_DISCARD:
                tile = action.tile
                if tile not in self.hands[seat]:
                    return Reason("not_in_hand", {"seat": seat, "tile": TILE_NAMES[tile]})
                return self.discard_restriction(seat) or Reason("not_offered", {"action": t.value})
            if t is _T_WIN:
                if not self.may_win and self._could_win(self.hands[seat], len(self.melds[seat])):
                    return Reason("no_win_after_claim")
                return Reason("not_a_win")
            if t in (_T_CONCEALED_KONG, _T_ADDED_KONG):
                if self.remaining <= FINAL_WALL:
                    return Reason("kong_final", {"remaining": self.remaining, "limit": FINAL_WALL})
                fo = self.freeze_owner
                if t is _T_ADDED_KONG and fo is not None and not (
                        fo == seat and self.options.zhuada_subject == "others"):
                    return Reason("freeze_added_kong")
        if self.phase is _CLAIM and t in _CLAIMS and self.claim_tile is not None:
            assert self.claim_from is not None
            why = self.why_no_claim(seat, t, self.claim_tile, self.claim_from)
            if why is not None:
                return why
        return Reason("no_claim", {"seat": seat}) if seat not in legal else Reason("not_offered", {"action": t.value})

    def candidate_actions(self, seat: int) -> list[Action]:
        """What the seat's tiles allow it to try now, legal or not (explanations ask :meth:`explain_illegal`).

        On its turn: win, a concealed kong of each four of a kind, an added kong on each pong, a discard of
        each kind. On a discard or a robbable kong: win, pong, 直杠 and chows as the tiles allow, pass. Then
        any legal action not listed yet.
        """
        out: list[Action] = []
        hand = self.hands[seat]
        ftab = self._ftab
        kinds = sorted(set(hand))
        if self.phase is _ACT and self.current == seat:
            out.append(_action(seat, _T_WIN))
            out += [_action(seat, _T_CONCEALED_KONG, (t,) * 4) for t in kinds
                    if ftab[t] >= 0 and hand.count(t) == 4]
            out += [_action(seat, _T_ADDED_KONG, (t,)) for m in self.melds[seat] if m.kind is _M_PONG
                    for t in kinds if ftab[t] == m.face]
            out += [_DISCARDS[seat][t] for t in kinds]
        elif self.claim_tile is not None and self.claim_from is not None:
            face = self.wildcards.face(self.claim_tile)
            same = [t for t in hand if ftab[t] == face and ftab[self.claim_tile] >= 0]
            out.append(_action(seat, _T_WIN))
            if len(same) >= 2:
                out.append(_action(seat, _T_PONG, tuple(same[:2])))
            if len(same) >= 3:
                out.append(_action(seat, _T_EXPOSED_KONG, tuple(same[:3])))
            if seat == (self.claim_from + 1) % 4 and face < 27 and ftab[self.claim_tile] >= 0:
                out += [_action(seat, _T_CHOW, (a, b) if a <= b else (b, a))
                        for a, b in self._chow_pairs(hand, face)]
            out.append(_action(seat, _T_PASS))
        out += [a for a in self.legal_actions(seat) if a not in out]
        return list(dict.fromkeys(out))

    def discard_restriction(self, seat: int) -> Reason | None:
        """Why some tiles in the seat's hand may not be discarded now (抓打 freeze, 吃后限打), if any."""
        if self.freeze_binds(seat) and self.drawn is not None:
            return Reason("zhuada", {"owner": self.freeze_owner, "tile": TILE_NAMES[self.drawn]})
        # After a kong the ban is lifted when it would leave nothing to discard (see _discardable).
        if self.chow_ban and (self.turn_kongs[seat] == 0
                              or len(self._discardable(seat)) < len(set(self.hands[seat]))):
            return Reason("chow_ban", {"tiles": [TILE_NAMES[f] for f in self.chow_ban]})
        return None

    def why_no_claim(self, seat: int, want: ActionType, tile: int, discarder: int) -> Reason | None:
        """Why ``seat`` may not claim discard ``tile`` of ``discarder`` with a ``want`` (win, pong, 直杠, chow).

        The discard is the one of the open claim window, or the last one when nobody could claim it (the
        seat that drew since then is judged without its draw). Reads the restrictions in force now. None
        when nothing forbids the claim. The codes ``no_win_with_tile``, ``no_pair``, ``no_chow_shape``,
        ``chow_not_next`` and ``own_discard`` mean the hand has nothing to claim; the others that a rule
        forbids a claim the hand could make. The rules are :func:`claims.rule_against`'s, the same that decide
        which claims a window offers; ``baotou_no_discard_win``, ``must_baotou`` and ``chow_all_banned`` say
        why the tiles that could make the claim still do not.
        """
        wc = self.wildcards
        face = self._ftab[tile]
        name = TILE_NAMES[wc.face(tile)]
        window = self.phase in (_CLAIM, _ROB)
        # Play goes on after an unclaimed discard only if it was not in the final claim phase.
        final = self.claim_final if window else self.phase is _END and self.remaining <= FINAL_WALL
        rule = self._rule_against(want, seat, discarder, face, final)
        if rule in _BEFORE_TILES:  # these say the seat has nothing to claim, whatever its tiles
            return self._rule_reason(rule, seat, discarder, name)
        tiles = list(self.hands[seat])
        if self.phase is _ACT and seat == self.current and self.drawn is not None:
            tiles.remove(self.drawn)
        counts, w = wc.split(tiles)
        k = len(self.melds[seat])
        if want is _T_WIN:
            if not self._could_win([*tiles, tile], k):
                return Reason("no_win_with_tile", {"tile": name})
            if rule is not None:
                return self._rule_reason(rule, seat, discarder, name)
            if baotou_state(counts, w) or qike_state(counts, w, k):
                return Reason("baotou_no_discard_win", {"state": "baotou" if baotou_state(counts, w) else "qike"})
            if evaluate_win([*tiles, tile], k, tile, _W_DISCARD, wc, must_baotou=self.options.must_baotou):
                return None
            if self.options.must_baotou and w > 0:
                return Reason("must_baotou")
            return Reason("no_win_with_tile", {"tile": name})
        if want is _T_CHOW:
            if face >= 27 or not self._chow_pairs(tiles, face):
                return Reason("no_chow_shape", {"tile": name})
        else:
            n = counts[face]
            need = 3 if want is _T_EXPOSED_KONG else 2
            if n < need and not (want is _T_PONG and self.options.wildcard_in_melds and n and w):
                return Reason("no_pair", {"tile": name})
        if rule is not None:
            return self._rule_reason(rule, seat, discarder, name)
        if want is _T_CHOW and window and not self._chow_options(seat, tile, face):
            return Reason("chow_all_banned")
        return None

    def _rule_reason(self, code: str, seat: int, discarder: int, name: str) -> Reason:
        """The :class:`Reason` of a code of :func:`claims.rule_against`, with its figures."""
        if code == "own_discard":
            return Reason(code, {"seat": seat})
        if code == "chow_not_next":
            return Reason(code, {"discarder": discarder})
        if code == "no_discard_win_streak":
            return Reason(code, {"streak": self.streak, "min": self.options.discard_min_l})
        if code in ("louhu", "loupeng"):
            return Reason(code, {"tile": name})
        if code == "final_claim":
            return Reason(code, {"limit": FINAL_WALL})
        if code == "tan_cap":
            return Reason(code, {"discarder": discarder, "count": self.tan[seat][discarder],
                                 "cap": self.tan_cap(seat, discarder)})
        return Reason(code)  # wildcard_claim, non_dealers, freeze_no_claim

    def _apply_act(self, a: Action) -> None:
        p = a.seat
        if a.type is _T_WIN:
            ev = self._self_win(p)
            assert ev is not None
            tile = self.drawn
            kind = (_W_DEALER_FIRST if tile is None else
                    _W_REPLACEMENT if self.replacement else _W_SELF_DRAW)
            self._finish_win(p, kind, tile, None, ev)
            return
        if a.type is _T_DISCARD:
            self._discard(p, a.tiles[0])
            return
        if a.type is _T_CONCEALED_KONG:
            for t in a.tiles:
                self.hands[p].remove(t)
            self._counted[p] = None
            faces = tuple(self.wildcards.face(t) for t in a.tiles)
            self.melds[p].append(Meld(_M_CONCEALED_KONG, a.tiles, faces))
            self.events.append({"type": "kong", "seat": p, "kind": "concealed_kong"})
            self._after_kong(p)
            return
        if a.type is _T_ADDED_KONG:
            tile = a.tile
            idx = next(i for i, m in enumerate(self.melds[p])
                       if m.kind is _M_PONG and m.face == self.wildcards.face(tile))
            self.hands[p].remove(tile)
            self._counted[p] = None
            self.events.append({"type": "kong", "seat": p, "kind": "added_kong", "tile": TILE_NAMES[tile]})
            if self._open_rob_window(p, tile, idx):
                return
            self._complete_added_kong(p, tile, idx)
            return
        raise AssertionError(f"unexpected action {a}")

    def _complete_added_kong(self, p: int, tile: int, idx: int) -> None:
        m = self.melds[p][idx]
        self.melds[p][idx] = Meld(_M_ADDED_KONG, (*m.tiles, tile), (*m.faces, self.wildcards.face(tile)),
                                  m.claimed, m.from_seat)
        self._after_kong(p)

    def _open_rob_window(self, p: int, tile: int, idx: int) -> bool:
        o = self.options
        if not (o.rob_kong and o.win_mode == "dealer_discard" and self.streak >= o.rob_kong_min_l):
            return False
        opts: dict[int, list[Action]] = {}
        face = self.wildcards.face(tile)
        for i in (1, 2, 3):
            q = (p + i) % 4
            if self.claim_banned(q) or face in self.passed_win[q]:
                continue
            if self._win_with(q, tile, _W_ROB_KONG) is not None:
                opts[q] = [_action(q, _T_WIN), _action(q, _T_PASS)]
        if not opts:
            return False
        self._open_window(_ROB, tile, p, False, opts)
        self.rob_meld_index = idx
        return True

    def _open_window(self, phase: Phase, tile: int, frm: int, final: bool, opts: dict[int, list[Action]]) -> None:
        """Open a claim window (or a rob window) on ``tile`` of seat ``frm``; see :meth:`_clear_claim`."""
        self.phase = phase
        self.claim_tile = tile
        self.claim_from = frm
        self.claim_final = final
        self.claim_options = opts
        self.declarations = {}

    def _resolve_rob(self) -> None:
        p = self.claim_from
        tile = self.claim_tile
        idx = self.rob_meld_index
        assert p is not None and tile is not None and idx is not None
        face = self.wildcards.face(tile)
        for i in (1, 2, 3):
            q = (p + i) % 4
            dec = self.declarations.get(q)
            if dec is not None and dec.type is _T_WIN:
                ev = self._win_with(q, tile, _W_ROB_KONG)
                assert ev is not None
                self.hands[q].append(tile)
                self._counted[q] = None
                self._finish_win(q, _W_ROB_KONG, tile, p, ev)
                return
        for q in self.claim_options:
            self.passed_win[q].add(face)
        self._clear_claim()
        self.phase = _ACT
        self.current = p
        self._complete_added_kong(p, tile, idx)

    def _after_kong(self, p: int) -> None:
        self.chain[p].append("kong")
        self.turn_kongs[p] += 1
        self.dealer_first = False
        self.back -= 1
        t = self.wall[self.back]
        if self.options.kong_burn:
            self.back -= 1
            self.burned.append(self.wall[self.back])
        self._take(p, t, replacement=True)

    def _discard(self, p: int, x: int) -> None:
        f = self._ftab[x]
        wild = f < 0
        hand = self.hands[p]
        hand.remove(x)
        if self._counted[p] is hand:  # keep the counts up to date (see _recount)
            self._kinds[p][x] -= 1
            if wild:
                self._wilds[p] -= 1
            else:
                self._counts[p][f] -= 1
        self.discards[p].append((x, None))
        self.has_discarded[p] = True
        self.dealer_first = False
        self.drawn = None
        self.replacement = False
        self.chow_ban = ()
        self.turn_kongs[p] = 0
        if self.passed_win[p]:
            self.passed_win[p].clear()
        if self.passed_pong[p]:
            self.passed_pong[p].clear()
        if wild:
            self.chain[p].append("piao")
            self.freeze_owner = p
        else:
            self.chain[p] = []
            if self.freeze_owner == p:
                self.freeze_owner = None
        self.events.append({"type": "discard", "seat": p, "tile": TILE_NAMES[x], "wild": wild})
        self._discard_events += 1
        self._last_discard = (p, x)
        final = self.back - self.front <= FINAL_WALL
        opts = self._claim_options(p, x, final)
        if opts:
            self._open_window(_CLAIM, x, p, final, opts)
        elif final:  # (no claim window is open in the act phase: nothing to clear)
            self._finish_draw()
        else:  # _draw(), inlined
            t = self.wall[self.front]
            self.front += 1
            self._plain_draws += 1
            self._take(_OTHERS[p][0], t, False)

    def _no_claim(self, d: int, final: bool) -> None:
        self._clear_claim()
        if final:
            self._finish_draw()
        else:
            self._draw((d + 1) % 4)

    def _clear_claim(self) -> None:
        self.claim_tile = None
        self.claim_from = None
        self.claim_final = False
        self.claim_options = {}
        self.declarations = {}
        self.rob_meld_index = None

    def _draw(self, p: int) -> None:
        t = self.wall[self.front]
        self.front += 1
        self._plain_draws += 1
        self._take(p, t, replacement=False)

    def _take(self, p: int, t: int, replacement: bool) -> None:
        """Seat p takes tile t (a front draw or a replacement) and starts a discard phase that may win."""
        hand = self.hands[p]
        hand.append(t)
        hand.sort()
        if self._counted[p] is hand:
            self._kinds[p][t] += 1
            f = self._ftab[t]
            if f < 0:
                self._wilds[p] += 1
            else:
                self._counts[p][f] += 1
        self.phase = _ACT
        self.current = p
        self.may_win = True
        self.drawn = t
        self.replacement = replacement
        self.events.append({"type": "replacement" if replacement else "draw", "seat": p})

    def _resolve_claims(self) -> None:
        d = self.claim_from
        x = self.claim_tile
        assert d is not None and x is not None
        face = self.wildcards.face(x)
        order = _OTHERS[d]
        decs = self.declarations
        # Declining an offered win is 漏胡 and an offered pong 漏碰 (the pong marks only when nobody wins).
        for q, offered in self.claim_options.items():
            dec = decs.get(q)
            if (dec is None or dec.type is not _T_WIN) and any(a.type is _T_WIN for a in offered):
                self.passed_win[q].add(face)
        for q in order:
            dec = decs.get(q)
            if dec is not None and dec.type is _T_WIN:
                ev = self._win_with(q, x, _W_DISCARD)
                assert ev is not None
                self.discards[d][-1] = (x, q)
                self.hands[q].append(x)
                self._counted[q] = None
                self._finish_win(q, _W_DISCARD, x, d, ev)
                return
        taker: Action | None = None
        for q in order:
            dec = decs.get(q)
            if dec is not None and dec.type in (_T_PONG, _T_EXPOSED_KONG):
                taker = dec
                break
        for q, offered in self.claim_options.items():
            dec = decs.get(q)
            if ((dec is None or dec.type not in (_T_PONG, _T_EXPOSED_KONG))
                    and any(a.type is _T_PONG for a in offered)):
                self.passed_pong[q].add(face)
        if taker is None:
            dec = decs.get(order[0])
            if dec is not None and dec.type is _T_CHOW:
                taker = dec
        if taker is None:
            self._no_claim(d, self.claim_final)
            return
        q = taker.seat
        self._clear_claim()
        self.discards[d][-1] = (x, q)
        for t in taker.tiles:
            self.hands[q].remove(t)
        self._counted[q] = None
        wc = self.wildcards
        if taker.type is _T_CHOW or self.options.pong_counts_as_tan:
            self.tan[q][d] += 1
        self.dealer_first = False
        if taker.type is _T_CHOW:
            faces = _chow_faces(taker.tiles, x, wc)
            order_tiles = _order_by_faces([*taker.tiles, x], faces, wc)
            self.melds[q].append(Meld(_M_CHOW, order_tiles, faces, x, d))
            self.chow_ban = _chow_ban(face, faces[0])
            self.events.append({"type": "chow", "seat": q, "from": d, "tile": TILE_NAMES[x]})
        else:
            kind = _M_PONG if taker.type is _T_PONG else _M_EXPOSED_KONG
            tiles4 = (*taker.tiles, x)
            self.melds[q].append(Meld(kind, tiles4, (face,) * len(tiles4), x, d))
            self.events.append({"type": kind.value, "seat": q, "from": d, "tile": TILE_NAMES[x]})
        if taker.type is _T_EXPOSED_KONG:
            self._after_kong(q)
            return
        self.phase = _ACT
        self.current = q
        self.may_win = False
        self.drawn = None
        self.replacement = False

    # ------------------------------------------------------------------ ending

    def _finish_win(self, w: int, wtype: WinType, tile: int | None, payer: int | None, ev: WinEvaluation) -> None:
        o = self.options
        reason = PaymentReason.KONGER if wtype is _W_ROB_KONG else PaymentReason.DISCARDER
        st = settle(w, ev.fan, self.dealer, self.streak, o.base_score, payer, reason, self.tan,
                    o.three_tan_chengbao)
        self.result = RoundResult(w, wtype, tile, payer, ev, st, self._revealed())
        self.phase = _END
        self._clear_claim()
        self.events.append({"type": "win", "seat": w, "win_type": wtype.value, "fan": ev.fan,
                            "pattern": ev.pattern})

    def _finish_draw(self) -> None:
        self.result = RoundResult(None, None, None, None, None, None, self._revealed())
        self.phase = _END
        self.events.append({"type": "exhausted"})

    def _revealed(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(sorted(h)) for h in self.hands)

    # ------------------------------------------------------------------ serialisation

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (see :meth:`from_json`); round-trips exactly."""
        names = TILE_NAMES
        return {
            "options": self.options.to_json(),
            "dealer": self.dealer,
            "streak": self.streak,
            "seed": self.seed,
            "wall": [names[t] for t in self.wall],
            "front": self.front,
            "back": self.back,
            "indicator": None if self.indicator is None else names[self.indicator],
            "hands": [[names[t] for t in h] for h in self.hands],
            "melds": [[m.to_json() for m in ms] for ms in self.melds],
            "discards": [[[names[t], by] for t, by in ds] for ds in self.discards],
            "burned": [names[t] for t in self.burned],
            "phase": self.phase.value,
            "current": self.current,
            "may_win": self.may_win,
            "drawn": None if self.drawn is None else names[self.drawn],
            "replacement": self.replacement,
            "dealer_first": self.dealer_first,
            "chow_ban": [names[t] for t in self.chow_ban],
            "freeze_owner": self.freeze_owner,
            "tan": [list(r) for r in self.tan],
            "passed_win": [sorted(names[t] for t in s) for s in self.passed_win],
            "passed_pong": [sorted(names[t] for t in s) for s in self.passed_pong],
            "chain": [list(c) for c in self.chain],
            "turn_kongs": list(self.turn_kongs),
            "has_discarded": list(self.has_discarded),
            "claim_tile": None if self.claim_tile is None else names[self.claim_tile],
            "claim_from": self.claim_from,
            "claim_final": self.claim_final,
            "claim_options": {str(s): [str(a) for a in acts] for s, acts in self.claim_options.items()},
            "declarations": {str(s): str(a) for s, a in self.declarations.items()},
            "rob_meld_index": self.rob_meld_index,
            "actions": [str(a) for a in self.actions],
            "events": list(self.events),
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> Round:
        """Rebuild a state written by :meth:`to_json` (its result is not part of it: None)."""
        pt = parse_tile
        return Round.from_position(
            Options.from_json(data["options"]),
            dealer=data["dealer"],
            streak=data["streak"],
            seed=data["seed"],
            wall=[pt(t) for t in data["wall"]],
            front=data["front"],
            back=data["back"],
            indicator=None if data["indicator"] is None else pt(data["indicator"]),
            hands=[[pt(t) for t in h] for h in data["hands"]],
            melds=[[Meld.from_json(m) for m in ms] for ms in data["melds"]],
            discards=[[(pt(t), by) for t, by in ds] for ds in data["discards"]],
            burned=[pt(t) for t in data["burned"]],
            phase=Phase(data["phase"]),
            current=data["current"],
            may_win=data["may_win"],
            drawn=None if data["drawn"] is None else pt(data["drawn"]),
            replacement=data["replacement"],
            dealer_first=data["dealer_first"],
            chow_ban=[pt(t) for t in data["chow_ban"]],
            freeze_owner=data["freeze_owner"],
            tan=data["tan"],
            passed_win=[[pt(t) for t in s] for s in data["passed_win"]],
            passed_pong=[[pt(t) for t in s] for s in data["passed_pong"]],
            chain=data["chain"],
            turn_kongs=data["turn_kongs"],
            has_discarded=data["has_discarded"],
            claim_tile=None if data["claim_tile"] is None else pt(data["claim_tile"]),
            claim_from=data["claim_from"],
            claim_final=data["claim_final"],
            claim_options={int(s): [Action.parse(a) for a in acts] for s, acts in data["claim_options"].items()},
            declarations={int(s): Action.parse(a) for s, a in data["declarations"].items()},
            rob_meld_index=data["rob_meld_index"],
            actions=[Action.parse(a) for a in data["actions"]],
            events=data["events"],
        )


def _run_possible(counts: Sequence[int], face: int) -> bool:
    """True if natural tiles of the counts make a run with a suited face (a quick test before the chows)."""
    rank = face % 9
    left1 = rank >= 1 and counts[face - 1] > 0
    right1 = rank <= 7 and counts[face + 1] > 0
    return ((left1 and (right1 or (rank >= 2 and counts[face - 2] > 0)))
            or (right1 and rank <= 6 and counts[face + 2] > 0))


def _shape_wins(counts: bytearray, w: int, n_tiles: int, melds: int) -> bool:
    """True if natural face counts and w wildcards (n_tiles tiles in all) form a standard win or seven pairs."""
    if is_standard_win(counts, w):
        return True
    if melds or n_tiles != 14:
        return False
    # is_seven_pairs, with the odd counts counted directly: physical tiles give counts of 0-4.
    if w == 0:
        return 1 not in counts and 3 not in counts  # searching a byte array is cheaper than counting in it
    return counts.count(1) + counts.count(3) <= w


def _phys_table(wc: Wildcards) -> list[int]:
    """For each face, the physical kind of its natural tiles (-1 when only wildcards can show it)."""
    return [p[0] if (p := wc.tiles_of_face(f)) else -1 for f in range(NUM_KINDS)]


def wall_problem(order: Sequence[int], tiles: Sequence[int]) -> tuple[str, dict[str, int | str]] | None:
    """What keeps ``order`` from being an order of the tile set ``tiles`` (:func:`full_tile_set`), or None.

    The first problem, as a message and its figures: the number of tiles (``want``, ``count``), else the first
    kind whose count is off (``tile``, ``want``, ``count``).
    """
    if len(order) != len(tiles):
        return f"the wall must hold {len(tiles)} tiles, got {len(order)}", {"want": len(tiles), "count": len(order)}
    want = [0] * NUM_KINDS
    have = [0] * NUM_KINDS
    for t in tiles:
        want[t] += 1
    for t in order:
        have[t] += 1
    for k in range(NUM_KINDS):
        if have[k] != want[k]:
            return (f"the wall must hold {want[k]} × {TILE_NAMES[k]}, got {have[k]}",
                    {"tile": TILE_NAMES[k], "want": want[k], "count": have[k]})
    return None


def chow_ban(claimed: int, hand_tiles: Sequence[int], wc: Wildcards) -> tuple[int, ...]:
    """Faces that may not be discarded after chowing discard ``claimed`` with two hand tiles (rules.md §5.7)."""
    return _chow_ban(wc.face(claimed), _chow_faces(hand_tiles, claimed, wc)[0])


def _chow_ban(claimed_face: int, run_start: int) -> tuple[int, ...]:
    """Faces that may not be discarded after chowing ``claimed_face`` into the run starting at ``run_start``."""
    rank = run_start % 9
    if claimed_face == run_start and rank + 3 <= 8:
        return (claimed_face, run_start + 3)
    if claimed_face == run_start + 2 and rank >= 1:
        return (claimed_face, run_start - 1)
    return (claimed_face,)


def _chow_faces(hand_tiles: Sequence[int], x: int, wc: Wildcards) -> tuple[int, int, int]:
    face = wc.face(x)
    naturals = [wc.face(t) for t in hand_tiles if not wc.is_wild(t)]
    faces = sorted([face, *naturals])
    if len(faces) == 3:
        return faces[0], faces[1], faces[2]
    # One wildcard (财神可吃碰) fills the missing face. Two adjacent naturals leave two runs open; the
    # wildcard is read as the higher face when it can be, a fixed convention so the ban is well defined.
    lo, hi = faces[0], faces[1]
    if hi - lo == 2:
        return lo, lo + 1, hi
    rank = lo % 9
    start = lo - 1 if rank == 7 else lo
    return start, start + 1, start + 2


def _order_by_faces(tiles: list[int], faces: tuple[int, int, int], wc: Wildcards) -> tuple[int, ...]:
    pool = list(tiles)
    out: list[int] = []
    for f in faces:
        pick = next((t for t in pool if not wc.is_wild(t) and wc.face(t) == f), None)
        if pick is None:
            pick = next(t for t in pool if wc.is_wild(t))
        pool.remove(pick)
        out.append(pick)
    return tuple(out)


_ALL_FIELDS = attrgetter(*Round.__slots__)
"""Every attribute of a round, in slot order (for :meth:`Round.copy`)."""
