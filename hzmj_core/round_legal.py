"""What the rules allow a round's seats now: the legal actions of every deciding seat (rules.md §3-§5, §9).

The base of :class:`~hzmj_core.round.Round` that lists what :meth:`~hzmj_core.round.Round.apply` accepts. Each
rule is asked of :mod:`hzmj_core.claims` (who may claim or kong) and :mod:`hzmj_core.fan` (what wins); this
module finds which tiles make each action and keeps the cheap tests first, since it runs at every step.
"""

from __future__ import annotations

import enum
from collections.abc import Sequence
from itertools import compress

from . import claims
from .actions import Action, ActionType
from .claims import chow_ban
from .fan import WinEvaluation, WinType, evaluate_win
from .hand import run_possible, shape_wins
from .round_cache import OTHERS, KeptAnswers
from .tiles import NUM_KINDS, MeldKind

_ACTIONS: dict[tuple[int, ActionType, tuple[int, ...]], Action] = {}


def action(seat: int, atype: ActionType, tiles: tuple[int, ...] = ()) -> Action:
    """A shared Action instance (they are immutable; legal lists are rebuilt at every step)."""
    key = (seat, atype, tiles)
    a = _ACTIONS.get(key)
    if a is None:
        a = _ACTIONS[key] = Action(seat, atype, tiles)
    return a



DISCARDS = [[Action(seat, ActionType.DISCARD, (t,)) for t in range(NUM_KINDS)] for seat in range(4)]
"""The discard action of every seat and kind, shared."""
_KINDS = range(NUM_KINDS)


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

_ACT = Phase.ACT
_END = Phase.END
_T_ADDED_KONG = ActionType.ADDED_KONG
_T_CHOW = ActionType.CHOW
_T_CONCEALED_KONG = ActionType.CONCEALED_KONG
_T_EXPOSED_KONG = ActionType.EXPOSED_KONG
_T_PASS = ActionType.PASS
_T_PONG = ActionType.PONG
_T_WIN = ActionType.WIN
_W_DEALER_FIRST = WinType.DEALER_FIRST
_W_DISCARD = WinType.DISCARD
_W_REPLACEMENT = WinType.REPLACEMENT
_W_SELF_DRAW = WinType.SELF_DRAW
_M_PONG = MeldKind.PONG


class LegalActions(KeptAnswers):
    """The legal actions of a round's deciding seats, and the rule answers they are built from (the base of
    :class:`~hzmj_core.round.Round`, whose attributes are declared here for the type checker)."""

    __slots__ = ()

    phase: Phase
    current: int
    may_win: bool
    drawn: int | None
    replacement: bool
    dealer_first: bool
    front: int
    back: int
    chow_ban: tuple[int, ...]
    chain: list[list[str]]
    turn_kongs: list[int]
    passed_win: list[set[int]]
    passed_pong: list[set[int]]
    claim_tile: int | None
    claim_from: int | None
    claim_final: bool
    claim_options: dict[int, list[Action]]
    declarations: dict[int, Action]

    @property
    def remaining(self) -> int:
        """R: live tiles left in the wall."""
        return self.back - self.front

    # that every view needs are kept while the facts they depend on stay the same objects and values.

    def freeze_binds(self, seat: int) -> bool:
        """True if the 抓打 freeze makes this seat discard the tile it has just drawn (:func:`claims.freeze_binds`)."""
        return self.freeze_owner is not None and self.freeze_bound()[seat]

    def claim_banned(self, seat: int) -> bool:
        """True if the freeze forbids this seat to claim discards (chow, pong, 直杠, 放铳) and to 加杠."""
        return self.freeze_owner is not None and claims.claim_banned(self.options, self.freeze_owner, seat)

    def tan_cap(self, a: int, b: int) -> int | None:
        """Cap on counted claims of seat a on seat b (None = unlimited), rules.md §5.5."""
        return claims.tan_cap(self.options, self.dealer, self.streak, a, b)

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
        if not shape_wins(counts, w, len(self.hands[seat]), len(self.melds[seat])):
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
                and shape_wins(self._counts[p], self._wilds[p], len(hand), len(melds))
                and self._self_win(p) is not None):
            out.append(action(p, _T_WIN))
        kong_rule = claims.kong_rule_against
        remaining = self.back - self.front
        fo = self.freeze_owner
        if 4 in per_kind and kong_rule(_T_CONCEALED_KONG, p, self.options, fo, remaining) is None:
            ftab = self._ftab
            for t in compress(_KINDS, per_kind):
                if per_kind[t] == 4 and ftab[t] >= 0:
                    out.append(action(p, _T_CONCEALED_KONG, (t, t, t, t)))
        if melds and kong_rule(_T_ADDED_KONG, p, self.options, fo, remaining) is None:
            phys = self._phys
            for m in melds:
                if m.kind is _M_PONG:
                    t = phys[m.faces[0]]  # the only kind whose natural tiles show the pong's face
                    if t >= 0 and per_kind[t]:
                        out.append(action(p, _T_ADDED_KONG, (t,)))
        if self.chow_ban or (self.freeze_owner is not None and self.drawn is not None):
            out.extend(map(DISCARDS[p].__getitem__, self._discardable(p, list(compress(_KINDS, per_kind)))))
        else:
            out.extend(compress(DISCARDS[p], per_kind))  # every kind in the hand, in kind order
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

    def _claim_options(self, d: int, x: int, final: bool) -> dict[int, list[Action]]:
        """Legal claims of the three other seats on discard x of seat d (rules.md §5, §9): every claim that the
        seat's tiles can make and that no rule forbids (:func:`claims.rule_against`, which :meth:`why_no_claim`
        words). The cheap tile tests come first, since most discards are claimed by nobody."""
        face = self._ftab[x]
        if face < 0:
            return {}  # rule_against says wildcard_claim to every claim of every seat
        o = self.options
        hands, counted, kept = self.hands, self._counted, self._counts
        q1, q2, q3 = OTHERS[d]
        c1 = kept[q1] if counted[q1] is hands[q1] else self._face_counts(q1)[0]
        c2 = kept[q2] if counted[q2] is hands[q2] else self._face_counts(q2)[0]
        c3 = kept[q3] if counted[q3] is hands[q3] else self._face_counts(q3)[0]
        live = self._live  # discard_wins_live() without the call, when its kept answer holds
        winners = (self._may_win_on(d) if (live[2] if live[0] is o and live[1] == self.streak
                                           else self.discard_wins_live()) else ())
        rule = claims.rule_against
        meld_shape = claims.meld_shape_against
        wim = o.wildcard_in_melds
        suited = face < 27
        if (not wim and c1[face] < 2 and c2[face] < 2 and c3[face] < 2
                and (not suited or not run_possible(c1, face))):
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
            run = q == q1 and suited and (wim or run_possible(counts, face))
            if not (meld or run or q in winners):
                continue
            facts = (q, d, face, o, self.dealer, self.streak, self.freeze_owner, final, self.tan[q][d],
                     self.passed_win[q], self.passed_pong[q])
            acts: list[Action] = []
            if q in winners and rule(_T_WIN, *facts) is None and self._win_with(q, x, _W_DISCARD) is not None:
                acts.append(action(q, _T_WIN))
            if meld:
                kind = self._phys[face]  # the one physical kind showing this face
                wild = [t for t in hands[q] if ftab[t] < 0] if wim else []
                if meld_shape(_T_PONG, n, len(wild), wim) is None and rule(_T_PONG, *facts) is None:
                    if n >= 2:
                        acts.append(action(q, _T_PONG, (kind, kind)))
                    if wild:
                        acts.append(action(q, _T_PONG, (kind, wild[0]) if kind <= wild[0] else (wild[0], kind)))
                if meld_shape(_T_EXPOSED_KONG, n, 0, wim) is None and rule(_T_EXPOSED_KONG, *facts) is None:
                    acts.append(action(q, _T_EXPOSED_KONG, (kind, kind, kind)))
            if run and rule(_T_CHOW, *facts) is None:
                acts.extend(self._chow_options(q, x, face))
            if acts:
                acts.append(action(q, _T_PASS))
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
            act = action(q, _T_CHOW, (a, b) if a <= b else (b, a))
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

    def _could_win(self, tiles: list[int], melds: int) -> bool:
        """Cheap test that the tiles form a winning shape, before the full evaluation of the fan."""
        counts, w = self._count(tiles)
        return shape_wins(counts, w, len(tiles), melds)

    def _win_with(self, q: int, x: int, wtype: WinType) -> WinEvaluation | None:
        counts, w = self._face_counts(q)
        f = self._ftab[x]
        n = len(self.hands[q]) + 1
        melds = len(self.melds[q])
        if f < 0:
            shape = shape_wins(counts, w + 1, n, melds)
        else:
            counts[f] += 1
            try:
                shape = shape_wins(counts, w, n, melds)
            finally:
                counts[f] -= 1
        if not shape:
            return None
        return evaluate_win([*self.hands[q], x], melds, x, wtype, self.wildcards,
                            must_baotou=self.options.must_baotou)

    # ------------------------------------------------------------------ applying
