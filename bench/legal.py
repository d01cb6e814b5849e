"""``legal()`` alone, per game and per phase, cold and warm.

Cold: the state as the bot meets it after a load, decoded from the JSON the store keeps
(``game.load_state`` of the store codec's text), ``legal()`` called once on it. Warm: the
same call again on the same object (whatever the game caches per state is filled). The
section runs in its own interpreter (``python -m bench`` starts one per section), so no
cache an earlier section filled helps. A state's phase is its ``phase`` field where the
game has one (``"-"`` otherwise); each game also names its slowest phase (by cold p95).
Times are CPU time of this process.
"""

from __future__ import annotations

import time
from collections import defaultdict
from typing import Any

from bench.configs import Config, configurations, heaviest, random_positions
from bench.stats import summary_ms
from bench.targets import Checks, at_most
from bot.store.codec import dumps, loads

COLD_P95_MS = at_most(20.0)  # the figure: a slash command must not wait on legal()
WARM_P95_MS = at_most(20.0)


def phase_of(game: Any, state: Any) -> str:
    """The state's ``phase`` field, else its public view's, else ``"-"``."""
    found = getattr(state, "phase", None) or getattr(game.view(state, None), "phase", None)
    return str(found or "-")


def _timed(call: Any) -> float:
    """CPU ms of ``call()``: a call of 0.1 ms that another program preempts would read as
    a slow phase in wall time."""
    started = time.process_time()
    call()
    return (time.process_time() - started) * 1000


def measure(config: Config, games: int, most: int) -> dict[str, dict[str, list[float]]]:
    """Per phase: the cold and warm times (ms) of ``legal()`` for every seat to act in at
    most ``most`` positions spread evenly over ``games`` random playouts."""
    game = config.game
    times: dict[str, dict[str, list[float]]] = defaultdict(lambda: {"cold": [], "warm": []})
    positions = list(random_positions(config, games, seed=7))
    for position in positions[:: max(1, len(positions) // most)]:
        seats = sorted(game.to_act(position))
        if not seats:
            continue
        text = dumps(game.dump_state(position))
        for seat in seats:
            state = game.load_state(loads(text))  # fresh from the store, per seat
            phase = times[phase_of(game, state)]
            phase["cold"].append(_timed(lambda s=state, k=seat: game.legal(s, k)))
            phase["warm"].append(_timed(lambda s=state, k=seat: game.legal(s, k)))
    return times


def legal_cost(quick: bool) -> dict[str, Any]:
    checks = Checks()
    rows: list[dict[str, Any]] = []
    for config in heaviest() if quick else configurations():
        by_phase = measure(config, 2 if quick else 8, 60 if quick else 1500)
        game_rows = []
        for phase, times in sorted(by_phase.items()):
            cold, warm = summary_ms(times["cold"]), summary_ms(times["warm"])
            row = {"game": config.label, "phase": phase, "calls": len(times["cold"])}
            row |= {"cold_p50_ms": cold["p50_ms"], "cold_p95_ms": cold["p95_ms"]}
            row["cold_max_ms"] = round(max(times["cold"]), 2)
            row |= {"warm_p50_ms": warm["p50_ms"], "warm_p95_ms": warm["p95_ms"]}
            checks.row(row, "cold_p95_ms", COLD_P95_MS)
            checks.row(row, "warm_p95_ms", WARM_P95_MS)
            game_rows.append(row)
        slowest = max(game_rows, key=lambda r: r["cold_p95_ms"])
        slowest["slowest"] = "<- slowest phase"
        rows += game_rows
    return checks.result(rows=rows, reading="cold: decoded from the store's JSON; warm: again")
