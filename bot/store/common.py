"""What the SQLite and the PostgreSQL store share: the logic that does not depend on the
database (which seats a started game gets, which states a move snapshots, how a vote
merges) and :class:`CommonStore`, the ``Store`` methods that only forward to a backend's
own primitives. Each backend keeps its queries and its transaction discipline."""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final

from bot.store.codec import GAME_COLUMNS, check_status, dumps, now_or
from bot.store.models import (
    NOT_GIVEN,
    Conflict,
    GameRow,
    NewAction,
    SeatIdentity,
    SeatRow,
    _NotGiven,
    merge_settings,
    seat_identity,
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
PLAYED: Final = "SELECT game_id, seq FROM actions WHERE origin = ?"
# a write that changes what the board shows without a move (a seat handed over): its
# board is a new post, never a resend of the last one ($game)
NEW_REVISION: Final = "UPDATE games SET revision = revision + 1 WHERE id = ?"
# a rollback to version $to past the published board: that board shows what was undone,
# and what follows is told from the common prefix ($to three times)
UNDONE: Final = (
    " board_undone = CASE WHEN published_version > ? THEN 1 ELSE board_undone END,"
    " published_version = CASE WHEN published_version > ? THEN ? ELSE published_version END,"
)

# a rollback's cut, each statement bound to (game, version): the log from the version on
# and the snapshots after it go, each seat's last action is the last one left
CUT_LOG: Final = (
    "DELETE FROM actions WHERE game_id = ? AND seq >= ?",
    "DELETE FROM snapshots WHERE game_id = ? AND seq > ?",
    "UPDATE seats SET last_acted_seq = (SELECT MAX(seq) FROM actions"
    " WHERE actions.game_id = seats.game_id AND actions.seat = seats.position)"
    " WHERE game_id = ? AND last_acted_seq >= ?",
)


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


class CommonStore:
    """The ``Store`` methods whose arguments both backends check and encode alike: a
    backend implements the primitives below (each one transaction) and inherits the rest."""

    snapshot_every: int

    def __init__(self, snapshot_every: int) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.snapshot_every = snapshot_every
        self._closed = False

    # the backend's primitives, declared for the type checker only
    _create_game: Callable[[tuple[Any, ...]], Awaitable[GameRow]]
    _start_game: Callable[[int, Order, str, int | None, str, float], Awaitable[GameRow]]
    _set_messages: Callable[[int, dict[str, int | None]], Awaitable[GameRow]]
    _set_status: Callable[[int, str, str | None, int | None, float], Awaitable[GameRow]]
    _append: Callable[[Move], Awaitable[GameRow]]
    _rollback: Callable[[int, int, int, str, float, str | None, bool], Awaitable[GameRow]]
    _add_timer: Callable[[tuple[Any, ...]], Awaitable[int]]
    _get_settings: Callable[[str, int], Awaitable[dict[str, Any]]]
    _merge_settings: Callable[[str, int, Mapping[str, Any]], Awaitable[dict[str, Any]]]

    async def create_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        creator_id: int,
        game_key: str,
        options: Mapping[str, Any],
        seed: int,
        rules_version: int,
        settings: Mapping[str, Any] | None = None,
        now: float | None = None,
    ) -> GameRow:
        """A new game in the lobby with its creator in the first (unpositioned) seat."""
        return await self._create_game(
            (guild_id, channel_id, creator_id, game_key, dumps(dict(options)), str(seed),
             rules_version, dumps(dict(settings or {})), now_or(now))
        )  # fmt: skip

    async def start_game(
        self,
        game_id: int,
        *,
        order: Sequence[SeatIdentity],
        state: Any,
        thread_id: int | None,
        expected_status: str = "lobby",
        now: float | None = None,
    ) -> GameRow:
        """Seat everyone in ``order`` (position 0 first), write the initial state, go active.

        The initial state is also snapshot 0. The humans in ``order`` must be exactly the
        humans seated, else :class:`Conflict` (someone joined or left since the caller
        looked). AI seats are matched by kind; extra AI identities get new seats and lobby
        AI seats left out are dropped.
        """
        seats = [seat_identity(seat) for seat in order]
        at = now_or(now)
        return await self._start_game(game_id, seats, dumps(state), thread_id, expected_status, at)

    async def set_messages(
        self,
        game_id: int,
        *,
        thread_id: int | _NotGiven | None = NOT_GIVEN,
        lobby_message_id: int | _NotGiven | None = NOT_GIVEN,
        board_message_id: int | _NotGiven | None = NOT_GIVEN,
    ) -> GameRow:
        """Record Discord ids; only the arguments given change (``None`` clears)."""
        given = given_messages(
            thread_id=thread_id,
            lobby_message_id=lobby_message_id,
            board_message_id=board_message_id,
        )
        return await self._set_messages(game_id, given)

    async def set_status(
        self,
        game_id: int,
        status: str,
        *,
        outcome: Mapping[str, Any] | None = None,
        expected_version: int | None = None,
        now: float | None = None,
    ) -> GameRow:
        """Change the status (and the outcome when given); guarded by ``expected_version``."""
        check_status(status)
        outcome_json = encode_outcome(outcome)
        return await self._set_status(game_id, status, outcome_json, expected_version, now_or(now))

    async def append_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        user_id: int | None,
        text: str,
        state: Any,
        origin: str | None = None,
        status: str = "active",
        outcome: Mapping[str, Any] | None = None,
        now: float | None = None,
        turn_changed: bool = True,
    ) -> GameRow:
        """Append one action at ``seq = expected_version`` and store the state after it.

        Raises :class:`Conflict`, writing nothing, if the game moved on (or is no longer
        active) since the caller read ``expected_version``.
        """
        return await self.append_actions(
            game_id,
            expected_version=expected_version,
            actions=[NewAction(seat, user_id, text, state, origin)],
            status=status,
            outcome=outcome,
            now=now,
            turn_changed=turn_changed,
        )

    async def append_actions(
        self,
        game_id: int,
        *,
        expected_version: int,
        actions: Sequence[NewAction],
        status: str = "active",
        outcome: Mapping[str, Any] | None = None,
        now: float | None = None,
        turn_changed: bool = True,
    ) -> GameRow:
        """Append several actions atomically (e.g. a move and the AI's answer).

        Each action carries the state after it (kept only where a snapshot falls). The
        returned row's ``state`` is the last action's ``state`` object itself, not a
        decoded copy; :meth:`get_game` returns the stored JSON decoded.
        """
        if not actions:
            raise ValueError("append_actions needs at least one action")
        check_status(status)
        at = now_or(now)
        # encoded before the transaction: the write lock is held for SQL work only
        states = move_states(expected_version, actions, self.snapshot_every)
        outcome_json = encode_outcome(outcome)
        return await self._append(
            Move(game_id, expected_version, actions, states, status, outcome_json, at,
                 turn_changed)
        )  # fmt: skip

    async def rollback(
        self,
        game_id: int,
        *,
        to_version: int,
        expected_version: int,
        state: Any,
        now: float | None = None,
        status: str | None = None,
        keep_turn_clock: bool = False,
    ) -> GameRow:
        """Take back every action from ``seq = to_version`` on; ``state`` is the state then.

        The turn clock restarts (``turn_started_at = now``) unless ``keep_turn_clock`` (an
        undone step inside the same turn must not buy the player time). ``status`` (e.g. back to
        ``"active"`` after taking back a game-ending move, which also clears the outcome)
        changes only when given.
        """
        if status is not None:
            check_status(status)
        at = now_or(now)
        return await self._rollback(
            game_id, to_version, expected_version, dumps(state), at, status, keep_turn_clock
        )

    async def add_timer(
        self,
        *,
        due_at: float,
        kind: str,
        game_id: int | None = None,
        user_id: int | None = None,
        payload: Mapping[str, Any] | None = None,
    ) -> int:
        """Schedule a timer; returns its id."""
        return await self._add_timer((due_at, kind, game_id, user_id, dumps(dict(payload or {}))))

    async def user_settings(self, user_id: int) -> dict[str, Any]:
        """A user's preferences (language, DM opt-outs, vacation, ...); empty if none."""
        return await self._get_settings("user", user_id)

    async def set_user_settings(self, user_id: int, values: Mapping[str, Any]) -> dict[str, Any]:
        """Merge into a user's preferences (``None`` deletes a key); returns the result."""
        return await self._merge_settings("user", user_id, values)

    async def guild_settings(self, guild_id: int) -> dict[str, Any]:
        """A server's defaults; empty if none."""
        return await self._get_settings("guild", guild_id)

    async def set_guild_settings(self, guild_id: int, values: Mapping[str, Any]) -> dict[str, Any]:
        """Merge into a server's defaults (``None`` deletes a key); returns the result."""
        return await self._merge_settings("guild", guild_id, values)
