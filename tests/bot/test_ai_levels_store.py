"""Each AI seat keeps its own level from the lobby through the start (the seating shuffles
the seats; the store matches each row again) and every later load, on both backends.

Defect guarded: a level lost between the lobby and the game, e.g. the start writing every
AI seat as ``normal`` or two AI seats trading levels: red, shown by writing ``"normal"``
for every AI identity in ``bot.store.common.seating``' rows (the seats read back
``normal``, the names say ``(AI, normal)``)."""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest_asyncio

from bot.service.facade import Service
from bot.store import open_store

ALICE = 101


@pytest_asyncio.fixture
async def service(store_url: str) -> AsyncIterator[Service]:
    store = await open_store(store_url)
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def test_two_ai_seats_keep_their_levels_through_the_start(service: Service) -> None:
    for seed in range(4):  # several seatings: the AI seats land in different orders
        lobby = await service.new_game(
            guild_id=1, channel_id=10 + seed, user_id=ALICE, user_name="Alice", key="china",
            players=3, seed=seed,
        )  # fmt: skip
        game_id = lobby.game.game_id
        await service.add_ai(game_id, ALICE, "hard")
        await service.add_ai(game_id, ALICE, "easy")
        await service.start(game_id, ALICE)
        loaded = await service.load(game_id)
        by_level = {
            s.ai: name for s, name in zip(loaded.seats, loaded.names("en"), strict=True) if s.ai
        }
        assert set(by_level) == {"easy", "hard"}
        assert by_level["easy"].endswith("(AI, easy)") and by_level["hard"].endswith("(AI, hard)")
