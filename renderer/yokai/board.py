"""Yōkai no Mori boards (3x4 and 5x6), drawn only from a YokaiView.

Layout: the board on the left (first player at the bottom, files a.. under it, ranks 1..
beside it); on the right a column with the second player's panel at the top (their side),
the status in the middle and the first player's panel at the bottom; under both, a key of
every piece and of the promotion zones, which are marked on the board by a band of the
promoting seat's colour along the frame. Pieces are shogi-like pentagon tokens pointing at
the opponent, with the piece letter and a dot for each direction the piece can step; the
second player's tokens are turned 180°. A seat's own view of the board (its DM, ``/game
board``) is turned so that its pieces are at the bottom. Every text is at least 24 px, so
9 px when the 1158 px picture is shown 450 px wide (tests/renderer/test_legible.py).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from PIL import Image, ImageDraw

from games.yokai.view import YokaiView
from renderer.core import (
    Point,
    Role,
    Toolkit,
    caps_size,
    draw_lines,
    draw_seat_mark,
    draw_text,
    legible_size,
    rgb,
)
from renderer.palettes import Palette
from renderer.plugin import Drawing, Paint, picture
from renderer.text import fit_name, fit_names, result_lines, seat_label, shown_width
from renderer.words import Words
from renderer.yokai.layout import LEGEND_ROW, Layout, layout_for, square_box
from renderer.yokai.result import result_part
from renderer.yokai.tokens import GAME_KEY, token
from renderer.yokai.words import alt_sentences, alt_text, piece_key, piece_name, short_move, title

__all__ = ["GAME_KEY", "alt_text", "render", "square_box"]

# Pieces named in the legend, per board size.
LEGEND = {(3, 4): ("K", "F", "T", "D", "+D"), (5, 6): ("K", "I", "O", "D", "+D", "+O")}
ZONE_DEPTH = {(3, 4): 1, (5, 6): 2}  # ranks of each side's promotion zone (games/yokai)
TEXT = 24  # the smallest text: 9 px at 450 px for the widest board (1158 px)
LEGEND_TOKEN = 56  # its letter is 0.45 of the token: 25 px


# --- static layer -----------------------------------------------------------------------


def draw_static(lay: Layout, pal: Palette, kit: Toolkit, heading: str, tr: Words) -> Image.Image:
    """Background, board, grid, coordinates, empty panels, title and legend: drawn once."""
    img = Image.new("RGB", (lay.width, lay.height), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    x0, y0 = lay.board_x, lay.board_y
    x1, y1 = x0 + lay.files * lay.sq, y0 + lay.ranks * lay.sq
    f = lay.frame
    draw.rounded_rectangle((x0 - f, y0 - f, x1 + f, y1 + f), radius=f, fill=pal["board_frame"])
    draw.rectangle((x0, y0, x1 - 1, y1 - 1), fill=pal["board"])
    for file in range(1, lay.files):
        x = x0 + file * lay.sq
        draw.line((x, y0, x, y1 - 1), fill=pal["grid"], width=3)
    for rank in range(1, lay.ranks):
        y = y0 + rank * lay.sq
        draw.line((x0, y, x1 - 1, y), fill=pal["grid"], width=3)
    draw_zones(draw, lay, pal)
    # Coordinates are labels: quieter than the pieces (regular weight, muted ink).
    coord_font = kit.font(28, False)
    for file in range(lay.files):
        shown = lay.files - 1 - file if lay.flipped else file
        xy = (x0 + (shown + 0.5) * lay.sq, y1 + f + lay.band / 2)
        draw.text(xy, "abcde"[file], font=coord_font, fill=pal["muted_text"], anchor="mm")
    for rank in range(lay.ranks):
        shown = lay.ranks - 1 - rank if lay.flipped else rank
        xy = (lay.margin + lay.band / 2, y0 + (lay.ranks - 0.5 - shown) * lay.sq)
        draw.text(xy, str(rank + 1), font=coord_font, fill=pal["muted_text"], anchor="mm")
    for box in (lay.panel_box(0), lay.panel_box(1), lay.status_box()):
        draw.rounded_rectangle(
            box, radius=14, fill=pal["panel"], outline=pal["panel_border"], width=2
        )
    sx0, sy0, _, _ = lay.status_box()
    draw.text((sx0 + 20, sy0 + 36), heading, font=kit.font(34, True), fill=pal["text"], anchor="lm")
    draw_legend(img, lay, pal, kit, tr)
    return img


def zone_rows(lay: Layout, seat: int) -> range:
    """The ranks (0-based) of ``seat``'s promotion zone: the far ranks from its side."""
    depth = ZONE_DEPTH.get((lay.files, lay.ranks), 1)
    return range(lay.ranks - depth, lay.ranks) if seat == 0 else range(depth)


def draw_zones(draw: ImageDraw.ImageDraw, lay: Layout, pal: Palette) -> None:
    """Each seat's promotion zone: a band of the seat's colour on the frame beside those
    ranks, and a dashed line where the zone begins (shape as well as colour)."""
    for seat in (0, 1):
        boxes = [lay.square_box(rank * lay.files) for rank in zone_rows(lay, seat)]
        boxes += [lay.square_box(rank * lay.files + lay.files - 1) for rank in zone_rows(lay, seat)]
        top = min(b[1] for b in boxes)
        bottom = max(b[3] for b in boxes)
        left, right = lay.board_x, lay.board_x + lay.files * lay.sq
        f = lay.frame
        colour = pal["players"][seat]
        draw.rectangle((left - f, top, left - 3, bottom - 1), fill=colour)
        draw.rectangle((right + 2, top, right + f - 1, bottom - 1), fill=colour)
        edge = bottom if top == lay.board_y else top  # the zone's inner edge
        for x in range(left + 6, right - 6, 24):
            draw.line((x, edge, min(x + 12, right - 6), edge), fill=colour, width=5)


# The marks of the board the key explains after the pieces (see :func:`draw_mark`).
MARKS = ("zone", "last", "check")


def legend_items(lay: Layout, tr: Words) -> list[str]:
    """What the key shows: every piece of the board's size, then every other mark."""
    return [*LEGEND.get((lay.files, lay.ranks), ()), *MARKS]


def legend_rows(lay: Layout, kit: Toolkit, tr: Words) -> int:
    """How many rows the key takes in ``tr``'s words (every item is shown)."""
    x0, _, x1, _ = lay.legend_box()
    rows, x = 1, x0
    fnt = kit.metrics(TEXT)
    for key in legend_items(lay, tr):
        w = LEGEND_TOKEN + 8 + fnt.getlength(_legend_word(key, tr)) + 26
        if x > x0 and x + w > x1:
            rows, x = rows + 1, x0
        x += round(w)
    return rows


def _legend_word(key: str, tr: Words) -> str:
    return tr(f"yokai.legend.{key}") if key in MARKS else piece_name(key, tr)


def draw_legend(img: Image.Image, lay: Layout, pal: Palette, kit: Toolkit, tr: Words) -> None:
    """The key under the picture: every piece as a token with its name, then the promotion
    zone's mark, flowed left to right (the layout has the rows they need)."""
    draw = ImageDraw.Draw(img)
    x0, y0, x1, _ = lay.legend_box()
    size, fnt = LEGEND_TOKEN, kit.font(TEXT, False)
    x, y = x0, y0 + (LEGEND_ROW - size) // 2
    for key in legend_items(lay, tr):
        name = _legend_word(key, tr)
        w = size + 8 + fnt.getlength(name) + 26
        if x > x0 and x + w > x1:
            x, y = x0, y + LEGEND_ROW
        if key == "zone":
            for seat, dy in ((0, 0), (1, size // 2 + 2)):
                box = (x + 8, y + dy + 4, x + size - 8, y + dy + size // 2 - 6)
                draw.rectangle(box, fill=pal["players"][seat])
        elif key in MARKS:
            draw.rectangle((x, y, x + size, y + size), fill=pal["board"])
            draw_mark(draw, key, (x + 2, y + 2, x + size - 2, y + size - 2), pal, 0.5)
        else:
            sprite = token(key, 0, size, pal, kit)
            img.paste(sprite, (x, y), sprite)
        draw.text((x + size + 8, y + size / 2), name, font=fnt, fill=pal["text"], anchor="lm")
        x += round(w)


# --- per-call layers --------------------------------------------------------------------


def draw_highlights(draw: ImageDraw.ImageDraw, lay: Layout, view: YokaiView, pal: Palette) -> None:
    """Tint the last move's squares; frame its target so it shows without colour too."""
    for n, index in enumerate(view.last_squares):
        box = _inner(lay.square_box(index))
        if n == len(view.last_squares) - 1:
            draw_mark(draw, "last", box, pal)
        else:
            draw.rectangle(box, fill=pal["highlight"])


def draw_check(draw: ImageDraw.ImageDraw, lay: Layout, view: YokaiView, pal: Palette) -> None:
    """A thick ring, lined in white, around the koropokkuru that is in check."""
    if not view.in_check or view.to_move is None:
        return
    king = "K" if view.to_move == 0 else "k"
    for index, code in enumerate(view.board):
        if code == king:
            draw_mark(draw, "check", _inner(lay.square_box(index)), pal)


def draw_mark(
    draw: ImageDraw.ImageDraw, mark: str, box: tuple[int, int, int, int], pal: Palette,
    scale: float = 1.0,
) -> None:  # fmt: skip
    """A square's mark, on the board and (``scale`` smaller) in the key: "last", the last
    move's target, tinted and framed so it shows without colour too; "check", a thick
    ring lined in white (the lining keeps it apart from token outlines of the same hue:
    the colour-blind palette's check colour is also a seat colour)."""
    x0, y0, x1, y1 = box
    if mark == "last":
        draw.rectangle(box, fill=pal["highlight"])
        draw.rectangle(box, outline=pal["highlight_border"], width=round(6 * scale))
    elif mark == "check":
        ring, gap = round(10 * scale), round(10 * scale)
        draw.rectangle(box, outline=pal["check"], width=ring)
        draw.rectangle((x0 + gap, y0 + gap, x1 - gap, y1 - gap), outline="#ffffff", width=3)


def _inner(box: tuple[int, int, int, int]) -> tuple[int, int, int, int]:
    # Inside the grid lines, which belong to the cached static layer.
    x0, y0, x1, y1 = box
    return x0 + 2, y0 + 2, x1 - 2, y1 - 2


def draw_pieces(img: Image.Image, lay: Layout, view: YokaiView, pal: Palette, kit: Toolkit) -> None:
    size = lay.token
    for index, code in enumerate(view.board):
        if not code:
            continue
        key, seat = piece_key(code)
        x0, y0, _, _ = lay.square_box(index)
        sprite = token(key, seat, size, pal, kit, seat == lay.top_seat)
        img.paste(sprite, (x0 + (lay.sq - size) // 2, y0 + (lay.sq - size) // 2), sprite)


def pill(
    img: Image.Image,
    xy: Point,
    text: str,
    colours: tuple[str, str],
    kit: Toolkit,
    *,
    size: int = TEXT,
    right: bool = False,
    role: Role = "other",
) -> None:
    """A rounded label (fill, ink) starting at ``xy`` = (left, middle), or ending there."""
    w = kit.metrics(size, True).getlength(text) + 24
    x, cy = xy
    x0 = x - w if right else x
    box = (x0, cy - size * 0.8, x0 + w, cy + size * 0.8)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=size, fill=colours[0])
    draw_text(
        img, (x0 + w / 2, cy), text, size=size, bold=True, fill=colours[1], kit=kit, anchor="mm",
        role=role,
    )  # fmt: skip


def draw_panel(img: Image.Image, lay: Layout, view: YokaiView, seat: int, paint: Paint) -> None:
    """One player's mark, name, side, turn/winner label and reserve."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    draw = ImageDraw.Draw(img)
    x0, y0, x1, y1 = lay.panel_box(seat)
    turn = view.outcome is None and view.to_move == seat
    won = view.outcome is not None and not view.outcome.is_draw and seat in view.outcome.winners
    label = tr("yokai.tag.to_move") if turn else tr("yokai.tag.winner") if won else ""
    if label:
        draw.rounded_rectangle((x0, y0, x1, y1), radius=14, outline=pal["highlight"], width=5)
    mark = pal["player_shapes"][seat]
    draw_seat_mark(draw, mark, (x0 + 32, y0 + 34), 13, pal["players"][seat], pal["text"])
    _name_line(img, (x0, y0, x1, y1), seat_label(seat, names, tr.locale), label, pal, kit)
    up = 1 if seat == lay.top_seat else 0  # the side of the picture, not of the game
    side = tr(f"yokai.side.{up}")
    role = f"{seat_label(seat, None, tr.locale)} · {side}" if names else tr(f"yokai.side_of.{up}")
    room = x1 - x0 - 36
    draw_text(
        img, (x0 + 20, y0 + 74), role, size=TEXT, fill=pal["muted_text"], kit=kit, anchor="lm",
        max_width=room,
    )  # fmt: skip
    box = (x0 + 16, y0 + 100, x1 - 16, y1 - 8)
    draw_reserve(img, box, view.hands[seat], seat, pal, kit, tr, up == 1)


def _name_line(
    img: Image.Image, box: tuple[int, int, int, int], name: str, label: str, pal: Palette,
    kit: Toolkit,
) -> None:  # fmt: skip
    """A panel's name with its turn/winner pill right of it. The name gives way: smaller,
    on two lines, then shortened with "…" (never under the pill)."""
    x0, y0, x1, _ = box
    loud = caps_size(img.width)
    pill_w = kit.metrics(loud, True).getlength(label) + 30 if label else 0
    if label:
        colours = (pal["highlight"], pal["token_text"])
        pill(img, (x1 - 16, y0 + 34), label, colours, kit, size=loud, right=True, role="turn")
    draw_lines(
        img, (x0 + 58, y0 + 34), name, size=30, floor=legible_size(img.width), fill=pal["text"],
        kit=kit, bold=True, anchor="lm", max_width=round(x1 - x0 - 76 - pill_w),
    )  # fmt: skip


def draw_reserve(
    img: Image.Image,
    box: tuple[int, int, int, int],
    hand: Sequence[tuple[str, int]],
    seat: int,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
    down: bool = False,
) -> None:
    """Captured pieces as tokens with counts ("×2"), one row; smaller when four kinds."""
    x0, y0, x1, y1 = box
    if not hand:
        note = tr("yokai.no_reserve")
        draw_text(
            img, (x0 + 4, y0 + 30), note, size=TEXT, fill=pal["muted_text"], kit=kit, anchor="lm"
        )
        return
    per_row = max(3, len(hand))
    slot = (x1 - x0) // per_row
    size = min(y1 - y0, round(slot * 0.62))  # its letter stays 24 px with four kinds
    count_size = 30 if per_row <= 3 else 26
    for n, (letter, count) in enumerate(hand):
        ex = x0 + n * slot
        sprite = token(letter, seat, size, pal, kit, down)
        img.paste(sprite, (ex, y0), sprite)
        xy = (ex + size + 2, y0 + size / 2)
        draw_text(
            img, xy, f"×{count}", size=count_size, bold=True, fill=pal["text"], kit=kit, anchor="lm"
        )


def draw_status(img: Image.Image, lay: Layout, view: YokaiView, paint: Paint) -> None:
    """Move number and last move, whose turn or the result, and the check mark."""
    names, pal, kit, tr = paint.names, paint.palette, paint.kit, paint.tr
    x0, y0, x1, _ = lay.status_box()
    width = x1 - x0 - 40
    info = tr("yokai.start") if view.ply == 0 else tr("yokai.move_n", n=view.ply)
    if view.last_move:
        info += tr("yokai.last", move=short_move(view))
    muted, loud = pal["muted_text"], caps_size(img.width)
    xy: Point = (x0 + 20, y0 + 80)
    size = max(26, loud)
    draw_text(
        img, xy, info, size=size, fill=muted, kit=kit, anchor="lm", max_width=width, role="last"
    )
    head, reason = _status_head(view, names, kit, tr, width, loud)
    xy = (x0 + 20, y0 + 124)
    draw_lines(
        img, xy, head, size=max(30, loud), floor=loud, fill=pal["text"],
        kit=kit, bold=True, anchor="lm", max_width=width, role="turn",
    )  # fmt: skip
    if view.in_check and view.outcome is None:
        check = tr("yokai.tag.check")
        colours = (pal["check"], "#ffffff")
        pill(img, (x0 + 20, y0 + 168), check, colours, kit, size=loud, role="task")
    elif reason:
        xy = (x0 + 20, y0 + 168)
        draw_text(img, xy, reason, size=26, fill=pal["text"], kit=kit, anchor="lm", max_width=width)


def _status_head(
    view: YokaiView, names: Sequence[str] | None, kit: Toolkit, tr: Words, width: float,
    loud: int,
) -> tuple[str, str]:  # fmt: skip
    """The status's heading (whose turn, or the result, the names giving way) and the
    reason the game ended ("" while it runs)."""
    reason = ""
    measure = shown_width(kit.metrics(loud, True))
    if view.outcome is not None:
        outcome, labels = view.outcome, [seat_label(s, names, tr.locale) for s in (0, 1)]
        reason = result_lines(outcome, names, tr.locale, GAME_KEY)[1]
        head = fit_names(
            lambda n: result_lines(outcome, n, tr.locale, GAME_KEY)[0], labels, measure, width
        )
    elif view.to_move is not None:
        name = seat_label(view.to_move, names, tr.locale)
        head = fit_name(lambda n: tr("yokai.to_move", name=n), name, measure, width)
    else:
        head = ""
    return head, reason


@picture
def render(view: YokaiView, paint: Paint) -> Image.Image:
    """The board picture of ``view`` (RGB): static layer copy, then the position on top."""
    palette, kit, tr = paint.palette, paint.kit, paint.tr
    lay = layout_for(view)
    lay = replace(lay, legend_rows=legend_rows(lay, kit, tr))
    key = (GAME_KEY, view.variant, lay, palette["name"], tr.locale)
    img = kit.layer(key, lambda: draw_static(lay, palette, kit, title(view), tr))
    draw = ImageDraw.Draw(img)
    if paint.highlight:
        draw_highlights(draw, lay, view, palette)
    draw_check(draw, lay, view, palette)
    draw_pieces(img, lay, view, palette, kit)
    for seat in (1, 0):
        draw_panel(img, lay, view, seat, paint)
    draw_status(img, lay, view, paint)
    return img


# Yōkai no Mori's :class:`~renderer.plugin.GameRenderer`: board and alt text only.
RENDERER = Drawing(
    GAME_KEY,
    render,
    alt_sentences,
    result=result_part,
)
