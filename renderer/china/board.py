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

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.china.view import ChinaView, RegionView
from renderer.china import geometry as cg
from renderer.china import map as cm
from renderer.china.hand import render_hand
from renderer.china.map import category_colours, png_colours, png_palette
from renderer.china.pieces import (
    card_sprite,
    fort_sprite,
    house_sprite,
    pile_sprite,
    token_sprite,
)
from renderer.china.result import result_part
from renderer.china.words import (
    alt_sentences,
    alt_text,
    colour_name,
    colour_names,
    hand_alt_text,
    last_turn_text,
    pile_notes,
    result_text,
    title,
    turn_status,
)
from renderer.core import (
    CACHED,
    Point,
    Toolkit,
    caps_size,
    draw_lines,
    draw_seat_mark,
    draw_text,
    fit_lines,
    fitting_size,
    rgb,
)
from renderer.palettes import Palette
from renderer.plugin import Drawing
from renderer.text import fit_name, seat_label, shown_width, with_name
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

GAME_KEY = "china"
HOUSE = 36  # house sprite size on the map
RANKS = 5  # china.rank.1 .. china.rank.5

# Panel columns, as offsets from the panel's left edge.
COL_NAME = 84
COL_SCORE = 330
COL_SUPPLY = 410
COL_HAND = 582
COL_PARTS = 398  # at the end: the score's parts, then pieces left (the tie-break)
COL_LEFT = 624
SUPPLY_STEP = 60  # houses, emissaries, fortification: one icon and count each
HEAD_DY = 22  # the column headers' middle, below the panel's top
CARDS_X = 650  # the card display starts here
CARD_W, CARD_H = 64, 90


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


def _ring(img: Image.Image, centre: Point, r: float, pal: Palette, kit: Toolkit) -> None:
    """The last-turn mark: a highlight ring lined in dark on both sides."""
    cm.paste_centred(img, cm.disc_sprite(r + 2, None, pal["highlight_border"], 10, kit), centre)
    cm.paste_centred(img, cm.disc_sprite(r, None, pal["highlight"], 6, kit), centre)


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
            _ring(img, geo.spaces[space], cg.SPACE_R + 9, pal, kit)
    if last.emissaries and last.region in geo.dragons:
        _ring(img, geo.dragons[last.region], cg.DRAGON_R + 6, pal, kit)


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
                _ring(img, slot, cg.TOKEN / 2 + 4, pal, kit)
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


# --- per-call: panel --------------------------------------------------------------------


def draw_title_status(
    img: Image.Image,
    view: ChinaView,
    geo: cg.Geometry,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """Whose turn and step (or the result) at the top right, as a pill."""
    right = geo.width - cg.MARGIN
    # The pill leaves the title (game and side) its room at the left; a long name gives
    # way (shortened with "…"), then the status takes two lines (over the map frame).
    key = (GAME_KEY, "title-room", geo.width, view.side, view.players, tr.locale)
    limit = min(geo.width - 420, kit.stamp(key, lambda: _title_room(view, geo, kit, tr)))
    floor = caps_size(img.width)
    if view.outcome is not None:
        what, status = tr("common.game_over"), result_text(view, names, tr.locale)
    else:
        final = view.final_round
        what = tr("china.final_round") if final else tr("china.turn", n=view.turn + 1)
        status = turn_status(view, names, locale=tr.locale)
        if view.to_act is not None:
            seat, measure = view.to_act, shown_width(kit.metrics(floor, True))

            def sentence(name: str) -> str:
                named = with_name(names, seat, name, view.players)
                return turn_status(view, named, locale=tr.locale)

            status = fit_name(sentence, seat_label(seat, names, tr.locale), measure, limit - 28)
    text = f"{what} · {status}"
    size, lines = fit_lines(kit, text, floor, limit - 28, floor=floor, bold=True)
    if len(lines) > 1:  # the turn number (or "game over") gives way to the status
        size, lines = fit_lines(kit, status, floor, limit - 28, floor=floor, bold=True)
    fnt = kit.metrics(size, True)
    if len(lines) == 2:  # a name kept on one line, then the most even lines
        words = status.split(" ")
        cuts = [(" ".join(words[:n]), " ".join(words[n:])) for n in range(1, len(words))]
        fits = [c for c in cuts if max(map(fnt.getlength, c)) <= limit - 28]
        named = [seat_label(s, names, tr.locale) for s in range(view.players)]

        def split(cut: tuple[str, str]) -> bool:  # a name in the status broken over both
            return any(n in status and n not in cut[0] and n not in cut[1] for n in named)

        if fits:
            first, second = min(fits, key=lambda c: (split(c), max(map(fnt.getlength, c))))
            lines = [first, second]
    width = max(fnt.getlength(line) for line in lines) + 28
    step = size * 1.12
    top = 8 if len(lines) == 1 else 4
    bottom = cg.TOP_BAR - 6 if len(lines) == 1 else top + 10 + size + step * (len(lines) - 1)
    box = (right - width, top, right, bottom)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=18, fill=pal["highlight"])
    for n, line in enumerate(lines):
        xy = ((box[0] + box[2]) / 2, (top + bottom) / 2 + (n - (len(lines) - 1) / 2) * step)
        draw_text(img, xy, line, size=size, bold=True, fill=pal["token_text"], kit=kit,
                  anchor="mm", max_width=width - 24, role="turn")  # fmt: skip


def _title_room(view: ChinaView, geo: cg.Geometry, kit: Toolkit, tr: Words) -> float:
    """Width left for the status pill right of the title."""
    head, sub = title(view, tr).split(" · ", 1)
    used = kit.metrics(30, True).getlength(head.upper()) + 20 + kit.metrics(22).getlength(sub)
    return geo.width - 2 * cg.MARGIN - used - 24


def draw_players(
    img: Image.Image,
    view: ChinaView,
    geo: cg.Geometry,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """One row per seat: mark, house and number, name, score, then supply and hand size
    during the game or the score's parts and pieces left (the tie-break) at the end."""
    x0, y0, _, _ = geo.panel_box
    draw = ImageDraw.Draw(img)
    over = view.outcome is not None
    left = tr("china.head.left")
    left_w = kit.metrics(22, False).getlength(left)
    score_head = (COL_SCORE, tr("china.head.score"), "rm", 90.0)
    if over:
        parts = (COL_PARTS, tr("china.head.parts"), "lm", COL_LEFT - COL_PARTS - left_w - 10)
        heads = [score_head, parts, (COL_LEFT, left, "rm", 90.0)]
    else:
        supply = (COL_SUPPLY, tr("china.head.supply"), "lm", COL_HAND - COL_SUPPLY - 10.0)
        heads = [
            score_head,
            supply,
            (COL_HAND, tr("china.head.hand"), "lm", CARDS_X - COL_HAND - 4.0),
        ]
    for x, text, anchor, room in heads:
        xy = (x0 + x, y0 + HEAD_DY)
        size = 22
        muted = pal["muted_text"]
        draw_text(img, xy, text, size=size, fill=muted, kit=kit, anchor=anchor, max_width=room)
    for seat in range(view.players):
        top = y0 + 40 + seat * cg.ROW_H
        name_y, cy = top + 15, top + 41  # the name has a line of its own, whole
        if view.to_act == seat and not over:
            row = (x0 + 8, top + 2, x0 + CARDS_X - 22, top + cg.ROW_H - 2)
            draw.rounded_rectangle(row, radius=10, fill=pal["panel_border"])
            arrow = [(x0 + 12, name_y - 9), (x0 + 24, name_y), (x0 + 12, name_y + 9)]
            draw.polygon(arrow, fill=pal["highlight"])
        mark = pal["player_shapes"][seat]
        draw_seat_mark(draw, mark, (x0 + 42, name_y), 11, pal["players"][seat], pal["text"])
        sprite = house_sprite(seat, 30, pal, kit)
        img.paste(sprite, (x0 + 58, round(cy - 16)), sprite)
        _name_and_score(img, view, seat, (x0, cy), names, pal, kit, tr, name_y=name_y)
        if over:
            _breakdown(img, view, seat, (x0, cy), pal, kit)
        else:
            _supply(img, view, seat, (x0 + COL_SUPPLY, cy), pal, kit)


def _name_and_score(
    img: Image.Image,
    view: ChinaView,
    seat: int,
    at: Point,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
    *,
    name_y: float,
) -> None:
    x0, cy = at
    resigned = tr("china.resigned") if seat in view.resigned else ""
    name = seat_label(seat, names, tr.locale) + resigned
    width = CARDS_X - 30 - COL_NAME
    text = pal["text"]
    xy = (x0 + COL_NAME, name_y)
    size = fitting_size(kit, name, (23, 22), width, bold=True)
    draw_text(img, xy, name, size=size, bold=True, fill=text, kit=kit, anchor="lm", max_width=width)
    total = str(view.scores[seat].total)
    xy = (x0 + COL_SCORE, cy)
    draw_text(img, xy, total, size=28, bold=True, fill=text, kit=kit, anchor="rm", role="score")
    outcome = view.outcome
    if outcome is not None and seat < len(outcome.ranks) and 1 <= outcome.ranks[seat] <= RANKS:
        rank = tr(f"china.rank.{outcome.ranks[seat]}")
        ink = pal["highlight"] if seat in outcome.winners else pal["muted_text"]
        xy = (x0 + COL_SCORE + 10, cy)
        draw_text(img, xy, rank, size=22, bold=True, fill=ink, kit=kit, anchor="lm")


def _breakdown(
    img: Image.Image, view: ChinaView, seat: int, at: Point, pal: Palette, kit: Toolkit
) -> None:
    """The final score's parts and the pieces left in supply (the tie-break)."""
    x0, cy = at
    score = view.scores[seat]
    parts = f"{score.houses} + {score.alliances} + {score.routes}"
    text = pal["text"]
    draw_text(img, (x0 + COL_PARTS, cy), parts, size=22, fill=text, kit=kit, anchor="lm")
    left = str(view.pieces_left[seat])
    draw_text(img, (x0 + COL_LEFT, cy), left, size=22, fill=text, kit=kit, anchor="rm")


def _supply(
    img: Image.Image, view: ChinaView, seat: int, at: Point, pal: Palette, kit: Toolkit
) -> None:
    """Houses, emissaries (and the fortification) left in supply, then the hand size."""
    x, cy = at
    supply = view.supply[seat]
    items = [(house_sprite(seat, 24, pal, kit), supply.houses)]
    items.append((token_sprite(seat, None, 22, pal, kit), supply.emissaries))
    if view.fortifications:
        items.append((fort_sprite(pal, kit, 22), supply.fortifications))
    for n, (sprite, count) in enumerate(items):
        left = x + n * SUPPLY_STEP
        img.paste(sprite, (round(left), round(cy - sprite.height / 2)), sprite)
        draw_text(img, (left + 27, cy), str(count), size=22, fill=pal["text"], kit=kit, anchor="lm")
    back = pile_sprite(pal, kit, 16)
    hx = x + COL_HAND - COL_SUPPLY
    img.paste(back, (round(hx), round(cy - back.height / 2)), back)
    hand = str(view.hand_sizes[seat])
    draw_text(img, (hx + 21, cy), hand, size=22, fill=pal["text"], kit=kit, anchor="lm")


def draw_cards(
    img: Image.Image, view: ChinaView, geo: cg.Geometry, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """The face-up row (colour and colour name), the pile with its count, pile notes."""
    x0, y0, x1, _ = geo.panel_box
    left, top = x0 + CARDS_X, y0 + 42
    for n, card in enumerate(view.face_up):
        sprite = card_sprite(card, "", (CARD_W, CARD_H), pal, kit)
        img.paste(sprite, (left + n * (CARD_W + 8), top), sprite)
    px = left + 4 * (CARD_W + 8) + 8
    back = pile_sprite(pal, kit, CARD_W)
    img.paste(back, (px, top), back)
    mid = (px + CARD_W / 2, top + CARD_H / 2)
    draw_text(
        img, mid, str(view.pile_count), size=28, bold=True, fill="#ffffff", kit=kit, anchor="mm"
    )
    below = (px + CARD_W / 2, top + CARD_H + 12)
    pile = tr("china.pile_label")
    muted = pal["muted_text"]
    draw_text(img, below, pile, size=22, fill=muted, kit=kit, anchor="mm", max_width=CARD_W + 24)
    notes = [(tr("china.discards", n=view.discard_count), False)]
    notes += [(note, False) for note in pile_notes(view, tr)]
    if view.final_round:
        notes.append((tr("china.final_round_loud"), True))
    width = x1 - left - CARD_W - 30
    for k, (note, loud) in enumerate(notes):
        xy = (left, top + CARD_H + 14 + k * 27)
        ink = pal["highlight"] if loud else pal["muted_text"]
        draw_text(
            img, xy, note, size=22, bold=loud, fill=ink, kit=kit, anchor="lm", max_width=width
        )


def draw_footer(
    img: Image.Image,
    view: ChinaView,
    geo: cg.Geometry,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """The last turn in words along the panel's bottom."""
    x0, _, x1, y1 = geo.panel_box
    xy, width, size = (x0 + 16, y1 - 25), x1 - x0 - 32, caps_size(img.width)
    last = view.last_turn
    if last is None:
        text = tr("china.first_turn")
    else:  # the name gives way, never the move

        def sentence(name: str) -> str:
            named = with_name(names, last.seat, name, view.players)
            return tr("china.last_turn", text=last_turn_text(view, named, tr.locale))

        who = seat_label(last.seat, names, tr.locale)
        text = fit_name(sentence, who, shown_width(kit.metrics(size)), width)
    draw_lines(  # one line, else two standing on the panel's bottom
        img, (xy[0], xy[1] + 9), text, size=size, floor=size, fill=pal["text"], kit=kit,
        anchor="ls", max_width=width, role="last",
    )  # fmt: skip


def render(
    view: ChinaView,
    *,
    palette: Palette,
    highlight: bool,
    names: Sequence[str] | None,
    kit: Toolkit,
    locale: str = "en",
) -> Image.Image:
    """The board picture of ``view`` (RGB): static layer copy, then pieces, cards and text."""
    tr = words(locale)
    geo = geometry(view, kit, tr.locale)
    key = (GAME_KEY, view.side, view.players, (geo.width, geo.height), palette["name"], tr.locale)
    img = kit.layer(key, lambda: draw_static(view, geo, palette, kit, tr))
    if highlight:
        draw_last_turn(img, view, geo, palette, kit)
    draw_spaces(img, view, geo, palette, kit)
    draw_envoys(img, view, geo, palette, kit, highlight)
    draw_scored(img, view, geo, palette, kit, tr)
    draw_title_status(img, view, geo, names, palette, kit, tr)
    draw_players(img, view, geo, names, palette, kit, tr)
    draw_cards(img, view, geo, palette, kit, tr)
    draw_footer(img, view, geo, names, palette, kit, tr)
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
)
