"""Ratings in the store (migration 6): what both backends share.

Two tables. ``rating_history`` has one row per seat of every finished game that was
rated (its place, side, rating before and after, start and finish time): the chart, the
side win rates and the longest and fastest games are read from it, and it says which
games were rated already (a finished game is rated once). ``ratings`` is the running
table per server, game and player (the last rating, games, wins, the sum of places),
updated in the same transaction: ``/stats`` and ``/leaderboard`` read it by index.

A player is ``u:<user id>`` or, for an AI seat, ``ai:<level>`` (every AI of one level
is one pseudo-player per server and game). A game outside any server has guild 0.
The SQL is written in SQLite's placeholders; PostgreSQL's store numbers them.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import astuple
from typing import Any, Final

from bot.store.models import (
    Finished,
    PlayerStats,
    RatingRow,
    SeatRow,
    SideCount,
    Standing,
)

NO_GUILD: Final = 0
HISTORY_KEPT: Final = 200  # games on the chart


def player_key(seat: SeatRow) -> str:
    return f"u:{seat.user_id}" if seat.user_id is not None else f"ai:{seat.ai or 'normal'}"


def fold(standings: dict[str, Standing], rows: Iterable[RatingRow]) -> list[Standing]:
    """``standings`` (by player) after ``rows``; returns the players that changed. Several
    seats of one player (two AI of one level) count one game each; the last one's rating
    stands (the rating function gives them the same one)."""
    changed: dict[str, Standing] = {}
    for row in rows:
        old = standings.get(row.player)
        games, wins, ranks = (old.games, old.wins, old.rank_sum) if old else (0, 0, 0)
        new = Standing(
            row.guild_id,
            row.game_key,
            row.player,
            row.user_id,
            row.mu,
            row.sigma,
            games + 1,
            wins + (row.place == 1),
            ranks + row.place,
        )
        standings[row.player] = changed[row.player] = new
    return list(changed.values())


def history_values(row: RatingRow) -> tuple[Any, ...]:
    """``row`` in the order of :data:`HISTORY_COLUMNS` (its fields' order)."""
    return astuple(row)


def standing_values(row: Standing) -> tuple[Any, ...]:
    """``row`` in the order of :data:`UPSERT_STANDING`: its fields, the ordinal after sigma."""
    values = astuple(row)
    return (*values[:6], row.ordinal, *values[6:])


HISTORY_COLUMNS: Final = (
    "game_id, seat, guild_id, game_key, player, user_id, place, side, mu_before,"
    " sigma_before, mu, sigma, started_at, finished_at"
)
STANDING_COLUMNS: Final = "guild_id, game_key, player, user_id, mu, sigma, games, wins, rank_sum"

INSERT_HISTORY: Final = (
    f"INSERT INTO rating_history ({HISTORY_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?,"
    " ?, ?, ?)"
)
UPSERT_STANDING: Final = (
    "INSERT INTO ratings (guild_id, game_key, player, user_id, mu, sigma, ordinal, games,"
    " wins, rank_sum) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
    " ON CONFLICT (guild_id, game_key, player) DO UPDATE SET user_id = excluded.user_id,"
    " mu = excluded.mu, sigma = excluded.sigma, ordinal = excluded.ordinal,"
    " games = excluded.games, wins = excluded.wins, rank_sum = excluded.rank_sum"
)
RATED: Final = "SELECT 1 FROM rating_history WHERE game_id = ? LIMIT 1"
CHANGES: Final = f"SELECT {HISTORY_COLUMNS} FROM rating_history WHERE game_id = ? ORDER BY seat"
STANDING: Final = (
    f"SELECT {STANDING_COLUMNS} FROM ratings WHERE guild_id = ? AND game_key = ? AND player = ?"
)
# the finished game's facts; it finished when its last action was logged
FINISHED: Final = (
    "SELECT g.id, g.guild_id, g.game_key, g.state, g.outcome, g.created_at,"
    " COALESCE((SELECT MAX(a.created_at) FROM actions a WHERE a.game_id = g.id), g.created_at)"
    " FROM games g WHERE g.status = 'finished'"
)
FINISHED_ONE: Final = f"{FINISHED} AND g.id = ?"
# every finished game in the order they are rated: finish time, then id
FINISHED_IDS: Final = (
    "SELECT g.id, COALESCE(g.guild_id, 0), g.game_key, COALESCE((SELECT MAX(a.created_at)"
    " FROM actions a WHERE a.game_id = g.id), g.created_at) AS finished_at FROM games g"
    " WHERE g.status = 'finished' ORDER BY finished_at, g.id"
)
# finished games no rating was written for (a failure right after the finishing commit)
UNRATED: Final = (
    "SELECT g.id, COALESCE((SELECT MAX(a.created_at) FROM actions a WHERE a.game_id = g.id),"
    " g.created_at) AS finished_at FROM games g WHERE g.status = 'finished'"
    " AND NOT EXISTS (SELECT 1 FROM rating_history h WHERE h.game_id = g.id)"
    " ORDER BY finished_at, g.id LIMIT ?"
)
RESIGNED: Final = "SELECT DISTINCT seat FROM actions WHERE game_id = ? AND text = 'resign'"
CLEAR: Final = ("DELETE FROM rating_history", "DELETE FROM ratings")
PLAYER_STANDINGS: Final = (
    f"SELECT {STANDING_COLUMNS} FROM ratings WHERE guild_id = ? AND player = ?"
    " ORDER BY games DESC, game_key"
)
PLAYER_SIDES: Final = (
    "SELECT game_key, side, COUNT(*), SUM(CASE WHEN place = 1 THEN 1 ELSE 0 END)"
    " FROM rating_history WHERE guild_id = ? AND player = ? AND side IS NOT NULL"
    " GROUP BY game_key, side ORDER BY game_key, side"
)
_BY_LENGTH: Final = (
    f"SELECT {HISTORY_COLUMNS} FROM rating_history WHERE guild_id = ? AND player = ?"
    " ORDER BY finished_at - started_at {}, game_id LIMIT 1"
)
PLAYER_LONGEST: Final = _BY_LENGTH.format("DESC")
PLAYER_FASTEST: Final = _BY_LENGTH.format("ASC")
PLAYER_HISTORY: Final = (
    f"SELECT {HISTORY_COLUMNS} FROM (SELECT {HISTORY_COLUMNS} FROM rating_history"
    " WHERE guild_id = ? AND player = ? AND game_key = ?"
    f" ORDER BY finished_at DESC, game_id DESC LIMIT {HISTORY_KEPT}) h"
    " ORDER BY finished_at, game_id"
)
# the leaderboard: players with at least $min games, hidden ones left out ({hidden} is
# the backend's test of a user's ``ranked: false`` setting). NOT IN over the few hidden
# users is one hashed lookup per row on PostgreSQL whatever the plan; the NOT EXISTS it
# replaced became a nested loop under the generic plan of a prepared statement (the count
# took 28 ms at p50 with 100,000 games, the bench's figure)
_SHOWN: Final = (
    "WHERE guild_id = ? AND game_key = ? AND games >= ? AND (r.user_id IS NULL"
    " OR r.user_id NOT IN (SELECT u.user_id FROM user_settings u WHERE {hidden}))"
)
LEADERBOARD: Final = (
    f"SELECT {STANDING_COLUMNS} FROM ratings r {_SHOWN} ORDER BY ordinal DESC, player"
    " LIMIT ? OFFSET ?"
)
LEADERBOARD_COUNT: Final = f"SELECT COUNT(*) FROM ratings r {_SHOWN}"


def finished(row: Sequence[Any], seats: Sequence[SeatRow], resigned: Iterable[int]) -> Finished:
    """A :class:`Finished` from a :data:`FINISHED` row (state and outcome decoded)."""
    game_id, guild_id, key, state, outcome, created_at, finished_at = row
    return Finished(
        game_id,
        guild_id or NO_GUILD,
        key,
        tuple(seats),
        outcome,
        state,
        frozenset(resigned),
        created_at,
        finished_at,
    )


def rating_row(row: Any) -> RatingRow:
    return RatingRow(*row)


def standing(row: Any) -> Standing:
    return Standing(*row)


def stats(
    standings: Sequence[Standing],
    sides: Iterable[Any],
    longest: Any,
    fastest: Any,
    history: Iterable[Any],
) -> PlayerStats:
    return PlayerStats(
        tuple(standings),
        tuple(SideCount(k, s, int(g), int(w)) for k, s, g, w in sides),
        None if longest is None else rating_row(longest),
        None if fastest is None else rating_row(fastest),
        tuple(rating_row(r) for r in history),
    )
