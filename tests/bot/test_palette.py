"""A player's colour-blind palette reaches the pictures: their hand, and the public board."""

from __future__ import annotations

from pathlib import Path

from bot.service import Service
from bot.store import open_store

ALICE, BOB = 101, 202


async def test_colour_blind_palette_changes_the_board_everyone_sees(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "palette.db"))
    try:
        service = Service(store)
        lobby = await service.new_game(
            guild_id=1, channel_id=1, user_id=ALICE, user_name="Alice", key="yokai", seed=3
        )
        await service.join(lobby.game.game_id, BOB, "Bob")
        await service.start(lobby.game.game_id, ALICE)
        plain = await service.board(lobby.game.game_id)
        await store.set_user_settings(BOB, {"palette": "colorblind"})
        tinted = await service.board(lobby.game.game_id)
        assert plain.image is not None and tinted.image is not None
        assert plain.image.data != tinted.image.data
        await store.set_user_settings(BOB, {"palette": None})
        again = await service.board(lobby.game.game_id)
        assert again.image is not None and again.image.data == plain.image.data
    finally:
        await store.close()
