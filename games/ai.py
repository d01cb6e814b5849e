"""Computer players: the random-legal fallback, and ``player_for`` (the game's own).

``Player`` is declared in :mod:`games.base` and re-exported here.
"""

from __future__ import annotations

from games.base import Action, Game, Player, Seat, State
from games.rng import Rng

__all__ = ["Player", "RandomPlayer", "player_for"]


class RandomPlayer:
    """Uniformly random legal actions, reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, state: State, seat: Seat) -> Action:
        options = game.legal(state, seat)
        if not options:
            raise ValueError("no legal action to choose from")
        return options[self.rng.below(len(options))]


def player_for(
    game: Game, strength: str = "normal", seed: int = 0, budget_s: float = 1.0
) -> Player:
    """The game's own computer player (``Game.make_player``)."""
    return game.make_player(strength, seed, budget_s)
