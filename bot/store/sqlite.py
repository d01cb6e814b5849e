"""SQLite implementation of :class:`bot.store.protocol.Store` on aiosqlite (WAL mode).

The class is assembled from parts to keep files short: the connection and transactions
(:mod:`bot.store.sqlite_base`), the action log (:mod:`bot.store.sqlite_actions`), queries,
settings and timers (:mod:`bot.store.sqlite_misc`), what both backends share
(:mod:`bot.store.common`); games and seats live here. Each public
method builds one function over a ``sqlite3.Connection`` and runs it as one transaction.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Mapping
from pathlib import Path
from typing import Any

import aiosqlite

from bot.store import codec
from bot.store.codec import dumps, loads
from bot.store.common import (
    ADD_SEAT,
    GUILD_SETTINGS,
    PLAYED,
    PLAYERS_SETTINGS,
    SEAT_COLUMNS,
    SEATED,
    Order,
    played_at,
    seating,
    stale,
    with_vote,
)
from bot.store.migrations import migrate
from bot.store.models import (
    AlreadySeated,
    Conflict,
    GameLoad,
    GameRow,
    NotFound,
    SeatRow,
    StoreError,
    merge_settings,
)
from bot.store.sqlite_actions import ActionsMixin
from bot.store.sqlite_base import (
    check_room,
    configure,
    fetch_game,
    fetch_seats,
    lobby_game,
    require_game,
)
from bot.store.sqlite_misc import MiscMixin
from bot.store.sqlite_ratings import RatingsMixin

REQUIRED_TABLES = ("games", "seats", "actions", "snapshots", "timers", "meta")


def check_schema(conn: sqlite3.Connection) -> None:
    """At start, not at the first move: every table is there and the file can be written."""
    found = {row[0] for row in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    missing = [name for name in REQUIRED_TABLES if name not in found]
    if missing:
        raise StoreError(
            f"The database lacks the table(s) {', '.join(missing)}: it is not a whole Tenka"
            " database (restore a backup, or point TENKA_DATABASE at a new file)."
        )
    conn.execute("BEGIN IMMEDIATE")  # a read-only file or directory fails here, now
    conn.execute("ROLLBACK")


class SqliteStore(ActionsMixin, MiscMixin, RatingsMixin):
    """The store on one SQLite file (or ``:memory:``); build it with :meth:`open`."""

    @classmethod
    async def open(cls, path: str, *, snapshot_every: int = 50) -> SqliteStore:
        """Connect, set the pragmas and apply pending migrations."""
        if path != ":memory:":
            try:
                Path(path).parent.mkdir(parents=True, exist_ok=True)
            except OSError as err:  # a folder the bot may not write to
                raise StoreError(
                    f"The folder of the database {path} cannot be created ({err.strerror}):"
                    " point TENKA_DATABASE at a place the bot may write to."
                ) from None
        # isolation_level=None: no implicit transactions; every BEGIN here is explicit
        try:
            db = await aiosqlite.connect(path, isolation_level=None, timeout=5.0)
        except sqlite3.Error as err:
            raise StoreError(f"The database {path} cannot be opened ({err}).") from None
        store = cls(db, path, snapshot_every)
        try:
            await store._one(configure)
            await store._one(migrate)
            await store._one(check_schema)
        except sqlite3.DatabaseError as err:
            await store.close()
            raise StoreError(
                f"The database {path} cannot be used ({err}): is it a Tenka SQLite file, on a"
                " disk the bot may write to?"
            ) from None
        except BaseException:
            await store.close()
            raise
        return store

    # --- games and seats ----------------------------------------------------------------

    async def _create_game(self, values: tuple[Any, ...]) -> GameRow:
        creator_id, at = values[2], values[-1]  # the first seat; created and updated then

        def run(conn: sqlite3.Connection) -> GameRow:
            cursor = conn.execute(
                "INSERT INTO games (guild_id, channel_id, creator_id, game_key, options, seed,"
                " rules_version, settings, created_at, updated_at)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (*values, at),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            conn.execute(
                "INSERT INTO seats (game_id, user_id, joined_at) VALUES (?, ?, ?)",
                (game_id, creator_id, at),
            )
            return require_game(conn, game_id)

        return await self._write(run)

    async def get_game(self, game_id: int) -> GameRow | None:
        """The game row with its current state, or None."""
        return await self._one(lambda conn: fetch_game(conn, game_id))

    async def load_game(self, game_id: int, origin: str | None = None) -> GameLoad | None:
        """The game row, its seats, its players' and its server's settings, and where
        ``origin`` was played (if given and in a log): one read transaction, or None."""

        def run(conn: sqlite3.Connection) -> GameLoad | None:
            row = fetch_game(conn, game_id)
            if row is None:
                return None
            prefs = {
                int(user): dict(loads(data))
                for user, data in conn.execute(PLAYERS_SETTINGS, (game_id,))
            }
            guild = None
            if row.guild_id is not None:
                guild = conn.execute(GUILD_SETTINGS, (row.guild_id,)).fetchone()
            found = None if origin is None else conn.execute(PLAYED, (origin, origin)).fetchone()
            return GameLoad(
                row,
                fetch_seats(conn, game_id),
                prefs,
                {} if guild is None else dict(loads(guild[0])),
                played_at(found),
            )

        return await self._read(run)

    async def seats(self, game_id: int) -> list[SeatRow]:
        """Seats in play order once started; in the lobby, in joining order."""
        return await self._one(lambda conn: fetch_seats(conn, game_id))

    async def _add_seat(
        self, game_id: int, user_id: int | None, ai: str | None, at: float, max_seats: int | None
    ) -> list[SeatRow]:
        def run(conn: sqlite3.Connection) -> list[SeatRow]:
            lobby_game(conn, game_id)
            if user_id is not None and conn.execute(SEATED, (game_id, user_id)).fetchone():
                raise AlreadySeated(f"user {user_id} is already seated in game {game_id}")
            check_room(conn, game_id, max_seats)
            conn.execute(ADD_SEAT, (game_id, user_id, ai, at))
            return fetch_seats(conn, game_id)

        return await self._write(run)

    async def leave(self, game_id: int, user_id: int) -> list[SeatRow]:
        """Remove a user from the lobby; :class:`NotFound` if they had no seat."""

        def run(conn: sqlite3.Connection) -> list[SeatRow]:
            lobby_game(conn, game_id)
            sql = "DELETE FROM seats WHERE game_id = ? AND user_id = ?"
            if conn.execute(sql, (game_id, user_id)).rowcount == 0:
                raise NotFound(f"user {user_id} has no seat in game {game_id}")
            return fetch_seats(conn, game_id)

        return await self._write(run)

    async def _start_game(
        self, game_id: int, seats: Order, state: str, thread: int | None, expected: str, at: float
    ) -> GameRow:
        def run(conn: sqlite3.Connection) -> GameRow:
            game = require_game(conn, game_id)
            if game.status != expected:
                raise Conflict(f"game {game_id} is {game.status}, not {expected}")
            rows = seating(game_id, fetch_seats(conn, game_id), seats, at)
            conn.execute("DELETE FROM seats WHERE game_id = ?", (game_id,))
            conn.executemany(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                [codec.seat_values(seat) for seat in rows],
            )
            _started(conn, game_id, state, thread, at)
            return require_game(conn, game_id)

        return await self._write(run)

    async def _set_messages(self, game_id: int, given: dict[str, int | None]) -> GameRow:
        # the column names are set_messages' own parameters, never the caller's text
        assignments = ", ".join(f"{name} = ?" for name in given)

        def run(conn: sqlite3.Connection) -> GameRow:
            require_game(conn, game_id)
            if given:
                sql = f"UPDATE games SET {assignments} WHERE id = ?"
                conn.execute(sql, (*given.values(), game_id))
            return require_game(conn, game_id)

        return await self._write(run)

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> GameRow:
        """Merge per-game settings (a ``None`` value deletes the key)."""

        def run(conn: sqlite3.Connection) -> GameRow:
            merged = merge_settings(require_game(conn, game_id).settings, settings)
            conn.execute("UPDATE games SET settings = ? WHERE id = ?", (dumps(merged), game_id))
            return require_game(conn, game_id)

        return await self._write(run)

    async def add_vote(self, game_id: int, key: str, user_id: int) -> list[int]:
        """Add ``user_id`` to the vote list ``settings[key]`` inside one write transaction
        (two processes voting at once both count) and return the voters."""

        def run(conn: sqlite3.Connection) -> list[int]:
            merged, votes = with_vote(require_game(conn, game_id).settings, key, user_id)
            conn.execute("UPDATE games SET settings = ? WHERE id = ?", (dumps(merged), game_id))
            return votes

        return await self._write(run)

    async def _set_status(
        self, game_id: int, status: str, outcome: str | None, expected: int | None, at: float
    ) -> GameRow:
        def run(conn: sqlite3.Connection) -> GameRow:
            game = require_game(conn, game_id)
            if expected is not None and game.version != expected:
                raise stale(game_id, game.version, expected)
            conn.execute(
                "UPDATE games SET status = ?, outcome = COALESCE(?, outcome), updated_at = ?"
                " WHERE id = ?",
                (status, outcome, at, game_id),
            )
            return require_game(conn, game_id)

        return await self._write(run)


def _started(
    conn: sqlite3.Connection, game_id: int, state_json: str, thread_id: int | None, at: float
) -> None:
    """The game is active in its initial state, its log empty, its first snapshot that
    state."""
    conn.execute(
        "UPDATE games SET status = 'active', version = 0, state = ?, thread_id = ?,"
        " revision = revision + 1,"
        " turn_started_at = ?, updated_at = ? WHERE id = ?",
        (state_json, thread_id, at, at, game_id),
    )
    conn.execute("DELETE FROM actions WHERE game_id = ?", (game_id,))
    conn.execute("DELETE FROM snapshots WHERE game_id = ?", (game_id,))
    conn.execute(
        "INSERT INTO snapshots (game_id, seq, state) VALUES (?, 0, ?)", (game_id, state_json)
    )
