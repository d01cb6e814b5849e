"""Interactions through the local Discord emulator: the real discord.py client, real HTTP
and websocket on 127.0.0.1, several Yōkai games played at once by fake users.

Each move is two interactions, as a player makes them: an autocomplete request while
typing, then the ``/move`` command (deferred, board posted, answer followed up).
"""

from __future__ import annotations

import asyncio
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import games
from bench.sections import pct
from games.ai import RandomPlayer


async def bench_emulator(moves: int = 300, tables: int = 6) -> dict[str, Any]:
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    emu = Emulator()
    await emu.start()
    try:
        guild = emu.add_guild()
        channel = emu.add_channel(guild, "bench")
        with tempfile.TemporaryDirectory() as tmp:
            bot = make_bot(emu, Path(tmp) / "bench.db", Clock())
            await start_client(bot, emu)
            await bot.tree.sync()
            try:
                pairs = [(emu.add_user(f"a{i}"), emu.add_user(f"b{i}")) for i in range(tables)]
                ids = [await _start(bot, a, b, channel.id) for a, b in pairs]
                latencies: list[float] = []
                started = time.perf_counter()
                per_table = max(1, moves // tables)
                await asyncio.gather(
                    *(
                        _play(emu, bot, game_id, pair, per_table, latencies, seed)
                        for seed, (game_id, pair) in enumerate(zip(ids, pairs, strict=True))
                    )
                )
                elapsed = time.perf_counter() - started
            finally:
                await stop_client(bot)
    finally:
        await emu.stop()
    return {
        "tables": tables,
        "interactions": len(latencies),
        "interactions_per_s": round(len(latencies) / elapsed, 1),
        "p50_ms": round(statistics.median(latencies), 1),
        "p95_ms": round(pct(latencies, 0.95), 1),
        "problems": len(emu.problems()),
        "target": ">= 50 interactions/s sustained, p95 <= 150 ms",
    }


async def _start(bot: Any, a: Any, b: Any, channel_id: int) -> int:
    service = bot.service
    lobby = await service.new_game(
        guild_id=None, channel_id=channel_id, user_id=a.id, user_name=a.username, key="yokai"
    )
    await service.join(lobby.game.game_id, b.id, b.username)
    await service.start(lobby.game.game_id, a.id)
    return int(lobby.game.game_id)


async def _play(
    emu: Any,
    bot: Any,
    game_id: int,
    pair: tuple[Any, Any],
    moves: int,
    latencies: list[float],
    seed: int,
) -> None:
    game = games.get("yokai")
    player = RandomPlayer(seed)
    users = {u.id: u for u in pair}
    channel = (await bot.service.game(game_id)).where
    for _ in range(moves):
        loaded = await bot.service.load(game_id)
        if loaded.row.status != "active":
            game_id = await _start(bot, *pair, loaded.row.channel_id)
            continue
        seat = min(game.to_act(loaded.state))
        user = users[next(s.user_id for s in loaded.seats if s.position == seat)]
        move = game.notation(loaded.state, player.choose(game, loaded.state, seat))
        t0 = time.perf_counter()
        await emu.autocomplete(user, channel, "move", {"action": move[:2]}, focused="action")
        latencies.append((time.perf_counter() - t0) * 1000)
        t0 = time.perf_counter()
        handle = await emu.slash(user, channel, "move", {"action": move, "game": str(game_id)})
        await handle.response(timeout=10)
        await handle.followups(1, timeout=10)
        latencies.append((time.perf_counter() - t0) * 1000)
