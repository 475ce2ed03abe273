"""Seeded randomness that is identical on every Python (CPython 3.11+, Pyodide 3.14).

The engine does not rely on :mod:`random`'s algorithms staying the same across versions: every random
choice (shuffles, first dealer, bot choices) flows from a seed through this SplitMix64 generator.
"""

from __future__ import annotations

import re
import struct
from collections.abc import MutableSequence, Sequence
from operator import mod
from typing import TypeVar

_MASK = (1 << 64) - 1
_SURE_N = 1 << 16
_SURE = (1 << 64) - _SURE_N
"""Rejection sampling keeps v < 2^64 - (2^64 mod n), a bound above _SURE for every n <= _SURE_N: below
_SURE the exact bound need not be computed."""
T = TypeVar("T")
_GOLDEN = 0x9E3779B97F4A7C15
_LANE = 128
"""Bits per output when many outputs are computed in one big integer (see :func:`_outputs`)."""
_LANES: dict[int, tuple[int, int, int, struct.Struct]] = {}
_PACKED_MAX = 256
"""Longer lists are shuffled one output at a time (this keeps :data:`_LANES` small, and ``_SURE`` valid)."""
_BATCH_MIN = 4
_BATCH_MAX = 64
"""A generator's first batch of outputs computed ahead, and its largest (see :class:`Rng`)."""

SEED_LIMIT = 1 << 64
"""Seeds are integers with ``0 <= seed < SEED_LIMIT`` (2^64); nothing outside is ever wrapped into range."""


class SeedError(ValueError):
    """A seed outside ``0 <= seed < 2^64`` or not written as a decimal integer."""


def check_seed(seed: object) -> int:
    """``seed`` itself if it is an int (not a bool) in range; raises :class:`SeedError` otherwise."""
    if type(seed) is not int:
        raise SeedError(f"a seed must be an integer, got {type(seed).__name__}")
    if not 0 <= seed < SEED_LIMIT:
        shown = seed if seed.bit_length() <= 100 else f"of {seed.bit_length()} bits"
        raise SeedError(f"seed {shown} is outside 0 to {SEED_LIMIT - 1} (2^64 - 1)")
    return seed


def parse_seed(value: object) -> int:
    """A seed from a decimal string of ASCII digits (the page's form: no JS number rounds it) or an int.

    Raises :class:`SeedError` naming what is wrong: not a whole number, negative, or 2^64 or more.
    """
    if isinstance(value, str):
        text = value.strip()
        if len(text) > 24:
            raise SeedError(f"seed {text[:24]}… has {len(text)} characters: a seed is 0 to {SEED_LIMIT - 1}")
        if not re.fullmatch(r"-?[0-9]+", text):
            raise SeedError(f"seed {value!r} is not a whole number (digits 0-9)")
        value = int(text)
    return check_seed(value)


def mix64(x: int) -> int:
    """One SplitMix64 finaliser step: a well-mixed 64-bit function of ``x``."""
    x = (x + 0x9E3779B97F4A7C15) & _MASK
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK
    return x ^ (x >> 31)


def derive_seed(seed: int, *salt: int) -> int:
    """A new seed derived from ``seed`` and integer salts (e.g. the hand number of a match).

    It has 53 bits, so it survives JSON in JavaScript (logs are read by the page) without losing digits.
    Raises :class:`SeedError` for a seed outside ``0 <= seed < 2^64``.
    """
    x = mix64(check_seed(seed))
    for s in salt:
        x = mix64(x ^ (s & _MASK))
    return x >> 11


def _outputs(state: int, count: int) -> tuple[int, ...]:
    """The next ``count`` outputs of the generator at ``state``, all computed at once.

    Each output's state is ``state + k * golden``, so every output can be mixed independently: the
    states are packed into one big integer, a 128-bit lane each, and every mixing step runs once on all
    lanes. A lane's 64-bit value times a 64-bit constant fits its 128 bits, and masking to the low 64 bits
    of every lane after each shift removes what the shift moved in from the lane above. A dozen operations
    on a long integer cost much less than a dozen on each of a hundred 64-bit integers.
    """
    lanes = _LANES.get(count)
    if lanes is None:
        ones = sum(1 << (_LANE * k) for k in range(count))
        lanes = _LANES[count] = (ones, sum(((k + 1) * _GOLDEN) << (_LANE * k) for k in range(count)),
                                 ones * _MASK, struct.Struct("<" + "Q8x" * count))
    ones, steps, mask, unpack = lanes
    z = (state * ones + steps) & mask
    z = (((z ^ (z >> 30)) & mask) * 0xBF58476D1CE4E5B9) & mask
    z = (((z ^ (z >> 27)) & mask) * 0x94D049BB133111EB) & mask
    z ^= z >> 31  # the high half of each lane is skipped when unpacking
    return unpack.unpack(z.to_bytes(16 * count, "little"))


class Rng:
    """A small deterministic generator (SplitMix64) with the few draws the engine needs.

    Outputs are computed ahead in batches (:func:`_outputs`), 4 at first and twice as many at each refill
    up to 64, since a bot draws once per decision; outputs and :attr:`state` are exactly those of computing
    one output per draw.
    """

    __slots__ = ("_base", "_outs", "_used")

    def __init__(self, seed: int) -> None:
        self._base = check_seed(seed)  # the state before the first output of _outs
        self._outs: tuple[int, ...] = ()
        self._used = 0

    @property
    def state(self) -> int:
        """The SplitMix64 state: the seed advanced by one step per output drawn so far."""
        return (self._base + self._used * _GOLDEN) & _MASK

    def _seek(self, state: int) -> None:
        self._base = state
        self._outs = ()
        self._used = 0

    def _refill(self) -> tuple[int, ...]:
        base = self._base = (self._base + self._used * _GOLDEN) & _MASK
        outs = self._outs = _outputs(base, min(2 * len(self._outs), _BATCH_MAX) or _BATCH_MIN)
        self._used = 0
        return outs

    def next64(self) -> int:
        """The next 64-bit output."""
        used = self._used
        outs = self._outs
        if used == len(outs):
            outs = self._refill()
            used = 0
        self._used = used + 1
        return outs[used]

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        while True:
            # next64(), inlined.
            used = self._used
            outs = self._outs
            if used == len(outs):
                outs = self._refill()
                used = 0
            self._used = used + 1
            v = outs[used]
            if (v < _SURE and n <= _SURE_N) or v < (1 << 64) - ((1 << 64) % n):
                return v % n

    def random(self) -> float:
        """A float in ``[0, 1)``."""
        return (self.next64() >> 11) / float(1 << 53)

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates shuffle in place (``below(i + 1)`` for each position i from the last down to 1)."""
        size = len(items)
        if size < 2:
            return
        if size > _PACKED_MAX:
            self._shuffle_from(items, size - 1)
            return
        # A deal shuffles 136 tiles: their 135 outputs are computed together. An output at or above _SURE
        # may have to be rejected (once in 2^48 draws): from there on, the outputs are drawn one by one.
        state = self.state
        outs = _outputs(state, size - 1)
        top = size - 1
        if max(outs) >= _SURE:
            top = size - 1 - next(k for k, v in enumerate(outs) if v >= _SURE)
            outs = outs[:size - 1 - top]
        for i, j in zip(range(size - 1, 0, -1), map(mod, outs, range(size, 1, -1)), strict=False):
            items[i], items[j] = items[j], items[i]
        self._seek((state + len(outs) * _GOLDEN) & _MASK)
        if len(outs) < size - 1:
            self._shuffle_from(items, top)

    def _shuffle_from(self, items: MutableSequence[T], top: int) -> None:
        """The Fisher-Yates steps for positions ``top`` down to 1, each output drawn on its own."""
        for i in range(top, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence[T]) -> T:
        """One element, uniformly (``items[below(len(items))]``)."""
        return items[self.below(len(items))]
