"""The private Samurai picture sent by DM: the viewer's hand, draw pile and captures.

Drawn from the viewer's own view only (``hand``, ``pile``, ``captured``); the public view
holds none of these, so it gets a plain notice instead. During the pick the "pile" row
shows the tiles still to choose from (the full set minus the chosen ones, public data).
"""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image, ImageDraw

from games.samurai.data import PLAYER_TILES
from games.samurai.view import SamuraiView, TileView, tile_view
from renderer.core import QUIET_CAPS_PX, Point, Toolkit, caps_size, fit_text, rgb
from renderer.palettes import Palette
from renderer.plugin import Paint, picture
from renderer.samurai.art import (
    FIGURES,
    figure,
    hex_points,
    paste_centred,
    seat_mark,
    tile,
)
from renderer.samurai.text import draw_line, fitting, text_width
from renderer.samurai.words import hand_alt_text, printed_code, tile_name
from renderer.text import seat_label
from renderer.words import Words

__all__ = ["HAND_SIZE", "hand_alt_text", "hand_slot_centres", "render_hand"]

WIDTH, HEIGHT = 1000, 540
HAND_SIZE = 5
BIG, SMALL = 66, 34  # tile circumradii: the hand, the pile
SLOT_W = 188
PILE_X, PILE_Y, PILE_STEP, PILE_PER_ROW = 24, 388, 59, 10
CAPTURE_X = 640


def hand_slot_centres() -> list[Point]:
    """Centres of the five hand tiles in the picture (tests use them)."""
    x0 = (WIDTH - HAND_SIZE * SLOT_W) / 2 + SLOT_W / 2
    return [(x0 + i * SLOT_W, 182.0) for i in range(HAND_SIZE)]


def pile_tiles(view: SamuraiView) -> tuple[TileView, ...]:
    """The draw pile, or during the pick the tiles not chosen yet (canonical order)."""
    if view.phase != "pick":
        return view.pile
    left = list(PLAYER_TILES)
    for t in view.hand:
        left.remove(t.code)
    return tuple(tile_view(code) for code in left)


def _static(pal: Palette, kit: Toolkit, tr: Words) -> Image.Image:
    img = Image.new("RGB", (WIDTH * 2, HEIGHT * 2), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    for box in (
        (12, 96, WIDTH - 12, 312),
        (12, 324, CAPTURE_X - 14, HEIGHT - 12),
        (CAPTURE_X, 324, WIDTH - 12, HEIGHT - 12),
    ):
        draw.rounded_rectangle(
            tuple(v * 2 for v in box),
            radius=28,
            fill=pal["panel"],
            outline=pal["panel_border"],
            width=4,
        )
    for cx, cy in hand_slot_centres():
        draw.polygon(hex_points(cx * 2, cy * 2, BIG * 2 - 4), outline=pal["panel_border"], width=4)
    img = img.reduce(2)
    draw = ImageDraw.Draw(img)
    head = kit.font(24, True)
    heading = fit_text(tr("samurai.hand.captured"), head, WIDTH - CAPTURE_X - 52)
    draw.text((CAPTURE_X + 20, 350), heading, font=head, fill=pal["text"], anchor="lm")
    for t, letter in enumerate(FIGURES):
        cx = CAPTURE_X + 20 + 40 + t * 112
        sprite = figure(letter, 64, pal, kit, letter=False)
        img.paste(sprite, (round(cx - 32), 384), sprite)
        fnt = kit.font(caps_size(WIDTH, QUIET_CAPS_PX), False)
        word = fit_text(tr(f"samurai.figure_type.{letter}"), fnt, 108)
        draw.text((cx, 468), word, font=fnt, fill=pal["muted_text"], anchor="mm")
    return img


@picture
def render_hand(view: SamuraiView, paint: Paint) -> Image.Image:
    """The viewer's private picture (RGB): five hand slots, draw pile, own captures."""
    palette, names, kit, tr = paint.palette, paint.names, paint.kit, paint.tr
    key = ("samurai-hand", (WIDTH, HEIGHT), palette["name"], tr.locale)
    img = kit.layer(key, lambda: _static(palette, kit, tr))
    if view.viewer is None:
        draw_line(
            img,
            (24, 48),
            tr("samurai.hand.public"),
            size=30,
            bold=True,
            fill=palette["text"],
            kit=kit,
            anchor="lm",
            max_width=WIDTH - 48,
        )
        return img
    seat = view.viewer
    _draw_title(img, view, seat, names, palette, kit, tr)
    for (cx, cy), t in zip(hand_slot_centres(), view.hand, strict=False):
        paste_centred(img, tile(printed_code(t, tr), seat, BIG, palette, kit), (cx, cy))
        _draw_tile_name(img, (cx, cy), tile_name(t, tr), palette, kit)
        if t.fast:
            _tag(img, (cx, cy + 116), tr("samurai.hand.fast"), palette, kit)
    _draw_pile(img, view, seat, palette, kit, tr)
    _draw_captures(img, view, palette, kit)
    return img


def _draw_tile_name(img: Image.Image, centre: Point, name: str, pal: Palette, kit: Toolkit) -> None:
    """A hand tile's name under it: one line, smaller if need be, else two lines (a long
    translation such as "Intercambio de figuras"), clear of the FAST tag below."""
    cx, cy = centre
    room = SLOT_W - 8
    floor = caps_size(WIDTH, QUIET_CAPS_PX)
    size = fitting(kit, name, (22, floor), room, bold=True)
    lines = [name]
    if text_width(kit, name, size, True) > room and " " in name:
        first, rest = name.split(" ", 1)
        lines, size = [first, rest], floor
    top = cy + 88 if len(lines) == 1 else cy + 74  # two lines: under the hex, over the tag
    for n, line in enumerate(lines):
        xy = (cx, top + n * 20)
        draw_line(
            img, xy, line, size=size, bold=True, fill=pal["text"], kit=kit, anchor="mm",
            max_width=room,
        )  # fmt: skip


def _draw_title(
    img: Image.Image,
    view: SamuraiView,
    seat: int,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    mark = seat_mark(seat, 44, pal, pal["text"], kit)
    img.paste(mark, (20, 24), mark)
    title = tr("samurai.hand.title", name=seat_label(seat, names, tr.locale))
    note = _phase_note(view, tr)
    # The phase note keeps its width (up to 300 px); the title takes what is left.
    note_w = min(300.0, text_width(kit, note, caps_size(WIDTH)))
    room = min(620.0, WIDTH - 24 - note_w - 24 - 74)
    sizes = tuple(range(32, caps_size(WIDTH, QUIET_CAPS_PX) - 1, -1))  # a long name: smaller
    draw_line(
        img,
        (74, 46),
        title,
        size=fitting(kit, title, sizes, room, bold=True),
        bold=True,
        fill=pal["text"],
        kit=kit,
        anchor="lm",
        max_width=room,
    )
    draw_line(
        img,
        (WIDTH - 24, 46),
        note,
        size=caps_size(WIDTH),
        fill=pal["muted_text"],
        kit=kit,
        anchor="rm",
        max_width=300,
        role="task",
    )


def _phase_note(view: SamuraiView, tr: Words) -> str:
    if view.phase == "pick":
        done = tr("samurai.hand.confirmed") if view.confirmed else ""
        return tr("samurai.hand.pick", n=len(view.hand), of=HAND_SIZE, confirmed=done)
    if view.phase == "over":
        return tr("common.game_over")
    if view.current == view.viewer:
        mine = "your_turn" if view.phase == "play" else "your_placement"
        return tr(f"samurai.hand.{mine}")
    if view.phase == "play":
        return tr("samurai.hand.turn", n=view.turn)
    return tr("samurai.hand.placing")


def _tag(img: Image.Image, centre: Point, text: str, pal: Palette, kit: Toolkit) -> None:
    size = caps_size(WIDTH, QUIET_CAPS_PX)
    w = text_width(kit, text, size, True) + 20
    cx, cy = centre
    ImageDraw.Draw(img).rounded_rectangle(
        (cx - w / 2, cy - 13, cx + w / 2, cy + 13), radius=13, fill=pal["highlight"]
    )
    ink = pal["token_text"]
    draw_line(img, (cx, cy), text, size=size, bold=True, fill=ink, kit=kit, anchor="mm")


def _draw_pile(
    img: Image.Image, view: SamuraiView, seat: int, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    tiles = pile_tiles(view)
    head = tr("samurai.hand.to_choose") if view.phase == "pick" else tr("samurai.hand.pile")
    draw_line(
        img,
        (PILE_X + 4, 350),
        tr.count("samurai.hand.pile_head", len(tiles), head=head),
        size=24,
        bold=True,
        fill=pal["text"],
        kit=kit,
        anchor="lm",
        max_width=CAPTURE_X - 14 - PILE_X - 20,
    )
    if not tiles:
        empty = tr("samurai.hand.empty")
        draw_line(img, (PILE_X + 4, 400), empty, size=22, fill=pal["muted_text"], kit=kit)
    for n, t in enumerate(tiles[: 2 * PILE_PER_ROW]):
        row, col = divmod(n, PILE_PER_ROW)
        centre = (PILE_X + SMALL + col * PILE_STEP, PILE_Y + SMALL + row * 2 * SMALL * 0.95)
        paste_centred(img, tile(printed_code(t, tr), seat, SMALL, pal, kit), centre)


def _draw_captures(img: Image.Image, view: SamuraiView, pal: Palette, kit: Toolkit) -> None:
    captured = view.captured or (0, 0, 0)
    for t, count in enumerate(captured):
        cx = CAPTURE_X + 20 + 40 + t * 112
        draw_line(
            img, (cx, 500), f"×{count}", size=28, bold=True, fill=pal["text"], kit=kit, anchor="mm",
            role="score",
        )  # fmt: skip
