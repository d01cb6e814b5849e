"""An Undo is taken back once (issue 23's last notes, defect A): a rollback writes no
action row, so before it recorded no origin, and the same Undo interaction delivered again
(Discord re-sends INTERACTION_CREATE after a gateway resume) was not recognised: its
second delivery was answered by nobody (the log said "delivered again while it runs"
after the first had long finished), and at the service it took back a second step. Now
the rollback keeps its origin in its own transaction, on SQLite and PostgreSQL: the second
delivery is answered "that takeback is already done" in the player's language, nothing
more is taken back and no board is posted or edited again."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.store import open_store
from bot.words.text import t as t_
from tests.e2e.conftest import Clock, Table, make_bot
from tests.e2e.test_outbox_e2e import _delivered, _samurai_in_play, _undoable_steps
from tests.e2e.test_yokai_e2e import boards
from tests.emulator import Emulator, start_client, stop_client


@pytest_asyncio.fixture
async def backend_table(url: str, emulator: Emulator, tmp_path: Path) -> AsyncIterator[Table]:
    """The e2e table on ``url``'s backend."""
    db = tmp_path / "tenka.db"
    store = await open_store(url)
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games")
    users = [emulator.add_user(name) for name in ("alice", "bob", "carol")]
    clock = Clock()
    bot = make_bot(emulator, db, clock, store=store)
    await start_client(bot, emulator)
    await bot.tree.sync()
    yield Table(emulator, guild, channel, *users, bot, db, clock)
    await stop_client(bot)
    await store.close()


@pytest.mark.parametrize("language", ["en", "es"])
async def test_an_undo_delivered_twice_takes_back_one_step(
    backend_table: Table, language: str
) -> None:
    """Guards defect A: one Undo press delivered twice. Shown red with the fix reverted
    (no second answer came: ``handle.followups(2)`` timed out)."""
    t = backend_table
    game_id, thread_id, mover = await _samurai_in_play(t)
    first, _ = await _undoable_steps(t, game_id, mover)
    board = boards(t, thread_id)[-1]  # the turn's board: a step edits it
    await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": first}))
    await _delivered(t, game_id)
    stepped = await t.bot.store.get_game(game_id)
    assert stepped is not None
    undo = next(c for c in board.custom_ids() if c.startswith("tenka:b:undo:"))
    mover.locale = "es-ES" if language == "es" else "en-US"
    handle = await t.emu.click(mover, board, undo)
    done = await t.answer(handle)
    assert done.content == t_("reply.done", language)
    await _delivered(t, game_id)
    undone = await t.bot.store.get_game(game_id)
    assert undone is not None and undone.version == stepped.version - 1
    shown, edits, count = board.content, len(board.revisions), len(boards(t, thread_id))

    await t.emu.interactions.redeliver(handle)  # Discord sends the same press again
    (_, again) = await handle.followups(2, timeout=10)
    assert again.content == t_("err.already_undone", language)
    after = await t.bot.store.get_game(game_id)
    assert after is not None and (after.version, after.revision) == (
        undone.version,
        undone.revision,
    )  # one step taken back, nothing else written
    assert len(await t.bot.store.actions(game_id)) == undone.version
    await _delivered(t, game_id)
    assert len(boards(t, thread_id)) == count  # the board posted once, not edited again
    assert (board.content, len(board.revisions)) == (shown, edits)
