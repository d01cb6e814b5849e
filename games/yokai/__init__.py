"""Yōkai no Mori (3x4 classic and 5x6), registered as ``"yokai"``.

Layout: ``board.py`` (fast internal board and move generator), ``state.py`` (state,
actions, JSON), ``rules.py`` (the protocol object), ``notation.py``, ``explain.py``,
``view.py`` (the public view), ``search.py`` and ``ai.py`` (computer players).
"""

from __future__ import annotations

from games.yokai.rules import GAME, End, perft
from games.yokai.state import Drop, Move, YokaiState

__all__ = ["GAME", "Drop", "End", "Move", "YokaiState", "perft"]
