"""The per-card tables of the payment search (:mod:`games.shitenno.payment_search`).

What a card does for a requirement depends only on which of its troops are of the needed
types and on its Koku: each card is reduced to a stand-in and its tables are computed once
per stand-in, requirement, cost and tile counts.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import NamedTuple

from games.shitenno.data import ALL_CARD_CODES
from games.shitenno.payment import HATAMOTO, _fixed, _koku_values, _sorted, _troop_vectors

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
