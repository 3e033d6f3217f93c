"""Seeded chance streams owned by game states.

Every random event of a game (a deck shuffle, a die roll, a bot's card) draws
from an :class:`Rng` that the state owns, one stream per source, all derived
from the game's seed. A seed plus the list of actions therefore reproduces a
game exactly, on any machine and Python version.

:class:`Rng` is SplitMix64 written in pure Python: its whole state is one
integer, so cloning a game state copies it for free (``random.Random`` would
cost microseconds per copy).

    >>> r = Rng.derive(42, "deck")
    >>> cards = list(range(6)); r.shuffle(cards); cards
    [5, 1, 4, 3, 2, 0]
"""

from __future__ import annotations

import hashlib
from collections.abc import MutableSequence, Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
T = TypeVar("T")


def derive_seed(seed: int, *names: str | int) -> int:
    """A 64-bit seed derived from a seed and a path of stream names."""
    text = ":".join([str(seed), *map(str, names)]).encode()
    return int.from_bytes(hashlib.blake2b(text, digest_size=8).digest(), "little")


class Rng:
    """A small, fast, copyable pseudo-random stream (SplitMix64)."""

    __slots__ = ("_s",)

    def __init__(self, seed: int) -> None:
        self._s = seed & _MASK

    @classmethod
    def derive(cls, seed: int, *names: str | int) -> Rng:
        """The stream named ``names`` of the game seeded with ``seed``."""
        return cls(derive_seed(seed, *names))

    def clone(self) -> Rng:
        """An independent copy that will produce the same values."""
        r = Rng.__new__(Rng)
        r._s = self._s
        return r

    @property
    def state(self) -> int:
        """The whole internal state (for fingerprints and tests)."""
        return self._s

    def next64(self) -> int:
        """The next 64-bit unsigned value."""
        self._s = z = (self._s + _GOLDEN) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (unbiased, by rejection).

        Every shuffle, die and choice comes through here, so the step of
        :meth:`next64` is written out rather than called (the same values).
        """
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, got {n}")
        limit = _MASK - (_MASK + 1) % n
        s = self._s
        while True:
            s = (s + _GOLDEN) & _MASK
            z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            z ^= z >> 31
            if z <= limit:
                self._s = s
                return z % n

    def randint(self, lo: int, hi: int) -> int:
        """A uniform integer in ``[lo, hi]``, like ``random.randint``."""
        return lo + self.below(hi - lo + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)``."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, seq: Sequence[T]) -> T:
        """A uniformly chosen element of a non-empty sequence."""
        return seq[self.below(len(seq))]

    def shuffle(self, seq: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(seq) - 1, 0, -1):
            j = self.below(i + 1)
            seq[i], seq[j] = seq[j], seq[i]
