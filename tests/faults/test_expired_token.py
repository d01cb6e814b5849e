"""An interaction whose token expires before the answer (defect found by the Discord-faults
run): the move stands, its board is posted, and nothing is logged as an unexpected error."""

from __future__ import annotations

import logging

import pytest

from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, to_act


async def test_an_expired_token_is_not_an_internal_error(
    table: Table, caplog: pytest.LogCaptureFixture
) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    loaded = await t.bot.service.load(game_id)
    move = loaded.game.notation(
        loaded.state, loaded.game.legal(loaded.state, loaded.seat_of(mover.id))[0]
    )
    before = len(boards(t, thread_id))
    t.emu.token_lifetime_s = 0.0  # every webhook route: 401 50027
    t.emu.ignore_discord_errors("50027")
    with caplog.at_level(logging.INFO):
        handle = await t.emu.slash(mover, thread_id, "move", {"action": move})
        await handle.response()
        await t.emu.wait_until(lambda: len(boards(t, thread_id)) > before, 10, "the board")
        await t.emu.wait_until(
            lambda: any("token expired" in r.getMessage() for r in caplog.records), 10, "the log"
        )
    assert (await t.bot.service.load(game_id)).row.version == 1
    assert not [r for r in caplog.records if r.name.startswith("tenka") and r.levelno >= 40]
