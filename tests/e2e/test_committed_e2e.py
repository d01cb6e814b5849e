"""What a player is told after the commit (issue 23, items 2 and 11): the answer to an
interaction is decided by whether its move is in the log. A store that fails after the
move is saved (timers, settings, the publisher's own calls), on SQLite and PostgreSQL,
and a reply Discord refuses, each tell the player their move is in (never "nothing was
changed"), the board still follows, and the same interaction delivered again is answered
"already played" and plays nothing twice."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bench.configs import configurations
from bench.faults.harness import answer_of
from bench.tables import next_turn, open_table
from bot.edge.app import TenkaBot
from bot.store import Store, Unavailable, open_store
from bot.words.text import t
from games.ai import RandomPlayer
from tests.e2e.conftest import Clock, make_bot
from tests.emulator import Channel, Emulator, FakeUser, start_client, stop_client
from tests.pg_cluster import TempCluster

COMMITS = frozenset({"append_action", "append_actions"})


class FailsAfterCommit:
    """A store whose ``method`` fails once, as a database gone away would, right after a
    move was committed (every other call goes to the real store)."""

    def __init__(self, store: Store, method: str) -> None:
        self._store = store
        self._method = method
        self.armed = False
        self.failed = 0

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._store, name)
        if name in COMMITS:

            async def commit(*args: Any, **kwargs: Any) -> Any:
                row = await real(*args, **kwargs)
                self.armed = self.failed == 0  # the first move only
                return row

            return commit
        if name == self._method and self.armed:

            async def fail(*args: Any, **kwargs: Any) -> Any:
                self.armed = False
                self.failed += 1
                raise Unavailable("the database went away after the commit (test)")

            return fail
        return real


@dataclass
class Game:
    emu: Emulator
    bot: TenkaBot
    channel: Channel
    users: dict[int, FakeUser]
    game_id: int
    store: Any

    async def version(self) -> int:
        return int((await self.bot.service.load(self.game_id)).row.version)

    async def move(self) -> tuple[Any, int]:
        """The player to act plays a random legal move by ``/move``: its handle, and the
        version the game was at."""
        game = next(c for c in configurations() if c.key == "yokai").game
        turn = await next_turn(self.bot.service, game, self.game_id, RandomPlayer(7))
        assert turn is not None
        options = {"action": turn.text, "game": str(self.game_id)}
        handle = await self.emu.slash(self.users[turn.user_id], self.channel, "move", options)
        return handle, turn.version

    async def nothing_owed(self) -> bool:
        """Wait (bounded, on the outbox's own retry) until the game owes no board."""
        for _ in range(100):
            if await self.bot.service.owed(self.game_id) is None:
                return True
            await asyncio.sleep(0.2)
        return False


async def _yokai(emu: Emulator, bot: TenkaBot, store: Any) -> Game:
    """A started two-player Yōkai game in a new channel, its opening board posted."""
    guild = emu.add_guild()
    channel = emu.add_channel(guild, "games", threads_allowed=False)
    users = [emu.add_user(name) for name in ("ann", "ben")]
    config = next(c for c in configurations() if c.key == "yokai")
    pairs = [(u.id, u.username) for u in users]
    game_id = await open_table(
        bot.service, config, pairs, seed=3, guild_id=guild.id, channel_id=channel.id
    )
    await bot.publisher.catch_up_all()  # the opening board
    return Game(emu, bot, channel, {u.id: u for u in users}, game_id, store)


Opening = Callable[[Callable[[Store], Any]], Awaitable[Game]]


@pytest_asyncio.fixture
async def opening(url: str, emulator: Emulator, tmp_path: Path) -> AsyncIterator[Opening]:
    """Opens a started two-player Yōkai game on ``url``'s backend, the bot's store
    wrapped by the given function."""
    opened: list[tuple[TenkaBot, Store]] = []
    emulator.ignore_discord_errors(r"Service Unavailable|503")

    async def open_game(wrap: Callable[[Store], Any]) -> Game:
        real = await open_store(url)
        store = wrap(real)
        bot = make_bot(emulator, tmp_path / "unused.db", Clock(), store=store)
        await start_client(bot, emulator)
        opened.append((bot, real))
        await bot.tree.sync()
        return await _yokai(emulator, bot, store)

    yield open_game
    for bot, real in opened:
        await stop_client(bot)
        await real.close()


@pytest.mark.parametrize("method", ["sync_timers", "outbox", "claim_board"])
async def test_a_store_failing_after_the_commit_says_the_move_is_in(
    opening: Opening, method: str
) -> None:
    """Guards item 2: a store error after the move was saved (the turn's timers, the
    publisher's outbox read and board claim; the players' settings are read with the game,
    before the commit) was answered "I cannot
    reach my database right now; nothing was changed", so a player who retried played
    twice. Now: "your move is in", the board follows by itself, and the same interaction
    delivered again is "already played". The turn's reminder, which the failure may have
    stopped, is written when the owed board is."""
    game = await opening(lambda store: FailsAfterCommit(store, method))
    handle, version = await game.move()
    text = await answer_of(handle)
    assert game.store.failed == 1, f"{method} was never called after the commit"
    assert text == t("err.after_commit", "en")
    assert "nothing was changed" not in (text or "").lower()
    assert await game.version() == version + 1
    assert await game.nothing_owed(), "the move's board never followed"
    reminded = {t.user_id for t in await game.store.timers_for_game(game.game_id)}
    assert reminded == {(await game.bot.service.load(game.game_id)).user_at(1)}  # its turn
    await game.emu.interactions.redeliver(handle)  # Discord sends it again
    (_, again) = await handle.followups(2)
    assert again.content == t("err.already_played", "en")
    assert await game.version() == version + 1  # played once


@pytest.mark.parametrize("url", ["sqlite"], indirect=True)  # Discord's side only
async def test_a_refused_reply_says_the_move_is_in(opening: Opening) -> None:
    """Guards item 11's first bullet: the answer to a ``/move`` refused by Discord (503
    five times: discord.py's webhook retries) became "Something went wrong... Nothing was
    changed; please try again" although the move was played and its board posted. Now
    the next answer says the move is in."""
    game = await opening(lambda store: store)
    fault = game.emu.fail_next("POST", r"/webhooks/\d+/[^/]+$", 503, times=5)
    handle, version = await game.move()
    text = await answer_of(handle, timeout=30.0)
    assert len(fault.hits) == 5
    assert text == t("err.after_commit", "en")
    assert await game.version() == version + 1
    assert await game.nothing_owed()


async def test_an_interaction_delivered_twice_is_played_once(opening: Opening) -> None:
    """Guards the duplicate delivery (Discord re-sends INTERACTION_CREATE after a gateway
    resume): the second delivery was run as a new command. Now it plays nothing and is
    answered "already played"."""
    game = await opening(lambda store: store)
    handle, version = await game.move()
    first = await answer_of(handle)
    assert first is not None and first != t("err.already_played", "en")
    await game.emu.interactions.redeliver(handle)
    (_, again) = await handle.followups(2)
    assert again.content == t("err.already_played", "en")
    assert await game.version() == version + 1
    (played,) = await game.bot.store.actions(game.game_id, since_seq=version)
    assert played.seq == version


class StopsAfterCommit:
    """A store on a real PostgreSQL server that is stopped right after the first move is
    committed, as a server stopped mid-game (every later call meets it down)."""

    def __init__(self, store: Store, cluster: TempCluster) -> None:
        self._store = store
        self._cluster = cluster
        self.stopped = False

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._store, name)
        if name not in COMMITS:
            return real

        async def commit(*args: Any, **kwargs: Any) -> Any:
            row = await real(*args, **kwargs)
            if not self.stopped:
                self.stopped = True
                await asyncio.to_thread(self._cluster.stop, "fast")
            return row

        return commit


async def test_postgresql_stopped_mid_game_never_denies_a_committed_move(
    emulator: Emulator, tmp_path: Path
) -> None:
    """Guards item 2 on a real server: with PostgreSQL stopped mid-game most failed
    calls had committed the move and told the player "I cannot reach my database right
    now; nothing was changed". Stopped right after the commit, the move's answer says it
    is in, and once the server is back the board follows and the move is in once."""
    cluster = TempCluster()
    try:
        store = await open_store(cluster.start())
        wrapped = StopsAfterCommit(store, cluster)
        bot = make_bot(emulator, tmp_path / "unused.db", Clock(), store=wrapped)  # type: ignore[arg-type]
        await start_client(bot, emulator)
        try:
            await bot.tree.sync()
            game = await _yokai(emulator, bot, wrapped)
            handle, version = await game.move()
            text = await answer_of(handle)
            assert wrapped.stopped
            assert text == t("err.after_commit", "en")
            await asyncio.to_thread(cluster.start)
            assert await game.version() == version + 1
            assert await game.nothing_owed(), "the move's board never followed"
        finally:
            if not (cluster.data_dir / "postmaster.pid").exists():  # a failed check above
                await asyncio.to_thread(cluster.start)
            await stop_client(bot)
            await store.close()
    finally:
        cluster.remove()


class HeldAtCommit:
    """A store that holds the first move at its commit until ``go`` is set."""

    def __init__(self, store: Store) -> None:
        self._store = store
        self.entered = asyncio.Event()
        self.go = asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        real = getattr(self._store, name)
        if name not in COMMITS:
            return real

        async def commit(*args: Any, **kwargs: Any) -> Any:
            self.entered.set()
            await self.go.wait()
            return await real(*args, **kwargs)

        return commit


@pytest.mark.parametrize("url", ["sqlite"], indirect=True)
async def test_an_interaction_delivered_again_while_it_runs_says_nothing_false(
    opening: Opening, caplog: pytest.LogCaptureFixture
) -> None:
    """Guards the redelivery that arrives while the first delivery still works: Discord
    refuses its callback (40060) and it was answered "Something went wrong... Nothing was
    changed" while the first delivery went on to commit the move. Now it says nothing
    (the first delivery answers), and the move is played once."""
    caplog.set_level(logging.INFO, logger="tenka.edge")
    game = await opening(HeldAtCommit)
    handle, version = await game.move()
    held = game.store
    await asyncio.wait_for(held.entered.wait(), 10)
    await game.emu.interactions.redeliver(handle)

    def seen_through() -> bool:  # it kept quiet, or it answered (while the first is held)
        quiet = any("delivered again while it runs" in r.getMessage() for r in caplog.records)
        return quiet or bool(handle.followup_messages())

    await game.emu.wait_until(seen_through, 10, "the second delivery to be seen through")
    assert [m.content for m in handle.followup_messages()] == []  # nothing said for it
    held.go.set()
    text = await answer_of(handle)
    assert text is not None and text.startswith("Played")
    assert [m.content for m in handle.followup_messages()] == [text]
    assert await game.version() == version + 1
