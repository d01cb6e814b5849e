"""A kill -9 of the real bot process between a board's post and its mark, restarted after
Discord forgot the post's nonce (minutes): the board is in the channel once, found again
by its marker in the channel's history, and the game owes nothing. Before, only the
nonce kept the repost out, and the emulator remembered nonces forever, so this could not
fail."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import replace
from pathlib import Path
from typing import Any

from bench.configs import configurations
from bench.faults.kill import T0, BotProcess, set_clock
from bench.tables import open_table
from bot.service.facade import Service
from bot.store import open_store
from tests.emulator import Emulator

BOARD_POST = ("POST", "/channels/{channel_id}/messages")


def kill_after_the_board_post(emu: Emulator, proc: BotProcess) -> list[int]:
    """The next board post is made, then the process is killed before it hears back (so
    before it can mark the board delivered); returns the killed posts' channel ids."""
    index, route = next(
        (i, r) for i, r in enumerate(emu.rest.routes) if (r.method, r.template) == BOARD_POST
    )
    killed: list[int] = []

    async def post_then_kill(emu_: Any, req: Any) -> Any:
        reply = await route.handler(emu_, req)
        if not killed and isinstance(req.body, dict) and req.body.get("nonce"):
            killed.append(int(req.params["channel_id"]))
            proc.kill()
        return reply

    emu.rest.routes[index] = replace(route, handler=post_then_kill)
    return killed


async def test_a_kill_between_the_post_and_its_mark_posts_the_board_once(
    emulator: Emulator, tmp_path: Path
) -> None:
    emu = emulator  # strict: a request outside Discord's schema fails the test
    db, clock = tmp_path / "outbox.db", tmp_path / "clock"
    set_clock(clock, T0)
    guild = emu.add_guild("Outbox")
    channel = emu.add_channel(guild, "games", threads_allowed=False)
    users = [emu.add_user(f"o{i}") for i in range(2)]
    store = await open_store(str(db))
    service = Service(store, render=False, clock=lambda: T0)
    yokai = next(c for c in configurations() if c.key == "yokai")
    pairs = [(u.id, u.username) for u in users]
    game_id = await open_table(
        service, yokai, pairs, seed=5, guild_id=guild.id, channel_id=channel.id
    )  # its opening board is owed
    proc = BotProcess(emu, db, clock)
    try:
        killed = kill_after_the_board_post(emu, proc)
        with contextlib.suppress(RuntimeError):  # it may die before start() sees it up
            await proc.start()
        await emu.wait_until(lambda: killed, 30, "the board posted and the bot killed")
        await proc.wait_dead()
        row = await store.get_game(game_id)
        assert row is not None and row.published_revision != row.revision  # never marked
        assert len(emu.public_messages(channel)) == 1
        emu.advance(emu.nonce_window_s + 60)  # Discord forgot the nonce
        await proc.start()

        async def delivered() -> bool:
            row = await store.get_game(game_id)
            return row is not None and row.published_revision == row.revision

        for _ in range(300):
            if await delivered():
                break
            await asyncio.sleep(0.05)
        assert await delivered()
        boards = [m for m in emu.public_messages(channel) if m.nonce]
        assert len(boards) == 1, [m.content for m in boards]
        row = await store.get_game(game_id)
        assert row is not None and row.board_message_id == boards[0].id  # the board now
    finally:
        await proc.stop()
        await store.close()
