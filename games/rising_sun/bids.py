"""A whole war bid as one action (reference §7.3): the bids a seat may make from an empty
bid, listed lazily.

A bid shares the seat's coins among Seppuku, Take Hostage, Hire Ronin and Imperial Poets
(the rest is held back). From an empty bid any whole bid within the coins is one action
(``bid 1 3 2 0``); once a bid is placed it changes one box at a time (``bid 1 3 0 0``),
which keeps a random player's way to ``confirm`` short. The bids with ``n`` coins number
C(n + 4, 4) (1,001 with 10 coins): they are read in lexicographic order and checked by
arithmetic, never listed.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from math import comb

from games.lazy import LazyActions
from games.rising_sun.state import Bid, Confirm, RSAction

BOX_COUNT = 4


def _tuples(boxes: int, budget: int) -> int:
    """How many ``boxes``-tuples of whole numbers add up to at most ``budget``."""
    return comb(budget + boxes, boxes) if budget >= 0 else 0


def _unrank(i: int, budget: int) -> list[int]:
    out: list[int] = []
    for left in range(BOX_COUNT - 1, -1, -1):
        v = 0
        while i >= (block := _tuples(left, budget - v)):
            i -= block
            v += 1
        out.append(v)
        budget -= v
    return out


def _rank(values: Sequence[int], budget: int) -> int:
    i = 0
    for box, v in enumerate(values):
        left = BOX_COUNT - 1 - box
        i += sum(_tuples(left, budget - w) for w in range(v))
        budget -= v
    return i


def _whole(value: object, coins: int) -> bool:
    """Whether ``value`` is a bid of whole numbers within ``coins``, not the empty one."""
    if not isinstance(value, Bid):
        return False
    values = value.as_list()
    if not all(type(v) is int and v >= 0 for v in values):
        return False
    return 0 < sum(values) <= coins


class WholeBids(LazyActions[RSAction]):
    """Every non-empty bid within ``coins`` (lexicographic), then ``confirm``."""

    def __init__(self, coins: int) -> None:
        self.coins = coins
        self.length = _tuples(BOX_COUNT, coins)  # the empty bid left out, confirm added

    def __len__(self) -> int:
        return self.length

    def item(self, i: int) -> RSAction:
        if i == len(self) - 1:
            return Confirm()
        return Bid(*_unrank(i + 1, self.coins))

    def __contains__(self, value: object) -> bool:
        return isinstance(value, Confirm) or _whole(value, self.coins)

    def index(self, value: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """Where ``value`` is, by arithmetic (the inverse of ``__getitem__``)."""
        if start or stop != sys.maxsize:
            return super().index(value, start, stop)
        if isinstance(value, Confirm):
            return len(self) - 1
        if not _whole(value, self.coins):
            raise ValueError(f"{value!r} is not a bid within {self.coins} coins")
        assert isinstance(value, Bid)
        return _rank(value.as_list(), self.coins) - 1
