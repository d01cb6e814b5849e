"""The result card's per-game part: columns, notes and the helpers games build them with.
A leaf module, so the renderer protocol's defaults and the result card can both use it."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from games.base import JSON, Outcome, Seat
from games.words import number as number_words

if TYPE_CHECKING:
    from renderer.words import Words

__all__ = ["Column", "ResultPart", "int_map", "number", "result_cells", "score_columns"]


@dataclass(frozen=True)
class Column:
    """One column of the result table: a header, a cell per seat and the seats whose cell
    stands out."""

    header: str
    cells: tuple[str, ...]
    marked: frozenset[Seat] = frozenset()
    alt: str = ""  # how the alt text names the value ("helmets"); empty: the cell says it all
    strong: bool = False  # the deciding column (total, types led)


@dataclass(frozen=True)
class ResultPart:
    """What a game adds to its result card, in the reader's words.

    ``columns`` follow rank and name; ``notes`` are (label, text) lines under the table;
    ``legend`` says what a marked cell means (shown when a cell is marked); ``reason``
    replaces the shared wording of why the game ended (a game's own rule), ``reason_note``
    is added in brackets after it ("final scoring (a figure type ran out)").
    """

    columns: tuple[Column, ...] = ()
    notes: tuple[tuple[str, str], ...] = ()
    legend: str = ""
    reason: str = ""
    reason_note: str = ""


def number(value: float) -> str:
    """A score as people write it: 3, not 3.0; 2.5 stays."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def int_map(value: JSON, keys: Sequence[str]) -> dict[str, int] | None:
    """``value`` as {key: int} holding every key of ``keys``, or None."""
    if not isinstance(value, Mapping):
        return None
    out = {k: value.get(k) for k in keys}
    ints = {k: v for k, v in out.items() if isinstance(v, int) and not isinstance(v, bool)}
    return ints if len(ints) == len(keys) else None


def score_columns(
    outcome: Outcome, seats: int, tr: Words, kind: str = "score"
) -> tuple[Column, ...]:
    """The score column; ``kind`` picks its words: "score" or "total"."""
    if len(outcome.scores) != seats:
        return ()
    cells = tuple(number(v) for v in outcome.scores)
    header, alt = tr(f"result.{kind}.header"), tr(f"result.{kind}.alt")
    return (Column(header, cells, alt=alt, strong=True),)


def result_cells(outcome: Outcome, seats: int, tr: Words) -> tuple[Column, ...]:
    """One "Result" column: win, loss or draw per seat (for games without points)."""
    cells = tuple(
        tr("result.cell.draw")
        if outcome.is_draw
        else tr("result.cell.win")
        if s in outcome.winners
        else tr("result.cell.loss")
        for s in range(seats)
    )
    return (Column(tr("result.head.result"), cells, strong=True),)


def signed(value: float, locale: str) -> str:
    """A change with its sign and one decimal, written the reader's way: +1.5, -0,8 (the
    ASCII minus: the shipped font subset has no U+2212)."""
    shown = round(value, 1)
    return ("-" if shown < 0 else "+") + number_words(abs(shown), locale)


def rating_column(deltas: Sequence[float] | None, seats: int, tr: Words) -> tuple[Column, ...]:
    """Each seat's rating change (the bot passes it in; ``None``: no column)."""
    if deltas is None or len(deltas) != seats:
        return ()
    cells = tuple(signed(d, tr.locale) for d in deltas)
    return (Column(tr("result.rating.header"), cells, alt=tr("result.rating.alt")),)
