"""The store under races, crashes and cancellation, and its load cost against game length."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import asyncpg
import pytest

import bot.store.sqlite_actions as sqlite_actions
from bot.store import Conflict, GameRow, SqliteStore
from bot.store.bench import bench_store
from tests.bot.store_support import AnyStore, Opener, play, raw, started_game, toy_apply

REPO = Path(__file__).resolve().parents[2]


async def move(store: AnyStore, game: GameRow, text: str) -> GameRow:
    """Append ``text`` on top of ``game`` as the caller last saw it."""
    return await store.append_action(
        game.id, expected_version=game.version, seat=game.version % 2, user_id=None,
        text=text, state=toy_apply(game.state, text),
    )  # fmt: skip


async def log_and_row(store: AnyStore, game_id: int) -> tuple[Any, ...]:
    """Everything durable about a game, read through a separate connection."""
    return (
        await raw(store, "SELECT * FROM actions WHERE game_id = ? ORDER BY seq", game_id),
        await raw(store, "SELECT * FROM games WHERE id = ?", game_id),
        await raw(store, "SELECT * FROM seats WHERE game_id = ? ORDER BY id", game_id),
        await raw(store, "SELECT seq FROM snapshots WHERE game_id = ? ORDER BY seq", game_id),
    )


@pytest.fixture
async def two_stores(store_url: str, opener: Opener) -> tuple[AnyStore, AnyStore]:
    """Two stores on one database, each with its own connections: two bot processes."""
    return await opener(store_url, snapshot_every=5), await opener(store_url, snapshot_every=5)


# --- races ----------------------------------------------------------------------------


async def test_two_connections_racing_on_one_game_apply_exactly_once(two_stores: Any) -> None:
    first, second = two_stores
    game = await started_game(first)
    for round_ in range(8):  # several rounds so both orders of arrival get exercised
        seen = await first.get_game(game.id)
        results = await asyncio.gather(
            move(first, seen, f"first{round_}"),
            move(second, seen, f"second{round_}"),
            return_exceptions=True,
        )
        winners = [r for r in results if isinstance(r, GameRow)]
        conflicts = [r for r in results if isinstance(r, Conflict)]
        assert (len(winners), len(conflicts)) == (1, 1), results
        log = await second.actions(game.id, since_seq=round_)
        assert [a.seq for a in log] == [round_]
        assert winners[0].state["moves"][-1] == log[0].text
    final = await second.get_game(game.id)
    assert final is not None and final.version == 8
    assert final.state["moves"] == [a.text for a in await first.actions(game.id)]


async def test_concurrent_appends_through_one_store_apply_exactly_once(two_stores: Any) -> None:
    store, _ = two_stores
    game = await started_game(store)
    results = await asyncio.gather(
        *(move(store, game, f"t{i}") for i in range(4)), return_exceptions=True
    )
    assert sum(isinstance(r, GameRow) for r in results) == 1
    assert sum(isinstance(r, Conflict) for r in results) == 3
    assert len(await store.actions(game.id)) == 1


async def test_writers_that_reload_on_conflict_lose_no_move(two_stores: Any) -> None:
    first, second = two_stores
    game = await started_game(first)
    applied: list[str] = []

    async def writer(store: AnyStore, name: str, moves: int) -> None:
        for i in range(moves):
            while True:
                seen = await store.get_game(game.id)
                assert seen is not None
                try:
                    await move(store, seen, f"{name}{i}")
                except Conflict:
                    continue  # someone moved first: reload and try again
                applied.append(f"{name}{i}")
                break

    await asyncio.gather(writer(first, "a", 12), writer(second, "b", 12), writer(first, "c", 6))
    final = await second.get_game(game.id)
    log = [a.text for a in await second.actions(game.id)]
    assert final is not None and final.version == 30 == len(applied)
    assert sorted(log) == sorted(applied) and final.state["moves"] == log
    assert len(set(log)) == 30


async def test_a_clash_on_the_action_key_is_a_conflict_that_writes_nothing(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    store, _ = two_stores
    game = await play(store, await started_game(store), 2)
    # a stray row where the next action goes
    stray = "INSERT INTO actions (game_id, seq, seat, user_id, text, created_at)"
    await raw(store, f"{stray} VALUES (?, 2, 0, NULL, 'stray', 0)", game.id)
    before = await log_and_row(store, game.id)
    with pytest.raises(Conflict, match="already exists"):
        await move(store, game, "mine")
    assert await log_and_row(store, game.id) == before  # the game row update was undone too


async def test_read_modify_writes_through_two_connections_lose_no_update(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    first, second = two_stores
    game = await started_game(first)
    # each merge reads the settings then writes them back: without taking the write lock
    # up front (BEGIN IMMEDIATE) one of two overlapping merges fails or is lost
    await asyncio.gather(
        *(store.update_settings(game.id, {f"{name}{i}": i})
          for i in range(60) for store, name in ((first, "a"), (second, "b")))
    )  # fmt: skip
    settings = (await first.get_game(game.id)).settings  # type: ignore[union-attr]
    assert len(settings) == 120


async def test_a_timer_is_claimed_by_exactly_one_dispatcher(two_stores: Any) -> None:
    first, second = two_stores
    for _ in range(5):
        timer = await first.add_timer(due_at=1.0, kind="reminder")
        claims = await asyncio.gather(first.delete_timer(timer), second.delete_timer(timer))
        assert sorted(claims) == [False, True]


# --- crashes --------------------------------------------------------------------------


async def test_sqlite_failure_between_apply_and_commit_leaves_no_partial_write(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, opener: Opener
) -> None:
    path = str(tmp_path / "crash.db")
    store = await opener(path, snapshot_every=5)
    assert isinstance(store, SqliteStore)
    game = await play(store, await started_game(store), 4)
    before = await log_and_row(store, game.id)
    real_insert = sqlite_actions.insert_actions

    def insert_then_fail(*args: Any) -> None:
        real_insert(*args)  # the game row is updated and the action inserted ...
        raise OSError("disk unplugged")  # ... and then the transaction dies before COMMIT

    monkeypatch.setattr(sqlite_actions, "insert_actions", insert_then_fail)
    with pytest.raises(OSError, match="unplugged"):
        await move(store, game, "lost")
    assert await log_and_row(store, game.id) == before
    assert await store.get_game(game.id) == game

    # the snapshot is the last write of a move reaching version 5 (snapshot_every=5)
    real_snapshots = sqlite_actions.write_snapshots

    def snapshot_then_fail(*args: Any) -> None:
        real_snapshots(*args)
        raise OSError("disk unplugged")

    monkeypatch.setattr(sqlite_actions, "insert_actions", real_insert)
    monkeypatch.setattr(sqlite_actions, "write_snapshots", snapshot_then_fail)
    with pytest.raises(OSError, match="unplugged"):
        await move(store, game, "lost")
    assert await log_and_row(store, game.id) == before

    monkeypatch.undo()
    committed = await play(store, game, 3)  # the same connection carries on normally
    await store.close()
    reopened = await opener(path, snapshot_every=5)
    assert await reopened.get_game(game.id) == committed
    log = await reopened.actions(game.id)
    assert [a.text for a in log] == [f"m{seq}" for seq in range(7)] == committed.state["moves"]
    await reopened.close()


CRASHING_CHILD = textwrap.dedent(
    """
    import asyncio, os, sys
    import bot.store.sqlite_actions as sqlite_actions
    from bot.store import open_store
    from tests.bot.store_support import play, started_game

    async def main(path):
        store = await open_store(path, snapshot_every=5)
        game = await play(store, await started_game(store), 10)
        real_insert = sqlite_actions.insert_actions

        def insert_then_die(*args):
            real_insert(*args)
            os._exit(17)  # the process dies with the transaction open

        sqlite_actions.insert_actions = insert_then_die
        await play(store, game, 1)

    asyncio.run(main(sys.argv[1]))
    """
)


async def test_postgres_failure_inside_the_move_statement_leaves_no_partial_write(
    pg_url: str, opener: Opener
) -> None:
    store = await opener(pg_url, snapshot_every=5)
    game = await play(store, await started_game(store), 4)
    before = await log_and_row(store, game.id)
    # the snapshot is the move's last write (version 5): make the server fail right there
    await raw(
        store,
        "CREATE FUNCTION fail() RETURNS trigger LANGUAGE plpgsql AS"
        " $$ BEGIN RAISE EXCEPTION 'disk unplugged'; END $$",
    )
    await raw(
        store, "CREATE TRIGGER fail BEFORE INSERT ON snapshots FOR EACH ROW EXECUTE FUNCTION fail()"
    )
    with pytest.raises(asyncpg.RaiseError, match="unplugged"):
        await move(store, game, "lost")
    assert await log_and_row(store, game.id) == before
    await raw(store, "DROP TRIGGER fail ON snapshots")
    committed = await play(store, game, 3)  # the store carries on normally
    assert [a.text for a in await store.actions(game.id)] == committed.state["moves"]
    assert (await store.snapshot_at_or_before(game.id, 7))[0] == 5


async def test_sqlite_process_killed_mid_transaction_loses_nothing_committed(
    tmp_path: Path, opener: Opener
) -> None:
    path = str(tmp_path / "killed.db")
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    child = await asyncio.create_subprocess_exec(
        sys.executable, "-c", CRASHING_CHILD, path, cwd=REPO, env=env,
        stderr=subprocess.PIPE,
    )  # fmt: skip
    _, stderr = await child.communicate()
    assert child.returncode == 17, stderr.decode()
    assert Path(path + "-wal").exists()  # it died without a clean close

    store = await opener(path)
    game = (await store.active_games())[0]
    log = await store.actions(game.id)
    assert game.version == 10 == len(log)
    assert game.state["moves"] == [a.text for a in log] == [f"m{i}" for i in range(10)]
    assert [s.last_acted_seq for s in await store.seats(game.id)] == [8, 9]
    await store.close()
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA integrity_check").fetchone() == ("ok",)


async def test_a_cancelled_move_is_all_or_nothing(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    game = await started_game(store)
    for _ in range(5):
        task = asyncio.create_task(move(store, game, f"m{game.version}"))
        await asyncio.sleep(0)
        task.cancel()
        await asyncio.gather(task, return_exceptions=True)
        current = await store.get_game(game.id)
        assert current is not None
        log = await store.actions(game.id)
        assert current.version == len(log) and current.state["moves"] == [a.text for a in log]
        game = await move(store, current, f"m{current.version}")  # the store still works
    await store.close()


# --- load cost ------------------------------------------------------------------------


async def test_sqlite_loading_a_500_action_game_costs_the_same_as_a_5_action_game(
    tmp_path: Path, opener: Opener
) -> None:
    store = await opener(str(tmp_path / "load.db"))
    assert isinstance(store, SqliteStore)
    short = await play(store, await started_game(store), 5)
    long = await play(store, await started_game(store), 500)
    statements: list[str] = []
    await store._db.set_trace_callback(statements.append)
    loaded_short = await store.get_game(short.id)
    short_statements = list(statements)
    statements.clear()
    loaded_long = await store.get_game(long.id)
    await store._db.set_trace_callback(None)  # type: ignore[arg-type]
    assert loaded_short == short and loaded_long == long
    assert len(short_statements) == len(statements) == 1  # one row, no replay, no log scan
    assert "actions" not in statements[0] and "snapshots" not in statements[0]
    await store.close()


async def test_bench_store_reports_throughput_load_times_cpu_and_round_trips(
    store_url: str, backend: str
) -> None:
    result = await bench_store(store_url, moves=60)
    assert set(result) == {
        "moves_per_s", "load_ms_5", "load_ms_500", "client_cpu_us_per_move",
        "round_trips_per_move",
    }  # fmt: skip
    assert all(result[key] > 0 for key in ("moves_per_s", "load_ms_5", "load_ms_500"))
    assert result["client_cpu_us_per_move"] > 0
    # a move is one message to the server and its answer; SQLite has no socket at all
    assert result["round_trips_per_move"] == (1.0 if backend == "postgresql" else 0.0)
