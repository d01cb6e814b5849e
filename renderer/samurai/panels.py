"""The Samurai legend panels: title and status, one row per player, turns, figures, key.

Each panel stacks named sections (see :mod:`renderer.samurai.layout`); the frames, the
title, the figure column heads and the key are static, everything else is drawn per call.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, replace
from functools import partial
from typing import cast

from PIL import Image, ImageDraw

from games.samurai.view import SamuraiView
from renderer.core import (
    Point,
    Role,
    Toolkit,
    caps_size,
    draw_text,
    fit_lines,
    fit_text,
    legible_size,
)
from renderer.palettes import Palette
from renderer.samurai.art import FIGURES, figure, seat_mark
from renderer.samurai.layout import KEY_H, PLAYER_H, Box, Layout, section_height
from renderer.samurai.text import draw_line, fit, text_width
from renderer.samurai.words import (
    LIT_TAGS,
    figures_on_board,
    seat_counts,
    seat_tag_key,
    status_lines,
    step_words,
    turn_entries,
)
from renderer.text import fit_names, seat_label, shown_width
from renderer.words import Words

PAD = 16  # inside a panel
LABEL_W = 150  # the row labels of the figures table
KEY_ITEMS = 5  # samurai.key.0 .. samurai.key.4: the key's phrases (every tile kind), flowed
KINDS = ("helmet", "buddha", "rice")
# The smallest text on the panels: 22 px on a board about 1065 px wide is 9.3 px on a phone
# showing it 450 px wide (issue 15).
SMALL = 22


def colour(pal: Palette, name: str) -> str:
    """The palette colour called ``name`` (a key chosen at run time)."""
    value = cast(Mapping[str, object], pal)[name]
    assert isinstance(value, str), name
    return value


@dataclass(frozen=True)
class Pen:
    """Text drawing with one palette and toolkit (keeps the calls short)."""

    img: Image.Image
    pal: Palette
    kit: Toolkit
    tr: Words
    loud: int  # the font size of what one must read (capitals of 8 px at 450 px wide)

    def text(
        self,
        xy: Point,
        text: str,
        size: int,
        *,
        bold: bool = False,
        ink: str = "text",
        anchor: str = "lm",
        width: float | None = None,
        role: Role = "other",
    ) -> None:
        """``text`` in the palette colour named ``ink``, cut to ``width`` px."""
        if not text:
            return
        fill = colour(self.pal, ink)
        draw_line(
            self.img,
            xy,
            text,
            size=size,
            bold=bold,
            fill=fill,
            kit=self.kit,
            anchor=anchor,
            max_width=width,
            role=role,
        )

    def pill(self, right: float, cy: float, text: str, lit: bool) -> float:
        """A rounded tag ending at ``right`` (whose turn: loud); returns its left edge."""
        size = self.loud
        w = text_width(self.kit, text, size, True) + 20
        fill, ink = ("highlight", "token_text") if lit else ("panel_border", "text")
        box = (right - w, cy - size * 0.62, right, cy + size * 0.62)
        ImageDraw.Draw(self.img).rounded_rectangle(box, radius=14, fill=colour(self.pal, fill))
        self.text((right - w / 2, cy), text, size, bold=True, ink=ink, anchor="mm", role="turn")
        return right - w


def sections(lay: Layout) -> Iterator[tuple[str, Box]]:
    """Every (section name, box) of both panels, top to bottom."""
    for (x0, y0, x1, _), names in ((lay.top, lay.top_sections), (lay.bottom, lay.bottom_sections)):
        y = y0 + 12
        for name in names:
            h = section_height(name, lay.players)
            yield name, (x0 + PAD, y, x1 - PAD, y + h)
            y += h


def wrap(
    words: Sequence[str], measure: Callable[[str], float], width: float, sep: str = " "
) -> list[str]:
    """``words`` joined by ``sep`` into lines at most ``width`` px wide (never split)."""
    lines: list[str] = []
    for word in words:
        if lines and measure(lines[-1] + sep + word) <= width:
            lines[-1] += sep + word
        else:
            lines.append(word)
    return lines


# --- static -----------------------------------------------------------------------------


def draw_static_panels(
    img: Image.Image, lay: Layout, pal: Palette, kit: Toolkit, tr: Words
) -> None:
    """Title, figure column heads and the key: the parts that never change."""
    draw = ImageDraw.Draw(img)
    for name, (x0, y0, x1, _) in sections(lay):
        if name == "header":
            title = tr("samurai.title", players=lay.players)
            draw.text((x0, y0 + 4), title, font=kit.font(34, True), fill=pal["text"], anchor="lt")
        elif name == "figures":
            heading = tr("samurai.figures")
            draw.text(
                (x0, y0 + 24), heading, font=kit.font(26, True), fill=pal["text"], anchor="lm"
            )
            col = (x1 - x0 - LABEL_W) / 3
            figure_words = [tr(f"samurai.figure_type.{letter}") for letter in FIGURES]
            size = SMALL
            for t, letter in enumerate(FIGURES):
                cx = x0 + LABEL_W + (t + 0.5) * col
                sprite = figure(letter, 40, pal, kit, letter=False)
                img.paste(sprite, (round(cx - 20), y0), sprite)
                fnt = kit.font(size, False)
                word = fit_text(figure_words[t], kit.metrics(size), col - 4)
                draw.text((cx, y0 + 54), word, font=fnt, fill=pal["muted_text"], anchor="mm")
            draw.line((x0, y0 + 70, x1, y0 + 70), fill=pal["panel_border"], width=2)
        elif name == "key":
            if y0 not in (lay.top[1] + 12, lay.bottom[1] + 12):  # not alone in its panel
                draw.line((x0, y0 + 2, x1, y0 + 2), fill=pal["panel_border"], width=2)
            draw_key(
                draw, (x0, y0, x1), [tr(f"samurai.key.{n}") for n in range(KEY_ITEMS)], pal, kit
            )


# The key's font size, line step and first line's middle (one size: never under SMALL).
KEY_FONTS = ((SMALL, 26, 20),)


def draw_key(
    draw: ImageDraw.ImageDraw,
    where: tuple[int, int, int],
    items: Sequence[str],
    pal: Palette,
    kit: Toolkit,
) -> None:
    """The key's phrases flowed into lines, smaller when three lines do not hold them."""
    x0, y0, x1 = where
    for size, step, top in KEY_FONTS:
        lines = wrap(items, kit.metrics(size).getlength, x1 - x0)
        if len(lines) <= (KEY_H - top) // step + 1:
            break
    fnt = kit.font(size, False)
    for n, line in enumerate(lines[: (KEY_H - top) // step + 1]):
        draw.text((x0, y0 + top + n * step), line, font=fnt, fill=pal["muted_text"], anchor="lm")


# --- per call ---------------------------------------------------------------------------


def draw_panels(
    img: Image.Image,
    lay: Layout,
    view: SamuraiView,
    names: Sequence[str] | None,
    pal: Palette,
    kit: Toolkit,
    tr: Words,
) -> None:
    """Status, players, turns and figure counts."""
    pen = Pen(img, pal, kit, tr, caps_size(img.width))
    for name, (x0, y0, x1, y1) in sections(lay):
        if name == "header":
            draw_header(pen, (x0, y0, x1, y1), view, names)
        elif name == "players":
            for seat in range(len(view.seats)):
                row = (x0, y0 + seat * PLAYER_H, x1, y0 + (seat + 1) * PLAYER_H)
                draw_player(pen, row, view, seat, names)
        elif name == "figures":
            draw_figure_counts(pen, (x0, y0, x1, y1), view)
        elif name == "turns":
            draw_turns(pen, (x0, y0, x1, y1), view, names)


def draw_header(pen: Pen, box: Box, view: SamuraiView, names: Sequence[str] | None) -> None:
    """Whose turn and what they must do (loud, names giving way), then the detail: four
    lines at most."""
    x0, y0, x1, _ = box
    img, pal, kit, tr = pen.img, pen.pal, pen.kit, pen.tr
    head, detail = status_lines(view, names, tr.locale)
    loud = pen.loud
    size, heads = fit_lines(kit, head, loud, x1 - x0, floor=loud, bold=True)
    width = shown_width(kit.metrics(size, True))
    if any(width(line) > x1 - x0 for line in heads):  # long names give way
        head = fit_status(view, names, pen, x1 - x0)  # two lines if even so
        size, heads = fit_lines(kit, head, loud, x1 - x0, floor=loud, bold=True)
    measure = partial(text_width, kit, size=SMALL)
    lines = wrap(detail.split(" "), measure, x1 - x0)
    keep = 2 if len(heads) > 1 else 3  # four lines at most
    if len(heads) + len(lines) > 3:  # long names: by first name (the rows name them)
        detail = status_lines(view, short_names(names), tr.locale)[1]
        lines = wrap(detail.split(" "), measure, x1 - x0)
    if len(lines) > keep:  # the last line kept is cut with an ellipsis
        lines = [*lines[: keep - 1], " ".join(lines[keep - 1 :])]
    full = len(heads) + len(lines) > 3  # four lines: set closer
    top, step = (y0 + 49, 25) if full else (y0 + 66, 26)
    for n, line in enumerate(heads):
        xy = (x0, top + step * n)  # set as fit_lines measured it (kerned)
        draw_text(img, xy, line, size=size, fill=pal["text"], kit=kit, bold=True,
                  anchor="lm", max_width=x1 - x0, role="turn")  # fmt: skip
    below = top + step * (len(heads) - 1) + (27 if full else 32)
    for n, line in enumerate(lines):
        xy = (x0, below + (23 if full else 24) * n)
        pen.text(xy, line, SMALL, ink="muted_text", width=x1 - x0)


def fit_status(view: SamuraiView, names: Sequence[str] | None, pen: Pen, room: float) -> str:
    """The status headline on one line, its names shortened with "…", never its words."""
    labels = [seat_label(s, names, pen.tr.locale) for s in range(len(view.seats))]
    measure = shown_width(pen.kit.metrics(pen.loud, True))
    return fit_names(lambda n: status_lines(view, n, pen.tr.locale)[0], labels, measure, room)


def draw_player(
    pen: Pen, box: Box, view: SamuraiView, seat: int, names: Sequence[str] | None
) -> None:
    """Seat mark, name and tag; the hand and reserve counts and the captured figures (or
    "captures hidden") under them. The row is 84 px: a name too long for one line takes
    two (the counts and captures then share the last line), and counts and captures that
    do not fit one line take a line each."""
    x0, y0, x1, y1 = box
    key = seat_tag_key(view, seat)
    tag, lit = (pen.tr(f"samurai.tag.{key}") if key else ""), key in LIT_TAGS
    if lit:
        outline = (x0 - 8, y0 - 1, x1 + 8, y1 - 3)
        ImageDraw.Draw(pen.img).rounded_rectangle(
            outline, radius=12, outline=pen.pal["highlight"], width=3
        )
    name = seat_label(seat, names, pen.tr.locale)
    floor = legible_size(pen.img.width)
    pill_w = text_width(pen.kit, tag, pen.loud, True) + 28 if tag else 0
    size, lines = name_lines(pen.kit, name, (x1 - x0 - 50 - pill_w, x1 - x0 - 50), floor)
    counts = seat_counts(view, seat, short=True, locale=pen.tr.locale)
    captured = view.seats[seat].captured
    hidden = pen.tr("samurai.captures_hidden") if captured is None else ""
    shown = view.phase != "pick"
    both = text_width(pen.kit, counts, SMALL) + 12 + _captures_width(pen, x1, view, seat, hidden)
    stacked = shown and len(lines) == 1 and both > x1 - x0 - 50
    name_y, info_y = (19, 46) if stacked else (26, 66) if len(lines) > 1 else (27, 61)
    step = size * 1.12
    first = round(name_y - (len(lines) - 1) * step / 2)  # the centre of the name's first line
    mark = seat_mark(seat, 34, pen.pal, pen.pal["text"], pen.kit)
    pen.img.paste(mark, (x0, y0 + first - 17), mark)
    right = pen.pill(x1 - 6, y0 + first, tag, lit) - 8 if tag else x1 - 6
    for n, line in enumerate(lines):  # the first line beside the tag, the second under it
        room = (right if n == 0 else x1 - 6) - x0 - 44
        xy = (x0 + 44, y0 + name_y + (n - (len(lines) - 1) / 2) * step)
        draw_text(pen.img, xy, line, size=size, fill=pen.pal["text"], kit=pen.kit, bold=True,
                  anchor="lm", max_width=room)  # fmt: skip
    info = (counts, hidden, captured, shown, stacked)
    _player_info(pen, box, view, seat, info, info_y)


def _captures_width(pen: Pen, x1: int, view: SamuraiView, seat: int, hidden: str) -> float:
    """The width of a seat's captures (or of "captures hidden") in its player row."""
    captured = view.seats[seat].captured
    if captured is None:
        return text_width(pen.kit, hidden, SMALL)
    # measured by drawing them on a scratch picture
    scratch = replace(pen, img=Image.new("RGB", (x1 + 8, 40)))
    return x1 - 6 - draw_captures(scratch, (x1 - 6, 20), view, seat, captured)


def _player_info(
    pen: Pen, box: Box, view: SamuraiView, seat: int,
    info: tuple[str, str, tuple[int, int, int] | None, bool, bool], info_y: int,
) -> None:  # fmt: skip
    """A player row's counts and captures (or "captures hidden"): on the name's last line,
    or each on a line of its own when ``stacked``."""
    x0, y0, x1, _ = box
    counts, hidden, captured, shown, stacked = info
    if not shown:
        pen.text((x0 + 44, y0 + info_y), counts, SMALL, ink="muted_text", width=x1 - x0 - 50)
        return
    if stacked:
        pen.text((x0 + 44, y0 + info_y), counts, SMALL, ink="muted_text", width=x1 - x0 - 50)
        if captured is None:
            pen.text((x0 + 44, y0 + 70), hidden, SMALL, ink="muted_text", width=x1 - x0 - 50)
        else:
            draw_captures(pen, (x1 - 6, y0 + 70), view, seat, captured)
        return
    if captured is None:
        left = x1 - 6 - text_width(pen.kit, hidden, SMALL)
        pen.text((x1 - 6, y0 + info_y), hidden, SMALL, ink="muted_text", anchor="rm")
        left -= 12
    else:
        left = draw_captures(pen, (x1 - 6, y0 + info_y), view, seat, captured)
    pen.text((x0 + 44, y0 + info_y), counts, SMALL, ink="muted_text", width=left - x0 - 44)


def name_lines(
    kit: Toolkit, name: str, rooms: tuple[float, float], floor: int
) -> tuple[int, list[str]]:
    """A seat's name in a player row: (size, lines), one line beside the tag (``rooms[0]``
    px) at the largest size from 26 down to ``floor``, else two lines, the first beside the
    tag and the second under it, as wide as the row (``rooms[1]``). A name that even so
    does not fit is wrapped as :func:`renderer.core.fit_lines` wraps it (cut last)."""
    words = name.split()
    for size in range(26, floor - 1, -1):
        measure = kit.metrics(size, True).getlength
        if measure(name) <= rooms[0]:
            return size, [name]
    for size in range(23, floor - 1, -1):  # two lines and the counts in 84 px
        measure = kit.metrics(size, True).getlength
        splits = [(" ".join(words[:cut]), " ".join(words[cut:])) for cut in range(1, len(words))]
        fits = [s for s in splits if measure(s[0]) <= rooms[0] and measure(s[1]) <= rooms[1]]
        if fits:  # the most even lines ("3." never alone on the second)
            first, second = min(fits, key=lambda s: max(measure(s[0]), measure(s[1])))
            return size, [first, second]
    return fit_lines(kit, name, 26, rooms[0], floor=floor, bold=True)


def draw_captures(
    pen: Pen,
    right_mid: tuple[int, int],
    view: SamuraiView,
    seat: int,
    captured: tuple[int, int, int],
) -> float:
    """Three figures with counts, right-aligned; a type the seat leads at the end is lit.
    Returns the left edge of what was drawn."""
    leaders = view.outcome.detail.get("leaders", {}) if view.outcome is not None else {}
    x, cy = right_mid
    for t in (2, 1, 0):
        text = str(captured[t])
        w = round(text_width(pen.kit, text, pen.loud, True))
        led = isinstance(leaders, dict) and leaders.get(KINDS[t]) == seat
        if led:
            box = (x - w - 40, cy - 16, x + 4, cy + 16)
            ImageDraw.Draw(pen.img).rounded_rectangle(box, radius=8, fill=pen.pal["highlight"])
        ink = "token_text" if led else "text"
        pen.text((x, cy), text, pen.loud, bold=True, ink=ink, anchor="rm", role="score")
        sprite = figure(FIGURES[t], 28, pen.pal, pen.kit, letter=False)
        pen.img.paste(sprite, (x - w - 32, cy - 14), sprite)
        x -= w + 52
    return x + 52 - 40


def fit_hidden(pen: Pen, text: str, room: float) -> str:
    """``text`` as :meth:`Pen.text` draws it at SMALL px within ``room``."""
    return fit(pen.kit, text, SMALL, False, room)


def draw_figure_counts(pen: Pen, box: Box, view: SamuraiView) -> None:
    """Rows under the static column heads: on the board, to place, set aside."""
    x0, y0, x1, _ = box
    col = (x1 - x0 - LABEL_W) / 3
    tr = pen.tr
    rows: list[tuple[str, tuple[int, int, int]]] = [
        (tr("samurai.row.board"), figures_on_board(view))
    ]
    if any(view.supply):
        rows.append((tr("samurai.row.supply"), view.supply))
    rows.append((tr("samurai.row.aside"), view.set_aside))
    for n, (label, counts) in enumerate(rows):
        cy = y0 + 90 + n * 28
        pen.text((x0, cy), label, SMALL, ink="muted_text", width=LABEL_W - 6)
        for t, value in enumerate(counts):
            cx = x0 + LABEL_W + (t + 0.5) * col
            pen.text((cx, cy), str(value), 23, bold=True, anchor="mm")


def short_names(names: Sequence[str] | None) -> list[str] | None:
    """Each name's first word: the seats in a line that holds several names, where the
    player rows of the same panel show them whole."""
    return None if names is None else [(name.split() or [""])[0] for name in names]


def turn_lines(
    pen: Pen, view: SamuraiView, names: Sequence[str] | None, width: float
) -> list[tuple[list[str], list[str]]]:
    """(heading lines, step lines) of the turn in progress and the last turn."""
    heavy = partial(text_width, pen.kit, size=pen.loud, bold=True)
    light = partial(text_width, pen.kit, size=pen.loud)
    out = []
    for head, seat, steps in turn_entries(view, pen.tr.locale):
        who = head if seat is None else f"{head}: {seat_label(seat, names, pen.tr.locale)}"
        said = [step_words(step, pen.tr) for step in steps]
        out.append((wrap(who.split(" "), heavy, width), wrap(said, light, width, ", ")))
    return out


def draw_turns(pen: Pen, box: Box, view: SamuraiView, names: Sequence[str] | None) -> None:
    """The turn in progress and the last turn: heading, then the steps in words."""
    x0, y0, x1, y1 = box
    width = x1 - x0
    line = round(pen.loud * 1.15)
    room = (y1 - y0 - 8) // line
    entries = turn_lines(pen, view, names, width)
    if sum(len(head) + len(steps) for head, steps in entries) > room:
        entries = turn_lines(pen, view, short_names(names), width)  # the rows name them
    lines: list[tuple[str, bool]] = []
    for n, (head, steps) in enumerate(entries):
        # every later turn keeps its heading and a line of steps; a long turn says that
        # more follows (the detail picture shows it)
        later = sum(len(h) + min(1, len(s)) for h, s in entries[n + 1 :])
        keep = max(min(1, len(steps)), room - len(lines) - len(head) - later)
        lines += [(text, True) for text in head]
        lines += [(text, False) for text in steps[:keep]]
        if keep < len(steps):
            lines[-1] = (lines[-1][0] + " …", False)
    if not lines:
        lines.append((pen.tr("samurai.turns.none"), False))
    for n, (text, bold) in enumerate(lines[:room]):
        xy = (x0, y0 + 22 + n * line)
        ink = "text" if bold else "muted_text"
        pen.text(xy, text, pen.loud, bold=bold, ink=ink, width=width, role="last")
