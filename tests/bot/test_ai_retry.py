"""No seat waits for a restart: an AI seat whose move failed to save tries again on a timer
(10 s, 1 min, 5 min, then every 30 min), with no deadline set, and what it then plays is
posted like any move. Simulated time, no sleeping.

Defect guarded (issue 23, item 7): ``Aftermath.run_ai`` logged the failure and stopped;
nothing brought the AI back before the bot restarted, and the humans read "It is not your
turn" meanwhile."""

from __future__ import annotations

from typing import Any

import pytest

from bot.service.facade import Service
from bot.service.timers import AI_BACKOFF_S, AI_RETRY
from bot.store import Unavailable
from games.base import NotYourTurn
from tests.bot.test_tempo import ALICE, run_timers, world

__all__ = ["world"]


def failing_ai_saves(service: Service, monkeypatch: pytest.MonkeyPatch, times: int) -> list[int]:
    """The next ``times`` saves of an AI seat's move fail as a database that is away
    would (nothing written); the list counts the failures."""
    failed: list[int] = []
    real = service.store.append_action

    async def append_action(game_id: int, **kwargs: Any) -> Any:
        if kwargs["user_id"] is None and len(failed) < times:
            failed.append(game_id)
            raise Unavailable("the database cannot be reached")
        return await real(game_id, **kwargs)

    monkeypatch.setattr(service.store, "append_action", append_action)
    return failed


async def ai_game(service: Service) -> int:
    """Alice against an AI seat (Yokai, no deadline); Alice moves first."""
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="yokai", seed=11
    )
    game_id = lobby.game.game_id
    await service.add_ai(game_id, ALICE)
    assert (await service.start(game_id, ALICE)).game.to_act == (ALICE,)
    return game_id


async def alice_moves(service: Service, game_id: int) -> Any:
    loaded = await service.load(game_id)
    seat = loaded.seat_of(ALICE)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    return await service.act(game_id, ALICE, move)


async def stalled(
    world: tuple[Service, Any], monkeypatch: pytest.MonkeyPatch, failures: int
) -> tuple[Service, Any, int, list[int]]:
    """Alice's game whose AI seat failed to save its answer to her first move (and will
    fail ``failures`` times in all): the service, its clock, the game, the failures."""
    service, clock = world
    game_id = await ai_game(service)
    failed = failing_ai_saves(service, monkeypatch, times=failures)
    result = await alice_moves(service, game_id)
    assert result.game.version == 1 and failed == [game_id]  # Alice's move is in
    return service, clock, game_id, failed


async def ai_timers(service: Service, game_id: int) -> list[float]:
    return [t.due_at for t in await service.store.timers_for_game(game_id) if t.kind == AI_RETRY]


async def test_an_ai_move_that_failed_to_save_is_retried_with_backoff(
    world: tuple[Service, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, clock, game_id, failed = await stalled(world, monkeypatch, failures=3)
    with pytest.raises(NotYourTurn):  # the AI is to act: Alice waits for it
        await service.act(game_id, ALICE, "b2b3")
    waited = 0.0
    for attempt, delay in enumerate(AI_BACKOFF_S[:3]):
        assert await ai_timers(service, game_id) == [clock.now + delay], attempt
        clock.now += delay - 1
        assert await run_timers(service) == []  # not due yet
        clock.now += 1
        fired = await run_timers(service)
        waited += delay
        if attempt < 2:  # the save fails again: the next try waits longer
            assert fired == [] and len(failed) == attempt + 2
    assert waited == 10 + 60 + 300
    (posted,) = fired  # the AI's move, through the normal publishing path
    assert posted.game.version == 2 and posted.game.to_act == (ALICE,)
    assert posted.public and posted.public[0].ping == (ALICE,)
    assert await ai_timers(service, game_id) == []
    assert (await alice_moves(service, game_id)).game.version >= 3  # the game goes on


async def test_the_retry_waits_every_30_minutes_after_the_first_three(
    world: tuple[Service, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, clock, game_id, _ = await stalled(world, monkeypatch, failures=6)
    for delay in (*AI_BACKOFF_S, 1800.0, 1800.0):
        assert await ai_timers(service, game_id) == [clock.now + delay]
        clock.now += delay
        await run_timers(service)
    assert await ai_timers(service, game_id) == []
    assert (await service.load(game_id)).row.version == 2


async def test_a_retry_that_cannot_be_saved_either_is_saved_later_by_the_process(
    world: tuple[Service, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, clock = world
    game_id = await ai_game(service)
    failing_ai_saves(service, monkeypatch, times=1)
    real_add_timer = service.store.add_timer
    refused: list[str] = []

    async def add_timer(**kwargs: Any) -> Any:
        if kwargs["kind"] == AI_RETRY and len(refused) < 2:  # the database is still away
            refused.append(kwargs["kind"])
            raise Unavailable("the database cannot be reached")
        return await real_add_timer(**kwargs)

    slept: list[float] = []

    async def sleep(seconds: float) -> None:  # simulated: the process waits, then retries
        slept.append(seconds)
        clock.now += seconds

    monkeypatch.setattr(service.store, "add_timer", add_timer)
    monkeypatch.setattr(service.timers, "sleep", sleep)
    await alice_moves(service, game_id)
    while service.timers._waiting:  # the process's own retries of writing the timer
        await next(iter(service.timers._waiting))
    assert refused == [AI_RETRY, AI_RETRY] and slept == [10.0, 10.0]
    assert await ai_timers(service, game_id) == [clock.now + 10.0]
    clock.now += 10.0
    (posted,) = await run_timers(service)
    assert posted.game.version == 2 and posted.game.to_act == (ALICE,)


async def test_a_retry_due_while_paused_waits_for_the_resume(
    world: tuple[Service, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    service, clock, game_id, _ = await stalled(world, monkeypatch, failures=1)
    await service.tempo.pause(game_id, ALICE)
    clock.now += AI_BACKOFF_S[0]
    assert await run_timers(service) == []  # paused means paused: the AI does not move
    assert (await service.load(game_id)).row.version == 1
    assert await ai_timers(service, game_id) == [clock.now + AI_BACKOFF_S[1]]  # kept
    await service.tempo.resume(game_id, ALICE)
    clock.now += AI_BACKOFF_S[1]
    (posted,) = await run_timers(service)
    assert posted.game.version == 2 and posted.game.to_act == (ALICE,)
