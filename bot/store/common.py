"""What the SQLite and the PostgreSQL store share: the logic that does not depend on the
database (which seats a started game gets, which states a move snapshots, how a vote
merges) and the SQL both dialects read alike, written in SQLite's ``?`` placeholders
(PostgreSQL's store numbers them, :func:`numbered`). :class:`bot.store.front.CommonStore`
holds the ``Store`` methods written once for both. Each backend keeps its transaction
discipline."""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.store.codec import GAME_COLUMNS, dumps
from bot.store.models import (
    Conflict,
    GameRow,
    NewAction,
    Played,
    SeatRow,
    _NotGiven,
    merge_settings,
)

# column lists and orders both dialects read alike
SEAT_COLUMNS: Final = "game_id, position, user_id, ai, joined_at, last_acted_seq, vacation_used"
SEATS_ORDER: Final = "ORDER BY position IS NULL, position, joined_at, id"
ACTION_COLUMNS: Final = "game_id, seq, seat, user_id, text, created_at"
TIMER_COLUMNS: Final = "id, due_at, kind, game_id, user_id, payload"
G_COLUMNS: Final = ", ".join(f"g.{name.strip()}" for name in GAME_COLUMNS.split(","))
# start_game's seats in play order, each a (user_id, ai) pair
Order = list[tuple[int | None, str | None]]
SETTINGS_TABLES: Final = {  # scope: (table, key column)
    "user": ("user_settings", "user_id"),
    "guild": ("guild_settings", "guild_id"),
}


# the outbox, in SQLite's placeholders (PostgreSQL's store numbers them, see ``numbered``):
# a revision's posts reached Discord, only if it is still the game's ($revision, $game,
# $revision); the board of a revision may be begun unless a newer one was begun or it
# was published already ($revision, $game, $revision, $revision)
MARK_PUBLISHED: Final = (
    "UPDATE games SET published_revision = ?, published_version = version, board_undone = 0"
    " WHERE id = ? AND revision = ?"
)
CLAIM_BOARD: Final = (
    "UPDATE games SET board_revision = ? WHERE id = ?"
    " AND (board_revision IS NULL OR board_revision <= ?)"
    " AND (published_revision IS NULL OR published_revision < ?)"
)
# what the publisher reads before it posts ($game): the outbox columns, not the state
OUTBOX: Final = (
    "SELECT published_revision, board_revision, board_message_id, board_undone"
    " FROM games WHERE id = ?"
)
# what a command reads with a game besides its row and seats ($game; $guild; $origin)
PLAYERS_SETTINGS: Final = (
    "SELECT u.user_id, u.data FROM user_settings u"
    " WHERE u.user_id IN (SELECT s.user_id FROM seats s WHERE s.game_id = ?)"
)
GUILD_SETTINGS: Final = "SELECT data FROM guild_settings WHERE guild_id = ?"
# a new timer ($due_at, $kind, $game, $user, $payload)
ADD_TIMER: Final = (
    "INSERT INTO timers (due_at, kind, game_id, user_id, payload) VALUES (?, ?, ?, ?, ?)"
)
# where a request's origin is in a log ($origin twice): the action it played, or the
# version a rollback it asked for went back to (then 1), or its move a rollback cut (0)
PLAYED: Final = (
    "SELECT game_id, seq, 0 FROM actions WHERE origin = ?"
    " UNION ALL SELECT game_id, to_version, asked FROM rollbacks WHERE origin = ?"
)
# a rollback's origin, in its transaction ($origin, $game, $to, $now)
KEEP_ROLLBACK: Final = (
    "INSERT INTO rollbacks (origin, game_id, to_version, created_at) VALUES (?, ?, ?, ?)"
)
# a seat in a lobby ($game, $user, $ai, $joined), and whether a user has one ($game, $user)
ADD_SEAT: Final = "INSERT INTO seats (game_id, user_id, ai, joined_at) VALUES (?, ?, ?, ?)"
SEATED: Final = "SELECT 1 FROM seats WHERE game_id = ? AND user_id = ?"
# the newest snapshot at or before a version ($game, $seq)
SNAPSHOT_AT_OR_BEFORE: Final = (
    "SELECT seq, state FROM snapshots WHERE game_id = ? AND seq <= ? ORDER BY seq DESC LIMIT 1"
)
# a write that changes what the board shows without a move (a seat handed over): its
# board is a new post, never a resend of the last one ($game)
NEW_REVISION: Final = "UPDATE games SET revision = revision + 1 WHERE id = ?"
# a rollback to version $to past the published board: that board shows what was undone,
# and what follows is told from the common prefix ($to three times)
UNDONE: Final = (
    " board_undone = CASE WHEN published_version > ? THEN 1 ELSE board_undone END,"
    " published_version = CASE WHEN published_version > ? THEN ? ELSE published_version END,"
)

# a rollback's cut, each statement bound to (game, version): the origins of the actions
# cut are kept (a request delivered again after its move was taken back is not played
# again), the log from the version on and the snapshots after it go, each seat's last
# action is the last one left
CUT_LOG: Final = (
    "INSERT INTO rollbacks (origin, game_id, to_version, created_at, asked)"
    " SELECT origin, game_id, seq, created_at, 0 FROM actions"
    " WHERE game_id = ? AND seq >= ? AND origin IS NOT NULL ON CONFLICT (origin) DO NOTHING",
    "DELETE FROM actions WHERE game_id = ? AND seq >= ?",
    "DELETE FROM snapshots WHERE game_id = ? AND seq > ?",
    "UPDATE seats SET last_acted_seq = (SELECT MAX(seq) FROM actions"
    " WHERE actions.game_id = seats.game_id AND actions.seat = seats.position)"
    " WHERE game_id = ? AND last_acted_seq >= ?",
)


@functools.cache  # the texts are constants; a move's statement is numbered once
def numbered(sql: str) -> str:
    """``sql``'s ``?`` placeholders as PostgreSQL's ``$1, $2, ...``, in order."""
    head, *rest = sql.split("?")
    return head + "".join(f"${i}{part}" for i, part in enumerate(rest, 1))


def stale(game_id: int, found: int, expected: int) -> Conflict:
    """The "game moved on" answer of a version check that failed."""
    return Conflict(f"game {game_id} is at version {found}, not {expected}")


def check_rollback(game: GameRow, to_version: int, expected_version: int) -> None:
    """A rollback's guards, in order: the game is still at ``expected_version``, and
    ``to_version`` lies between the start and there."""
    if game.version != expected_version:
        raise stale(game.id, game.version, expected_version)
    if not 0 <= to_version <= expected_version:
        raise ValueError(f"cannot roll game {game.id} back to version {to_version}")


def encode_outcome(outcome: Mapping[str, Any] | None) -> str | None:
    return None if outcome is None else dumps(dict(outcome))


def given_messages(**ids: int | _NotGiven | None) -> dict[str, int | None]:
    """The Discord ids ``set_messages`` was given (``None`` clears; not given: kept)."""
    return {name: value for name, value in ids.items() if not isinstance(value, _NotGiven)}


@dataclass(frozen=True, slots=True)
class Move:
    """One ``append_actions`` call, checked and encoded before the backend's transaction:
    ``states`` as :func:`move_states` gives them, the outcome as JSON."""

    game_id: int
    expected_version: int
    actions: Sequence[NewAction]
    states: list[str]
    status: str
    outcome_json: str | None
    at: float
    turn_changed: bool

    @property
    def new_version(self) -> int:
        return self.expected_version + len(self.actions)


@dataclass(frozen=True, slots=True)
class Rollback:
    """One ``rollback`` call, checked and encoded before the backend's transaction: the
    log from ``to`` on goes, ``state`` (JSON) is the game's then; ``origin`` is kept
    (:data:`KEEP_ROLLBACK`) when the request that asked for it has one."""

    game_id: int
    to: int
    expected: int
    state: str
    at: float
    status: str | None
    keep_clock: bool
    origin: str | None

    @property
    def kept(self) -> tuple[str, int, int, float] | None:
        """The parameters of :data:`KEEP_ROLLBACK`, or ``None`` (no origin)."""
        return None if self.origin is None else (self.origin, self.game_id, self.to, self.at)


def played_at(row: Sequence[Any] | None) -> Played | None:
    """A :data:`PLAYED` row as a :class:`Played`."""
    return None if row is None else Played(int(row[0]), int(row[1]), bool(row[2]))


def move_states(expected_version: int, actions: Sequence[NewAction], every: int) -> list[str]:
    """The JSON of each action's state where it is needed: the last one (the game's new
    state) and those a snapshot falls on; ``""`` for the others (never encoded)."""
    last = len(actions) - 1
    return [
        dumps(action.state) if i == last or (expected_version + i + 1) % every == 0 else ""
        for i, action in enumerate(actions)
    ]


def snapshots_due(first_seq: int, states: Sequence[str], every: int) -> list[tuple[int, str]]:
    """``(seq, state)`` of the snapshots a move writes: the state after every
    ``every``-th action (``states[i]`` follows action ``first_seq + i``)."""
    return [
        (first_seq + i + 1, state)
        for i, state in enumerate(states)
        if (first_seq + i + 1) % every == 0
    ]


def with_vote(
    settings: Mapping[str, Any], key: str, user_id: int
) -> tuple[dict[str, Any], list[int]]:
    """``settings`` with ``user_id`` added to the vote list under ``key``, and the voters."""
    votes = sorted(set(settings.get(key) or []) | {user_id})
    return merge_settings(settings, {key: votes}), votes


def seating(
    game_id: int,
    lobby: list[SeatRow],
    identities: list[tuple[int | None, str | None]],
    now: float,
) -> list[SeatRow]:
    """The started game's seats, keeping each matched lobby seat's ``joined_at``."""
    seated_humans = {seat.user_id for seat in lobby if seat.user_id is not None}
    ordered_humans = [user for user, _ in identities if user is not None]
    if len(set(ordered_humans)) != len(ordered_humans) or set(ordered_humans) != seated_humans:
        raise Conflict(f"the seats of game {game_id} changed; reload the lobby")
    joined = {seat.user_id: seat.joined_at for seat in lobby if seat.user_id is not None}
    spare_ai = [seat for seat in lobby if seat.ai is not None]
    rows = []
    for position, (user_id, ai) in enumerate(identities):
        if user_id is not None:
            joined_at = joined[user_id]
        else:
            match = next((seat for seat in spare_ai if seat.ai == ai), None)
            joined_at = now if match is None else match.joined_at
            if match is not None:
                spare_ai.remove(match)
        rows.append(SeatRow(game_id, position, user_id, ai, joined_at))
    return rows
