"""A won hand laid out as its sets and pair, with the face each wildcard stood for (for result screens).

:func:`split_win` takes the winner's concealed tiles and the evaluation's form and returns groups of
``(tile, face)`` pairs: ``tile`` is the physical kind, ``face`` the kind it counts as (a wildcard's chosen
face; a flipped-mode 白板 stand-in's face is the indicator's kind; any other tile is itself). It agrees with
the evaluation: a 七对 win is split into pairs, and a 暴头 win pairs the winning tile with a wildcard.
Among the splits it prefers the one that spends the fewest wildcards on sets (naturals first).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .tiles import NUM_KINDS, TILE_NAMES, Wildcards, is_honor, rank_of

Group = tuple[tuple[int, int], ...]
"""One set or pair: ``(tile, face)`` per tile."""


@dataclass(frozen=True, slots=True)
class WinSplit:
    """The winning hand's concealed part as groups; ``winning`` indexes the winning tile (group, position)."""

    groups: tuple[Group, ...]
    winning: tuple[int, int] | None

    def to_json(self) -> dict[str, object]:
        """JSON-ready form: ``{"groups": [[{"tile": "P", "face": "3m"}, ...], ...], "winning": [g, i] | null}``."""
        return {
            "groups": [[{"tile": TILE_NAMES[t], "face": TILE_NAMES[f]} for t, f in g] for g in self.groups],
            "winning": None if self.winning is None else list(self.winning),
        }


def split_win(concealed: Sequence[int], wildcards: Wildcards, form: str, winning_tile: int | None = None,
              baotou: bool = False) -> WinSplit | None:
    """Split a winning concealed hand (including the winning tile) into sets and a pair, or seven pairs.

    Returns ``None`` if the tiles are not a win of that ``form`` (``"standard"`` or ``"seven_pairs"``).
    """
    naturals = [0] * NUM_KINDS
    stand_ins = [0] * NUM_KINDS  # naturals of each face that are physically another kind (白板 stand-ins)
    wild = 0
    for k in concealed:
        if wildcards.is_wild(k):
            wild += 1
        else:
            f = wildcards.face(k)
            naturals[f] += 1
            if f != k:
                stand_ins[f] += 1
    wk = wildcards.wild_kind
    faces: list[list[int]] | None
    if form == "seven_pairs":
        faces = _pairs(naturals, wild, wk)
    else:
        faces = None
        if baotou and winning_tile is not None:
            # 暴头: the pair is the winning tile and a wildcard standing for it (two wildcards if it was one)
            win_face = wildcards.face(winning_tile)
            if wildcards.is_wild(winning_tile) and wild >= 2:
                rest = _sets(naturals, wild - 2, wk)
                faces = None if rest is None else [[-1, -1], *rest]
            elif not wildcards.is_wild(winning_tile) and wild >= 1 and naturals[win_face] >= 1:
                naturals[win_face] -= 1
                rest = _sets(naturals, wild - 1, wk)
                naturals[win_face] += 1
                faces = None if rest is None else [[win_face, -win_face - 2], *rest]
        if faces is None:
            faces = _standard(naturals, wild, wk)
    if faces is None:
        return None
    return _physical(faces, stand_ins, wildcards, winning_tile)


def _physical(faces: list[list[int]], stand_ins: list[int], wildcards: Wildcards,
              winning_tile: int | None) -> WinSplit:
    """Turn face groups into (tile, face) groups: -1 is a free wildcard, -f-2 a wildcard standing for f."""
    wk = wildcards.wild_kind
    left = list(stand_ins)
    groups: list[Group] = []
    for g in faces:
        out = []
        for f in g:
            if f == -1:
                out.append((wk, wk))
            elif f < -1:
                out.append((wk, -f - 2))
            elif left[f]:
                left[f] -= 1
                out.append((33, f))  # only the white dragon stands in for another face (rules.md §1.3)
            else:
                out.append((f, f))
        groups.append(tuple(out))
    winning = None
    if winning_tile is not None:
        # the winning tile: a wildcard if it was one, else a tile of its face (the pair of a 暴头 first)
        for gi, group in enumerate(groups):
            for ti, (tile, face) in enumerate(group):
                if tile == winning_tile and (wildcards.is_wild(tile) or face == wildcards.face(winning_tile)):
                    winning = (gi, ti)
                    break
            if winning:
                break
    return WinSplit(tuple(groups), winning)


def _pairs(naturals: list[int], wild: int, wk: int) -> list[list[int]] | None:
    out: list[list[int]] = []
    for f in range(NUM_KINDS):
        c = naturals[f]
        out.extend([[f, f]] * (c // 2))
        if c % 2:
            if not wild:
                return None
            wild -= 1
            out.append([f, -f - 2])
    if wild % 2:
        return None
    out.extend([[-1, -1]] * (wild // 2))
    return out if len(out) == 7 else None


def _standard(naturals: list[int], wild: int, wk: int) -> list[list[int]] | None:
    """A pair and sets: try each pair (naturals first, then with wildcards), the rest as sets."""
    options: list[tuple[int, int]] = []  # (wildcards used, face)
    for f in range(NUM_KINDS):
        if naturals[f] >= 2:
            options.append((0, f))
    for f in range(NUM_KINDS):
        if naturals[f] == 1 or (naturals[f] >= 1 and wild):
            options.append((1, f))
    if wild >= 2:
        options.append((2, -1))
    best: list[list[int]] | None = None
    best_cost = 99
    for cost, f in sorted(options):
        if cost > wild or cost >= best_cost:
            continue
        if f >= 0:
            take = 2 - cost
            if naturals[f] < take:
                continue
            naturals[f] -= take
            rest = _sets(naturals, wild - cost, wk)
            naturals[f] += take
            pair = [f] * take + [-f - 2] * cost
        else:
            rest = _sets(naturals, wild - 2, wk)
            pair = [-1, -1]
        if rest is not None:
            spent = cost + sum(1 for g in rest for x in g if x < -1)
            if spent < best_cost or best is None:
                best, best_cost = [pair, *rest], spent
    return best


def _sets(naturals: list[int], wild: int, wk: int) -> list[list[int]] | None:
    """All naturals as pongs and chows with the wildcards filling gaps (fewest wildcards spent), or None."""
    f = next((i for i in range(NUM_KINDS) if naturals[i]), -1)
    if f < 0:
        if wild % 3:
            return None
        return [[-1, -1, -1]] * (wild // 3)
    best: list[list[int]] | None = None
    best_spent = 99
    candidates: list[list[int]] = []
    c = min(naturals[f], 3)
    candidates.append([f] * c + [-f - 2] * (3 - c))
    if c >= 2:
        candidates.append([f, f, -f - 2])
    candidates.append([f, -f - 2, -f - 2])
    if not is_honor(f):
        r = rank_of(f)
        for start in (f - 2, f - 1, f):
            if start < 0 or start // 9 != f // 9 or rank_of(start) > 7 or r - rank_of(start) > 2:
                continue
            run = [start, start + 1, start + 2]
            candidates.append([x if (x == f or naturals[x] > 0) else -x - 2 for x in run])
    seen = set()
    for g in candidates:
        key = tuple(g)
        if key in seen:
            continue
        seen.add(key)
        need_w = sum(1 for x in g if x < 0)
        if need_w > wild:
            continue
        used = [x for x in g if x >= 0]
        if any(naturals[x] < used.count(x) for x in used):
            continue
        for x in used:
            naturals[x] -= 1
        rest = _sets(naturals, wild - need_w, wk)
        for x in used:
            naturals[x] += 1
        if rest is not None:
            spent = need_w + sum(1 for h in rest for x in h if x < -1)
            if spent < best_spent:
                best, best_spent = [g, *rest], spent
                if spent == 0:
                    break
    return best
