"""Tenka's rules engines, registered by key.

>>> sorted(GAMES)
['china', 'rising_sun', 'samurai', 'shitenno', 'yokai']
>>> get("Yokai").title
'Yōkai no Mori'
"""

from __future__ import annotations

from games.base import Game, UnknownGame

GAMES: dict[str, Game] = {}
BUILTIN = ("games.yokai", "games.samurai", "games.china", "games.shitenno", "games.rising_sun")


def register(game: Game) -> Game:
    """Make ``game`` playable everywhere (the bot, the renderer and the CLI look it up here)."""
    if not isinstance(game, Game):
        raise TypeError(f"{game!r} does not satisfy games.base.Game")
    GAMES[game.key] = game
    return game


def unregister(key: str) -> None:
    """Forget a game registered from outside ``games/`` (tests' toy games)."""
    GAMES.pop(key, None)


def get(key: str) -> Game:
    """The game registered as ``key``; raises UnknownGame with the known keys."""
    try:
        return GAMES[key.strip().lower()]
    except KeyError:
        known = ", ".join(sorted(GAMES))
        raise UnknownGame(
            f"There is no game called {key!r}. Games: {known}.",
            key="rules.common.unknown_game",
            game=repr(key),
            known=known,
        ) from None


def _register_builtin() -> None:
    import importlib

    for module in BUILTIN:
        register(importlib.import_module(module).GAME)


_register_builtin()
