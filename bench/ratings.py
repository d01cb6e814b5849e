"""How fast ``/stats`` and ``/leaderboard`` read with 100,000 finished games (issue 28).

One server's rating tables are filled as if 100,000 games of 2 to 4 players (among 2,000
members, five games, a twentieth of the members hidden with ``ranked: false``) had been
rated, with the store's own insert statements, in one transaction. Then the store's
public queries run as the commands run them, each timed from the call to the answer:
``player_stats`` for random members (every member has ~150 games) and one leaderboard
page (at a random offset, with its count). Target: p95 under 50 ms for each.
"""

from __future__ import annotations

import random
import sqlite3
import time
from collections.abc import Iterator
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

import asyncpg

from bench.stats import pct
from bot.store import PostgresStore, SqliteStore, Store, open_store
from bot.store.common import numbered
from bot.store.models import RatingRow, Standing
from bot.store.ratings_sql import (
    INSERT_HISTORY,
    UPSERT_STANDING,
    fold,
    history_values,
    standing_values,
)

GAMES: Final = 100_000
MEMBERS: Final = 2_000
KEYS: Final = ("g1", "g2", "g3", "g4", "g5")  # rating tables do not read the games' rules
GUILD: Final = 77
TARGET_MS: Final = 50.0


def synthetic(games: int, seed: int = 1) -> tuple[list[RatingRow], list[Standing]]:
    """``games`` rated games' history rows and the standings they leave."""
    rng = random.Random(seed)
    standings: dict[tuple[str, str], dict[str, Standing]] = {}
    history: list[RatingRow] = []
    for game_id in range(1, games + 1):
        key = rng.choice(KEYS)
        players = rng.sample(range(1, MEMBERS + 1), rng.randint(2, 4))
        places = rng.sample(range(1, 5), len(players))
        at = 1_700_000_000.0 + game_id * 600
        rows = [
            RatingRow(game_id, seat, GUILD, key, f"u:{user}", user, place, None, 25.0, 8.3,
                      rng.uniform(10, 40), rng.uniform(1, 8), at - rng.uniform(3600, 9e5), at)
            for seat, (user, place) in enumerate(zip(players, places, strict=True))
        ]  # fmt: skip
        history += rows
        fold(standings.setdefault(("", key), {}), rows)
    return history, [s for table in standings.values() for s in table.values()]


def _hidden() -> Iterator[tuple[int, str]]:
    return ((user, '{"ranked":false}') for user in range(1, MEMBERS + 1, 20))


def _fill_sqlite(
    conn: sqlite3.Connection, history: list[RatingRow], standings: list[Standing]
) -> None:
    conn.executemany(INSERT_HISTORY, map(history_values, history))
    conn.executemany(UPSERT_STANDING, map(standing_values, standings))
    conn.executemany("INSERT INTO user_settings (user_id, data) VALUES (?, ?)", _hidden())
    conn.execute("ANALYZE")


async def _fill(store: Store, history: list[RatingRow], standings: list[Standing]) -> None:
    """The rows in one transaction, through the store's own connection."""
    if isinstance(store, PostgresStore):
        async with store._tx() as conn:
            await conn.executemany(numbered(INSERT_HISTORY), map(history_values, history))
            await conn.executemany(numbered(UPSERT_STANDING), map(standing_values, standings))
            await conn.executemany("INSERT INTO user_settings VALUES ($1, $2)", list(_hidden()))
        async with store._conn() as conn:
            await conn.execute("ANALYZE")
    else:
        assert isinstance(store, SqliteStore)
        await store._write(lambda conn: _fill_sqlite(conn, history, standings))


async def fresh_database(admin: str, name: str = "tenka_bench_ratings") -> str:
    """An empty database ``name`` on the server of ``admin`` (dropped first); its URL."""
    conn = await asyncpg.connect(admin)
    try:
        await conn.execute(f"DROP DATABASE IF EXISTS {name}")
        await conn.execute(f"CREATE DATABASE {name}")
    finally:
        await conn.close()
    parts = urlsplit(admin)
    return urlunsplit(parts._replace(path=f"/{name}"))


async def _timed(calls: int, run: Any) -> dict[str, float]:
    took: list[float] = []
    for i in range(calls):
        started = time.perf_counter()
        await run(i)
        took.append((time.perf_counter() - started) * 1000)
    return {"p50_ms": round(pct(took, 0.5), 2), "p95_ms": round(pct(took, 0.95), 2)}


async def bench_ratings(url: str, games: int = GAMES, calls: int = 200) -> dict[str, Any]:
    """Fill ``url`` (an empty store) and time the two commands' queries."""
    store: Store = await open_store(url)
    try:
        history, standings = synthetic(games)
        started = time.perf_counter()
        await _fill(store, history, standings)
        fill_s = time.perf_counter() - started
        rng = random.Random(2)
        members = [rng.randint(1, MEMBERS) for _ in range(calls)]
        offsets = [rng.randint(0, 190) for _ in range(calls)]
        stats = await _timed(
            calls, lambda i: store.player_stats(GUILD, f"u:{members[i]}", rng.choice((None, "g1")))
        )
        board = await _timed(
            calls, lambda i: store.leaderboard(GUILD, KEYS[i % 5], 3, offsets[i], 10)
        )
    finally:
        await store.close()
    met = max(stats["p95_ms"], board["p95_ms"]) < TARGET_MS
    return {"games": games, "history_rows": len(history), "fill_s": round(fill_s, 1),
            "stats": stats, "leaderboard": board, "met": met}  # fmt: skip
