"""``python -m bot migrate``: a SQLite database copied into PostgreSQL loses nothing."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from bot.store import NewAction, StoreError
from bot.store.copy import TABLES, copy_store
from tests.bot.store_support import (
    ALICE,
    BOB,
    CAROL,
    AnyStore,
    Opener,
    new_game,
    play,
    raw,
    started_game,
    toy_apply,
)

REPO = Path(__file__).resolve().parents[2]


async def everything(store: AnyStore) -> dict[str, Any]:
    """Every row of every table, in a backend-neutral form (ints and floats as floats)."""
    out: dict[str, Any] = {}
    for table, _ in TABLES:
        rows = await raw(store, f"SELECT * FROM {table}")
        norm = [tuple(float(v) if isinstance(v, int | float) else v for v in r) for r in rows]
        out[table] = sorted(norm, key=repr)
    return out


async def busy_database(store: AnyStore) -> list[int]:
    """Games in every status, with moves, snapshots, a takeback, settings, timers, outbox."""
    lobby = await new_game(store, channel=7)
    await store.add_ai_seat(lobby.id, "easy", now=1001.5)
    long = await play(store, await started_game(store, (ALICE, BOB, CAROL)), 23)
    long = await store.rollback(
        long.id, to_version=21, expected_version=23, state=toy_apply(long.state, "x"), now=5.0
    )
    s1 = toy_apply(long.state, "a")
    batch = [NewAction(0, ALICE, "a", s1), NewAction(1, None, "b", toy_apply(s1, "b"))]
    await store.append_actions(long.id, expected_version=21, actions=batch)
    await store.mark_published(long.id, 23)
    await store.claim_board(long.id, 4)
    done = await play(store, await started_game(store), 4)
    await store.set_status(done.id, "finished", outcome={"winners": [1]}, now=9.5)
    await store.update_settings(done.id, {"muted": [BOB], "clock": {"reminder_hours": 6.5}})
    await store.set_messages(done.id, thread_id=2**62, board_message_id=2**63 - 1)
    await store.replace_seat(long.id, 1, user_id=None, ai="hard")
    await store.add_vacation_used(long.id, 2, 1234.5)
    await store.set_user_settings(ALICE, {"lang": "es", "quiet": [1320, 450]})
    await store.set_guild_settings(1, {"reminder_hours": 12})
    await store.add_timer(due_at=1e9 + 0.25, kind="remind", game_id=long.id, user_id=CAROL,
                          payload={"turn": 5.5, "seat": 2, "count": 1})  # fmt: skip
    await store.add_timer(due_at=7.0, kind="digest", user_id=ALICE)
    await store.meta_set("heartbeat", "1700000000.5")
    return [lobby.id, long.id, done.id]


async def test_migrate_copies_every_game_log_timer_setting_and_outbox_state(
    tmp_path: Path, pg_url: str, opener: Opener
) -> None:
    source = f"sqlite:///{tmp_path}/old.db"
    lite = await opener(source, snapshot_every=5)
    ids = await busy_database(lite)
    counts = await copy_store(source, pg_url)
    assert counts["games"] == 3 and counts["actions"] == 23 + 4 and counts["timers"] == 2

    pg = await opener(pg_url, snapshot_every=5)
    assert await everything(pg) == await everything(lite)  # every row of every table
    for game_id in ids:  # and the same through the store's own reads
        assert await pg.get_game(game_id) == await lite.get_game(game_id)
        assert await pg.seats(game_id) == await lite.seats(game_id)
        assert await pg.actions(game_id) == await lite.actions(game_id)
        assert await pg.timers_for_game(game_id) == await lite.timers_for_game(game_id)
    for seq in range(24):
        assert await pg.snapshot_at_or_before(ids[1], seq) == await lite.snapshot_at_or_before(
            ids[1], seq
        )
    assert await pg.owed_games() == await lite.owed_games()
    assert await pg.due_timers(1e18) == await lite.due_timers(1e18)
    assert await pg.user_settings(ALICE) == await lite.user_settings(ALICE) != {}
    assert await pg.guild_settings(1) == {"reminder_hours": 12}
    assert await pg.meta_get("heartbeat") == "1700000000.5"
    # the copied database goes on: new ids follow the old ones, the games keep playing
    assert (await new_game(pg)).id == max(ids) + 1
    assert await pg.add_timer(due_at=1.0, kind="x") == 3
    moved = await play(pg, (await pg.get_game(ids[1])), 3)  # type: ignore[arg-type]
    assert moved.version == 26

    with pytest.raises(StoreError, match="already holds games"):  # never into a used one
        await copy_store(source, pg_url)


def test_the_migrate_command_says_what_it_copied(tmp_path: Path, pg_url: str) -> None:
    import sqlite3

    path = tmp_path / "tenka.db"
    sqlite3.connect(path).close()  # an empty file: migrated to the schema, then copied
    done = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--from", str(path), "--to", pg_url],
        cwd=REPO, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Copied 0 games, 0 seats, 0 actions")
    wrong = subprocess.run(
        [sys.executable, "-m", "bot", "migrate", "--from", str(path), "--to", "sqlite:///x.db"],
        cwd=REPO, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert wrong.returncode == 2 and "postgresql://" in wrong.stderr
