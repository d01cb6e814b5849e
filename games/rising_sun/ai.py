"""A heuristic computer player (placeholder: random legal; replaced below when ready)."""

from __future__ import annotations

from games.ai import RandomPlayer
from games.base import Player


def make_player(strength: str, seed: int = 0) -> Player:
    return RandomPlayer(seed)
