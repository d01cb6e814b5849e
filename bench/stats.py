"""Small helpers every section shares: percentiles and the printed table (a leaf module:
it imports nothing from ``bench``)."""

from __future__ import annotations

import statistics
from typing import Any


def pct(values: list[float], q: float) -> float:
    """The ``q`` quantile of ``values`` (nearest rank, no interpolation)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def summary_ms(times_ms: list[float]) -> dict[str, float]:
    """``p50_ms`` and ``p95_ms`` of a list of durations, rounded for the table."""
    return {
        "p50_ms": round(statistics.median(times_ms), 2),
        "p95_ms": round(pct(times_ms, 0.95), 2),
    }


def print_table(value: Any) -> None:
    """A section's result: its ``rows`` as a table, then its other keys one per line, then
    its checks (each checked figure of a row also has its target in the column beside)."""
    rows = value.get("rows") if isinstance(value, dict) else None
    if not rows:
        for k, v in (value or {}).items():
            if k != "checks":
                print(f"  {k:28} {v}")
        _print_checks(value)
        return
    columns = list(dict.fromkeys(k for row in rows for k in row))
    widths = [max(len(c), *(len(_fmt(r.get(c))) for r in rows)) for c in columns]
    print("  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for row in rows:
        cells = (_fmt(row.get(c)).ljust(w) for c, w in zip(columns, widths, strict=True))
        print("  " + "  ".join(cells).rstrip())
    for k, v in value.items():
        if k not in ("rows", "checks"):
            print(f"  {k}: {v}")
    _print_checks(value)


def _print_checks(value: Any) -> None:
    """How many checks were met; every missed one, and every check not shown in a row."""
    checks = value.get("checks", []) if isinstance(value, dict) else []
    if not checks:
        return
    print(f"  targets: {sum(c['ok'] for c in checks)} of {len(checks)} met")
    for c in checks:
        if not c["ok"]:
            print(f"  MISSED {c['figure']} = {_fmt(c['value'])} (target {c['target']})")


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:,.2f}" if v < 100 else f"{v:,.0f}"
    return "" if v is None else str(v)
