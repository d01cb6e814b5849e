"""Rising Sun's part of the result card: Winter's breakdown per clan (VP before Winter,
War Province tokens, the set bonus, Winter cards: every Form and Loyalty's Winter point),
the total and, when it broke a tie, the Honor rank, read from ``outcome.detail``
(``winter``, ``honor``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.base import Outcome
from renderer.columns import score_columns
from renderer.plugin import Column, ResultPart
from renderer.words import Words

WAR = ("war_tokens", "set_bonus")
PARTS = ("tokens", "set", "cards")


def winter_rows(outcome: Outcome, seats: int) -> list[dict[str, int]] | None:
    """Per seat: VP from tokens, set bonus and Winter cards (``None`` when the detail
    holds no whole breakdown, e.g. a game ended by resignation)."""
    rows = outcome.detail.get("winter")
    if not isinstance(rows, Sequence) or len(rows) != seats:
        return None
    out = []
    for row in rows:
        if not isinstance(row, Mapping):
            return None
        values = {k: v for k, v in row.items() if isinstance(v, int) and not isinstance(v, bool)}
        if "war_tokens" not in values or "set_bonus" not in values:
            return None
        # every other Winter gain is a card's: the Forms, and Loyalty's point for the scoring
        cards = sum(v for k, v in values.items() if k not in WAR)
        out.append({"tokens": values["war_tokens"], "set": values["set_bonus"], "cards": cards})
    return out


def result_part(outcome: Outcome, seats: int, tr: Words) -> ResultPart:
    columns: list[Column] = []
    rows = winter_rows(outcome, seats)
    if rows is not None and len(outcome.scores) == seats:
        before = [round(outcome.scores[s]) - sum(rows[s].values()) for s in range(seats)]
        header, alt = tr("rising_sun.result.before.header"), tr("rising_sun.result.before.alt")
        columns.append(Column(header, tuple(str(v) for v in before), alt=alt))
        for key in PARTS:
            header = tr(f"rising_sun.result.{key}.header")
            alt = tr(f"rising_sun.result.{key}.alt")
            columns.append(Column(header, tuple(str(r[key]) for r in rows), alt=alt))
    columns += score_columns(outcome, seats, tr, "total")
    honor = outcome.detail.get("honor")
    if (
        outcome.tiebreak == "honor"
        and isinstance(honor, Sequence)
        and sorted(h for h in honor if isinstance(h, int)) == list(range(seats))
    ):
        ranks = [0] * seats
        for place, seat in enumerate(honor):
            ranks[int(seat)] = place + 1
        marked = outcome.winners
        header, alt = tr("rising_sun.result.honor.header"), tr("rising_sun.result.honor.alt")
        columns.append(Column(header, tuple(str(r) for r in ranks), marked, alt))
    return ResultPart(tuple(columns), legend=tr("rising_sun.result.legend"))
