"""Hand analysis with wildcards: win forms, 暴头/七客 states, shanten, waits (rules.md §6, §6.6).

Every function takes the concealed hand as *natural-face counts* (34 ints, each 0..4, indexed by face,
see :meth:`hzmj_core.tiles.Wildcards.split`) plus ``w``, the number of wildcards, which may stand for any
face (rules.md §4.1). The number of sets still needed in the concealed part is derived from the tile count
(3n+1 or 3n+2 tiles), so these functions also work for hands with declared melds; ``melds`` is only used
to forbid seven pairs (which needs k = 0).

How it is fast: the hand is cut into four independent *groups* (the three suits and the honours). A group's
counts, as ``bytes``, are the key of a lazily filled memo table whose entry says how the group can be
covered by *blocks*: for s = 0..4 set-blocks and p = 0/1 pair-block, the largest number of the group's
natural tiles that fit, where a set-block holds a sub-multiset of one chow or pong and a pair-block one or
two tiles of one face. Missing positions of blocks are where wildcards (or future draws) go. From that
vector follow the wildcards a group needs to become sets (or sets and the pair), which decide wins with a
few additions, and the shanten number, by a tiny DP over the four groups.

Copy limits are ignored: a face of which the hand holds four natural tiles still counts as a wait or an
improving tile (a wildcard may represent it; whether a fifth natural tile exists is the caller's concern).
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = [
    "baotou_state",
    "improving_tiles",
    "is_seven_pairs",
    "is_standard_win",
    "is_win",
    "qike_state",
    "run_possible",
    "seven_pairs_shanten",
    "shanten",
    "shape_wins",
    "standard_shanten",
    "waits",
    "win_forms",
]

_MAX_SETS = 4
_NO = 99
"""Wildcards needed when no number of blocks up to four can hold a group (only for over-full hands)."""

_Entry = tuple[int, int, tuple[int, ...]]
"""(need0, need1 - need0, vec): wildcards to make the group sets only; extra wildcards if it also holds
the pair; vec[2*s + p] = natural tiles usable with at most s set-blocks and at most p pair-blocks."""

_SUIT: dict[bytes, _Entry] = {}
_HONOR: dict[bytes, _Entry] = {}
_VEC_SUIT: dict[bytes, tuple[int, ...]] = {}
_VEC_HONOR: dict[bytes, tuple[int, ...]] = {}
_ZERO_VEC = (0,) * (2 * _MAX_SETS + 2)


def _vec(key: bytes, chows: bool, memo: dict[bytes, tuple[int, ...]]) -> tuple[int, ...]:
    """Block vector of one group (see :data:`_Entry`), by recursion on its lowest tile."""
    got = memo.get(key)
    if got is not None:
        return got
    c = bytearray(key)
    i = 0
    size = len(c)
    while i < size and c[i] == 0:
        i += 1
    if i == size:
        memo[key] = _ZERO_VEC
        return _ZERO_VEC
    # Options for the lowest tile i: (set-blocks used, pair-blocks used, naturals placed, faces removed).
    options: list[tuple[int, int, int, tuple[int, ...]]] = []
    ci = c[i]
    for j in range(1, min(ci, 3) + 1):
        options.append((1, 0, j, (i,) * j))
    for j in range(1, min(ci, 2) + 1):
        options.append((0, 1, j, (i,) * j))
    if chows:
        has1 = i + 1 < size and c[i + 1] > 0
        has2 = i + 2 < size and c[i + 2] > 0
        if has1:
            options.append((1, 0, 2, (i, i + 1)))
        if has2:
            options.append((1, 0, 2, (i, i + 2)))
        if has1 and has2:
            options.append((1, 0, 3, (i, i + 1, i + 2)))
    c[i] -= 1
    best = list(_vec(bytes(c), chows, memo))  # tile i left out of every block
    c[i] += 1
    for ds, dp, gain, removed in options:
        for f in removed:
            c[f] -= 1
        sub = _vec(bytes(c), chows, memo)
        for f in removed:
            c[f] += 1
        for s in range(ds, _MAX_SETS + 1):
            for p in range(dp, 2):
                v = gain + sub[2 * (s - ds) + p - dp]
                if v > best[2 * s + p]:
                    best[2 * s + p] = v
    result = tuple(best)
    memo[key] = result
    return result


def _entry_from_vec(n_tiles: int, vec: tuple[int, ...]) -> _Entry:
    need0 = need1 = _NO
    for s in range(_MAX_SETS + 1):
        if need0 == _NO and vec[2 * s] == n_tiles:
            need0 = 3 * s - n_tiles
        if need1 == _NO and vec[2 * s + 1] == n_tiles:
            need1 = 3 * s + 2 - n_tiles
    return need0, need1 - need0, vec


def _suit_entry(key: bytes) -> _Entry:
    e = _entry_from_vec(sum(key), _vec(key, True, _VEC_SUIT))
    _SUIT[key] = e
    return e


def _honor_entry(key: bytes) -> _Entry:
    e = _entry_from_vec(sum(key), _vec(key, False, _VEC_HONOR))
    _HONOR[key] = e
    return e


def _entries(counts: Sequence[int]) -> tuple[_Entry, _Entry, _Entry, _Entry]:
    b = bytes(counts)
    k0 = b[0:9]
    k1 = b[9:18]
    k2 = b[18:27]
    k3 = b[27:34]
    return (
        _SUIT.get(k0) or _suit_entry(k0),
        _SUIT.get(k1) or _suit_entry(k1),
        _SUIT.get(k2) or _suit_entry(k2),
        _HONOR.get(k3) or _honor_entry(k3),
    )


def _entries_plus_one(raw: bytes, g: int) -> list[_Entry]:
    """Group g's memo entry with one more tile of each of its faces, in face order (for waits and useful tiles)."""
    lo = 9 * g
    key = bytearray(raw[lo : 34 if g == 3 else lo + 9])
    table = _HONOR if g == 3 else _SUIT
    make = _honor_entry if g == 3 else _suit_entry
    out = []
    for x in range(len(key)):
        key[x] += 1
        k = bytes(key)
        key[x] -= 1
        out.append(table.get(k) or make(k))
    return out


def _needs(e: tuple[_Entry, _Entry, _Entry, _Entry]) -> tuple[int, int]:
    """Wildcards needed for sets only, and for sets plus the pair."""
    a, b, c, d = e
    sets = a[0] + b[0] + c[0] + d[0]
    return sets, sets + min(a[1], b[1], c[1], d[1])


def is_standard_win(counts: Sequence[int], w: int) -> bool:
    """True if the tiles (3n+2 of them) split into n sets and one pair, wildcards taking any face (§6.2)."""
    # An honour face with one or four natural tiles needs a wildcard of its own (honours form only pairs
    # and pongs), and most hands that are not wins hold more of them than wildcards: reject those first.
    h = counts[27:34]
    if w == 0:
        # Without wildcards the test below passes only if every tile is in a set or the pair: 3n+2 tiles.
        if 1 in h or 4 in h:
            return False
    elif h.count(1) + h.count(4) > w or (sum(counts) + w) % 3 != 2:
        return False
    b = bytes(counts)
    # Groups are added one at a time with early exits: a group needs at least min(need0, need1)
    # wildcards whichever group holds the pair, and most random hands fail on the first groups.
    k = b[27:34]
    e3 = _HONOR.get(k) or _honor_entry(k)
    need = e3[0]
    if need + min(e3[1], 0) > w:
        return False
    k = b[0:9]
    e0 = _SUIT.get(k) or _suit_entry(k)
    need += e0[0]
    if need + min(e3[1], e0[1], 0) > w:
        return False
    k = b[9:18]
    e1 = _SUIT.get(k) or _suit_entry(k)
    need += e1[0]
    if need + min(e3[1], e0[1], e1[1], 0) > w:
        return False
    k = b[18:27]
    e2 = _SUIT.get(k) or _suit_entry(k)
    return need + e2[0] + min(e0[1], e1[1], e2[1], e3[1]) <= w


def _odd_faces(counts: Sequence[int]) -> int:
    return sum(c & 1 for c in counts)


def is_seven_pairs(counts: Sequence[int], w: int) -> bool:
    """True for 14 tiles that form seven pairs: faces with an odd natural count ≤ wildcards (§6.2).

    Four natural tiles of one face count as two pairs. Melds are the caller's concern (see :func:`win_forms`).
    """
    return sum(counts) + w == 14 and _odd_faces(counts) <= w


def win_forms(counts: Sequence[int], w: int, melds: int) -> frozenset[str]:
    """The winning forms the concealed tiles allow: a subset of ``{"standard", "seven_pairs"}``.

    ``melds`` is the number k of declared melds; seven pairs needs k = 0.
    """
    forms: list[str] = []
    if is_standard_win(counts, w):
        forms.append("standard")
    if melds == 0 and is_seven_pairs(counts, w):
        forms.append("seven_pairs")
    return frozenset(forms)


def is_win(counts: Sequence[int], w: int, melds: int) -> bool:
    """True if the concealed tiles are a winning hand in some form (§6.2)."""
    return is_standard_win(counts, w) or (melds == 0 and is_seven_pairs(counts, w))


def baotou_state(counts: Sequence[int], w: int) -> bool:
    """暴头 state of a pre-draw hand of 3n+1 tiles: a wildcard, and the rest is n sets (§6.3)."""
    if w < 1 or (sum(counts) + w) % 3 != 1:
        return False
    return _needs(_entries(counts))[0] <= w - 1


def qike_state(counts: Sequence[int], w: int, melds: int) -> bool:
    """七客 state of a pre-draw hand: no melds, 13 tiles, wildcards > faces with an odd count (§6.3)."""
    return melds == 0 and sum(counts) + w == 13 and w > _odd_faces(counts)


def _merge(acc0: list[int], acc1: list[int], v: tuple[int, ...], n: int, lo: int = 0) -> tuple[list[int], list[int]]:
    """Add one group's block vector ``v`` to the accumulators (a max-plus convolution over set-blocks).

    acc0[s] / acc1[s]: most naturals with at most s set-blocks, without / with the pair-block. Only entries
    s >= ``lo`` are computed (the last group of a sum needs just s = n).
    """
    new0 = acc0[:]
    new1 = acc1[:]
    for s in range(lo, n + 1):
        b0 = new0[s]
        b1 = new1[s]
        for i in range(s + 1):
            j = 2 * (s - i)
            x0 = acc0[i]
            y0 = v[j]
            t = x0 + y0
            if t > b0:
                b0 = t
            t = acc1[i] + y0
            if t > b1:
                b1 = t
            t = x0 + v[j + 1]
            if t > b1:
                b1 = t
        new0[s] = b0
        new1[s] = b1
    return new0, new1


def _max_used(e: Sequence[_Entry], n: int) -> int:
    """Most natural tiles that fit in at most n set-blocks and one pair-block over the four groups."""
    v = e[0][2]
    acc0 = [v[2 * s] for s in range(n + 1)]
    acc1 = [v[2 * s + 1] for s in range(n + 1)]
    last = len(e) - 1
    for gi in range(1, last + 1):
        v = e[gi][2]
        if v is not _ZERO_VEC:
            acc0, acc1 = _merge(acc0, acc1, v, n, n if gi == last else 0)
    return acc1[n]


def standard_shanten(counts: Sequence[int], w: int) -> int:
    """Shanten of the standard form for a hand of 3n+1 or 3n+2 tiles; −1 means complete.

    Equal to (free positions in the best choice of n set-blocks and a pair-block, after the wildcards)
    minus one.
    """
    total = sum(counts) + w
    if total % 3 == 0:
        raise ValueError(f"a hand has 3n+1 or 3n+2 tiles, not {total}")
    n = (total - 1) // 3
    used = _max_used(_entries(counts), n)
    return 3 * n + 1 - used - w


def seven_pairs_shanten(counts: Sequence[int], w: int) -> int:
    """Shanten of seven pairs for a 13- or 14-tile hand: 6 − pairs that can be formed with the wildcards."""
    pairs = 0
    odd = 0
    for c in counts:
        pairs += c >> 1
        odd += c & 1
    return _seven_pairs_left(pairs, odd, w)


def _seven_pairs_left(pairs: int, odd: int, w: int) -> int:
    """Seven-pairs shanten from the natural pairs, the faces held an odd number of times and the wildcards."""
    return 6 - min(pairs + min(w, odd) + max(0, w - odd) // 2, 7)


def shanten(counts: Sequence[int], w: int, melds: int) -> int:
    """Tiles away from ready (0) for a hand of 3n+1 or 3n+2 tiles; −1 means a complete win.

    The minimum of the standard form and, when ``melds == 0`` and the hand has 13 or 14 tiles,
    seven pairs.
    """
    std = standard_shanten(counts, w)
    if melds == 0 and sum(counts) + w in (13, 14):
        return min(std, seven_pairs_shanten(counts, w))
    return std


def waits(counts: Sequence[int], w: int, melds: int) -> list[int]:
    """Faces (0..33, ascending) that complete a 3n+1 hand, in the standard form or as seven pairs.

    In 暴头 or 七客 state every face wins.
    """
    total = sum(counts) + w
    if total % 3 != 1:
        raise ValueError(f"waits() needs a 3n+1-tile hand, not {total} tiles")
    if baotou_state(counts, w) or qike_state(counts, w, melds):
        return list(range(34))
    seven = melds == 0 and total == 13
    odd = _odd_faces(counts) if seven else 0
    e = list(_entries(counts))
    raw = bytes(counts)
    out: list[int] = []
    for g in range(4):
        saved = e[g]
        for f, ent in enumerate(_entries_plus_one(raw, g), 9 * g):
            e[g] = ent
            a, b, cc, d = e
            if a[0] + b[0] + cc[0] + d[0] + min(a[1], b[1], cc[1], d[1]) <= w or (
                seven and odd + (-1 if counts[f] & 1 else 1) <= w
            ):
                out.append(f)
        e[g] = saved
    return out


def _accumulate(acc: tuple[list[int], list[int]], v: tuple[int, ...], n: int) -> tuple[list[int], list[int]]:
    """``acc`` with one more group's block vector ``v`` merged in (unchanged for an empty group)."""
    if v is _ZERO_VEC:
        return acc
    return _merge(acc[0], acc[1], v, n)


def _join(a: tuple[list[int], list[int]], b: tuple[list[int], list[int]], n: int) -> tuple[list[int], list[int]]:
    """Two accumulators over disjoint groups joined into one over all their groups: ``b`` read as one group's
    block vector (interleaved without / with the pair) and merged into ``a``."""
    v = tuple(x for pair in zip(b[0], b[1], strict=True) for x in pair)
    return _merge(a[0], a[1], v, n)


def _combine_all_but_each(e: Sequence[_Entry], n: int) -> list[tuple[list[int], list[int]]]:
    """For each group g, the best naturals with at most s set-blocks (s = 0..n), without / with the pair, over
    the other three groups: prefix and suffix sums joined, so each merge is done once rather than per group."""
    empty = ([0] * (n + 1), [0] * (n + 1))
    prefix = [empty]
    for g in range(3):
        prefix.append(_accumulate(prefix[-1], e[g][2], n))
    suffix = [empty]
    for g in range(3, 0, -1):
        suffix.append(_accumulate(suffix[-1], e[g][2], n))
    suffix.reverse()  # suffix[g] covers the groups after g
    out = []
    for g in range(4):
        if g == 0:
            out.append(suffix[0])
        elif g == 3:
            out.append(prefix[3])
        else:
            out.append(_join(prefix[g], suffix[g], n))
    return out


def improving_tiles(counts: Sequence[int], w: int, melds: int) -> list[int]:
    """Faces (ascending) whose draw lowers the shanten of a 3n+1 hand (有效牌, ukeire faces)."""
    total = sum(counts) + w
    if total % 3 != 1:
        raise ValueError(f"improving_tiles() needs a 3n+1-tile hand, not {total} tiles")
    n = (total - 1) // 3
    seven = melds == 0 and total == 13
    e = _entries(counts)
    base = 3 * n + 1 - _max_used(e, n) - w
    pairs = odd = 0
    if seven:
        for c in counts:
            pairs += c >> 1
            odd += c & 1
        base = min(base, _seven_pairs_left(pairs, odd, w))
    # A drawn face improves the standard form when the naturals placed reach ``goal``: s = 3n+1 - used - w < base.
    goal = 3 * n + 2 - w - base
    out: list[int] = []
    rest = _combine_all_but_each(e, n)
    raw = bytes(counts)
    for g in range(4):
        acc0, acc1 = rest[g]
        for f, ent in enumerate(_entries_plus_one(raw, g), 9 * g):
            v = ent[2]
            better = False
            for i in range(n + 1):
                j = 2 * (n - i)
                if acc1[i] + v[j] >= goal or acc0[i] + v[j + 1] >= goal:
                    better = True
                    break
            if not better and seven:
                # seven pairs after the draw: an odd face becomes a pair, an even one one more single
                if counts[f] & 1:
                    p2, o2 = pairs + 1, odd - 1
                else:
                    p2, o2 = pairs, odd + 1
                better = _seven_pairs_left(p2, o2, w) < base
            if better:
                out.append(f)
    return out


def table_sizes() -> dict[str, int]:
    """Number of memoised group entries so far (for benchmarks and diagnostics)."""
    return {
        "suit": len(_SUIT), "honor": len(_HONOR), "suit_vec": len(_VEC_SUIT), "honor_vec": len(_VEC_HONOR),
    }


def run_possible(counts: Sequence[int], face: int) -> bool:
    """True if natural tiles of the counts make a run with a suited face (a quick test before the chows)."""
    rank = face % 9
    left1 = rank >= 1 and counts[face - 1] > 0
    right1 = rank <= 7 and counts[face + 1] > 0
    return ((left1 and (right1 or (rank >= 2 and counts[face - 2] > 0)))
            or (right1 and rank <= 6 and counts[face + 2] > 0))


def shape_wins(counts: bytearray, w: int, n_tiles: int, melds: int) -> bool:
    """True if natural face counts and w wildcards (n_tiles tiles in all) form a standard win or seven pairs."""
    if is_standard_win(counts, w):
        return True
    if melds or n_tiles != 14:
        return False
    # is_seven_pairs, with the odd counts counted directly: physical tiles give counts of 0-4.
    if w == 0:
        return 1 not in counts and 3 not in counts  # searching a byte array is cheaper than counting in it
    return counts.count(1) + counts.count(3) <= w

