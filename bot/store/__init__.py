"""Tenka's persistent store: event-sourced games, seats, settings and timers.

Open one with :func:`open_store`; program against the :class:`Store` protocol so another
backend (PostgreSQL) can take SQLite's place.
"""

from __future__ import annotations

from bot.store.models import (
    NOT_GIVEN,
    OPEN_STATUSES,
    STATUSES,
    ActionRow,
    AlreadySeated,
    Conflict,
    GameRow,
    LobbyFull,
    NewAction,
    NotFound,
    NotInLobby,
    SeatRow,
    Store,
    StoreError,
    Timer,
)
from bot.store.sqlite import SqliteStore

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
        raise StoreError(f"unsupported store URL {url!r}; only sqlite:// is implemented")
    return url


def _satisfies_protocol(store: SqliteStore) -> Store:
    return store  # mypy proves here that SqliteStore implements every Store method


async def open_store(url: str, *, snapshot_every: int = 50) -> SqliteStore:
    """Open (creating and migrating as needed) the store a URL or path names.

    Parent directories of the file are created. ``snapshot_every`` sets how often (in
    actions) a full state is kept for history and takebacks.
    """
    return await SqliteStore.open(sqlite_path(url), snapshot_every=snapshot_every)


__all__ = [
    "NOT_GIVEN",
    "OPEN_STATUSES",
    "STATUSES",
    "ActionRow",
    "AlreadySeated",
    "Conflict",
    "GameRow",
    "LobbyFull",
    "NewAction",
    "NotFound",
    "NotInLobby",
    "SeatRow",
    "SqliteStore",
    "Store",
    "StoreError",
    "Timer",
    "open_store",
    "sqlite_path",
]
