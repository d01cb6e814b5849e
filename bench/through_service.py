"""A whole move through the service: load, validate, apply, persist, render."""

from __future__ import annotations

import statistics
import tempfile
import time
from typing import Any

import games
from bench.sections import pct
from bot.service import Service
from bot.store import open_store
from games.ai import RandomPlayer


async def bench_service(games_: int = 6, key: str = "yokai") -> dict[str, Any]:
    game = games.get(key)
    times: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(f"{tmp}/service.db")
        service = Service(store)
        try:
            for index in range(games_):
                lobby = await service.new_game(
                    guild_id=1, channel_id=1, user_id=1, user_name="A", key=key, seed=index
                )
                game_id = lobby.game.game_id
                await service.join(game_id, 2, "B")
                result = await service.start(game_id, 1)
                player = RandomPlayer(index)
                while not result.finished:
                    loaded = await service.load(game_id)
                    seat = min(game.to_act(loaded.state))
                    user = next(s.user_id for s in loaded.seats if s.position == seat)
                    text = game.notation(loaded.state, player.choose(game, loaded.state, seat))
                    started = time.perf_counter()
                    result = await service.act(game_id, user, text)
                    times.append((time.perf_counter() - started) * 1000)
        finally:
            await store.close()
    return {
        "game": key,
        "moves": len(times),
        "p50_ms": round(statistics.median(times), 2),
        "p95_ms": round(pct(times, 0.95), 2),
        "target": "p95 <= 60 ms",
    }
