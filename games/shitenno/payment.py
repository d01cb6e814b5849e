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

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import chain, product
from typing import NamedTuple

from games.shitenno.data import ALL_CARD_CODES, TROOPS, Province

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

    See :class:`_Search` for how they are found. First a bound: every tile and the
    Hatamoto add at most one needed troop (or Koku) to what the cards give; when even
    the whole hand with every tile falls short, nothing pays.
    """
    tiles = exchange + plus
    if sum(_koku_of(c) for c in hand) + tiles < cost:
        reach = _reach(hand, need)
        short = sum(max(0, n - r) for r, (_, n) in zip(reach, need, strict=True))
        if short > tiles + hatamoto:
            return []
    return search(
        hand, exchange, plus, hatamoto, need, cost, same_card=same_card, koku_any=koku_any
    )


def search(
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
    """:func:`payments` without the bound (for a caller that checked it already)."""
    return _Search(hand, exchange, plus, hatamoto, need, cost, same_card, koku_any).run()


def _koku_of(code: str) -> int:
    return int(code[1]) if code[0] == "K" else 0


@lru_cache(maxsize=65536)
def _reach(hand: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """The needed troops of each type the cards give without tiles (each card capped)."""
    out = [0] * len(need)
    for code in hand:
        for j, x in enumerate(_fixed(code, need)[0]):
            out[j] += x
    return tuple(out)


Vec = tuple[int, ...]  # troops of the needed types, capped at the requirement
Cell = tuple[tuple[Vec, ...], int | None]  # best troop vectors, best Koku (None: none)
TroopTable = tuple[tuple[int, ...], ...]  # [free Hatamoto troops][rest] -> bits
Move = tuple[int, int, int, list[int], dict[int, int], int]  # see _Search._moves
# a candidate: its number (class counts in mixed radix), its (class, count) with a count,
# the needed troops of either type and the Koku its cards give without tiles, its size
Candidate = tuple[int, tuple[tuple[int, int], ...], int, int, int, int]


def _pareto(vectors: Iterable[Vec]) -> tuple[Vec, ...]:
    """The vectors no other one beats in every type (the others never meet more)."""
    found = set(vectors)
    return tuple(
        sorted(
            v
            for v in found
            if not any(w != v and all(a >= b for a, b in zip(w, v, strict=True)) for w in found)
        )
    )


# What a card does for a requirement depends only on which of its troops are of the needed
# types: the per-card tables are computed for a stand-in card (needed types as S then N,
# other types as M) and a stand-in requirement, so there are few of them.
@lru_cache(maxsize=4096)
def _stand_in(
    code: str, need: tuple[tuple[str, int], ...]
) -> tuple[str, tuple[tuple[str, int], ...], str]:
    """The stand-in card and requirement of the troop side, and the stand-in card of the
    Koku side (a Koku card, one troop, two troops or the Hatamoto)."""
    letters = {t: "SN"[j] for j, (t, _) in enumerate(need)}
    rep_need = tuple(("SN"[j], n) for j, (_, n) in enumerate(need))
    if code == HATAMOTO or code[0] == "K":
        return code, rep_need, code
    troop_code = _sorted(letters.get(t, "M") for t in code)
    return troop_code, rep_need, "S" * len(code)


_TROOP_KINDS: dict[tuple[Vec, tuple[tuple[Vec, ...], ...]], int] = {}
_KOKU_KINDS: dict[tuple[int, tuple[int | None, ...]], int] = {}


@lru_cache(maxsize=16384)
def _troop_side(
    code: str, exchange: int, plus: int, koku_any: bool, need: tuple[tuple[str, int], ...]
) -> tuple[int, Vec, tuple[tuple[Vec, ...], ...], TroopTable]:
    """A (stand-in) card's troops for the requirement: a number for the kind (equal
    numbers, equal behaviour), its capped troops without tiles, its best capped troop
    vectors carrying each ``(e, p)`` (cell ``e * (plus + 1) + p``), and the bits of the
    cells, never ``(0, 0)``, with which it meets as the carrier, by the free Hatamoto
    troops and the capped troops the other items give (index ``a * (n2 + 1) + b``)."""
    fixed = tuple(0 for _ in need) if code == HATAMOTO else _fixed(code, need)[0]
    cells = tuple(
        _pareto(_troop_vectors(code, e, p, koku_any, need))
        for e in range(exchange + 1)
        for p in range(plus + 1)
    )
    kind = _TROOP_KINDS.setdefault((fixed, cells), len(_TROOP_KINDS))
    n1, n2 = need[0][1], need[1][1] if len(need) > 1 else 0
    table = tuple(
        tuple(
            sum(
                1 << idx
                for idx in range(1, len(cells))
                if any(
                    max(0, n1 - r1 - v[0]) + max(0, n2 - r2 - (v[1] if n2 else 0)) <= free
                    for v in cells[idx]
                )
            )
            for r1 in range(n1 + 1)
            for r2 in range(n2 + 1)
        )
        for free in (0, 1)
    )
    return kind, fixed, cells, table


@lru_cache(maxsize=16384)
def _koku_side(
    code: str, exchange: int, plus: int, koku_any: bool, cost: int
) -> tuple[int, int, tuple[int | None, ...], tuple[int, ...]]:
    """A (stand-in) card's Koku for the cost: a number for the kind, its Koku without tiles
    and its best Koku carrying each ``(e, p)`` (capped at the cost; None: it gives none),
    and the bits of the cells, never ``(0, 0)``, with which it pays as the carrier, by
    the Koku the other items give (capped)."""
    koku = min(int(code[1]), cost) if code[0] == "K" else 0
    best = tuple(
        max(_koku_values(code, e, p, koku_any, cost), default=None)
        for e in range(exchange + 1)
        for p in range(plus + 1)
    )
    kind = _KOKU_KINDS.setdefault((koku, best), len(_KOKU_KINDS))
    table = tuple(
        sum(
            1 << idx
            for idx in range(1, len(best))
            if (b := best[idx]) is not None and rest + b >= cost
        )
        for rest in range(cost + 1)
    )
    return kind, koku, best, table


class _Card(NamedTuple):
    """A card (or the Hatamoto) for one requirement, cost and tile counts: ``kind`` is
    equal for two cards exactly when everything else is."""

    kind: tuple[int, int]
    f1: int  # needed troops of the first type without tiles (capped)
    f2: int  # of the second type (0 with one type)
    koku: int  # Koku without tiles (capped at the cost)
    cells: tuple[Cell, ...]
    troop_bits: TroopTable
    koku_bits: tuple[int, ...]


@lru_cache(maxsize=65536)
def _card(
    code: str,
    exchange: int,
    plus: int,
    koku_any: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
) -> _Card:
    troop_code, rep_need, koku_code = _stand_in(code, need)
    t_kind, fixed, vectors, troop_bits = _troop_side(troop_code, exchange, plus, koku_any, rep_need)
    k_kind, koku, best, koku_bits = _koku_side(koku_code, exchange, plus, koku_any, cost)
    cells = tuple(zip(vectors, best, strict=True))
    f2 = fixed[1] if len(fixed) > 1 else 0
    return _Card((t_kind, k_kind), fixed[0], f2, koku, cells, troop_bits, koku_bits)


@lru_cache(maxsize=256)
def _grid(exchange: int, plus: int) -> tuple[int, int, int]:
    """The width of a row of cells (``plus + 1``), the number of cells and the bits of
    the cells with at least one +1 tile."""
    width, cells = plus + 1, (exchange + 1) * (plus + 1)
    return width, cells, (1 << cells) - 1 - sum(1 << (e * width) for e in range(exchange + 1))


CARD_ORDER = {c: i for i, c in enumerate(ALL_CARD_CODES)}


@lru_cache(maxsize=4096)
def _cells(bits: int, width: int) -> tuple[tuple[int, int], ...]:
    """The ``(e, p)`` of the set bits."""
    return tuple(divmod(i, width) for i in range(bits.bit_length()) if bits >> i & 1)


@lru_cache(maxsize=16384)
def _choose(members: tuple[tuple[str, int], ...], size: int) -> tuple[tuple[str, ...], ...]:
    """The ways to take exactly ``size`` cards from ``members`` (code, count)."""
    out: list[tuple[str, ...]] = [()]
    for code, n in members:
        out = [c + (code,) * j for c in out for j in range(min(n, size - len(c)) + 1)]
    return tuple(c for c in out if len(c) == size)


class _Search:
    """The payment search, one hand and one requirement.

    Cards are grouped by their kind (:func:`_card`) into classes; a candidate is a vector
    of card counts per class (one int in mixed radix) with or without the Hatamoto.
    For a candidate, ``_met`` gives at once, as the bits of an int, every tile count
    ``(e, p)`` (bit ``e * (plus + 1) + p``) with which it meets the requirement; a
    payment is valid when its bit is set and unset for one tile less of either kind, for
    one card of any class less and without the Hatamoto. Each bit set is computed once
    per candidate and reused by the candidates above it; the valid class vectors are
    expanded into card multisets at the end.

    Candidates (a valid payment spends nothing for nothing): in a troop payment every card
    gives at least one needed troop, so at most ``sum(need)`` cards, and only a card that
    carries an Exchange may lack a needed troop; in a Koku payment every card gives Koku
    (a Troop card only through an Exchange) and the Koku cards total less than the cost
    plus 3. Within them every ``(e, p)`` is checked exactly. Skipped without a check:
    candidates that fall short even with every tile and the Hatamoto (each adds one
    needed troop or Koku at most), and those above a candidate that meets with every
    ``(e, p)`` (meeting only grows with the cards, so one card would be spent for
    nothing).
    """

    def __init__(
        self,
        hand: tuple[str, ...],
        exchange: int,
        plus: int,
        hatamoto: bool,
        need: tuple[tuple[str, int], ...],
        cost: int,
        same_card: bool,
        koku_any: bool,
    ) -> None:
        self.exchange, self.plus, self.cost, self.same = exchange, plus, cost, same_card
        self.hats = (False, True) if hatamoto else (False,)
        self.target = tuple(n for _, n in need)
        self.total = sum(self.target)
        self.n1, self.n2 = self.target[0], self.target[1] if len(self.target) > 1 else 0
        self.width, self.ncells, self.p_above_0 = _grid(exchange, plus)
        self.tiles = exchange + plus
        # classes: needed troops first, then other Troop cards, then Koku cards
        groups: tuple[dict[tuple[int, int], tuple[_Card, list[tuple[str, int]]]], ...] = (
            {},
            {},
            {},
        )
        kinds: dict[str, int] = {}
        for code in hand:
            kinds[code] = kinds.get(code, 0) + 1
        for code, n in kinds.items():
            card = _card(code, exchange, plus, koku_any, need, cost)
            group = groups[0 if card.f1 or card.f2 else 2 if card.koku else 1]
            if card.kind in group:
                group[card.kind][1].append((code, n))
            else:
                group[card.kind] = (card, [(code, n)])
        self.useful = len(groups[0])
        self.troop = self.useful + len(groups[1])
        cards: list[_Card] = []
        self.members: list[tuple[tuple[str, int], ...]] = []
        counts: list[int] = []
        self.strides = [1]
        for group in groups:
            for card, members in group.values():
                cards.append(card)
                self.members.append(tuple(members))
                count = sum(m[1] for m in members)
                counts.append(count)
                self.strides.append(self.strides[-1] * (count + 1))
        self.counts = tuple(counts)
        self.f1 = [c.f1 for c in cards]
        self.f2 = [c.f2 for c in cards]
        self.koku = [c.koku for c in cards]
        self.cells = [c.cells for c in cards]
        self.troop_bits = [c.troop_bits for c in cards]
        self.koku_bits = [c.koku_bits for c in cards]
        hat = _card(HATAMOTO, exchange, plus, koku_any, need, cost)
        self.hat_cells, self.hat_bits = hat.cells, hat.troop_bits[0]
        self.memo: dict[int, int] = {}  # 2 * k + h -> the bits _met gives
        self.found: list[tuple[tuple[tuple[int, int], ...], bool, int]] = []
        self.seen: set[int] = set()
        self.spread_memo: dict[int, dict[int, tuple[int, int]]] = {}
        self.move_memo: dict[int, list[Move]] = {}

    def run(self) -> list[tuple[tuple[str, ...], int, int, bool]]:
        useful, troop, total, cost = self.useful, self.troop, self.total, self.cost
        extra_max = (1 if self.same else self.exchange) if self.exchange else 0
        classes = len(self.counts)
        empty: Candidate = (0, (), 0, 0, 0, 0)
        n1, n2, tiles, hats = self.n1, self.n2, self.tiles, self.hats
        check, memo, full = self._check, self.memo, (1 << self.ncells) - 1
        dead: set[int] = set()  # bases with every (e, p) met by a smaller base
        for base in self._grow(0, useful, total, empty):
            if base[1]:
                parent = base[0] - self.strides[base[1][-1][0]]
                if parent in dead or all(memo.get(2 * parent + h) == full for h in hats):
                    dead.add(base[0])  # a card more would be spent for nothing
                    continue
            # the extras give no needed troop: the bound of _check, once per base
            d1, d2, size = n1 - base[2], n2 - base[3], base[5]
            short = (d1 if d1 > 0 else 0) + (d2 if d2 > 0 else 0) - tiles
            gold = base[4] + tiles
            for h in hats:
                if size + h <= total and (short <= h or gold >= cost):
                    check(base, h)
            room = min(extra_max, total - size)
            if room <= 0 or (short > hats[-1] and gold + 3 * room < cost):
                continue  # a card gives 3 Koku at most
            # with every (e, p) met by the base, a card more is always spent for nothing
            alive = [h for h in hats if memo.get(2 * base[0] + h) != full]
            if not alive:
                continue
            for cand in self._extras(base, useful, classes, room):
                for h in alive:
                    if cand[5] + h <= total and (short <= h or cand[4] + tiles >= cost):
                        check(cand, h)
        for kk in self._grow(troop, classes, cost + 2, empty):
            value = kk[4]
            if value >= cost + 3 or value + self.tiles < cost:
                continue
            check(kk, False)
            if memo.get(2 * kk[0]) == full:
                continue
            for cand in self._extras(kk, 0, troop, extra_max if value < cost else 0):
                check(cand, False)
        return self._expand()

    def _extras(self, start: Candidate, lo: int, hi: int, limit: int) -> list[Candidate]:
        """The candidates made from ``start`` by adding 1 to ``limit`` cards of the classes
        ``lo`` to ``hi - 1`` (the common case of one card written out)."""
        if limit <= 0:
            return []
        if limit > 1:
            return self._grow(lo, hi, limit, start)[1:]
        k, present, a1, a2, gold, size = start
        return [
            (
                k + self.strides[i],
                (*present, (i, 1)),
                a1 + self.f1[i],
                a2 + self.f2[i],
                gold + self.koku[i],
                size + 1,
            )
            for i in range(lo, hi)
        ]

    def _grow(self, lo: int, hi: int, limit: int, start: Candidate) -> list[Candidate]:
        """``start`` and every candidate made from it by adding at most ``limit`` cards of
        the classes ``lo`` to ``hi - 1``."""
        out = [start]
        if limit <= 0:
            return out
        room = limit + start[5]  # cards may be added while size < room
        for i in range(lo, hi):
            stride, f1, f2, koku = self.strides[i], self.f1[i], self.f2[i], self.koku[i]
            most = self.counts[i]
            for k, present, a1, a2, gold, size in out[:]:
                for c in range(1, min(most, room - size) + 1):
                    out.append(
                        (
                            k + c * stride,
                            (*present, (i, c)),
                            a1 + c * f1,
                            a2 + c * f2,
                            gold + c * koku,
                            size + c,
                        )
                    )
        return out

    def _check(self, cand: Candidate, h: bool) -> None:
        """Record the candidate's valid tile counts, if any."""
        k, present, a1, a2, gold, size = cand
        d1, d2 = self.n1 - a1, self.n2 - a2
        short = (d1 if d1 > 0 else 0) + (d2 if d2 > 0 else 0)
        if gold + self.tiles < self.cost and short > self.tiles + h:
            return  # each tile and the Hatamoto add one needed troop or Koku at most
        key = 2 * k + h
        if key in self.seen:
            return
        self.seen.add(key)
        memo = self.memo
        met = memo.get(key)
        if met is None:
            met = self._met(cand, h)
        valid = met & ~(met << self.width) & ~((met << 1) & self.p_above_0)
        if valid and h:
            without = memo.get(key - 1)
            valid &= ~(self._met(cand, False) if without is None else without)
        if not valid:
            return
        strides = self.strides
        for n, (i, c) in enumerate(present):
            less = key - 2 * strides[i]
            bits = memo.get(less)
            if bits is None:
                fewer = (*present[:n], (i, c - 1)) if c > 1 else present[:n]
                bits = self._met(
                    (
                        k - strides[i],
                        (*fewer, *present[n + 1 :]),
                        a1 - self.f1[i],
                        a2 - self.f2[i],
                        gold - self.koku[i],
                        size - 1,
                    ),
                    h,
                )
            valid &= ~bits
            if not valid:
                return
        self.found.append((present, h, valid))

    def _met(self, cand: Candidate, h: bool) -> int:
        """The bits ``(e, p)`` with which the candidate's cards (and the Hatamoto when
        ``h``) meet the requirement (remembered under ``2 * k + h``)."""
        k, present, a1, a2, gold, size = cand
        n1, n2, cost, tiles = self.n1, self.n2, self.cost, self.tiles
        d1, d2 = n1 - a1, n2 - a2
        short = (d1 if d1 > 0 else 0) + (d2 if d2 > 0 else 0)
        bits = 1 if short <= h or gold >= cost else 0
        if gold + tiles < cost and short > tiles + h:
            pass  # each tile and the Hatamoto add one needed troop or Koku at most
        elif (size or h) and self.ncells > 1:
            if self.same or size + h == 1:
                w2, f1, f2, koku = n2 + 1, self.f1, self.f2, self.koku
                troop_bits, koku_bits = self.troop_bits, self.koku_bits
                for i, _ in present:
                    r1, r2, rk = a1 - f1[i], a2 - f2[i], gold - koku[i]
                    rest = (r1 if r1 < n1 else n1) * w2 + (r2 if r2 < n2 else n2)
                    bits |= troop_bits[i][h][rest] | koku_bits[i][rk if rk < cost else cost]
                if h:
                    bits |= self.hat_bits[(a1 if a1 < n1 else n1) * w2 + (a2 if a2 < n2 else n2)]
            else:
                bits |= self._spread(k, present, h)
        self.memo[2 * k + h] = bits
        return bits

    def _spread(self, k: int, present: tuple[tuple[int, int], ...], h: bool) -> int:
        """``_met`` with tiles spread over two or more items: over every way to share
        the tiles, the capped troop sums (as bits of their index ``a * (n2 + 1) + b``)
        and the best Koku reached, per ``(e, p)``; the cards' table is remembered and
        grown one card at a time."""
        states = self._spread_states(k, present)
        if h:
            states = self._extend(states, -1)
        target = 1 << (self.n1 * (self.n2 + 1) + self.n2)
        bits = 0
        for idx, (sums, koku) in states.items():
            if idx and (sums & target or koku >= self.cost):
                bits |= 1 << idx
        return bits

    def _spread_states(
        self, k: int, present: tuple[tuple[int, int], ...]
    ) -> dict[int, tuple[int, int]]:
        states = self.spread_memo.get(k)
        if states is None:
            if not present:
                states = {0: (1, 0)}  # no tile used: the zero sum, no Koku
            else:
                i, c = present[-1]
                parent = (*present[:-1], (i, c - 1)) if c > 1 else present[:-1]
                states = self._extend(self._spread_states(k - self.strides[i], parent), i)
            self.spread_memo[k] = states
        return states

    def _extend(self, states: dict[int, tuple[int, int]], i: int) -> dict[int, tuple[int, int]]:
        """The table after one more item of class ``i`` (-1: the Hatamoto)."""
        width, exchange, plus, cost = self.width, self.exchange, self.plus, self.cost
        moves = self._moves(i)
        out: dict[int, tuple[int, int]] = {}
        for idx, (sums, koku) in states.items():
            e0, p0 = divmod(idx, width)
            for jdx, e1, p1, to_sums, grown_of, best in moves:
                if e0 + e1 > exchange or p0 + p1 > plus:
                    continue
                grown = grown_of.get(sums)
                if grown is None:
                    grown, rest, a = 0, sums, 0
                    while rest:
                        if rest & 1:
                            grown |= to_sums[a]
                        rest >>= 1
                        a += 1
                    grown_of[sums] = grown
                value = koku + best
                if value > cost:
                    value = cost
                old = out.get(idx + jdx)
                if old is None:
                    out[idx + jdx] = (grown, value)
                else:
                    out[idx + jdx] = (old[0] | grown, old[1] if old[1] > value else value)
        return out

    def _moves(self, i: int) -> list[Move]:
        """For class ``i`` (-1: the Hatamoto), each cell it can carry: the cell, its
        ``(e, p)``, for each capped sum index the bits of the sums it can make (and the
        same for sets of sums, filled as met), its best Koku (0 for none)."""
        found = self.move_memo.get(i)
        if found is None:
            n1, n2 = self.n1, self.n2
            cells = self.hat_cells if i < 0 else self.cells[i]
            found = []
            for jdx, (vectors, best) in enumerate(cells):
                if not vectors:
                    continue
                e1, p1 = divmod(jdx, self.width)
                moves = []
                for a in range((n1 + 1) * (n2 + 1)):
                    a1, a2 = divmod(a, n2 + 1)
                    bits = 0
                    for v in vectors:
                        b1 = min(a1 + v[0], n1)
                        b2 = min(a2 + v[1], n2) if n2 else 0
                        bits |= 1 << (b1 * (n2 + 1) + b2)
                    moves.append(bits)
                found.append((jdx, e1, p1, moves, {}, best or 0))
            self.move_memo[i] = found
        return found

    def _expand(self) -> list[tuple[tuple[str, ...], int, int, bool]]:
        out: list[tuple[tuple[str, ...], int, int, bool]] = []
        order = CARD_ORDER.__getitem__
        for present, h, valid in self.found:
            tiles = _cells(valid, self.width)
            parts = [_choose(self.members[i], c) for i, c in present]
            if all(len(part) == 1 for part in parts):
                combos: Iterable[tuple[tuple[str, ...], ...]] = (tuple(p[0] for p in parts),)
            else:
                combos = product(*parts)
            for combo in combos:
                cards = tuple(sorted(chain.from_iterable(combo), key=order))
                out.extend((cards, e, p, h) for e, p in tiles)
        return out
