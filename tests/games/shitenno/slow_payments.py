"""The payment search as it was before the class/bitset search (commit cd913fd): every
candidate payment checked one by one with ``meets`` and ``waste``. Kept as a second
reference for hands too big for the brute force of ``test_properties.py``."""

from __future__ import annotations

from collections import Counter
from functools import lru_cache

from games.shitenno.payment import HATAMOTO, Price, meets, waste


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


def slow_payments(
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
    price = Price(need, cost, same_card, koku_any)
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
                        if _first_meeting(cards, e, p, h, price, found):
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
                    if _first_meeting(cards, e, p, False, price, found):
                        break
    return list(found)


def _first_meeting(
    cards: tuple[str, ...],
    e: int,
    p: int,
    h: bool,
    price: Price,
    found: set[tuple[tuple[str, ...], int, int, bool]],
) -> bool:
    """Whether the payment meets the requirement (then record it if nothing is wasted).

    A +1 tile can always be applied without loss, so once ``p`` tiles meet the
    requirement every larger ``p`` wastes one: the callers stop at the first that meets.
    """
    items = (*cards, HATAMOTO) if h else cards
    if not meets(items, e, p, price):
        return False
    if waste(cards, e, p, h, price) is None:
        found.add((cards, e, p, h))
    return True


@lru_cache(maxsize=65536)
def _native(cards: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> int:
    """Needed troops the cards give without tiles (capped per type)."""
    have = Counter("".join(c for c in cards if c[0] != "K"))
    return sum(min(have[t], n) for t, n in need)


def slow_card_results(code: str, exchange: int, plus: int, koku_any: bool) -> frozenset:
    """``card_results`` as it was: every order of applying the tiles, step by step."""
    from games.shitenno.payment import _exchanges, _pluses, _starts

    out = set()
    for start, may_koku in _starts(code):
        layer = {(start, exchange, plus)}
        while layer:
            nxt = set()
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
