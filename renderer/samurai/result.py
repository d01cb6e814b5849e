"""Samurai's part of the result card: figures captured per type (the type's leader
marked), types led, figures set aside, and why the game ended."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import Outcome, Termination
from renderer.columns import int_map, number
from renderer.plugin import Column, ResultPart
from renderer.words import Words

TYPES = ("helmet", "buddha", "rice")  # detail keys, in column order
LETTERS = "HBR"  # the same types as figure letters (samurai.figure_n.<letter>)
END_REASONS = ("exhausted", "ties", "blocked")  # ``detail["reason"]``


def result_part(outcome: Outcome, seats: int, tr: Words) -> ResultPart:
    """Columns from ``detail["captured"]`` and ``detail["leaders"]``, types led from the
    scores, ``detail["set_aside"]`` as a note, ``detail["reason"]`` after the reason."""
    keys = list(TYPES)
    captured = outcome.detail.get("captured")
    captured = captured if isinstance(captured, Mapping) else {}
    counts = [m for s in range(seats) if (m := int_map(captured.get(str(s)), keys)) is not None]
    leaders = outcome.detail.get("leaders")
    leaders = leaders if isinstance(leaders, Mapping) else {}
    columns = []
    if len(counts) == seats:
        for key in TYPES:
            led = leaders.get(key)
            marked = frozenset([led] if isinstance(led, int) and 0 <= led < seats else [])
            cells = tuple(str(m[key]) for m in counts)
            header, alt = tr(f"samurai.result.{key}.header"), tr(f"samurai.result.{key}.alt")
            columns.append(Column(header, cells, marked, alt))
    if len(outcome.scores) == seats:
        cells = tuple(number(v) for v in outcome.scores)
        header, alt = tr("samurai.result.led.header"), tr("samurai.result.led.alt")
        columns.append(Column(header, cells, alt=alt, strong=True))
    notes = []
    set_aside = int_map(outcome.detail.get("set_aside"), keys)
    if set_aside is not None:
        parts = [
            tr.count(f"samurai.figure_n.{LETTERS[i]}", set_aside[k]) for i, k in enumerate(TYPES)
        ]
        notes.append((tr("samurai.result.set_aside"), ", ".join(parts)))
    end = outcome.detail.get("reason")
    note = ""
    if outcome.termination == Termination.SCORING and isinstance(end, str) and end in END_REASONS:
        note = tr(f"samurai.end.{end}")
    return ResultPart(
        tuple(columns), tuple(notes), legend=tr("samurai.result.legend"), reason_note=note
    )
