"""A board that is owed is posted exactly once, in order, whatever Discord or the process
does between the commit and the post (the outbox): 5xx and 403 on the post, a crash
after the commit, a crash after the post but before it was marked, a board that cannot be
drawn. The player is always told the truth."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from bot.edge.delivery import visible
from bot.words.text import t as t_
from tests.e2e.conftest import Table
from tests.e2e.test_samurai_e2e import menu_message, open_three_player_game, pick
from tests.e2e.test_yokai_e2e import boards, open_and_start, play_move, to_act
from tests.emulator import FakeUser, start_client, stop_client
from tests.emulator.world import StoredMessage


async def _move_of(t: Table, game_id: int, user: Any) -> str:
    loaded = await t.bot.service.load(game_id)
    game = loaded.game
    return game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(user.id))[0])


async def _delivered(t: Table, game_id: int) -> None:
    """Wait until the game owes nothing: its current revision's posts are marked sent."""
    for _ in range(100):
        row = await t.bot.store.get_game(game_id)
        if row is not None and row.published_revision == row.revision:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} still owes its posts")


def _refuse_posts(t: Table, thread_id: int) -> None:
    """Discord refuses every post and edit in the thread (a long outage)."""
    t.emu.fail_next("*", rf"/channels/{thread_id}/messages", 503, times=10_000)


async def _owed_board_once(t: Table, thread_id: int, stale: StoredMessage) -> StoredMessage:
    """After the outage: the owed board is posted once, and the board that showed the
    undone move says it was taken back and keeps no buttons."""
    count = len(boards(t, thread_id))
    t.emu.rest.faults.clear()
    await _restart(t)
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) == count + 1, 10, "the owed board")
    await t.emu.wait_until(lambda: "taken back" in stale.content, 10, "the stale board marked")
    assert not stale.custom_ids()
    return boards(t, thread_id)[-1]


async def _restart(t: Table) -> None:
    """Stop the bot (as a crash would, no goodbye) and start a new one on the same file."""
    await stop_client(t.bot)
    t.bot = t.make_bot()
    await start_client(t.bot, t.emu)


# 503 is a 5xx discord.py does not retry (500 is retried for 16 s first: the same path)
@pytest.mark.parametrize(("status", "code"), [(503, None), (403, 50001)])
async def test_a_failed_post_is_in_and_follows_once(
    table: Table, status: int, code: int | None
) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    move = await _move_of(t, game_id, mover)
    # Discord refuses the board even after discord.py's own retries
    t.emu.fail_next("POST", rf"/channels/{thread_id}/messages$", status, code=code, times=20)
    reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": move}))
    assert "board will follow" in reply.content and "Nothing was changed" not in reply.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.version == 1 and row.published_version != 1
    assert len(boards(t, thread_id)) == 1  # not posted yet
    await t.bot.publisher.close()  # no retry in the background: the restart must send it
    t.emu.rest.faults.clear()
    # a notice delivered meanwhile (a reminder) does not count as the owed board
    t.clock.now += 24 * 3600 + 1
    assert t.bot.dispatcher is not None
    await t.bot.dispatcher.run_due()
    await t.emu.wait_for(lambda m: "Reminder" in m.content, 10, channel=thread_id)
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.published_version != 1
    await _restart(t)  # the owed board goes out at start, exactly once
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) == 2, 10, "the owed board")
    owed = boards(t, thread_id)[-1]
    nxt = to_act(t, owed)
    assert nxt is not mover and owed.pinged_ids == {nxt.id}  # the next player is pinged
    await _delivered(t, game_id)
    await _restart(t)  # nothing is owed any more: nothing is posted again
    await t.bot.publisher.catch_up_all()
    assert len(boards(t, thread_id)) == 2


@pytest.mark.parametrize("history", ["readable", "denied"])
async def test_a_crash_after_the_post_before_its_mark_posts_nothing_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch, history: str
) -> None:
    """Restarted after Discord forgot the post's nonce, only the channel's history (the
    board's own marker) tells that the board went out. Where the bot may not read the
    history (a channel's permission), the board is posted again rather than never."""
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    move = await _move_of(t, game_id, mover)

    async def crash(game_id: int, version: int) -> None:
        raise RuntimeError("killed between the post and its mark")

    monkeypatch.setattr(t.bot.service, "mark_published", crash)
    await t.emu.slash(mover, thread_id, "move", {"action": move})
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) == 2, 10, "the board")
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.published_revision != row.revision  # still owed
    opening, posted = boards(t, thread_id)
    t.emu.advance(t.emu.nonce_window_s + 60)
    if history == "denied":
        t.emu.fail_next("GET", rf"/channels/{thread_id}/messages", 403, code=50013, times=99)
    await _restart(t)
    await _delivered(t, game_id)
    assert t.emu.requests_to("GET", rf"/channels/{thread_id}/messages")  # it was looked for
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.board_message_id == boards(t, thread_id)[-1].id
    if history == "readable":
        assert boards(t, thread_id) == [opening, posted]  # posted once, the board now
    else:
        assert len(boards(t, thread_id)) == 3  # a repost, and the game owes nothing


async def test_a_board_that_cannot_be_drawn_is_posted_as_words(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    move = await _move_of(t, game_id, mover)

    def no_font(*args: object, **kwargs: object) -> bytes:
        raise OSError("cannot open resource (the font file is missing)")

    monkeypatch.setattr("renderer.render_board", no_font)
    reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": move}))
    assert "Played" in reply.content and "board will follow" not in reply.content
    board = await t.emu.wait_for(
        lambda m: not m.ephemeral and not m.attachments and "your turn" in m.content,
        10,
        channel=thread_id,
    )
    assert "Yōkai" in board.content and "koropokkuru" in board.content.lower()  # the alt text
    await _delivered(t, game_id)


async def test_a_join_answered_late_still_updates_the_lobby(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    join_id = next(c for c in lobby.custom_ids() if c.startswith("tenka:l:join:"))
    real_join = t.bot.service.join

    async def slow_join(*args: Any, **kwargs: Any) -> Any:
        result = await real_join(*args, **kwargs)
        t.emu.advance(t.emu.callback_deadline_s + 0.5)  # Discord's 3 s are gone
        return result

    monkeypatch.setattr(t.bot.service, "join", slow_join)
    await t.emu.click(t.bob, lobby, join_id)

    def shown() -> bool:
        live = t.emu.find_message(lobby.id)
        return live is not None and str(t.bob.id) in live.content

    await t.emu.wait_until(shown, 10, "the lobby showing Bob")
    assert len(await t.bot.store.seats(int(join_id.split(":")[-1]))) == 2


async def test_a_takeback_and_another_move_while_discord_refuses_owe_the_new_board(
    table: Table,
) -> None:
    """Version 1 delivered; taken back to 0 and another move to 1 while Discord refuses
    posts: keyed by version nothing was owed, the channel kept the undone move and the
    next player was never pinged. Keyed by revision the new board goes out once."""
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    other = t.bob if mover is t.alice else t.alice
    loaded = await t.bot.service.load(game_id)
    game, state = loaded.game, loaded.state
    first, second = (
        game.notation(state, a) for a in game.legal(state, loaded.seat_of(mover.id))[:2]
    )
    shown = await play_move(t, thread_id, mover, first)
    undone_move = visible(shown.content)
    await _delivered(t, game_id)
    await t.answer(await t.emu.slash(mover, thread_id, "game takeback", {}))
    request = await t.emu.wait_for(
        lambda m: not m.ephemeral and any(c.startswith("tenka:b:tb_yes:") for c in m.custom_ids()),
        10,
        channel=thread_id,
    )
    _refuse_posts(t, thread_id)
    yes = next(c for c in request.custom_ids() if c.startswith("tenka:b:tb_yes:"))
    assert "taken back" in (await t.answer(await t.emu.click(other, request, yes))).content
    reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": second}))
    assert "board will follow" in reply.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.version == 1 and row.published_revision != row.revision
    await t.bot.publisher.close()
    owed = await _owed_board_once(t, thread_id, shown)
    assert owed.pinged_ids == {other.id}  # who must act now
    lines = visible(owed.content).splitlines()
    assert lines[0] == t_("event.taken_back", "en") and lines[1] not in undone_move
    await _delivered(t, game_id)
    await _restart(t)  # nothing owed any more: nothing posted again
    await t.bot.publisher.catch_up_all()
    assert boards(t, thread_id)[-1] is owed


async def _samurai_in_play(t: Table) -> tuple[int, int, FakeUser]:
    """A three-player Samurai past its opening pick: (game, thread, the seat to act)."""
    game_id, thread_id = await open_three_player_game(t)
    for user in (t.alice, t.bob, t.carol):
        await t.emu.wait_until(lambda u=user: t.emu.dms(u), 10, "the opening DM")
        await pick(t, user, menu_message(t.emu.dms(user), game_id), game_id)
    await t.emu.wait_until(
        lambda: any("Everyone has chosen" in m.content for m in boards(t, thread_id)), 10, "pick"
    )
    users = {u.id: u for u in (t.alice, t.bob, t.carol)}
    while True:  # the figures are placed a turn each, then the tiles' turns begin
        await _delivered(t, game_id)
        loaded = await t.bot.service.load(game_id)
        game, state = loaded.game, loaded.state
        (seat,) = game.to_act(state)
        mover = users[loaded.user_at(seat) or 0]
        if state.phase != "placement":
            return game_id, thread_id, mover
        move = game.notation(state, game.legal(state, seat)[0])
        await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": move}))


async def _undoable_steps(t: Table, game_id: int, user: FakeUser) -> list[str]:
    """Two different steps of ``user``'s turn that an Undo may take back."""
    loaded = await t.bot.service.load(game_id)
    game, state, seat = loaded.game, loaded.state, loaded.seat_of(user.id)
    steps = [
        game.notation(state, a)
        for a in game.legal(state, seat)
        if game.can_undo(game.apply(state, seat, a)[0], seat)
    ]
    assert len(steps) >= 2, steps
    return steps[:2]


async def test_an_undo_and_another_step_while_discord_refuses_owe_the_new_board(
    table: Table,
) -> None:
    """The same after an Undo: a step shown on the turn's board, Undo and another step
    while Discord refuses posts and edits; the turn's board then shows the new step."""
    t = table
    game_id, thread_id, mover = await _samurai_in_play(t)
    first, second = await _undoable_steps(t, game_id, mover)
    board = boards(t, thread_id)[-1]  # the turn's board: a step edits it
    assert board.pinged_ids == {mover.id}
    await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": first}))
    await _delivered(t, game_id)
    step_shown = visible(board.content)
    undo = next(c for c in board.custom_ids() if c.startswith("tenka:b:undo:"))
    _refuse_posts(t, thread_id)
    undone = await t.answer(await t.emu.click(mover, board, undo))
    assert "board will follow" in undone.content  # a button's answer tells the truth too
    reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": second}))
    assert "board will follow" in reply.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.published_revision != row.revision
    await t.bot.publisher.close()
    count = len(boards(t, thread_id))
    t.emu.rest.faults.clear()
    await _restart(t)
    taken_back = t_("event.taken_back", "en")
    await t.emu.wait_until(
        lambda: taken_back in visible(board.content).splitlines(), 10, "the board updated"
    )
    await _delivered(t, game_id)
    assert len(boards(t, thread_id)) == count  # mid-turn: the turn's board is edited
    assert visible(board.content) != step_shown
    assert f"tenka:b:undo:{game_id}:{row.version}" in board.custom_ids()  # the new step's
