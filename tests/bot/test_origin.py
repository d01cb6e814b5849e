"""A request is played once (issue 23, item 2): the action a Discord interaction produced
carries the interaction's key (its ``origin``) into the log, on both backends, so the
same interaction delivered again is recognised and answered "already played". A
rollback (an Undo, a takeback) keeps its request's origin too (migration 7), so the same
Undo or deciding vote delivered again is "already taken back", never one more step."""

from __future__ import annotations

import pytest

from bench.configs import configurations
from bench.tables import next_turn, open_table
from bot.service import unit
from bot.service.facade import Service
from bot.service.results import AlreadyPlayed
from bot.store import Duplicate, NewAction, Played
from games.ai import RandomPlayer
from tests.bot.store_support import Opener, play, started_game, toy_apply
from tests.bot.test_rewind import PLAYERS, _first_legal, _samurai_step, _started


async def test_an_origin_is_written_once_and_outlives_its_undo(
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
    assert await store.played("i7") == Played(game.id, 0)
    again = [NewAction(1, None, "m1", toy_apply(state, "m1"), "i7"), NewAction(0, None, "m2", {})]
    with pytest.raises(Duplicate):
        await store.append_actions(game.id, expected_version=1, actions=again)
    assert (await store.get_game(game.id)).version == 1  # type: ignore[union-attr]
    assert [a.text for a in await store.actions(game.id)] == ["m0"]
    await store.rollback(game.id, to_version=0, expected_version=1, state=game.state)
    assert await store.played("i7") == Played(game.id, 0)  # still played, though taken back


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


async def test_a_rollback_keeps_its_origin_once(store_url: str, opener: Opener) -> None:
    """Guards the rollback's origin (migration 7): a rollback wrote no action row, so the
    log did not know the request that asked for it, and the same request rolled back
    again. Shown red by skipping ``KEEP_ROLLBACK`` in both backends' ``_rollback``."""
    store = await opener(store_url)
    game = await play(store, await started_game(store), 2)
    before = toy_apply(toy_apply(game.state, "m0"), "m1")
    back = await store.rollback(game.id, to_version=1, expected_version=2, state={}, origin="i8")
    assert await store.played("i8") == Played(game.id, 1, rollback=True)
    found = await store.load_game(game.id, "i8")
    assert found is not None and found.played == Played(game.id, 1, rollback=True)
    with pytest.raises(Duplicate):  # the same request again writes nothing
        await store.rollback(game.id, to_version=0, expected_version=1, state=before, origin="i8")
    assert (await store.get_game(game.id)).revision == back.revision  # type: ignore[union-attr]
    assert len(await store.actions(game.id)) == 1


async def test_the_same_undo_again_takes_back_one_step(store_url: str, opener: Opener) -> None:
    """Guards defect A at the service: an Undo delivered again after its player placed
    another step (the version is the same again, the revision is not) took that new step
    back too. Shown red with the fix reverted: the second ``undo`` returned and the game
    was at version 0."""
    service = Service(await opener(store_url), render=False, ai_budget_s=0.02)
    game_id, _, user = await _samurai_step(service)
    unit.begin("i2001")
    await service.undo(game_id, user, expected_version=1)
    assert (await service.load(game_id)).row.version == 0
    unit.begin("i2002")
    await _first_legal(service, game_id)  # the same seat places a step again
    unit.begin("i2001")  # Discord delivers the Undo again
    with pytest.raises(AlreadyPlayed) as told:
        await service.undo(game_id, user, expected_version=1)
    assert told.value.key == "err.already_undone"
    assert (await service.load(game_id)).row.version == 1


async def test_the_same_deciding_vote_again_is_already_taken_back(
    store_url: str, opener: Opener
) -> None:
    """Guards the takeback's deciding vote delivered again: it was answered "that request
    is no longer open" (``Stale``), which reads as if the takeback had not happened. Shown
    red with the fix reverted (``Stale`` raised, not ``AlreadyPlayed``)."""
    service = Service(await opener(store_url), render=False, ai_budget_s=0.02)
    game_id = await _started(service, "shitenno")
    user, _ = await _first_legal(service, game_id)
    version = (await service.council.request_takeback(game_id, user)).game.version
    first, last = (u for u in PLAYERS if u != user)
    await service.council.vote_takeback(game_id, first, version, True)
    unit.begin("i3001")
    await service.council.vote_takeback(game_id, last, version, True)
    unit.begin("i3001")
    with pytest.raises(AlreadyPlayed) as told:
        await service.council.vote_takeback(game_id, last, version, True)
    assert told.value.key == "err.already_undone"
    assert (await service.load(game_id)).row.version == 0


async def test_a_move_delivered_again_after_its_undo_is_not_played_again(
    store_url: str, opener: Opener
) -> None:
    """Guards the origins of the moves a rollback cuts: an undone move's origin left with
    it, so the same /move delivered again after its Undo (Discord re-sends an interaction
    after a gateway resume) was played a second time. Shown red by dropping the first
    statement of ``CUT_LOG``: the move played again and the game went to version 1."""
    service = Service(await opener(store_url), render=False, ai_budget_s=0.02)
    game_id = await _started(service, "samurai", {"random_opening": True, "random_placement": True})
    unit.begin("i4001")
    user, _ = await _first_legal(service, game_id)  # a step within the turn: undoable
    unit.begin("i4002")
    await service.undo(game_id, user, expected_version=1)
    assert (await service.load(game_id)).row.version == 0
    loaded = await service.load(game_id)
    assert await service.store.played("i4001") == Played(game_id, 0)
    unit.begin("i4001")  # Discord delivers the move again
    with pytest.raises(AlreadyPlayed) as told:
        await _first_legal(service, game_id)
    assert told.value.key == "err.already_played"
    assert (await service.load(game_id)).row == loaded.row  # nothing written
