"""Computer players. Every game gets a random-legal player; games may offer better ones."""

from __future__ import annotations

from typing import Protocol

from games.base import Action, Game, Seat, State
from games.rng import Rng


class Player(Protocol):
    """Chooses an action for ``seat``; must return a member of ``game.legal(state, seat)``."""

    name: str

    def choose(self, game: Game, state: State, seat: Seat) -> Action: ...


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
