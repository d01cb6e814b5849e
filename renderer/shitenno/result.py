"""Shitenno's part of the result card: the favour track, Koku in hand, Exchange tiles
turned into Koku, the province majorities, the total, and the title held in the last year
(marked where it broke a tie), and why the game ended."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import Outcome, Termination
from renderer.columns import int_map, score_columns
from renderer.plugin import Column, ResultPart
from renderer.words import Words

PARTS = ("track", "koku", "exchange", "tiles", "provinces")  # keys of detail["seats"][seat]
END_REASONS = ("kamons", "koku")  # ``detail["reason"]`` worded as ``shitenno.end.<reason>``
TITLES = ("daimyo", "shomyo", "sensei", "hatamoto")


def result_part(outcome: Outcome, seats: int, tr: Words) -> ResultPart:
    """Columns from ``detail["seats"]``; without it, the score alone."""
    rows = outcome.detail.get("seats")
    if not isinstance(rows, Mapping):
        return ResultPart(score_columns(outcome, seats, tr))
    per_seat = [rows.get(str(s)) for s in range(seats)]
    columns: list[Column] = []
    for key in PARTS:
        values = [int_map(row, [key]) for row in per_seat]
        if any(v is None for v in values):
            continue
        cells = [v[key] for v in values if v is not None]
        if key == "tiles" and not any(cells):
            continue  # the optional +1/Draw points, off by default
        header, alt = tr(f"shitenno.result.{key}.header"), tr(f"shitenno.result.{key}.alt")
        columns.append(Column(header, tuple(str(c) for c in cells), alt=alt))
    columns += score_columns(outcome, seats, tr, "total")
    titles = [row.get("title") if isinstance(row, Mapping) else None for row in per_seat]
    if all(t is None or t in TITLES for t in titles):
        names = tuple(tr(f"shitenno.title.{t}") if t else "—" for t in titles)
        marked = outcome.winners if outcome.tiebreak == "title" else frozenset()
        header, alt = tr("shitenno.result.title.header"), tr("shitenno.result.title.alt")
        columns.append(Column(header, names, frozenset(marked), alt))
    end = outcome.detail.get("reason")
    note = ""
    if outcome.termination == Termination.SCORING and isinstance(end, str) and end in END_REASONS:
        note = tr(f"shitenno.end.{end}")
    return ResultPart(tuple(columns), legend=tr("shitenno.result.legend"), reason_note=note)
