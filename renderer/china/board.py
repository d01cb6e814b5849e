"""China boards and private hands, drawn only from a ChinaView.

Layout: a title bar (game, side, whose turn), the map (regions in their colour pairs with
names and colour words, roads, numbered house spaces, dragons, alliance numbers), and a
panel under it: one row per player (seat mark, house with the seat number, name, score,
supply, hand size), the face-up cards with their colour names, the pile and the last turn
in words. Houses carry the seat number and emissary tokens the seat's shape, so players
differ without colour; a fortification is a small castle behind its space; a scored region's label
turns dark with a check mark. The static layer (map, labels, empty panel) is cached per
(side, players, palette) through ``kit``; each call draws pieces, cards and text.
"""

from __future__ import annotations

from PIL import Image, ImageDraw

from games.china.view import ChinaView, RegionView
from renderer.china import geometry as cg
from renderer.china import map as cm
from renderer.china.hand import render_hand
from renderer.china.map import category_colours, png_colours, png_palette
from renderer.china.panel import (
    CARDS_X,
    COL_NAME,
    GAME_KEY,
    HEAD_DY,
    draw_cards,
    draw_footer,
    draw_players,
    draw_title_status,
)
from renderer.china.pieces import (
    fort_sprite,
    house_sprite,
    token_sprite,
)
from renderer.china.result import result_part
from renderer.china.words import (
    alt_sentences,
    alt_text,
    colour_name,
    colour_names,
    hand_alt_text,
    title,
)
from renderer.core import (
    CACHED,
    Point,
    Toolkit,
    draw_text,
    rgb,
)
from renderer.palettes import Palette
from renderer.plugin import Drawing, Paint, picture
from renderer.words import Words, words

__all__ = [
    "GAME_KEY",
    "RENDERER",
    "alt_text",
    "geometry",
    "hand_alt_text",
    "png_colours",
    "png_palette",
    "render",
    "render_hand",
    "space_centre",
]

HOUSE = 36  # house sprite size on the map


def geometry(view: ChinaView, kit: Toolkit, locale: str = "en") -> cg.Geometry:
    """The pixel geometry of ``view``'s side and player count in ``locale`` (region labels
    hold colour words, so their spots differ by language; cached through ``kit``)."""
    tr = words(locale)
    key = (
        GAME_KEY,
        "geometry",
        view.side,
        view.players,
        view.grid_rows,
        len(view.roads),
        tr.locale,
    )
    return kit.stamp(key, lambda: cg.build_geometry(view, kit, colour_names(view, tr)))


def space_centre(view: ChinaView, space_id: str) -> Point:
    """Pixel centre of house space ``space_id`` in the picture of ``view`` (tests use it)."""
    return geometry(view, CACHED).spaces[space_id]


# --- static layer -----------------------------------------------------------------------


def draw_static(
    view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit, tr: Words
) -> Image.Image:
    """Background, title, map, empty panel with headers and the map footnote: drawn once."""
    img = Image.new("RGB", (geo.width, geo.height), rgb(pal["background"]))
    cm.draw_static_map(img, view, geo, pal, kit, colour_names(view, tr))
    draw = ImageDraw.Draw(img)
    head, sub = title(view, tr).split(" · ", 1)
    xy: Point = (cg.MARGIN, cg.TOP_BAR / 2)
    draw_text(img, xy, head.upper(), size=30, bold=True, fill=pal["text"], kit=kit, anchor="lm")
    xy = (cg.MARGIN + kit.font(30, True).getlength(head.upper()) + 20, cg.TOP_BAR / 2 + 2)
    draw_text(img, xy, sub, size=22, fill=pal["muted_text"], kit=kit, anchor="lm")
    x0, y0, x1, y1 = geo.panel_box
    draw.rounded_rectangle(
        geo.panel_box, radius=14, fill=pal["panel"], outline=pal["panel_border"], width=2
    )
    draw.line(
        (x0 + CARDS_X - 12, y0 + 12, x0 + CARDS_X - 12, y1 - 56), fill=pal["panel_border"], width=2
    )
    draw.line((x0 + 12, y1 - 50, x1 - 12, y1 - 50), fill=pal["panel_border"], width=2)
    muted = pal["muted_text"]
    heads = ((COL_NAME, tr("china.head.player")), (CARDS_X, tr("china.head.face_up")))
    for x, text in heads:
        draw_text(img, (x0 + x, y0 + HEAD_DY), text, size=22, fill=muted, kit=kit, anchor="lm")
    footnote = tr("china.footnote")
    xy = (x1 - 14, y1 + cg.MARGIN / 2 + 10)
    draw_text(img, xy, footnote, size=22, fill=muted, kit=kit, anchor="rm", max_width=x1 - x0 - 28)
    draw_key(img, (x0 + 14, xy[1]), pal, kit, tr)
    return img


# The marks /help game:china explains: the full key does not fit under a 5-player board
# (it would pass 1,200 px); the board's own key shows the dragon and the scored check.
MARKS = ("space", "house", "emissary", "fort", "alliance", "road", "last")


def draw_key(img: Image.Image, at: Point, pal: Palette, kit: Toolkit, tr: Words) -> None:
    """The key under the panel: the dragon space (emissaries stand there) and the check
    mark of a scored region, each with its word."""
    x, cy = at
    dragon = cm.dragon_sprite(pal, kit).resize((28, 28), Image.Resampling.LANCZOS)
    img.paste(dragon, (round(x), round(cy - 14)), dragon)
    x += 34
    text = tr("china.key.dragon")
    draw_text(img, (x, cy), text, size=22, fill=pal["text"], kit=kit, anchor="lm")
    x += kit.metrics(22).getlength(text) + 24
    draw = ImageDraw.Draw(img)
    colours = cm.map_colours(pal)
    draw.rounded_rectangle((x, cy - 14, x + 28, cy + 14), radius=6, fill=colours["map"]["label"])
    tick = ((x + 6, cy), (x + 12, cy + 6), (x + 23, cy - 7))
    draw.line(tick, fill="#ffffff", width=4, joint="curve")
    draw_text(
        img, (x + 36, cy), tr("china.key.scored"), size=22, fill=pal["text"], kit=kit, anchor="lm"
    )


# --- per-call: map ----------------------------------------------------------------------


def draw_last_turn(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit
) -> None:
    """Rings around the spaces (and the dragon) where the last turn put pieces."""
    last = view.last_turn
    if last is None or last.kind != "place":
        return
    spaces = set(last.houses) | ({last.fortification} if last.fortification else set())
    for space in sorted(spaces):
        if space in geo.spaces:
            cm.last_ring(img, geo.spaces[space], cg.SPACE_R + 9, pal, kit)
    if last.emissaries and last.region in geo.dragons:
        cm.last_ring(img, geo.dragons[last.region], cg.DRAGON_R + 6, pal, kit)


def draw_spaces(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit
) -> None:
    """Fortifications, then houses (seat colour and number) over their spaces."""
    for region in view.regions:
        for space in region.spaces:
            centre = geo.spaces[space.id]
            if space.fortified:  # merlons above the space's circle
                cm.paste_centred(img, fort_sprite(pal, kit), centre, dy=-7)
                if space.owner is None:  # bare: the number must still show
                    _redraw_space(img, centre, space.id, pal, kit)
            if space.owner is not None:
                fill = pal["player_fills"][space.owner]
                cm.paste_centred(img, cm.disc_sprite(cg.SPACE_R - 2.5, fill, fill, 1, kit), centre)
                cm.paste_centred(img, house_sprite(space.owner, HOUSE, pal, kit), centre, dy=-1)


def _redraw_space(
    img: Image.Image, centre: Point, space_id: str, pal: Palette, kit: Toolkit
) -> None:
    ink = cm.map_colours(pal)["map"]["space_ink"]
    cm.paste_centred(img, cm.space_disc(pal, kit), centre)
    number = space_id[len(space_id.rstrip("0123456789")) :]
    draw_text(img, centre, number, size=cg.SPACE_FONT, bold=True, fill=ink, kit=kit, anchor="mm")


def draw_envoys(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit, highlight: bool
) -> None:
    """Each seat's emissaries on a dragon: a token in the seat's shape with the count."""
    last = view.last_turn if highlight else None
    for region in view.regions:
        slots = geo.envoys[region.id]
        present = [(seat, n) for seat, n in enumerate(region.emissaries) if n > 0]
        for (seat, count), slot in zip(present, slots, strict=False):
            fresh = (
                last is not None
                and last.kind == "place"
                and last.emissaries > 0
                and last.region == region.id
                and last.seat == seat
            )
            if fresh:
                cm.last_ring(img, slot, cg.TOKEN / 2 + 4, pal, kit)
            cm.paste_centred(img, token_sprite(seat, count, cg.TOKEN, pal, kit), slot)


def draw_scored(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """A scored region's label turns dark with a check mark (the scoring marker)."""
    for region in view.regions:
        if region.scored:
            spot = geo.labels[region.id]
            sprite = scored_label(region, colour_name(view, region.colour, tr), spot, pal, kit)
            img.paste(sprite, (round(spot.box[0]), round(spot.box[1])), sprite)


def scored_label(
    region: RegionView, colour: str, spot: cg.LabelSpot, pal: Palette, kit: Toolkit
) -> Image.Image:
    """The dark label of a scored region, with its check mark, as a cached sprite."""
    x0, y0, x1, y1 = spot.box
    size = (round(x1) - round(x0), round(y1) - round(y0))

    def build() -> Image.Image:
        colours = cm.map_colours(pal)
        ink, light = colours["map"]["label"], colours["fill"].get(region.colour, "#ffffff")
        img = Image.new("RGBA", size, (0, 0, 0, 0))
        draw = ImageDraw.Draw(img)
        local = cg.LabelSpot((0, 0, size[0] - 1, size[1] - 1), spot.stacked)
        draw.rounded_rectangle(local.box, radius=8, fill=ink)
        cm.draw_label_text(img, local, region.name, colour, light, kit)
        cx = cg.LABEL_PAD + cg.CHECK_W / 2 - 1
        cy = cg.LABEL_NAME_SIZE * 0.55 + 4 if spot.stacked else size[1] / 2
        tick = ((cx - 8, cy), (cx - 2, cy + 6), (cx + 9, cy - 7))
        draw.line(tick, fill=light, width=4, joint="curve")
        return img

    return kit.stamp((GAME_KEY, "scored", region.id, colour, spot, pal["name"]), build)


@picture
def render(view: ChinaView, paint: Paint) -> Image.Image:
    """The board picture of ``view`` (RGB): static layer copy, then pieces, cards and text."""
    palette, kit, tr = paint.palette, paint.kit, paint.tr
    geo = geometry(view, kit, tr.locale)
    key = (GAME_KEY, view.side, view.players, (geo.width, geo.height), palette["name"], tr.locale)
    img = kit.layer(key, lambda: draw_static(view, geo, palette, kit, tr))
    if paint.highlight:
        draw_last_turn(img, view, geo, palette, kit)
    draw_spaces(img, view, geo, palette, kit)
    draw_envoys(img, view, geo, palette, kit, paint.highlight)
    draw_scored(img, view, geo, palette, kit, tr)
    draw_title_status(img, view, geo, paint)
    draw_players(img, view, geo, paint)
    draw_cards(img, view, geo, palette, kit, tr)
    draw_footer(img, view, geo, paint)
    return img


# China's :class:`~renderer.plugin.GameRenderer`: board, hand, result columns.
RENDERER = Drawing(
    GAME_KEY,
    render,
    alt_sentences,
    draw_hand=render_hand,
    describe_hand=hand_alt_text,
    result=result_part,
    palette=png_palette,
    categories=category_colours,
    marks=tuple(f"china.mark.{m}" for m in MARKS),
)
