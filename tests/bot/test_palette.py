"""A player's palette colours their own views only: the public board stays on the default
palette (which every viewer can tell apart), while their hand, their ``/game board`` reply
and the result card shown to them follow their choice."""

from __future__ import annotations

from pathlib import Path

from bot.service.facade import Service
from bot.store import open_store

ALICE, BOB = 101, 202


async def test_a_players_palette_colours_their_views_not_the_shared_board(
    tmp_path: Path,
) -> None:
    store = await open_store(str(tmp_path / "palette.db"))
    try:
        service = Service(store)
        lobby = await service.new_game(
            guild_id=1, channel_id=1, user_id=ALICE, user_name="Alice", key="yokai", seed=3
        )
        game_id = lobby.game.game_id
        await service.join(game_id, BOB, "Bob")
        await service.start(game_id, ALICE)
        public = await service.board(game_id)
        bob_plain = await service.board(game_id, user_id=BOB)
        await store.set_user_settings(BOB, {"palette": "colorblind"})
        assert (await service.board(game_id)).image == public.image  # shared: unchanged
        bob_tinted = await service.board(game_id, user_id=BOB)
        alice = await service.board(game_id, user_id=ALICE)
        assert public.image is not None and bob_tinted.image is not None
        assert bob_plain.image is not None and alice.image is not None
        assert bob_tinted.image.data != bob_plain.image.data  # Bob's own view follows him
        assert alice.image.data == public.image.data  # Alice, first seat: the public board
        await store.set_user_settings(BOB, {"palette": None})
        again = await service.board(game_id, user_id=BOB)
        assert again.image is not None and again.image.data == bob_plain.image.data
    finally:
        await store.close()


async def test_the_second_seat_sees_the_board_from_its_side(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "side.db"))
    try:
        service = Service(store)
        lobby = await service.new_game(
            guild_id=1, channel_id=1, user_id=ALICE, user_name="Alice", key="yokai", seed=3
        )
        game_id = lobby.game.game_id
        await service.join(game_id, BOB, "Bob")
        await service.start(game_id, ALICE)
        public = await service.board(game_id)
        seats = {s.user_id: s.position for s in (await service.game(game_id)).seats}
        top = BOB if seats[BOB] == 1 else ALICE
        bottom = ALICE if top == BOB else BOB
        turned = await service.board(game_id, user_id=top)
        straight = await service.board(game_id, user_id=bottom)
        assert public.image is not None and turned.image is not None
        assert straight.image is not None and straight.image.data == public.image.data
        assert turned.image.data != public.image.data
    finally:
        await store.close()
