"""The action log on PostgreSQL: a move, the log and its snapshots, a rollback.

A move is one statement (data-modifying CTEs): the version guard, the log rows, the seats'
last action and the snapshot commit together or not at all, in one round trip.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final, cast

import asyncpg

from bot.store import codec
from bot.store.common import (
    ACTION_COLUMNS,
    CUT_LOG,
    KEEP_ROLLBACK,
    UNDONE,
    Move,
    Rollback,
    check_rollback,
    numbered,
    snapshots_due,
    stale,
)
from bot.store.models import ActionRow, Conflict, Duplicate, GameRow, NewAction
from bot.store.pg_pool import Conn
from bot.store.postgres_base import PostgresBase, clash, game_of, require_game

# the row a move returns, less the state the caller just sent (kilobytes not sent back)
_G_RETURNING: Final = codec.GAME_COLUMNS.replace(" state,", " NULL::text AS state,")
assert _G_RETURNING != codec.GAME_COLUMNS
# the version guard, shared by both forms of a move: every other part of the statement
# writes only if this UPDATE found the game at $2 (FROM g / EXISTS (SELECT 1 FROM g));
# $1 game, $2 expected version, $3 new version, $4 state, $5 status, $6 outcome, $7 now,
# $8 turn changed
_MOVE_GAME: Final = f"""WITH g AS (
    UPDATE games SET version = $3, state = $4, status = $5, outcome = COALESCE($6, outcome),
        revision = revision + 1, updated_at = $7,
        turn_started_at = CASE WHEN $8 THEN $7 ELSE turn_started_at END
    WHERE id = $1 AND version = $2 AND status = 'active'
    RETURNING {_G_RETURNING}
)"""
# several actions: $9 seats, $10 user ids, $11 texts, $12 snapshot seqs, $13 their states,
# $14 origins
_APPEND: Final = f"""
{_MOVE_GAME}, log AS (
    INSERT INTO actions ({ACTION_COLUMNS}, origin)
    SELECT $1, $2 + (n - 1)::int, seat, user_id, text, $7, origin
    FROM unnest($9::int[], $10::bigint[], $11::text[], $14::text[])
        WITH ORDINALITY AS a(seat, user_id, text, origin, n)
    WHERE EXISTS (SELECT 1 FROM g)
), acted AS (
    UPDATE seats SET last_acted_seq = last.seq
    FROM (SELECT seat, MAX($2 + (n - 1)::int) AS seq
          FROM unnest($9::int[]) WITH ORDINALITY AS a(seat, n) GROUP BY seat) AS last
    WHERE seats.game_id = $1 AND seats.position = last.seat
      AND (seats.last_acted_seq IS NULL OR seats.last_acted_seq < last.seq)
      AND EXISTS (SELECT 1 FROM g)
), snap AS (
    INSERT INTO snapshots (game_id, seq, state)
    SELECT $1, seq, state FROM unnest($12::int[], $13::text[]) AS s(seq, state)
    WHERE EXISTS (SELECT 1 FROM g)
    ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state
)
SELECT * FROM g
"""
# one action (almost every move): scalars, no arrays to build, unnest and group;
# $2 is the action's seq, $9 seat, $10 user id, $11 text, $12 whether to snapshot, $13 origin
_APPEND_ONE: Final = f"""
{_MOVE_GAME}, log AS (
    INSERT INTO actions ({ACTION_COLUMNS}, origin) SELECT $1, $2, $9, $10, $11, $7, $13 FROM g
), acted AS (
    UPDATE seats SET last_acted_seq = $2 FROM g
    WHERE seats.game_id = $1 AND seats.position = $9
      AND (seats.last_acted_seq IS NULL OR seats.last_acted_seq < $2)
), snap AS (
    INSERT INTO snapshots (game_id, seq, state) SELECT $1, $3, $4 FROM g WHERE $12
    ON CONFLICT (game_id, seq) DO UPDATE SET state = excluded.state
)
SELECT * FROM g
"""


_CUT_LOG: Final = tuple(numbered(sql) for sql in CUT_LOG)
_KEEP_ROLLBACK: Final = numbered(KEEP_ROLLBACK)


class ActionsMixin(PostgresBase):
    """Appending to the log, reading it, rolling it back."""

    async def _append(self, move: Move) -> GameRow:
        game_id, actions = move.game_id, move.actions
        snapshots = snapshots_due(move.expected_version, move.states, self.snapshot_every)
        guard = (
            game_id, move.expected_version, move.new_version, move.states[-1], move.status,
            move.outcome_json, move.at, move.turn_changed,
        )  # fmt: skip
        sql, args = _move(guard, actions, snapshots)
        async with self._conn() as conn:
            try:
                row = await conn.fetchrow(sql, *args)
            except asyncpg.UniqueViolationError as err:
                raise clash(err, game_id, move.expected_version, actions[0].origin) from err
            if row is not None:
                return codec.game_row(cast(Sequence[Any], row), actions[-1].state)
            game = await require_game(conn, game_id)
        if game.status != "active":
            raise Conflict(f"game {game_id} is {game.status}, not active")
        raise stale(game_id, game.version, move.expected_version)

    async def actions(
        self, game_id: int, since_seq: int = 0, limit: int | None = None
    ) -> list[ActionRow]:
        sql = (
            f"SELECT {ACTION_COLUMNS} FROM actions WHERE game_id = $1 AND seq >= $2"
            " ORDER BY seq LIMIT $3"
        )
        async with self._conn() as conn:
            rows = await conn.fetch(sql, game_id, since_seq, limit)
        return [ActionRow(*row) for row in rows]

    async def _fetchone(self, sql: str, args: tuple[Any, ...]) -> Sequence[Any] | None:
        async with self._conn() as conn:
            row = await conn.fetchrow(numbered(sql), *args)
        return None if row is None else cast(Sequence[Any], row)

    async def _rollback(self, back: Rollback) -> GameRow:
        game_id, to, at = back.game_id, back.to, back.at
        async with self._tx() as conn:
            game = await require_game(conn, game_id, lock=True)
            if back.kept is not None:
                try:
                    await conn.execute(_KEEP_ROLLBACK, *back.kept)
                except asyncpg.UniqueViolationError as err:  # the same request again
                    raise Duplicate(f"game {game_id}: {back.origin} was already done") from err
            check_rollback(game, to, back.expected)
            await _cut_log(conn, game_id, to)
            new_status = game.status if back.status is None else back.status
            row = await conn.fetchrow(
                "UPDATE games SET version = $1, state = $2, status = $3, updated_at = $4,"
                f" revision = revision + 1,{UNDONE.replace('?', '$1')}"
                " turn_started_at = CASE WHEN $5 THEN turn_started_at ELSE $4 END,"
                " outcome = CASE WHEN $3 IN ('lobby', 'active') THEN NULL ELSE outcome END"
                f" WHERE id = $6 RETURNING {codec.GAME_COLUMNS}",
                to, back.state, new_status, at, back.keep_clock, game_id,
            )  # fmt: skip
            return game_of(row)


def _move(
    guard: tuple[Any, ...], actions: Sequence[NewAction], snapshots: Sequence[tuple[int, str]]
) -> tuple[str, tuple[Any, ...]]:
    """The statement of a move and its arguments: ``guard`` ($1-$8 of :data:`_MOVE_GAME`),
    then one action's scalars or several actions' arrays."""
    if len(actions) == 1:
        (one,) = actions
        return _APPEND_ONE, (
            *guard, one.seat, one.user_id, one.text, bool(snapshots), one.origin
        )  # fmt: skip
    return _APPEND, (
        *guard, [a.seat for a in actions], [a.user_id for a in actions],
        [a.text for a in actions], [seq for seq, _ in snapshots],
        [state for _, state in snapshots], [a.origin for a in actions],
    )  # fmt: skip


async def _cut_log(conn: Conn, game_id: int, to_version: int) -> None:
    """:data:`bot.store.common.CUT_LOG`, in order."""
    for sql in _CUT_LOG:
        await conn.execute(sql, game_id, to_version)
