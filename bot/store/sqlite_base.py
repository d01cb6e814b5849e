"""Connection, transactions and row loaders shared by the parts of the SQLite store.

Every store call is one plain function over a ``sqlite3.Connection``, run as one whole
transaction on the aiosqlite connection's worker thread (writes begin with
``BEGIN IMMEDIATE``, so a second process waits for the write lock up front instead of
failing on a lock upgrade). Why one function and not one ``await`` per statement:

- speed: each hop to the worker thread costs 40-150 µs on a busy 2-core machine; a move
  needs one hop instead of four (measured about 2,300 vs 500 moves/s under load);
- cancel-safety: a cancelled caller cannot leave a transaction half-open, because the
  function runs to its COMMIT or ROLLBACK on the worker whatever happens to the awaiter;
- no interleaving: the worker runs calls one after another, so no lock is needed.

Between processes, SQLite's lock plus ``busy_timeout`` serialise writers, and the
``version`` check inside the write transaction turns a lost race into :class:`Conflict`
with nothing written.
"""

from __future__ import annotations

import sqlite3
import time
from collections.abc import Callable
from typing import Any, Final, TypeVar

import aiosqlite

from bot.store import codec
from bot.store.common import SEAT_COLUMNS, SEATS_ORDER
from bot.store.models import GameRow, LobbyFull, NotFound, NotInLobby, SeatRow
from bot.store.protocol import CommonStore

T = TypeVar("T")

BUSY_TIMEOUT_MS: Final = 5000
PRAGMAS: Final = (
    f"PRAGMA busy_timeout = {BUSY_TIMEOUT_MS}",
    "PRAGMA synchronous = NORMAL",
    "PRAGMA foreign_keys = ON",
)
_READABLE_PRAGMAS: Final = frozenset(
    {"journal_mode", "synchronous", "foreign_keys", "busy_timeout", "user_version"}
)


def run_transaction(conn: sqlite3.Connection, begin: str | None, fn: Callable[..., T]) -> T:
    """Run ``fn(conn)`` inside ``begin`` ... COMMIT, rolling back on any exception."""
    if begin is not None:
        conn.execute(begin)
    try:
        result = fn(conn)
        if begin is not None:
            conn.execute("COMMIT")
        return result
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


def configure(conn: sqlite3.Connection) -> None:
    """Set the connection pragmas and switch the file to WAL.

    Switching the journal mode needs the file to itself and SQLite answers "locked" at
    once, without waiting out ``busy_timeout``, while another process does the same to a
    fresh file; so that one step retries until the timeout. Once in WAL (persistent in
    the file) it is a no-op.
    """
    for pragma in PRAGMAS:
        conn.execute(pragma)
    deadline = time.monotonic() + BUSY_TIMEOUT_MS / 1000
    while True:
        try:
            conn.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as err:
            if "locked" not in str(err) or time.monotonic() > deadline:
                raise
            time.sleep(0.02)


# --- row loaders (run on the worker thread) ---------------------------------------------


def fetch_game(conn: sqlite3.Connection, game_id: int) -> GameRow | None:
    """The game row, or None."""
    sql = f"SELECT {codec.GAME_COLUMNS} FROM games WHERE id = ?"
    row = conn.execute(sql, (game_id,)).fetchone()
    return None if row is None else codec.game_row(row)


def require_game(conn: sqlite3.Connection, game_id: int) -> GameRow:
    """The game row, or :class:`NotFound`."""
    game = fetch_game(conn, game_id)
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


def lobby_game(conn: sqlite3.Connection, game_id: int) -> GameRow:
    """The game row if it is still in the lobby, else :class:`NotInLobby`."""
    game = require_game(conn, game_id)
    if game.status != "lobby":
        raise NotInLobby(f"game {game_id} is {game.status}, not in the lobby")
    return game


def fetch_seats(conn: sqlite3.Connection, game_id: int) -> list[SeatRow]:
    """Seats in play order once started; in the lobby, in joining order."""
    sql = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? {SEATS_ORDER}"
    return [SeatRow(*row) for row in conn.execute(sql, (game_id,))]


def check_room(conn: sqlite3.Connection, game_id: int, max_seats: int | None) -> None:
    """:class:`LobbyFull` if the game already has ``max_seats`` seats."""
    if max_seats is None:
        return
    (count,) = conn.execute("SELECT COUNT(*) FROM seats WHERE game_id = ?", (game_id,)).fetchone()
    if count >= max_seats:
        raise LobbyFull(f"game {game_id} already has {count} seats")


class SqliteBase(CommonStore):
    """The connection and its transaction discipline; see :class:`bot.store.SqliteStore`."""

    def __init__(self, db: aiosqlite.Connection, path: str, snapshot_every: int) -> None:
        super().__init__(snapshot_every)
        self._db = db
        self.path = path

    async def _run(self, begin: str | None, fn: Callable[[sqlite3.Connection], T]) -> T:
        # aiosqlite has no public "run this on the worker" call; _execute and _conn have
        # been stable for years, and the store's tests fail at once if they ever change.
        db = self._db
        return await db._execute(lambda: run_transaction(db._conn, begin, fn))  # type: ignore[no-untyped-call,no-any-return]

    async def _write(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` as one write transaction."""
        return await self._run("BEGIN IMMEDIATE", fn)

    async def _read(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` as one read transaction (a consistent snapshot across statements)."""
        return await self._run("BEGIN", fn)

    async def _one(self, fn: Callable[[sqlite3.Connection], T]) -> T:
        """``fn`` making a single statement, atomic on its own: no BEGIN needed."""
        return await self._run(None, fn)

    async def close(self) -> None:
        """Close the connection; safe to call twice."""
        if not self._closed:
            self._closed = True
            await self._db.close()

    async def schema_version(self) -> int:
        """The migration version of the open database."""
        return int(await self.pragma("user_version"))

    async def pragma(self, name: str) -> Any:
        """Read one connection pragma (for tests and diagnostics)."""
        if name not in _READABLE_PRAGMAS:
            raise ValueError(f"unknown pragma {name!r}")
        return await self._one(lambda conn: conn.execute(f"PRAGMA {name}").fetchone()[0])
