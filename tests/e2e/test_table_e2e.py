"""What a player sees through Discord is true and complete (issue 23, items 10 and 11): an
abandon vote is answered and the others are told, a start racing the start-up catch-up
posts in its thread only, a game is read by number only where it is played, the last to
confirm the opening pick who places first is pinged in a new message and sent their hand,
and the sentences around forms, the lobby and stale clicks say what is true."""

from __future__ import annotations

import asyncio

from tests.e2e.conftest import Table
from tests.e2e.test_outbox_e2e import _move_of
from tests.e2e.test_samurai_e2e import menu_message, open_three_player_game, pick
from tests.e2e.test_shitenno_e2e import fill_and_confirm, form_message
from tests.e2e.test_shitenno_e2e import open_game as open_shitenno
from tests.e2e.test_yokai_e2e import (
    boards,
    game_id_of,
    open_and_start,
    play_move,
    to_act,
)

THREAD_CREATE = r"^/channels/\d+/messages/\d+/threads$"


async def delivered(t: Table, game_id: int) -> None:
    """Until the outbox has delivered the game's latest version (board and DMs)."""

    async def done() -> bool:
        row = await t.bot.store.get_game(game_id)
        return row is not None and row.published_version == row.version

    for _ in range(200):
        if await done():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} was not delivered")


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


async def test_the_first_placer_confirming_the_pick_last_is_pinged_and_sent_their_hand(
    table: Table,
) -> None:
    """Whoever confirms the opening pick last and places first gets a new message pinging
    them (an edit notifies nobody) and their hand by DM; the others' confirmations say the
    game goes on when everyone has chosen, the last one's does not."""
    t = table
    game_id, thread_id = await open_three_player_game(t)
    users = {u.id: u for u in (t.alice, t.bob, t.carol)}
    first = users[(await t.bot.service.load(game_id)).user_at(0) or 0]
    order = [u for u in users.values() if u is not first] + [first]
    forms = {}
    for user in order:
        await t.emu.wait_until(lambda u=user: t.emu.dms(u), 10, "the opening DM")
        forms[user.id] = menu_message(t.emu.dms(user), game_id)
        await pick(t, user, forms[user.id], game_id)
    due = await t.emu.wait_for(
        lambda m: "Everyone has chosen" in m.content and bool(m.pinged_ids), 10, channel=thread_id
    )
    assert due.pinged_ids == {first.id} and f"<@{first.id}>" in due.content
    assert not due.revisions  # posted, not an edit of the pick's message
    await t.emu.wait_until(
        lambda: any("private view" in m.content for m in t.emu.dms(first)), 10, "the hand DM"
    )
    await delivered(t, game_id)
    hand = [m for m in t.emu.dms(first) if "private view" in m.content]
    assert len(hand) == 1 and hand[0].id != forms[first.id].id and hand[0].attachments
    for user in order:
        confirmed = forms[user.id].content
        assert confirmed.startswith("Confirmed: **Your five tiles**: "), confirmed
        assert "Your choice so far" not in confirmed
        waits = "The game goes on when everyone has chosen." in confirmed
        assert waits == (user is not first), (user.username, confirmed)
        (picture,) = forms[user.id].attachments  # the form's hand picture is drawn again
        assert "0 of 5 chosen" not in (picture.description or ""), picture.description


async def test_a_pick_of_too_few_says_how_many_and_changes_nothing(table: Table) -> None:
    """Confirm before choosing: the one right number is said as such ("Choose 5")."""
    t = table
    game_id, _ = await open_three_player_game(t)
    await t.emu.wait_until(lambda: t.emu.dms(t.alice), 10, "the opening DM")
    message = menu_message(t.emu.dms(t.alice), game_id)
    version = (await t.bot.store.get_game(game_id)).version  # type: ignore[union-attr]
    confirm = await t.emu.click(t.alice, message, f"tenka:fb:{game_id}:c:samurai.pick")
    await confirm.response()
    (refused,) = await confirm.followups(1, timeout=10)
    assert refused.ephemeral and refused.content == "Choose 5.", refused.content
    assert (await t.bot.store.get_game(game_id)).version == version  # type: ignore[union-attr]
    assert not message.content.startswith("Confirmed")


async def test_a_one_person_choice_does_not_wait_for_everyone(table: Table) -> None:
    """The Tairō's lot in Shitenno is one player's choice: its confirmation says what was
    chosen, once, and not that the game waits for everyone."""
    t = table
    game_id, thread_id = await open_shitenno(t)
    loaded = await t.bot.service.load(game_id)
    (seat,) = loaded.game.to_act(loaded.state)
    form = loaded.game.form(loaded.state, seat)
    assert form is not None
    user = next(u for u in (t.alice, t.bob, t.carol) if u.id == loaded.user_at(seat))
    message = await form_message(t, user, game_id, thread_id, form.key)
    await fill_and_confirm(t, user, message, game_id, form)
    await delivered(t, game_id)
    assert "everyone" not in message.content and "Your choice so far" not in message.content
    assert message.content.count("Confirmed: ") == 1


async def test_after_start_the_lobby_no_longer_offers_to_start(table: Table) -> None:
    t = table
    await open_and_start(t)
    (lobby,) = [m for m in t.emu.public_messages(t.channel) if m.channel_id == t.channel.id]
    assert "The game has started in" in lobby.content
    assert "can start" not in lobby.content and not lobby.custom_ids()


async def test_a_stale_click_says_where_the_current_position_is(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    await play_move(t, thread_id, mover, await _move_of(t, game_id, mover))
    stale = f"tenka:a:{game_id}:0:0"  # a button of the first board, pressed after the move
    old = t.emu.plant_message(thread_id, buttons=[stale])
    said = await t.answer(await t.emu.click(t.bob, old, stale))
    assert said.ephemeral and "nothing was changed" in said.content
    assert "Here is the current position" not in said.content
    assert "latest board in the game's thread" in said.content
