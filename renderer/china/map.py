"""China's static map layer (regions, roads, alliance numbers, dragons, spaces, labels)
and its colours, drawn only from a ChinaView's board fields.

Each region's cells are blurred into a field, and a pixel belongs to the region whose
field is strongest there. The margin between the strongest and the next field gives a
soft border and a darker inner band for free (one lookup table each), so the smooth
outlines need no supersampling.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from functools import reduce
from typing import cast

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from games.china.view import ChinaView
from renderer.china.geometry import (
    BADGE_R,
    CELL,
    CHECK_W,
    DRAGON_R,
    FRAME,
    LABEL_NAME_SIZE,
    LABEL_PAD,
    LABEL_SUB_SIZE,
    SPACE_FONT,
    SPACE_R,
    Geometry,
    LabelSpot,
    space_prefix,
)
from renderer.core import Point, Toolkit, build_png_palette, rgb
from renderer.palettes import Palette

SUPERSAMPLE = 4

# Map colours by palette name. Card colours double as the strong tone of a region; each is
# lighter or darker than the seat of its hue (12 CIEDE2000 from every seat colour, for
# every viewer: tests/renderer/test_palettes.py), so a red card never reads as the red
# player's; houses get outlines all the same.
MAP_COLOURS: dict[str, dict[str, dict[str, str]]] = {
    "default": {
        "card": {"R": "#7d1623", "G": "#4c9e66", "O": "#f0b070", "Y": "#f6e94a", "P": "#5e1c73"},
        "band": {"R": "#dc8c80", "G": "#8fc296", "O": "#eeb06c", "Y": "#e9cd66", "P": "#b795ca"},
        "fill": {"R": "#f6d5cf", "G": "#d6ebd2", "O": "#f9e0c1", "Y": "#f7edb9", "P": "#e6d9ef"},
        "map": {
            "border": "#4a3a28",
            "road": "#7a5a36",
            "road_core": "#e9d6ad",
            "space": "#fffaf0",
            "space_ink": "#2a2118",
            "dragon": "#a8261c",
            "dragon_ring": "#f3c94e",
            "badge": "#fffaf0",
            "label": "#2a2118",
            "fort": "#6f6a63",
            "fort_light": "#c9c3b8",
        },
    },
    "colorblind": {
        "card": {"R": "#6a1b00", "G": "#19cc8c", "O": "#b57700", "Y": "#f8ee60", "P": "#e8acd8"},
        "band": {"R": "#e8a070", "G": "#6cc4a8", "O": "#f0c765", "Y": "#e6dc6a", "P": "#e0a9c8"},
        "fill": {"R": "#f8dcc8", "G": "#c9ece1", "O": "#fae9c7", "Y": "#f8f4c2", "P": "#f4e0ec"},
        "map": {
            "border": "#303030",
            "road": "#5a5a5a",
            "road_core": "#e8e8e8",
            "space": "#ffffff",
            "space_ink": "#111111",
            "dragon": "#56361e",
            "dragon_ring": "#e69f00",
            "badge": "#ffffff",
            "label": "#111111",
            "fort": "#555555",
            "fort_light": "#c8c8c8",
        },
    },
}


def map_colours(pal: Palette) -> dict[str, dict[str, str]]:
    """The map colours that go with ``pal`` (the default set for an unknown palette)."""
    return MAP_COLOURS.get(pal["name"], MAP_COLOURS["default"])


def category_colours(pal: Palette) -> dict[str, str]:
    """The five card colours (see ``GameRenderer``)."""
    return dict(map_colours(pal)["card"])


# --- static layer -----------------------------------------------------------------------


FIELD_SCALE = 2  # region fields are smooth: work at half size, enlarge the margins


def _field(view: ChinaView, letter: str, size: tuple[int, int]) -> Image.Image:
    rows, cols = len(view.grid_rows), len(view.grid_rows[0])
    small = Image.new("L", (cols, rows))
    small.putdata([255 if ch == letter else 0 for row in view.grid_rows for ch in row])
    big = small.resize(size, Image.Resampling.NEAREST)
    return big.filter(ImageFilter.GaussianBlur(CELL * 0.3 / FIELD_SCALE))


def _ramp(start: int, span: int) -> list[int]:
    return [max(0, min(255, (v - start) * 255 // span)) for v in range(256)]


def draw_regions(img: Image.Image, view: ChinaView, geo: Geometry, pal: Palette) -> None:
    """Region fills with a darker inner band and a dark border where two regions meet."""
    colours = map_colours(pal)
    x0, y0, x1, y1 = geo.map_box
    size = (x1 - x0, y1 - y0)
    legend = dict(view.grid_legend)
    region_colour = {r.id: r.colour for r in view.regions}
    half = (size[0] // FIELD_SCALE, size[1] // FIELD_SCALE)
    fields = {letter: _field(view, letter, half) for letter in legend}
    area = Image.new("RGB", size, rgb(colours["map"]["border"]))
    edge, band = _ramp(10, 20), _ramp(70, 20)
    for letter, region in legend.items():
        others = reduce(ImageChops.lighter, (f for k, f in fields.items() if k != letter))
        small = ImageChops.subtract(fields[letter], others)
        bbox = small.getbbox()  # paste only around the region: full-size pastes are slow
        if bbox is None:
            continue
        out = (bbox[2] - bbox[0]) * FIELD_SCALE, (bbox[3] - bbox[1]) * FIELD_SCALE
        margin = small.resize(out, Image.Resampling.BILINEAR, box=bbox)
        at = (bbox[0] * FIELD_SCALE, bbox[1] * FIELD_SCALE)
        colour = region_colour.get(region, "P")
        area.paste(rgb(colours["band"][colour]), at, margin.point(edge))
        area.paste(rgb(colours["fill"][colour]), at, margin.point(band))
    img.paste(area, (x0, y0))


def disc_sprite(
    r: float, fill: str | None, rim: str, rim_width: float, kit: Toolkit
) -> Image.Image:
    """An anti-aliased disc of radius ``r`` with a rim (``fill=None``: a ring only)."""

    def build() -> Image.Image:
        half = math.ceil(r) + 1
        s = 2 * half * SUPERSAMPLE
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        c, big = s / 2, r * SUPERSAMPLE
        width = round(rim_width * SUPERSAMPLE)
        draw.ellipse((c - big, c - big, c + big, c + big), fill=fill, outline=rim, width=width)
        return img.resize((2 * half, 2 * half), Image.Resampling.LANCZOS)

    return kit.stamp(("china", "disc", r, fill, rim, rim_width), build)


def paste_centred(img: Image.Image, sprite: Image.Image, centre: Point, dy: float = 0) -> None:
    """Paste an RGBA ``sprite`` with its middle on ``centre`` (moved down by ``dy``)."""
    x = round(centre[0] - sprite.width / 2)
    y = round(centre[1] - sprite.height / 2 + dy)
    img.paste(sprite, (x, y), sprite)


def draw_roads(img: Image.Image, view: ChinaView, geo: Geometry, pal: Palette) -> None:
    """Roads as a dark line with a light core, so they read on every region colour.

    Drawn 3x larger into masks and shrunk: Pillow's wide lines are not anti-aliased."""
    colours = map_colours(pal)["map"]
    x0, y0, x1, y1 = geo.map_box
    k = 3
    for width, colour in ((8, colours["road"]), (3, colours["road_core"])):
        mask = Image.new("L", ((x1 - x0) * k, (y1 - y0) * k))
        draw = ImageDraw.Draw(mask)
        for a, b in view.roads:
            ends = [((p[0] - x0) * k, (p[1] - y0) * k) for p in (geo.spaces[a], geo.spaces[b])]
            draw.line(ends, fill=255, width=width * k)
        smooth = mask.resize((x1 - x0, y1 - y0), Image.Resampling.BOX)
        img.paste(rgb(colour), (x0, y0), smooth)


def draw_badges(img: Image.Image, geo: Geometry, pal: Palette, kit: Toolkit) -> None:
    """Alliance numbers on the roads that cross region borders."""
    for number, centre in geo.badges:
        draw_badge(img, number, centre, pal, kit)


def draw_badge(img: Image.Image, number: int, centre: Point, pal: Palette, kit: Toolkit) -> None:
    """An alliance number: a dark rounded square with a light number, so an alliance never
    looks like a house space (a light disc with a dark number)."""
    colours = map_colours(pal)["map"]
    draw = ImageDraw.Draw(img)
    (cx, cy), r = centre, BADGE_R
    box = (cx - r, cy - r, cx + r, cy + r)
    draw.rounded_rectangle(box, radius=5, fill=colours["label"], outline=colours["badge"])
    fnt = kit.font(22, True)
    draw.text((cx, cy + 1), str(number), font=fnt, fill=colours["badge"], anchor="mm")


def last_ring(img: Image.Image, centre: Point, r: float, pal: Palette, kit: Toolkit) -> None:
    """The last-turn mark: a highlight ring lined in dark on both sides."""
    paste_centred(img, disc_sprite(r + 2, None, pal["highlight_border"], 10, kit), centre)
    paste_centred(img, disc_sprite(r, None, pal["highlight"], 6, kit), centre)


def space_disc(pal: Palette, kit: Toolkit) -> Image.Image:
    """An empty house space: a light disc with a dark rim."""
    colours = map_colours(pal)["map"]
    return disc_sprite(SPACE_R, colours["space"], colours["space_ink"], 3, kit)


def draw_empty_spaces(
    img: Image.Image, view: ChinaView, geo: Geometry, pal: Palette, kit: Toolkit
) -> None:
    """Every house space as a numbered circle; houses are drawn over them per picture."""
    colours = map_colours(pal)["map"]
    draw = ImageDraw.Draw(img)
    fnt = kit.font(SPACE_FONT, True)
    disc = space_disc(pal, kit)
    for region in view.regions:
        for space in region.spaces:
            centre = geo.spaces[space.id]
            paste_centred(img, disc, centre)
            number = space.id[len(space_prefix(space.id)) :]
            draw.text(centre, number, font=fnt, fill=colours["space_ink"], anchor="mm")


def dragon_sprite(pal: Palette, kit: Toolkit) -> Image.Image:
    """The dragon space: a red disc in a gold ring with a coiled dragon line and pearl."""

    def build() -> Image.Image:
        colours = map_colours(pal)["map"]
        s = (2 * DRAGON_R + 4) * SUPERSAMPLE
        img = Image.new("RGBA", (s, s), (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        c, r = s / 2, DRAGON_R * SUPERSAMPLE
        draw.ellipse((c - r, c - r, c + r, c + r), fill=colours["border"])
        r2 = r - 2 * SUPERSAMPLE
        draw.ellipse((c - r2, c - r2, c + r2, c + r2), fill=colours["dragon_ring"])
        r3 = r - 6 * SUPERSAMPLE
        draw.ellipse((c - r3, c - r3, c + r3, c + r3), fill=colours["dragon"])
        w = round(2.6 * SUPERSAMPLE)
        ring = colours["dragon_ring"]
        k = r3 * 0.55  # an S-shaped body: two half arcs, then the pearl it chases
        draw.arc((c - k, c - k * 1.1, c + k * 0.1, c), 200, 360 + 90, fill=ring, width=w)
        draw.arc((c - k * 0.1, c, c + k, c + k * 1.1), 20, 270, fill=ring, width=w)
        p = 0.22 * r3
        draw.ellipse(
            (c + 0.45 * r3 - p, c - 0.5 * r3 - p, c + 0.45 * r3 + p, c - 0.5 * r3 + p), fill=ring
        )
        return img.resize((s // SUPERSAMPLE, s // SUPERSAMPLE), Image.Resampling.LANCZOS)

    return kit.stamp(("china", "dragon", pal["name"]), build)


def draw_dragons(img: Image.Image, geo: Geometry, pal: Palette, kit: Toolkit) -> None:
    sprite = dragon_sprite(pal, kit)
    half = sprite.width // 2
    for cx, cy in geo.dragons.values():
        img.paste(sprite, (round(cx) - half, round(cy) - half), sprite)


def label_origin(spot: LabelSpot) -> tuple[Point, Point]:
    """Baseline-left points of a label's name and colour word (the check sits left)."""
    x0, y0, _, y1 = spot.box
    x = x0 + LABEL_PAD + CHECK_W
    if spot.stacked:
        name_base = y0 + LABEL_PAD + LABEL_NAME_SIZE * 0.86
        return (x, name_base), (x, name_base + LABEL_SUB_SIZE + 4)
    base = (y0 + y1) / 2 + LABEL_NAME_SIZE * 0.36
    return (x, base), (x, base)


def draw_label_text(
    img: Image.Image, spot: LabelSpot, name: str, colour: str, ink: str, kit: Toolkit
) -> None:
    """A label's words at ``spot`` in ``ink`` (static layer, and again on a scored seal)."""
    draw = ImageDraw.Draw(img)
    head, sub = kit.font(LABEL_NAME_SIZE, True), kit.font(LABEL_SUB_SIZE, False)
    (nx, ny), (cx, cy) = label_origin(spot)
    draw.text((nx, ny), name.upper(), font=head, fill=ink, anchor="ls")
    if not spot.stacked:
        cx += head.getlength(name.upper()) + 6
    draw.text((cx, cy), colour, font=sub, fill=ink, anchor="ls")


def draw_labels(
    img: Image.Image,
    view: ChinaView,
    geo: Geometry,
    pal: Palette,
    kit: Toolkit,
    names: Mapping[str, str] | None = None,
) -> None:
    """Region names (readable without colour), each with its card colour's name."""
    colours = map_colours(pal)
    ink = colours["map"]["label"]
    names = dict(view.colours) if names is None else names
    draw = ImageDraw.Draw(img)
    for region in view.regions:
        spot = geo.labels[region.id]
        # A cartouche in the region's colours: a road passing under a label stays tidy.
        fill, band = colours["fill"][region.colour], colours["band"][region.colour]
        draw.rounded_rectangle(spot.box, radius=8, fill=fill, outline=band, width=2)
        colour = names.get(region.colour, "")
        draw_label_text(img, spot, region.name, colour, ink, kit)


def draw_frame(img: Image.Image, geo: Geometry, pal: Palette) -> None:
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = geo.map_box
    f = FRAME
    draw.rounded_rectangle((x0 - f, y0 - f, x1 + f, y1 + f), radius=f, fill=pal["board_frame"])


def draw_static_map(
    img: Image.Image,
    view: ChinaView,
    geo: Geometry,
    pal: Palette,
    kit: Toolkit,
    names: Mapping[str, str] | None = None,
) -> None:
    """Frame, regions, roads, alliance numbers, dragons, empty spaces and region labels."""
    draw_frame(img, geo, pal)
    draw_regions(img, view, geo, pal)
    draw_roads(img, view, geo, pal)
    draw_badges(img, geo, pal, kit)
    draw_dragons(img, geo, pal, kit)
    draw_empty_spaces(img, view, geo, pal, kit)
    draw_labels(img, view, geo, pal, kit, names)


def png_colours(pal: Palette) -> tuple[str, ...]:
    """The map's own colours, which a PNG palette must hold exactly besides ``pal``'s."""
    colours = map_colours(pal)
    return tuple(dict.fromkeys(c for group in colours.values() for c in group.values()))


def png_palette(pal: Palette, kit: Toolkit) -> Image.Image:
    """The fixed PNG palette for China pictures: ``pal``'s colours plus the map's."""
    extended = cast(Palette, {**pal, "china_map": png_colours(pal)})
    return kit.stamp(("png-palette", "china", pal["name"]), lambda: build_png_palette(extended))
