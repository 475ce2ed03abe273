"""Checks that must hold after every action of a hand (used by ``simulate`` and the property tests)."""

from __future__ import annotations

from itertools import chain

from .round import Phase, Round, full_tile_set
from .tiles import TILE_NAMES
from .view import count_seen


def check(r: Round) -> list[str]:
    """Every violated invariant of ``r``, described in words (empty when all hold)."""
    problems: list[str] = []
    # every tile in sight of someone who sees all hands, then the burned tiles and the live wall
    where = count_seen(chain.from_iterable(r.hands), chain.from_iterable(r.melds), chain.from_iterable(r.discards),
                       r.indicator)
    for t in chain(r.burned, r.wall[r.front:r.back]):
        where[t] += 1
    # In the rob window the robbed tile sits nowhere until the window is resolved.
    if r.phase is Phase.ROB and r.claim_tile is not None:
        where[r.claim_tile] += 1
    full = [0] * 34
    for t in full_tile_set(r.options):
        full[t] += 1
    for k in range(34):
        if where[k] != full[k]:
            problems.append(f"{TILE_NAMES[k]}: {where[k]} tiles accounted for, the set has {full[k]}")
    if r.remaining < 0:
        problems.append(f"the wall count is negative ({r.remaining})")
    for s in range(4):
        size = len(r.hands[s]) + 3 * len(r.melds[s])
        acting = r.phase is Phase.ACT and r.current == s
        winner = r.result is not None and r.result.winner == s
        rob_konger = r.phase is Phase.ROB and r.claim_from == s
        want = 14 if (acting or winner) else 13
        if rob_konger:
            want = 13
        if size != want:
            problems.append(f"S{s} holds {size} tiles counting melds as 3, expected {want}")
    # A discard in the act phase relies on this: it opens a claim window without clearing an old one.
    if r.phase is Phase.ACT and (r.claim_tile is not None or r.claim_from is not None or r.claim_options
                                 or r.declarations or r.claim_final or r.rob_meld_index is not None):
        problems.append("a claim window is still open in the act phase")
    if r.result is not None and r.result.settlement is not None and sum(r.result.deltas) != 0:
        problems.append(f"payments do not sum to zero: {r.result.deltas}")
    if not r.is_over and not r.legal_actions():
        problems.append("the hand is not over but nobody has a legal action")
    return problems
