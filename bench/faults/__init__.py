"""``python -m bench --only faults``: the real bot under faults, in figures.

Seven parts (see each module): :mod:`~bench.faults.kill` (SIGKILLs of the bot process,
with the users' work in :mod:`~bench.faults.stream`), :mod:`~bench.faults.races`,
:mod:`~bench.faults.fuzz` (through Discord), :mod:`~bench.faults.leaks`,
:mod:`~bench.faults.baddata`, :mod:`~bench.faults.discord_faults` and
:mod:`~bench.faults.truth` (what a player is told is true). :func:`run_faults` runs them at
a size and returns one table: per part its figures, and the summary row the issue asks for
(kills, lost moves, doubled moves, races, fuzz cases, exceptions, leaks, recoveries, and
issue 23's committed-but-told-refused, boards lost after an undo or takeback, takebacks
past a reveal, votes from a replaced seat). ``tests/faults`` runs the same code at a
smaller size and asserts the zeros.

Every figure in :data:`ZERO` guards a defect and was seen to fail with that defect put
back: the table "The fault suite's checks" in ``docs/DESIGN.md`` says which defect and how.
The answers and boards are judged against the log (:mod:`~bench.faults.judge`), never by
their wording alone or by what Discord remembers of nonces.
"""

from __future__ import annotations

import asyncio
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Size:
    kills: int
    races: int
    fuzz: int
    leaks: int
    discord_moves: int
    truth_moves: int  # moves per game with the store failing after the commit
    truth_playout: int  # moves per game searched for takebacks past a reveal


# Measured on the shared 2-core machine (load 5-6): kill 50 = 150 s, races 5 = 53 s (the
# two-process race runs on PostgreSQL too, a temporary cluster included), leaks 1000 =
# 115-213 s (buttons compared under 8 more redeals), bad data 8 s, Discord faults 14 s.
# The fuzz keeps 8 cases in flight per bot and spends 9.3 ms of CPU a case (11.2 before:
# no catalogue copies, no check of the emulator's own answers; process_time over 3,000
# cases), so on 2 idle cores 100,000 cases take about 8 minutes.
BENCH = Size(
    kills=50,
    races=5,
    fuzz=100_000,
    leaks=1000,
    discord_moves=6,
    truth_moves=8,
    truth_playout=200,
)
QUICK = Size(
    kills=10, races=2, fuzz=2_000, leaks=140, discord_moves=3, truth_moves=3, truth_playout=60
)

# figures that must be 0, by part
ZERO = {
    "kill": (
        "lost_moves",
        "doubled_moves",
        "integrity_failures",
        "replay_failures",
        "stuck_games",
        "doubled_deadlines",
        "lost_deadlines",
        "rollbacks_not_once",
        "committed_told_refused",
        "refused_told_played",
        "takebacks_past_reveal",
        "boards_doubled",
        "boards_lost",
        "exceptions",
    ),
    "races": ("wrong_winner_counts", "unclear_losers", "log_gaps_or_duplicates", "exceptions"),
    "fuzz": (
        "exceptions",
        "changes_after_refusal",
        "not_a_sentence",
        "unanswered",
        "committed_told_refused",
        "refused_told_played",
        "doubled_moves",
    ),
    "leaks": ("leaks", "stray_dms"),
    "bad_data": (
        "unclear_answers",
        "others_blocked",
        "half_written",
        "committed_told_refused",
        "refused_told_played",
        "exceptions",
    ),
    "discord": (
        "boards_doubled",
        "boards_out_of_order",
        "boards_missing",
        "players_unanswered",
        "committed_told_refused",
        "refused_told_played",
        "exceptions",
    ),
    "truth": (
        "committed_told_refused",
        "refused_told_played",
        "doubled_moves",
        "boards_lost_after_rollback",
        "takebacks_past_reveal",
        "votes_from_replaced_seat",
    ),
}


def run_faults(size: Size, seed: int = 17, workers: int = 2) -> dict[str, Any]:
    """Every part at ``size``, one after the other; each part's time goes to stderr as it
    ends (a full run takes minutes: a silent one looks stuck)."""
    from bench.faults.baddata import run_bad_data
    from bench.faults.discord_faults import run_discord_faults
    from bench.faults.fuzz import run_fuzz_parallel
    from bench.faults.kill import run_kills
    from bench.faults.leaks import run_leaks
    from bench.faults.races import run_races
    from bench.faults.truth import run_truth

    runs: dict[str, Callable[[], dict[str, Any]]] = {
        "kill": lambda: asyncio.run(run_kills(size.kills, per_key=2, seed=seed)),
        "races": lambda: asyncio.run(run_races(size.races, 100, seed=seed)),
        "fuzz": lambda: run_fuzz_parallel(size.fuzz, seed=seed, workers=workers),
        "leaks": lambda: run_leaks(size.leaks, seed=seed, workers=workers),
        "bad_data": lambda: asyncio.run(run_bad_data(seed=seed)),
        "discord": lambda: asyncio.run(run_discord_faults(size.discord_moves, seed=seed)),
        "truth": lambda: asyncio.run(
            run_truth(size.truth_moves, size.truth_playout, tries=4, seed=seed)
        ),
    }
    parts: dict[str, dict[str, Any]] = {}
    for name, run in runs.items():
        started = time.perf_counter()
        parts[name] = run()
        took = time.perf_counter() - started
        parts[name]["wall_s"] = round(took, 1)
        print(f"  faults: {name} done in {took:.1f} s", file=sys.stderr, flush=True)
    return summarize(parts)


def summarize(parts: dict[str, dict[str, Any]]) -> dict[str, Any]:
    rows = []
    for name, found in parts.items():
        # a part run in several settings (the races: through Discord, two processes on
        # SQLite, two on PostgreSQL) gets a row per setting
        settings = found.get("by_setting") or {"": found}
        for setting, figures in settings.items():
            row: dict[str, Any] = {"game": "all five", "part": name}
            if setting:
                row["setting"] = setting
            row.update({k: v for k, v in figures.items() if isinstance(v, int | float)})
            if figures.get("unavailable"):
                row["note"] = f"not run: {figures['unavailable']}"[:80]
            rows.append(row)
    exceptions = sum(int(p.get("exceptions", 0)) for p in parts.values())
    table = {
        "kills": parts["kill"]["kills"],
        "lost_moves": parts["kill"]["lost_moves"],
        "doubled_moves": _total(parts, "doubled_moves"),
        "races": parts["races"]["races"],
        "races_postgresql": _postgres_races(parts["races"]),
        "fuzz_cases": parts["fuzz"]["cases"],
        "exceptions": exceptions,
        "leaks": parts["leaks"]["leaks"] + parts["leaks"]["stray_dms"],
        "recoveries": parts["bad_data"]["recoveries"],
        **_told_true(parts),
    }
    nonzero = {
        f"{name}.{key}": parts[name][key]
        for name, keys in ZERO.items()
        for key in keys
        if parts[name].get(key)
    }
    problems = {name: p["problems"] for name, p in parts.items() if p.get("problems")}
    return {
        "rows": rows,
        "table": table,
        "should_be_zero_but_is_not": nonzero,
        "problems": problems,
    }


def _told_true(parts: dict[str, dict[str, Any]]) -> dict[str, int]:
    """Issue 23's figures (what a player is told is true), each 0 when the product is
    right, summed over the parts that measure them."""
    return {
        "committed_but_told_refused": _total(parts, "committed_told_refused"),
        "boards_lost_after_undo_or_takeback": parts["truth"]["boards_lost_after_rollback"]
        + parts["kill"]["boards_lost"],
        "takebacks_past_a_reveal": _total(parts, "takebacks_past_reveal"),
        "votes_from_a_replaced_seat": parts["truth"]["votes_from_replaced_seat"],
    }


def _total(parts: dict[str, dict[str, Any]], figure: str) -> int:
    return sum(int(p.get(figure, 0)) for p in parts.values())


def _postgres_races(found: dict[str, Any]) -> int | str:
    """The two-process races run on PostgreSQL, or why there were none."""
    pg = (found.get("by_setting") or {}).get("two processes, postgresql")
    if pg is None:
        return "not run"
    return f"not run: {pg['unavailable']}" if pg.get("unavailable") else int(pg["races"])
