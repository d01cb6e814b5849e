"""Targets beside the figures: every checked figure of a section is judged against its
target where it is measured, the target is written next to it in the row (column
``<figure>_target``, e.g. ``"<= 20"``), and the section's ``checks`` list says which were
met. ``python -m bench`` exits 1 when any check of any section it ran was missed (a leaf
module: it imports nothing from ``bench``).

Speed targets are about three times the figure measured on the 2-core development
machine while other programs kept it busy (a busy CI machine must not fail them
spuriously); targets the issue names (a count, a ratio, a cap) are taken as named.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

LABEL_KEYS = ("game", "side", "opponent", "phase", "board", "path", "kind")  # what names a row


@dataclass(frozen=True)
class Target:
    """``at_most`` or ``at_least`` ``limit`` (one of the two); ``text`` is what the tables
    print beside the figure."""

    limit: float
    at_most: bool = True

    @property
    def text(self) -> str:
        return f"{'<=' if self.at_most else '>='} {self.limit:g}"

    def met(self, value: float | None) -> bool:
        """A missing or NaN figure never meets a target."""
        if value is None or (isinstance(value, float) and math.isnan(value)):
            return False
        return value <= self.limit if self.at_most else value >= self.limit


def at_most(limit: float) -> Target:
    return Target(limit, at_most=True)


def at_least(limit: float) -> Target:
    return Target(limit, at_most=False)


class Checks:
    """The checks of one section, collected while its rows are built."""

    def __init__(self) -> None:
        self.items: list[dict[str, Any]] = []

    def figure(self, what: str, value: float | None, target: Target) -> bool:
        """Judge one figure named ``what``; True when its target is met."""
        ok = target.met(value)
        self.items.append({"figure": what, "value": value, "target": target.text, "ok": ok})
        return ok

    def row(self, row: dict[str, Any], column: str, target: Target) -> bool:
        """Judge ``row[column]``, writing the target beside it in the row."""
        row[f"{column}_target"] = target.text
        label = " ".join(str(row[k]) for k in LABEL_KEYS if row.get(k) not in (None, ""))
        ok = self.figure(f"{label} {column}", row.get(column), target)
        if not ok:
            row["missed"] = ", ".join(filter(None, (row.get("missed"), column)))
        return ok

    def result(self, **rest: Any) -> dict[str, Any]:
        """The section's JSON result: ``rest`` plus ``checks`` and how many were missed."""
        missed = [c for c in self.items if not c["ok"]]
        return {**rest, "checks": self.items, "missed": len(missed)}


def missed_checks(result: Any) -> list[dict[str, Any]]:
    """The missed checks of one section's result (none for a result without checks)."""
    if not isinstance(result, dict):
        return []
    return [c for c in result.get("checks", ()) if not c.get("ok")]
