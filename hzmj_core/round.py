"""One hand (一局) as a state machine (rules.md §2-§5, §9).

A :class:`Round` is dealt from a seed or an explicit wall. At every decision point
:meth:`Round.legal_actions` lists the legal actions of every seat that has a decision; :meth:`Round.apply`
takes one of them. Draws are not decisions: the engine makes them itself. In a claim window (吃碰阶段)
several seats may decide; the window is resolved by priority (胡 > 碰 = 杠 > 吃) once every one of them
has declared. An illegal or malformed action raises :class:`IllegalActionError` and changes nothing.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from operator import attrgetter
from typing import Any

from . import round_explain, round_json
from .actions import Action, ActionType
from .claims import FINAL_WALL as FINAL_WALL  # (the constant's home is claims; read here by many)
from .claims import chow_ban as chow_ban
from .claims import chow_ban_faces, chow_faces, order_by_faces
from .fan import WinEvaluation, WinType
from .options import Options
from .reasons import Reason
from .rng import Rng
from .round_cache import OTHERS
from .round_cache import PublicSnapshot as PublicSnapshot
from .round_cache import TableSnapshot as TableSnapshot
from .round_legal import LegalActions
from .round_legal import Phase as Phase
from .round_legal import action as _action
from .scoring import PaymentReason, settle
from .scoring import RoundResult as RoundResult
from .tiles import TILE_NAMES, Meld, MeldKind, WildcardMode, Wildcards
from .wall import full_tile_set as full_tile_set
from .wall import wall_problem as wall_problem

_DEFAULT_OPTIONS = Options()

_TABLES: dict[Wildcards, tuple[tuple[int, ...], tuple[int, ...]]] = {}
"""Per wildcard rule: the face of every kind (-1 for the wildcard kind) and the natural kind of every face."""


class IllegalActionError(ValueError):
    """The action is not legal in this state; ``reason`` says why (the message is its English text).

    The state is unchanged.
    """

    def __init__(self, reason: Reason) -> None:
        super().__init__(reason.en())
        self.reason = reason




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


class Round(LegalActions):
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
        "_discard_events", "_ftab", "_phys", "_plain_draws", "actions", "back", "burned",
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
        self._plain_draws = 0
        self._discard_events = 0
        self.drop_caches()

    # ------------------------------------------------------------------ setup

    def _use_wildcards(self, wc: Wildcards) -> None:
        self.wildcards = wc
        tables = _TABLES.get(wc)
        if tables is None:
            tables = _TABLES[wc] = (wc.face_table(), wc.natural_kind_table())
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
        self._keep_in_copy(r)
        return r


    @property
    def face_table(self) -> tuple[int, ...]:
        """The face of every kind under this hand's wildcard rule, -1 for the wildcard kind (a fast lookup)."""
        return self._ftab


    @property
    def is_over(self) -> bool:
        """True once the hand has ended."""
        return self.phase is _END

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

    # ------------------------------------------------------------------ explanations (round_explain)

    def explain_illegal(self, action: Action) -> Reason | None:
        """Why an action is not legal now, or None when it is legal (:func:`round_explain.explain_illegal`)."""
        return round_explain.explain_illegal(self, action)

    def candidate_actions(self, seat: int) -> list[Action]:
        """What the seat's tiles allow it to try now, legal or not (:func:`round_explain.candidate_actions`)."""
        return round_explain.candidate_actions(self, seat)

    def discard_restriction(self, seat: int) -> Reason | None:
        """Why some tiles in the seat's hand may not be discarded now (:func:`round_explain.discard_restriction`)."""
        return round_explain.discard_restriction(self, seat)

    def why_no_claim(self, seat: int, want: ActionType, tile: int, discarder: int) -> Reason | None:
        """Why ``seat`` may not claim discard ``tile`` of ``discarder`` with a ``want``, or None
        (:func:`round_explain.why_no_claim`)."""
        return round_explain.why_no_claim(self, seat, want, tile, discarder)

    # ------------------------------------------------------------------ serialisation (round_json)

    def to_json(self) -> dict[str, Any]:
        """The complete state as JSON-ready data (see :meth:`from_json`); round-trips exactly."""
        return round_json.to_json(self)

    @staticmethod
    def from_json(data: dict[str, Any]) -> Round:
        """Rebuild a state written by :meth:`to_json` (its result is not part of it: None)."""
        return Round.from_position(round_json.options_of(data), **round_json.position_of(data))

    # ------------------------------------------------------------------ applying

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
            self._take(OTHERS[p][0], t, False)

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
        order = OTHERS[d]
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
            faces = chow_faces(taker.tiles, x, wc)
            order_tiles = order_by_faces([*taker.tiles, x], faces, wc)
            self.melds[q].append(Meld(_M_CHOW, order_tiles, faces, x, d))
            self.chow_ban = chow_ban_faces(face, faces[0])
            self.events.append({"type": "chow", "seat": q, "from": d, "tile": TILE_NAMES[x]})
        else:
            tiles4 = (*taker.tiles, x)
            if taker.type is _T_PONG:
                self.melds[q].append(Meld(_M_PONG, tiles4, (face,) * 3, x, d))
                self.events.append({"type": "pong", "seat": q, "from": d, "tile": TILE_NAMES[x]})
            else:
                self.melds[q].append(Meld(_M_EXPOSED_KONG, tiles4, (face,) * 4, x, d))
                self.events.append({"type": "kong", "seat": q, "kind": "exposed_kong", "from": d,
                                    "tile": TILE_NAMES[x]})
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


_ALL_FIELDS = attrgetter(*Round.__slots__)
"""Every attribute of a round, in slot order (for :meth:`Round.copy`)."""
