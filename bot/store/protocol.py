"""The :class:`Store` protocol: everything the service may ask of a store.

Both backends subclass it (through :class:`CommonStore`). The methods written out here
are shared: they check and encode the arguments alike, answer what needs no database, and
call a backend's short primitives (each one transaction, in its own SQL or the shared SQL
of :mod:`bot.store.common`); those that end in ``...`` each backend answers in its own SQL.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Any, Protocol

from bot.store.codec import check_status, dumps, loads, now_or
from bot.store.common import (
    PLAYED,
    SNAPSHOT_AT_OR_BEFORE,
    Move,
    Order,
    Rollback,
    encode_outcome,
    given_messages,
    move_states,
    played_at,
)
from bot.store.models import (
    NOT_GIVEN,
    OPEN_STATUSES,
    ActionRow,
    GameLoad,
    GameRow,
    NewAction,
    NotFound,
    Outbox,
    Played,
    PlayerStats,
    RateFn,
    RatingRow,
    SeatIdentity,
    SeatRow,
    Standing,
    Timer,
    TimerPlan,
    _NotGiven,
    seat_identity,
)

# one row of a query in SQLite's placeholders, or None
FetchOne = Callable[[str, tuple[Any, ...]], Awaitable[Sequence[Any] | None]]


class Store(Protocol):
    """Everything the service may ask of a store (SQLite or PostgreSQL)."""

    snapshot_every: int

    # the backend's primitives, declared for the type checker only
    _create_game: Callable[[tuple[Any, ...]], Awaitable[GameRow]]
    _start_game: Callable[[int, Order, str, int | None, str, float], Awaitable[GameRow]]
    _set_messages: Callable[[int, dict[str, int | None]], Awaitable[GameRow]]
    _set_status: Callable[[int, str, str | None, int | None, float], Awaitable[GameRow]]
    _append: Callable[[Move], Awaitable[GameRow]]
    _rollback: Callable[[Rollback], Awaitable[GameRow]]
    _add_timer: Callable[[tuple[Any, ...]], Awaitable[int]]
    _add_seat: Callable[[int, int | None, str | None, float, int | None], Awaitable[list[SeatRow]]]
    _games_in_channel: Callable[[int, list[str]], Awaitable[list[GameRow]]]
    _games_for_user: Callable[[int, list[str]], Awaitable[list[tuple[GameRow, list[SeatRow]]]]]
    _fetchone: FetchOne
    _get_settings: Callable[[str, int], Awaitable[dict[str, Any]]]
    _merge_settings: Callable[[str, int, Mapping[str, Any]], Awaitable[dict[str, Any]]]

    # --- each backend's own ------------------------------------------------------------

    async def close(self) -> None: ...
    async def schema_version(self) -> int: ...

    # games and seats
    async def get_game(self, game_id: int) -> GameRow | None: ...
    async def load_game(self, game_id: int, origin: str | None = None) -> GameLoad | None: ...
    async def seats(self, game_id: int) -> list[SeatRow]: ...
    async def leave(self, game_id: int, user_id: int) -> list[SeatRow]: ...
    async def update_settings(self, game_id: int, settings: Mapping[str, Any]) -> GameRow: ...
    async def add_vote(self, game_id: int, key: str, user_id: int) -> list[int]: ...

    # actions
    async def actions(
        self, game_id: int, since_seq: int = 0, limit: int | None = None
    ) -> list[ActionRow]: ...
    async def replace_seat(
        self, game_id: int, position: int, *, user_id: int | None, ai: str | None
    ) -> list[SeatRow]: ...
    async def add_vacation_used(self, game_id: int, position: int, seconds: float) -> SeatRow: ...

    # queries
    async def game_by_thread(self, thread_id: int) -> GameRow | None: ...
    async def active_games(self) -> list[GameRow]: ...
    async def owed_games(self) -> list[GameRow]: ...
    async def outbox(self, game_id: int) -> Outbox | None: ...
    async def mark_published(self, game_id: int, revision: int) -> None: ...

    # timers and meta
    async def next_timer(self) -> Timer | None: ...
    async def due_timers(self, now: float) -> list[Timer]: ...
    async def claim_timers(self, now: float, lease_s: float, limit: int = 100) -> list[Timer]: ...
    async def delete_timer(self, timer_id: int) -> bool: ...
    async def delete_timers(self, game_id: int, kind: str | None = None) -> int: ...
    async def timers_for_game(self, game_id: int) -> list[Timer]: ...
    async def sync_timers(self, game_id: int, plan: TimerPlan) -> list[Timer]: ...
    async def shift_timers(self, delta_s: float) -> int: ...
    async def meta_get(self, key: str) -> str | None: ...
    async def meta_set(self, key: str, value: str) -> None: ...
    async def meta_swap(self, key: str, value: str) -> str | None: ...

    # several processes on one database
    def game_lock(self, game_id: int) -> AbstractAsyncContextManager[None]: ...
    async def claim_board(self, game_id: int, revision: int) -> bool: ...

    # ratings (issue 28, bot.store.ratings_sql)
    async def rate_game(self, game_id: int, rate: RateFn) -> list[RatingRow]: ...
    async def rebuild_ratings(self, rate: RateFn) -> int: ...
    async def unrated_games(self, limit: int) -> list[int]: ...
    async def rating_changes(self, game_id: int) -> list[RatingRow]: ...
    async def player_stats(
        self, guild_id: int, player: str, game_key: str | None
    ) -> PlayerStats: ...
    async def leaderboard(
        self, guild_id: int, game_key: str, min_games: int, offset: int, limit: int
    ) -> tuple[list[Standing], int]: ...

    # --- written once for both ----------------------------------------------------------

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

    async def join(
        self, game_id: int, user_id: int, now: float | None = None, *, max_seats: int | None = None
    ) -> list[SeatRow]:
        """Seat a user in the lobby; :class:`AlreadySeated` if they already are."""
        return await self._add_seat(game_id, user_id, None, now_or(now), max_seats)

    async def add_ai_seat(
        self, game_id: int, ai: str, now: float | None = None, *, max_seats: int | None = None
    ) -> list[SeatRow]:
        """Add an AI seat of kind ``ai`` to the lobby."""
        return await self._add_seat(game_id, None, ai, now_or(now), max_seats)

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
        origin: str | None = None,
    ) -> GameRow:
        """Take back every action from ``seq = to_version`` on; ``state`` is the state then.

        The turn clock restarts (``turn_started_at = now``) unless ``keep_turn_clock`` (an
        undone step inside the same turn must not buy the player time). ``status`` (e.g. back to
        ``"active"`` after taking back a game-ending move, which also clears the outcome)
        changes only when given. ``origin`` (the request that asked for it) is kept in the
        same transaction: :meth:`played` finds it, and a second rollback of the same origin
        raises :class:`Duplicate`, writing nothing.
        """
        if status is not None:
            check_status(status)
        at = now_or(now)
        return await self._rollback(
            Rollback(game_id, to_version, expected_version, dumps(state), at, status,
                     keep_turn_clock, origin)
        )  # fmt: skip

    async def snapshot_at_or_before(self, game_id: int, seq: int) -> tuple[int, Any]:
        """``(version, state)`` of the newest snapshot with ``version <= seq``.

        To rebuild the position after ``v`` actions: take ``snapshot_at_or_before(g, v)``,
        then apply ``actions(g, since_seq=version, limit=v - version)``.
        """
        row = await self._fetchone(SNAPSHOT_AT_OR_BEFORE, (game_id, seq))
        if row is None:
            raise NotFound(f"game {game_id} has no snapshot at or before {seq}")
        return int(row[0]), loads(row[1])

    async def played(self, origin: str) -> Played | None:
        """Where ``origin`` is in a log: the action it produced, or the rollback it asked for."""
        return played_at(await self._fetchone(PLAYED, (origin, origin)))

    async def games_in_channel(
        self, channel_id: int, statuses: Iterable[str] = OPEN_STATUSES
    ) -> list[GameRow]:
        """Games whose channel or thread is ``channel_id``, oldest first."""
        wanted = list(statuses)
        return await self._games_in_channel(channel_id, wanted) if wanted else []

    async def games_for_user(
        self, user_id: int, statuses: Iterable[str] = OPEN_STATUSES
    ) -> list[tuple[GameRow, list[SeatRow]]]:
        """Every game the user sits in with all its seats, oldest first."""
        wanted = list(statuses)
        return await self._games_for_user(user_id, wanted) if wanted else []

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


class CommonStore(Store):
    """The base of both backends: what they keep alike besides the shared methods."""

    def __init__(self, snapshot_every: int) -> None:
        if snapshot_every < 1:
            raise ValueError("snapshot_every must be at least 1")
        self.snapshot_every = snapshot_every
        self._closed = False
