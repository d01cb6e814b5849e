"""One game whose stored row does not decode is set aside at restart, through the real bot:
the start-up passes (downtime credit, resuming, the owed-posts sweep), the timer
dispatcher, the channel's ``/move`` without a game number and the game lists skip it with
a logged sentence, its own commands answer the ``err.broken_game`` sentence, and every
other game plays on (defect found by the bad-data run: one corrupt row stopped the bot from
starting, since every multi-game query decoded every row)."""

from __future__ import annotations

import asyncio
import logging
import sqlite3

import pytest

from bench.configs import configurations
from bench.faults.harness import answer_of, is_sentence
from bench.tables import open_table
from bot.words.text import t as text_of
from tests.e2e.conftest import Table

HOUR = 3600.0
CORRUPT = {
    "json": '{"broken": [',  # the state column does not parse
    "shape": '{"broken": []}',  # it parses, but no game can load it
    "settings": None,  # the settings column does not parse (the state is fine)
}


@pytest.mark.parametrize("how", sorted(CORRUPT))
async def test_a_corrupt_game_is_set_aside_and_the_others_play_on(
    table: Table, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    t = table
    service = t.bot.service
    await t.bot.store.set_guild_settings(t.guild.id, {"deadline_hours": 12.0})
    config = next(c for c in configurations() if c.key == "yokai" and c.players == 2)
    pairs = [(t.alice.id, "alice"), (t.bob.id, "bob")]
    ids = [
        await open_table(
            service, config, pairs, seed=s, guild_id=t.guild.id, channel_id=t.channel.id
        )
        for s in (1, 2, 3)
    ]
    broken, *fine = ids  # the oldest: the one a channel-wide lookup would find first
    with sqlite3.connect(t.db) as conn:
        if CORRUPT[how] is None:
            conn.execute("UPDATE games SET settings = '{oops' WHERE id = ?", (broken,))
        else:
            conn.execute("UPDATE games SET state = ? WHERE id = ?", (CORRUPT[how], broken))
    t.clock.now += 3 * HOUR  # the bot was away: the start-up credits the downtime
    with caplog.at_level(logging.WARNING):
        async with asyncio.timeout(30):  # a start-up that fails waits for ever
            t.bot = await t.emu.restart_client(t.bot, t.make_bot)
            assert t.bot._resume_task is not None
            await t.bot._resume_task
        service = t.bot.service
        # the owed boards of the other games were posted at start
        for game_id in fine:
            assert (await t.bot.store.get_game(game_id)).published_version is not None  # type: ignore[union-attr]
        # the channel's /move without a game number finds a game that can be read
        loaded = await service.load(fine[0])
        seat = min(loaded.game.to_act(loaded.state))
        user = t.alice if loaded.user_at(seat) == t.alice.id else t.bob
        move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
        played = await answer_of(await t.emu.slash(user, t.channel, "move", {"action": move}))
        assert played is not None and played.startswith("Played"), played
        assert (await service.load(fine[0])).row.version == 1
        # the broken game's own commands answer the sentence
        said = await answer_of(
            await t.emu.slash(t.alice, t.channel, "move", {"action": "x", "game": str(broken)})
        )
        assert said == text_of("err.broken_game", "en", game_id=broken), said
        assert is_sentence(said)
        # the lists leave it out
        listed = await service.mine(t.alice.id)
        assert [g.game_id for g in listed if g.game_id in ids] == sorted(fine, reverse=True)
        # the deadlines of the others fire; the broken game's is kept for when it is mended
        t.clock.now += 13 * HOUR
        assert t.bot.dispatcher is not None
        await t.bot.dispatcher.run_due()
        for game_id in fine:
            assert (await service.load(game_id)).row.version >= 1
        kept = await t.bot.store.timers_for_game(broken)
        assert {tm.kind for tm in kept} >= {"deadline"}, kept
        assert all(tm.due_at > t.clock.now for tm in kept)
    ours = [r for r in caplog.records if r.name.startswith(("tenka", "bot"))]
    assert not [r for r in ours if r.levelno >= logging.ERROR], [r.getMessage() for r in ours]
    assert any(f"game {broken}" in r.getMessage() for r in ours if r.levelno == logging.WARNING)
