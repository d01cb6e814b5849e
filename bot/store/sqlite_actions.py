"""The action log of the SQLite store: append, read, snapshots, takeback and seat changes."""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Any, Final

from bot.store import codec
from bot.store.common import (
    ACTION_COLUMNS,
    CUT_LOG,
    KEEP_ROLLBACK,
    NEW_REVISION,
    UNDONE,
    Move,
    Rollback,
    check_rollback,
    snapshots_due,
    stale,
)
from bot.store.models import (
    ActionRow,
    AlreadySeated,
    Conflict,
    Duplicate,
    GameRow,
    NewAction,
    NotFound,
    SeatRow,
    seat_identity,
)
from bot.store.sqlite_base import SqliteBase, fetch_seats, require_game

_ADVANCE: Final = (
    "UPDATE games SET version = ?, state = ?, status = ?, outcome = COALESCE(?, outcome),"
    " revision = revision + 1, updated_at = ?,"
    " turn_started_at = CASE WHEN ? THEN ? ELSE turn_started_at END"
    " WHERE id = ? AND version = ? AND status = 'active'"
)


def advance_game(
    conn: sqlite3.Connection, game_id: int, expected: int, values: tuple[Any, ...], state: Any
) -> GameRow:
    """Move the game row to its new version if it is still at ``expected``, else Conflict.

    ``values`` are the first seven parameters of the UPDATE; ``state`` is the new state.
    """
    params = (*values, game_id, expected)
    if codec.HAS_RETURNING:  # the new row in the same statement
        row = conn.execute(f"{_ADVANCE} RETURNING {codec.GAME_COLUMNS}", params).fetchone()
        if row is not None:
            return codec.game_row(row, state)
    elif conn.execute(_ADVANCE, params).rowcount == 1:
        return require_game(conn, game_id)
    game = require_game(conn, game_id)
    if game.status != "active":
        raise Conflict(f"game {game_id} is {game.status}, not active")
    raise stale(game_id, game.version, expected)


def insert_actions(
    conn: sqlite3.Connection,
    game_id: int,
    first_seq: int,
    actions: Sequence[NewAction],
    now: float,
) -> None:
    """Append log rows; the ``actions_last_acted`` trigger updates each seat's last seq."""
    rows = [
        (game_id, first_seq + i, action.seat, action.user_id, action.text, now, action.origin)
        for i, action in enumerate(actions)
    ]
    sql = f"INSERT INTO actions ({ACTION_COLUMNS}, origin) VALUES (?, ?, ?, ?, ?, ?, ?)"
    try:
        conn.executemany(sql, rows)
    except sqlite3.IntegrityError as err:
        if "actions.origin" in str(err):  # the same request, delivered again
            raise Duplicate(f"game {game_id}: {actions[0].origin} was already played") from err
        # the (game_id, seq) key: someone moved first
        raise Conflict(f"action {first_seq} of game {game_id} already exists") from err


def write_snapshots(
    conn: sqlite3.Connection,
    game_id: int,
    first_seq: int,
    states: Sequence[str],
    every: int,
) -> None:
    """Keep the state after every ``every``-th action (``states[i]`` follows action i)."""
    snapshots = [(game_id, seq, state) for seq, state in snapshots_due(first_seq, states, every)]
    if snapshots:
        conn.executemany(
            "INSERT OR REPLACE INTO snapshots (game_id, seq, state) VALUES (?, ?, ?)", snapshots
        )


class ActionsMixin(SqliteBase):
    """Action log operations of :class:`bot.store.SqliteStore`."""

    async def _append(self, move: Move) -> GameRow:
        game_id, expected, actions, at = move.game_id, move.expected_version, move.actions, move.at
        values = (move.new_version, move.states[-1], move.status, move.outcome_json, at,
                  move.turn_changed, at)  # fmt: skip

        def run(conn: sqlite3.Connection) -> GameRow:
            # the version guard first: a stale caller is turned away before any insert
            game = advance_game(conn, game_id, expected, values, actions[-1].state)
            insert_actions(conn, game_id, expected, actions, at)
            write_snapshots(conn, game_id, expected, move.states, self.snapshot_every)
            return game

        return await self._write(run)

    async def actions(
        self, game_id: int, since_seq: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        """The action log from ``since_seq`` on, oldest first."""
        sql = f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = ? AND seq >= ? ORDER BY seq"
        params: tuple[Any, ...] = (game_id, since_seq)
        if limit is not None:
            sql += " LIMIT ?"
            params += (limit,)
        return await self._one(lambda conn: [ActionRow(*row) for row in conn.execute(sql, params)])

    async def _fetchone(self, sql: str, args: tuple[Any, ...]) -> Sequence[Any] | None:
        row: Sequence[Any] | None = await self._one(lambda conn: conn.execute(sql, args).fetchone())
        return row

    async def _rollback(self, back: Rollback) -> GameRow:
        game_id, to = back.game_id, back.to

        def run(conn: sqlite3.Connection) -> GameRow:
            game = require_game(conn, game_id)
            if back.kept is not None:
                try:
                    conn.execute(KEEP_ROLLBACK, back.kept)
                except sqlite3.IntegrityError as err:  # the same request, delivered again
                    raise Duplicate(f"game {game_id}: {back.origin} was already done") from err
            check_rollback(game, to, back.expected)
            _cut_log(conn, game_id, to)
            status = game.status if back.status is None else back.status
            values = (to, back.state, status, back.at, back.keep_clock, back.at, status)
            conn.execute(_ROLLED_BACK, (*values, game_id))
            return require_game(conn, game_id)

        return await self._write(run)

    async def replace_seat(
        self, game_id: int, position: int, *, user_id: int | None, ai: str | None
    ) -> list[SeatRow]:
        """Give seat ``position`` to another user or to an AI (e.g. after a no-show)."""
        seat_identity((user_id, ai))

        def run(conn: sqlite3.Connection) -> list[SeatRow]:
            require_game(conn, game_id)
            if user_id is not None:
                sql = "SELECT position FROM seats WHERE game_id = ? AND user_id = ?"
                row = conn.execute(sql, (game_id, user_id)).fetchone()
                if row is not None and row[0] != position:
                    raise AlreadySeated(f"user {user_id} already has a seat in game {game_id}")
            cursor = conn.execute(
                "UPDATE seats SET user_id = ?, ai = ? WHERE game_id = ? AND position = ?",
                (user_id, ai, game_id, position),
            )
            if cursor.rowcount == 0:
                raise NotFound(f"game {game_id} has no seat {position}")
            conn.execute(NEW_REVISION, (game_id,))
            return fetch_seats(conn, game_id)

        return await self._write(run)

    async def add_vacation_used(self, game_id: int, position: int, seconds: float) -> SeatRow:
        """Add to the vacation time a seat has used; returns the updated seat."""

        def run(conn: sqlite3.Connection) -> SeatRow:
            cursor = conn.execute(
                "UPDATE seats SET vacation_used = vacation_used + ?"
                " WHERE game_id = ? AND position = ?",
                (seconds, game_id, position),
            )
            if cursor.rowcount == 0:
                raise NotFound(f"game {game_id} has no seat {position}")
            return next(s for s in fetch_seats(conn, game_id) if s.position == position)

        return await self._write(run)


# the game after a rollback: ?1 the version rolled back to, then its state, status, the
# time, whether the turn clock keeps running, the time again, the status again, the game
_ROLLED_BACK: Final = (
    "UPDATE games SET version = ?, state = ?, status = ?, updated_at = ?,"
    f" revision = revision + 1,{UNDONE.replace('?', '?1')}"  # ?1: to_version
    " turn_started_at = CASE WHEN ? THEN turn_started_at ELSE ? END,"
    " outcome = CASE WHEN ? IN ('lobby', 'active') THEN NULL ELSE outcome END"
    " WHERE id = ?"
)


def _cut_log(conn: sqlite3.Connection, game_id: int, to_version: int) -> None:
    """:data:`bot.store.common.CUT_LOG`, in order."""
    for sql in CUT_LOG:
        conn.execute(sql, (game_id, to_version))
