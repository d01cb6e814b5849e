"""Yōkai no Mori end to end: real discord.py client, local Discord emulator, fake users."""

from __future__ import annotations

import asyncio
import re

from PIL import Image

import games
from games.ai import RandomPlayer, choose_for
from games.yokai.ai import make_player
from tests.e2e.conftest import Table
from tests.emulator import FakeUser
from tests.emulator.world import StoredMessage

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"


def game_id_of(lobby: StoredMessage) -> int:
    ids = [c for c in lobby.custom_ids() if c.startswith("tenka:l:join:")]
    assert ids, lobby.custom_ids()
    return int(ids[0].rsplit(":", 1)[1])


def boards(t: Table, thread_id: int) -> list[StoredMessage]:
    return [m for m in t.emu.public_messages(thread_id) if m.attachments]


async def open_and_start(t: Table, variant: str = "3x4") -> tuple[int, int]:
    """Alice opens a lobby, Bob joins, Alice starts: returns (game id, thread id)."""
    handle = await t.emu.slash(
        t.alice, t.channel, "game new", {"game": "yokai", "variant": variant}
    )
    lobby = (await handle.response()).message
    assert lobby is not None and not lobby.ephemeral
    game_id = game_id_of(lobby)
    join = await t.emu.click(t.bob, lobby, f"tenka:l:join:{game_id}")
    assert (await join.response()).type == 7
    assert f"<@{t.bob.id}>" in lobby.content
    start = await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}")
    reply = await t.answer(start)
    assert reply.ephemeral and "started" in reply.content
    (thread,) = t.emu.threads_of(t.channel)
    assert thread.id == lobby.id  # the thread hangs off the lobby message
    assert lobby.custom_ids() == []  # lobby buttons are gone once started
    first = boards(t, thread.id)
    assert len(first) == 1 and "begins" in first[0].content
    return game_id, thread.id


def to_act(t: Table, board: StoredMessage) -> FakeUser:
    (pinged,) = board.pinged_ids
    return t.alice if pinged == t.alice.id else t.bob


async def play_move(t: Table, thread_id: int, user: FakeUser, move: str) -> StoredMessage:
    before = len(boards(t, thread_id))
    handle = await t.emu.slash(user, thread_id, "move", {"action": move})
    reply = await t.answer(handle)
    assert reply.ephemeral, reply.content
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) > before, 10, "a new board")
    return boards(t, thread_id)[-1]


def check_board(t: Table, board: StoredMessage) -> None:
    attachment = board.attachments[0]
    assert attachment.description and len(attachment.description) <= 1024
    data = t.emu.attachment_bytes(board)
    assert data.startswith(PNG_MAGIC)
    assert len(data) <= 300 * 1024


async def play_to_the_end(t: Table, game_id: int, thread_id: int, seed: int) -> StoredMessage:
    game = games.get("yokai")
    # Alice plays a quick search, Bob plays at random, so games end in a few dozen moves.
    players = {
        t.alice.id: make_player("normal", seed=seed, budget_s=0.01),
        t.bob.id: RandomPlayer(seed),
    }
    board = boards(t, thread_id)[-1]
    for _ in range(400):
        if "Game over" in board.content:
            return board
        user = to_act(t, board)
        assert board.pinged_ids == {user.id} and not board.silent
        loaded = await t.bot.service.load(game_id)
        seat = loaded.seat_of(user.id)
        action = await asyncio.to_thread(choose_for, players[user.id], game, loaded.state, seat)
        move = game.notation(loaded.state, action)
        choices = await t.emu.autocomplete(
            user, thread_id, "move", {"action": move}, focused="action"
        )
        assert move in [c["value"] for c in choices]
        board = await play_move(t, thread_id, user, move)
        check_board(t, board)
    raise AssertionError("the game did not end")


async def test_whole_3x4_game_between_two_users(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    final = await play_to_the_end(t, game_id, thread_id, seed=1)
    assert final.pinged_ids == frozenset() and final.silent
    board, card = final.attachments  # the final board and the result card
    assert board.filename.endswith("board.png")
    assert card.filename.endswith("result.png") and card.description
    assert t.emu.attachment_bytes(final, 1).startswith(PNG_MAGIC)
    replay = await t.emu.slash(t.alice, thread_id, "game replay", {})
    await replay.response()
    (gif,) = await replay.followups(1, timeout=30)
    assert not gif.ephemeral and gif.attachments[0].filename.endswith(".gif")
    assert t.emu.attachment_bytes(gif).startswith(b"GIF8")
    reveal = await t.answer(await t.emu.slash(t.bob, thread_id, "game reveal", {}))
    assert reveal.ephemeral
    revealed = t.emu.public_messages(thread_id)[-1]
    assert [a.filename for a in revealed.attachments] == ["final-state.json"]
    assert "won" in final.content or "drawn" in final.content
    assert final.custom_ids() == []
    status = await t.answer(await t.emu.slash(t.alice, thread_id, "game status", {}))
    assert "finished" in status.content
    history = await t.answer(await t.emu.slash(t.bob, thread_id, "game history", {}))
    assert history.content.count("\n") >= 2 and "1. " in history.content
    image = Image.open(__import__("io").BytesIO(t.emu.attachment_bytes(final)))
    assert image.width <= 1200


async def test_whole_5x6_game_between_two_users(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t, "5x6")
    final = await play_to_the_end(t, game_id, thread_id, seed=2)
    assert "Game over" in final.content


async def test_move_out_of_turn_and_nonsense_change_nothing(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    board = boards(t, thread_id)[-1]
    mover = to_act(t, board)
    waiting = t.bob if mover is t.alice else t.alice
    reply = await t.answer(await t.emu.slash(waiting, thread_id, "move", {"action": "b2b3"}))
    assert reply.ephemeral and "not your turn" in reply.content
    reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": "zz9"}))
    assert reply.ephemeral and "can't read" in reply.content and "b2b3" in reply.content
    reply = await t.answer(await t.emu.slash(t.carol, thread_id, "move", {"action": "b2b3"}))
    assert reply.ephemeral and "not playing" in reply.content
    assert len(boards(t, thread_id)) == 1
    assert (await t.bot.store.get_game(game_id)).version == 0  # type: ignore[union-attr]
    assert "Traceback" not in "".join(m.content for m in t.emu.messages(thread_id))


async def test_strangers_cannot_press_other_peoples_buttons(table: Table) -> None:
    t = table
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    leave = await t.emu.click(t.carol, lobby, f"tenka:l:leave:{game_id}")
    assert "not in this game" in (await t.answer(leave)).content
    add_ai = await t.emu.click(t.carol, lobby, f"tenka:l:ai:{game_id}")
    assert "Only the player who opened" in (await t.answer(add_ai)).content
    await (await t.emu.click(t.bob, lobby, f"tenka:l:join:{game_id}")).response()
    start = await t.emu.click(t.carol, lobby, f"tenka:l:start:{game_id}")
    reply = await t.answer(start)
    assert reply.ephemeral and "Only the player who opened" in reply.content
    assert lobby.component(f"tenka:l:join:{game_id}")["disabled"]  # full: nobody else can join
    await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t.emu.threads_of(t.channel)
    board = boards(t, thread.id)[-1]
    resign = next(c for c in board.custom_ids() if c.startswith("tenka:b:resign:"))
    reply = await t.answer(await t.emu.click(t.carol, board, resign))
    assert reply.ephemeral and "not playing" in reply.content
    assert (await t.bot.store.get_game(game_id)).status == "active"  # type: ignore[union-attr]


async def test_restart_then_old_button_and_new_move(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    board = boards(t, thread_id)[-1]
    game = games.get("yokai")
    user = to_act(t, board)
    loaded = await t.bot.service.load(game_id)
    move = game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(user.id))[0])
    board = await play_move(t, thread_id, user, move)
    old_bot = t.bot
    t.bot = await t.emu.restart_client(old_bot, t.make_bot)
    assert t.bot is not old_bot
    user = to_act(t, board)
    resign = next(c for c in board.custom_ids() if c.startswith("tenka:b:resign:"))
    prompt = await t.answer(await t.emu.click(user, board, resign))
    assert prompt.ephemeral and "really" in prompt.content
    loaded = await t.bot.service.load(game_id)
    move = game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(user.id))[0])
    await play_move(t, thread_id, user, move)
    assert (await t.bot.store.get_game(game_id)).version == 2  # type: ignore[union-attr]
    done = await t.answer(await t.emu.click(user, prompt, f"tenka:rc:{game_id}"))
    assert "resigned" in done.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.status == "finished" and row.version == 3
    assert "resigned" in boards(t, thread_id)[-1].content


async def test_two_simultaneous_moves_apply_exactly_once(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    board = boards(t, thread_id)[-1]
    user = to_act(t, board)
    game = games.get("yokai")
    loaded = await t.bot.service.load(game_id)
    seat = loaded.seat_of(user.id)
    first, second = (game.notation(loaded.state, a) for a in game.legal(loaded.state, seat)[:2])
    handles = await asyncio.gather(
        t.emu.slash(user, thread_id, "move", {"action": first}),
        t.emu.slash(user, thread_id, "move", {"action": second}),
    )
    replies = [await t.answer(h) for h in handles]
    await t.emu.wait_until(lambda: len(boards(t, thread_id)) >= 2, 10, "one new board")
    await asyncio.sleep(0.2)  # give a wrongly applied second move the chance to show up
    assert len(boards(t, thread_id)) == 2
    assert (await t.bot.store.get_game(game_id)).version == 1  # type: ignore[union-attr]
    assert sum("Played" in r.content for r in replies) == 1
    assert any(re.search("not your turn|moved on", r.content) for r in replies)


async def test_closed_dms_fall_back_to_an_ephemeral_note(table: Table) -> None:
    t = table
    _, thread_id = await open_and_start(t)
    t.emu.close_dms(t.alice)
    handle = await t.emu.slash(t.alice, thread_id, "hand", {})
    await handle.response()
    messages = await handle.followups(2, timeout=10)
    assert all(m.ephemeral and m.visible_to == frozenset({t.alice.id}) for m in messages)
    assert any("direct messages" in m.content for m in messages)
    assert t.emu.dms(t.alice) == []
    handle = await t.emu.slash(t.bob, thread_id, "hand", {})
    await handle.response()
    await t.emu.wait_until(lambda: len(t.emu.dms(t.bob)) == 1, 10, "Bob's DM")


async def test_bad_options_get_a_sentence(table: Table) -> None:
    t = table
    reply = await t.answer(
        await t.emu.slash(t.alice, t.channel, "game new", {"game": "yokai", "variant": "9x9"})
    )
    assert reply.ephemeral and "variant" in reply.content
    reply = await t.answer(
        await t.emu.slash(t.alice, t.channel, "game new", {"game": "yokai", "options": "nonsense"})
    )
    assert reply.ephemeral and "key=value" in reply.content
    reply = await t.answer(await t.emu.slash(t.alice, t.channel, "move", {"action": "b2b3"}))
    assert reply.ephemeral and "no Tenka game" in reply.content
    reply = await t.answer(
        await t.emu.slash(t.alice, t.channel, "move", {"action": "b2b3", "game": "abc"})
    )
    assert reply.ephemeral and "not a game number" in reply.content
    assert t.emu.public_messages(t.channel) == []
