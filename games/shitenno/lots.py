"""The lots a Tairō may make (reference §4.2), listed lazily, and how many cards a lot may
hold so that no option stalls a year.

The rulebook: the Tairō «forma, con las cartas que ha tomado, un mazo conteniendo tantas
cartas como quiera» and offers lots until every player has one. With ``empty_lots`` off a
lot needs a card, and with ``full_lots`` off it must leave a card; a lot that took every
card (or all but one, with two lots still to make) would leave the next Tairō no lot he
may make, for ever. So a lot leaves enough cards for the lots still to be made under the
same options (:func:`lot_sizes`); where the open cards are too few for that, the options
give way (an empty lot is then allowed, as with ``empty_lots`` on).
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterator
from math import prod

from games.lazy import LazyActions
from games.shitenno.data import card_key
from games.shitenno.flow import without_lot
from games.shitenno.state import MakeLot, ShitennoAction, ShitennoState, Split


def submultisets(cards: tuple[str, ...]) -> Iterator[tuple[str, ...]]:
    """Every sub-multiset of ``cards`` (canonical order)."""
    counts = list(Counter(cards).items())

    def rec(i: int) -> Iterator[tuple[str, ...]]:
        if i == len(counts):
            yield ()
            return
        code, n = counts[i]
        for tail in rec(i + 1):
            for k in range(n + 1):
                yield (code,) * k + tail

    return rec(0)


def lot_sizes(state: ShitennoState) -> tuple[int, int]:
    """The fewest and the most cards the Tairō's lot may hold now: at least one with
    ``empty_lots`` off, and leaving a card for each lot still to be made after this one
    (with ``empty_lots`` off) plus one more (with ``full_lots`` off: no lot takes every
    card). When the open cards are too few for that, fewer are asked for: the Tairō
    always has a lot to make."""
    size = len(state.open_cards)
    least = 0 if state.options["empty_lots"] else 1
    later = max(0, len(without_lot(state)) - 3)  # lots made before the final split
    keep = later * least + (0 if state.options["full_lots"] else 1)
    most = max(0, size - keep)
    return min(least, most), most


class LotChoices(LazyActions[ShitennoAction]):
    """The lots (or splits) the Tairō may make, listed lazily: index ``i`` is the tile (or
    tile pair) ``i % T`` with the ``i // T``-th sub-multiset of the open cards whose size
    is within ``sizes``, in the order of their number read in mixed radix over the card
    kinds (canonical order, the first kind as the lowest digit). So the empty lot comes
    first and the whole pool last; membership is checked directly."""

    def __init__(
        self, pool: tuple[str, ...], tiles: tuple[int, ...], split: bool, sizes: tuple[int, int]
    ) -> None:
        self.kinds = list(Counter(pool).items())
        self.pool = Counter(pool)
        self.split = split
        self.heads: list[tuple[int, ...]] = (
            [(a, b) for a in tiles for b in tiles if a > b] if split else [(t,) for t in tiles]
        )
        self.least, self.most = sizes
        self.numbers = _numbers(self.kinds, len(pool), sizes)
        self.where = None if isinstance(self.numbers, range) else _places(self.numbers)
        self.length = len(self.numbers) * len(self.heads)

    def __len__(self) -> int:
        return self.length

    def _subset(self, k: int) -> tuple[str, ...]:
        out: list[str] = []
        for code, n in self.kinds:
            k, digit = divmod(k, n + 1)
            out += [code] * digit
        return tuple(out)

    def item(self, i: int) -> ShitennoAction:
        k, h = divmod(i, len(self.heads))
        cards, head = self._subset(self.numbers[k]), self.heads[h]
        if self.split:
            return Split(cards, head[0], head[1])
        return MakeLot(cards, head[0])

    def index(self, value: object, start: int = 0, stop: int = sys.maxsize) -> int:
        """Where ``value`` is, computed from its cards and tile(s) (the inverse of
        ``__getitem__``), without listing the lots before it."""
        if start or stop != sys.maxsize:
            return super().index(value, start, stop)
        if value not in self:
            raise ValueError(f"{value!r} is not one of the lots")
        assert isinstance(value, MakeLot | Split)
        head = (value.first, value.second) if isinstance(value, Split) else (value.tile,)
        counts = Counter(value.cards)
        k, weight = 0, 1
        for code, n in self.kinds:
            k += counts[code] * weight
            weight *= n + 1
        place = self.numbers.index(k) if self.where is None else self.where[k]
        return place * len(self.heads) + self.heads.index(head)

    def __contains__(self, action: object) -> bool:
        if self.split and isinstance(action, Split):
            head: tuple[int, ...] = (action.first, action.second)
        elif not self.split and isinstance(action, MakeLot):
            head = (action.tile,)
        else:
            return False
        cards = action.cards
        if not isinstance(cards, tuple) or not all(isinstance(c, str) for c in cards):
            return False  # a malformed lot is simply not one of the choices
        if head not in self.heads or Counter(cards) - self.pool:
            return False
        if list(cards) != sorted(cards, key=card_key):
            return False
        return self.least <= len(cards) <= self.most


def _numbers(kinds: list[tuple[str, int]], size: int, sizes: tuple[int, int]) -> range | list[int]:
    """The numbers of the sub-multisets with a size within ``sizes``: a range when only
    the empty one (number 0) or the whole pool (the last) is left out, else a list."""
    least, most = sizes
    subsets = prod(n + 1 for _, n in kinds)
    if least <= 1 and most >= size - 1:
        first = 1 if least == 1 and size else 0
        last = subsets - (1 if most < size else 0)
        return range(first, last)
    weights = [prod(n + 1 for _, n in kinds[:j]) for j in range(len(kinds))]
    return [
        k
        for k in range(subsets)
        if least
        <= sum((k // w) % (n + 1) for w, (_, n) in zip(weights, kinds, strict=True))
        <= most
    ]


def _places(numbers: list[int]) -> dict[int, int]:
    return {k: i for i, k in enumerate(numbers)}
