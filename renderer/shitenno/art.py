"""Shitenno's colours and small sprites: troop colours, the golden Kamon, Kamons in seat
colour and shape, card chips, seals. Sprites are drawn three times larger and reduced
(anti-aliased), then kept in the toolkit's stamp cache."""

from __future__ import annotations

from collections.abc import Callable
from typing import cast

from PIL import Image, ImageDraw

from renderer import vision
from renderer.core import Toolkit, build_png_palette, draw_seat_mark
from renderer.palettes import Palette

SS = 3  # supersampling of sprites

# The four troop types' colours (the cards' armour colours: Samurai green, Shinobi black,
# Sōhei orange, Bushi blue), lighter or darker than the seat of the same hue so that no
# troop reads as a player's colour, for any viewer (12 CIEDE2000 from every seat colour:
# tests/renderer/test_palettes.py). Names always come with the colours.
TROOPS = ("samurai", "shinobi", "sohei", "bushi")
TROOP_COLOURS = {
    "default": {
        "samurai": "#4c9e66",
        "shinobi": "#2c2c33",
        "sohei": "#eca464",
        "bushi": "#6aa8e0",
    },
    "colorblind": {
        "samurai": "#19cc8c",
        "shinobi": "#1a1a1a",
        "sohei": "#b57700",
        "bushi": "#78a8ff",
    },
}
# The golden face of a Kamon and of Koku cards; the seals of titles, an oxblood red darker
# than any red seat (the colour-blind gold is paler: its orange seat is close to gold).
MARKS = {
    "default": {"gold": "#e6b422", "seal": "#7d1623"},
    "colorblind": {"gold": "#fed57e", "seal": "#6c1418"},
}
GOLD_LINE = "#7a5a00"
CELL = {"default": "#efe3c4", "colorblind": "#e6e2d8"}  # province panels
CELL_INK = "#2a241c"
CELL_MUTED = "#6d5a3d"
DISC = "#fbf7ec"  # an empty position
CHIP = "#f4efe2"


def troop_colour(troop: str, pal: Palette) -> str:
    return TROOP_COLOURS.get(pal["name"], TROOP_COLOURS["default"])[troop]


def mark_colour(mark: str, pal: Palette) -> str:
    """``"gold"`` or ``"seal"`` in ``pal``."""
    return MARKS.get(pal["name"], MARKS["default"])[mark]


def category_colours(pal: Palette) -> dict[str, str]:
    """The troops', gold's and seals' colours in ``pal`` (see ``GameRenderer``)."""
    return {
        **TROOP_COLOURS.get(pal["name"], TROOP_COLOURS["default"]),
        **MARKS.get(pal["name"], MARKS["default"]),
    }


def ink_on(colour: str) -> str:
    """Dark or white text, whichever contrasts more with ``colour`` (WCAG ratio)."""
    return vision.ink_on(colour, "#1d1b18")


def cell_colour(pal: Palette) -> str:
    return CELL.get(pal["name"], CELL["default"])


def _sprite(
    kit: Toolkit, key: tuple[object, ...], size: tuple[int, int], draw: Callable[..., None]
) -> Image.Image:
    def build() -> Image.Image:
        big = Image.new("RGBA", (size[0] * SS, size[1] * SS), (0, 0, 0, 0))
        draw(ImageDraw.Draw(big), SS)
        return big.resize(size, Image.Resampling.LANCZOS)

    return kit.stamp(("shitenno", *key), build)


def paste(img: Image.Image, sprite: Image.Image, centre: tuple[float, float]) -> None:
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def position_disc(r: int, next_free: bool, pal: Palette, kit: Toolkit) -> Image.Image:
    """An empty position; the next free one has a thick dark ring."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        w = (4.5 if next_free else 1.5) * k
        c = (r + 3) * k
        rr = r * k
        d.ellipse(
            (c - rr, c - rr, c + rr, c + rr),
            fill=DISC,
            outline=CELL_INK if next_free else CELL_MUTED,
            width=round(w),
        )

    return _sprite(kit, ("disc", r, next_free), (2 * r + 6, 2 * r + 6), draw)


def kamon(seat: int, golden: bool, r: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """A Kamon on a position: the seat's shape in its colour on a light disc, or on a gold
    disc with a double ring when golden."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        c = (r + 3) * k
        rr = r * k
        if golden:
            gold = mark_colour("gold", pal)
            d.ellipse((c - rr, c - rr, c + rr, c + rr), fill=gold, outline=GOLD_LINE, width=3 * k)
            inner = rr - 5 * k
            d.ellipse((c - inner, c - inner, c + inner, c + inner), outline=GOLD_LINE, width=2 * k)
        else:
            d.ellipse(
                (c - rr, c - rr, c + rr, c + rr), fill=DISC, outline=CELL_INK, width=round(1.5 * k)
            )
        shape = pal["player_shapes"][seat]
        draw_seat_mark(d, shape, (c, c), rr * 0.56, pal["players"][seat], "#1d1b18")

    return _sprite(kit, ("kamon", seat, golden, r, pal["name"]), (2 * r + 6, 2 * r + 6), draw)


def seat_marker(seat: int, r: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """The seat's shape in its colour (player rows, the favour track)."""

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        c = (r + 4) * k
        shape = pal["player_shapes"][seat]
        draw_seat_mark(d, shape, (c, c), r * k, pal["players"][seat], pal["text"])

    return _sprite(kit, ("marker", seat, r, pal["name"]), (2 * r + 8, 2 * r + 8), draw)


def seals(n: int, r: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """``n`` red seal dots in a row, ringed in paper white (they sit on dark panels and on
    gold chips)."""
    step = 2 * r + 4
    seal = mark_colour("seal", pal)

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        for i in range(n):
            cx, cy = (r + 1 + i * step) * k, (r + 1) * k
            box = (cx - r * k, cy - r * k, cx + r * k, cy + r * k)
            d.ellipse(box, fill=seal, outline=CHIP, width=k)

    return _sprite(kit, ("seals", n, r, pal["name"]), (max(1, n * step), 2 * r + 2), draw)


def card_swatch(
    troops: tuple[str, ...], value: int, h: int, pal: Palette, kit: Toolkit
) -> Image.Image:
    """A card's colour mark: one bar per troop in its colour, or a gold bar for Koku."""
    w = 10

    def draw(d: ImageDraw.ImageDraw, k: int) -> None:
        colours = [troop_colour(t, pal) for t in troops] or [mark_colour("gold", pal)]
        for i, colour in enumerate(colours):
            x = i * (w + 3) * k
            d.rounded_rectangle((x, 0, x + w * k, h * k - 1), radius=3 * k, fill=colour)

    n = max(1, len(troops))
    return _sprite(kit, ("swatch", troops, value, h, pal["name"]), (n * (w + 3) - 3, h), draw)


def png_colours(pal: Palette) -> tuple[str, ...]:
    """The game's own colours, which the PNG palette must hold exactly."""
    return (
        *category_colours(pal).values(),
        GOLD_LINE,
        cell_colour(pal),
        CELL_INK,
        CELL_MUTED,
        DISC,
        CHIP,
        "#1d1b18",
    )


def png_palette(pal: Palette, kit: Toolkit) -> Image.Image:
    """The fixed PNG palette for Shitenno pictures: ``pal``'s colours plus the game's."""
    extended = cast(Palette, {**pal, "shitenno": png_colours(pal)})
    return kit.stamp(("png-palette", "shitenno", pal["name"]), lambda: build_png_palette(extended))
