"""PostgreSQL implementation of :class:`bot.store.protocol.Store` on asyncpg.

Selected by ``TENKA_DATABASE=postgresql://user:pass@host/db``; several bot processes may
share one database. The connection pool is :mod:`bot.store.pg_pool`, the error mapping
:mod:`bot.store.postgres_base`, queries, settings, timers and meta
:mod:`bot.store.postgres_misc`, the action log :mod:`bot.store.postgres_actions`, what
both backends share :mod:`bot.store.common`; games and seats live here.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable, Mapping
from functools import partial
from typing import Any, Final, TypeVar

import asyncpg

from bot.store import codec
from bot.store.codec import dumps
from bot.store.common import (
    ADD_SEAT,
    NEW_REVISION,
    SEAT_COLUMNS,
    SEATED,
    Order,
    numbered,
    seating,
    stale,
    with_vote,
)
from bot.store.models import (
    AlreadySeated,
    Conflict,
    GameRow,
    NotFound,
    SeatRow,
    StoreError,
    merge_settings,
    seat_identity,
)
from bot.store.pg_pool import Pool
from bot.store.postgres_actions import ActionsMixin
from bot.store.postgres_base import (
    UNREACHABLE,
    check_room,
    describe,
    fetch_game,
    fetch_seats,
    game_of,
    lobby_game,
    migrate_writable,
    require_game,
    retry_broken,
    split_url,
)
from bot.store.postgres_misc import MiscMixin
from bot.store.postgres_ratings import RatingsMixin
from bot.store.postgres_schema import schema_version

log = logging.getLogger("tenka.store")
T = TypeVar("T")
# worth waiting for at start: down, restarting, starting up, or out of connection slots
RETRYABLE: Final = (*UNREACHABLE, TimeoutError, asyncpg.TooManyConnectionsError)


@retry_broken  # a connection a stopped server left broken is discarded, the call run again
class PostgresStore(ActionsMixin, MiscMixin, RatingsMixin):
    """The store on a PostgreSQL database; build it with :meth:`open`."""

    @classmethod
    async def open(
        cls, url: str, *, snapshot_every: int = 50, wait_s: float = 0.0
    ) -> PostgresStore:
        """Connect a pool, apply pending migrations; a sentence-long StoreError if not.

        ``wait_s`` > 0 (the bot's start, ``TENKA_DATABASE_WAIT``): a server that cannot be
        reached yet is waited for that long, retrying with backoff (see
        :func:`wait_for_server`); a refused login or a missing database fails at once.
        """
        dsn, options, settings = split_url(url)
        where = describe(url)
        connect = partial(
            asyncpg.connect, dsn, server_settings=settings, timeout=options["pool_timeout"]
        )

        def new_pool() -> Awaitable[Pool]:
            size = max(options["pool_max"], options["pool_min"])
            return Pool(connect, min_size=options["pool_min"], max_size=size).start()

        try:
            pool = await wait_for_server(new_pool, where, wait_s)
        except asyncpg.InvalidPasswordError as err:
            raise StoreError(f"The database {where} refused the login ({err}).") from None
        except asyncpg.InvalidCatalogNameError as err:
            raise StoreError(f"The database {where} does not exist ({err}): create it.") from None
        except ValueError as err:  # asyncpg's URL parser; a bad option (ClientConfigurationError)
            raise StoreError(f"The database URL {where} is not valid ({err}).") from None
        except (*UNREACHABLE, TimeoutError, asyncpg.PostgresError) as err:
            waited = f" after waiting {wait_s:g} s for it" if wait_s > 0 else ""
            raise StoreError(
                f"The database {where} cannot be reached{waited} ({type(err).__name__}: {err}):"
                " is the server running and the URL right?"
            ) from None
        store = cls(pool, url, snapshot_every, options["pool_timeout"])
        try:
            await migrate_writable(store, where)
        except BaseException:
            await store.close()
            raise
        return store

    async def schema_version(self) -> int:
        """The migration version of the database."""
        async with self._conn() as conn:
            return await schema_version(conn)

    # --- games and seats ----------------------------------------------------------------

    async def _create_game(self, values: tuple[Any, ...]) -> GameRow:
        # $3 is the creator (the first seat), $9 the time (created and updated)
        sql = f"""
            WITH g AS (
                INSERT INTO games (guild_id, channel_id, creator_id, game_key, options, seed,
                    rules_version, settings, created_at, updated_at)
                VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $9)
                RETURNING {codec.GAME_COLUMNS}
            ), s AS (
                INSERT INTO seats (game_id, user_id, joined_at) SELECT id, $3, $9 FROM g
            )
            SELECT * FROM g"""
        async with self._conn() as conn:
            row = await conn.fetchrow(sql, *values)
        assert row is not None
        return game_of(row)

    async def get_game(self, game_id: int) -> GameRow | None:
        async with self._conn() as conn:
            return await fetch_game(conn, game_id)

    async def seats(self, game_id: int) -> list[SeatRow]:
        async with self._conn() as conn:
            return await fetch_seats(conn, game_id)

    async def _add_seat(
        self, game_id: int, user_id: int | None, ai: str | None, at: float, max_seats: int | None
    ) -> list[SeatRow]:
        async with self._tx() as conn:
            await lobby_game(conn, game_id)
            if user_id is not None and await conn.fetchval(numbered(SEATED), game_id, user_id):
                raise AlreadySeated(f"user {user_id} is already seated in game {game_id}")
            await check_room(conn, game_id, max_seats)
            await conn.execute(numbered(ADD_SEAT), game_id, user_id, ai, at)
            return await fetch_seats(conn, game_id)

    async def leave(self, game_id: int, user_id: int) -> list[SeatRow]:
        async with self._tx() as conn:
            await lobby_game(conn, game_id)
            sql = "DELETE FROM seats WHERE game_id = $1 AND user_id = $2 RETURNING 1"
            if await conn.fetchval(sql, game_id, user_id) is None:
                raise NotFound(f"user {user_id} has no seat in game {game_id}")
            return await fetch_seats(conn, game_id)

    async def _start_game(
        self, game_id: int, seats: Order, state: str, thread: int | None, expected: str, at: float
    ) -> GameRow:
        async with self._tx() as conn:
            game = await require_game(conn, game_id, lock=True)
            if game.status != expected:
                raise Conflict(f"game {game_id} is {game.status}, not {expected}")
            rows = seating(game_id, await fetch_seats(conn, game_id), seats, at)
            await conn.execute("DELETE FROM seats WHERE game_id = $1", game_id)
            await conn.executemany(
                f"INSERT INTO seats ({SEAT_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [codec.seat_values(seat) for seat in rows],
            )
            await conn.execute("DELETE FROM actions WHERE game_id = $1", game_id)
            await conn.execute("DELETE FROM snapshots WHERE game_id = $1", game_id)
            await conn.execute(
                "INSERT INTO snapshots (game_id, seq, state) VALUES ($1, 0, $2)",
                game_id, state,
            )  # fmt: skip
            row = await conn.fetchrow(
                "UPDATE games SET status = 'active', version = 0, state = $1, thread_id = $2,"
                " revision = revision + 1, turn_started_at = $3, updated_at = $3"
                f" WHERE id = $4 RETURNING {codec.GAME_COLUMNS}",
                state, thread, at, game_id,
            )  # fmt: skip
            return game_of(row)

    async def _set_messages(self, game_id: int, given: dict[str, int | None]) -> GameRow:
        async with self._conn() as conn:
            if not given:
                return await require_game(conn, game_id)
            # the column names are set_messages' own parameters, never the caller's text
            assignments = ", ".join(f"{name} = ${i}" for i, name in enumerate(given, start=2))
            row = await conn.fetchrow(
                f"UPDATE games SET {assignments} WHERE id = $1 RETURNING {codec.GAME_COLUMNS}",
                game_id, *given.values(),
            )  # fmt: skip
        if row is None:
            raise NotFound(f"no game {game_id}")
        return game_of(row)

    async def _merge_game_settings(
        self, game_id: int, key: str | None, values: Mapping[str, Any], user_id: int = 0
    ) -> tuple[GameRow, list[int]]:
        async with self._tx() as conn:
            settings = (await require_game(conn, game_id, lock=True)).settings
            votes: list[int] = []
            if key is None:
                merged = merge_settings(settings, values)
            else:
                merged, votes = with_vote(settings, key, user_id)
            row = await conn.fetchrow(
                f"UPDATE games SET settings = $1 WHERE id = $2 RETURNING {codec.GAME_COLUMNS}",
                dumps(merged), game_id,
            )  # fmt: skip
            return game_of(row), votes

    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> GameRow:
        return (await self._merge_game_settings(game_id, None, settings))[0]

    async def add_vote(self, game_id: int, key: str, user_id: int) -> list[int]:
        return (await self._merge_game_settings(game_id, key, {}, user_id))[1]

    async def _set_status(
        self, game_id: int, status: str, outcome: str | None, expected: int | None, at: float
    ) -> GameRow:
        async with self._tx() as conn:
            game = await require_game(conn, game_id, lock=True)
            if expected is not None and game.version != expected:
                raise stale(game_id, game.version, expected)
            row = await conn.fetchrow(
                "UPDATE games SET status = $1, outcome = COALESCE($2, outcome), updated_at = $3"
                f" WHERE id = $4 RETURNING {codec.GAME_COLUMNS}",
                status, outcome, at, game_id,
            )  # fmt: skip
            return game_of(row)

    async def replace_seat(
        self, game_id: int, position: int, *, user_id: int | None, ai: str | None
    ) -> list[SeatRow]:
        seat_identity((user_id, ai))
        async with self._tx() as conn:
            await require_game(conn, game_id, lock=True)
            if user_id is not None:
                sql = "SELECT position FROM seats WHERE game_id = $1 AND user_id = $2"
                found = await conn.fetchrow(sql, game_id, user_id)
                if found is not None and found[0] != position:
                    raise AlreadySeated(f"user {user_id} already has a seat in game {game_id}")
            changed = await conn.fetchval(
                "UPDATE seats SET user_id = $1, ai = $2 WHERE game_id = $3 AND position = $4"
                " RETURNING 1",
                user_id, ai, game_id, position,
            )  # fmt: skip
            if changed is None:
                raise NotFound(f"game {game_id} has no seat {position}")
            await conn.execute(numbered(NEW_REVISION), game_id)
            return await fetch_seats(conn, game_id)

    async def add_vacation_used(self, game_id: int, position: int, seconds: float) -> SeatRow:
        async with self._conn() as conn:
            row = await conn.fetchrow(
                "UPDATE seats SET vacation_used = vacation_used + $1"
                f" WHERE game_id = $2 AND position = $3 RETURNING {SEAT_COLUMNS}",
                seconds, game_id, position,
            )  # fmt: skip
        if row is None:
            raise NotFound(f"game {game_id} has no seat {position}")
        return SeatRow(*row)


async def wait_for_server(
    connect: Callable[[], Awaitable[T]],
    where: str,
    seconds: float,
    *,
    first_delay: float = 0.5,
    max_delay: float = 10.0,
) -> T:
    """``await connect()``, retried while the server cannot be reached (down, starting up,
    full) until ``seconds`` have passed, waiting twice as long after each failure (up to
    ``max_delay``); the last error is raised when the time is up. One warning says what is
    awaited, and one says when the server answered."""
    loop = asyncio.get_running_loop()
    started = loop.time()
    delay = first_delay
    while True:
        try:
            result = await connect()
        except asyncpg.ClientConfigurationError:
            raise  # the URL itself is wrong: no wait mends it
        except RETRYABLE as err:
            waited = loop.time() - started
            left = seconds - waited
            if left <= 0:
                raise
            if delay == first_delay:
                log.warning(
                    "The database %s cannot be reached yet (%s: %s); waiting up to %g s for it"
                    " (TENKA_DATABASE_WAIT), retrying with backoff.",
                    where, type(err).__name__, err, seconds,
                )  # fmt: skip
            else:
                log.info("Still waiting for the database %s (%.0f s so far).", where, waited)
            await asyncio.sleep(min(delay, left))
            delay = min(delay * 2, max_delay)
            continue
        if delay != first_delay:
            log.warning("The database %s answered after %.1f s.", where, loop.time() - started)
        return result
