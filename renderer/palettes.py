"""Colour palettes: plain dicts, so a colour-blind palette is just an argument.

Every palette gives five seat colours (Samurai and China seat up to five) with a light
tint of each for token fills and a shape per seat, because a player is never told apart
by colour alone: tokens also differ in orientation, outline and shape marks. Both palettes
keep their seat colours apart for viewers with protanopia, deuteranopia and tritanopia
(:mod:`renderer.vision`, tests/renderer/test_palettes.py); the public board uses the
default, a player's own pictures the palette they chose.
"""

from __future__ import annotations

from typing import TypedDict


class Palette(TypedDict):
    """Colours as ``#rrggbb`` strings; ``players``/``player_fills``/``player_shapes`` by seat."""

    name: str
    background: str
    panel: str
    panel_border: str
    text: str
    muted_text: str
    board: str
    board_frame: str
    grid: str
    coords: str
    highlight: str
    highlight_border: str
    check: str
    token_text: str
    promoted_fill: str
    promoted_dot: str
    shadow: str
    players: tuple[str, str, str, str, str]
    player_fills: tuple[str, str, str, str, str]
    player_shapes: tuple[str, str, str, str, str]


# Shapes used as seat marks next to names, in seat order; see core.draw_seat_mark.
SEAT_SHAPES = ("circle", "triangle", "square", "diamond", "hexagon")

DEFAULT: Palette = {
    "name": "default",
    "background": "#1f2a24",  # deep forest green: the Yōkai forest, and calm on dark Discord
    "panel": "#2b3931",
    "panel_border": "#44574b",
    "text": "#f4efe2",
    "muted_text": "#b8c4b6",
    "board": "#ead9b2",  # light wood
    "board_frame": "#6b4a28",
    "grid": "#8d6c45",
    "coords": "#e6dfcc",
    "highlight": "#c5e07a",
    "highlight_border": "#5f8f25",
    "check": "#e0452e",
    "token_text": "#1d1b18",
    "promoted_fill": "#f3c94e",
    "promoted_dot": "#7a4a00",
    "shadow": "#000000",
    # Magenta, not purple, for the fourth seat: purple and blue were 8.8 ΔE apart for
    # protanopes (tests/renderer/test_palettes.py keeps every pair >= 15 for all viewers).
    "players": ("#2a64ad", "#bb3328", "#24874f", "#c2458f", "#c77800"),
    "player_fills": ("#dde9f8", "#f9dfda", "#d7efe0", "#f6dcea", "#fbe8c8"),
    "player_shapes": SEAT_SHAPES,
}

# Okabe & Ito (2008) colour-universal-design set: blue, vermillion, bluish green,
# reddish purple, orange for seats; yellow for the last move; reddish purple for promoted
# pieces (orange would read as the vermillion seat); neutral board.
COLORBLIND: Palette = {
    "name": "colorblind",
    "background": "#202020",
    "panel": "#2e2e2e",
    "panel_border": "#505050",
    "text": "#f5f5f5",
    "muted_text": "#c4c4c4",
    "board": "#dcd6c8",
    "board_frame": "#5a5a5a",
    "grid": "#7c776c",
    "coords": "#e8e8e8",
    "highlight": "#f0e442",
    "highlight_border": "#000000",
    "check": "#d55e00",
    "token_text": "#111111",
    "promoted_fill": "#cc79a7",
    "promoted_dot": "#000000",
    "shadow": "#000000",
    # A darker vermillion than Okabe & Ito's: vermillion and orange then differ in
    # lightness too, which every kind of colour vision keeps (they were alike in China).
    "players": ("#0072b2", "#a33b00", "#009e73", "#cc79a7", "#e69f00"),
    "player_fills": ("#d4e8f5", "#f8dcc8", "#c9ece1", "#f4e0ec", "#fae9c7"),
    "player_shapes": SEAT_SHAPES,
}

PALETTES: dict[str, Palette] = {p["name"]: p for p in (DEFAULT, COLORBLIND)}
