"""Paying for a Kamon (reference §5.2, §6): requirements, tile effects, what a payment meets.

A payment is what a player puts down: cards from the hand, a number of Exchange and +1
bonus tiles and, for the Hatamoto, the title's extra troop. It is accepted when *some*
application of the chosen tiles meets the province's troop requirement or its Koku cost
(:func:`meets`). Whatever is more than needed is lost, as the rulebook says: «debes
descartar más Kokus que los necesarios, pero los excedentes se pierden», and a troop of a
card not used «se pierde» (:func:`surplus` says what). ``legal()`` lists only the *valid*
payments, those that spend nothing for nothing (:func:`valid`, found by
:mod:`games.shitenno.payment_search`); a payment with surplus is accepted without being
listed (``Game.unlisted``), and the AI never makes one.

Tile effects on one card, applied in any order (each tile is applied exactly once):

* Exchange: one troop becomes a troop of any type, or one troop becomes 1 Koku; a Koku card
  becomes one troop of any type (any value with ``koku_exchange`` ``any_value``; only a
  1-Koku card with ``one_koku``).
* +1: one more troop of a type on the card, or +1 to the card's Koku value.
* The Hatamoto is a virtual single troop of any type; tiles may modify it (Hatamoto + "+1"
  = 2 troops of the chosen type) but it never becomes Koku.

With ``same_card`` on (the rulebook's reading) every tile of one placement modifies the
same card; off, tiles may be spread over the cards.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from functools import lru_cache
from itertools import product
from typing import Any

from games.shitenno.data import TROOPS, Province
from games.shitenno.state import Place

HATAMOTO = "H"  # the Hatamoto's virtual card in the search

CardState = tuple[str, int]  # (troop letters, sorted; Koku value)


@dataclass(frozen=True)
class Price:
    """What a placement must pay and under which options: the troops ``need`` (per type,
    in the requirement's order) or ``cost`` Koku; ``same_card`` puts every tile on one
    card, ``koku_any`` lets an Exchange turn a Koku card of any value."""

    need: tuple[tuple[str, int], ...]
    cost: int
    same_card: bool
    koku_any: bool

    @classmethod
    def under(
        cls, options: Mapping[str, Any], need: tuple[tuple[str, int], ...], cost: int
    ) -> Price:
        """The price of ``need`` or ``cost`` under a game's ``options``."""
        same = bool(options["tiles_on_one_card"])
        return cls(need, cost, same, bool(options["koku_any_value_exchange"]))


def requirement(p: Province, stack: tuple[str, ...]) -> dict[str, int]:
    """Troops needed now: the printed troops outside the gate plus one of the top tile's
    type; with the stack empty, the gate figure (``printed`` troops of the province's type)."""
    if not stack:
        return {p.troop: p.printed}
    top = stack[0][0]
    if top == p.troop:
        return {p.troop: p.outside + 1}
    return {p.troop: p.outside, top: 1}


def koku_cost(p: Province, position: int) -> int:
    """Koku needed for ``position`` (0-3): its favour value."""
    return p.values[position]


_TROOP_ORDER = {t: i for i, t in enumerate(TROOPS)}.__getitem__


def _sorted(troops: Iterable[str]) -> str:
    return "".join(sorted(troops, key=_TROOP_ORDER))


def _starts(code: str) -> list[tuple[CardState, bool]]:
    """Initial states of a card (the Hatamoto: one per troop type) and whether it may
    turn into Koku."""
    if code == HATAMOTO:
        return [((t, 0), False) for t in TROOPS]
    if code[0] == "K":
        return [(("", int(code[1])), True)]
    return [((code, 0), True)]


def _exchanges(s: CardState, may_koku: bool, koku_any: bool) -> Iterator[CardState]:
    troops, koku = s
    for i, t in enumerate(dict.fromkeys(troops)):
        rest = troops.replace(t, "", 1)
        for u in TROOPS:
            yield (_sorted(rest + u), koku)
        if may_koku:
            yield (rest, koku + 1)
        del i
    if koku > 0 and (koku_any or koku == 1):
        for u in TROOPS:
            yield (_sorted(troops + u), 0)


def _pluses(s: CardState) -> Iterator[CardState]:
    troops, koku = s
    for t in dict.fromkeys(troops):
        yield (_sorted(troops + t), koku)
    if koku > 0:
        yield (troops, koku + 1)


@lru_cache(maxsize=8192)
def card_results(code: str, exchange: int, plus: int, koku_any: bool) -> frozenset[CardState]:
    """Every (troops, Koku) a card can give with exactly ``exchange`` and ``plus`` tiles on
    it (empty when the tiles cannot all be applied): the results with one tile less of
    either kind, that tile applied last."""
    if exchange == 0 and plus == 0:
        return frozenset(start for start, _ in _starts(code))
    may_koku = code != HATAMOTO
    out: set[CardState] = set()
    if exchange:
        for s in card_results(code, exchange - 1, plus, koku_any):
            out.update(_exchanges(s, may_koku, koku_any))
    if plus:
        for s in card_results(code, exchange, plus - 1, koku_any):
            out.update(_pluses(s))
    return frozenset(out)


@lru_cache(maxsize=65536)
def _troop_vectors(
    code: str, exchange: int, plus: int, koku_any: bool, need: tuple[tuple[str, int], ...]
) -> frozenset[tuple[int, ...]]:
    return frozenset(
        tuple(min(troops.count(t), n) for t, n in need)
        for troops, _ in card_results(code, exchange, plus, koku_any)
    )


@lru_cache(maxsize=65536)
def _koku_values(code: str, exchange: int, plus: int, koku_any: bool, cap: int) -> frozenset[int]:
    return frozenset(
        min(k, cap) for troops, k in card_results(code, exchange, plus, koku_any) if code != "H"
    )


def _splits(total: int, parts: int) -> Iterator[tuple[int, ...]]:
    if parts == 1:
        yield (total,)
        return
    for first in range(total + 1):
        for rest in _splits(total - first, parts - 1):
            yield (first, *rest)


def _assignments(
    n: int, exchange: int, plus: int, same_card: bool
) -> Iterator[list[tuple[int, int]]]:
    """Ways to put the tiles on ``n`` items: a list of (exchange, plus) per item."""
    if exchange == 0 and plus == 0:
        yield [(0, 0)] * n
        return
    if n == 0:
        return
    if same_card:
        for carrier in range(n):
            tiles = [(0, 0)] * n
            tiles[carrier] = (exchange, plus)
            yield tiles
        return
    for es, ps in product(_splits(exchange, n), _splits(plus, n)):
        yield list(zip(es, ps, strict=True))


@lru_cache(maxsize=65536)
def meets(items: tuple[str, ...], exchange: int, plus: int, price: Price) -> bool:
    """Whether cards ``items`` (the Hatamoto as ``"H"``) with the tiles can meet the troop
    requirement or pay the Koku of ``price``."""
    if price.same_card or (exchange + plus == 0) or len(items) <= 1:
        return _meets_one_carrier(items, exchange, plus, price)
    return _meets_spread(items, exchange, plus, price)


@lru_cache(maxsize=4096)
def _fixed(code: str, need: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], int]:
    """A card without tiles: its needed troops (capped) and its Koku."""
    if code[0] == "K":
        return (tuple(0 for _ in need), int(code[1]))
    return (tuple(min(code.count(t), n) for t, n in need), 0)


def _short(have: list[int], v: tuple[int, ...], target: tuple[int, ...]) -> int:
    return sum(max(0, n - a - b) for a, b, n in zip(have, v, target, strict=True))


def _meets_one_carrier(items: tuple[str, ...], exchange: int, plus: int, price: Price) -> bool:
    """All tiles on one item (or no tiles): a direct check, the Hatamoto filling one gap."""
    need, cost, koku_any = price.need, price.cost, price.koku_any
    target = tuple(n for _, n in need)
    hats = items.count(HATAMOTO)
    cards = [c for c in items if c != HATAMOTO]
    if exchange + plus == 0:
        troops, koku = _summed(cards, need)
        short = sum(max(0, n - a) for a, n in zip(troops, target, strict=True))
        return short <= hats or koku >= cost
    for carrier in dict.fromkeys(items):
        others = list(cards)
        if carrier != HATAMOTO:
            others.remove(carrier)
        troops, koku = _summed(others, need)
        free_hats = hats - (1 if carrier == HATAMOTO else 0)
        for v in _troop_vectors(carrier, exchange, plus, koku_any, need):
            if _short(troops, v, target) <= free_hats:
                return True
        values = _koku_values(carrier, exchange, plus, koku_any, cost)
        if values and koku + max(values) >= cost:
            return True
    return False


def _summed(cards: list[str], need: tuple[tuple[str, int], ...]) -> tuple[list[int], int]:
    """The needed troops (each card capped) and the Koku of ``cards`` without tiles."""
    troops = [0] * len(need)
    koku = 0
    for c in cards:
        v, k = _fixed(c, need)
        koku += k
        for j, x in enumerate(v):
            troops[j] += x
    return troops, koku


def _meets_spread(items: tuple[str, ...], exchange: int, plus: int, price: Price) -> bool:
    need, cost, koku_any = price.need, price.cost, price.koku_any
    target = tuple(n for _, n in need)
    for tiles in _assignments(len(items), exchange, plus, False):
        sums: set[tuple[int, ...]] = {tuple(0 for _ in need)}
        kokus: set[int] = {0}
        for code, (e, p) in zip(items, tiles, strict=True):
            vectors = _troop_vectors(code, e, p, koku_any, need)
            if not vectors:
                sums, kokus = set(), set()
                break
            sums = {
                tuple(min(a + b, n) for a, b, n in zip(s, v, target, strict=True))
                for s in sums
                for v in vectors
            }
            values = _koku_values(code, e, p, koku_any, cost) or frozenset({0})
            kokus = {min(a + b, cost) for a in kokus for b in values}
        if target in sums or cost in kokus:
            return True
    return False


def waste(
    cards: tuple[str, ...], exchange: int, plus: int, hatamoto: bool, price: Price
) -> str | None:
    """What in a payment that meets the requirement is spent for nothing: a card code,
    ``"exchange"``, ``"plus"`` or ``"hatamoto"``; ``None`` when everything is needed."""
    items = (*cards, HATAMOTO) if hatamoto else cards

    def ok(its: tuple[str, ...], e: int, p: int) -> bool:
        return meets(its, e, p, price)

    for code in dict.fromkeys(cards):
        rest = list(items)
        rest.remove(code)
        if ok(tuple(rest), exchange, plus):
            return code
    if exchange and ok(items, exchange - 1, plus):
        return "exchange"
    if plus and ok(items, exchange, plus - 1):
        return "plus"
    if hatamoto and ok(cards, exchange, plus):
        return "hatamoto"
    return None


def valid(cards: tuple[str, ...], exchange: int, plus: int, hatamoto: bool, price: Price) -> bool:
    """Meets the requirement and spends nothing for nothing."""
    items = (*cards, HATAMOTO) if hatamoto else cards
    return (
        meets(items, exchange, plus, price)
        and waste(cards, exchange, plus, hatamoto, price) is None
    )


def surplus(paid: Place, price: Price) -> tuple[int, tuple[str, ...]]:
    """What a placement's payment (which meets the requirement or the Koku of ``price``)
    loses: the Koku (an int) and the rest as
    codes (a troop letter per troop, ``"exchange"``, ``"plus"``, ``"hatamoto"``). The items
    spent for nothing are taken out one at a time (:func:`waste`); of what is left, a
    payment without tiles loses its Koku above the cost or its troops beyond the
    requirement (a tile's own surplus inside a card is not counted)."""
    exchange, plus, hatamoto = paid.exchange, paid.plus, paid.hatamoto
    koku, lost = 0, []
    rest = list(paid.cards)
    while (item := waste(tuple(rest), exchange, plus, hatamoto, price)) is not None:
        if item == "exchange":
            exchange -= 1
        elif item == "plus":
            plus -= 1
        elif item == "hatamoto":
            hatamoto = False
        else:
            rest.remove(item)
        koku += _koku_of(item) if item[0] == "K" else 0
        lost += [] if item[0] == "K" else [item] if item in _EXTRAS else list(item)
    if exchange + plus == 0:
        gold = sum(_koku_of(c) for c in rest)
        troops = Counter("".join(c for c in rest if c[0] != "K"))
        if troops:
            lost += sorted((troops - Counter(dict(price.need))).elements(), key=_TROOP_ORDER)
        elif gold > price.cost:
            koku += gold - price.cost
    return koku, tuple(lost)


_EXTRAS = frozenset({"exchange", "plus", "hatamoto"})


def _koku_of(code: str) -> int:
    return int(code[1]) if code[0] == "K" else 0
