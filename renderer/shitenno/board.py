"""Shitenno boards (2-4 players), drawn only from a ShitennoView; also the hand picture.

Layout, 900 px wide (every text at least 18 px, so at least 9 px once scaled to 450 px):
a title bar (game, year and phase, whose turn in a pill); the eight provinces in the
printed 3x3 layout without a centre (each: a band in its troop colour with its name and
troop, the four positions with their favour under them, Kamons in seat colour and shape,
golden ones on a gold disc, the next free position ringed, what it needs in words and the
bonus tiles left), the titles and their holders in the centre; a table of the players
(general, title, favour, Kamons left, hand sizes, bonus tiles); the favour track with
every general's marker; Edo (the sharing year: Tairō, open cards, the lot on offer and to
whom, tiles left, lots taken) or the turn order (province year), the decks and the last
action in words; a legend of titles' seals and powers and a key for every mark.

Static layer (cached per player count, palette and locale): background, frames, province
bands, names, favour values, empty positions, headings, the legend. Per call: Kamons, the
rings, requirements, the players, the track, Edo and the status.
"""

from __future__ import annotations

import math
from functools import partial

from PIL import Image, ImageDraw

from games.shitenno.view import ProvinceView, SeatView, ShitennoView
from renderer.core import Toolkit, draw_lines, rgb
from renderer.palettes import Palette
from renderer.plugin import Drawing, Paint, picture
from renderer.shitenno import art
from renderer.shitenno.edo import _edo, labels
from renderer.shitenno.hand import render_hand
from renderer.shitenno.layout import (
    BAND_H,
    DISC_R,
    GAME_KEY,
    LOUD,
    MIN_TEXT,
    PLAYER_HEAD,
    PLAYER_ROW,
    WIDTH,
    Layout,
    M,
    _fit,
    _text,
    disc_centres,
    layout,
    province_box,
    text_length,
)
from renderer.shitenno.result import result_part
from renderer.shitenno.words import (
    alt_sentences,
    hand_alt_text,
    koku_text,
    need_text,
    phase_line,
    status,
    title_name,
)
from renderer.text import fit_names, seat_label
from renderer.words import Words

__all__ = ["GAME_KEY", "MIN_TEXT", "WIDTH", "layout", "province_box", "render"]

# The key under the titles' powers: every mark of the provinces (a seat's Kamons are told
# apart by the mark beside each name in the players' table, the titles' seals by the
# powers above), as (mark, catalogue key) in the key's order.
KEY: tuple[tuple[str, str], ...] = (
    ("golden", "shitenno.pic.key.golden"),
    ("next", "shitenno.pic.key.next"),
    ("position", "shitenno.pic.key.position"),
    ("last", "shitenno.pic.key.last"),
)

# --- static layer -----------------------------------------------------------------------


PLAYER_COLS = {  # x of each column (offset from the panel's left), anchor
    "title": (262, "lm"),
    "favour": (444, "rm"),
    "kamons": (532, "rm"),
    "troop": (606, "rm"),
    "koku": (668, "rm"),
    "exchange": (740, "rm"),
    "plus": (792, "rm"),
    "draw": (862, "rm"),
}


def _static(view: ShitennoView, lay: Layout, pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    img = Image.new("RGB", (WIDTH, lay.height), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    _text(img, (M, 28), tr("shitenno.pic.name").upper(), 30, pal["text"], kit, bold=True)
    cell = art.cell_colour(pal)
    for p in view.provinces:
        box = province_box(p.row, p.col)
        draw.rounded_rectangle(box, radius=10, fill=cell, outline=pal["panel_border"], width=2)
        band = (box[0], box[1], box[2], box[1] + BAND_H)
        colour = art.troop_colour(p.troop, pal)
        draw.rounded_rectangle(band, radius=10, fill=colour)
        draw.rectangle((band[0], band[3] - 10, band[2], band[3]), fill=colour)
        ink = art.ink_on(colour)
        name = tr(f"shitenno.province.{p.id}")
        troop = tr(f"shitenno.troop.{p.troop}")
        _text(img, (box[0] + 10, box[1] + BAND_H / 2), name, 22, ink, kit, bold=True, width=150)
        _text(img, (box[2] - 10, box[1] + BAND_H / 2), troop, 18, ink, kit, anchor="rm", width=110)
        for value, centre in zip(p.values, disc_centres(box), strict=True):
            art.paste(img, art.position_disc(DISC_R, False, pal, kit), centre)
            below = (centre[0], centre[1] + DISC_R + 13)
            _text(img, below, str(value), 18, art.CELL_MUTED, kit, bold=True, anchor="mm")
    _titles_cell(img, view, pal, kit, tr)
    # panels
    for b in (lay.players_box, lay.track_box, lay.edo_box, lay.legend_box):
        draw.rounded_rectangle(
            b, radius=12, fill=pal["panel"], outline=pal["panel_border"], width=2
        )
    _player_heads(img, lay, pal, kit, tr)
    x0, y0, _, _ = lay.track_box
    _text(img, (x0 + 12, y0 + 22), tr("shitenno.pic.track"), 20, pal["text"], kit, bold=True)
    _legend(img, view, lay, pal, kit, tr)
    return img


def _titles_cell(
    img: Image.Image, view: ShitennoView, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """The centre of the grid: the titles, each with its seals."""
    draw = ImageDraw.Draw(img)
    box = province_box(1, 1)
    draw.rounded_rectangle(box, radius=10, fill=pal["panel"], outline=pal["panel_border"], width=2)
    _text(
        img, (box[0] + 12, box[1] + 22), tr("shitenno.pic.titles"), 22, pal["text"], kit, bold=True
    )
    for i, t in enumerate(view.titles):
        y = box[1] + 60 + i * 38
        _text(
            img,
            (box[0] + 12, y),
            title_name(t.seals, tr),
            20,
            pal["text"],
            kit,
            bold=True,
            width=104,
        )
        sprite = art.seals(t.seals, 4, pal, kit)
        img.paste(sprite, (box[0] + 120, round(y - sprite.height / 2)), sprite)


def _player_heads(img: Image.Image, lay: Layout, pal: Palette, kit: Toolkit, tr: Words) -> None:
    x0, y0, _, _ = lay.players_box
    muted = pal["muted_text"]
    _text(img, (x0 + 46, y0 + 40), tr("shitenno.pic.head.player"), 18, muted, kit)
    groups = (
        ("troop", "koku", "shitenno.pic.head.cards"),
        ("exchange", "draw", "shitenno.pic.head.tiles"),
    )
    for first, last, key in groups:
        left = x0 + PLAYER_COLS[first][0] - 62
        right = x0 + PLAYER_COLS[last][0]
        _text(
            img,
            ((left + right) / 2, y0 + 16),
            tr(key),
            18,
            muted,
            kit,
            anchor="mm",
            width=right - left + 10,
        )
        ImageDraw.Draw(img).line(
            (left + 6, y0 + 28, right, y0 + 28), fill=pal["panel_border"], width=2
        )
    heads = {
        "title": tr("shitenno.pic.head.title"),
        "favour": tr("shitenno.pic.head.favour"),
        "kamons": tr("shitenno.pic.head.kamons"),
        "troop": tr("shitenno.pic.head.troop"),
        "koku": tr("shitenno.pic.head.koku"),
        "exchange": tr("shitenno.pic.short.exchange"),
        "plus": tr("shitenno.pic.short.plus"),
        "draw": tr("shitenno.pic.short.draw"),
    }
    previous = 0
    for col, (x, anchor) in PLAYER_COLS.items():
        room = 200 if anchor == "lm" else x - previous - 6
        _text(img, (x0 + x, y0 + 40), heads[col], 18, muted, kit, anchor=anchor, width=room)
        previous = x


def _legend(
    img: Image.Image, view: ShitennoView, lay: Layout, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    x0, y0, x1, _ = lay.legend_box
    ink, muted = pal["text"], pal["muted_text"]
    for i, t in enumerate(view.titles):
        y = y0 + 20 + i * 26
        sprite = art.seals(t.seals, 4, pal, kit)
        img.paste(sprite, (x0 + 12 + 40 - sprite.width, round(y - sprite.height / 2)), sprite)
        text = tr(
            "shitenno.pic.power",
            title=title_name(t.seals, tr),
            power=tr(f"shitenno.pic.power.{t.id}"),
        )
        _text(img, (x0 + 62, y), text, 18, ink, kit, width=x1 - x0 - 74)
    y = y0 + 20 + 4 * 26 + 8
    x, row = float(x0 + 12), 0
    for mark, key in KEY:
        text = tr(key)
        width = text_length(kit, text, 18) + 36
        if x + width > x1 - 8 and x > x0 + 12:
            row += 1
            x = x0 + 12
        cy = y + row * 28
        if mark == "last":
            last_ring(ImageDraw.Draw(img), (x, cy - 11, x + 26, cy + 11), pal, 4, 5)
        elif mark == "golden":
            art.paste(img, art.kamon(0, True, 13, pal, kit), (x + 13, cy))
        else:
            art.paste(img, art.position_disc(13, mark == "next", pal, kit), (x + 13, cy))
        _text(img, (x + 32, cy), text, 18, muted, kit, width=x1 - x - 40)
        x += width + 18


def last_ring(
    draw: ImageDraw.ImageDraw, box: tuple[float, float, float, float], pal: Palette, width: int,
    radius: int,
) -> None:  # fmt: skip
    """The mark of the last action's province (and its sample in the key): a ring."""
    draw.rounded_rectangle(box, radius=radius, outline=pal["highlight"], width=width)


# --- per call ---------------------------------------------------------------------------


def _header(img: Image.Image, view: ShitennoView, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x = M + text_length(kit, tr("shitenno.pic.name").upper(), 30, True) + 18
    _text(img, (x, 30), phase_line(view, tr), 20, pal["muted_text"], kit, width=WIDTH - M - x)
    box = (M, 54, WIDTH - M, 92)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=18, fill=pal["highlight"])
    room = box[2] - box[0] - 28
    measure = partial(text_length, kit, size=LOUD, bold=True)
    text = fit_names(lambda n: status(view, n, tr), labels(view, names, tr), measure, room)
    size = _fit(kit, text, room, True, (LOUD, MIN_TEXT))
    _text(
        img,
        ((box[0] + box[2]) / 2, 73),
        text,
        size,
        pal["token_text"],
        kit,
        bold=True,
        anchor="mm",
        width=box[2] - box[0] - 24,
        role="turn",
    )


def _province(
    img: Image.Image, p: ProvinceView, pal: Palette, kit: Toolkit, tr: Words, lit: bool, over: bool
) -> None:
    box = province_box(p.row, p.col)
    draw = ImageDraw.Draw(img)
    if lit:
        last_ring(draw, (box[0] - 3, box[1] - 3, box[2] + 3, box[3] + 3), pal, 6, 12)
    for k, (slot, centre) in enumerate(zip(p.kamons, disc_centres(box), strict=True)):
        if slot is not None:
            art.paste(img, art.kamon(slot.owner, slot.golden, DISC_R, pal, kit), centre)
        elif k == p.next_position and not over:
            art.paste(img, art.position_disc(DISC_R, True, pal, kit), centre)
    x0, y0, x1, y1 = box
    width = x1 - x0 - 20
    need = need_text(p, tr)
    size = _fit(kit, need, width, True)
    ink = art.CELL_INK
    _text(img, (x0 + 10, y0 + 124), need, size, ink, kit, bold=True, width=width)
    koku = koku_text(p, tr)
    if koku:
        _text(img, (x0 + 10, y0 + 150), koku, 20, ink, kit, width=width)
    tiles = tr("shitenno.pic.tiles_left", n=p.tiles_left)
    _text(img, (x0 + 10, y1 - 22), tiles, 18, art.CELL_MUTED, kit, width=width)


def _holders(img: Image.Image, view: ShitennoView, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    box = province_box(1, 1)
    for i, t in enumerate(view.titles):
        y = box[1] + 60 + i * 38
        x = box[0] + 168
        if t.holder is None:
            _text(img, (x + 4, y), tr("shitenno.pic.vacant"), 18, pal["muted_text"], kit)
            continue
        art.paste(img, art.seat_marker(t.holder, 8, pal, kit), (x + 8, y))
        name = seat_label(t.holder, names, tr.locale)
        # The holder's mark always; the name when it fits whole (a long one is in the
        # players' table below, beside its title, never cut here).
        if kit.metrics(MIN_TEXT).getlength(name) <= box[2] - x - 28:
            _text(img, (x + 22, y), name, 18, pal["text"], kit, width=box[2] - x - 28)


def _players(img: Image.Image, view: ShitennoView, lay: Layout, paint: Paint) -> None:
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, x1, _ = lay.players_box
    draw = ImageDraw.Draw(img)
    ink, muted = pal["text"], pal["muted_text"]
    for s in view.seats:
        top = y0 + PLAYER_HEAD + s.seat * PLAYER_ROW
        cy = top + PLAYER_ROW / 2
        if view.current == s.seat and view.outcome is None:
            draw.rounded_rectangle(
                (x0 + 6, top + 1, x1 - 6, top + PLAYER_ROW - 1), radius=8, fill=pal["panel_border"]
            )
        name_y, cy = top + 19, top + 51  # the name's line, then the line of the columns
        art.paste(img, art.seat_marker(s.seat, 11, pal, kit), (x0 + 24, name_y))
        name = seat_label(s.seat, names, tr.locale)
        if s.resigned:
            name = tr("shitenno.pic.resigned", name=name)
        draw_lines(  # the whole row's width: a long name is never cut
            img, (x0 + 46, name_y), name, size=20, floor=MIN_TEXT, fill=ink, kit=kit,
            bold=True, max_width=x1 - x0 - 62, max_lines=1,
        )  # fmt: skip
        _text(img, (x0 + 46, cy), s.general, 18, muted, kit, width=PLAYER_COLS["title"][0] - 56)
        _columns(img, view, s, (x0, cy), ink, kit, tr)


def _columns(
    img: Image.Image,
    view: ShitennoView,
    s: SeatView,
    at: tuple[float, float],
    ink: str,
    kit: Toolkit,
    tr: Words,
) -> None:
    """A player's row after the name: title, favour, Kamons left, cards and tiles."""
    x0, cy = at
    title = title_name(s.title, tr) or "—"
    if view.tairo == s.seat:
        title = tr("shitenno.pic.tairo_title", title=title)
    _text(
        img,
        (x0 + PLAYER_COLS["title"][0], cy),
        title,
        20,
        ink,
        kit,
        width=PLAYER_COLS["favour"][0] - PLAYER_COLS["title"][0] - 56,
    )
    values = {
        "favour": s.favour,
        "kamons": s.kamons_left,
        "troop": s.troop_cards,
        "koku": s.koku_cards,
        "exchange": s.bonus["exchange"],
        "plus": s.bonus["plus"],
        "draw": s.bonus["draw"],
    }
    for col, value in values.items():
        x, anchor = PLAYER_COLS[col]
        big = col == "favour"
        _text(
            img, (x0 + x, cy), str(value), 24 if big else 20, ink, kit, bold=big, anchor=anchor,
            role="score" if big else "other",
        )  # fmt: skip


def _track(
    img: Image.Image, view: ShitennoView, lay: Layout, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    x0, y0, x1, _ = lay.track_box
    decks = tr(
        "shitenno.pic.decks",
        troops=view.troop_deck,
        discard=view.troop_discard,
        koku=view.koku_deck,
    )
    _text(
        img, (x1 - 14, y0 + 22), decks, 18, pal["muted_text"], kit, anchor="rm", width=x1 - x0 - 160
    )
    left, right = x0 + 130, x1 - 24
    top = max(s.favour for s in view.seats)
    scale = max(50, math.ceil((top + 1) / 10) * 10)
    line_y = y0 + 92
    draw = ImageDraw.Draw(img)
    draw.line((left, line_y, right, line_y), fill=pal["muted_text"], width=3)
    step = 10 if scale <= 100 else 20
    for v in range(0, scale + 1, step):
        x = left + (right - left) * v / scale
        draw.line((x, line_y - 5, x, line_y + 5), fill=pal["muted_text"], width=2)
        _text(img, (x, line_y + 17), str(v), 18, pal["muted_text"], kit, anchor="mm")
    placed: list[tuple[float, int]] = []
    for s in sorted(view.seats, key=lambda s: (s.favour, s.seat)):
        x = left + (right - left) * s.favour / scale
        level = 0
        while any(abs(px - x) < 24 and lv == level for px, lv in placed):
            level += 1
        placed.append((x, level))
        cy = line_y - 16 - level * 22
        draw.line((x, line_y, x, cy), fill=pal["players"][s.seat], width=2)
        art.paste(img, art.seat_marker(s.seat, 9, pal, kit), (x, cy))


@picture
def render(view: ShitennoView, paint: Paint) -> Image.Image:
    """The board picture of ``view`` (RGB)."""
    palette, kit, tr = paint.palette, paint.kit, paint.tr
    lay = layout(view.players, view.phase)
    key = (GAME_KEY, view.players, lay.height, palette["name"], tr.locale)
    img = kit.layer(key, lambda: _static(view, lay, palette, kit, tr))
    _header(img, view, paint)
    for p in view.provinces:
        lit = paint.highlight and p.id == view.last_province
        _province(img, p, palette, kit, tr, lit, view.phase == "over")
    _holders(img, view, paint)
    _players(img, view, lay, paint)
    _track(img, view, lay, palette, kit, tr)
    _edo(img, view, lay, paint)
    return img


# Shitenno's :class:`~renderer.plugin.GameRenderer`: board, hand, result columns.
RENDERER = Drawing(
    GAME_KEY,
    render,
    alt_sentences,
    draw_hand=render_hand,
    describe_hand=hand_alt_text,
    result=result_part,
    palette=art.png_palette,
    categories=art.category_colours,
)
