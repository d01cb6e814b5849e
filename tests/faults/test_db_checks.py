"""The checks on a database a killed or raced bot left behind can fail: a log that no
longer replays (a wrong row, a lost row) and a damaged file are seen, not raised past
(they guard ``replay_failures``, ``log_gaps_or_duplicates``, ``half_written`` and
``integrity_failures`` of the fault suite)."""

from __future__ import annotations

import shutil
import sqlite3
from pathlib import Path
from types import SimpleNamespace

from bench.faults.checks import integrity_ok, replay_problems, store_replay_problems
from bench.faults.kill import open_games
from bench.tables import next_turn
from bot.service.facade import Service
from bot.store import open_store
from games.ai import RandomPlayer


async def _played(tmp_path: Path) -> tuple[Path, list[int]]:
    db = tmp_path / "k.db"
    users = [SimpleNamespace(id=100 + i, username=f"u{i}") for i in range(5)]
    tables = await open_games(db, 1, 2, users, 1, 1.8e9)
    store = await open_store(str(db))
    service = Service(store, render=False)
    for game_id, config, _ in tables:
        player = RandomPlayer(game_id)
        for _ in range(4):
            turn = await next_turn(service, config.game, game_id, player)
            assert turn is not None
            await service.act(game_id, turn.user_id, turn.text)
    await store.close()
    return db, [game_id for game_id, _, _ in tables]


async def test_a_log_that_no_longer_replays_is_seen(tmp_path: Path) -> None:
    db, ids = await _played(tmp_path)
    assert integrity_ok(db) and replay_problems(db) == []
    with sqlite3.connect(db) as conn:  # one game loses its last row, another's changes
        conn.execute("DELETE FROM actions WHERE game_id = ? AND seq = 3", (ids[0],))
        conn.execute(
            "UPDATE actions SET text = (SELECT text FROM actions WHERE game_id = ? AND seq = 1)"
            " WHERE game_id = ? AND seq = 3",
            (ids[-1], ids[-1]),
        )
    found = replay_problems(db)
    assert len(found) == 2, found
    store = await open_store(str(db))
    try:
        assert len(await store_replay_problems(store, ids)) == 2
    finally:
        await store.close()


async def test_a_damaged_file_fails_the_integrity_check(tmp_path: Path) -> None:
    db, _ = await _played(tmp_path)
    damaged = tmp_path / "damaged.db"
    shutil.copy(db, damaged)
    with sqlite3.connect(damaged) as conn:
        (page,) = conn.execute("SELECT rootpage FROM sqlite_master WHERE name = 'games_status'")
        (size,) = conn.execute("PRAGMA page_size").fetchone()
    data = bytearray(damaged.read_bytes())
    start = (page[0] - 1) * size
    for k in range(size - 40, size - 8):  # the index's cells no longer match the table
        data[start + k] ^= 0x01
    damaged.write_bytes(bytes(data))
    assert integrity_ok(db) and not integrity_ok(damaged)
