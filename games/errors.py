"""The errors a player can cause, and :class:`Reason`, a rule sentence with its catalogue
key. Re-exported by :mod:`games.base`; a leaf module so that every part of ``games`` can
raise them without importing the protocol."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any


class Reason(str):
    """A rule sentence that also names its catalogue entry.

    It *is* the English sentence (a ``str``), so callers comparing or searching text keep
    working; ``key`` and ``params`` let the bot say it in the reader's language.
    """

    key: str
    params: dict[str, Any]

    def __new__(cls, key: str, text: str, **params: Any) -> Reason:
        obj = super().__new__(cls, text)
        obj.key = key
        obj.params = params
        return obj

    def __getnewargs_ex__(self) -> tuple[tuple[str, str], dict[str, Any]]:
        """What ``__new__`` takes again when a pickled copy is made (a record's refusal
        crosses to an AI worker); ``key`` and ``params`` come back with its attributes."""
        return (self.key, str(self)), {}


class GameError(ValueError):
    """An error a player caused; ``str(err)`` is a sentence fit to show them (in English).

    ``key`` names the sentence in the bot's message catalogue and ``params`` fill its
    placeholders; a :class:`Reason` given as the message brings its own key and params.
    """

    def __init__(self, message: str = "", *, key: str | None = None, **params: Any) -> None:
        super().__init__(message)
        if key is None and isinstance(message, Reason):
            key, params = message.key, dict(message.params)
        self.key = key
        self.params = params


class InvalidNotation(GameError):
    """The text could not be read as an action of this game."""


class AmbiguousNotation(GameError):
    """The text matches several legal actions; ``candidates`` lists their notation."""

    def __init__(
        self, message: str, candidates: Sequence[str], *, key: str | None = None, **params: Any
    ) -> None:
        super().__init__(message, key=key, **params)
        self.candidates = tuple(candidates)


class IllegalAction(GameError):
    """The action is well formed but the rules forbid it now."""


class NotYourTurn(GameError):
    """The seat is not among those to act."""


class GameOver(GameError):
    """The game has already ended."""


class UnknownGame(GameError):
    """No game, variant or option by that name."""


class InvalidOption(GameError):
    """An option value the game does not accept."""
