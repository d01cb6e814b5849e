"""Samurai boards (2-4 players), drawn only from a SamuraiView; also the private hand picture.

Layout: the hex map of Japan for the view's player count, north up (flat-topped hexes in
columns, odd columns half a hex lower, as in the map data), about 1070 px wide. Japan runs
diagonally, so the legend sits in the two empty corners (see :mod:`renderer.samurai.layout`):
title, phase and whose turn, a row per player and the last turn at the top left; figures
on the board, to place and set aside, and a key at the top left or bottom right, whichever
leaves the panels wider. Empty hexes carry their label ("F7"): it is what players type.
Tiles are hexes in the owner's colour with the owner's seat shape and the tile's code
("B3"); the hexes the last turn and the turn in progress touched get a bright band.

Static layer (cached per player count, size and palette): background, terrain with sea
waves and coast lines, settlement bases with their figure slots, every label, panel frames
and headings. Per call: highlight rings, tiles, figures and the panel text.
"""

from __future__ import annotations

import math

from PIL import Image, ImageDraw

from games.samurai.view import HexView, SamuraiView
from renderer.core import QUIET_CAPS_PX, Toolkit, caps_size, rgb
from renderer.palettes import Palette
from renderer.plugin import Drawing, Paint, picture
from renderer.samurai.art import (
    SQRT3,
    SS,
    Terrain,
    category_colours,
    figure,
    hex_points,
    paste_centred,
    png_palette,
    ring,
    terrain_for,
    tile,
)
from renderer.samurai.hand import hand_alt_text, render_hand
from renderer.samurai.layout import Layout, hex_centre, layout_for, slot_centres, slot_radius
from renderer.samurai.panels import draw_panels, draw_static_panels
from renderer.samurai.result import result_part
from renderer.samurai.text import draw_line, text_width
from renderer.samurai.words import alt_sentences, alt_text, printed_code
from renderer.words import words

__all__ = [
    "GAME_KEY",
    "RENDERER",
    "alt_text",
    "hand_alt_text",
    "hex_centre",
    "layout_for",
    "render",
    "render_hand",
]

GAME_KEY = "samurai"
STATIC_SCALE = 2  # the static layer is drawn twice as large and halved (anti-aliasing)
TILE_SCALE = 0.86  # tile circumradius / hex circumradius
RING_WIDTH = 0.26  # highlight band, in hex radii
TOWN_LABEL_Y = 0.61  # a settlement's label sits this far below its centre (hex radii)


def town_label_size(lay: Layout) -> int:
    """Font size of settlement labels (no larger than plain ones: the figures need room),
    never under the legible floor of other text (capitals of 6.4 px at 450 px wide)."""
    return max(round(lay.r * 0.47), caps_size(lay.width, QUIET_CAPS_PX))


def hex_label_size(lay: Layout) -> int:
    """Font size of a plain hex's label: quieter than the tiles' codes (see art.draw_code)."""
    return max(round(lay.r * 0.52), caps_size(lay.width, QUIET_CAPS_PX))


# --- static layer -----------------------------------------------------------------------


def _fill(h: HexView, colours: Terrain) -> str:
    return {
        "sea": colours.sea,
        "land": colours.land,
        "village": colours.settlement,
        "city": colours.city,
        "capital": colours.capital,
    }[h.terrain]


def _draw_terrain(
    draw: ImageDraw.ImageDraw, lay: Layout, view: SamuraiView, k: float, colours: Terrain
) -> None:
    """Hex fills, grid lines and sea waves at scale ``k``."""
    r = lay.r * k
    for h in view.hexes:
        cx, cy = (v * k for v in lay.centre(h.x, h.y))
        line = colours.sea_line if h.terrain == "sea" else colours.land_line
        draw.polygon(hex_points(cx, cy, r), fill=_fill(h, colours), outline=line, width=round(k))
        if h.terrain == "sea":
            for dy, dx in ((-0.56, -0.12), (0.56, 0.12)):
                wave = [
                    (cx + (dx + u) * r, cy + (dy + 0.05 * math.sin(u * 9)) * r)
                    for u in (i / 10 - 0.3 for i in range(7))
                ]
                draw.line(wave, fill=colours.sea_wave, width=round(1.6 * k), joint="curve")
        elif h.terrain == "capital":
            draw.polygon(
                hex_points(cx, cy, r * 0.9), outline=colours.capital_rim, width=round(3 * k)
            )
        elif h.terrain == "city":
            draw.polygon(hex_points(cx, cy, r * 0.9), outline=colours.slot, width=round(1.5 * k))
        if h.capacity:
            sr = slot_radius(h.terrain, r)
            for sx, sy in slot_centres(h.terrain, (cx, cy), r):
                draw.ellipse(
                    (sx - sr, sy - sr, sx + sr, sy + sr),
                    fill=colours.slot,
                    outline=colours.figure_line,
                    width=round(1.2 * k),
                )


def _draw_coast(
    draw: ImageDraw.ImageDraw, lay: Layout, view: SamuraiView, k: float, colours: Terrain
) -> None:
    """Thick lines where land meets sea and around the edge of the board."""
    centres = {h.label: lay.centre(h.x, h.y) for h in view.hexes}
    where = {(round(x), round(y)): h for h in view.hexes for x, y in (centres[h.label],)}
    r = lay.r
    for h in view.hexes:
        cx, cy = centres[h.label]
        corners = hex_points(cx * k, cy * k, r * k)
        for side in range(6):
            a = math.radians(60 * side + 30)
            key = (round(cx + SQRT3 * r * math.cos(a)), round(cy + SQRT3 * r * math.sin(a)))
            other = where.get(key)
            if other is None:
                width = 2.5 if h.terrain == "sea" else 4.0
            elif (h.terrain == "sea") != (other.terrain == "sea"):
                width = 3.5
            else:
                continue
            draw.line(
                (corners[side], corners[(side + 1) % 6]), fill=colours.coast, width=round(width * k)
            )


def _draw_labels(
    img: Image.Image, lay: Layout, view: SamuraiView, colours: Terrain, kit: Toolkit
) -> None:
    draw = ImageDraw.Draw(img)
    kit = kit.on_map()
    plain, small = kit.font(hex_label_size(lay), True), kit.font(town_label_size(lay), True)
    for h in view.hexes:
        cx, cy = lay.centre(h.x, h.y)
        if h.terrain in ("sea", "land"):
            ink = colours.sea_label if h.terrain == "sea" else colours.land_label
            draw.text((cx, cy), h.label, font=plain, fill=ink, anchor="mm")
        elif h.terrain != "capital":
            draw.text(
                (cx, cy + TOWN_LABEL_Y * lay.r),
                h.label,
                font=small,
                fill=colours.settlement_label,
                anchor="mm",
            )


def draw_static(
    lay: Layout,
    view: SamuraiView,
    pal: Palette,
    kit: Toolkit,
    locale: str = "en",
    panels: bool = True,
) -> Image.Image:
    """Background, map, labels, panel frames and headings (``panels``): drawn once per board
    and palette."""
    colours = terrain_for(pal)
    k = STATIC_SCALE
    big = Image.new("RGB", (lay.width * k, lay.height * k), rgb(pal["background"]))
    draw = ImageDraw.Draw(big)
    _draw_terrain(draw, lay, view, k, colours)
    _draw_coast(draw, lay, view, k, colours)
    for x0, y0, x1, y1 in (lay.top, lay.bottom) if panels else ():
        draw.rounded_rectangle(
            (x0 * k, y0 * k, x1 * k, y1 * k),
            radius=14 * k,
            fill=pal["panel"],
            outline=pal["panel_border"],
            width=2 * k,
        )
    img = big.reduce(k)
    _draw_labels(img, lay, view, colours, kit)
    if panels:
        draw_static_panels(img, lay, pal, kit, words(locale))
    return img


# --- per call ---------------------------------------------------------------------------


def draw_highlights(
    img: Image.Image, lay: Layout, view: SamuraiView, pal: Palette, kit: Toolkit
) -> None:
    """A bright band inside every hex the last turn and the turn in progress touched."""
    kit = kit.on_map()
    band = ring(lay.r, RING_WIDTH * lay.r, pal["highlight"], pal["highlight_border"], kit)
    where = {h.label: h for h in view.hexes}
    colours = terrain_for(pal)
    size = town_label_size(lay)
    for label in dict.fromkeys(view.last_turn_hexes + view.this_turn_hexes):
        h = where.get(label)
        if h is None:
            continue
        cx, cy = lay.centre(h.x, h.y)
        paste_centred(img, band, (cx, cy))
        if h.terrain in ("village", "city"):  # the band crosses the label: put it on a tag
            y = cy + TOWN_LABEL_Y * lay.r
            w = text_width(kit, label, size, True) / 2 + 0.05 * lay.r  # tight: the band shows
            tag = (cx - w, y - 0.27 * lay.r, cx + w, y + 0.25 * lay.r)
            ImageDraw.Draw(img).rounded_rectangle(tag, radius=0.12 * lay.r, fill=_fill(h, colours))
            draw_line(
                img,
                (cx, y),
                label,
                size=size,
                bold=True,
                fill=colours.settlement_label,
                kit=kit,
                anchor="mm",
            )


def draw_tiles(img: Image.Image, lay: Layout, view: SamuraiView, paint: Paint) -> None:
    pal, kit = paint.palette, paint.kit
    radius = round(lay.r * TILE_SCALE)
    kit = kit.on_map()
    where = {h.label: h for h in view.hexes}
    for placed in view.tiles:
        h = where[placed.hex]
        sprite = tile(printed_code(placed.tile, paint.tr), placed.owner, radius, pal, kit)
        paste_centred(img, sprite, lay.centre(h.x, h.y))


def _closed(r: int, pal: Palette, kit: Toolkit) -> Image.Image:
    def build() -> Image.Image:
        colours = terrain_for(pal)
        s = SS
        w, h = 2 * r, math.ceil(SQRT3 * r)
        sprite = Image.new("RGBA", (w * s, h * s), (0, 0, 0, 0))
        ImageDraw.Draw(sprite).polygon(
            hex_points(w * s / 2, h * s / 2, (r - 1.5) * s), fill=(*rgb(colours.resolved), 170)
        )
        return sprite.resize((w, h), Image.Resampling.LANCZOS)

    return kit.stamp(("samurai", "closed", r, pal["name"]), build)


def draw_figures(
    img: Image.Image, lay: Layout, view: SamuraiView, pal: Palette, kit: Toolkit
) -> None:
    """Figures on their settlements (their shapes say which: the letters would be too small
    to read on a phone, and the figures table and key name them); a resolved settlement is
    greyed out."""
    where = {h.label: h for h in view.hexes}
    for settlement in view.settlements:
        h = where[settlement.hex]
        centre = lay.centre(h.x, h.y)
        if not settlement.figures and settlement.open_land == 0:
            paste_centred(img, _closed(lay.r, pal, kit), centre)
            continue
        size = round(slot_radius(h.terrain, lay.r) * 1.7)
        for at, letter in zip(
            slot_centres(h.terrain, centre, lay.r), settlement.figures, strict=False
        ):
            paste_centred(img, figure(letter, size, pal, kit, letter=False), at)


@picture
def render(view: SamuraiView, paint: Paint) -> Image.Image:
    """The board picture of ``view`` (RGB): static layer copy, then the position on top."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    lay = layout_for(view)
    key = (GAME_KEY, view.players, (lay.width, lay.height), palette["name"], tr.locale)
    img = kit.layer(key, lambda: draw_static(lay, view, palette, kit, tr.locale))
    draw_tiles(img, lay, view, paint)
    if paint.highlight:  # over the tiles' rims, under the figures
        draw_highlights(img, lay, view, palette, kit)
    draw_figures(img, lay, view, palette, kit)
    draw_panels(img, lay, view, names, palette, kit, tr)
    return img


# The marks /help game:samurai explains (the board's own key lists the tile letters).
MARKS = ("terrain", "tile", "figure", "closed", "highlight")
DETAIL_W, DETAIL_H = 640, 480  # the detail window, in board pixels (shown 450 px wide)


def detail_box(lay: Layout, view: SamuraiView) -> tuple[int, int, int, int] | None:
    """The window of the board around the hexes the last turn (and the turn in progress)
    touched, ``DETAIL_W`` x ``DETAIL_H`` board px, inside the board; centred on those hexes
    when they fit, else on the last of them. ``None`` before the first move."""
    where = {h.label: h for h in view.hexes}
    touched = [
        where[label] for label in view.last_turn_hexes + view.this_turn_hexes if label in where
    ]
    if not touched:
        return None
    centres = [lay.centre(h.x, h.y) for h in touched]
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    fits = max(xs) - min(xs) + 2 * lay.r <= DETAIL_W and max(ys) - min(ys) + 2 * lay.r <= DETAIL_H
    cx, cy = ((min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2) if fits else centres[-1]
    w, h = min(DETAIL_W, lay.width), min(DETAIL_H, lay.height)
    x0 = round(min(max(cx - w / 2, 0), lay.width - w))
    y0 = round(min(max(cy - h / 2, 0), lay.height - h))
    return x0, y0, x0 + w, y0 + h


@picture
def render_detail(view: SamuraiView, paint: Paint) -> Image.Image | None:
    """The region of the last move at the board's own drawing size, cut out so that a phone
    shows it about 1.7 times larger than the whole board: every tile code, hex and town
    label there reads at 9+ px (issue 15). ``None`` before the first move."""
    palette, kit, tr = paint.palette, paint.kit, paint.tr
    lay = layout_for(view)
    box = detail_box(lay, view)
    if box is None:
        return None
    key = (GAME_KEY, "map", view.players, (lay.width, lay.height), palette["name"], tr.locale)
    img = kit.layer(key, lambda: draw_static(lay, view, palette, kit, tr.locale, panels=False))
    draw_tiles(img, lay, view, paint)
    draw_highlights(img, lay, view, palette, kit)
    draw_figures(img, lay, view, palette, kit)
    return img.crop(box)


# Samurai's :class:`~renderer.plugin.GameRenderer`: board, hand, result columns.
RENDERER = Drawing(
    GAME_KEY,
    render,
    alt_sentences,
    draw_hand=render_hand,
    describe_hand=hand_alt_text,
    result=result_part,
    draw_detail=render_detail,
    palette=png_palette,
    categories=category_colours,
    marks=tuple(f"samurai.mark.{m}" for m in MARKS),
)
