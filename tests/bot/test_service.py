"""The service: lobby, moves, errors that change nothing, concurrency, restarts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

import games
from bot.service.facade import Service
from bot.service.results import NoSuchGame, NotAllowed, NotSeated, Stale, WrongPhase
from bot.store import open_store
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import GameError, IllegalAction, InvalidNotation, NotYourTurn

ALICE, BOB, CAROL = 101, 202, 303


@pytest.fixture
async def service(tmp_path: Path):
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.05)
    await store.close()


async def started(service: Service, variant: str = "3x4", seed: int = 5) -> int:
    lobby = await service.new_game(
        guild_id=1,
        channel_id=10,
        user_id=ALICE,
        user_name="Alice",
        key="yokai",
        options={"variant": variant},
        seed=seed,
    )
    await service.join(lobby.game.game_id, BOB, "Bob")
    await service.start(lobby.game.game_id, ALICE)
    return lobby.game.game_id


async def seat_user(service: Service, game_id: int) -> tuple[int, int]:
    loaded = await service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    user = next(s.user_id for s in loaded.seats if s.position == seat)
    return seat, user


async def test_lobby_join_rules(service: Service) -> None:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="yokai"
    )
    game_id = lobby.game.game_id
    assert not lobby.can_start and f"<@{ALICE}>" in lobby.text
    with pytest.raises(NotAllowed, match="already"):
        await service.join(game_id, ALICE, "Alice")
    with pytest.raises(NotAllowed, match="at least 2"):
        await service.start(game_id, ALICE)
    lobby = await service.join(game_id, BOB, "Bob")
    assert lobby.can_start and lobby.full
    with pytest.raises(NotAllowed, match="full"):
        await service.join(game_id, CAROL, "Carol")
    with pytest.raises(NotAllowed, match="Only the player who opened"):
        await service.start(game_id, BOB)
    result = await service.start(game_id, ALICE)
    assert result.game.status == "active"
    assert len(result.game.to_act) == 1 and result.public[0].ping == result.game.to_act
    with pytest.raises(WrongPhase):
        await service.join(game_id, CAROL, "Carol")


async def test_bad_options_and_unknown_game(service: Service) -> None:
    with pytest.raises(GameError, match="no game called"):
        await service.new_game(guild_id=1, channel_id=1, user_id=1, user_name="x", key="go")
    with pytest.raises(GameError, match="variant"):
        await service.new_game(
            guild_id=1,
            channel_id=1,
            user_id=1,
            user_name="x",
            key="yokai",
            options={"variant": "9x9"},
        )
    with pytest.raises(NotAllowed, match="2 players"):
        await service.new_game(
            guild_id=1, channel_id=1, user_id=1, user_name="x", key="yokai", players=3
        )
    with pytest.raises(NoSuchGame):
        await service.act(999, ALICE, "b2b3")


async def test_wrong_moves_change_nothing(service: Service) -> None:
    game_id = await started(service)
    seat, user = await seat_user(service, game_id)
    other = BOB if user == ALICE else ALICE
    before = await service.store.get_game(game_id)
    with pytest.raises(NotYourTurn):
        await service.act(game_id, other, "b3b2")
    with pytest.raises(NotSeated):
        await service.act(game_id, CAROL, "b2b3")
    with pytest.raises(InvalidNotation):
        await service.act(game_id, user, "hello")
    with pytest.raises(IllegalAction):
        await service.act(game_id, user, "a1a4" if seat == 0 else "a4a1")
    with pytest.raises(IllegalAction):  # read, but from an empty square: no label for it
        await service.act(game_id, user, "a2a3" if seat == 0 else "a3a2")
    after = await service.store.get_game(game_id)
    assert after is not None and before is not None
    assert (after.version, after.state) == (before.version, before.state)
    assert await service.store.actions(game_id) == []


async def test_whole_game_to_the_end_and_replay(service: Service) -> None:
    game_id = await started(service, "5x6", seed=9)
    game = games.get("yokai")
    player = RandomPlayer(3)
    result = None
    for _ in range(3000):
        loaded = await service.load(game_id)
        if game.outcome(loaded.state) is not None:
            break
        seat, user = await seat_user(service, game_id)
        text = game.notation(loaded.state, choose_for(player, game, loaded.state, seat))
        result = await service.act(game_id, user, text)
    assert result is not None and result.finished
    assert result.game.status == "finished"
    assert "Game over" in result.public[0].text and result.public[0].ping == ()
    loaded = await service.load(game_id)
    replayed = await service.unit.state_at(loaded, loaded.row.version)
    assert game.dump_state(replayed) == loaded.row.state
    start = await service.unit.state_at(loaded, 0)
    log = [(a.seat, a.text) for a in await service.store.actions(game_id)]
    assert engine.replay(game, start, log)[0] == loaded.state
    with pytest.raises(WrongPhase, match="over"):
        await service.act(game_id, ALICE, "b2b3")


async def test_racing_moves_apply_exactly_once(service: Service) -> None:
    game_id = await started(service)
    loaded = await service.load(game_id)
    seat, user = await seat_user(service, game_id)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    results = await asyncio.gather(
        service.act(game_id, user, move, expected_version=0),
        service.act(game_id, user, move, expected_version=0),
        return_exceptions=True,
    )
    assert sum(not isinstance(r, BaseException) for r in results) == 1
    assert sum(isinstance(r, Stale) for r in results) == 1
    assert len(await service.store.actions(game_id)) == 1


async def test_two_services_on_one_file_apply_once(tmp_path: Path) -> None:
    path = str(tmp_path / "shared.db")
    store_a, store_b = await open_store(path), await open_store(path)
    try:
        a, b = Service(store_a, render=False), Service(store_b, render=False)
        game_id = await started(a)
        loaded = await a.load(game_id)
        seat, user = await seat_user(a, game_id)
        move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
        results = await asyncio.gather(
            a.act(game_id, user, move), b.act(game_id, user, move), return_exceptions=True
        )
        ok = [r for r in results if not isinstance(r, BaseException)]
        assert len(ok) == 1, results
        assert all(isinstance(r, GameError) for r in results if isinstance(r, BaseException))
        assert len(await store_a.actions(game_id)) == 1
    finally:
        await store_a.close()
        await store_b.close()


async def test_restart_resumes_exactly(tmp_path: Path) -> None:
    path = str(tmp_path / "restart.db")
    store = await open_store(path)
    service = Service(store, render=False)
    game_id = await started(service)
    seat, user = await seat_user(service, game_id)
    loaded = await service.load(game_id)
    first = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    await service.act(game_id, user, first)
    before = await store.get_game(game_id)
    await store.close()
    store = await open_store(path)
    try:
        service = Service(store, render=False)
        after = await store.get_game(game_id)
        assert after == before
        seat, user = await seat_user(service, game_id)
        loaded = await service.load(game_id)
        second = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
        result = await service.act(game_id, user, second)
        assert result.game.version == 2
    finally:
        await store.close()


async def test_resign_and_abandon(service: Service) -> None:
    game_id = await started(service)
    result = await service.resign(game_id, BOB)
    assert result.finished and "Alice won" in result.public[0].text
    game_id = await started(service, seed=6)
    first = await service.abandon(game_id, ALICE)
    assert first.reply and "Bob" in first.reply  # the voter is answered
    (told,) = first.public  # and the others are told a vote awaits them
    assert told.ping == (BOB,) and f"<@{BOB}>" in told.text and not told.image
    with pytest.raises(NotSeated):
        await service.abandon(game_id, CAROL)
    second = await service.abandon(game_id, BOB)
    assert second.finished and second.game.status == "abandoned"


async def test_undo_without_a_step_is_refused(service: Service) -> None:
    game_id = await started(service)
    _, user = await seat_user(service, game_id)
    with pytest.raises(NotAllowed, match="take back"):
        await service.undo(game_id, user)


async def test_ai_seat_answers_and_history_lists_moves(service: Service) -> None:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="yokai", seed=11
    )
    game_id = lobby.game.game_id
    with pytest.raises(NotAllowed):
        await service.add_ai(game_id, BOB)
    await service.add_ai(game_id, ALICE)
    result = await service.start(game_id, ALICE)
    assert result.game.to_act == (ALICE,)
    loaded = await service.load(game_id)
    seat = loaded.seat_of(ALICE)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    result = await service.act(game_id, ALICE, move)
    assert result.game.version >= 2 or result.finished
    page = await service.history(game_id, ALICE)
    assert len(page.lines) == result.game.version
    assert page.lines[0].startswith("1. ")


async def test_choices_filter_and_limit(service: Service) -> None:
    game_id = await started(service, "5x6")
    _, user = await seat_user(service, game_id)
    everything = await service.choices(game_id, user, "")
    assert 0 < len(everything) <= 25
    some = await service.choices(game_id, user, everything[0][1][:2])
    assert some and all(everything[0][1][:2] in v for _, v in some)
    other = BOB if user == ALICE else ALICE
    assert await service.choices(game_id, other, "") == []
    with pytest.raises(NotSeated):
        await service.choices(game_id, CAROL, "")


async def test_find_game_by_channel_and_mine(service: Service) -> None:
    game_id = await started(service)
    await service.set_messages(game_id, thread_id=777)
    assert (await service.find_game(777)).game_id == game_id
    with pytest.raises(NoSuchGame):
        await service.find_game(12345)
    mine = await service.mine(ALICE)
    assert [g.game_id for g in mine] == [game_id]
