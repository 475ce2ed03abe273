"""hzmj_core.hand against slow brute-force references (rules.md §6, §6.6)."""

from __future__ import annotations

import functools
import itertools
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hzmj_core import hand
from hzmj_core.tiles import Wildcards, parse_tiles

FIXED = Wildcards.fixed()
ALL_SETS: list[tuple[int, int, int]] = [(f, f, f) for f in range(34)] + [
    (9 * s + r, 9 * s + r + 1, 9 * s + r + 2) for s in range(3) for r in range(7)
]


def split(text: str, rule: Wildcards = FIXED) -> tuple[list[int], int]:
    return rule.split(parse_tiles(text))


# ---------------------------------------------------------------- references

def ref_plain_sets(c: list[int]) -> bool:
    """Plain recursive decomposition into sets, no wildcards."""
    i = next((k for k in range(34) if c[k]), -1)
    if i < 0:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = ref_plain_sets(c)
        c[i] += 3
        if ok:
            return True
    if i < 27 and i % 9 <= 6 and c[i + 1] and c[i + 2]:
        for k in (i, i + 1, i + 2):
            c[k] -= 1
        ok = ref_plain_sets(c)
        for k in (i, i + 1, i + 2):
            c[k] += 1
        if ok:
            return True
    return False


def ref_plain_standard(c: list[int]) -> bool:
    if sum(c) % 3 != 2:
        return False
    for f in range(34):
        if c[f] >= 2:
            c[f] -= 2
            ok = ref_plain_sets(c)
            c[f] += 2
            if ok:
                return True
    return False


def substitutions(c: Sequence[int], w: int) -> list[list[int]]:
    """Every way of giving the w wildcards a face (rules.md §4.1: any face, copy limits ignored)."""
    out = []
    for faces in itertools.combinations_with_replacement(range(34), w):
        d = list(c)
        for f in faces:
            d[f] += 1
        out.append(d)
    return out


def ref_standard_by_substitution(c: Sequence[int], w: int) -> bool:
    return any(ref_plain_standard(d) for d in substitutions(c, w))


def ref_sets_appendix_a(c: list[int], w: int) -> bool:
    """rules.md §6.6 ``sets(c, w)``: lowest face as pong (3, 2 or 1 copies + wildcards) or in a chow."""
    i = next((k for k in range(34) if c[k]), -1)
    if i < 0:
        return w % 3 == 0
    for use in (3, 2, 1):
        if c[i] >= use and w >= 3 - use:
            c[i] -= use
            ok = ref_sets_appendix_a(c, w - (3 - use))
            c[i] += use
            if ok:
                return True
    if i < 27:
        r = i % 9
        for start in range(max(0, r - 2), min(r, 6) + 1):
            base = i - r + start
            run = (base, base + 1, base + 2)
            missing = sum(1 for k in run if c[k] == 0)
            if missing <= w:
                taken = [k for k in run if c[k] > 0]
                for k in taken:
                    c[k] -= 1
                ok = ref_sets_appendix_a(c, w - missing)
                for k in taken:
                    c[k] += 1
                if ok:
                    return True
    return False


def ref_standard(c: Sequence[int], w: int) -> bool:
    d = list(c)
    if (sum(d) + w) % 3 != 2:
        return False
    if w >= 2 and ref_sets_appendix_a(d, w - 2):
        return True
    for f in range(34):
        for use in (2, 1):
            if d[f] >= use and w >= 2 - use:
                d[f] -= use
                ok = ref_sets_appendix_a(d, w - (2 - use))
                d[f] += use
                if ok:
                    return True
    return False


def ref_seven_pairs(c: Sequence[int], w: int) -> bool:
    if sum(c) + w != 14:
        return False
    return any(all(x % 2 == 0 for x in d) for d in substitutions(c, w))


def ref_win(c: Sequence[int], w: int, melds: int) -> bool:
    return ref_standard(c, w) or (melds == 0 and sum(c) + w == 14 and sum(x % 2 for x in c) <= w)


def ref_plain_shanten(c: Sequence[int]) -> int:
    """Block shanten by one global DFS over the 34 faces (no tables, no per-group DP)."""
    total = sum(c)
    n = (total - 1) // 3
    d = list(c)

    @functools.cache
    def best(key: tuple[int, ...], sets_left: int, pair_left: int) -> int:
        cnt = list(key)
        i = next((k for k in range(34) if cnt[k]), -1)
        if i < 0:
            return 0
        cnt[i] -= 1
        top = best(tuple(cnt), sets_left, pair_left)
        cnt[i] += 1
        blocks: list[tuple[int, int, tuple[int, ...]]] = []
        for j in range(1, min(cnt[i], 3) + 1):
            blocks.append((1, 0, (i,) * j))
        for j in range(1, min(cnt[i], 2) + 1):
            blocks.append((0, 1, (i,) * j))
        for s in ALL_SETS:
            if i in s and s[1] != s[0]:
                for r in range(2, 4):
                    for sub in itertools.combinations(s, r):
                        if sub[0] == i and all(cnt[k] > 0 for k in sub) and (1, 0, sub) not in blocks:
                            blocks.append((1, 0, sub))
        for ds, dp, tiles in blocks:
            if ds > sets_left or dp > pair_left:
                continue
            for k in tiles:
                cnt[k] -= 1
            top = max(top, len(tiles) + best(tuple(cnt), sets_left - ds, pair_left - dp))
            for k in tiles:
                cnt[k] += 1
        return top

    return 3 * n + 1 - best(tuple(d), n, 1)


def ref_shanten_by_targets(c: Sequence[int], w: int) -> int:
    """Definition: min over complete hands T (n sets + pair) of the tiles of T the hand lacks, minus one.

    Sets and pairs sharing no face with the hand are interchangeable, so one of each stands for all.
    """
    total = sum(c) + w
    n = (total - 1) // 3
    touching = [s for s in ALL_SETS if any(c[k] for k in s)]
    touching += [s for s in ALL_SETS if not any(c[k] for k in s)][:1]
    pairs = [f for f in range(34) if c[f]] + [f for f in range(34) if not c[f]][:1]
    best = 99
    for sets in itertools.combinations_with_replacement(touching, n):
        for pair in pairs:
            t = [0] * 34
            t[pair] += 2
            for s in sets:
                for k in s:
                    t[k] += 1
            matched = sum(min(a, b) for a, b in zip(t, c, strict=True))
            best = min(best, max(0, 3 * n + 2 - matched - w))
    return best - 1


# ---------------------------------------------------------------- hand generators

@st.composite
def hands(draw: st.DrawFn, size: int | None = None, max_w: int = 4, near_win: bool | None = None) -> tuple[
    list[int], int, int
]:
    """(counts, w, melds): a concealed hand of 3n+1 or 3n+2 tiles, often close to a win."""
    melds = draw(st.integers(0, 3)) if size is None else 4 - (size - 1) // 3
    n = 4 - melds
    tiles_needed = size if size is not None else 3 * n + draw(st.sampled_from([1, 2]))
    structured = draw(st.booleans()) if near_win is None else near_win
    rng = random.Random(draw(st.integers(0, 2**32)))
    w = min(draw(st.integers(0, max_w)), tiles_needed)
    for _ in range(100):
        if structured:
            kinds: list[int] = []
            for _ in range(n):
                kinds.extend(rng.choice(ALL_SETS))
            p = rng.randrange(34)
            kinds += [p, p]
            if rng.random() < 0.3:
                # seven-pairs-like shape
                kinds = [k for f in rng.sample(range(34), 7) for k in (f, f)]
            rng.shuffle(kinds)
            kinds = kinds[: tiles_needed - w]
            for _ in range(rng.choice([0, 0, 1, 2]) if kinds else 0):
                kinds[rng.randrange(len(kinds))] = rng.randrange(34)
        else:
            kinds = [rng.randrange(34) for _ in range(tiles_needed - w)]
        c = [0] * 34
        for k in kinds:
            c[k] += 1
        if max(c) <= 4 and len(kinds) == tiles_needed - w:
            return c, w, melds
    return [0] * 34, 0, 0  # pragma: no cover


# ---------------------------------------------------------------- examples

@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s", True),  # EX1
        ("P* 1m2m3m 4p5p6p 7s8s9s E E E N", True),  # EX4
        ("P* P* 1m2m3m 4p5p6p 7s8s9s E E E", True),  # EX5
        ("1m2m3m 4s5s6s 2p2p", True),  # EX13 after two kongs
        ("9m9m9m9m 1m2m3m 4s5s 2p2p", False),  # EX13 first replacement
        ("P* 1m2m 4p5p6p 7s8s9s E E 9m9m 5s", False),  # EX14's hand with a wrong draw
        ("P* 1m2m3m 4p5p6p 7s8s9s E E 9m9m", True),  # EX14 after 3m
        ("1m9m 1p9p 1s9s E S W N C F P* 1m", False),  # EX23a
        ("1m1m 3m3m 7p7p C C", False),  # EX23b
        ("11123456789999m", True),
        ("P* P* P* 1m1m", True),
        ("P* P*", True),
        ("1m P*", True),
        ("1m 9m", False),
        ("1m3m5m P* P*", True),
        ("1m4m7m P* P*", False),
    ],
)
def test_standard_win_examples(text: str, expected: bool) -> None:
    c, w = split(text)
    assert hand.is_standard_win(c, w) is expected
    assert ref_standard(c, w) is expected


@pytest.mark.parametrize(
    ("text", "melds", "baotou", "qike"),
    [
        ("P* 1m2m3m 4p5p6p 7s8s9s E E E", 0, True, False),  # EX4
        ("P* 4p5p6p 7s8s9s", 2, True, False),  # EX8
        ("P* 1m2m3m 4m5m6m 2p3p4p", 1, True, False),  # EX10
        ("P* 1m2m 4p5p6p 7s8s9s E E 9m9m", 0, False, False),  # EX14
        ("1m1m 3m3m 5p5p 7p7p E E C P* 9s", 0, False, False),  # EX15
        ("1m1m 3m3m 5p5p 7p7p E E C C P*", 0, False, True),  # EX16
        ("1m1m 3m3m 5p5p 7p7p E E P* P* 9s", 0, False, True),  # EX20
        ("P* 1m1m2m2m3m3m 5p5p6p6p7p7p", 0, True, True),  # EX21
        ("5s5s5s5s 1m1m 3m3m 7p7p E E P*", 0, False, True),  # EX22
        ("2m2m2m P* 3m3m 5p5p 7p7p E E C", 0, False, False),  # EX19
        ("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", 0, False, False),  # EX1
    ],
)
def test_states_examples(text: str, melds: int, baotou: bool, qike: bool) -> None:
    c, w = split(text)
    assert hand.baotou_state(c, w) is baotou
    assert hand.qike_state(c, w, melds) is qike
    every = all(ref_win(_plus(c, f), w, melds) for f in range(34))
    assert every is (baotou or qike)
    assert (hand.waits(c, w, melds) == list(range(34))) is (baotou or qike)


def test_flipped_mode_states() -> None:
    rule = Wildcards.flipped(parse_tiles("5s")[0])
    c, w = split("5s* 1m2m3m 4p5p6p 7s8s9s E E E", rule)  # EX45(e)
    assert w == 1 and hand.baotou_state(c, w)
    c, w = split("P P P P 1m1m 7p7p E E C C 9s 9s", rule)  # EX45(c): P is a natural 5s
    assert w == 0 and c[parse_tiles("5s")[0]] == 4 and hand.is_seven_pairs(c, w)


def _plus(c: Sequence[int], f: int) -> list[int]:
    d = list(c)
    d[f] += 1
    return d


@pytest.mark.parametrize(
    ("text", "melds", "expected_waits"),
    [
        ("1m2m3m 4m5m6m 7s8s9s 4p5p E E", 0, "3p6p"),  # EX31
        ("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", 0, "2s5s"),  # EX1
        ("1m1m 3m3m 5p5p 7p7p E E C P* 9s", 0, "9s C"),  # EX15: seven pairs only
        ("1m1m1m 2m3m4m 5m6m7m 8m9m9m9m", 0, "1m2m3m4m5m6m7m8m9m"),  # 九莲宝灯 shape
    ],
)
def test_waits_examples(text: str, melds: int, expected_waits: str) -> None:
    c, w = split(text)
    got = hand.waits(c, w, melds)
    assert got == sorted(parse_tiles(expected_waits))
    assert got == [f for f in range(34) if ref_win(_plus(c, f), w, melds)]


@pytest.mark.parametrize(
    ("text", "melds", "expected"),
    [
        ("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s", 0, -1),
        ("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s", 0, 0),
        ("1m4m7m 2p5p8p 3s6s9s E S W N", 0, 6),  # 13 unrelated tiles: seven pairs 6, standard 8
        ("1m4m7m 2p5p8p 3s6s9s E S W N P*", 0, 5),
        ("1m9m 1p9p 1s9s E S W N C F P* 1m", 0, 4),
        ("P* P* P* P* 1m4m7m 2p5p8p 3s6s9s", 0, 2),
        ("1m4m7m 2p5p8p 3s6s9s E", 1, 6),  # with one meld, 10 tiles: no seven pairs
    ],
)
def test_shanten_examples(text: str, melds: int, expected: int) -> None:
    c, w = split(text)
    assert hand.shanten(c, w, melds) == expected


def test_shanten_rejects_bad_sizes() -> None:
    with pytest.raises(ValueError):
        hand.shanten([0] * 34, 3, 0)
    with pytest.raises(ValueError):
        hand.waits(*split("1m2m3m 4m5m6m 7p8p9p 2s3s4s 5s5s"), 0)


# ---------------------------------------------------------------- properties

SETTINGS = settings(max_examples=1500, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@SETTINGS
@given(hands())
def test_win_matches_reference(h: tuple[list[int], int, int]) -> None:
    c, w, melds = h
    total = sum(c) + w
    assert hand.is_standard_win(c, w) is ref_standard(c, w)
    if total == 14 and w <= 2:
        assert hand.is_seven_pairs(c, w) is ref_seven_pairs(c, w)
    assert hand.is_win(c, w, melds) is ref_win(c, w, melds)
    forms = hand.win_forms(c, w, melds)
    assert ("standard" in forms) is ref_standard(c, w)
    assert ("seven_pairs" in forms) is (melds == 0 and total == 14 and sum(x % 2 for x in c) <= w)


@settings(max_examples=300, deadline=None)
@given(hands(max_w=2))
def test_appendix_a_matches_substitution(h: tuple[list[int], int, int]) -> None:
    c, w, _ = h
    assert ref_standard(c, w) is ref_standard_by_substitution(c, w)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands())
def test_states_and_waits_match_reference(h: tuple[list[int], int, int]) -> None:
    c, w, melds = h
    if (sum(c) + w) % 3 == 2:
        if sum(c):
            c = list(c)
            c[max(range(34), key=lambda f: c[f])] -= 1
        else:
            w -= 1
    total = sum(c) + w
    ref_baotou = w >= 1 and ref_sets_appendix_a(list(c), w - 1)
    assert hand.baotou_state(c, w) is ref_baotou
    ref_qike = melds == 0 and total == 13 and w > sum(x % 2 for x in c)
    assert hand.qike_state(c, w, melds) is ref_qike
    winning = [f for f in range(34) if ref_win(_plus(c, f), w, melds)]
    assert hand.waits(c, w, melds) == winning
    # rules.md §6.3: the structural states hold exactly when every face completes the hand.
    if total == 3 * (4 - melds) + 1:
        assert (len(winning) == 34) is (ref_baotou or ref_qike)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(hands(size=13, max_w=4, near_win=True))
def test_every_draw_wins_iff_state(h: tuple[list[int], int, int]) -> None:
    """§6.3 on hands built to be close to 暴头/七客 state (13 tiles, no melds)."""
    c, w, melds = h
    if w == 0:
        return
    every = all(ref_win(_plus(c, f), w, melds) for f in range(34))
    assert every is (hand.baotou_state(c, w) or hand.qike_state(c, w, melds))


@settings(max_examples=300, deadline=None)
@given(hands(max_w=0))
def test_plain_shanten_matches_global_dfs(h: tuple[list[int], int, int]) -> None:
    c, _, _ = h
    assert hand.standard_shanten(c, 0) == ref_plain_shanten(c)


@settings(max_examples=150, deadline=None)
@given(hands(max_w=2))
def test_wildcard_shanten_is_best_substitution(h: tuple[list[int], int, int]) -> None:
    """A wildcard is worth exactly the best face it could be (copy limits aside)."""
    c, w, _ = h
    if w == 0:
        return
    best = min(hand.standard_shanten(d, 0) for d in substitutions(c, w))
    assert hand.standard_shanten(c, w) == best


@settings(max_examples=200, deadline=None)
@given(st.sampled_from([4, 5, 7, 8]), st.integers(0, 3), st.randoms(use_true_random=False))
def test_small_shanten_matches_definition(size: int, w: int, rng: random.Random) -> None:
    c = [0] * 34
    for k in rng.sample([k for k in range(34) for _ in range(4)], size - w):
        c[k] += 1
    assert hand.standard_shanten(c, w) == ref_shanten_by_targets(c, w)


@SETTINGS
@given(hands())
def test_shanten_consistency(h: tuple[list[int], int, int]) -> None:
    c, w, melds = h
    total = sum(c) + w
    s = hand.shanten(c, w, melds)
    if total % 3 == 2:
        assert (s == -1) is hand.is_win(c, w, melds)
        return
    assert s >= 0
    assert (s == 0) is bool(hand.waits(c, w, melds))
    after = [hand.shanten(_plus(c, f), w, melds) for f in range(34)]
    assert min(after) >= s - 1
    assert hand.improving_tiles(c, w, melds) == [f for f in range(34) if after[f] < s]
    if total == 13 and melds == 0:
        assert s == min(hand.standard_shanten(c, w), hand.seven_pairs_shanten(c, w))


@pytest.mark.host_only
def test_plain_shanten_matches_riichi_library() -> None:
    """Against the independent `mahjong` package (regular hands; it treats four held copies specially)."""
    import mahjong.shanten as shanten_mod
    rng = random.Random(7)
    wall = [k for k in range(34) for _ in range(4)]
    checked = 0
    for _ in range(3000):
        kinds = rng.sample(wall, rng.choice([13, 14]))
        c = [0] * 34
        for k in kinds:
            c[k] += 1
        if 4 in c:
            continue
        checked += 1
        assert hand.standard_shanten(c, 0) == shanten_mod.Shanten.calculate_shanten_for_regular_hand(c)
    assert checked > 2000
