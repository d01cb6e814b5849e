"""What a player sees through Discord is true and complete (issue 23, item 11): an abandon
vote is answered and the others are told, a start racing the start-up catch-up posts in
its thread only."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, game_id_of, open_and_start

THREAD_CREATE = r"^/channels/\d+/messages/\d+/threads$"


async def test_the_first_abandon_vote_is_answered_and_pings_the_others(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    vote = await t.answer(await t.emu.slash(t.alice, thread_id, "game abandon", {}))
    assert vote.ephemeral and "vote to abandon is counted" in vote.content
    told = await t.emu.wait_for(
        lambda m: not m.ephemeral and "abandon" in m.content, 10, channel=thread_id
    )
    assert told.pinged_ids == {t.bob.id}
    assert f"<@{t.bob.id}>" in told.content and "/game abandon" in told.content
    assert (await t.bot.store.get_game(game_id)).status == "active"  # type: ignore[union-attr]
    done = await t.answer(await t.emu.slash(t.bob, thread_id, "game abandon", {}))
    assert done.ephemeral and "abandoned" in done.content
    assert (await t.bot.store.get_game(game_id)).status == "abandoned"  # type: ignore[union-attr]


async def test_a_start_during_the_start_up_catch_up_posts_in_its_thread_only(
    table: Table,
) -> None:
    t = table
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    await (await t.emu.click(t.bob, lobby, f"tenka:l:join:{game_id}")).response()
    hold = t.emu.hold_next("POST", THREAD_CREATE)
    start = await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}")
    await asyncio.wait_for(hold.reached.wait(), 10)
    # The bot has just (re)connected: its start-up catch-up of owed boards runs while the
    # start is under way (between its checks and the thread being there).
    await t.bot.publisher.catch_up_all()
    hold.release()
    assert "started" in (await t.answer(start)).content
    (thread,) = t.emu.threads_of(t.channel)
    await t.emu.wait_until(lambda: boards(t, thread.id), 10, "the opening board")
    assert len(boards(t, thread.id)) == 1 and boards(t, thread.id)[0].pinged_ids
    in_channel = [m for m in t.emu.messages(t.channel) if m.channel_id == t.channel.id]
    assert [m.id for m in in_channel if not m.ephemeral] == [lobby.id]
    assert (await t.bot.store.get_game(game_id)).thread_id == thread.id  # type: ignore[union-attr]


READERS = ("board", "hand", "game status", "game history", "game catchup", "game replay")


async def test_a_game_is_read_by_number_only_where_it_is_played(table: Table) -> None:
    """Issue 23 item 10: the game's channel may be private; from another channel only its
    players and the server's managers may read it by its number."""
    t = table
    game_id, thread_id = await open_and_start(t)
    elsewhere = t.emu.add_channel(t.guild, "general")
    stranger = t.emu.add_user("dan")
    manager = t.emu.add_user("erin", admin=True)
    for command in (*READERS, "game reveal"):
        refused = await t.answer(
            await t.emu.slash(stranger, elsewhere, command, {"game": str(game_id)})
        )
        assert refused.ephemeral and refused.visible_to == {stranger.id}, command
        assert refused.content == (
            f"Game #{game_id} can be read only in its own channel or thread, or by its players."
        ), (command, refused.content)
    shown = await t.answer(await t.emu.slash(t.alice, elsewhere, "board", {"game": str(game_id)}))
    assert shown.attachments, shown.content  # a player may read their game anywhere
    status = await t.answer(
        await t.emu.slash(manager, elsewhere, "game status", {"game": str(game_id)})
    )
    assert "can be read only" not in status.content and f"#{game_id}" in status.content
    here = await t.answer(await t.emu.slash(stranger, thread_id, "board", {"game": str(game_id)}))
    assert here.attachments, here.content  # in the game's own thread anyone there may
    assert not [m for m in t.emu.public_messages(elsewhere) if m.channel_id == elsewhere.id]
