"""Plain result objects the service returns and the Discord layer (or a CLI) delivers."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from bot.words.text import t
from games.base import GameError


@dataclass(frozen=True)
class Attachment:
    filename: str
    data: bytes
    description: str  # alt text for screen readers (Discord caps it at 1024 characters)


@dataclass(frozen=True)
class Post:
    """A public message for the game's thread (or channel)."""

    text: str
    image: Attachment | None = None
    ping: tuple[int, ...] = ()  # user ids to mention; nobody else is pinged
    controls: tuple[str, ...] = ()  # board buttons: "undo", "end", "resign"
    version: int = 0  # game version the controls belong to (stale presses are refused)
    choices: tuple[tuple[str, int], ...] = ()  # (label, index in public_choices()) quick buttons
    edit_previous: bool = False  # a step inside one seat's turn: update the last board
    board: bool = True  # False: a notice (reminder, vote) that is not the game's board
    extra: tuple[Attachment, ...] = ()  # more pictures (the result card at the end)
    stamp: int = 0  # which committed state this board shows (its nonce, so a resend is one)


@dataclass(frozen=True)
class PrivatePost:
    """Something only ``user_id`` may see (DM, or an ephemeral fallback to that user)."""

    user_id: int
    text: str
    image: Attachment | None = None
    form: Any = None  # a bot.posts.forms.FormView to answer (selects, buttons, Confirm), if any


@dataclass(frozen=True)
class SeatInfo:
    position: int | None
    user_id: int | None
    name: str
    ai: str | None = None


@dataclass(frozen=True)
class GameSummary:
    game_id: int
    key: str
    title: str
    status: str
    guild_id: int | None
    channel_id: int
    thread_id: int | None
    board_message_id: int | None
    lobby_message_id: int | None
    seats: tuple[SeatInfo, ...]
    to_act: tuple[int, ...] = ()  # user ids (humans) to act
    version: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    locale: str = "en"  # the catalogue of the game's public posts (see bot.words.i18n)

    @property
    def where(self) -> int:
        return self.thread_id or self.channel_id


@dataclass(frozen=True)
class Result:
    """What one service call produced."""

    game: GameSummary
    public: tuple[Post, ...] = ()
    private: tuple[PrivatePost, ...] = ()
    reply: str | None = None  # a short ephemeral answer to the user who acted
    finished: bool = False
    serial: int = 0  # creation order under the game's lock (publishing never goes back)
    # the posts of the game's state at ``revision`` (the outbox): delivering them marks the
    # revision published; a notice (a reminder, a vote) never does
    publishes: bool = False
    revision: int = 0  # the commit these posts show (every commit, undo or takeback: +1)


@dataclass(frozen=True)
class LobbyResult:
    game: GameSummary
    text: str
    can_start: bool
    full: bool


@dataclass(frozen=True)
class HistoryPage:
    lines: tuple[str, ...]
    page: int
    pages: int


class ServiceError(GameError):
    """A user-caused problem outside the rules (wrong game, not seated, ...).

    It carries a catalogue key and its arguments: ``str(err)`` is the English sentence (for
    logs and tests), :meth:`localized` the sentence in the reader's language.
    """

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(t(key, "en", **params))
        self.key = key
        self.params = params

    def localized(self, locale: str) -> str:
        """The sentence in ``locale`` (English where the catalogue has no entry)."""
        return t(self.key or "err.internal", locale, **self.params)


class NoSuchGame(ServiceError):
    pass


class NotSeated(ServiceError):
    pass


class NotAllowed(ServiceError):
    pass


class WrongPhase(ServiceError):
    pass


class BrokenGame(ServiceError):
    """The game's stored row cannot be read (set aside; every other game plays on)."""


class Stale(ServiceError):
    """Someone else moved first; nothing was changed."""


class AlreadyPlayed(ServiceError):
    """The same request (a Discord interaction delivered again) is already in the log."""
