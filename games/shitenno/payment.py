"""Paying for a Kamon (reference §5.2, §6): requirements, tile effects, valid payments.

A payment is what a player puts down: cards from the hand, a number of Exchange and +1
bonus tiles and, for the Hatamoto, the title's extra troop. It is accepted when *some*
application of the chosen tiles meets the province's troop requirement or its Koku cost,
and nothing in it is spent for nothing (removing any one card, tile or the Hatamoto would
leave the requirement unmet). Surplus inside a card (the second troop of a double, Koku
above the cost) is lost, as the rules say.

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
from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import product

from games.shitenno.data import TROOPS, Province

HATAMOTO = "H"  # the Hatamoto's virtual card in the search

CardState = tuple[str, int]  # (troop letters, sorted; Koku value)


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


def _sorted(troops: Iterable[str]) -> str:
    return "".join(sorted(troops, key=TROOPS.index))


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
    it (empty when the tiles cannot all be applied)."""
    out: set[CardState] = set()
    for start, may_koku in _starts(code):
        layer = {(start, exchange, plus)}
        while layer:
            nxt: set[tuple[CardState, int, int]] = set()
            for s, e, p in layer:
                if e == 0 and p == 0:
                    out.add(s)
                    continue
                if e:
                    nxt.update((x, e - 1, p) for x in _exchanges(s, may_koku, koku_any))
                if p:
                    nxt.update((x, e, p - 1) for x in _pluses(s))
            layer = nxt
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


def meets(
    items: tuple[str, ...],
    exchange: int,
    plus: int,
    need: tuple[tuple[str, int], ...],
    cost: int,
    *,
    same_card: bool,
    koku_any: bool,
) -> bool:
    """Whether cards ``items`` (the Hatamoto as ``"H"``) with the tiles can meet the troop
    requirement ``need`` or pay ``cost`` Koku."""
    return _meets(items, exchange, plus, need, cost, same_card, koku_any)


@lru_cache(maxsize=65536)
def _meets(
    items: tuple[str, ...],
    exchange: int,
    plus: int,
    need: tuple[tuple[str, int], ...],
    cost: int,
    same_card: bool,
    koku_any: bool,
) -> bool:
    if same_card or (exchange + plus == 0) or len(items) <= 1:
        return _meets_one_carrier(items, exchange, plus, need, cost, koku_any)
    return _meets_spread(items, exchange, plus, need, cost, koku_any)


@lru_cache(maxsize=4096)
def _fixed(code: str, need: tuple[tuple[str, int], ...]) -> tuple[tuple[int, ...], int]:
    """A card without tiles: its needed troops (capped) and its Koku."""
    if code[0] == "K":
        return (tuple(0 for _ in need), int(code[1]))
    return (tuple(min(code.count(t), n) for t, n in need), 0)


def _short(have: list[int], v: tuple[int, ...], target: tuple[int, ...]) -> int:
    return sum(max(0, n - a - b) for a, b, n in zip(have, v, target, strict=True))


def _meets_one_carrier(
    items: tuple[str, ...],
    exchange: int,
    plus: int,
    need: tuple[tuple[str, int], ...],
    cost: int,
    koku_any: bool,
) -> bool:
    """All tiles on one item (or no tiles): a direct check, the Hatamoto filling one gap."""
    target = tuple(n for _, n in need)
    hats = items.count(HATAMOTO)
    cards = [c for c in items if c != HATAMOTO]
    if exchange + plus == 0:
        troops = [0] * len(need)
        koku = 0
        for c in cards:
            v, k = _fixed(c, need)
            koku += k
            for j, x in enumerate(v):
                troops[j] += x
        short = sum(max(0, n - a) for a, n in zip(troops, target, strict=True))
        return short <= hats or koku >= cost
    if not items:
        return False
    for carrier in dict.fromkeys(items):
        troops = [0] * len(need)
        koku = 0
        skipped = False
        for c in cards:
            if c == carrier and not skipped:
                skipped = True
                continue
            v, k = _fixed(c, need)
            koku += k
            for j, x in enumerate(v):
                troops[j] += x
        free_hats = hats - (1 if carrier == HATAMOTO else 0)
        for v in _troop_vectors(carrier, exchange, plus, koku_any, need):
            if _short(troops, v, target) <= free_hats:
                return True
        values = _koku_values(carrier, exchange, plus, koku_any, cost)
        if values and koku + max(values) >= cost:
            return True
    return False


def _meets_spread(
    items: tuple[str, ...],
    exchange: int,
    plus: int,
    need: tuple[tuple[str, int], ...],
    cost: int,
    koku_any: bool,
) -> bool:
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
    cards: tuple[str, ...],
    exchange: int,
    plus: int,
    hatamoto: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
    *,
    same_card: bool,
    koku_any: bool,
) -> str | None:
    """What in a payment that meets the requirement is spent for nothing: a card code,
    ``"exchange"``, ``"plus"`` or ``"hatamoto"``; ``None`` when everything is needed."""
    items = (*cards, HATAMOTO) if hatamoto else cards

    def ok(its: tuple[str, ...], e: int, p: int) -> bool:
        return _meets(its, e, p, need, cost, same_card, koku_any)

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


def valid(
    cards: tuple[str, ...],
    exchange: int,
    plus: int,
    hatamoto: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
    *,
    same_card: bool,
    koku_any: bool,
) -> bool:
    """Meets the requirement and spends nothing for nothing."""
    items = (*cards, HATAMOTO) if hatamoto else cards
    if not _meets(items, exchange, plus, need, cost, same_card, koku_any):
        return False
    kw = {"same_card": same_card, "koku_any": koku_any}
    return waste(cards, exchange, plus, hatamoto, need, cost, **kw) is None


@lru_cache(maxsize=16384)
def _submultisets(counts: tuple[tuple[str, int], ...], limit: int) -> tuple[tuple[str, ...], ...]:
    """Sub-multisets (canonical order kept) of at most ``limit`` cards."""
    results: list[tuple[tuple[str, ...], int]] = [((), 0)]
    for code, n in counts:
        grown = []
        for cards, size in results:
            for k in range(min(n, limit - size) + 1):
                grown.append((cards + (code,) * k, size + k))
        results = grown
    return tuple(c for c, _ in results)


def _merge(a: tuple[str, ...], b: tuple[str, ...], order: dict[str, int]) -> tuple[str, ...]:
    return tuple(sorted(a + b, key=order.__getitem__))


def payments(
    hand: tuple[str, ...],
    exchange: int,
    plus: int,
    hatamoto: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
    *,
    same_card: bool,
    koku_any: bool,
) -> list[tuple[tuple[str, ...], int, int, bool]]:
    """Every valid payment from ``hand`` (with up to ``exchange``/``plus`` tiles and the
    Hatamoto when ``hatamoto``), as ``(cards, exchange, plus, hatamoto)``, unordered.

    Pruning (a valid payment spends nothing for nothing): in a troop payment every card
    gives at least one needed troop, so at most ``sum(need)`` cards, and only a card that
    carries an Exchange may lack a needed troop; in a Koku payment every card gives Koku
    (a Troop card only through an Exchange) and the Koku cards total less than the cost
    plus 3.
    """
    order = {c: i for i, c in enumerate(dict.fromkeys(hand))}
    kinds = Counter(hand)
    types = {t for t, _ in need}
    total = sum(n for _, n in need)
    extra_max = (1 if same_card else exchange) if exchange else 0
    useful = tuple((c, n) for c, n in kinds.items() if c[0] != "K" and types.intersection(c))
    other = tuple((c, n) for c, n in kinds.items() if not (c[0] != "K" and types.intersection(c)))
    kw = {"same_card": same_card, "koku_any": koku_any}
    found: set[tuple[tuple[str, ...], int, int, bool]] = set()
    hats = (False, True) if hatamoto else (False,)
    for base in _submultisets(useful, total):
        native = _native(base, need)
        for extra in _submultisets(other, min(extra_max, total - len(base))):
            cards = _merge(base, extra, order)
            for h in hats:
                if len(cards) + h > total:
                    continue
                for e in range(exchange + 1):
                    if len(extra) > e:
                        continue
                    for p in range(max(0, total - native - e - h), plus + 1):
                        if _first_meeting(cards, e, p, h, need, cost, kw, found):
                            break
    koku_cards = tuple((c, n) for c, n in kinds.items() if c[0] == "K")
    troop_cards = tuple((c, n) for c, n in kinds.items() if c[0] != "K")
    for kk in _submultisets(koku_cards, cost + 2):
        value = sum(int(c[1]) for c in kk)
        if value >= cost + 3 or value + exchange + plus < cost:
            continue
        for extra in _submultisets(troop_cards, extra_max if value < cost else 0):
            cards = _merge(kk, extra, order)
            for e in range(len(extra), exchange + 1):
                for p in range(max(0, cost - value - e), plus + 1):
                    if _first_meeting(cards, e, p, False, need, cost, kw, found):
                        break
    return list(found)


def _first_meeting(
    cards: tuple[str, ...],
    e: int,
    p: int,
    h: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
    kw: dict[str, bool],
    found: set[tuple[tuple[str, ...], int, int, bool]],
) -> bool:
    """Whether the payment meets the requirement (then record it if nothing is wasted).

    A +1 tile can always be applied without loss, so once ``p`` tiles meet the
    requirement every larger ``p`` wastes one: the callers stop at the first that meets.
    """
    items = (*cards, HATAMOTO) if h else cards
    if not _meets(items, e, p, need, cost, kw["same_card"], kw["koku_any"]):
        return False
    if waste(cards, e, p, h, need, cost, **kw) is None:
        found.add((cards, e, p, h))
    return True


@lru_cache(maxsize=65536)
def _native(cards: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> int:
    """Needed troops the cards give without tiles (capped per type)."""
    have = Counter("".join(c for c in cards if c[0] != "K"))
    return sum(min(have[t], n) for t, n in need)
