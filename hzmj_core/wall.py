"""The tile set of a hand and the check of a wall order given from outside (rules.md §2)."""

from __future__ import annotations

from collections.abc import Sequence

from .options import Options
from .tiles import COPIES, NUM_KINDS, TILE_NAMES, suit_of


def full_tile_set(options: Options) -> list[int]:
    """The tiles of a set in canonical order (136, or 100 with 缺一门); a new list at every call."""
    removed = options.removed_suit
    tiles = _TILE_SETS.get(removed)
    if tiles is None:
        tiles = _TILE_SETS[removed] = tuple(
            k for k in range(NUM_KINDS) for _ in range(COPIES) if removed is None or suit_of(k) != removed)
    return list(tiles)


_TILE_SETS: dict[int | None, tuple[int, ...]] = {}


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
