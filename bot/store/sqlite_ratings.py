"""Ratings in the SQLite store (mixed into SqliteStore); see :mod:`bot.store.ratings_sql`."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence

from bot.store import ratings_sql as q
from bot.store.codec import loads_or_none
from bot.store.common import SEAT_COLUMNS, SEATS_ORDER
from bot.store.models import Finished, PlayerStats, RateFn, RatingRow, SeatRow, Skill, Standing
from bot.store.sqlite_base import SqliteBase

# a user who set ``ranked: false`` is left out of leaderboards
HIDDEN = "json_extract(u.data, '$.ranked') = 0"


def _finished(conn: sqlite3.Connection, game_id: int) -> Finished | None:
    row = conn.execute(q.FINISHED_ONE, (game_id,)).fetchone()
    if row is None:
        return None
    seats = conn.execute(
        f"SELECT {SEAT_COLUMNS} FROM seats WHERE game_id = ? {SEATS_ORDER}", (game_id,)
    )
    resigned = [r[0] for r in conn.execute(q.RESIGNED, (game_id,))]
    decoded = (*row[:3], loads_or_none(row[3]), loads_or_none(row[4]), *row[5:])
    return q.finished(decoded, [SeatRow(*s) for s in seats], resigned)


def _standing(conn: sqlite3.Connection, guild: int, key: str, player: str) -> Standing | None:
    row = conn.execute(q.STANDING, (guild, key, player)).fetchone()
    return None if row is None else q.standing(row)


def _rate(
    conn: sqlite3.Connection, game_id: int, rate: RateFn, known: dict[str, Standing] | None
) -> list[RatingRow]:
    """Rate one finished game inside the caller's transaction (``known``: the standings
    so far, kept in memory by a rebuild; ``None``: read them from the table)."""
    facts = _finished(conn, game_id)
    if facts is None:
        return []
    players = {q.player_key(seat) for seat in facts.seats}
    if known is None:
        found = (_standing(conn, facts.guild_id, facts.game_key, p) for p in players)
        known = {s.player: s for s in found if s is not None}
    skills = {p: Skill(s.mu, s.sigma) for p, s in known.items() if p in players}
    rows = rate(facts, skills)
    conn.executemany(q.INSERT_HISTORY, [q.history_values(r) for r in rows])
    changed = q.fold(known, rows)
    conn.executemany(q.UPSERT_STANDING, [q.standing_values(s) for s in changed])
    return rows


def _rows(conn: sqlite3.Connection, sql: str, params: Sequence[object]) -> list[RatingRow]:
    return [q.rating_row(r) for r in conn.execute(sql, tuple(params))]


class RatingsMixin(SqliteBase):
    """Ratings of :class:`bot.store.SqliteStore`."""

    async def rate_game(self, game_id: int, rate: RateFn) -> list[RatingRow]:
        """Rate a finished game once (its rows; the ones written before if it was)."""

        def run(conn: sqlite3.Connection) -> list[RatingRow]:
            if conn.execute(q.RATED, (game_id,)).fetchone() is not None:
                return _rows(conn, q.CHANGES, (game_id,))
            return _rate(conn, game_id, rate, None)

        return await self._write(run)

    async def rebuild_ratings(self, rate: RateFn) -> int:
        """Rate every finished game again, by finish time then id; returns how many."""

        def run(conn: sqlite3.Connection) -> int:
            for sql in q.CLEAR:
                conn.execute(sql)
            ids = conn.execute(q.FINISHED_IDS).fetchall()
            by_table: dict[tuple[int, str], dict[str, Standing]] = {}
            for game_id, guild, key, _ in ids:
                _rate(conn, game_id, rate, by_table.setdefault((guild, key), {}))
            return len(ids)

        return await self._write(run)

    async def unrated_games(self, limit: int) -> list[int]:
        """Finished games without ratings (a game of fewer than two seats stays so)."""
        sql = q.UNRATED
        return await self._one(lambda conn: [r[0] for r in conn.execute(sql, (limit,))])

    async def rating_changes(self, game_id: int) -> list[RatingRow]:
        return await self._one(lambda conn: _rows(conn, q.CHANGES, (game_id,)))

    async def player_stats(self, guild_id: int, player: str, game_key: str | None) -> PlayerStats:
        """A player's standings, sides, longest and fastest game and the chart's history
        (of ``game_key``, or of their most played game)."""

        def run(conn: sqlite3.Connection) -> PlayerStats:
            who = (guild_id, player)
            standings = [q.standing(r) for r in conn.execute(q.PLAYER_STANDINGS, who)]
            chart = game_key or (standings[0].game_key if standings else "")
            return q.stats(
                standings,
                conn.execute(q.PLAYER_SIDES, who),
                conn.execute(q.PLAYER_LONGEST, who).fetchone(),
                conn.execute(q.PLAYER_FASTEST, who).fetchone(),
                conn.execute(q.PLAYER_HISTORY, (*who, chart)),
            )

        return await self._read(run)

    async def leaderboard(
        self, guild_id: int, game_key: str, min_games: int, offset: int, limit: int
    ) -> tuple[list[Standing], int]:
        """One page of a server's leaderboard and the number of players on it."""

        def run(conn: sqlite3.Connection) -> tuple[list[Standing], int]:
            where = (guild_id, game_key, min_games)
            rows = conn.execute(q.LEADERBOARD.format(hidden=HIDDEN), (*where, limit, offset))
            count = conn.execute(q.LEADERBOARD_COUNT.format(hidden=HIDDEN), where).fetchone()
            return [q.standing(r) for r in rows], int(count[0])

        return await self._read(run)
