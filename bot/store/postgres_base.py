"""The PostgreSQL store's pool, error mapping and row loaders (see :mod:`bot.store.postgres`).

Connections come from :class:`bot.store.pg_pool.Pool`. Every call is either one statement (atomic on
its own; a move is one statement of data-modifying CTEs) or one ``conn.transaction()``
whose read-modify-write starts with ``SELECT ... FOR UPDATE`` on the game row, so two
processes changing one game take turns and the version check inside turns a lost race
into :class:`Conflict` with nothing written.

When the server is unreachable, restarting, or went away mid-call, the call raises
:class:`Unavailable` (a transaction cut short is rolled back by the server: nothing is
half written); the pool drops broken connections and opens new ones, so the next call
after the server is back works. A pool that stays exhausted past ``pool_timeout`` raises
:class:`Busy`.
"""

from __future__ import annotations

import contextvars
import functools
import inspect
import logging
import re
from collections.abc import AsyncIterator, Awaitable, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Final, ParamSpec, TypeVar, cast
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from bot.store import codec
from bot.store.common import SEAT_COLUMNS, SEATS_ORDER
from bot.store.models import (
    Busy,
    Conflict,
    Duplicate,
    GameRow,
    LobbyFull,
    NotFound,
    NotInLobby,
    SeatRow,
    StoreError,
    Unavailable,
)
from bot.store.pg_pool import Conn, Exhausted, Pool
from bot.store.postgres_schema import migrate
from bot.store.protocol import CommonStore, Store

log = logging.getLogger("tenka.store")
P = ParamSpec("P")
T = TypeVar("T")


# our own URL options, taken out before asyncpg sees the URL (it would pass any unknown
# one to the server as a setting)
POOL_OPTIONS: Final = {"pool_min": 1, "pool_max": 10, "pool_timeout": 10.0}
# the store's default server settings; the URL may override them (?synchronous_commit=on)
DEFAULT_SETTINGS: Final = {
    # like SQLite's synchronous=NORMAL: a crash of the bot loses nothing committed; a crash
    # of the server's machine may lose the last fraction of a second, never consistency
    "synchronous_commit": "off",
    "application_name": "tenka",
}

UNREACHABLE: Final = (
    OSError,  # refused, reset, no route; TimeoutError (the pool's wait) is handled first
    asyncpg.PostgresConnectionError,
    asyncpg.InterfaceError,  # "connection is closed", "connection was closed in the middle"
    asyncpg.exceptions.OperatorInterventionError,  # admin shutdown, crash, starting up
)


def split_url(url: str) -> tuple[str, dict[str, Any], dict[str, str]]:
    """``(dsn for asyncpg, pool options, server settings)`` of a ``postgresql://`` URL."""
    parts = urlsplit(url)
    options: dict[str, Any] = dict(POOL_OPTIONS)
    kept: list[tuple[str, str]] = []
    for key, value in parse_qsl(parts.query, keep_blank_values=True):
        if key in POOL_OPTIONS:
            try:
                options[key] = type(POOL_OPTIONS[key])(value)
            except ValueError:
                raise StoreError(f"{key}={value!r} in the database URL is not a number") from None
        else:
            kept.append((key, value))
    settings = {k: v for k, v in DEFAULT_SETTINGS.items() if k not in dict(kept)}
    dsn = urlunsplit(parts._replace(query=urlencode(kept)))
    return dsn, options, settings


def describe(url: str) -> str:
    """The URL without its password, for messages and logs."""
    parts = urlsplit(url)
    if parts.password is None:
        return url
    netloc = parts.netloc.replace(f":{parts.password}@", ":***@")
    return urlunsplit(parts._replace(netloc=netloc))


# asyncpg's words for a connection that cannot start an operation: its protocol was left
# mid-operation (a server stopped while it answered). asyncpg refuses before it sends
# anything, so the call wrote nothing and may run again on another connection.
BROKEN: Final = re.compile(
    r"cannot switch to state|another operation is in progress|protocol is in the \"failed\""
)


_RETRYING: contextvars.ContextVar[bool] = contextvars.ContextVar("tenka_retrying", default=False)


class Broken(Unavailable):
    """The pooled connection was unusable; it is discarded and nothing was sent."""


def broken(err: BaseException) -> bool:
    kinds = (asyncpg.InternalClientError, asyncpg.InterfaceError)
    return isinstance(err, kinds) and BROKEN.search(str(err)) is not None


def once_more(call: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[T]]:
    """``call`` again, once, when its connection was :class:`Broken` (safe for every
    store call: nothing was sent, and a transaction dies with its connection)."""

    @functools.wraps(call)
    async def retried(*args: P.args, **kwargs: P.kwargs) -> T:
        if _RETRYING.get():  # a store call inside another: the outer one retries
            return await call(*args, **kwargs)
        token = _RETRYING.set(True)
        try:
            try:
                return await call(*args, **kwargs)
            except Broken:
                log.warning("%s met a broken connection; trying once more", call.__name__)
                return await call(*args, **kwargs)
        finally:
            _RETRYING.reset(token)

    return retried


C = TypeVar("C", bound=type)
# every call of the protocol (``close`` aside) runs once more on a broken connection
STORE_CALLS: Final = tuple(
    name
    for name, member in vars(Store).items()
    if inspect.iscoroutinefunction(member) and name != "close"
)


def retry_broken(cls: C) -> C:
    """The store class with :func:`once_more` around each of its :data:`STORE_CALLS`."""
    for name in STORE_CALLS:
        setattr(cls, name, once_more(getattr(cls, name)))
    return cls


def unavailable(err: BaseException) -> Unavailable:
    if broken(err):
        return Broken(f"A database connection was broken ({err}); it was discarded.")
    if isinstance(err, Exhausted):
        return Busy(
            "Every database connection stayed busy too long (the pool is exhausted);"
            " nothing was changed."
        )
    return Unavailable(
        f"The database cannot be reached right now ({type(err).__name__}: {err});"
        " nothing was half written, and the bot reconnects by itself when it is back."
    )


def clash(
    err: asyncpg.UniqueViolationError, game_id: int, seq: int, origin: str | None
) -> StoreError:
    """A move's unique key refused: the same request again (its origin), or someone
    else's action at ``seq`` first (``(game_id, seq)``)."""
    if err.constraint_name == "actions_origin":
        return Duplicate(f"game {game_id}: {origin} was already played")
    return Conflict(f"action {seq} of game {game_id} already exists")


async def migrate_writable(store: PostgresBase, where: str) -> None:
    """Apply pending migrations; a read-only session (``default_transaction_read_only``,
    a standby) is a sentence: migrating writes its schema table even when up to date."""
    try:
        async with store._conn() as conn:
            await migrate(conn)
    except asyncpg.ReadOnlySQLTransactionError as err:
        raise StoreError(
            f"The database {where} is read-only ({err}): the bot must be able to write to"
            " it (default_transaction_read_only, a standby server?)."
        ) from None


async def fetch_game(conn: Conn, game_id: int, lock: bool = False) -> GameRow | None:
    """The game row, or None; ``lock`` holds it (FOR UPDATE) until the transaction ends."""
    sql = f"SELECT {codec.GAME_COLUMNS} FROM games WHERE id = $1"
    row = await conn.fetchrow(sql + (" FOR UPDATE" if lock else ""), game_id)
    return None if row is None else game_of(row)


async def require_game(conn: Conn, game_id: int, lock: bool = False) -> GameRow:
    game = await fetch_game(conn, game_id, lock)
    if game is None:
        raise NotFound(f"no game {game_id}")
    return game


async def lobby_game(conn: Conn, game_id: int) -> GameRow:
    game = await require_game(conn, game_id, lock=True)
    if game.status != "lobby":
        raise NotInLobby(f"game {game_id} is {game.status}, not in the lobby")
    return game


def game_of(row: asyncpg.Record | None) -> GameRow:
    """A :class:`GameRow` of a row selected (or returned) with ``GAME_COLUMNS``."""
    assert row is not None, "the statement returns the row it changed"
    return codec.game_row(cast(Sequence[Any], row))


def seat_rows(rows: Sequence[Any]) -> list[SeatRow]:
    return [SeatRow(*row) for row in rows]


async def fetch_seats(conn: Conn, game_id: int) -> list[SeatRow]:
    sql = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1 {SEATS_ORDER}"
    return seat_rows(await conn.fetch(sql, game_id))


async def check_room(conn: Conn, game_id: int, max_seats: int | None) -> None:
    if max_seats is None:
        return
    count = await conn.fetchval("SELECT COUNT(*) FROM seats WHERE game_id = $1", game_id)
    if count >= max_seats:
        raise LobbyFull(f"game {game_id} already has {count} seats")


class PostgresBase(CommonStore):
    """The pool and its discipline; see :class:`bot.store.postgres.PostgresStore`."""

    def __init__(self, pool: Pool, url: str, snapshot_every: int, timeout: float) -> None:
        super().__init__(snapshot_every)
        self.pool = pool
        self.url = url
        self.pool_timeout = timeout

    @asynccontextmanager
    async def _conn(self) -> AsyncIterator[Conn]:
        """A pooled connection; connection failures become :class:`Unavailable`, a pool
        exhausted past ``pool_timeout`` :class:`Busy`. One context manager, not two
        nested: this runs on every store call."""
        try:
            conn = await self.pool.acquire(self.pool_timeout)
        except Exhausted as err:
            log.warning("database pool exhausted for %.0f s", self.pool_timeout)
            raise unavailable(err) from None
        except (*UNREACHABLE, TimeoutError) as err:
            log.warning("database unreachable: %s: %s", type(err).__name__, err)
            raise unavailable(err) from None
        clean = False
        try:
            yield conn
            clean = True
        except StoreError:
            clean = True
            raise
        except UNREACHABLE as err:
            log.warning("database unreachable: %s: %s", type(err).__name__, err)
            raise unavailable(err) from None
        except Exception as err:
            if broken(err):  # never back to the pool: every later call would fail too
                log.warning("discarding a broken database connection: %s", err)
                raise unavailable(err) from None
            clean = True  # the server answered with an error; release checks the rest
            raise
        finally:  # a cancelled call (BaseException) leaves clean False: the connection closes
            self.pool.release(conn, clean=clean)

    @asynccontextmanager
    async def _tx(self) -> AsyncIterator[Conn]:
        """A connection inside one transaction (committed on exit, rolled back on error)."""
        async with self._conn() as conn, conn.transaction():
            yield conn

    async def close(self) -> None:
        if not self._closed:
            self._closed = True
            await self.pool.close()
