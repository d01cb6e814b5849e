"""Shitenno's pictures: the board (2-4 players), the private hand, the result columns, and
a PNG palette holding the troop colours. The package exports ``RENDERER`` (see
:mod:`renderer.plugin`)."""

from __future__ import annotations

from renderer.shitenno.board import GAME_KEY, RENDERER

__all__ = ["GAME_KEY", "RENDERER"]
