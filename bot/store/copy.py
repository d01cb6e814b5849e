"""``python -m bot migrate``: copy a SQLite database into an empty PostgreSQL one.

Every table is copied row for row, ids included (so games keep their numbers, and the
custom ids on Discord's buttons still name them), in one PostgreSQL transaction: either
the whole database arrives or nothing does. The target must have no games yet; both
schemas are first brought to the same version. The SQLite file is only read.
"""

from __future__ import annotations

import sqlite3
from typing import Any, Final

from bot.store import sqlite_path
from bot.store.models import StoreError
from bot.store.pg_pool import Conn
from bot.store.postgres import PostgresStore
from bot.store.sqlite import SqliteStore

# parents first (foreign keys); each with the identity column whose sequence moves on
TABLES: Final = (
    ("games", "id"),
    ("seats", "id"),
    ("actions", None),
    ("snapshots", None),
    ("user_settings", None),
    ("guild_settings", None),
    ("timers", "id"),
    ("meta", None),
    ("rating_history", None),  # ratings (migration 6): rebuilt alike from the games anyway
    ("ratings", None),
    ("rollbacks", None),  # the origins of rollbacks (migration 7)
)
_CASTS: Final = {"bigint": int, "integer": int, "double precision": float, "text": str}


def _read(path: str, table: str) -> tuple[list[str], list[tuple[Any, ...]]]:
    with sqlite3.connect(f"file:{path}?mode=ro", uri=True) as conn:
        cursor = conn.execute(f"SELECT * FROM {table}")  # names from TABLES, not the caller
        columns = [d[0] for d in cursor.description]
        return columns, cursor.fetchall()


async def copy_store(source: str, target: str) -> dict[str, int]:
    """Copy the SQLite database ``source`` into the PostgreSQL ``target``; returns the
    number of rows copied per table."""
    path = sqlite_path(source)
    if path == ":memory:":
        raise StoreError("Nothing to migrate from an in-memory database.")
    lite = await SqliteStore.open(path)  # brings the file to the current schema
    await lite.close()
    store = await PostgresStore.open(target)
    counts: dict[str, int] = {}
    try:
        async with store._tx() as conn:
            if await conn.fetchval("SELECT EXISTS (SELECT 1 FROM games)"):
                raise StoreError(
                    "The PostgreSQL database already holds games: migrate into an empty one"
                    " (nothing was copied)."
                )
            await conn.execute("DELETE FROM meta")
            for table, identity in TABLES:
                counts[table] = await _copy_table(conn, path, table, identity)
    finally:
        await store.close()
    return counts


async def _copy_table(conn: Conn, path: str, table: str, identity: str | None) -> int:
    """One table's rows, each value cast to its PostgreSQL column's type, and its identity
    sequence moved past them; the number of rows."""
    columns, rows = _read(path, table)
    found = await conn.fetch(
        "SELECT column_name, data_type FROM information_schema.columns"
        " WHERE table_name = $1 AND table_schema = current_schema()",
        table,
    )
    types: dict[str, str] = {row[0]: row[1] for row in found}
    casts = [_CASTS.get(types.get(column, "text"), str) for column in columns]
    records = [
        tuple(None if v is None else cast(v) for v, cast in zip(row, casts, strict=True))
        for row in rows
    ]
    await conn.copy_records_to_table(table, records=records, columns=columns)
    if identity is not None:
        await conn.execute(
            f"SELECT setval(pg_get_serial_sequence('{table}', '{identity}'),"
            f" COALESCE((SELECT MAX({identity}) FROM {table}), 0) + 1, false)"
        )
    return len(records)
