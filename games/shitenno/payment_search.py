"""The payment search: every valid payment of a hand for one requirement, fast.

A valid payment meets the requirement and spends nothing for nothing (see
:func:`games.shitenno.payment.valid`); ``legal()`` lists these. The rules also accept a
payment with surplus (:func:`games.shitenno.payment.meets`), which is never listed.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import chain, product

from games.shitenno.payment import HATAMOTO, Price, _fixed, _koku_of
from games.shitenno.payment_tables import (
    CARD_ORDER,
    Candidate,
    Move,
    _Card,
    _card,
    _cells,
    _choose,
    _grid,
)


def payments(
    hand: tuple[str, ...],
    exchange: int,
    plus: int,
    hatamoto: bool,
    price: Price,
    *,
    bounded: bool = False,
) -> list[tuple[tuple[str, ...], int, int, bool]]:
    """Every valid payment from ``hand`` (with up to ``exchange``/``plus`` tiles and the
    Hatamoto when ``hatamoto``), as ``(cards, exchange, plus, hatamoto)``, unordered.

    See :class:`_Search` for how they are found. First a bound (skipped when the caller
    checked it, ``bounded``): every tile and the Hatamoto add at most one needed troop
    (or Koku) to what the cards give; when even the whole hand with every tile falls
    short, nothing pays.
    """
    tiles = exchange + plus
    if not bounded and sum(_koku_of(c) for c in hand) + tiles < price.cost:
        reach = _reach(hand, price.need)
        short = sum(max(0, n - r) for r, (_, n) in zip(reach, price.need, strict=True))
        if short > tiles + hatamoto:
            return []
    return _Search(hand, exchange, plus, hatamoto, price).run()


@lru_cache(maxsize=65536)
def _reach(hand: tuple[str, ...], need: tuple[tuple[str, int], ...]) -> tuple[int, ...]:
    """The needed troops of each type the cards give without tiles (each card capped)."""
    out = [0] * len(need)
    for code in hand:
        for j, x in enumerate(_fixed(code, need)[0]):
            out[j] += x
    return tuple(out)


Members = tuple[tuple[str, int], ...]  # the (code, count) of the cards of one class


def _classes(
    hand: tuple[str, ...],
    exchange: int,
    plus: int,
    koku_any: bool,
    need: tuple[tuple[str, int], ...],
    cost: int,
) -> tuple[list[_Card], list[Members], int, int]:
    """The hand's cards grouped by kind (:func:`_card`) into classes, needed troops first,
    then the other Troop cards, then the Koku cards: each class's card and members, and
    the number of classes of the first group and of the first two."""
    groups: tuple[dict[tuple[int, int], tuple[_Card, list[tuple[str, int]]]], ...] = ({}, {}, {})
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
    cards = [card for group in groups for card, _ in group.values()]
    members = [tuple(m) for group in groups for _, m in group.values()]
    return cards, members, len(groups[0]), len(groups[0]) + len(groups[1])


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
        self, hand: tuple[str, ...], exchange: int, plus: int, hatamoto: bool, price: Price
    ) -> None:
        need, cost, koku_any = price.need, price.cost, price.koku_any
        self.exchange, self.plus, self.cost, self.same = exchange, plus, cost, price.same_card
        self.hats = (False, True) if hatamoto else (False,)
        self.target = tuple(n for _, n in need)
        self.total = sum(self.target)
        self.n1, self.n2 = self.target[0], self.target[1] if len(self.target) > 1 else 0
        self.width, self.ncells, self.p_above_0 = _grid(exchange, plus)
        self.tiles = exchange + plus
        cards, self.members, self.useful, self.troop = _classes(
            hand, exchange, plus, koku_any, need, cost
        )
        counts = [sum(m[1] for m in members) for members in self.members]
        self.strides = [1]
        for count in counts:
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
        extra_max = (1 if self.same else self.exchange) if self.exchange else 0
        self._troop_payments(extra_max)
        self._koku_payments(extra_max)
        return self._expand()

    def _troop_payments(self, extra_max: int) -> None:
        useful, total, cost = self.useful, self.total, self.cost
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

    def _koku_payments(self, extra_max: int) -> None:
        troop, cost, full = self.troop, self.cost, (1 << self.ncells) - 1
        for kk in self._grow(troop, len(self.counts), cost + 2, (0, (), 0, 0, 0, 0)):
            value = kk[4]
            if value >= cost + 3 or value + self.tiles < cost:
                continue
            self._check(kk, False)
            if self.memo.get(2 * kk[0]) == full:
                continue
            for cand in self._extras(kk, 0, troop, extra_max if value < cost else 0):
                self._check(cand, False)

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
        k, present, a1, a2, gold, _ = cand
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
        for n, (i, _) in enumerate(present):
            less = key - 2 * strides[i]
            bits = memo.get(less)
            if bits is None:
                bits = self._met(self._less(cand, n), h)
            valid &= ~bits
            if not valid:
                return
        self.found.append((present, h, valid))

    def _less(self, cand: Candidate, n: int) -> Candidate:
        """The candidate with one card less of its ``n``-th present class."""
        k, present, a1, a2, gold, size = cand
        i, c = present[n]
        fewer = (*present[:n], (i, c - 1)) if c > 1 else present[:n]
        return (
            k - self.strides[i],
            (*fewer, *present[n + 1 :]),
            a1 - self.f1[i],
            a2 - self.f2[i],
            gold - self.koku[i],
            size - 1,
        )

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
