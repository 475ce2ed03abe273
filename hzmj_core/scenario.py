"""Building walls by hand for scenarios, tests, lessons and puzzles.

:func:`build_wall` returns a wall order that deals the given hands, then gives the given front draws and
back (replacement) tiles; every other tile is placed in a seeded shuffle. Use it with
``Round.deal(options, dealer=..., wall=...)`` or in a hand log's ``"wall"``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from .options import Options
from .rng import Rng
from .round import full_tile_set
from .tiles import NUM_KINDS, TILE_NAMES, parse_tiles


class ScenarioError(ValueError):
    """The requested tiles cannot be arranged (too many copies, too many tiles for a seat)."""


def build_wall(
    options: Options | None = None,
    *,
    dealer: int = 0,
    hands: Mapping[int, str | Sequence[int]] | None = None,
    draws: str | Sequence[int] = (),
    back: str | Sequence[int] = (),
    indicator: str | int | None = None,
    seed: int = 0,
) -> list[int]:
    """A wall order dealing ``hands`` (seat → tiles; the dealer may get 13 or 14), then ``draws`` from the
    front in order, and ``back`` from the back in order (first replacement first; with ``kong_burn`` the
    burned tiles are part of this sequence: replacement, burn, replacement, burn...).

    In flipped mode ``indicator`` is the tile turned up (it sits at the very back, before ``back``).
    The other tiles are shuffled with ``seed``.
    """
    opts = options or Options()
    pool = [0] * NUM_KINDS
    for t in full_tile_set(opts):
        pool[t] += 1

    def take(t: int, what: str) -> int:
        if pool[t] <= 0:
            raise ScenarioError(f"{what}: no {TILE_NAMES[t]} left in the tile set")
        pool[t] -= 1
        return t

    def kinds(v: str | Sequence[int]) -> list[int]:
        return parse_tiles(v) if isinstance(v, str) else list(v)

    total = len(full_tile_set(opts))
    slots: list[int | None] = [None] * total
    seat_tiles: dict[int, list[int]] = {s: kinds(v) for s, v in (hands or {}).items()}
    for s, tiles in seat_tiles.items():
        limit = 14 if s == dealer else 13
        if len(tiles) > limit:
            raise ScenarioError(f"seat S{s} gets at most {limit} tiles at the deal, got {len(tiles)}")
    positions: dict[int, list[int]] = {s: [] for s in range(4)}
    pos = 0
    for _ in range(13):
        for i in range(4):
            positions[(dealer + i) % 4].append(pos)
            pos += 1
    positions[dealer].append(pos)
    pos += 1
    for s, tiles in seat_tiles.items():
        for p, t in zip(positions[s], tiles, strict=False):
            slots[p] = take(t, f"hand of S{s}")
    for i, t in enumerate(kinds(draws)):
        slots[pos + i] = take(t, f"draw {i}")
    end = total - 1
    if indicator is not None:
        ind = parse_tiles(indicator)[0] if isinstance(indicator, str) else indicator
        slots[end] = take(ind, "indicator")
        end -= 1
    for i, t in enumerate(kinds(back)):
        if slots[end - i] is not None:
            raise ScenarioError("too many draws and back tiles for the wall")
        slots[end - i] = take(t, f"back tile {i}")
    rest = [k for k in range(NUM_KINDS) for _ in range(pool[k])]
    Rng(seed).shuffle(rest)
    it = iter(rest)
    return [s if s is not None else next(it) for s in slots]
