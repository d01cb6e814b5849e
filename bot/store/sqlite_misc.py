"""Queries, settings, timers and meta values of the SQLite store (mixed into SqliteStore)."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterable, Mapping
from contextlib import AbstractAsyncContextManager
from typing import Any

from bot.store import codec, models
from bot.store.codec import dumps, loads, placeholders
from bot.store.common import (
    ADD_TIMER,
    CLAIM_BOARD,
    G_COLUMNS,
    MARK_PUBLISHED,
    OUTBOX,
    SEAT_COLUMNS,
    SEATS_ORDER,
    SETTINGS_TABLES,
    TIMER_COLUMNS,
)
from bot.store.models import GameRow, SeatRow, Timer, merge_settings
from bot.store.sqlite_base import SqliteBase


def _timers(conn: sqlite3.Connection, sql: str, params: Iterable[Any] = ()) -> list[Timer]:
    rows = conn.execute(sql, tuple(params))
    return [Timer(row[0], row[1], row[2], row[3], row[4], loads(row[5])) for row in rows]


def _games(conn: sqlite3.Connection, sql: str, params: Iterable[Any] = ()) -> list[GameRow]:
    return codec.readable_game_rows(conn.execute(sql, tuple(params)))


def _seats_by_game(conn: sqlite3.Connection, ids: list[int]) -> dict[int, list[SeatRow]]:
    by_game: dict[int, list[SeatRow]] = {game_id: [] for game_id in ids}
    if ids:
        sql = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id IN ({placeholders(ids)})"
        for row in conn.execute(f"{sql} {SEATS_ORDER}", ids):
            by_game[row[0]].append(SeatRow(*row))
    return by_game


class MiscMixin(SqliteBase):
    """Queries, settings, timers and meta of :class:`bot.store.SqliteStore`."""

    # --- queries ------------------------------------------------------------------------

    async def _games_in_channel(self, channel_id: int, wanted: list[str]) -> list[GameRow]:
        sql = (
            f"SELECT {codec.GAME_COLUMNS} FROM games WHERE (channel_id = ? OR thread_id = ?)"
            f" AND status IN ({placeholders(wanted)}) ORDER BY id"
        )
        return await self._one(lambda conn: _games(conn, sql, (channel_id, channel_id, *wanted)))

    async def _games_for_user(
        self, user_id: int, wanted: list[str]
    ) -> list[tuple[GameRow, list[SeatRow]]]:
        sql = (
            f"SELECT {G_COLUMNS} FROM games g JOIN seats s ON s.game_id = g.id"
            f" WHERE s.user_id = ? AND g.status IN ({placeholders(wanted)}) ORDER BY g.id"
        )

        def run(conn: sqlite3.Connection) -> list[tuple[GameRow, list[SeatRow]]]:
            games = _games(conn, sql, (user_id, *wanted))
            seats = _seats_by_game(conn, [game.id for game in games])
            return [(game, seats[game.id]) for game in games]

        return await self._read(run)

    async def game_by_thread(self, thread_id: int) -> GameRow | None:
        """The newest game played in this thread, or None."""
        sql = f"SELECT {codec.GAME_COLUMNS} FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1"
        games = await self._one(lambda conn: _games(conn, sql, (thread_id,)))
        return games[0] if games else None

    async def active_games(self) -> list[GameRow]:
        """Every game in progress (for resuming timers and views after a restart)."""
        sql = f"SELECT {codec.GAME_COLUMNS} FROM games WHERE status = 'active' ORDER BY id"
        return await self._one(lambda conn: _games(conn, sql))

    async def owed_games(self) -> list[GameRow]:
        """Games whose latest posts have not reached Discord (the outbox), oldest first."""
        sql = (
            f"SELECT {codec.GAME_COLUMNS} FROM games WHERE status IN ('active', 'finished')"
            " AND (published_revision IS NULL OR published_revision <> revision) ORDER BY id"
        )
        return await self._one(lambda conn: _games(conn, sql))

    async def outbox(self, game_id: int) -> models.Outbox | None:
        """The game's outbox columns (what its publisher reads before it posts), or None."""
        row = await self._one(lambda conn: conn.execute(OUTBOX, (game_id,)).fetchone())
        return None if row is None else models.Outbox(row[0], row[1], row[2], bool(row[3]))

    async def mark_published(self, game_id: int, revision: int) -> None:
        """The posts of ``revision`` reached Discord (only if it is still the game's)."""
        await self._write(lambda conn: conn.execute(MARK_PUBLISHED, (revision, game_id, revision)))

    # --- settings -----------------------------------------------------------------------

    async def _get_settings(self, scope: str, key: int) -> dict[str, Any]:
        table, column = SETTINGS_TABLES[scope]
        sql = f"SELECT data FROM {table} WHERE {column} = ?"
        row = await self._one(lambda conn: conn.execute(sql, (key,)).fetchone())
        return {} if row is None else dict(loads(row[0]))

    async def _merge_settings(
        self, scope: str, key: int, values: Mapping[str, Any]
    ) -> dict[str, Any]:
        table, column = SETTINGS_TABLES[scope]

        def run(conn: sqlite3.Connection) -> dict[str, Any]:
            row = conn.execute(f"SELECT data FROM {table} WHERE {column} = ?", (key,)).fetchone()
            merged = merge_settings({} if row is None else loads(row[0]), values)
            conn.execute(
                f"INSERT INTO {table} ({column}, data) VALUES (?, ?)"
                f" ON CONFLICT ({column}) DO UPDATE SET data = excluded.data",
                (key, dumps(merged)),
            )
            return merged

        return await self._write(run)

    # --- timers -------------------------------------------------------------------------

    async def _add_timer(self, values: tuple[Any, ...]) -> int:
        timer_id = await self._one(lambda conn: conn.execute(ADD_TIMER, values).lastrowid)
        assert timer_id is not None
        return timer_id

    async def next_timer(self) -> Timer | None:
        """The soonest timer (the dispatcher sleeps until it), or None; a timer another
        dispatcher has claimed counts as due when its claim lapses."""
        due = "MAX(due_at, COALESCE(claimed_until, due_at))"
        sql = (
            f"SELECT id, {due}, kind, game_id, user_id, payload FROM timers"
            f" ORDER BY {due}, id LIMIT 1"
        )
        timers = await self._one(lambda conn: _timers(conn, sql))
        return timers[0] if timers else None

    async def due_timers(self, now: float) -> list[Timer]:
        """Every timer due at or before ``now``, soonest first."""
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= ? ORDER BY due_at, id"
        return await self._one(lambda conn: _timers(conn, sql, (now,)))

    async def claim_timers(self, now: float, lease_s: float, limit: int = 100) -> list[Timer]:
        """Due timers no other dispatcher holds, each now held until ``now + lease_s``
        (soonest first); a claim that lapses (its process died) can be taken again."""
        sql = (
            f"SELECT {TIMER_COLUMNS} FROM timers WHERE due_at <= ?"
            " AND (claimed_until IS NULL OR claimed_until <= ?) ORDER BY due_at, id LIMIT ?"
        )

        def run(conn: sqlite3.Connection) -> list[Timer]:
            timers = _timers(conn, sql, (now, now, limit))
            conn.executemany(
                "UPDATE timers SET claimed_until = ? WHERE id = ?",
                [(now + lease_s, timer.id) for timer in timers],
            )
            return timers

        return await self._write(run)

    async def delete_timer(self, timer_id: int) -> bool:
        """Delete a timer; True only for the one caller that removed it (claim-once)."""
        sql = "DELETE FROM timers WHERE id = ?"
        return await self._one(lambda conn: conn.execute(sql, (timer_id,)).rowcount > 0)

    async def delete_timers(self, game_id: int, kind: str | None = None) -> int:
        """Delete a game's timers (of one kind, if given); returns how many went."""
        sql = "DELETE FROM timers WHERE game_id = ?"
        params: tuple[Any, ...] = (game_id,)
        if kind is not None:
            sql, params = sql + " AND kind = ?", (game_id, kind)
        return await self._one(lambda conn: conn.execute(sql, params).rowcount)

    async def timers_for_game(self, game_id: int) -> list[Timer]:
        """A game's pending timers, soonest first."""
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = ? ORDER BY due_at, id"
        return await self._one(lambda conn: _timers(conn, sql, (game_id,)))

    async def sync_timers(self, game_id: int, plan: models.TimerPlan) -> list[Timer]:
        """Bring a game's timers up to date in one write transaction: ``plan`` sees them
        as they are and names the ids to delete and the timers to add; returns those added."""
        sql = f"SELECT {TIMER_COLUMNS} FROM timers WHERE game_id = ? ORDER BY due_at, id"
        insert = (
            "INSERT INTO timers (due_at, kind, game_id, user_id, payload) VALUES (?, ?, ?, ?, ?)"
        )

        def run(conn: sqlite3.Connection) -> list[Timer]:
            gone, new = plan(_timers(conn, sql, (game_id,)))
            conn.executemany("DELETE FROM timers WHERE id = ?", [(i,) for i in gone])
            added = []
            for t in new:
                values = (t.due_at, t.kind, game_id, t.user_id, dumps(dict(t.payload)))
                timer_id = conn.execute(insert, values).lastrowid
                assert timer_id is not None
                added.append(Timer(timer_id, t.due_at, t.kind, game_id, t.user_id, t.payload))
            return added

        return await self._write(run)

    async def shift_timers(self, delta_s: float) -> int:
        """Push every timer ``delta_s`` seconds later (the bot was down); returns the count."""
        sql = "UPDATE timers SET due_at = due_at + ?"
        return await self._one(lambda conn: conn.execute(sql, (delta_s,)).rowcount)

    # --- meta ---------------------------------------------------------------------------

    async def meta_get(self, key: str) -> str | None:
        """A stored string (e.g. the last heartbeat), or None."""
        sql = "SELECT value FROM meta WHERE key = ?"
        row = await self._one(lambda conn: conn.execute(sql, (key,)).fetchone())
        return None if row is None else str(row[0])

    async def meta_set(self, key: str, value: str) -> None:
        """Store a string under ``key``, replacing any previous value."""
        sql = (
            "INSERT INTO meta (key, value) VALUES (?, ?)"
            " ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        )
        await self._one(lambda conn: conn.execute(sql, (key, value)))

    async def meta_swap(self, key: str, value: str) -> str | None:
        """Store ``value`` under ``key`` and return the value it replaced, atomically (of
        two processes swapping at once, each sees the other's value or the old one)."""

        def run(conn: sqlite3.Connection) -> str | None:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
            conn.execute(
                "INSERT INTO meta (key, value) VALUES (?, ?)"
                " ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (key, value),
            )
            return None if row is None else str(row[0])

        return await self._write(run)

    # --- several processes ----------------------------------------------------------------

    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]:
        """Held while a game's posts go out. SQLite serves one bot process (several may
        share a file, but each publishes its own games' boards): nothing to take."""
        return contextlib.nullcontext()

    async def claim_board(self, game_id: int, revision: int) -> bool:
        """Whether a board of ``revision`` may be posted: True unless a newer revision's
        board was already begun or this one was already published (then it is recorded
        as begun)."""
        return await self._one(
            lambda conn: (
                conn.execute(CLAIM_BOARD, (revision, game_id, revision, revision)).rowcount > 0
            )
        )
