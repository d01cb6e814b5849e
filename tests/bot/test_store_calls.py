"""What one move costs the store, and that what it tells without reading the log back is
what the log says (issue 26: a /move made 24 store calls and loaded the game three times)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.configs import Config, configurations, heaviest
from bench.store_calls import CountingStore, count_moves
from bench.tables import open_table, play_random
from bot.service.facade import Service
from bot.store import open_store
from games.ai import RandomPlayer

# one human move: the game read once (row, seats, settings, the origin check), the move
# appended, the turn's timers replaced; what follows is told from this process's replay
ONE_MOVE = Counter({"load_game": 1, "append_action": 1, "sync_timers": 1})


@pytest.mark.parametrize("config", list(configurations()), ids=lambda c: c.label)
async def test_a_human_move_costs_three_store_calls_and_one_load(
    tmp_path: Path, config: Config
) -> None:
    """Guards the store calls of ``Service.act`` for every game, variant and player
    count: any call added back (a reload, a settings read per player, the log read back
    for the digest) fails it. Shown red with ``unit.reload`` put back after the commit
    (4 calls, 2 loads) and with the digest reading the store again."""
    store = CountingStore(await open_store(str(tmp_path / "calls.db")))
    try:
        service = Service(store, render=False)  # type: ignore[arg-type]
        samples = await count_moves(service, store, config, moves=8)
    finally:
        await store.close()
    assert len(samples) == 8
    for number, (split, calls) in enumerate(samples, 1):
        assert calls == ONE_MOVE, f"move {number}: {dict(calls)}"
        assert split["loads"] == 1


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    which=st.integers(0, len(heaviest()) - 1), seed=st.integers(0, 2**31), moves=st.integers(1, 30)
)
async def test_what_a_move_tells_from_memory_is_what_the_log_says(
    tmp_path: Path, which: int, seed: int, moves: int
) -> None:
    """Guards the replay a commit extends (``Unit._remember``), which the digest and the
    turn's lines read instead of the log: for any game and moves, the seats and events it
    holds are those a process that never saw the game replays from the store. Shown red
    with the remembered events of each step taken from the step before."""
    config = heaviest()[which]
    store = await open_store(str(tmp_path / f"memory-{which}-{seed}-{moves}.db"))
    try:
        service = Service(store, render=False)
        users = [(200 + i, f"P{i + 1}") for i in range(config.players)]
        game_id = await open_table(service, config, users, seed=seed)
        await play_random(service, config.game, game_id, RandomPlayer(seed), moves)
        loaded = await service.load(game_id)
        known = service.unit.remembered(loaded, 0, loaded.row.version)
        assert known is not None, "the replay should hold the whole log it wrote"
        other = Service(store, render=False)  # another process: it reads the log
        _, walked = await other.unit.walk(await other.load(game_id), 0, loaded.row.version)
        assert known == [(row.seq, row.seat, events) for row, events in walked]
    finally:
        await store.close()
