"""Look-ahead by sampling what a seat has not seen (determinization), for the expert bot and the 复盘 review.

From a :class:`SeatView` alone, :func:`determinize` deals the tiles the seat cannot see (the others' concealed
tiles, their face-down kongs, the live wall, the burned tiles) at random, consistently with everything public,
and builds a real :class:`~hzmj_core.round.Round` in the same state. :func:`rollout` then plays that round
(or a :meth:`~hzmj_core.round.Round.copy` of it per candidate) forward with a fast policy for all four seats,
so the points come from the engine's own rules and :func:`~hzmj_core.scoring.settle`. Nothing here reads the
true round: a bot using it still decides from its own view only.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..actions import Action, ActionType
from ..analysis import cached_shanten
from ..claims import FINAL_WALL
from ..rng import Rng
from ..round import Phase, Round, chow_ban
from ..tiles import NUM_KINDS, TILE_NAMES, Meld, MeldKind
from ..view import SeatView, tile_totals
from .heuristics import isolation

_TYPES_CLAIM = (ActionType.PONG, ActionType.CHOW, ActionType.EXPOSED_KONG)


def hidden_pool(view: SeatView) -> list[int]:
    """The physical tiles this seat has not seen, as a sorted list of kinds."""
    totals = tile_totals(view.options)
    seen = view.visible_counts()
    return [k for k in range(NUM_KINDS) for _ in range(max(0, totals[k] - seen[k]))]


def _chain_of(view: SeatView, seat: int) -> list[str]:
    """The public part of another seat's chain (§6.4): its 飘s since its last natural discard."""
    out: list[str] = []
    for t, _ in reversed(view.discards[seat]):
        if not view.wildcards.is_wild(t):
            break
        out.append("piao")
    return out


def determinize(view: SeatView, rng: Rng) -> Round:
    """A round in the view's state whose hidden tiles are dealt from what the seat has not seen.

    Works in the discard phase and in a claim window (in a 拉杠 window the view holds too little to rebuild
    the pending kong: ``ValueError``). The other seats have not declared in the window yet.
    """
    if view.phase not in (Phase.ACT, Phase.CLAIM):
        raise ValueError(f"cannot sample a round in phase {view.phase.value}")
    me = view.seat
    pool = hidden_pool(view)
    rng.shuffle(pool)
    hidden_kongs = [(s, i) for s in range(4) for i, m in enumerate(view.melds[s]) if m is None]
    melds: list[list[Meld]] = [[m for m in ms if m is not None] for ms in view.melds]
    if hidden_kongs:
        for s, i in hidden_kongs:
            kinds = sorted({t for t in pool if pool.count(t) >= 4 and not view.wildcards.is_wild(t)})
            k = kinds[rng.below(len(kinds))] if kinds else pool[0]
            for _ in range(4):
                if k in pool:
                    pool.remove(k)
            melds[s].insert(i, Meld(MeldKind.CONCEALED_KONG, (k,) * 4, (view.wildcards.face(k),) * 4))
    hands: list[list[int]] = [[], [], [], []]
    hands[me] = list(view.hand)
    pos = 0
    for s in range(4):
        if s != me:
            n = view.hand_counts[s]
            hands[s] = sorted(pool[pos:pos + n])
            pos += n
    live = pool[pos:pos + view.remaining]
    burned = pool[pos + view.remaining:]
    dealer_first = not any(view.discards) and not any(melds)
    act = view.phase is Phase.ACT
    turn = view.kongs_this_turn() if act else 0
    if not act:
        assert view.claim_tile is not None and view.claim_from is not None
    last = view.last_discard
    # In a claim window nobody has declared yet; every seat's offers are the rules' on the sampled tiles
    # (claim_options=None), the seat's own the same as its view's.
    return Round.from_position(
        view.options,
        dealer=view.dealer,
        streak=view.streak,
        wall=live,
        indicator=view.indicator,
        hands=hands,
        melds=melds,
        discards=view.discards,
        burned=burned,
        phase=view.phase,
        current=view.current if act or view.claim_from is None else view.claim_from,
        may_win=(True if not act else bool(view.may_win) if view.may_win is not None
                 else (view.drawn is not None or dealer_first)),
        drawn=view.drawn if act else None,
        replacement=act and view.drawn is not None and turn > 0,
        dealer_first=dealer_first,
        chow_ban=view.chow_ban if act else (),
        freeze_owner=view.freeze_owner,
        tan=view.tan,
        passed_win=[view.passed_win if s == me else () for s in range(4)],
        passed_pong=[view.passed_pong if s == me else () for s in range(4)],
        chain=[list(view.chain) if s == me else _chain_of(view, s) for s in range(4)],
        turn_kongs=[turn if s == view.current else 0 for s in range(4)],
        has_discarded=[bool(view.discards[s]) for s in range(4)],
        claim_tile=None if act else view.claim_tile,
        claim_from=None if act else view.claim_from,
        claim_final=not act and (view.claim_final or view.remaining <= FINAL_WALL),
        events=() if last is None else ({"type": "discard", "seat": last[0], "tile": TILE_NAMES[last[1]],
                                         "wild": view.wildcards.is_wild(last[1])},),
    )


# ---------------------------------------------------------------------------------------------- fast policy


def _best_discard_face(counts: list[int], w: int, melds: int, faces: Sequence[int]) -> tuple[int, int]:
    """(shanten, face) of the natural discard among ``faces`` that leaves the lowest shanten."""
    best = (99, 99, -1)
    for f in faces:
        counts[f] -= 1
        s = cached_shanten(counts, w, melds)
        counts[f] += 1
        key = (s, isolation(counts, f), f)
        if key < best:
            best = key
    return best[0], best[2]


def fast_action(r: Round, seat: int, ron: bool = True) -> Action:
    """The rollout policy: win whenever allowed (on a discard only with ``ron``), discard for the lowest shanten
    (never a 财神 while a natural tile can go), claim only when the claim lowers the shanten, no kongs.
    Reads the seat's own tiles only."""
    legal = r.legal_actions(seat)
    wc = r.wildcards
    ftab = r.face_table
    pass_action: Action | None = None
    for a in legal:
        if a.type is ActionType.WIN and (ron or r.phase is Phase.ACT):
            return a
        if a.type is ActionType.PASS:
            pass_action = a
    hand = r.hands[seat]
    melds = len(r.melds[seat])
    if r.phase is Phase.ACT:
        discards = [a for a in legal if a.type is ActionType.DISCARD]
        if len(discards) == 1:
            return discards[0]
        counts, w = wc.split(hand)
        by_face = {ftab[a.tile]: a for a in discards if ftab[a.tile] >= 0}
        if not by_face:
            return discards[0]
        _, face = _best_discard_face(counts, w, melds, list(by_face))
        return by_face[face]
    assert pass_action is not None
    claims = [a for a in legal if a.type in _TYPES_CLAIM]
    if not claims or r.claim_tile is None:
        return pass_action
    counts, w = wc.split(hand)
    now = cached_shanten(counts, w, melds)
    best: tuple[int, Action] | None = None
    x = r.claim_tile
    for a in claims:
        c = list(counts)
        ww = w
        for t in a.tiles:
            if ftab[t] < 0:
                ww -= 1
            else:
                c[ftab[t]] -= 1
        if a.type is ActionType.EXPOSED_KONG:
            s = cached_shanten(c, ww, melds + 1)
            if s <= now and best is None:
                best = (s, a)
            continue
        ban: tuple[int, ...] = ()
        if a.type is ActionType.CHOW:
            ban = chow_ban(x, a.tiles, wc)
        faces = [f for f in range(NUM_KINDS) if c[f] > 0 and f not in ban]
        if not faces:
            continue
        s, _ = _best_discard_face(c, ww, melds + 1, faces)
        if s < now and (best is None or s < best[0]):
            best = (s, a)
    return pass_action if best is None else best[1]


def rollout(r: Round, max_steps: int) -> int:
    """Play ``r`` forward with :func:`fast_action` for every seat until the hand ends or ``max_steps``
    actions were applied; returns the number of actions applied."""
    steps = 0
    while r.phase is not Phase.END and steps < max_steps:
        seat = r.deciding_seats()[0]
        r.apply(fast_action(r, seat))
        steps += 1
    return steps


__all__ = ["determinize", "fast_action", "hidden_pool", "rollout"]
