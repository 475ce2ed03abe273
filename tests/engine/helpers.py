"""Small helpers for driving the real state machine through hand-built scenarios (rules.md §14 style).

A scenario fixes some seats' hands, the front draws in order and the back tiles (replacement, burn, ...);
every other tile comes from a seeded shuffle, so a scenario is deterministic. Seats whose hands are not
given may happen to have claims on a discard; :func:`act` passes such claim windows automatically so that
a test can be written as the sequence of actions of its example.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from hzmj_core.actions import Action, ActionType
from hzmj_core.options import Options
from hzmj_core.round import Phase, Round
from hzmj_core.scenario import build_wall
from hzmj_core.tiles import TILE_NAMES, parse_tiles

ACT_TYPES = {ActionType.DISCARD, ActionType.CONCEALED_KONG, ActionType.ADDED_KONG}

# Tiles used to pad draws that do not matter for an example (never a fixed-mode wildcard).
_JUNK_ORDER = "9m 1p 9p 1s S W N F 5m 8p 2s C 6m 3p 7m 2p"


def opts(**changes: object) -> Options:
    """Default options with some changed."""
    return Options().replace(**changes)


def junk(n: int, *used: str, avoid: str = "") -> str:
    """``n`` filler tiles (as notation) that keep every kind within 4 copies given the ``used`` tiles."""
    count = [0] * 34
    for text in used:
        for t in parse_tiles(text):
            count[t] += 1
    for t in parse_tiles(avoid):
        count[t] = 4
    out: list[str] = []
    order = parse_tiles(_JUNK_ORDER)
    i = 0
    while len(out) < n:
        t = order[i % len(order)]
        i += 1
        if count[t] < 4:
            count[t] += 1
            out.append(TILE_NAMES[t])
        if i > 100 * len(order):
            raise ValueError("no junk tiles left")
    return " ".join(out)


def scenario(
    hands: Mapping[int, str],
    draws: str = "",
    back: str = "",
    *,
    dealer: int = 0,
    streak: int = 1,
    options: Options | None = None,
    indicator: str | None = None,
    seed: int = 0,
) -> Round:
    """Deal a hand from an explicit wall built with :func:`hzmj_core.scenario.build_wall`."""
    o = options or Options()
    wall = build_wall(o, dealer=dealer, hands=dict(hands), draws=draws, back=back, indicator=indicator, seed=seed)
    return Round.deal(o, dealer=dealer, streak=streak, wall=wall)


def legal(r: Round, seat: int | None = None) -> set[str]:
    """Text of the legal actions (of one seat or of all deciding seats)."""
    return {str(a) for a in r.legal_actions(seat)}


def legal_types(r: Round, seat: int) -> set[ActionType]:
    """Types of the legal actions of one seat."""
    return {a.type for a in r.legal_actions(seat)}


def discard_faces(r: Round, seat: int) -> set[str]:
    """Tiles the seat may discard now."""
    return {TILE_NAMES[a.tile] for a in r.legal_actions(seat) if a.type is ActionType.DISCARD}


def pass_claims(r: Round, keep: Iterable[int] = ()) -> None:
    """Every seat deciding in a claim/rob window (except ``keep``) passes until the window closes."""
    keep = set(keep)
    while r.phase in (Phase.CLAIM, Phase.ROB):
        seats = [s for s in r.deciding_seats() if s not in keep]
        if not seats:
            return
        r.apply(Action(seats[0], ActionType.PASS))


def act(r: Round, text: str) -> None:
    """Apply one action given as text; open claim windows the action does not belong to are passed first."""
    a = Action.parse(text)
    while r.phase in (Phase.CLAIM, Phase.ROB) and (a.type in ACT_TYPES or a.seat not in r.deciding_seats()):
        seat = r.deciding_seats()[0]
        r.apply(Action(seat, ActionType.PASS))
    r.apply(a)


def play(r: Round, *texts: str) -> None:
    """Apply several actions (see :func:`act`)."""
    for t in texts:
        act(r, t)


def discard_drawn(r: Round, seat: int | None = None) -> str:
    """Pass any open claim window, then the current player discards the tile just drawn."""
    pass_claims(r)
    assert r.phase is Phase.ACT, r.phase
    if seat is not None:
        assert r.current == seat, f"expected S{seat} to act, it is S{r.current}"
    if r.drawn is None:  # the dealer's first turn: no drawn tile, discard any natural tile
        return discard_any(r, r.current)
    text = f"S{r.current} discard {TILE_NAMES[r.drawn]}"
    r.apply(Action.parse(text))
    return text


def lap(r: Round, *seats: int) -> None:
    """Each of ``seats`` in turn discards the tile it has just drawn (claim windows passed)."""
    for s in seats:
        discard_drawn(r, s)


def drawn_name(r: Round) -> str | None:
    """Notation of the current player's drawn tile."""
    return None if r.drawn is None else TILE_NAMES[r.drawn]


def discard_any(r: Round, seat: int, avoid: str = "") -> str:
    """Pass open claims; ``seat`` (to act) discards its lowest natural tile whose face is not in ``avoid``."""
    pass_claims(r)
    assert r.phase is Phase.ACT and r.current == seat, (r.phase, r.current)
    bad = set(parse_tiles(avoid))
    for a in r.legal_actions(seat):
        if a.type is ActionType.DISCARD and not r.wildcards.is_wild(a.tile) and a.tile not in bad:
            r.apply(a)
            return str(a)
    raise AssertionError(f"S{seat} has no discard outside {avoid!r}")
