"""A request is played once (issue 23, item 2): the action a Discord interaction produced
carries the interaction's key (its ``origin``) into the log, on both backends, so the
same interaction delivered again is recognised and answered "already played"."""

from __future__ import annotations

import pytest

from bench.configs import configurations
from bench.tables import next_turn, open_table
from bot.service import unit
from bot.service.facade import Service
from bot.service.results import AlreadyPlayed
from bot.store import Duplicate, NewAction
from games.ai import RandomPlayer
from tests.bot.store_support import Opener, started_game, toy_apply


async def test_an_origin_is_written_once_and_leaves_with_its_action(
    store_url: str, opener: Opener
) -> None:
    """Guards the unique origin (migration 5): a second write of the same request was a
    second move. Shown red by creating ``actions_origin`` without UNIQUE."""
    store = await opener(store_url)
    game = await started_game(store)
    state = toy_apply(game.state, "m0")
    game = await store.append_action(
        game.id, expected_version=0, seat=0, user_id=None, text="m0", state=state, origin="i7"
    )
    assert await store.played("i7") == (game.id, 0)
    again = [NewAction(1, None, "m1", toy_apply(state, "m1"), "i7"), NewAction(0, None, "m2", {})]
    with pytest.raises(Duplicate):
        await store.append_actions(game.id, expected_version=1, actions=again)
    assert (await store.get_game(game.id)).version == 1  # type: ignore[union-attr]
    assert [a.text for a in await store.actions(game.id)] == ["m0"]
    await store.rollback(game.id, to_version=0, expected_version=1, state=game.state)
    assert await store.played("i7") is None  # an undone move is no longer played


async def test_the_same_request_again_is_already_played(store_url: str, opener: Opener) -> None:
    """Guards the check before a command runs: the same interaction delivered again was
    run as a new command (here it would be told "it is not your turn", elsewhere it may
    play a second step). Shown red by making ``Unit._check_new`` return at once."""
    store = await opener(store_url)
    service = Service(store, render=False, ai_budget_s=0.01)
    config = next(c for c in configurations() if c.key == "yokai")
    game_id = await open_table(service, config, [(1, "a"), (2, "b")], seed=5)
    turn = await next_turn(service, config.game, game_id, RandomPlayer(1))
    assert turn is not None
    unit.begin("i1001")
    await service.act(game_id, turn.user_id, turn.text)
    assert unit.receipt() is not None and unit.receipt().games == [game_id]  # type: ignore[union-attr]
    unit.begin("i1001")  # Discord delivers it again
    with pytest.raises(AlreadyPlayed):
        await service.act(game_id, turn.user_id, turn.text)
    assert (await service.load(game_id)).row.version == turn.version + 1
