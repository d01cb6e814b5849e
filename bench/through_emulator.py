"""Interactions through the local Discord emulator: the real discord.py client, real HTTP
and websocket on 127.0.0.1, one table of every registered game, variant and player count
played at once by fake users (the number of tables is in the result).

Each move is two interactions, as a player makes them: an autocomplete request while
typing, then the ``/move`` command (deferred, board posted, answer followed up); each kind
is reported apart. :func:`bench_whole_moves` counts the store calls of one whole ``/move``
per table, played alone (the ``store_calls`` section).
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from bench.configs import Config, configurations
from bench.stats import summary_ms
from bench.store_calls import CountingStore
from bench.tables import Turn, check_played, next_turn, open_table
from bench.targets import Checks, at_least, at_most
from bot.store import open_store
from games.ai import RandomPlayer
from games.rng import derive_seed

# Discord drops an interaction not answered within 3 s; on a machine other programs keep
# at load 15 the bot answers later than that, and the run would stop at the first late
# answer instead of measuring: the emulator waits this long (the p95 says how late).
CALLBACK_DEADLINE_S = 30.0
KINDS = ("autocomplete", "move")  # an autocomplete is not a move: each kind has its figures
# ~1/3 of the rates and ~3x the p95 measured with every table playing at once on the busy
# 2-core machine
PER_S = {"autocomplete": at_least(1.5), "move": at_least(1.5)}
P95_MS = {"autocomplete": at_most(6000.0), "move": at_most(12000.0)}


@contextlib.asynccontextmanager
async def _running_bot(
    configs: list[Config],
) -> AsyncIterator[tuple[Any, Any, Any, CountingStore, list[_Table]]]:
    """The emulator, the real bot on a temporary SQLite store (every store call through a
    counter), one channel, and one opened table of each of ``configs``."""
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    emu = Emulator()
    emu.callback_deadline_s = CALLBACK_DEADLINE_S
    await emu.start()
    try:
        guild = emu.add_guild()
        channel = emu.add_channel(guild, "bench")
        with tempfile.TemporaryDirectory() as tmp:
            counting = CountingStore(await open_store(str(Path(tmp) / "bench.db")))
            bot = make_bot(emu, Path(tmp) / "bench.db", Clock(), store=counting)
            await start_client(bot, emu)
            await bot.tree.sync()
            try:
                tables = [
                    _Table(config, [emu.add_user(f"t{i}p{j}") for j in range(config.players)])
                    for i, config in enumerate(configs)
                ]
                for index, table in enumerate(tables):
                    await table.open(bot.service, channel, seed=index)
                yield emu, bot, channel, counting, tables
            finally:
                await stop_client(bot)
                await counting.close()
    finally:
        await emu.stop()


async def bench_emulator(moves: int = 50, configs: list[Config] | None = None) -> dict[str, Any]:
    """``moves`` moves (two interactions each) at a table of each configuration (default:
    every one), all tables at once."""
    async with _running_bot(configs or list(configurations())) as (emu, bot, channel, _, tables):
        started = time.perf_counter()
        await asyncio.gather(*(t.play(emu, bot, channel, moves) for t in tables))
        elapsed = time.perf_counter() - started
        problems = len(emu.problems())
    checks = Checks()
    rows = []
    for kind in KINDS:
        times = [ms for t in tables for ms in t.latencies[kind]]
        row = {"kind": kind, "tables": len(tables), "interactions": len(times)}
        row |= {"per_s": round(len(times) / elapsed, 1), **summary_ms(times)}
        checks.row(row, "per_s", PER_S[kind])
        checks.row(row, "p95_ms", P95_MS[kind])
        rows.append(row)
    checks.figure("emulator problems (protocol misuse)", problems, at_most(0))
    games = {t.config.label: t.games for t in tables}
    deadline = f"{CALLBACK_DEADLINE_S:g} s (Discord: 3 s)"
    return checks.result(
        rows=rows, tables=len(tables), seconds=round(elapsed, 1), games=games, deadline=deadline
    )


async def bench_whole_moves(configs: list[Config] | None = None) -> dict[str, dict[str, Any]]:
    """Per configuration (default: every one), the store calls of one whole ``/move``
    interaction (finding the game, the reader's locale, the move, the posts), after two
    moves played to warm up."""
    tables_of = configs or list(configurations())
    async with _running_bot(tables_of) as (emu, bot, channel, counting, tables):
        for table in tables:
            await table.play(emu, bot, channel, 2)
            await table.greet(emu, channel)
        return await _count_one_move_each(emu, bot, channel, tables, counting)


class _Table:
    """One game at a table of fake users; starts a new game when one ends."""

    def __init__(self, config: Config, users: list[Any]) -> None:
        self.config = config
        self.users = {u.id: u for u in users}
        self.latencies: dict[str, list[float]] = {kind: [] for kind in KINDS}
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
        await handle.response(timeout=CALLBACK_DEADLINE_S)
        answers = await handle.followups(1, timeout=CALLBACK_DEADLINE_S)
        return (time.perf_counter() - started) * 1000, answers[0].content

    async def greet(self, emu: Any, channel: Any) -> None:
        """Every player types in ``/move`` once (an autocomplete): the bot has met each of
        them, so a counted move is not a user's first interaction (which also remembers
        the language of their Discord client, one more store call)."""
        for user in self.users.values():
            typed = {"action": "", "game": str(self.game_id)}
            await emu.autocomplete(
                user, channel, "move", typed, focused="action", timeout=CALLBACK_DEADLINE_S
            )

    async def play(self, emu: Any, bot: Any, channel: Any, moves: int) -> None:
        for _ in range(moves):
            turn = await self.turn(bot, channel)
            user = self.users[turn.user_id]
            typed = {"action": turn.text[:2], "game": str(self.game_id)}
            started = time.perf_counter()
            await emu.autocomplete(
                user, channel, "move", typed, focused="action", timeout=CALLBACK_DEADLINE_S
            )
            self.latencies["autocomplete"].append((time.perf_counter() - started) * 1000)
            took, answer = await self.move(emu, channel, turn)
            await check_played(bot.service, self.game_id, turn, answer)
            self.latencies["move"].append(took)


async def _count_one_move_each(
    emu: Any, bot: Any, channel: Any, tables: list[_Table], counting: CountingStore
) -> dict[str, dict[str, Any]]:
    """The store calls of one whole ``/move`` interaction per table, played one at a time:
    ``move_<kind>`` counts and ``methods`` (calls per store method)."""
    out = {}
    for table in tables:
        turn = await table.turn(bot, channel)
        counting.reset()
        _, answer = await table.move(emu, channel, turn)
        split, methods = counting.split(), dict(sorted(counting.calls.items()))
        await check_played(bot.service, table.game_id, turn, answer)
        out[table.config.label] = {f"move_{k}": v for k, v in split.items()}
        out[table.config.label]["methods"] = methods
    return out
