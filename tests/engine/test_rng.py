"""The seeded generator gives fixed numbers: every wall and bot choice of every log depends on them."""

from __future__ import annotations

import pytest

from hzmj_core.rng import Rng


def test_outputs_are_fixed() -> None:
    r = Rng(1)
    assert [r.next64() for _ in range(3)] == [10451216379200822465, 13757245211066428519, 17911839290282890590]
    r = Rng(42)
    assert [r.below(n) for n in (1, 2, 3, 7, 34, 136, 1000003, (1 << 63) + 5)] == [
        0, 1, 0, 2, 12, 118, 746268, 6270620877612482005]
    xs = list(range(12))
    Rng(7).shuffle(xs)
    assert xs == [10, 11, 5, 1, 7, 4, 8, 2, 9, 6, 0, 3]
    r = Rng(9)
    assert [r.choice("abcdefg") for _ in range(8)] == ["c", "c", "g", "a", "f", "b", "g", "d"]
    assert r.random() == 0.21903558133115864


def test_below_is_next64_with_rejection() -> None:
    for seed in range(50):
        a, b = Rng(seed), Rng(seed)
        for n in (5, 136, (1 << 64) - 3):
            limit = (1 << 64) - ((1 << 64) % n)
            while True:
                v = b.next64()
                if v < limit:
                    break
            assert a.below(n) == v % n
        assert a.state == b.state


def test_below_needs_a_positive_bound() -> None:
    with pytest.raises(ValueError, match="n > 0"):
        Rng(1).below(0)


def _shuffled_with_below(rng: Rng, n: int) -> list[int]:
    """range(n) shuffled by the specification: ``below(i + 1)`` for each position i from the last down to 1."""
    ys = list(range(n))
    for i in range(n - 1, 0, -1):
        j = rng.below(i + 1)
        ys[i], ys[j] = ys[j], ys[i]
    return ys


def test_shuffle_is_fisher_yates_with_below() -> None:
    for seed in range(30):
        for n in (0, 1, 2, 5, 136):
            a, b = Rng(seed), Rng(seed)
            xs = list(range(n))
            a.shuffle(xs)
            assert xs == _shuffled_with_below(b, n) and a.state == b.state


def _state_before(v: int) -> int:
    """The state from which next64() returns v (SplitMix64's output function is a bijection)."""
    mask = (1 << 64) - 1

    def unshift(y: int, s: int) -> int:
        x = y
        for _ in range(64 // s + 1):
            x = y ^ (x >> s)
        return x

    z = unshift(v, 31)
    z = unshift((z * pow(0x94D049BB133111EB, -1, 1 << 64)) & mask, 27)
    z = unshift((z * pow(0xBF58476D1CE4E5B9, -1, 1 << 64)) & mask, 30)
    return (z - 0x9E3779B97F4A7C15) & mask


@pytest.mark.parametrize("n", [3, 136, 65536, 65537, 1000003, 1 << 40, (1 << 63) + 5, (1 << 64) - 3])
def test_below_rejects_exactly_at_the_top_of_the_range(n: int) -> None:
    # Rejection happens for outputs at or above 2^64 - (2^64 mod n); below() and shuffle() skip computing
    # that bound for most outputs and must still reject exactly there (for n = 2^63 + 5, half the outputs).
    limit = (1 << 64) - ((1 << 64) % n)
    for v in (limit - 2, limit - 1, limit, (1 << 64) - (1 << 16) - 1, (1 << 64) - (1 << 16), (1 << 64) - 1):
        if not 0 <= v < 1 << 64:
            continue
        ref = Rng(_state_before(v))
        assert Rng(ref.state).next64() == v
        r = Rng(ref.state)
        while True:
            x = ref.next64()
            if x < limit:
                break
        assert r.below(n) == x % n and r.state == ref.state, v
        if n <= 136:  # the shuffle's first step draws below(n) from the same state
            items = list(range(n))
            Rng(_state_before(v)).shuffle(items)
            assert items[n - 1] == x % n, v


@pytest.mark.parametrize("k", [0, 1, 70, 133, 134])
def test_shuffle_rejects_exactly_anywhere_in_the_deal(k: int) -> None:
    # shuffle() computes a deal's 135 outputs together and falls back to one-by-one draws at the first output
    # that may be rejected: put such an output at the k-th draw and compare with Fisher-Yates by below().
    n = 136 - k
    limit = (1 << 64) - ((1 << 64) % n)
    for v in (limit - 1, limit, (1 << 64) - (1 << 16) - 1, (1 << 64) - (1 << 16), (1 << 64) - 1):
        if v >= 1 << 64:
            continue
        state = (_state_before(v) - k * 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        probe = Rng(state)
        assert [probe.next64() for _ in range(k + 1)][-1] == v
        a, b = Rng(state), Rng(state)
        xs = list(range(136))
        a.shuffle(xs)
        assert xs == _shuffled_with_below(b, 136) and a.state == b.state, (k, v)


def test_shuffle_of_long_lists_draws_one_by_one() -> None:
    for size in (2, 7, 256, 257, 1000):
        a, b = Rng(size), Rng(size)
        xs = list(range(size))
        a.shuffle(xs)
        assert xs == _shuffled_with_below(b, size) and a.state == b.state, size


class _OneByOne:
    """SplitMix64 computing one output per draw, as the generator is specified."""

    def __init__(self, state: int) -> None:
        self.state = state

    def next64(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & ((1 << 64) - 1)
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & ((1 << 64) - 1)
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & ((1 << 64) - 1)
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        while True:
            v = self.next64()
            if v < (1 << 64) - ((1 << 64) % n):
                return v % n


def test_outputs_computed_ahead_match_one_by_one_draws_in_any_mix() -> None:
    # Rng computes its outputs in growing batches; any mix of draws, across refills and shuffles, must give
    # the outputs and the state of one output per draw.
    for seed in (0, 1, 12345, (1 << 64) - 1):
        a, ref, pick = Rng(seed), _OneByOne(seed), Rng(seed ^ 0x5A5A)
        for step in range(300):
            kind = pick.below(5)
            if kind == 0:
                assert a.next64() == ref.next64()
            elif kind == 1:
                n = 1 + pick.below(200)
                assert a.below(n) == ref.below(n)
            elif kind == 2:
                assert a.choice("abcdefghij") == "abcdefghij"[ref.below(10)]
            elif kind == 3:
                assert a.random() == (ref.next64() >> 11) / float(1 << 53)
            else:
                xs = list(range(pick.below(20)))
                ys = list(xs)
                a.shuffle(xs)
                for i in range(len(ys) - 1, 0, -1):
                    j = ref.below(i + 1)
                    ys[i], ys[j] = ys[j], ys[i]
                assert xs == ys
            assert a.state == ref.state, (seed, step)
