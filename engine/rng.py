"""A tiny seeded generator whose whole state is one int, so it lives inside a game's JSON.

random.Random's state is 625 ints and its algorithms may change between Python versions; SplitMix64 is
fast, stable forever, and good enough for shuffling cards.
"""
from __future__ import annotations

from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


class Rng:
    __slots__ = ("state",)

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """Uniform int in [0, n) (rejection sampling: no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = _MASK - (_MASK % n)
        while True:
            x = self.next64()
            if x < limit:
                return x % n

    def choice(self, items: Sequence[T]) -> T:
        return items[self.below(len(items))]

    def shuffle(self, items: list) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]
