"""One whole ``/move`` through Discord and what it costs the store (issue 26: 24 calls and
three loads of the game; now 8 calls and one load), and the checks a game named by its
number gets on the move's own load instead of a load of their own."""

from __future__ import annotations

from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest_asyncio

from bench.configs import configurations
from bench.faults.harness import answer_of
from bench.store_calls import LOADS, CountingStore
from bench.tables import next_turn, open_table
from bot.edge.app import TenkaBot
from bot.store import open_store
from bot.words.text import t
from games.ai import RandomPlayer
from tests.e2e.conftest import Clock, make_bot
from tests.emulator import Channel, Emulator, FakeUser, Guild, start_client, stop_client

YOKAI = next(c for c in configurations() if c.key == "yokai")
# the reader's language; the game with its settings and the origin check; the move; the
# turn's timers; the publisher's outbox, board claim, new board message and mark
WHOLE_MOVE = Counter(
    {
        "user_settings": 1,
        "load_game": 1,
        "append_action": 1,
        "sync_timers": 1,
        "outbox": 1,
        "claim_board": 1,
        "set_messages": 1,
        "mark_published": 1,
    }
)


@dataclass
class Table:
    emu: Emulator
    bot: TenkaBot
    store: CountingStore
    guild: Guild
    channel: Channel
    users: dict[int, FakeUser]
    game_id: int

    async def version(self) -> int:
        return int((await self.bot.service.load(self.game_id)).row.version)

    async def move(self, seed: int) -> str | None:
        """The player to act plays a random legal move by ``/move``; its answer. The
        store calls counted are the interaction's (from after choosing the move)."""
        turn = await next_turn(self.bot.service, YOKAI.game, self.game_id, RandomPlayer(seed))
        assert turn is not None
        self.store.reset()
        options = {"action": turn.text, "game": str(self.game_id)}
        handle = await self.emu.slash(self.users[turn.user_id], self.channel, "move", options)
        return await answer_of(handle)


@pytest_asyncio.fixture
async def table(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Table]:
    """A started two-player Yōkai game (its opening board posted) on a counted store,
    each player having met the bot once (an autocomplete while typing ``/move``)."""
    store = CountingStore(await open_store(str(tmp_path / "t.db")))
    bot = make_bot(emulator, tmp_path / "unused.db", Clock(), store=store)  # type: ignore[arg-type]
    await start_client(bot, emulator)
    try:
        await bot.tree.sync()
        guild = emulator.add_guild()
        channel = emulator.add_channel(guild, "games", threads_allowed=False)
        users = [emulator.add_user(name) for name in ("ann", "ben")]
        pairs = [(u.id, u.username) for u in users]
        game_id = await open_table(
            bot.service, YOKAI, pairs, seed=3, guild_id=guild.id, channel_id=channel.id
        )
        await bot.publisher.catch_up_all()
        for user in users:
            typed = {"action": "", "game": str(game_id)}
            await emulator.autocomplete(user, channel, "move", typed, focused="action")
        yield Table(emulator, bot, store, guild, channel, {u.id: u for u in users}, game_id)
    finally:
        await stop_client(bot)
        await store.close()


async def test_a_whole_move_costs_eight_store_calls_and_one_load(table: Table) -> None:
    """Guards the store calls of one ``/move`` from the interaction to the answer: any
    call added back fails it (a reload, the publisher reading the game, a settings read
    per player, the numbered game loaded before the move, the dispatcher woken for a
    reminder hours away). Shown red with the dispatcher woken at every schedule
    (``claim_timers`` and ``next_timer``) and with ``/move`` resolving the game first."""
    for seed in range(4):
        version = await table.version()
        answer = await table.move(seed)
        calls = Counter(table.store.calls)
        assert await table.version() == version + 1, answer
        assert calls == WHOLE_MOVE, f"move {seed + 1}: {dict(calls)}"
        assert sum(calls[name] for name in LOADS) == 1


async def test_a_game_named_where_it_may_not_be_read_is_refused_on_the_moves_load(
    table: Table,
) -> None:
    """Guards the checks ``/move game:`` now runs on the move's own load: a game of
    another server, or read from another channel by someone not at the table, is
    refused with the sentence that names nothing of it (not "not your seat", not "the
    game is over") and nothing changes. Shown red with the check left out of the move."""
    emu = table.emu
    elsewhere = emu.add_guild()
    their_channel = emu.add_channel(elsewhere, "other", threads_allowed=False)
    stranger = emu.add_user("eve")
    next_door = emu.add_channel(table.guild, "next-door", threads_allowed=False)
    version = await table.version()
    options = {"action": "anything", "game": str(table.game_id)}
    tried = [
        (their_channel, "err.other_server"),
        (next_door, "err.read_elsewhere"),
    ]
    for channel, key in tried:
        handle = await emu.slash(stranger, channel, "move", options)
        assert await answer_of(handle) == t(key, "en", game_id=str(table.game_id))
    await table.store.set_status(table.game_id, "abandoned")  # over: still nothing told
    handle = await emu.slash(stranger, their_channel, "move", options)
    assert await answer_of(handle) == t("err.other_server", "en", game_id=str(table.game_id))
    assert await table.version() == version
