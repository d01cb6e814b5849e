"""A board that is owed is posted exactly once, in order, whatever Discord or the process
does between the commit and the post (the outbox): 5xx and 403 on the post, a crash
after the commit, a crash after the post but before it was marked, a board that cannot be
drawn. The player is always told the truth."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest

from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, to_act
from tests.emulator import start_client, stop_client


async def _move_of(t: Table, game_id: int, user: Any) -> str:
    loaded = await t.bot.service.load(game_id)
    game = loaded.game
    return game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(user.id))[0])


async def _published(t: Table, game_id: int, version: int) -> None:
    """Wait until the game's posts of ``version`` are marked delivered (the outbox)."""
    for _ in range(100):
        row = await t.bot.store.get_game(game_id)
        if row is not None and row.version == version == row.published_version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} still owes its posts")


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
    await _published(t, game_id, 1)
    await _restart(t)  # nothing is owed any more: nothing is posted again
    await t.bot.publisher.catch_up_all()
    assert len(boards(t, thread_id)) == 2


async def test_a_crash_after_the_post_before_its_mark_posts_nothing_twice(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
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
    assert row is not None and row.published_version != row.version  # still owed
    await _restart(t)
    await t.emu.wait_until(
        lambda: t.bot.publisher is not None and t.emu.requests_to("POST", "/messages$"),
        10,
        "the resend",
    )
    await _published(t, game_id, 1)
    assert len(boards(t, thread_id)) == 2  # the resend was the same message (its nonce)


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
    await _published(t, game_id, 1)


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
