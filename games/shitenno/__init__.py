"""Shitenno (Cédric Lefebvre, Ludonaute 2011), 2-4 players, registered as ``"shitenno"``."""

from __future__ import annotations

from games.shitenno.game import GAME, ShitennoGame
from games.shitenno.state import (
    Accept,
    Choose,
    Draw,
    End,
    Flip,
    MakeLot,
    Place,
    Refuse,
    ShitennoState,
    Split,
)
from games.shitenno.view import ShitennoView

__all__ = [
    "GAME",
    "Accept",
    "Choose",
    "Draw",
    "End",
    "Flip",
    "MakeLot",
    "Place",
    "Refuse",
    "ShitennoGame",
    "ShitennoState",
    "ShitennoView",
    "Split",
]
