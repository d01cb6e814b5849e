"""``python -m bench``: Tenka's benchmark. Prints a table and writes ``bench/results.json``.

Sections (``--only NAME`` runs a subset): perft, playout, legal, ai, balance (wins per
side in mirror matches, ``--balance-games`` per player count), render, store, ratings
(``/stats`` and ``/leaderboard`` with 100,000 games; exits 1 past 50 ms), service,
store_calls, emulator, faults; each runs over every registered game, variant and player
count. Numbers are wall-clock on this machine; compare runs on one machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import sections
from bench.stats import print_table

RESULTS = Path(__file__).resolve().parent / "results.json"

SECTIONS: dict[str, Callable[[argparse.Namespace], Any]] = {
    "perft": sections.perft,
    "playout": sections.playout,
    "legal": sections.legal_cost,
    "ai": sections.ai,
    "balance": sections.balance,
    "render": sections.render,
    "store": sections.store,
    "ratings": sections.ratings,
    "service": sections.service,
    "store_calls": sections.store_calls,
    "emulator": sections.emulator,
    "faults": sections.faults,
}


def _earlier(path: Path) -> dict[str, Any]:
    """The figures already written (``--only`` updates its sections and keeps the rest)."""
    try:
        earlier = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return earlier if isinstance(earlier, dict) else {}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS))
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument(
        "--balance-games", type=int, default=0, help="mirror games per player count (300)"
    )
    parser.add_argument("--out", type=Path, default=RESULTS)
    args = parser.parse_args(argv)
    results: dict[str, Any] = _earlier(args.out) if args.only else {}
    when = time.strftime("%Y-%m-%dT%H:%M:%S")
    results |= {
        "when": when,
        "python": sys.version.split()[0],
        "machine": platform.machine(),
    }
    for name, run in SECTIONS.items():
        if args.only and name not in args.only:
            continue
        started = time.perf_counter()
        value = run(args)
        if asyncio.iscoroutine(value):
            value = asyncio.run(value)
        results[name] = value
        results.setdefault("section_when", {})[name] = when
        print(f"\n== {name} ({time.perf_counter() - started:.1f} s)")
        print_table(value)
    args.out.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
    print(f"\nwrote {args.out}")
    return _verdict(results, args.only or list(SECTIONS))


def _verdict(results: dict[str, Any], ran: list[str]) -> int:
    """1 when a section of this run that judges its own target (``met``) missed it."""
    missed = [n for n in ran if isinstance(results.get(n), dict) and results[n].get("met") is False]
    if missed:
        print(f"target missed: {', '.join(missed)}", file=sys.stderr)
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
