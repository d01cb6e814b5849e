"""One migration list for both backends: PostgreSQL's schema is SQLite's, translated."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import asyncpg

from bot.store.migrations import migrate
from bot.store.postgres_schema import migrate as pg_migrate

# how PostgreSQL types what SQLite declares (information_schema's names)
PG_TYPES = {"INTEGER": "integer", "REAL": "double precision", "TEXT": "text"}


def postgres_type(column: str, declared: str) -> str:
    """Discord ids and row ids are 64-bit in PostgreSQL; every other column keeps its type."""
    if column == "id" or column.endswith("_id"):
        return "bigint"
    return PG_TYPES[declared]


async def test_postgres_makes_sqlites_tables_and_columns_in_its_own_types(
    tmp_path: Path, pg_url: str
) -> None:
    lite = sqlite3.connect(tmp_path / "tenka.db", isolation_level=None)
    migrate(lite)
    tables = "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
    wanted = {
        (table, column): postgres_type(column, declared)
        for (table,) in lite.execute(tables).fetchall()
        for _, column, declared, *_ in lite.execute(f"PRAGMA table_info({table})")
    }
    lite.close()
    pg = await asyncpg.connect(pg_url)
    try:
        await pg_migrate(pg)
        rows = await pg.fetch(
            "SELECT table_name, column_name, data_type FROM information_schema.columns"
            " WHERE table_schema = current_schema() AND table_name <> 'tenka_schema'"
        )
        triggers = await pg.fetchval(
            "SELECT count(*) FROM information_schema.triggers"
            " WHERE trigger_schema = current_schema()"
        )
    finally:
        await pg.close()
    assert {(row[0], row[1]): row[2] for row in rows} == wanted
    assert len(wanted) > 60  # every table of every migration was compared
    assert triggers == 0  # the seat's last action is part of PostgreSQL's move statement
