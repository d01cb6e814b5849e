"""Samurai sprites: terrain colours, the three figures, tile tokens and hex rings.

Figures differ by silhouette as well as colour (a horned helmet, a seated Buddha, a rice
sheaf); tiles are hexes in their owner's colour with the owner's seat shape on top and the
tile's code below in the reader's language ("B3": kind letter, value; Spanish "A2" for
Arroz 2, ``samurai.code.*``), as players type it, so nothing depends on colour alone.
Every sprite is drawn 4x larger and shrunk (Pillow polygons are not anti-aliased) and cached
through the toolkit.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import cast

from PIL import Image, ImageDraw

from games.samurai.data import FIGURES
from renderer.core import Point, Toolkit, build_png_palette, draw_seat_mark, rgb, rounded_polygon
from renderer.palettes import Palette

SS = 4  # supersampling factor of every sprite
SQRT3 = math.sqrt(3)


@dataclass(frozen=True)
class Terrain:
    """Map colours: pale sea with waves, lighter land; player tiles are darker than both."""

    sea: str
    sea_line: str
    sea_wave: str
    sea_label: str
    land: str
    land_line: str
    land_label: str
    coast: str
    settlement: str
    city: str
    capital: str
    capital_rim: str
    settlement_label: str
    slot: str
    resolved: str
    figure_fill: tuple[str, str, str]  # H, B, R
    figure_ink: tuple[str, str, str]
    figure_line: str


# Colours are picked among those the fixed PNG palette of each palette holds exactly (the
# palette's own colours and the blends kept by renderer.core.build_png_palette), so the
# PNG shows what was drawn; tests check it.
DEFAULT_TERRAIN = Terrain(
    sea="#b4c9cf",
    sea_line="#a9b5c5",
    sea_wave="#7493b8",
    sea_label="#3a4d6b",  # hex names quieter than the pieces (still 4.5:1 and more)
    land="#ead9b2",
    land_line="#b59877",
    land_label="#6e5c3a",
    coast="#274766",
    settlement="#8d6c45",
    city="#6b4a28",
    capital="#953425",
    capital_rim="#e7ba47",
    settlement_label="#f4efe2",
    slot="#f4efe2",
    resolved="#9a937c",
    # the figures are categories: 12 CIEDE2000 from every seat colour, for every viewer
    figure_fill=("#1f3e59", "#f3c94e", "#4c9e66"),
    figure_ink=("#ffffff", "#1d1b18", "#1d1b18"),
    figure_line="#1d1b18",
)
# The colour-blind palette keeps a blue sea and neutral land and towns.
COLORBLIND_TERRAIN = Terrain(
    sea="#93b7cc",
    sea_line="#7ba8bc",
    sea_wave="#599bba",
    sea_label="#243a48",
    land="#dcd6c8",
    land_line="#a8b9c1",
    land_label="#4a4a4a",
    coast="#0e374d",
    settlement="#7c776c",
    city="#5a5a5a",
    capital="#0e374d",
    capital_rim="#eab748",
    settlement_label="#f5f5f5",
    slot="#f5f5f5",
    resolved="#a8b9c1",
    figure_fill=("#06364f", "#b57700", "#19cc8c"),
    figure_ink=("#ffffff", "#111111", "#111111"),
    figure_line="#111111",
)
TERRAIN = {"default": DEFAULT_TERRAIN, "colorblind": COLORBLIND_TERRAIN}


def terrain_for(pal: Palette) -> Terrain:
    """The map colours that go with palette ``pal``."""
    return TERRAIN.get(pal["name"], DEFAULT_TERRAIN)


def category_colours(pal: Palette) -> dict[str, str]:
    """The three figures' colours (helmet, Buddha, rice field; see ``GameRenderer``)."""
    return dict(zip(("helmet", "buddha", "rice"), terrain_for(pal).figure_fill, strict=True))


def hex_points(cx: float, cy: float, r: float) -> list[Point]:
    """Corners of a flat-topped hexagon of circumradius ``r``."""
    return [
        (cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
        for k in range(6)
    ]


def _luminance(colour: str) -> float:
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(c) for c in rgb(colour))
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def ink_for(fill: str) -> str:
    """White or near-black, whichever contrasts more with ``fill`` (WCAG ratio)."""
    lum = _luminance(fill)
    return "#ffffff" if (1.05 / (lum + 0.05)) >= ((lum + 0.05) / 0.06) else "#141414"


def _shade(colour: str, factor: float) -> str:
    r, g, b = (round(c * factor) for c in rgb(colour))
    return f"#{min(r, 255):02x}{min(g, 255):02x}{min(b, 255):02x}"


# --- figures ----------------------------------------------------------------------------


def draw_figure_shape(
    draw: ImageDraw.ImageDraw, kind: str, box: tuple[float, float, float], fill: str, line: str
) -> None:
    """The silhouette of figure ``kind`` in the square (left, top, side), outlined."""
    x0, y0, side = box

    def p(u: float, v: float) -> Point:
        return (x0 + u * side, y0 + v * side)

    width = max(1, round(side * 0.05))
    if kind == "H":  # kabuto: horns, dome, flaring neck guard
        for horn in ((0.47, 0.44, 0.16, 0.02, 0.3, 0.02), (0.53, 0.44, 0.84, 0.02, 0.7, 0.02)):
            a, b, c, d, e, f = horn
            draw.polygon([p(a, b), p(c, d), p(e, f)], fill=fill, outline=line, width=width)
        draw.chord((*p(0.18, 0.2), *p(0.82, 0.98)), 180, 360, fill=fill, outline=line, width=width)
        guard = [p(0.14, 0.56), p(0.86, 0.56), p(0.99, 0.86), p(0.01, 0.86)]
        draw.polygon(rounded_polygon(guard, side * 0.06), fill=fill, outline=line, width=width)
    elif kind == "B":  # seated Buddha: head, shoulders, lotus base
        draw.polygon(
            rounded_polygon([p(0.5, 0.3), p(0.92, 0.78), p(0.08, 0.78)], side * 0.18),
            fill=fill,
            outline=line,
            width=width,
        )
        base = (*p(0.03, 0.72), *p(0.97, 0.97))
        draw.rounded_rectangle(base, radius=side * 0.1, fill=fill, outline=line, width=width)
        draw.ellipse((*p(0.31, 0.02), *p(0.69, 0.4)), fill=fill, outline=line, width=width)
    else:  # rice sheaf: three ears fanning out of a tied bundle
        for u, tilt in ((0.2, -1), (0.8, 1), (0.5, 0)):
            top = 0.04 if tilt == 0 else 0.1
            ear = [p(u, top), p(u + 0.13, top + 0.2), p(0.5 + tilt * 0.06, 0.55)]
            ear.append(p(u - 0.13, top + 0.2))
            draw.polygon(rounded_polygon(ear, side * 0.08), fill=fill, outline=line, width=width)
        stalks = [p(0.34, 0.5), p(0.66, 0.5), p(0.8, 0.97), p(0.2, 0.97)]
        draw.polygon(stalks, fill=fill, outline=line, width=width)
        draw.rectangle((*p(0.3, 0.6), *p(0.7, 0.68)), fill=line)


# Where the letter sits on each silhouette (unit box) and its size.
LETTER_AT = {"H": (0.5, 0.66, 0.36), "B": (0.5, 0.7, 0.34), "R": (0.5, 0.83, 0.26)}


def build_figure(kind: str, size: int, pal: Palette, kit: Toolkit, letter: bool) -> Image.Image:
    """An RGBA figure sprite ``size`` px square; ``letter`` adds H/B/R on the silhouette."""
    colours = terrain_for(pal)
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    t = FIGURES.index(kind)
    draw_figure_shape(draw, kind, (0.0, 0.0, float(s)), colours.figure_fill[t], colours.figure_line)
    if letter:
        u, v, scale = LETTER_AT[kind]
        fnt = kit.supersampled(SS).font(round(s * scale), True)
        draw.text((u * s, v * s), kind, font=fnt, fill=colours.figure_ink[t], anchor="mm")
    return img.resize((size, size), Image.Resampling.LANCZOS)


def figure(kind: str, size: int, pal: Palette, kit: Toolkit, letter: bool = True) -> Image.Image:
    """The cached figure sprite (see :func:`build_figure`)."""
    return kit.stamp(
        ("samurai", "figure", kind, size, pal["name"], letter),
        lambda: build_figure(kind, size, pal, kit, letter),
    )


# --- tiles ------------------------------------------------------------------------------


def build_tile(code: str, seat: int, radius: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """An RGBA hex token of circumradius ``radius``: the seat's shape on top, the tile's
    code as the reader's board prints it below (``code``: "B3", Spanish "A2", "IL")."""
    w, h = 2 * radius, math.ceil(SQRT3 * radius)
    s = SS
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    r = radius * s
    cx, cy = w * s / 2, h * s / 2
    fill = pal["players"][seat]
    ink = ink_for(fill)
    draw.polygon(rounded_polygon(hex_points(cx, cy, r - s), r * 0.16), fill=_shade(fill, 0.55))
    inner = rounded_polygon(hex_points(cx, cy, r * 0.9), r * 0.13)
    draw.polygon(inner, fill=fill)
    mark = pal["player_shapes"][seat]
    draw_seat_mark(draw, mark, (cx, cy - r * 0.56), r * 0.19, ink, ink)
    draw_code(draw, code, (cx, cy + r * 0.2), r, ink, kit.supersampled(SS))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def draw_code(
    draw: ImageDraw.ImageDraw, code: str, centre: Point, r: float, ink: str, kit: Toolkit
) -> None:
    """The tile's code as a player types it ("B3", "TS"): letters, bigger value, centred."""
    glyph = code.rstrip("0123456789")
    digits = code[len(glyph) :]
    # A piece's label, the loudest text on the map: letter and value as large as the tile
    # holds (capitals of 8 px at 450 px wide), well above the hexes' coordinates.
    letter_font = kit.font(round(r * (0.96 if digits else 0.98)), True, "piece")
    value_font = kit.font(round(r * 1.0), True, "piece")
    width = (
        letter_font.getlength(glyph) + value_font.getlength(digits) + (r * 0.03 if digits else 0)
    )
    # Noto digits and capitals are about 0.71 em tall: put the baseline so they sit centred.
    x, y = centre[0] - width / 2, centre[1] + (0.36 * r if digits else 0)
    draw.text((x, y), glyph, font=letter_font, fill=ink, anchor="ls" if digits else "lm")
    if digits:
        x += letter_font.getlength(glyph) + r * 0.03
        draw.text((x, y), digits, font=value_font, fill=ink, anchor="ls")


def tile(code: str, seat: int, radius: int, pal: Palette, kit: Toolkit) -> Image.Image:
    """The cached tile token (see :func:`build_tile`)."""
    return kit.stamp(
        ("samurai", "tile", code, seat, radius, pal["name"]),
        lambda: build_tile(code, seat, radius, pal, kit),
    )


def build_ring(radius: int, width: float, colour: str, edge: str) -> Image.Image:
    """A hexagonal band ``width`` px wide inside circumradius ``radius``, lined in ``edge``."""
    w, h = 2 * radius, math.ceil(SQRT3 * radius)
    s = SS
    img = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    cx, cy = w * s / 2, h * s / 2
    outer, inner = radius * s, (radius - width * 2 / SQRT3) * s
    line = max(1.5, radius * 0.06) * s  # dark lines on both sides: visible on any tile colour
    draw.polygon(hex_points(cx, cy, outer), fill=edge)
    draw.polygon(hex_points(cx, cy, outer - line), fill=colour)
    draw.polygon(hex_points(cx, cy, inner + line), fill=edge)
    draw.polygon(hex_points(cx, cy, inner), fill=(0, 0, 0, 0))
    return img.resize((w, h), Image.Resampling.LANCZOS)


def ring(radius: int, width: float, colour: str, edge: str, kit: Toolkit) -> Image.Image:
    """The cached hex ring (see :func:`build_ring`)."""
    return kit.stamp(
        ("samurai", "ring", radius, width, colour, edge),
        lambda: build_ring(radius, width, colour, edge),
    )


def paste_centred(img: Image.Image, sprite: Image.Image, centre: Point) -> None:
    """Paste an RGBA ``sprite`` with its centre on ``centre``."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2)
    img.paste(sprite, (x, y), sprite)


def seat_mark_sprite(seat: int, size: int, pal: Palette, outline: str) -> Image.Image:
    """A seat's coloured shape for panels, anti-aliased."""
    s = size * SS
    img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
    draw = ImageDraw.Draw(img)
    draw_seat_mark(
        draw, pal["player_shapes"][seat], (s / 2, s / 2), s * 0.36, pal["players"][seat], outline
    )
    return img.resize((size, size), Image.Resampling.LANCZOS)


def seat_mark(seat: int, size: int, pal: Palette, outline: str, kit: Toolkit) -> Image.Image:
    """The cached seat mark sprite."""
    return kit.stamp(
        ("samurai", "seat", seat, size, pal["name"], outline),
        lambda: seat_mark_sprite(seat, size, pal, outline),
    )


__all__ = [
    "FIGURES",
    "SQRT3",
    "Terrain",
    "figure",
    "hex_points",
    "ink_for",
    "paste_centred",
    "ring",
    "seat_mark",
    "terrain_for",
    "tile",
]


def png_palette(pal: Palette, kit: Toolkit) -> Image.Image:
    """The fixed PNG palette for Samurai pictures: ``pal``'s colours plus the terrain's
    exactly, so a change of seat colours (and so of the blends) never shifts the map."""
    terrain = terrain_for(pal)
    own: list[str] = []
    for value in vars(terrain).values():
        own += value if isinstance(value, tuple) else [value]
    extended = cast(Palette, {**pal, "samurai_terrain": tuple(dict.fromkeys(own))})
    return kit.stamp(("png-palette", "samurai", pal["name"]), lambda: build_png_palette(extended))
