"""A server's hall of fame through Discord (issue 28): a finished game is rated, ``/stats``
shows it with a chart, ``/leaderboard`` pages with buttons only the invoker may press (and
that still work after a restart), ``/settings me ranked:false`` hides a player, another
server sees nothing, ``/game mine finished:true`` links the game, in both languages."""

from __future__ import annotations

import pytest

from bot.service import ratings
from tests.bot.test_ratings import finished_game
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import PNG_MAGIC, boards, open_and_start, to_act
from tests.emulator.world import StoredMessage

OTHERS = range(9_000_001, 9_000_025)  # 24 players of earlier games (12 pages of 2)


async def finish_by_resignation(t: Table) -> tuple[int, int]:
    """Alice and Bob play Yōkai; whoever is to act resigns: returns (game, thread)."""
    game_id, thread_id = await open_and_start(t)
    board = boards(t, thread_id)[-1]
    user = to_act(t, board)
    resign = next(c for c in board.custom_ids() if c.startswith("tenka:b:resign:"))
    prompt = await t.answer(await t.emu.click(user, board, resign))
    await t.answer(await t.emu.click(user, prompt, f"tenka:rc:{game_id}"))
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.status == "finished"
    return game_id, thread_id


async def earlier_games(t: Table) -> None:
    """Twelve finished two-player Yōkai games of other members, written in the store."""
    store = t.bot.store
    for first in range(0, len(OTHERS), 2):
        seats = [(OTHERS[first], None), (OTHERS[first + 1], None)]
        game_id = await finished_game(store, seats, (1, 2), guild=t.guild.id, key="yokai")  # type: ignore[arg-type]
        await t.bot.service.unit.rate(game_id)


async def one_game_is_enough(t: Table) -> None:
    """The server's manager lets players with one game onto the leaderboard."""
    await t.answer(await t.slash(t.emu.owner, t.channel, "settings server", leaderboard_min=1))


def page_buttons(message: StoredMessage) -> list[str]:
    return [c for c in message.custom_ids() if c.startswith("tenka:lb:")]


async def test_a_finished_game_is_in_stats_and_the_leaderboard(table: Table) -> None:
    t = table
    game_id, thread_id = await finish_by_resignation(t)
    stats = await t.answer(await t.slash(t.alice, t.channel, "stats", game="yokai"))
    assert stats.ephemeral and "Statistics of" in stats.content
    assert "1 game" in stats.content and "μ ± 2σ" in stats.content
    (chart,) = stats.attachments
    assert chart.description and "Rating in" in chart.description
    assert t.emu.attachment_bytes(stats).startswith(PNG_MAGIC)
    result = await t.bot.store.rating_changes(game_id)
    assert sorted(r.place for r in result) == [1, 2]
    await t.emu.wait_until(lambda: "resigned" in boards(t, thread_id)[-1].content, 10, "the end")
    alts = [a.description or "" for a in boards(t, thread_id)[-1].attachments]
    assert any("rating change +" in a and "rating change -" in a for a in alts), alts
    mine = await t.answer(await t.slash(t.bob, t.channel, "game mine", finished=True))
    assert f"#{game_id}" in mine.content and f"/{thread_id}" in mine.content


async def test_leaderboard_pages_belong_to_the_invoker_and_survive_a_restart(
    table: Table,
) -> None:
    t = table
    await earlier_games(t)
    await one_game_is_enough(t)
    board = await t.answer(await t.slash(t.alice, t.channel, "leaderboard", game="yokai"))
    assert not board.ephemeral and "page 1 of 3" in board.content
    (forward,) = page_buttons(board)
    stranger = await t.answer(await t.emu.click(t.carol, board, forward))
    assert stranger.ephemeral and "Only the person who asked" in stranger.content
    assert "page 1 of 3" in board.content  # a stranger turned nothing
    t.bot = await t.emu.restart_client(t.bot, t.make_bot)
    await (await t.emu.click(t.alice, board, forward)).response()
    await t.emu.wait_until(lambda: "page 2 of 3" in board.content, 10, "the second page")
    assert len(page_buttons(board)) == 2  # back and forward


async def test_ranked_false_hides_a_player_and_other_servers_see_nothing(
    table: Table,
) -> None:
    t = table
    await finish_by_resignation(t)
    await one_game_is_enough(t)
    shown = await t.answer(await t.slash(t.carol, t.channel, "leaderboard", game="yokai"))
    assert f"<@{t.bob.id}>" in shown.content and f"<@{t.alice.id}>" in shown.content
    await t.answer(await t.slash(t.bob, t.channel, "settings me", ranked=False))
    hidden = await t.answer(await t.slash(t.carol, t.channel, "leaderboard", game="yokai"))
    assert f"<@{t.bob.id}>" not in hidden.content and f"<@{t.alice.id}>" in hidden.content
    elsewhere = t.emu.add_guild("Elsewhere")
    channel = t.emu.add_channel(elsewhere, "games")
    other = await t.answer(await t.slash(t.alice, channel, "stats"))
    assert "no rated games on this server" in other.content and not other.attachments
    none = await t.answer(await t.slash(t.alice, channel, "leaderboard", game="yokai"))
    assert "Nobody on this server" in none.content
    dm = await t.answer(await t.slash(t.alice, t.emu.dm_channel(t.alice), "stats"))
    assert "Statistics belong to a server" in dm.content


async def test_stats_and_the_leaderboard_speak_spanish(table: Table) -> None:
    t = table
    await finish_by_resignation(t)
    dora = t.emu.add_user("dora", locale="es-ES")
    stats = await t.answer(await t.slash(dora, t.channel, "stats", player=t.alice))
    assert "Estadísticas de" in stats.content and "1 partida" in stats.content
    assert stats.attachments and "Puntuación en" in (stats.attachments[0].description or "")
    empty = await t.answer(await t.slash(dora, t.channel, "leaderboard", game="yokai"))
    assert "nadie ha jugado aún 3 partidas" in empty.content


async def test_a_rating_that_fails_loses_no_move_and_tells_no_error(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rating is written after the move that ends the game: a store error there must
    not turn the move into "something went wrong" or leave the final board unposted. The
    game stays unrated until the next start rates it. Shown red by letting the error out
    of ``Unit.rate``."""
    t = table

    async def locked(*args: object, **kwargs: object) -> None:
        raise RuntimeError("the ratings table is locked")

    monkeypatch.setattr(t.bot.store, "rate_game", locked)
    game_id, thread_id = await open_and_start(t)
    board = boards(t, thread_id)[-1]
    user = to_act(t, board)
    resign = next(c for c in board.custom_ids() if c.startswith("tenka:b:resign:"))
    prompt = await t.answer(await t.emu.click(user, board, resign))
    told = await t.answer(await t.emu.click(user, prompt, f"tenka:rc:{game_id}"))
    assert "went wrong" not in told.content and "nothing was changed" not in told.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.status == "finished"
    await t.emu.wait_until(lambda: "resigned" in boards(t, thread_id)[-1].content, 10, "the end")
    assert not await t.bot.service.owed(game_id)  # the final board is out, once
    assert sum("resigned" in b.content for b in boards(t, thread_id)) == 1
    assert await t.bot.store.unrated_games(10) == [game_id]
    monkeypatch.undo()
    assert await ratings.catch_up(t.bot.store) == 1


async def test_a_forged_page_button_shows_a_page_and_nothing_more(table: Table) -> None:
    """A tampered leaderboard button (a page far past the end, a game that does not
    exist) is answered with a real page or a sentence, never a traceback, and changes
    nothing in the store."""
    t = table
    await earlier_games(t)
    await one_game_is_enough(t)
    me = t.alice.id
    far, nowhere = f"tenka:lb:yokai:999999:{me}", f"tenka:lb:nogame:0:{me}"
    planted = t.emu.plant_message(t.channel, buttons=[far])
    other = t.emu.plant_message(t.channel, buttons=[nowhere])
    before = await t.bot.store.leaderboard(t.guild.id, "yokai", 1, 0, 100)
    await (await t.emu.click(t.alice, planted, far)).response()
    await t.emu.wait_until(lambda: "page 3 of 3" in planted.content, 10, "the last page")
    await (await t.emu.click(t.alice, other, nowhere)).response()
    await t.emu.wait_until(lambda: "Nobody" in other.content, 10, "the empty board")
    for shown in (planted.content, other.content):
        assert "Traceback" not in shown and "went wrong" not in shown
    assert await t.bot.store.leaderboard(t.guild.id, "yokai", 1, 0, 100) == before
