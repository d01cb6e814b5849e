"""Rows and errors of Tenka's persistent store (its protocol is :mod:`bot.store.protocol`).

The store is event-sourced: each game has one ``games`` row and an append-only log of
actions keyed ``(game_id, seq)``. The row also carries the current state (written in the
same transaction as every action), so loading a game costs the same at move 5 and move
500; snapshots every N actions let history and takebacks rebuild any past position.

``version`` is the number of actions applied, which is also the next action's ``seq``.
Snapshot ``seq`` uses the same counting: the snapshot at ``seq`` is the state after
``seq`` actions (``0`` is the initial state written by ``start_game``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final, NamedTuple

STATUSES: Final = ("lobby", "active", "finished", "abandoned")
OPEN_STATUSES: Final = ("lobby", "active")


# --- errors ---------------------------------------------------------------------------


class StoreError(Exception):
    """Base of every error the store raises on purpose."""


class Conflict(StoreError):
    """Someone else changed the game first (stale version or status); reload and retry."""


class NotFound(StoreError):
    """No such game, seat, snapshot or timer."""


class NotInLobby(Conflict):
    """The seating of a game can change only while it is in the lobby."""


class AlreadySeated(StoreError):
    """The user already has a seat in this game."""


class LobbyFull(StoreError):
    """The lobby already holds the maximum number of seats the caller allowed."""


class Unavailable(StoreError):
    """The database cannot be reached (down, restarting, network); nothing was written
    by the call that failed, and a later call reconnects by itself."""


class Duplicate(StoreError):
    """The interaction (or form answer) that asks for this write already produced an
    action of the log or a rollback (its ``origin``): nothing was written a second time."""


class Busy(Unavailable):
    """Every database connection stayed in use past the wait (the pool is exhausted)."""


# --- rows -----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game: where it lives on Discord, what it is, and its current state."""

    id: int
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    lobby_message_id: int | None
    board_message_id: int | None
    creator_id: int
    game_key: str
    options: dict[str, Any]
    seed: int
    rules_version: int
    status: str
    version: int
    state: Any  # a JSON value; None in the lobby (Any, not Any | None: no narrowing needed)
    outcome: dict[str, Any] | None
    settings: dict[str, Any]
    created_at: float
    updated_at: float
    turn_started_at: float | None
    published_version: int | None = None  # the outbox: posts delivered up to this version
    revision: int = 0  # commits so far (moves, undos, takebacks): names a board's post
    published_revision: int | None = None  # the outbox: the revision whose posts went out
    board_revision: int | None = None  # the newest revision whose board a process began
    board_undone: bool = False  # the board message shows a state an undo/takeback removed


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat: a human (``user_id``) or an AI (``ai`` names its kind)."""

    game_id: int
    position: int | None
    user_id: int | None
    ai: str | None
    joined_at: float
    last_acted_seq: int | None = None
    vacation_used: float = 0.0


@dataclass(frozen=True, slots=True)
class ActionRow:
    """One entry of a game's append-only action log."""

    game_id: int
    seq: int
    seat: int
    user_id: int | None
    text: str
    created_at: float


@dataclass(frozen=True, slots=True)
class NewAction:
    """An action to append: ``state`` is the game state right after it."""

    seat: int
    user_id: int | None
    text: str
    state: Any
    # what asked for it (a Discord interaction, a form answer): at most one action of the
    # log has a given origin, so a second delivery of the same request writes nothing
    origin: str | None = None


@dataclass(frozen=True, slots=True)
class Timer:
    """A durable timer (reminder, deadline, ...) the bot's dispatcher fires once."""

    id: int
    due_at: float
    kind: str
    game_id: int | None
    user_id: int | None
    payload: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class NewTimer:
    """A timer to add: a ``TimerPlan`` maps a game's timers to ids to delete and these."""

    due_at: float
    kind: str
    user_id: int | None
    payload: dict[str, Any] = field(default_factory=dict)


class Played(NamedTuple):
    """Where a request's origin is in a log: the game and the action it played (``seq``,
    even if a rollback cut it since), or, for a rollback it asked for (``rollback``), the
    version the game went back to."""

    game_id: int
    seq: int
    rollback: bool = False


TimerPlan = Callable[[list[Timer]], tuple[Iterable[int], Sequence[NewTimer]]]


@dataclass(frozen=True, slots=True)
class GameLoad:
    """A game in one read: row, seats, players' and server's settings, ``origin`` played."""

    row: GameRow
    seats: list[SeatRow]
    prefs: dict[int, dict[str, Any]]
    guild: dict[str, Any]
    played: Played | None = None


@dataclass(frozen=True, slots=True)
class Outbox:
    """A game's outbox columns, what its publisher reads before posting (no state)."""

    published_revision: int | None
    board_revision: int | None
    board_message_id: int | None
    board_undone: bool


class _NotGiven:
    """Type of :data:`NOT_GIVEN`, the "leave this column alone" default."""

    _instance: _NotGiven | None = None

    def __new__(cls) -> _NotGiven:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __bool__(self) -> bool:
        return False


NOT_GIVEN: Final = _NotGiven()

# A seat identity for start_game: a (user_id, ai) pair or anything with those attributes.
SeatIdentity = tuple[int | None, str | None] | SeatRow


def seat_identity(seat: Any) -> tuple[int | None, str | None]:
    """Normalise a ``(user_id, ai)`` pair or a :class:`SeatRow`-like object."""
    if isinstance(seat, tuple):
        user_id, ai = seat
    else:
        user_id, ai = seat.user_id, seat.ai
    if (user_id is None) == (ai is None):
        raise ValueError(f"a seat is either a user or an AI, got {(user_id, ai)!r}")
    return user_id, ai


def merge_settings(old: Mapping[str, Any], values: Mapping[str, Any]) -> dict[str, Any]:
    """Shallow merge where a ``None`` value deletes the key."""
    merged = dict(old)
    for key, value in values.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


# --- the protocol ---------------------------------------------------------------------


# --- ratings (issue 28; the queries are bot.store.ratings_sql) --------------------------


@dataclass(frozen=True, slots=True)
class Skill:
    """A rating: ``mu`` the estimate, ``sigma`` its uncertainty."""

    mu: float
    sigma: float


@dataclass(frozen=True, slots=True)
class Finished:
    """What rating a finished game needs, read from the store."""

    game_id: int
    guild_id: int
    game_key: str
    seats: tuple[SeatRow, ...]
    outcome: Mapping[str, Any] | None
    state: Any
    resigned: frozenset[int]
    started_at: float
    finished_at: float


@dataclass(frozen=True, slots=True)
class RatingRow:
    """One seat of one rated game (a ``rating_history`` row)."""

    game_id: int
    seat: int
    guild_id: int
    game_key: str
    player: str
    user_id: int | None
    place: int
    side: str | None
    mu_before: float
    sigma_before: float
    mu: float
    sigma: float
    started_at: float
    finished_at: float

    @property
    def delta(self) -> float:
        """The change of the conservative rating (``mu - 3 sigma``)."""
        return ordinal(self.mu, self.sigma) - ordinal(self.mu_before, self.sigma_before)


@dataclass(frozen=True, slots=True)
class Standing:
    """A player's running rating in one server's game (a ``ratings`` row)."""

    guild_id: int
    game_key: str
    player: str
    user_id: int | None
    mu: float
    sigma: float
    games: int
    wins: int
    rank_sum: int

    @property
    def ordinal(self) -> float:
        return ordinal(self.mu, self.sigma)


@dataclass(frozen=True, slots=True)
class SideCount:
    game_key: str
    side: str
    games: int
    wins: int


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """Everything ``/stats`` shows of one player in one server."""

    standings: tuple[Standing, ...]  # one per game played, most played first
    sides: tuple[SideCount, ...]
    longest: RatingRow | None
    fastest: RatingRow | None
    history: tuple[RatingRow, ...]  # the chart's game, oldest first


# rates one finished game from its facts and the players' ratings before it
RateFn = Callable[[Finished, Mapping[str, Skill]], list[RatingRow]]

CONSERVATIVE_Z: Final = 3.0


def ordinal(mu: float, sigma: float) -> float:
    """The conservative rating the leaderboard orders by: ``mu - 3 sigma``."""
    return mu - CONSERVATIVE_Z * sigma
