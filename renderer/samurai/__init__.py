"""Samurai's pictures: the board (2-4 players), the private hand, the result columns.
The package exports ``RENDERER`` (see :mod:`renderer.plugin`)."""

from __future__ import annotations

from renderer.samurai.board import GAME_KEY, RENDERER

__all__ = ["GAME_KEY", "RENDERER"]
