"""Interactions through the local Discord emulator: the real discord.py client, real HTTP
and websocket on 127.0.0.1, one table of every registered game, variant and player count
played at once by fake users.

Each move is two interactions, as a player makes them: an autocomplete request while
typing, then the ``/move`` command (deferred, board posted, answer followed up). After the
timed run, one more ``/move`` per table is played alone with the store calls counted (the
whole interaction: finding the game, the reader's locale, the move, the posts).
"""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.configs import Config, configurations
from bench.stats import summary_ms
from bench.store_calls import CountingStore
from bench.tables import Turn, check_played, next_turn, open_table
from bot.store import open_store
from games.ai import RandomPlayer
from games.rng import derive_seed


async def bench_emulator(moves: int = 50) -> dict[str, Any]:
    """``moves`` moves (two interactions each) at every table, all tables at once."""
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    emu = Emulator()
    await emu.start()
    try:
        guild = emu.add_guild()
        channel = emu.add_channel(guild, "bench")
        with tempfile.TemporaryDirectory() as tmp:
            # every store call goes through the counter; only one move per table is counted
            counting = CountingStore(await open_store(str(Path(tmp) / "bench.db")))
            bot = make_bot(emu, Path(tmp) / "bench.db", Clock(), store=counting)
            await start_client(bot, emu)
            await bot.tree.sync()
            try:
                tables = [
                    _Table(config, [emu.add_user(f"t{i}p{j}") for j in range(config.players)])
                    for i, config in enumerate(configurations())
                ]
                for index, table in enumerate(tables):
                    await table.open(bot.service, channel, seed=index)
                started = time.perf_counter()
                await asyncio.gather(*(t.play(emu, bot, channel, moves) for t in tables))
                elapsed = time.perf_counter() - started
                calls = await _count_one_move_each(emu, bot, channel, tables, counting)
            finally:
                await stop_client(bot)
                await counting.close()
    finally:
        await emu.stop()
    everything = [ms for t in tables for ms in t.latencies]
    rows = [
        {"game": t.config.label, "interactions": len(t.latencies), **summary_ms(t.latencies)}
        | calls.get(t.config.label, {})
        for t in tables
    ]
    return {
        "rows": rows,
        "tables": len(tables),
        "interactions": len(everything),
        "interactions_per_s": round(len(everything) / elapsed, 1),
        **{k: round(v, 1) for k, v in summary_ms(everything).items()},
        "problems": len(emu.problems()),
        "target": ">= 50 interactions/s sustained, p95 <= 150 ms",
    }


class _Table:
    """One game at a table of fake users; starts a new game when one ends."""

    def __init__(self, config: Config, users: list[Any]) -> None:
        self.config = config
        self.users = {u.id: u for u in users}
        self.latencies: list[float] = []
        self.game_id = 0
        self.games = 0
        self.player = RandomPlayer(0)

    async def open(self, service: Any, channel: Any, seed: int) -> None:
        seed = derive_seed(seed, f"bench-emulator:{self.config.label}:{self.games}")
        pairs = [(u.id, u.username) for u in self.users.values()]
        self.game_id = await open_table(
            service, self.config, pairs, seed=seed, guild_id=channel.guild_id, channel_id=channel.id
        )
        self.player = RandomPlayer(seed)
        self.games += 1

    async def turn(self, bot: Any, channel: Any) -> Turn:
        turn = await next_turn(bot.service, self.config.game, self.game_id, self.player)
        while turn is None:
            await self.open(bot.service, channel, seed=self.games)
            turn = await next_turn(bot.service, self.config.game, self.game_id, self.player)
        return turn

    async def move(self, emu: Any, channel: Any, turn: Turn) -> tuple[float, str]:
        """``/move`` as the user of ``turn``: its latency in ms and the answer's text."""
        user = self.users[turn.user_id]
        started = time.perf_counter()
        handle = await emu.slash(
            user, channel, "move", {"action": turn.text, "game": str(self.game_id)}
        )
        await handle.response(timeout=10)
        answers = await handle.followups(1, timeout=10)
        return (time.perf_counter() - started) * 1000, answers[0].content

    async def play(self, emu: Any, bot: Any, channel: Any, moves: int) -> None:
        for _ in range(moves):
            turn = await self.turn(bot, channel)
            user = self.users[turn.user_id]
            typed = {"action": turn.text[:2], "game": str(self.game_id)}
            started = time.perf_counter()
            await emu.autocomplete(user, channel, "move", typed, focused="action")
            self.latencies.append((time.perf_counter() - started) * 1000)
            took, answer = await self.move(emu, channel, turn)
            await check_played(bot.service, self.game_id, turn, answer)
            self.latencies.append(took)


async def _count_one_move_each(
    emu: Any, bot: Any, channel: Any, tables: list[_Table], counting: CountingStore
) -> dict[str, dict[str, int]]:
    """The store calls of one whole ``/move`` interaction per table, played one at a time."""
    out = {}
    for table in tables:
        turn = await table.turn(bot, channel)
        counting.reset()
        _, answer = await table.move(emu, channel, turn)
        split = counting.split()
        await check_played(bot.service, table.game_id, turn, answer)
        out[table.config.label] = {f"move_{k}": v for k, v in split.items()}
    return out
