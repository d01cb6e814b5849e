"""Colour palettes: plain dicts, so a colour-blind palette is just an argument.

Every palette gives five seat colours (Samurai and China seat up to five) with a light
tint of each for token fills and a shape per seat, because a player is never told apart
by colour alone: tokens also differ in orientation, outline and shape marks. Both palettes
keep their seat colours apart for viewers with protanopia, deuteranopia and tritanopia
(Machado 2009 simulation in :mod:`renderer.vision`, CIEDE2000 distances): every pair of
the default's seats at least 12 apart for every viewer, of the colour-blind palette's at
least 15 (tests/renderer/test_palettes.py). The public board uses the default, a player's
own pictures the palette they chose; a game's category colours (card types, troops,
seals) keep 12 away from every seat colour too (``category_colours`` of each renderer).
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
    # Blue, red, green, magenta, orange, chosen by lightness as much as hue: the brighter
    # blue and the darker red and green keep every pair >= 13.8 CIEDE2000 apart for
    # protanopes, deuteranopes and tritanopes (they were 6.3 (blue and magenta) and 10.2
    # (red and green) before; tests/renderer/test_palettes.py asks 12).
    "players": ("#206de4", "#b8251f", "#227a4f", "#b93592", "#c77800"),
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
    # Okabe & Ito's hues, spread in lightness and chroma: a darker vermillion (it and
    # orange differ in lightness, which every colour vision keeps), a deeper blue and a
    # greyer reddish purple (Okabe & Ito's were 11.1-12.3 CIEDE2000 from orange and blue
    # for tritanopes and protanopes). Every pair >= 17.1 for every viewer (the test asks 15).
    "players": ("#216399", "#a33b00", "#1f9e74", "#ae84b1", "#e69f00"),
    "player_fills": ("#d4e8f5", "#f8dcc8", "#c9ece1", "#f4e0ec", "#fae9c7"),
    "player_shapes": SEAT_SHAPES,
}

PALETTES: dict[str, Palette] = {p["name"]: p for p in (DEFAULT, COLORBLIND)}
