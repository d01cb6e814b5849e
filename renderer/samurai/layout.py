"""Samurai board geometry: hex size per player count, hex centres and the legend panels.

The map runs diagonally (Kyushu bottom left, Hokkaido top right), so the two legend panels
go in the empty corners: their width is what the hexes leave free for their height.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from games.samurai.view import SamuraiView
from renderer.core import Point
from renderer.samurai.art import SQRT3

HEX_RADIUS = {2: 48, 3: 38, 4: 34}  # every board comes out about 1070 px wide
MARGIN = 14
GAP = 10  # between a panel and the nearest hex
MAX_PANEL_W = 540
Box = tuple[int, int, int, int]

# Section heights (px) of the legend panels.
HEADER_H, PLAYER_H, FIGURES_H, TURNS_H, KEY_H = 140, 84, 170, 132, 136


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of one board: hex size, where hex (0, 0) sits, the two panels."""

    players: int
    r: int
    ox: float
    oy: float
    width: int
    height: int
    top: Box
    bottom: Box
    top_sections: tuple[str, ...]
    bottom_sections: tuple[str, ...]

    def centre(self, x: int, y: int) -> Point:
        """Pixel centre of map hex ``(x, y)``."""
        return (self.ox + 1.5 * self.r * x, self.oy + SQRT3 * self.r * (y + 0.5 * (x % 2)))


def section_height(name: str, players: int) -> int:
    """Height of a panel section; the players section grows with the seats."""
    heights = {"header": HEADER_H, "figures": FIGURES_H, "turns": TURNS_H, "key": KEY_H}
    return players * PLAYER_H if name == "players" else heights[name]


def _panel_height(sections: Sequence[str], players: int) -> int:
    return 24 + sum(section_height(s, players) for s in sections)


SECTIONS = ("header", "players", "turns", "figures", "key")
# Ways to share the sections between the top-left and bottom-right panels, and the width
# each panel needs (the player rows need more than the figures table).
ARRANGEMENTS: tuple[tuple[tuple[str, ...], tuple[str, ...]], ...] = (
    (("header", "players", "turns", "key"), ("figures",)),
    (("header", "players", "turns"), ("figures", "key")),
    (("header", "players", "turns", "figures"), ("key",)),
    (("header", "players"), ("turns", "figures", "key")),
)
NEEDS = {"players": 400, "figures": 330, "turns": 330, "key": 300}
HexBox = tuple[float, float, float, float]


def _top_panel(boxes: Sequence[HexBox], height: int, image_w: int) -> Box:
    """The widest panel of ``height`` px in the top left corner that clears every hex."""
    right = min([b[0] for b in boxes if b[1] < MARGIN + height + GAP] + [image_w - MARGIN])
    width = min(MAX_PANEL_W, round(right - GAP - MARGIN))
    return MARGIN, MARGIN, MARGIN + width, MARGIN + height


def _bottom_panel(boxes: Sequence[HexBox], height: int, image_w: int, image_h: int) -> Box:
    """The same in the bottom right corner."""
    y0 = image_h - MARGIN - height
    left = max([b[2] for b in boxes if b[3] > y0 - GAP] + [MARGIN])
    x0 = max(round(left + GAP), image_w - MARGIN - MAX_PANEL_W)
    return x0, y0, image_w - MARGIN, image_h - MARGIN


@cache
def _layout(players: int, coords: tuple[tuple[int, int], ...]) -> Layout:
    r = HEX_RADIUS.get(players, 34)
    half = SQRT3 * r / 2
    raw = [(1.5 * r * x, SQRT3 * r * (y + 0.5 * (x % 2))) for x, y in coords]
    min_x, min_y = min(p[0] for p in raw) - r, min(p[1] for p in raw) - half
    ox, oy = MARGIN - min_x, MARGIN - min_y
    width = math.ceil(max(p[0] for p in raw) + r + ox + MARGIN)
    height = math.ceil(max(p[1] for p in raw) + half + oy + MARGIN)
    boxes = [(px + ox - r, py + oy - half, px + ox + r, py + oy + half) for px, py in raw]
    # The arrangement whose panels have the most width to spare over what they need.
    best: tuple[float, Box, Box, tuple[str, ...], tuple[str, ...]] | None = None
    for top_s, bottom_s in ARRANGEMENTS:
        top = _top_panel(boxes, _panel_height(top_s, players), width)
        bottom = _bottom_panel(boxes, _panel_height(bottom_s, players), width, height)
        spare = min(
            top[2] - top[0] - max(NEEDS.get(s, 0) for s in top_s),
            bottom[2] - bottom[0] - max(NEEDS.get(s, 0) for s in bottom_s),
        )
        if best is None or spare > best[0]:
            best = (spare, top, bottom, top_s, bottom_s)
    assert best is not None
    _, top, bottom, top_s, bottom_s = best
    return Layout(players, r, ox, oy, width, height, top, bottom, top_s, bottom_s)


def layout_for(view: SamuraiView) -> Layout:
    """The geometry of ``view``'s board (depends on the player count only)."""
    return _layout(view.players, tuple((h.x, h.y) for h in view.hexes))


def hex_centre(view: SamuraiView, label: str) -> Point:
    """Pixel centre of the hex labelled ``label`` in the picture of ``view`` (tests use it)."""
    lay = layout_for(view)
    h = next(h for h in view.hexes if h.label == label)
    return lay.centre(h.x, h.y)


def slot_centres(terrain: str, centre: Point, r: float) -> list[Point]:
    """Where a settlement's figures stand: 1 (village), 2 (city) or 3 (Edo)."""
    cx, cy = centre
    if terrain == "capital":
        return [(cx - 0.41 * r, cy - 0.3 * r), (cx + 0.41 * r, cy - 0.3 * r), (cx, cy + 0.4 * r)]
    if terrain == "city":
        return [(cx - 0.41 * r, cy - 0.19 * r), (cx + 0.41 * r, cy - 0.19 * r)]
    return [(cx, cy - 0.2 * r)]


def slot_radius(terrain: str, r: float) -> float:
    """Radius of a figure slot (the figure fills most of it)."""
    return {"capital": 0.38, "city": 0.38}.get(terrain, 0.42) * r
