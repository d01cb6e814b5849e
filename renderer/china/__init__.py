"""China's pictures: the map with its panel, the private hand, the result columns, and a
PNG palette holding the map's region tints. The package exports ``RENDERER`` (see
:mod:`renderer.plugin`)."""

from __future__ import annotations

from renderer.china.board import GAME_KEY, RENDERER

__all__ = ["GAME_KEY", "RENDERER"]
