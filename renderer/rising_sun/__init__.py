"""Rising Sun's pictures: the map with its panels, the private hand (mandate tiles, the
face-down tiles, the bid being made), the result columns (Winter's breakdown), and a PNG
palette holding the map's colours. The package exports ``RENDERER`` (see
:mod:`renderer.plugin`)."""

from __future__ import annotations

from renderer.rising_sun.renderer import GAME_KEY, RENDERER

__all__ = ["GAME_KEY", "RENDERER"]
