"""Yōkai no Mori's pictures: the board (3x4 and 5x6) and its alt text; no hand picture
(everything is public). The package exports ``RENDERER`` (see :mod:`renderer.plugin`)."""

from __future__ import annotations

from renderer.yokai.board import GAME_KEY, RENDERER

__all__ = ["GAME_KEY", "RENDERER"]
