"""Computer players for Shitenno (placeholder: random legal actions)."""

from __future__ import annotations

from games.ai import Player, RandomPlayer


def make_player(strength: str, *, seed: int = 0) -> Player:
    return RandomPlayer(seed)
