"""Boards go out in the order of their revisions (issue 23's last notes, defect B).

``boards_out_of_order`` (``bench/faults/discord_faults.py``, ``_boards``) had never been
seen to fail: one bot process delivers a game's results one at a time, under its
publishing lock, and drops a board made before the last one it posted (the result's
serial), so that run cannot put an older board after a newer one, whatever Discord does.
Between processes only the store's board claim (``CLAIM_BOARD``: no board of a revision
older than the newest one begun) keeps the order. Here two bot processes on one database
make the race for real through the emulator: one commits revision N and its delivery is
late; the other commits N+1, posts its board and dies before marking it published; then
N's delivery runs, and what is still owed is caught up. The bench's own check counts the
channel's boards."""

from __future__ import annotations

import pytest

from bench.faults.discord_faults import _boards
from bot.edge.app import TenkaBot
from bot.service.results import Result
from tests.emulator import Emulator
from tests.faults.test_shards_pg import Tab, open_games, two_bots


async def _move(bot: TenkaBot, tab: Tab) -> Result:
    """The seat to act plays its first legal move through ``bot``'s service: committed,
    its result not delivered yet."""
    loaded = await bot.service.load(tab.game_id)
    seat = min(loaded.game.to_act(loaded.state))
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    user = loaded.user_at(seat)
    assert user is not None
    return await bot.service.act(tab.game_id, user, move)


async def test_an_older_revisions_late_board_never_follows_a_newer_one(
    url: str, emulator: Emulator, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Guards the board claim's revision guard. Shown red on both backends by making it
    always true in ``CLAIM_BOARD`` (``board_revision <= ? OR 1 = 1``): revision N's board
    went out after N+1's, ``boards_out_of_order`` 1 (stamps ``(0, 1), (2, 3), (1, 2)``)."""
    users = [emulator.add_user(f"o{i}") for i in range(4)]
    tab = next(t for t in await open_games(url, emulator, users) if t.key == "yokai")
    async with two_bots(url, emulator) as (first, second):
        await second.publisher.catch_up_all()  # the opening boards
        older = await _move(first, tab)  # revision N: its delivery comes late
        newer = await _move(second, tab)  # revision N+1, committed by the other process
        assert newer.revision == older.revision + 1

        async def killed(game_id: int, revision: int) -> None:
            raise RuntimeError("killed between the post and its mark")

        monkeypatch.setattr(second.service, "mark_published", killed)
        with pytest.raises(RuntimeError, match="killed"):
            await second.publisher.deliver(newer)  # N+1's board is in the channel
        await first.publisher.deliver(older)  # N's late delivery
        assert await first.publisher.catch_up(tab.game_id)  # what is still owed, once
        figures = {"boards_doubled": 0, "boards_out_of_order": 0}
        problems: list[str] = []
        _boards(emulator, [(tab.game_id, None, tab.channel, None)], figures, problems)
        assert figures == {"boards_doubled": 0, "boards_out_of_order": 0}, problems
        stamps = [m.nonce for m in emulator.public_messages(tab.channel) if m.nonce]
        assert len(stamps) == 2, stamps  # the opening board and N+1's: N's was too late
        row = await first.store.get_game(tab.game_id)
        assert row is not None and row.published_revision == row.revision == newer.revision
