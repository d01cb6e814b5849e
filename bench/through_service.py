"""A whole move through the service (load, validate, apply, persist, render), for every
registered game, variant and player count."""

from __future__ import annotations

import tempfile
import time
from typing import Any

from bench.configs import Config, configurations
from bench.stats import summary_ms
from bench.tables import next_turn, open_table
from bench.targets import Checks, at_most
from bot.service.facade import Service
from bot.store import open_store
from games.ai import RandomPlayer
from games.rng import derive_seed

P95_MS = at_most(1500.0)  # a whole move with its pictures: ~3x the busy machine's 120-550 ms


async def bench_service(
    moves: int = 200, max_games: int = 6, *, render: bool = True
) -> dict[str, Any]:
    """Per configuration: ``service.act`` of random legal moves, up to ``moves`` moves or
    ``max_games`` whole games, whichever comes first (``render=False`` skips the
    pictures, for tests)."""
    rows = []
    checks = Checks()
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(f"{tmp}/service.db")
        service = Service(store, render=render)
        try:
            for config in configurations():
                times, played = await _play(service, config, moves, max_games)
                rows.append({"game": config.label, "games": played, "moves": len(times)})
                rows[-1].update(summary_ms(times))
                checks.row(rows[-1], "p95_ms", P95_MS)
        finally:
            await store.close()
    return checks.result(rows=rows)


async def _play(
    service: Service, config: Config, moves: int, max_games: int
) -> tuple[list[float], int]:
    users = [(100 + i, f"P{i + 1}") for i in range(config.players)]
    times: list[float] = []
    played = 0
    while len(times) < moves and played < max_games:
        seed = derive_seed(played, f"bench-service:{config.label}")
        game_id = await open_table(service, config, users, seed=seed)
        player = RandomPlayer(seed)
        played += 1
        while len(times) < moves and (
            turn := await next_turn(service, config.game, game_id, player)
        ):
            started = time.perf_counter()
            await service.act(game_id, turn.user_id, turn.text)
            times.append((time.perf_counter() - started) * 1000)
    return times, played
