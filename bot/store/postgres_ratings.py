"""Ratings in the PostgreSQL store (mixed into PostgresStore); the same queries as SQLite's
(:mod:`bot.store.ratings_sql`), numbered. Ratings are written under one
transaction-scoped advisory lock, so two processes finishing games at once neither lose
an update nor rate a game twice."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

from bot.store import ratings_sql as q
from bot.store.codec import loads_or_none
from bot.store.common import SEAT_COLUMNS, SEATS_ORDER, numbered
from bot.store.models import Finished, PlayerStats, RateFn, RatingRow, Skill, Standing
from bot.store.pg_pool import Conn
from bot.store.postgres_base import PostgresBase, seat_rows

HIDDEN: Final = "u.data::jsonb -> 'ranked' = 'false'::jsonb"
RATINGS_LOCK: Final = 0x7E4CB  # held by whoever writes ratings

_SQL: Final = {
    name: numbered(getattr(q, name))
    for name in (
        "FINISHED_ONE",
        "RESIGNED",
        "UNRATED",
        "STANDING",
        "INSERT_HISTORY",
        "UPSERT_STANDING",
        "RATED",
        "CHANGES",
        "PLAYER_STANDINGS",
        "PLAYER_SIDES",
        "PLAYER_LONGEST",
        "PLAYER_FASTEST",
        "PLAYER_HISTORY",
    )
}
_BOARD: Final = numbered(q.LEADERBOARD.format(hidden=HIDDEN))
_BOARD_COUNT: Final = numbered(q.LEADERBOARD_COUNT.format(hidden=HIDDEN))
_SEATS: Final = f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = $1 {SEATS_ORDER}"


async def _finished(conn: Conn, game_id: int) -> Finished | None:
    row = await conn.fetchrow(_SQL["FINISHED_ONE"], game_id)
    if row is None:
        return None
    seats = seat_rows(await conn.fetch(_SEATS, game_id))
    resigned = [r[0] for r in await conn.fetch(_SQL["RESIGNED"], game_id)]
    decoded = (*row[:3], loads_or_none(row[3]), loads_or_none(row[4]), *row[5:])
    return q.finished(decoded, seats, resigned)


async def _rate(
    conn: Conn, game_id: int, rate: RateFn, known: dict[str, Standing] | None
) -> list[RatingRow]:
    """Rate one finished game inside the caller's transaction (see the SQLite store)."""
    facts = await _finished(conn, game_id)
    if facts is None:
        return []
    players = {q.player_key(seat) for seat in facts.seats}
    if known is None:
        found = [
            await conn.fetchrow(_SQL["STANDING"], facts.guild_id, facts.game_key, p)
            for p in sorted(players)
        ]
        known = {s.player: s for s in (q.standing(r) for r in found if r is not None)}
    skills = {p: Skill(s.mu, s.sigma) for p, s in known.items() if p in players}
    rows = rate(facts, skills)
    await conn.executemany(_SQL["INSERT_HISTORY"], [q.history_values(r) for r in rows])
    changed = q.fold(known, rows)
    await conn.executemany(_SQL["UPSERT_STANDING"], [q.standing_values(s) for s in changed])
    return rows


def _rows(found: Sequence[Any]) -> list[RatingRow]:
    return [q.rating_row(r) for r in found]


class RatingsMixin(PostgresBase):
    """Ratings of :class:`bot.store.postgres.PostgresStore`."""

    async def rate_game(self, game_id: int, rate: RateFn) -> list[RatingRow]:
        async with self._tx() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
            if await conn.fetchval(_SQL["RATED"], game_id) is not None:
                return _rows(await conn.fetch(_SQL["CHANGES"], game_id))
            return await _rate(conn, game_id, rate, None)

    async def rebuild_ratings(self, rate: RateFn) -> int:
        async with self._tx() as conn:
            await conn.execute("SELECT pg_advisory_xact_lock($1)", RATINGS_LOCK)
            for sql in q.CLEAR:
                await conn.execute(sql)
            ids = await conn.fetch(q.FINISHED_IDS)
            by_table: dict[tuple[int, str], dict[str, Standing]] = {}
            for game_id, guild, key, _ in ids:
                await _rate(conn, game_id, rate, by_table.setdefault((guild, key), {}))
            return len(ids)

    async def unrated_games(self, limit: int) -> list[int]:
        async with self._conn() as conn:
            return [r[0] for r in await conn.fetch(_SQL["UNRATED"], limit)]

    async def rating_changes(self, game_id: int) -> list[RatingRow]:
        async with self._conn() as conn:
            return _rows(await conn.fetch(_SQL["CHANGES"], game_id))

    async def player_stats(self, guild_id: int, player: str, game_key: str | None) -> PlayerStats:
        async with self._tx() as conn:
            found = await conn.fetch(_SQL["PLAYER_STANDINGS"], guild_id, player)
            standings = [q.standing(r) for r in found]
            chart = game_key or (standings[0].game_key if standings else "")
            return q.stats(
                standings,
                await conn.fetch(_SQL["PLAYER_SIDES"], guild_id, player),
                await conn.fetchrow(_SQL["PLAYER_LONGEST"], guild_id, player),
                await conn.fetchrow(_SQL["PLAYER_FASTEST"], guild_id, player),
                await conn.fetch(_SQL["PLAYER_HISTORY"], guild_id, player, chart),
            )

    async def leaderboard(
        self, guild_id: int, game_key: str, min_games: int, offset: int, limit: int
    ) -> tuple[list[Standing], int]:
        async with self._tx() as conn:
            rows = await conn.fetch(_BOARD, guild_id, game_key, min_games, limit, offset)
            count = await conn.fetchval(_BOARD_COUNT, guild_id, game_key, min_games)
        return [q.standing(r) for r in rows], int(count)
