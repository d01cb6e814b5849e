"""Queries, settings, timers, meta and cross-process claims of the PostgreSQL store."""

from __future__ import annotations

import contextlib
import zlib
from collections.abc import AsyncIterator, Mapping, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager
from typing import Any, Final, cast

import asyncpg

from bot.store import codec, common
from bot.store.codec import dumps, loads
from bot.store.common import G_COLUMNS, SEAT_COLUMNS, SEATS_ORDER, SETTINGS_TABLES, TIMER_COLUMNS
from bot.store.models import (
    GameLoad,
    GameRow,
    Outbox,
    SeatRow,
    Timer,
    TimerPlan,
    merge_settings,
)
from bot.store.postgres_base import (
    UNREACHABLE,
    PostgresBase,
    fetch_game,
    fetch_seats,
    seat_rows,
    unavailable,
)

# advisory lock keys: (namespace, game id) so they never meet another application's
PUBLISH_LOCK: Final = zlib.crc32(b"tenka.publish") & 0x7FFFFFFF
_MARK_PUBLISHED: Final = common.numbered(common.MARK_PUBLISHED)
_CLAIM_BOARD: Final = common.numbered(common.CLAIM_BOARD) + " RETURNING 1"
_ADD_TIMER: Final = common.numbered(common.ADD_TIMER) + " RETURNING id"
_OUTBOX: Final = common.numbered(common.OUTBOX)
_PLAYERS_SETTINGS: Final = common.numbered(common.PLAYERS_SETTINGS)
_GUILD_SETTINGS: Final = common.numbered(common.GUILD_SETTINGS)
_PLAYED: Final = common.numbered(common.PLAYED)


def _timers(rows: Sequence[Any]) -> list[Timer]:
    return [Timer(row[0], row[1], row[2], row[3], row[4], loads(row[5])) for row in rows]


def _games(rows: Sequence[Any]) -> list[GameRow]:
    """Every readable game of a multi-game query; a corrupt row is set aside with a
    logged sentence (see :func:`bot.store.codec.readable_game_rows`)."""
    return codec.readable_game_rows(cast(Sequence[Sequence[Any]], rows))


class MiscMixin(PostgresBase):
    """Queries, settings, timers and meta of :class:`bot.store.postgres.PostgresStore`."""

    # --- queries ------------------------------------------------------------------------

    async def _games_in_channel(self, channel_id: int, wanted: list[str]) -> list[GameRow]:
        sql = (
            f"SELECT {codec.GAME_COLUMNS} FROM games WHERE (channel_id = $1 OR thread_id = $1)"
            " AND status = ANY($2::text[]) ORDER BY id"
        )
        async with self._conn() as conn:
            return _games(await conn.fetch(sql, channel_id, wanted))

    async def _games_for_user(
        self, user_id: int, wanted: list[str]
    ) -> list[tuple[GameRow, list[SeatRow]]]:
        sql = (
            f"SELECT {G_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id"
            " WHERE s.user_id = $1 AND g.status = ANY($2::text[]) ORDER BY g.id"
        )
        seats_sql = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ANY($1::bigint[])"
        async with self._tx() as conn:
            games = _games(await conn.fetch(sql, user_id, wanted))
            by_game: dict[int, list[SeatRow]] = {game.id: [] for game in games}
            if games:
                rows = await conn.fetch(f"{seats_sql} {SEATS_ORDER}", list(by_game))
                for seat in seat_rows(rows):
                    by_game[seat.game_id].append(seat)
        return [(game, by_game[game.id]) for game in games]

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        sql = (
            f"SELECT {codec.GAME_COLUMNS} FROM games WHERE thread_id = $1 ORDER BY id DESC LIMIT 1"
        )
        async with self._conn() as conn:
            games = _games(await conn.fetch(sql, thread_id))
        return games[0] if games else None

    async def active_games(self) -> list[GameRow]:
        sql = f"SELECT {codec.GAME_COLUMNS} FROM games WHERE status = 'active' ORDER BY id"
        async with self._conn() as conn:
            return _games(await conn.fetch(sql))

    async def owed_games(self) -> list[GameRow]:
        sql = (
            f"SELECT {codec.GAME_COLUMNS} FROM games WHERE status IN ('active', 'finished')"
            " AND (published_revision IS NULL OR published_revision <> revision) ORDER BY id"
        )
        async with self._conn() as conn:
            return _games(await conn.fetch(sql))

    async def outbox(self, game_id: int) -> Outbox | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(_OUTBOX, game_id)
        return None if row is None else Outbox(row[0], row[1], row[2], bool(row[3]))

    async def mark_published(self, game_id: int, revision: int) -> None:
        async with self._conn() as conn:
            await conn.execute(_MARK_PUBLISHED, revision, game_id, revision)

    # --- settings -----------------------------------------------------------------------

    async def _get_settings(self, scope: str, key: int) -> dict[str, Any]:
        table, column = SETTINGS_TABLES[scope]
        async with self._conn() as conn:
            data = await conn.fetchval(f"SELECT data FROM {table} WHERE {column} = $1", key)
        return {} if data is None else dict(loads(data))

    async def _merge_settings(
        self, scope: str, key: int, values: Mapping[str, Any]
    ) -> dict[str, Any]:
        table, column = SETTINGS_TABLES[scope]
        async with self._tx() as conn:
            # make the row exist, then hold it: two merges at once take turns
            await conn.execute(
                f"INSERT INTO {table} ({column}, data) VALUES ($1, '{{}}')"
                f" ON CONFLICT ({column}) DO NOTHING",
                key,
            )
            data = await conn.fetchval(
                f"SELECT data FROM {table} WHERE {column} = $1 FOR UPDATE", key
            )
            merged = merge_settings(loads(data), values)
            await conn.execute(
                f"UPDATE {table} SET data = $2 WHERE {column} = $1", key, dumps(merged)
            )
        return merged

    # --- timers -------------------------------------------------------------------------

    async def _add_timer(self, values: tuple[Any, ...]) -> int:
        async with self._conn() as conn:
            timer_id = await conn.fetchval(_ADD_TIMER, *values)
        return int(timer_id)

    async def next_timer(self) -> Timer | None:
        due = "GREATEST(due_at, claimed_until)"  # GREATEST ignores NULL
        sql = (
            f"SELECT id, {due}, kind, game_id, user_id, payload FROM timers"
            f" ORDER BY {due}, id LIMIT 1"
        )
        async with self._conn() as conn:
            timers = _timers(await conn.fetch(sql))
        return timers[0] if timers else None

    async def due_timers(self, now: float) -> list[Timer]:
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= $1 ORDER BY due_at, id"
        async with self._conn() as conn:
            return _timers(await conn.fetch(sql, now))

    async def claim_timers(self, now: float, lease_s: float, limit: int = 100) -> list[Timer]:
        """Due, unclaimed timers, now held by this caller until ``now + lease_s``. Rows
        another dispatcher is claiming at this instant are skipped, not waited for."""
        sql = f"""
            WITH due AS (
                SELECT id FROM timers
                WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
                ORDER BY due_at, id LIMIT $3 FOR UPDATE SKIP LOCKED
            )
            UPDATE timers SET claimed_until = $1 + $2 FROM due WHERE timers.id = due.id
            RETURNING {", ".join(f"timers.{c.strip()}" for c in TIMER_COLUMNS.split(","))}"""
        async with self._conn() as conn:
            timers = _timers(await conn.fetch(sql, now, lease_s, limit))
        return sorted(timers, key=lambda timer: (timer.due_at, timer.id))

    async def delete_timer(self, timer_id: int) -> bool:
        async with self._conn() as conn:
            gone = await conn.fetchval("DELETE FROM timers WHERE id = $1 RETURNING 1", timer_id)
        return gone is not None

    async def delete_timers(self, game_id: int, kind: str | None = None) -> int:
        sql = "DELETE FROM timers WHERE game_id = $1 AND ($2::text IS NULL OR kind = $2)"
        async with self._conn() as conn:
            status = await conn.execute(sql, game_id, kind)
        return int(status.split()[-1])

    async def timers_for_game(self, game_id: int) -> list[Timer]:
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = $1 ORDER BY due_at, id"
        async with self._conn() as conn:
            return _timers(await conn.fetch(sql, game_id))

    async def sync_timers(self, game_id: int, plan: TimerPlan) -> list[Timer]:
        """One transaction: the game's timers (held), ``plan``'s deletions and additions."""
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = $1 ORDER BY due_at, id"
        insert = (
            "INSERT INTO timers (due_at, kind, game_id, user_id, payload)"
            " VALUES ($1, $2, $3, $4, $5) RETURNING id"
        )
        added = []
        async with self._tx() as conn:
            gone, new = plan(_timers(await conn.fetch(sql + " FOR UPDATE", game_id)))
            await conn.execute("DELETE FROM timers WHERE id = ANY($1::bigint[])", list(gone))
            for t in new:
                payload = dumps(dict(t.payload))
                timer_id = await conn.fetchval(
                    insert, t.due_at, t.kind, game_id, t.user_id, payload
                )
                added.append(Timer(int(timer_id), t.due_at, t.kind, game_id, t.user_id, t.payload))
        return added

    async def shift_timers(self, delta_s: float) -> int:
        async with self._conn() as conn:
            status = await conn.execute("UPDATE timers SET due_at = due_at + $1", delta_s)
        return int(status.split()[-1])

    # --- meta ---------------------------------------------------------------------------

    async def meta_get(self, key: str) -> str | None:
        async with self._conn() as conn:
            value = await conn.fetchval("SELECT value FROM meta WHERE key = $1", key)
        return None if value is None else str(value)

    async def meta_set(self, key: str, value: str) -> None:
        sql = (
            "INSERT INTO meta (key, value) VALUES ($1, $2)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        )
        async with self._conn() as conn:
            await conn.execute(sql, key, value)

    async def meta_swap(self, key: str, value: str) -> str | None:
        async with self._tx() as conn:
            await conn.execute(
                "INSERT INTO meta (key, value) VALUES ($1, '') ON CONFLICT (key) DO NOTHING", key
            )
            old = await conn.fetchval("SELECT value FROM meta WHERE key = $1 FOR UPDATE", key)
            await conn.execute("UPDATE meta SET value = $2 WHERE key = $1", key, value)
        return None if not old else str(old)

    # --- several processes ----------------------------------------------------------------

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """A session advisory lock on the game, across every process on this database,
        held (with its connection) while the game's posts go out."""
        return self._game_lock(game_id)

    @asynccontextmanager
    async def _game_lock(self, game_id: int) -> AsyncIterator[None]:
        # not self._conn(): the body posts to Discord, and its errors must reach the caller
        # as they are; a connection whose unlock did not happen (an error in the body, a
        # cancellation, a lost unlock) is closed by the pool, which ends the lock with it
        key = game_id & 0x7FFFFFFF
        try:
            conn = await self.pool.acquire(self.pool_timeout)
        except (*UNREACHABLE, TimeoutError) as err:
            raise unavailable(err) from None
        unlocked = False
        try:
            try:
                await conn.execute("SELECT pg_advisory_lock($1, $2)", PUBLISH_LOCK, key)
            except (*UNREACHABLE, asyncpg.InternalClientError) as err:  # broken: named too
                raise unavailable(err) from None
            yield
            with contextlib.suppress(*UNREACHABLE):
                await conn.execute("SELECT pg_advisory_unlock($1, $2)", PUBLISH_LOCK, key)
                unlocked = True
        finally:
            self.pool.release(conn, clean=unlocked)

    async def load_game(self, game_id: int, origin: str | None = None) -> GameLoad | None:
        """The game row, its seats, its players' and its server's settings, and where
        ``origin`` was played (if given and in a log): one read transaction, or None."""
        async with self._tx() as conn:
            row = await fetch_game(conn, game_id)
            if row is None:
                return None
            seats = await fetch_seats(conn, game_id)
            prefs = {
                int(user): dict(loads(data))
                for user, data in await conn.fetch(_PLAYERS_SETTINGS, game_id)
            }
            guild = None
            if row.guild_id is not None:
                guild = await conn.fetchval(_GUILD_SETTINGS, row.guild_id)
            played = None if origin is None else await conn.fetchrow(_PLAYED, origin, origin)
        return GameLoad(
            row,
            seats,
            prefs,
            {} if guild is None else dict(loads(guild)),
            common.played_at(None if played is None else tuple(played)),
        )

    async def claim_board(self, game_id: int, revision: int) -> bool:
        async with self._conn() as conn:
            claimed = await conn.fetchval(_CLAIM_BOARD, revision, game_id, revision, revision)
            return claimed is not None
