"""``python -m bench``: Tenka's benchmark. Prints a table per section, every checked
figure with its target beside it, writes ``bench/results.json`` and exits 1 when a target
was missed (see ``docs/DESIGN.md``, "The benchmark").

Sections (``--only NAME`` runs a subset): perft, playout, legal, ai, balance, render,
store, store_states, ratings (``/stats`` and ``/leaderboard`` over 100,000 games), service,
store_calls, emulator, memory, faults; each runs over every registered game, variant and
player count, and each in a fresh interpreter of its own (no section finds caches an
earlier one filled). ``--check`` runs the sections CI runs (with
``--quick``: within two minutes on a busy 2-core machine) and writes no results file.
Numbers are wall-clock on this machine; compare runs on one machine.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import platform
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from bench import sections
from bench.stats import print_table
from bench.targets import missed_checks

RESULTS = Path(__file__).resolve().parent / "results.json"

SECTIONS: dict[str, Callable[[argparse.Namespace], Any]] = {
    "perft": sections.perft,
    "playout": sections.playout,
    "legal": sections.legal_cost,
    "ai": sections.ai,
    "balance": sections.balance,
    "render": sections.render,
    "store": sections.store,
    "store_states": sections.store_states,
    "ratings": sections.ratings,
    "service": sections.service,
    "store_calls": sections.store_calls,
    "emulator": sections.emulator,
    "memory": sections.memory,
    "faults": sections.faults,
}
# What CI runs (``--check``): every section whose targets the code meets today and whose
# quick run is short; the others run in the full benchmark (see docs/DESIGN.md).
CHECKED = ("perft", "playout", "legal", "ai", "render", "emulator", "memory", "store_calls")


def _earlier(path: Path) -> dict[str, Any]:
    """The figures already written (``--only`` updates its sections and keeps the rest)."""
    try:
        earlier = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    return earlier if isinstance(earlier, dict) else {}


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m bench", description=__doc__)
    parser.add_argument("--only", action="append", choices=sorted(SECTIONS))
    parser.add_argument("--quick", action="store_true", help="fewer repetitions")
    parser.add_argument("--check", action="store_true", help="CI's sections, no results file")
    parser.add_argument(
        "--balance-games", type=int, default=0, help="mirror games per player count (300)"
    )
    parser.add_argument("--out", type=Path, default=None)
    parser.add_argument("--alone", default=None, help=argparse.SUPPRESS)  # the child's section
    return parser


def _alone(args: argparse.Namespace) -> int:
    """In the child: run one section and write its JSON result to ``--out``."""
    value = SECTIONS[args.alone](args)
    if asyncio.iscoroutine(value):
        value = asyncio.run(value)
    args.out.write_text(json.dumps(value), encoding="utf-8")
    return 0


def run_section(name: str, argv: list[str]) -> Any:
    """Section ``name`` in a fresh interpreter (same flags); its result, or an error row."""
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "section.json"
        command = [sys.executable, "-m", "bench", *argv, "--alone", name, "--out", str(out)]
        done = subprocess.run(command, check=False)
        if done.returncode or not out.exists():
            failed = {"figure": f"{name} ran", "value": done.returncode, "target": "exit 0"}
            return {"error": f"exit {done.returncode}", "checks": [failed | {"ok": False}]}
        return json.loads(out.read_text(encoding="utf-8"))


def _child_argv(args: argparse.Namespace) -> list[str]:
    argv = ["--quick"] if args.quick else []
    return argv + (["--balance-games", str(args.balance_games)] if args.balance_games else [])


def _short(value: Any) -> str:
    return f"{value:.4g}" if isinstance(value, float) else str(value)


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if args.alone:
        return _alone(args)
    names = [n for n in SECTIONS if n in (args.only or (CHECKED if args.check else SECTIONS))]
    out = args.out or (None if args.check else RESULTS)
    results: dict[str, Any] = _earlier(out) if out and args.only else {}
    when = time.strftime("%Y-%m-%dT%H:%M:%S")
    results |= {"when": when, "python": sys.version.split()[0], "machine": platform.machine()}
    missed: list[str] = []
    for name in names:
        started = time.perf_counter()
        value = run_section(name, _child_argv(args))
        results[name] = value
        results.setdefault("section_when", {})[name] = when
        print(f"\n== {name} ({time.perf_counter() - started:.1f} s)", flush=True)
        print_table(value)
        missed += [f"{name}: {c['figure']} = {_short(c['value'])} (target {c['target']})"
                   for c in missed_checks(value)]  # fmt: skip
    if out:
        out.write_text(json.dumps(results, indent=2, sort_keys=True) + "\n")
        print(f"\nwrote {out}")
    print(f"\n{len(missed)} target(s) missed" + "".join(f"\n  {m}" for m in missed))
    return 1 if missed else 0


if __name__ == "__main__":
    raise SystemExit(main())
