"""Which games the benchmark runs: every registered game, each of its variants and player
counts, read from the registry (``games.GAMES``) and the games' declared options."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import games
from games.base import Game, State, resolve_options
from games.rng import Rng, derive_seed


@dataclass(frozen=True)
class Config:
    """One game, variant and player count; ``label`` is its name in the tables (the
    ``game`` field of a row), e.g. ``"<key> <variant> <players>p"``."""

    key: str
    game: Game
    options: dict[str, Any]
    players: int

    @property
    def label(self) -> str:
        variant = f" {self.options['variant']}" if "variant" in self.options else ""
        return f"{self.key}{variant} {self.players}p"

    def setup(self, seed: int) -> State:
        return self.game.setup(self.players, resolve_options(self.game, self.options), seed)


def variants(game: Game) -> tuple[str, ...]:
    """The choices of the game's ``variant`` option (none for a game without one)."""
    return next((o.choices for o in game.options if o.name == "variant"), ())


def configurations() -> Iterator[Config]:
    """Every registered game x variant x player count, sorted by key."""
    for key, game in sorted(games.GAMES.items()):
        for options in [{"variant": v} for v in variants(game)] or [{}]:
            for players in game.seats:
                yield Config(key, game, options, players)


def heaviest() -> list[Config]:
    """Per game and variant, the configuration with the most players (the fullest board,
    the widest choices): what the quick runs measure."""
    most: dict[tuple[str, str], Config] = {}
    for config in configurations():
        most[(config.key, str(config.options.get("variant", "")))] = config
    return list(most.values())


def random_positions(config: Config, games_: int, seed: int = 0) -> Iterator[State]:
    """Every position of ``games_`` random playouts (the first seat to act moves). The
    engine is measured, not a player: a uniform pick from ``legal()``, as
    :class:`games.ai.RandomPlayer` picks, without building a ``Seen`` (a redeal and a view
    per action cost Shitenno 4p five times its playout speed)."""
    game = config.game
    for index in range(games_):
        s = derive_seed(seed, f"bench{index}")
        state, rng = config.setup(s), Rng(s)
        while game.outcome(state) is None:
            yield state
            seat = min(game.to_act(state))
            legal = game.legal(state, seat)
            state, _ = game.apply(state, seat, legal[rng.below(len(legal))])
        yield state
