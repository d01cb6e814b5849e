"""Samurai end to end: three fake users, the secret opening pick by DM (one with closed
DMs, who picks ephemerally), figure placement and turns through /move, to the final scores."""

from __future__ import annotations

import asyncio

import games
from games.ai import choose_for
from games.samurai.ai import make_player
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import PNG_MAGIC, boards, game_id_of
from tests.emulator import FakeUser
from tests.emulator.world import StoredMessage


async def open_three_player_game(t: Table) -> tuple[int, int]:
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "samurai", "players": 3})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    for user in (t.bob, t.carol):
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    reply = await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    assert "started" in reply.content
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


def menu_message(messages: list[StoredMessage], game_id: int) -> StoredMessage:
    found = [m for m in messages if f"tenka:fs:{game_id}:0:samurai.pick" in m.custom_ids()]
    assert found, [m.content for m in messages]
    return found[-1]


async def pick(t: Table, user: FakeUser, message: StoredMessage, game_id: int) -> None:
    options = message.component(f"tenka:fs:{game_id}:0:samurai.pick")["options"]
    values = [o["value"] for o in options[:5]]
    click = await t.emu.select(user, message, f"tenka:fs:{game_id}:0:samurai.pick", values)
    assert (await click.response()).type == 6  # answered at once, the message edited after
    await t.emu.wait_until(lambda: "Your choice" in message.content, 10, "the choice")
    confirm = await t.emu.click(user, message, f"tenka:fb:{game_id}:c:samurai.pick")
    assert (await confirm.response()).type == 6
    await t.emu.wait_until(lambda: message.content.startswith("Confirmed"), 10, "confirmed")


async def test_three_player_samurai_to_the_final_scores(table: Table) -> None:
    t = table
    t.emu.close_dms(t.carol)
    game_id, thread_id = await open_three_player_game(t)
    # Alice and Bob get their opening menu by DM; Carol's DMs are closed, so the thread tells
    # her (without any secret) to use /hand, which shows the same menu ephemerally.
    for user in (t.alice, t.bob):
        await t.emu.wait_until(lambda u=user: t.emu.dms(u), 10, "the opening DM")
    assert t.emu.dms(t.carol) == []
    note = await t.emu.wait_for(lambda m: "/hand" in m.content, 10, channel=thread_id)
    assert t.carol.id in note.pinged_ids
    await pick(t, t.alice, menu_message(t.emu.dms(t.alice), game_id), game_id)
    handle = await t.emu.slash(t.carol, thread_id, "hand", {})
    await handle.response()
    (ephemeral,) = await handle.followups(1, timeout=10)
    assert ephemeral.ephemeral and ephemeral.visible_to == frozenset({t.carol.id})
    await pick(t, t.carol, ephemeral, game_id)
    await pick(t, t.bob, menu_message(t.emu.dms(t.bob), game_id), game_id)
    await t.emu.wait_until(
        lambda: any("Everyone has chosen" in m.content for m in boards(t, thread_id)), 10, "pick"
    )
    game = games.get("samurai")
    players = {u.id: make_player("normal", seed=i) for i, u in enumerate((t.alice, t.bob, t.carol))}
    users = {u.id: u for u in (t.alice, t.bob, t.carol)}
    for _ in range(600):
        row = await t.bot.store.get_game(game_id)
        assert row is not None
        if row.status == "finished":
            break
        loaded = await t.bot.service.load(game_id)
        seat = min(game.to_act(loaded.state))
        user_id = next(s.user_id for s in loaded.seats if s.position == seat)
        assert user_id is not None
        action = await asyncio.to_thread(choose_for, players[user_id], game, loaded.state, seat)
        move = game.notation(loaded.state, action)
        handle = await t.emu.slash(users[user_id], thread_id, "move", {"action": move})
        await handle.response()
        await t.emu.wait_until(
            lambda h=handle: any("Played" in m.content for m in h.followup_messages()), 10, move
        )
        assert all(m.visible_to == {user_id} for m in handle.followup_messages())
    final = boards(t, thread_id)[-1]
    assert "Game over" in final.content and "Scores" in final.content
    assert t.emu.attachment_bytes(final).startswith(PNG_MAGIC)
    public_text = "\n".join(m.content for m in t.emu.public_messages(thread_id))
    assert "You drew" not in public_text and "starting hand" not in public_text
    for user in (t.alice, t.bob):
        dm_text = "\n".join(m.content for m in t.emu.dms(user))
        assert "Confirmed" in dm_text and "private view" in dm_text
        assert all(m.attachments for m in t.emu.dms(user) if "private view" in m.content)
    notes = [m for m in t.emu.public_messages(thread_id) if "direct message" in m.content]
    assert notes and all(m.pinged_ids == {t.carol.id} and not m.attachments for m in notes)
