"""The store with real states: moves per second when each move writes a state of a real
game (every position of random games, as ``game.dump_state`` gives it) against the
game-neutral ~3 KB dummy (:func:`bot.store.bench.dummy_state`), on SQLite and, in the
full run, on a temporary PostgreSQL cluster. Each game runs right after a dummy run, and
its ratio is taken within that pair, so that a busy spell of the machine hits both alike;
each figure is the median over the rounds. The aim (issue 26): no game below 0.8x the
dummy."""

from __future__ import annotations

import itertools
import statistics
import tempfile
import time
from typing import Any

from bench.configs import configurations, heaviest, random_positions
from bench.targets import Checks, at_least
from bot.store import Store, open_store
from bot.store.bench import _new_game as new_game
from bot.store.bench import _play as play
from bot.store.bench import dummy_state
from bot.store.codec import dumps

X_DUMMY = at_least(0.8)


async def moves_per_s(store: Store, states: list[Any]) -> float:
    """Append one move per state to a new game, one transaction each, as the bot does (the
    store benchmark's own game and moves, :mod:`bot.store.bench`)."""
    game_id = await new_game(store)
    started = time.perf_counter()
    await play(store, game_id, states)
    return len(states) / (time.perf_counter() - started)


def real_states(quick: bool, moves: int) -> dict[str, list[Any]]:
    """Per configuration, ``moves`` dumped states of random games (repeated if short)."""
    out = {}
    for config in heaviest() if quick else configurations():
        dumped = (config.game.dump_state(s) for s in random_positions(config, 4, seed=3))
        out[config.label] = list(itertools.islice(itertools.cycle(list(dumped)), moves))
    return out


async def _rounds(url: str, states: dict[str, list[Any]], rounds: int) -> dict[str, Any]:
    """Per game: the median rate and the median of its per-round ratios to the dummy (each
    game beside the dummy run just before it, so a busy spell hits both alike)."""
    moves = len(next(iter(states.values())))
    dummy = [dummy_state(move + 1) for move in range(moves)]
    rates: dict[str, list[float]] = {name: [] for name in states}
    ratios: dict[str, list[float]] = {name: [] for name in states}
    store = await open_store(url)
    try:
        await moves_per_s(store, dummy[:20])  # the database file and its caches, untimed
        for _ in range(rounds):
            for name, game_states in states.items():
                base = await moves_per_s(store, dummy)
                rates[name].append(await moves_per_s(store, game_states))
                ratios[name].append(rates[name][-1] / base)
                rates.setdefault("dummy", []).append(base)
    finally:
        await store.close()
    out: dict[str, Any] = {name: statistics.median(values) for name, values in rates.items()}
    return out | {f"{name} x": statistics.median(values) for name, values in ratios.items()}


async def store_states(quick: bool) -> dict[str, Any]:
    states = real_states(quick, 150 if quick else 600)
    rounds = 3 if quick else 5
    backends: dict[str, dict[str, float]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        backends["sqlite"] = await _rounds(f"{tmp}/states.db", states, rounds)
    if not quick:
        from tests.pg_cluster import TempCluster

        cluster = TempCluster(durable=True)
        try:
            backends["postgresql"] = await _rounds(cluster.start(), states, rounds)
        finally:
            cluster.remove()
    checks = Checks()
    rows = []
    for backend, rates in backends.items():
        for name, game_states in states.items():
            kib = max(len(dumps(s)) for s in game_states) / 1024
            row = {"game": name, "kind": backend, "state_kib_max": round(kib, 1)}
            row |= {"moves_per_s": round(rates[name]), "dummy_moves_per_s": round(rates["dummy"])}
            row["x_dummy"] = round(rates[f"{name} x"], 2)
            checks.row(row, "x_dummy", X_DUMMY)
            rows.append(row)
    dummy_kib = round(len(dumps(dummy_state(1))) / 1024, 1)
    return checks.result(rows=rows, rounds=rounds, dummy_state_kib=dummy_kib)
