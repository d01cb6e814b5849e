"""``Unit.walk`` / ``Unit.state_at`` remember a game's replay from its snapshot; what the
store holds still decides (a rolled-back log, a new snapshot, another process's writes)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

import games
from bot.service import unit as unit_module
from bot.service.facade import Service
from bot.service.unit import Unit, replay_step
from bot.store import open_store
from games import engine
from games.ai import RandomPlayer, choose_for

PEOPLE = [(101, "Ann"), (202, "Ben"), (303, "Cy")]


@pytest.fixture
async def service(tmp_path: Path) -> AsyncIterator[Service]:
    store = await open_store(str(tmp_path / "tenka.db"), snapshot_every=7)
    yield Service(store, render=False, ai_budget_s=0.05)
    await store.close()


async def _china(service: Service, seed: int, moves: int) -> int:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=101, user_name="Ann", key="china", seed=seed
    )
    game_id = lobby.game.game_id
    for user, name in PEOPLE[1:]:
        await service.join(game_id, user, name)
    await service.start(game_id, 101)
    game, player = games.get("china"), RandomPlayer(seed)
    for _ in range(moves):
        loaded = await service.load(game_id)
        seat = min(game.to_act(loaded.state))
        user = loaded.user_at(seat)
        assert user is not None
        await service.act(
            game_id, user, game.notation(loaded.state, choose_for(player, game, loaded.state, seat))
        )
    return game_id


async def _fresh(service: Service, game_id: int, start: int, end: int) -> tuple[Any, list[Any]]:
    """What a unit that remembers nothing answers."""
    state, steps = await Unit(service.store, service.unit.clock).walk(
        await service.load(game_id), start, end
    )
    return state, [(row.seq, row.text, events) for row, events in steps]


async def test_walks_agree_with_a_replay_from_scratch(service: Service) -> None:
    game_id = await _china(service, 3, 30)
    loaded = await service.load(game_id)
    version = loaded.row.version
    assert version > 21  # three snapshots (every 7 actions) behind
    for start, end in [(version - 3, version), (0, 5), (9, 20), (version - 8, version - 1)]:
        state, steps = await service.unit.walk(loaded, start, end)
        assert (state, [(r.seq, r.text, e) for r, e in steps]) == await _fresh(
            service, game_id, start, end
        )
        assert [r.seq for r, _ in steps] == list(range(start, end))
    assert await service.unit.state_at(loaded, version) == loaded.state
    log = [(a.seat, a.text) for a in await service.store.actions(game_id)]
    start = await service.unit.state_at(loaded, 0)
    assert engine.replay(loaded.game, start, log)[0] == loaded.state


async def test_a_rolled_back_log_is_replayed_anew(service: Service) -> None:
    """An action taken back and another one logged in its place (as another process
    would): the remembered replay of the old action must not be answered."""
    game_id = await _china(service, 5, 17)
    loaded = await service.load(game_id)
    game, version = loaded.game, loaded.row.version
    back = version - 1
    _, steps = await service.unit.walk(loaded, back, version)  # remembered up to version
    ((old_row, _),) = steps
    previous = await service.unit.state_at(loaded, back)
    await service.store.rollback(
        game_id, to_version=back, expected_version=version, state=game.dump_state(previous)
    )
    seat = min(game.to_act(previous))
    texts = [game.notation(previous, a) for a in game.legal(previous, seat)]
    text = next(t for t in texts if t != old_row.text)
    after, _, _ = engine.act_text(game, previous, seat, text)
    await service.store.append_action(
        game_id,
        expected_version=back,
        seat=seat,
        user_id=loaded.user_at(seat),
        text=text,
        state=game.dump_state(after),
    )
    now = await service.load(game_id)
    state, steps = await service.unit.walk(now, back, back + 1)
    assert state == previous
    assert [(r.text, e) for r, e in steps] == [(text, replay_step(game, previous, seat, text)[1])]
    assert await service.unit.state_at(now, back + 1) == after == now.state


async def test_the_memory_is_bounded(service: Service, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(unit_module, "REPLAYS_KEPT", 2)
    ids = [await _china(service, seed, 3) for seed in (1, 2, 3)]
    for game_id in ids:
        loaded = await service.load(game_id)
        await service.unit.state_at(loaded, loaded.row.version)
    assert list(service.unit._replays) == ids[1:]
