"""Every picture has a fallback: with the regular font missing (a server whose
``data/fonts`` lost a file), a game with hands starts and its moves go through, every DM
carries the hand in words (its alt text) instead of a picture, the boards go out in words,
the outbox delivers every version, and the failure is logged once, not on every post.

Defect guarded (issue 23, item 4): boards fell back to text but hands did not, so
Samurai, China and Shitenno refused their start and every move with "Something went
wrong... Nothing was changed" and the outbox raised on the same error for ever."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Iterator

import pytest

import games
import renderer
import renderer.core
from bot.posts.alt_text import alt_summary
from bot.posts.render import _picture_failures
from bot.words.text import t as text_of
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import game_id_of
from tests.emulator import FakeUser

HAND_GAMES = ("samurai", "china", "shitenno")


@pytest.fixture
def no_regular_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The regular font file is gone (the bold one is still there), no font or layer is
    cached, and no failure was seen yet by this process."""
    renderer.core.clear_caches()
    _picture_failures.clear()
    monkeypatch.setitem(renderer.core.FONT_FILES, False, "NotoSans-Missing.ttf")
    yield
    monkeypatch.undo()
    renderer.core.clear_caches()
    _picture_failures.clear()


async def _open(t: Table, key: str, players: tuple[FakeUser, ...]) -> tuple[int, int]:
    options = {"game": key, "players": len(players)}
    lobby = await (await t.emu.slash(players[0], t.channel, "game new", options)).response()
    assert lobby.message is not None, lobby
    game_id = game_id_of(lobby.message)
    for user in players[1:]:
        await (await t.emu.click(user, lobby.message, f"tenka:l:join:{game_id}")).response()
    start = await t.emu.click(players[0], lobby.message, f"tenka:l:start:{game_id}")
    reply = await t.answer(start)
    assert "started" in reply.content, reply.content
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


async def _delivered(t: Table, game_id: int) -> int:
    """Wait until the outbox has delivered the game's current version; that version."""
    for _ in range(200):
        row = await t.bot.store.get_game(game_id)
        assert row is not None
        if row.published_version == row.version:
            return row.version
        await asyncio.sleep(0.05)
    raise AssertionError(f"game {game_id} still owes version {row.version}")


@pytest.mark.parametrize("key", HAND_GAMES)
async def test_a_missing_font_sends_hands_in_words_and_the_game_goes_on(
    table: Table, no_regular_font: None, caplog: pytest.LogCaptureFixture, key: str
) -> None:
    t = table
    game = games.get(key)
    players = (t.alice, t.bob, t.carol)[: min(game.seats)]
    with pytest.raises(OSError):  # the picture really cannot be drawn
        renderer.core.font(12)
    with caplog.at_level(logging.DEBUG, logger="bot.posts"):
        game_id, thread_id = await _open(t, key, players)
        assert await _delivered(t, game_id) == 0
        loaded = await t.bot.service.load(game_id)
        names = tuple(loaded.names())
        for user in players:  # each hand arrives by DM, in words, without a picture
            await t.emu.wait_until(lambda u=user: t.emu.dms(u), 10, "the starting hand")
            (dm,) = t.emu.dms(user)
            assert not dm.attachments
            view = game.view(loaded.state, loaded.seat_of(user.id))
            words = renderer.hand_alt_text(key, view, names=names, locale="en")
            assert alt_summary(words) in dm.content, dm.content
        # a move goes through, is told as played, and its posts are delivered
        seat = min(game.to_act(loaded.state))
        mover = next(u for u in players if loaded.user_at(seat) == u.id)
        move = game.notation(loaded.state, game.legal(loaded.state, seat)[0])
        reply = await t.answer(await t.emu.slash(mover, thread_id, "move", {"action": move}))
        assert reply.content.startswith("Played"), reply.content
        assert await _delivered(t, game_id) == 1
        board = t.emu.public_messages(thread_id)[-1]
        assert not board.attachments and board.content
    failures = [r for r in caplog.records if r.levelno >= logging.ERROR]
    kinds = {r.getMessage().split(" of game")[0] for r in failures}
    assert len(failures) == len(kinds), [r.getMessage() for r in failures]  # each once
    assert "could not draw the hand" in kinds, kinds


async def test_a_missing_font_reveals_the_hands_in_the_final_state(
    table: Table, no_regular_font: None
) -> None:
    t = table
    players = (t.alice, t.bob, t.carol)[: min(games.get("china").seats)]
    game_id, thread_id = await _open(t, "china", players)
    for user in players[:-1]:  # all but one resign: the game is over
        resigned = await t.answer(await t.emu.slash(user, thread_id, "game resign", {}))
        assert "resign" in resigned.content.lower(), resigned.content
    assert (await t.bot.store.get_game(game_id)).status == "finished"  # type: ignore[union-attr]
    await _delivered(t, game_id)
    reply = await t.answer(await t.emu.slash(players[-1], thread_id, "game reveal", {}))
    assert reply.ephemeral and "Revealed" in reply.content, reply.content
    revealed = t.emu.public_messages(thread_id)[-1]
    assert [a.filename for a in revealed.attachments] == ["final-state.json"]
    assert text_of("reveal.no_pictures", "en") in revealed.content
