"""China's sprites: houses, emissary tokens, fortifications and cards (cached via ``kit``).

Sprites are drawn 4x larger and shrunk, because Pillow's polygons are not anti-aliased.
A house carries its seat's shape on its wall and an emissary token is that shape, so seats
read without colour (and a house no longer carries a number that an emissary count could be
mistaken for); a card carries its colour's name for the same reason.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from renderer.china.map import map_colours
from renderer.core import Toolkit, draw_seat_mark, rgb, rounded_polygon
from renderer.palettes import Palette

SS = 4  # supersampling factor
COUNT_PX = 27  # an emissary count: a piece's label (capitals of 8 px at 450 px wide)
DARK_INK = "#1d1b18"
# A house seen from the front, in a unit box: roof apex, eaves, walls.
HOUSE_SHAPE = (
    (0.5, 0.04),
    (0.98, 0.44),
    (0.86, 0.44),
    (0.86, 0.96),
    (0.14, 0.96),
    (0.14, 0.44),
    (0.02, 0.44),
)


def ink_on(colour: str) -> str:
    """White or near-black, whichever reads better on ``colour`` (WCAG luminance)."""

    def lin(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (lin(c) for c in rgb(colour))
    lum = 0.2126 * r + 0.7152 * g + 0.0722 * b
    return "#ffffff" if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.05) else DARK_INK


def _shrink(img: Image.Image) -> Image.Image:
    return img.resize((img.width // SS, img.height // SS), Image.Resampling.LANCZOS)


def house_sprite(seat: int, size: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """A house in the seat's colour with the seat's shape on its wall."""

    def build() -> Image.Image:
        s = size * SS
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        outline = [(x * s, y * s) for x, y in HOUSE_SHAPE]
        draw.polygon(rounded_polygon(outline, 0.06 * s), fill=DARK_INK)
        inset = [(0.5 + (x - 0.5) * 0.84, 0.1 + (y - 0.04) * 0.86) for x, y in HOUSE_SHAPE]
        colour = pal["players"][seat]
        draw.polygon(rounded_polygon([(x * s, y * s) for x, y in inset], 0.04 * s), fill=colour)
        shape = pal["player_shapes"][seat]
        ink = ink_on(colour)
        draw_seat_mark(draw, shape, (0.5 * s, 0.68 * s), 0.17 * s, ink, ink)
        return _shrink(img)

    return kit.stamp(("china", "house", seat, size, pal["name"]), build)


# Seat shapes in a unit box, with where the count sits and its relative font size.
TOKEN_SHAPES: dict[str, tuple[tuple[tuple[float, float], ...], tuple[float, float], float]] = {
    "triangle": (((0.5, 0.0), (1.0, 0.92), (0.0, 0.92)), (0.5, 0.62), 0.5),
    "square": (((0.06, 0.06), (0.94, 0.06), (0.94, 0.94), (0.06, 0.94)), (0.5, 0.5), 0.66),
    "diamond": (((0.5, 0.0), (1.0, 0.5), (0.5, 1.0), (0.0, 0.5)), (0.5, 0.5), 0.56),
    "hexagon": (
        tuple(
            (
                0.5 + 0.5 * math.cos(math.radians(30 + 60 * k)),
                0.5 + 0.5 * math.sin(math.radians(30 + 60 * k)),
            )
            for k in range(6)
        ),
        (0.5, 0.5),
        0.64,
    ),
}


def token_sprite(
    seat: int, count: int | None, size: int, pal: Palette, kit: Toolkit
) -> Image.Image:
    """An emissary token: the seat's shape in its colour, with ``count`` written inside."""

    def build() -> Image.Image:
        s = size * SS
        big = kit.supersampled(SS)
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        shape = pal["player_shapes"][seat]
        colour = pal["players"][seat]
        width = round(0.07 * s)
        if shape in TOKEN_SHAPES:
            points, (tx, ty), scale = TOKEN_SHAPES[shape]
            outline = [(x * (s - 1), y * (s - 1)) for x, y in points]
            draw.polygon(rounded_polygon(outline, 0.08 * s), fill=DARK_INK)
            inner = [(0.5 + (x - 0.5) * 0.8, ty + (y - ty) * 0.8) for x, y in points]
            draw.polygon(rounded_polygon([(x * s, y * s) for x, y in inner], 0.06 * s), fill=colour)
        else:  # a circle
            tx, ty, scale = 0.5, 0.5, 0.66
            draw.ellipse((0, 0, s - 1, s - 1), fill=DARK_INK)
            draw.ellipse((width, width, s - 1 - width, s - 1 - width), fill=colour)
        if count is not None:
            fnt = big.font(max(round(s * scale), COUNT_PX * SS), True, "piece")
            draw.text((tx * s, ty * s), str(count), font=fnt, fill=ink_on(colour), anchor="mm")
        return _shrink(img)

    return kit.stamp(("china", "token", seat, count, size, pal["name"]), build)


# A fortification's outline in a unit box: a wall with three merlons on top.
FORT_SHAPE = (
    (0.04, 0.0),
    (0.26, 0.0),
    (0.26, 0.16),
    (0.39, 0.16),
    (0.39, 0.0),
    (0.61, 0.0),
    (0.61, 0.16),
    (0.74, 0.16),
    (0.74, 0.0),
    (0.96, 0.0),
    (0.96, 0.86),
    (0.04, 0.86),
)


def fort_sprite(pal: Palette, kit: Toolkit, size: int = 56) -> Image.Image:
    """A fortification: a stone wall with merlons (a castle, so it reads without colour).

    On the map it stands behind a space's circle, merlons showing above it."""

    def build() -> Image.Image:
        colours = map_colours(pal)["map"]
        s = size * SS
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        outline = [(x * s, (y + 0.07) * s) for x, y in FORT_SHAPE]
        draw.polygon(
            outline, fill=colours["fort"], outline=DARK_INK, width=max(SS, round(0.04 * s))
        )
        stones = max(SS, round(0.025 * s))  # a few courses of stone on the wall
        for y in (0.45, 0.7):
            draw.line(
                (0.08 * s, (y + 0.07) * s, 0.92 * s, (y + 0.07) * s),
                fill=colours["fort_light"],
                width=stones,
            )
        return _shrink(img)

    return kit.stamp(("china", "fort", size, pal["name"]), build)


def card_sprite(
    card: str, letter: str, name: str, size: tuple[int, int], pal: Palette, kit: Toolkit,
    regions: str = "",
) -> Image.Image:  # fmt: skip
    """A card of colour ``card`` in its colour: ``letter`` big (the reader's letter for it,
    as the notation reads it: Spanish "A" for yellow), the colour's name when one is given
    (only large cards: see below), maybe its regions."""

    def build() -> Image.Image:
        colours = map_colours(pal)
        w, h = size[0] * SS, size[1] * SS
        kit_ = kit.supersampled(SS)
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        colour = colours["card"].get(card, "#888888")
        ink = ink_on(colour)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=0.1 * w, fill=DARK_INK)
        b = 2 * SS
        draw.rounded_rectangle((b, b, w - 1 - b, h - 1 - b), radius=0.08 * w, fill=colour)
        inner = 0.08 * w
        draw.rounded_rectangle(
            (inner, inner, w - inner, h - inner), radius=0.05 * w, outline=ink, width=SS
        )
        # The colour and its big letter say which card it is (the region labels on the map
        # pair each colour with its name): a colour word fits legibly only on the large
        # hand cards, so smaller cards are given no ``name`` (issue 15).
        letter_y = h * (0.36 if name else 0.5)
        big = kit_.font(round((0.5 if name else 0.62) * w), True)
        draw.text((w / 2, letter_y), letter, font=big, fill=ink, anchor="mm")
        if name:
            _card_word(draw, kit, name.upper(), (w, h), 0.7, round(0.2 * w), True, ink)
        if regions:
            _card_word(draw, kit, regions, (w, h), 0.84, round(0.12 * w), False, ink)
        return _shrink(img)

    return kit.stamp(("china", "card", card, letter, name, size, regions, pal["name"]), build)


def _card_word(
    draw: ImageDraw.ImageDraw, kit: Toolkit, word: str, wh: tuple[int, int], at: float,
    size: int, bold: bool, ink: str,
) -> None:  # fmt: skip
    """A word across a supersampled card at ``at`` of its height, shrunk to 86 % of its
    width."""
    w, h = wh
    while kit.metrics(size, bold).getlength(word) > 0.86 * w and size > 8:
        size -= SS
    fnt = kit.supersampled(SS).font(size, bold)
    draw.text((w / 2, h * at), word, font=fnt, fill=ink, anchor="mm")


def pile_sprite(pal: Palette, kit: Toolkit, width: int) -> Image.Image:
    """A face-down card (the pile, and hand sizes), dark red with a gold frame."""

    def build() -> Image.Image:
        colours = map_colours(pal)["map"]
        w, h = width * SS, round(width * 1.4) * SS
        img = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        draw.rounded_rectangle((0, 0, w - 1, h - 1), radius=0.12 * w, fill=DARK_INK)
        b = max(SS, round(0.05 * w))
        draw.rounded_rectangle((b, b, w - 1 - b, h - 1 - b), radius=0.1 * w, fill=colours["dragon"])
        i = 0.16 * w
        draw.rounded_rectangle(
            (i, i, w - i, h - i),
            radius=0.06 * w,
            outline=colours["dragon_ring"],
            width=max(SS, round(0.04 * w)),
        )
        return _shrink(img)

    return kit.stamp(("china", "back", width, pal["name"]), build)
