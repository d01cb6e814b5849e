"""The AI's level is chosen at the table and shown beside its name, in English and Spanish.

The lobby offers Add AI at each level (easy, normal, hard; the plain Add AI button of older
lobbies is normal); ``/game replace … level:`` hands a seat to the AI at a level; the name
reads "Hanzo (AI, hard)" / "Hanzo (IA, difícil)" in the lobby, on the board, in its alt
text and in ``/game history``.

Defects guarded:
- the level dropped on the way (``Lobby.add_ai`` seating ``"normal"`` whatever was pressed):
  red, shown by putting the literal back;
- the level missing from the name (``ai.name`` without ``{level}``): red, shown by putting
  the old catalogue sentence back;
- a forged level (``tenka:l:ai:<game>:expert``, or a level on Join) seating an AI anyway
  or answering with a traceback: red, shown by dropping the checks (``checked_level``,
  the Join check in ``LobbyButton.run``);
- ``/game replace`` ignoring ``level``: red, shown by passing ``"normal"`` to the store.
"""

from __future__ import annotations

from pathlib import Path

from bot.words.text import t
from games.search import HARD_S
from tests.e2e.conftest import Clock, Table, make_bot
from tests.e2e.test_yokai_e2e import boards, game_id_of
from tests.emulator import Emulator, FakeUser, start_client, stop_client
from tests.emulator.world import StoredMessage


async def open_lobby(t_: Table, user: FakeUser, channel: object) -> tuple[StoredMessage, int]:
    handle = await t_.emu.slash(user, channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    return lobby, game_id_of(lobby)


def labels(message: StoredMessage) -> list[str]:
    return [str(c.get("label")) for row in message.components for c in row["components"]]


async def seats_ai(t_: Table, game_id: int) -> list[str | None]:
    return [s.ai for s in (await t_.bot.service.load(game_id)).seats]


async def until_the_ai_moved(t_: Table, game_id: int, thread_id: int) -> None:
    """Alice (or Bob) plays a first move when it is a human's turn: the AI answers."""
    loaded = await t_.bot.service.load(game_id)
    if not any(a.user_id is None for a in await t_.bot.store.actions(game_id)):
        (seat,) = loaded.game.to_act(loaded.state)
        user = t_.alice if loaded.user_at(seat) == t_.alice.id else t_.bob
        move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
        await t_.answer(await t_.emu.slash(user, thread_id, "move", {"action": move}))


async def test_the_lobby_offers_each_level_and_the_name_shows_it(table: Table) -> None:
    t_ = table
    lobby, game_id = await open_lobby(t_, t_.alice, t_.channel)
    assert labels(lobby)[-3:] == ["Add AI (easy)", "Add AI (normal)", "Add AI (hard)"]
    assert f"tenka:l:ai:{game_id}:hard" in lobby.custom_ids()
    click = await t_.emu.click(t_.alice, lobby, f"tenka:l:ai:{game_id}:hard")
    assert (await click.response()).type == 7
    assert "Hanzo (AI, hard)" in lobby.content
    assert await seats_ai(t_, game_id) == [None, "hard"]
    await t_.answer(await t_.emu.click(t_.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t_.emu.threads_of(t_.channel)
    await t_.emu.wait_until(lambda: boards(t_, thread.id), 10, "the first board")
    board = boards(t_, thread.id)[0]
    assert "Hanzo (AI, hard)" in (board.attachments[0].description or "")
    await until_the_ai_moved(t_, game_id, thread.id)
    shown = await t_.answer(await t_.emu.slash(t_.alice, thread.id, "game history", {}))
    assert "Hanzo (AI, hard) moved" in shown.content


async def test_the_plain_add_ai_button_seats_a_normal_ai(table: Table) -> None:
    t_ = table
    lobby, game_id = await open_lobby(t_, t_.alice, t_.channel)
    await (await t_.emu.click(t_.alice, lobby, f"tenka:l:ai:{game_id}")).response()
    assert "Hanzo (AI, normal)" in lobby.content
    assert await seats_ai(t_, game_id) == [None, "normal"]


async def test_a_forged_or_stale_level_changes_nothing(table: Table) -> None:
    t_ = table
    lobby, game_id = await open_lobby(t_, t_.alice, t_.channel)
    forged = t_.emu.plant_message(
        t_.channel, buttons=[f"tenka:l:ai:{game_id}:expert", f"tenka:l:join:{game_id}:hard"]
    )
    for custom_id in forged.custom_ids():
        answer = await t_.answer(await t_.emu.click(t_.alice, forged, custom_id))
        assert answer.ephemeral
        assert "is not a level of the AI: easy, normal or hard" in answer.content
    assert await seats_ai(t_, game_id) == [None]
    await (await t_.emu.click(t_.bob, lobby, f"tenka:l:join:{game_id}")).response()
    await t_.answer(await t_.emu.click(t_.alice, lobby, f"tenka:l:start:{game_id}"))
    stale = t_.emu.plant_message(t_.channel, buttons=[f"tenka:l:ai:{game_id}:easy"])
    answer = await t_.answer(await t_.emu.click(t_.alice, stale, f"tenka:l:ai:{game_id}:easy"))
    assert answer.ephemeral and "Traceback" not in answer.content
    assert await seats_ai(t_, game_id) == [None, None]


async def test_replace_by_the_ai_at_a_level(table: Table) -> None:
    t_ = table
    lobby, game_id = await open_lobby(t_, t_.alice, t_.channel)
    await (await t_.emu.click(t_.bob, lobby, f"tenka:l:join:{game_id}")).response()
    await t_.answer(await t_.emu.click(t_.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t_.emu.threads_of(t_.channel)
    owner = t_.emu.owner  # a server manager may hand any seat over
    options = {"player": t_.bob.id, "level": "hard", "game": str(game_id)}
    answer = await t_.answer(await t_.emu.slash(owner, thread.id, "game replace", options))
    assert answer.ephemeral
    loaded = await t_.bot.service.load(game_id)
    assert [s.ai for s in loaded.seats if s.user_id is None] == ["hard"]
    assert any(name == "Hanzo (AI, hard)" for name in loaded.names())
    await until_the_ai_moved(t_, game_id, thread.id)
    shown = await t_.answer(await t_.emu.slash(t_.alice, thread.id, "game history", {}))
    assert "Hanzo (AI, hard) moved" in shown.content


async def test_in_spanish(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild(locale="es-ES")
    channel = emulator.add_channel(guild, "partidas")
    alice = emulator.add_user("alicia", locale="es-ES")
    bob = emulator.add_user("bruno", locale="es-ES")
    bot = make_bot(emulator, tmp_path / "tenka.db", Clock())
    await start_client(bot, emulator)
    await bot.tree.sync()
    t_ = Table(emulator, guild, channel, alice, bob, bob, bot, tmp_path, Clock())
    try:
        lobby, game_id = await open_lobby(t_, alice, channel)
        assert labels(lobby)[-3:] == [
            "Añadir IA (fácil)",
            "Añadir IA (normal)",
            "Añadir IA (difícil)",
        ]
        await (await emulator.click(alice, lobby, f"tenka:l:ai:{game_id}:easy")).response()
        assert "Hanzo (IA, fácil)" in lobby.content
        forged = emulator.plant_message(channel, buttons=[f"tenka:l:ai:{game_id}:dios"])
        answer = await t_.answer(await emulator.click(alice, forged, f"tenka:l:ai:{game_id}:dios"))
        assert answer.content == t("err.ai_level", "es", level="'dios'")
        assert await seats_ai(t_, game_id) == [None, "easy"]
        await t_.answer(await emulator.click(alice, lobby, f"tenka:l:start:{game_id}"))
        (thread,) = emulator.threads_of(channel)
        await emulator.wait_until(lambda: boards(t_, thread.id), 10, "the first board")
        board = boards(t_, thread.id)[0]
        assert "Hanzo (IA, fácil)" in (board.attachments[0].description or "")
        lobby, second = await open_lobby(t_, alice, channel)  # bruno's seat goes to the AI
        await (await emulator.click(bob, lobby, f"tenka:l:join:{second}")).response()
        await t_.answer(await emulator.click(alice, lobby, f"tenka:l:start:{second}"))
        thread = next(th for th in emulator.threads_of(channel) if th.id == lobby.id)
        options = {"player": bob.id, "level": "hard", "game": str(second)}
        await t_.answer(await emulator.slash(emulator.owner, thread.id, "game replace", options))
        await until_the_ai_moved(t_, second, thread.id)
        shown = await t_.answer(await emulator.slash(alice, thread.id, "game history", {}))
        assert "Hanzo (IA, difícil) movió" in shown.content, shown.content
    finally:
        await stop_client(bot)


async def test_a_server_sets_how_long_the_hard_ai_thinks(table: Table) -> None:
    """Defect guarded: the setting stored but never read (``Aftermath.budget_s`` returning
    the bot's budget): red, shown by returning ``self.ai_budget_s`` at once."""
    t_ = table
    lobby, game_id = await open_lobby(t_, t_.alice, t_.channel)
    await (await t_.emu.click(t_.alice, lobby, f"tenka:l:ai:{game_id}:hard")).response()
    loaded = await t_.bot.service.load(game_id)
    aftermath = t_.bot.service.aftermath
    # none set: what hard is calibrated to (the bot's budget, 0.5 s in tests, left Yokai's
    # clock-bound hard no deeper than normal)
    assert await aftermath.budget_s(loaded, "hard") == max(aftermath.ai_budget_s, HARD_S)
    assert await aftermath.budget_s(loaded, "hard") > aftermath.ai_budget_s
    shown = await t_.answer(
        await t_.emu.slash(t_.emu.owner, t_.channel, "settings server", {"ai_seconds": 2.5})
    )
    assert "ai_seconds: 2.5" in shown.content
    assert await aftermath.budget_s(loaded, "hard") == 2.5
    assert await aftermath.budget_s(loaded, "normal") == aftermath.ai_budget_s
