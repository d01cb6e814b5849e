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


def player_for(
    game: Game, strength: str = "normal", seed: int = 0, budget_s: float = 1.0
) -> Player:
    """The game's own AI (``games.<key>.ai.make_player``) or the random fallback."""
    import importlib
    import inspect

    try:
        module = importlib.import_module(f"games.{game.key}.ai")
    except ModuleNotFoundError:
        return RandomPlayer(seed)
    make = getattr(module, "make_player", None)
    if make is None:
        return RandomPlayer(seed)
    if "budget_s" in inspect.signature(make).parameters:
        return make(strength=strength, seed=seed, budget_s=budget_s)  # type: ignore[no-any-return]
    return make(strength=strength, seed=seed)  # type: ignore[no-any-return]
