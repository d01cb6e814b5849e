"""Tenka's persistent store: event-sourced games, seats, settings and timers.

Open one with :func:`open_store`: a ``sqlite://`` URL or a plain path (the default) gives
:class:`SqliteStore`, a ``postgresql://`` URL :class:`bot.store.postgres.PostgresStore`.
Program against the :class:`Store` protocol; both backends pass the same test suite.
"""

from __future__ import annotations

from bot.store.models import (
    NOT_GIVEN,
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    AlreadySeated,
    Busy,
    Conflict,
    Duplicate,
    GameLoad,
    GameRow,
    LobbyFull,
    NewAction,
    NewTimer,
    NotFound,
    NotInLobby,
    Outbox,
    Played,
    SeatRow,
    StoreError,
    Timer,
    Unavailable,
)
from bot.store.postgres import PostgresStore
from bot.store.protocol import Store
from bot.store.sqlite import SqliteStore

POSTGRES_SCHEMES = ("postgresql://", "postgres://")
MEMORY_URLS = frozenset({":memory:", "sqlite://:memory:", "sqlite:///:memory:"})


def sqlite_path(url: str) -> str:
    """The file path of a store URL.

    ``sqlite:///tenka.db`` is relative and ``sqlite:////var/lib/tenka.db`` absolute, as in
    SQLAlchemy; a plain path is used as it is; the ``:memory:`` forms give a private
    in-memory database.
    """
    if url in MEMORY_URLS:
        return ":memory:"
    if url.startswith("sqlite://"):
        path = url.removeprefix("sqlite://").split("?", 1)[0]
        path = path.removeprefix("/")  # the host part is empty: sqlite:///rel, sqlite:////abs
        if not path:
            raise StoreError(f"no database path in {url!r}")
        return path
    if "://" in url:
        raise StoreError(
            f"unsupported store URL {url.split('://')[0]}://...; use sqlite:///path/to/tenka.db"
            " or postgresql://user:password@host/database"
        )
    return url


def is_postgres(url: str) -> bool:
    return url.startswith(POSTGRES_SCHEMES)


def _satisfies_protocol(store: SqliteStore, other: PostgresStore) -> tuple[Store, Store]:
    return store, other  # mypy proves here that both implement every Store method


async def open_store(
    url: str, *, snapshot_every: int = 50, wait_s: float = 0.0
) -> SqliteStore | PostgresStore:
    """Open (creating and migrating as needed) the store a URL or path names.

    For SQLite, parent directories of the file are created. ``snapshot_every`` sets how
    often (in actions) a full state is kept for history and takebacks. ``wait_s``: how
    long to wait for a PostgreSQL server that cannot be reached yet (the bot's start).
    """
    if is_postgres(url):
        return await PostgresStore.open(url, snapshot_every=snapshot_every, wait_s=wait_s)
    return await SqliteStore.open(sqlite_path(url), snapshot_every=snapshot_every)


__all__ = [
    "NOT_GIVEN",
    "OPEN_STATUSES",
    "STATUSES",
    "ActionRow",
    "AlreadySeated",
    "Busy",
    "Conflict",
    "Duplicate",
    "GameLoad",
    "GameRow",
    "LobbyFull",
    "NewAction",
    "NewTimer",
    "NotFound",
    "NotInLobby",
    "Outbox",
    "Played",
    "PostgresStore",
    "SeatRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "Timer",
    "Unavailable",
    "is_postgres",
    "open_store",
    "sqlite_path",
]
