"""Platform behaviour through the emulator: errors, rate limits, sync, listings."""

from __future__ import annotations

import pytest

from bot.__main__ import _sync
from bot.config import Config
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, to_act
from tests.emulator import Emulator


async def test_unexpected_error_gets_an_apology_with_an_error_id(
    table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    t = table
    await open_and_start(t)

    async def broken(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the database caught fire")

    monkeypatch.setattr(t.bot.service, "status", broken)
    (thread,) = t.emu.threads_of(t.channel)
    reply = await t.answer(await t.emu.slash(t.alice, thread.id, "game status", {}))
    assert reply.ephemeral and "error id" in reply.content
    assert "caught fire" not in reply.content and "Traceback" not in reply.content
    ident = reply.content.split("`")[1]
    assert any(ident in r.getMessage() and r.exc_info for r in caplog.records)


async def test_rate_limited_board_post_still_lands_exactly_once(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    user = to_act(t, boards(t, thread_id)[-1])
    loaded = await t.bot.service.load(game_id)
    game = loaded.game
    move = game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(user.id))[0])
    t.emu.fail_next("POST", rf"/channels/{thread_id}/messages$", 429, retry_after=0.05)
    reply = await t.answer(await t.emu.slash(user, thread_id, "move", {"action": move}))
    assert "Played" in reply.content
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) == 2, 10, "the retried board")
    assert len(await t.bot.store.actions(game_id)) == 1


async def test_lists_and_rules(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mine = await t.answer(await t.emu.slash(t.bob, t.channel, "game mine", {}))
    assert f"#{game_id}" in mine.content and str(thread_id) in mine.content
    listed = await t.answer(await t.emu.slash(t.carol, thread_id, "game list", {}))
    assert f"#{game_id}" in listed.content
    rules = await t.answer(await t.emu.slash(t.carol, t.channel, "rules", {"game": "yokai"}))
    assert rules.ephemeral and "koropokkuru" in rules.content
    choices = await t.emu.autocomplete(t.alice, t.channel, "game status", {}, focused="game")
    assert [c["value"] for c in choices] == [str(game_id)]
    empty = await t.emu.autocomplete(t.carol, thread_id, "move", {"action": ""}, focused="action")
    assert empty == []


async def test_sync_command_publishes_the_tree(emulator: Emulator, tmp_path) -> None:
    guild = emulator.add_guild()
    config = Config(
        token=emulator.token,
        database=str(tmp_path / "sync.db"),
        api_base=emulator.api_base,
        gateway=emulator.gateway_url,
        dev_guild=None,
        log_level="INFO",
    )
    from tests.emulator.client import install

    install(emulator)
    await _sync(config, guild.id)
    names = {c["name"] for c in emulator.commands[guild.id]}
    assert {"game", "move", "board", "hand", "rules"} <= names
    assert emulator.commands.get(None, []) == []
