"""A game whose action log is damaged, met through the real bot after a restart: ``/board``,
``/game history``, ``/game takeback`` and ``/move`` (with the game's number, in its
thread) each answer the ``err.broken_game`` sentence, nothing is committed, the start-up
and the outbox pass over it, and the channel's other game plays on.

Defect guarded (issue 23, item 5): the game stayed open; ``/board`` showed it, history
and takeback answered an unrelated rule sentence, and a move was committed while its
player was told that sentence."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bench.configs import configurations
from bench.faults.harness import answer_of
from bench.tables import open_table
from bot.words.text import t as text_of
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, to_act


async def _play(t: Table, game_id: int, thread_id: int) -> None:
    """The player to act plays their first legal move through ``/move``."""
    mover = to_act(t, boards(t, thread_id)[-1])
    loaded = await t.bot.service.load(game_id)
    seat = loaded.seat_of(mover.id)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    reply = await answer_of(await t.emu.slash(mover, thread_id, "move", {"action": move}))
    assert reply is not None and reply.startswith("Played"), reply
    await t.emu.wait_until(lambda: "Played" not in boards(t, thread_id)[-1].content, 10, "board")


async def test_a_damaged_log_row_sets_its_game_aside_through_discord(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    t = table
    broken, thread_id = await open_and_start(t)
    for _ in range(3):
        await _play(t, broken, thread_id)
    mover = to_act(t, boards(t, thread_id)[-1])
    loaded = await t.bot.service.load(broken)
    seat = loaded.seat_of(mover.id)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    config = next(c for c in configurations() if c.key == "yokai" and c.players == 2)
    pairs = [(t.alice.id, "alice"), (t.bob.id, "bob")]
    service = t.bot.service
    sound_id = await open_table(
        service, config, pairs, seed=2, guild_id=t.guild.id, channel_id=t.channel.id
    )
    with sqlite3.connect(t.db) as conn:
        conn.execute("UPDATE actions SET text = 'zz9' WHERE game_id = ? AND seq = 1", (broken,))
    before = (await t.bot.store.get_game(broken), await t.bot.store.actions(broken))
    said = text_of("err.broken_game", "en", game_id=broken)
    with caplog.at_level(logging.WARNING):
        async with asyncio.timeout(30):
            t.bot = await t.emu.restart_client(t.bot, t.make_bot)
            assert t.bot._resume_task is not None
            await t.bot._resume_task
        tries = [
            (t.alice, "board", {"game": str(broken)}),
            (t.alice, "game history", {}),
            (t.alice, "game takeback", {}),
            (mover, "move", {"action": move}),
        ]
        for user, command, options in tries:
            answer = await answer_of(await t.emu.slash(user, thread_id, command, options))
            assert answer == said, (command, answer)
        assert (await t.bot.store.get_game(broken), await t.bot.store.actions(broken)) == before
        # the other game of the channel plays on
        other = await t.bot.service.load(sound_id)
        seat = min(other.game.to_act(other.state))
        text = other.game.notation(other.state, other.game.legal(other.state, seat)[0])
        player = t.alice if other.user_at(seat) == t.alice.id else t.bob
        options = {"action": text, "game": str(sound_id)}
        played = await answer_of(await t.emu.slash(player, t.channel, "move", options))
        assert played is not None and played.startswith("Played"), played
    ours = [r for r in caplog.records if r.name.startswith(("tenka", "bot"))]
    assert not [r for r in ours if r.levelno >= logging.ERROR], [r.getMessage() for r in ours]
    told = [r for r in ours if f"game {broken} cannot be read" in r.getMessage()]
    assert len(told) == 1, [r.getMessage() for r in told]
