"""What one seat may know (RULES-conform observations), as plain JSON-ready data.

A view holds the seat's own concealed tiles, everybody's melds (others' concealed kongs face down),
every discard river in order, the wall count, the wildcard (and indicator), dealer and streak, 摊 counts,
the 抓打 freeze and the seat's legal actions. It never contains another player's concealed tiles or the
wall order. The browser page and the bots consume exactly this.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from .hand import waits as hand_waits
from .round import FINAL_WALL, Phase, Round
from .tiles import NUM_KINDS, TILE_NAMES, MeldKind, P, Wildcards


def seen_counts(r: Round, seat: int) -> list[int]:
    """Physical tiles of each kind that ``seat`` can see: own hand, open melds, discards, the indicator."""
    seen = [0] * NUM_KINDS
    for t in r.hands[seat]:
        seen[t] += 1
    for s in range(4):
        for m in r.melds[s]:
            if m.kind is MeldKind.CONCEALED_KONG and s != seat:
                continue
            for t in m.tiles:
                seen[t] += 1
        for t, by in r.discards[s]:
            if by is None:
                seen[t] += 1
    if r.indicator is not None:
        seen[r.indicator] += 1
    return seen


def unseen_of_face(face: int, seen: Sequence[int], wildcards: Wildcards, total: Sequence[int]) -> int:
    """Natural tiles of a face not yet seen (the count a waiting player can still draw or win on)."""
    return sum(total[k] - seen[k] for k in wildcards.tiles_of_face(face))


def tile_totals(r: Round) -> list[int]:
    """Copies of each physical kind in this hand's tile set."""
    totals = [0] * NUM_KINDS
    for t in r.wall:
        totals[t] += 1
    return totals


def wait_list(r: Round, seat: int, concealed: Sequence[int] | None = None) -> list[dict[str, Any]]:
    """Winning faces of a ready (3n+1-tile) hand with the unseen count of each, from ``seat``'s view."""
    tiles = r.hands[seat] if concealed is None else concealed
    counts, w = r.wildcards.split(tiles)
    if (sum(counts) + w) % 3 != 1:
        return []
    faces = hand_waits(counts, w, len(r.melds[seat]))
    seen = seen_counts(r, seat)
    totals = tile_totals(r)
    return [{"tile": TILE_NAMES[f], "remaining": unseen_of_face(f, seen, r.wildcards, totals)} for f in faces]


def observation(r: Round, seat: int, points: Sequence[int] | None = None) -> dict[str, Any]:
    """The JSON-ready view of ``seat``; ``points`` (from a match) are included when given."""
    wc = r.wildcards
    names = TILE_NAMES
    players = []
    for s in range(4):
        melds = []
        for m in r.melds[s]:
            data = m.to_json()
            if m.kind is MeldKind.CONCEALED_KONG and s != seat and not r.is_over:
                data = {"kind": "concealed_kong", "tiles": [None] * 4, "faces": [None] * 4, "claimed": None,
                        "from": None}
            melds.append(data)
        players.append({
            "seat": s,
            "is_dealer": s == r.dealer,
            "hand_count": len(r.hands[s]),
            "melds": melds,
            "discards": [{"tile": names[t], "claimed_by": by, "wild": wc.is_wild(t)} for t, by in r.discards[s]],
            "tan_from": [r.tan[s][b] for b in range(4)],
            "freeze_bound": r.freeze_binds(s),
            "points": None if points is None else points[s],
        })
    last = None
    for ev in reversed(r.events):
        if ev["type"] == "discard":
            last = {"seat": ev["seat"], "tile": ev["tile"], "wild": ev["wild"]}
            break
    own_drawn = r.drawn if (r.phase is Phase.ACT and r.current == seat) else None
    view: dict[str, Any] = {
        "seat": seat,
        "phase": r.phase.value,
        "current": r.current,
        "dealer": r.dealer,
        "streak": r.streak,
        "wall_remaining": r.remaining,
        "final": r.remaining <= FINAL_WALL,
        "wildcard": {
            "mode": wc.mode.value,
            "tile": names[wc.wild_kind],
            "indicator": None if r.indicator is None else names[r.indicator],
            "stand_in": names[P] if r.indicator is not None and r.indicator != P else None,
        },
        "hand": [names[t] for t in sorted(r.hands[seat])],
        "drawn": None if own_drawn is None else names[own_drawn],
        "may_win": r.may_win if r.current == seat else None,
        "chow_ban": [names[t] for t in r.chow_ban] if r.current == seat else [],
        "players": players,
        "tan": [list(row) for row in r.tan],
        "freeze": {"owner": r.freeze_owner, "subject": r.options.zhuada_subject,
                   "binds": [s for s in range(4) if r.freeze_binds(s)]},
        "discard_wins_live": r.discard_wins_live(),
        "last_discard": last,
        "claim": None if r.phase not in (Phase.CLAIM, Phase.ROB) else {
            "tile": None if r.claim_tile is None else names[r.claim_tile],
            "from": r.claim_from, "final": r.claim_final, "rob": r.phase is Phase.ROB,
            # Only the viewer's own pending decision: which other seats hold a claim would reveal
            # something about their concealed tiles.
            "waiting_for": [seat] if seat in r.claim_options and seat not in r.declarations else [],
        },
        "legal_actions": [a.to_json() for a in r.legal_actions(seat)],
        "passed_win": sorted(names[t] for t in r.passed_win[seat]),
        "passed_pong": sorted(names[t] for t in r.passed_pong[seat]),
        "chain": list(r.chain[seat]),
        "result": None if r.result is None else r.result.to_json(),
        "event_count": len(r.events),
        "options": r.options.to_json(),
    }
    return view

