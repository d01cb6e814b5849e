"""A bot killed between committing a move and scheduling the new turn's timers: after the
restart the turn still has its deadline (the resume pass reschedules it; the kill -9
suite checks the same across real SIGKILLs)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, to_act

HOUR = 3600.0


async def test_a_turn_committed_before_a_kill_keeps_its_deadline(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    await t.bot.store.set_guild_settings(t.guild.id, {"deadline_hours": 12.0})
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    loaded = await t.bot.service.load(game_id)
    move = loaded.game.notation(
        loaded.state, loaded.game.legal(loaded.state, loaded.seat_of(mover.id))[0]
    )

    async def killed(*_: Any) -> None:  # the process dies right after the commit
        raise RuntimeError("kill -9")

    monkeypatch.setattr(t.bot.service.timers, "schedule", killed)
    t.emu.ignore_discord_errors(".")
    handle = await t.emu.slash(mover, thread_id, "move", {"action": move})
    await t.answer(handle)  # "something went wrong": the commit is in, the timers are not
    monkeypatch.undo()
    after = await t.bot.service.load(game_id)
    assert after.row.version == 1  # the move was committed
    t.bot = await t.emu.restart_client(t.bot, t.make_bot)
    assert t.bot._resume_task is not None
    await t.bot._resume_task
    timers = await t.bot.store.timers_for_game(game_id)
    waiting = after.game.to_act(after.state)
    assert {tm.payload["seat"] for tm in timers if tm.kind == "deadline"} == set(waiting)
    t.clock.now += 13 * HOUR
    assert t.bot.dispatcher is not None
    await t.bot.dispatcher.run_due()
    await t.emu.wait_for(lambda m: "Time ran out" in m.content, 10, channel=thread_id)
