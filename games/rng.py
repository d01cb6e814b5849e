"""Seeded, platform-stable randomness for engines.

Python promises a stable sequence only for ``random.random()``; ``shuffle`` and
``randrange`` have changed between versions. Engines therefore draw through these helpers,
built on SplitMix64, whose output is fixed by its definition on every machine.
"""

from __future__ import annotations

from collections.abc import MutableSequence
from typing import TypeVar

T = TypeVar("T")

_MASK = (1 << 64) - 1


class Rng:
    """SplitMix64 generator. ``state`` is a plain int so it can live inside game state."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def next_u64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``[0, n)`` by rejection (no modulo bias)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            x = self.next_u64()
            if x < limit:
                return x % n

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher–Yates in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def shuffled(self, items: list[T] | tuple[T, ...]) -> list[T]:
        out = list(items)
        self.shuffle(out)
        return out

    def choice(self, items: list[T] | tuple[T, ...]) -> T:
        return items[self.below(len(items))]


def derive_seed(seed: int, label: str) -> int:
    """A sub-seed for an independent stream (deck, seating, AI) of one game."""
    h = seed & _MASK
    for ch in label.encode():
        h = Rng(h ^ ch).next_u64()
    return h
