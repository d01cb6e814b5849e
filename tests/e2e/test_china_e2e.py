"""China end to end: four fake users; placements through /move, draws through the board's
buttons, hands by DM, to the final scores."""

from __future__ import annotations

import asyncio

import games
from games import engine
from games.ai import choose_for
from games.china.ai import make_player
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import PNG_MAGIC, boards, game_id_of
from tests.emulator import FakeUser


async def open_four_player_game(t: Table, dave: FakeUser) -> tuple[int, int]:
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "china", "players": 4})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    for user in (t.bob, t.carol, dave):
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


async def test_four_player_china_to_the_final_scores(table: Table) -> None:
    t = table
    dave = t.emu.add_user("dave", guilds=[t.guild])
    game_id, thread_id = await open_four_player_game(t, dave)
    people = (t.alice, t.bob, t.carol, dave)
    for user in people:  # everyone's starting hand arrives by DM, with its picture
        await t.emu.wait_until(lambda u=user: t.emu.dms(u), 10, "the starting hand")
        assert t.emu.dms(user)[0].attachments
    game = games.get("china")
    ai = {u.id: make_player("normal", seed=i) for i, u in enumerate(people)}
    users = {u.id: u for u in people}
    buttons_used = 0
    for _ in range(800):
        row = await t.bot.store.get_game(game_id)
        assert row is not None
        if row.status == "finished":
            break
        loaded = await t.bot.service.load(game_id)
        seat = min(game.to_act(loaded.state))
        user_id = next(s.user_id for s in loaded.seats if s.position == seat)
        assert user_id is not None
        action = await asyncio.to_thread(choose_for, ai[user_id], game, loaded.state, seat)
        board = boards(t, thread_id)[-1]
        shown = engine.public_choices(game, loaded.state, seat) or ()
        index = shown.index(action) if action in shown else -1  # buttons index these
        button = f"tenka:a:{game_id}:{row.version}:{index}"
        if index >= 0 and button in board.custom_ids():
            handle = await t.emu.click(users[user_id], board, button)
            buttons_used += 1
        else:
            move = game.notation(loaded.state, action)
            handle = await t.emu.slash(users[user_id], thread_id, "move", {"action": move})
        await handle.response()
        await t.emu.wait_until(
            lambda h=handle: any("Played" in m.content for m in h.followup_messages()), 10, "move"
        )
    final = boards(t, thread_id)[-1]
    assert "Game over" in final.content and "Scores" in final.content
    assert t.emu.attachment_bytes(final).startswith(PNG_MAGIC)
    assert buttons_used > 10
    public = "\n".join(m.content for m in t.emu.public_messages(thread_id))
    assert "You drew" not in public
    # one board message per turn: steps inside a turn edit it instead of posting again
    turns = len([a for a in await t.bot.store.actions(game_id)])
    assert len(boards(t, thread_id)) < turns
