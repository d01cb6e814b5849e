"""China's part of the result card: the score's parts (houses, alliances, routes), the
total, and the pieces left (marked where they broke the tie)."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Outcome
from renderer.columns import int_map, score_columns
from renderer.plugin import Column, ResultPart
from renderer.words import Words

PARTS = ("houses", "alliances", "routes")  # keys of each ``detail["breakdown"]`` row


def result_part(outcome: Outcome, seats: int, tr: Words) -> ResultPart:
    """Columns from ``detail["breakdown"]`` (one row per seat); without it, the score."""
    rows = outcome.detail.get("breakdown")
    if not isinstance(rows, Sequence) or len(rows) != seats:
        return ResultPart(score_columns(outcome, seats, tr))
    columns: list[Column] = []
    for key in PARTS:
        values = [int_map(row, [key]) for row in rows]
        if all(v is not None for v in values):
            cells = tuple(str(v[key]) for v in values if v is not None)
            header, alt = tr(f"china.result.{key}.header"), tr(f"china.result.{key}.alt")
            columns.append(Column(header, cells, alt=alt))
    columns += score_columns(outcome, seats, tr, "total")
    left = [int_map(row, ["pieces_left"]) for row in rows]
    if all(v is not None for v in left):
        marked = outcome.winners if outcome.tiebreak == "pieces_left" else frozenset()
        cells = tuple(str(v["pieces_left"]) for v in left if v is not None)
        header, alt = tr("china.result.left.header"), tr("china.result.left.alt")
        columns.append(Column(header, cells, marked, alt))
    # The one marked cell is explained by the tie-break line: no legend.
    return ResultPart(tuple(columns))
