"""The end-of-game result card: who won, why the game ended, and the score breakdown.

>>> png = render_result("samurai", "Samurai", outcome, names=("Ann", "Bo"))  # doctest: +SKIP

The card is drawn from an :class:`~games.base.Outcome` only (never a view or a state): the
title, the reason the game ended, a ranked table (rank, seat mark and name, the game's own
columns read from ``outcome.detail``, the score) and the tie-break that decided. Detail
keys it does not know, or values of an unexpected shape, are skipped rather than guessed
at, so a game that adds a key never breaks its result card.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from PIL import Image, ImageDraw

from games.base import Outcome, Seat
from renderer.columns import int_map, number, result_cells, score_columns
from renderer.core import (
    CACHED,
    Role,
    Toolkit,
    draw_lines,
    draw_seat_mark,
    draw_text,
    encode_png,
    fit_lines,
    get_palette,
    legible_size,
    png_palette,
    rgb,
)
from renderer.palettes import Palette
from renderer.result_words import (
    Card,
    _ordinal,
    fitted_headline,
    headline,
    make_card,
    result_alt_text,
    tiebreak_words,
)
from renderer.text import shown_width
from renderer.words import words

__all__ = [
    "Card",
    "draw_card",
    "fitted_headline",
    "int_map",
    "make_card",
    "number",
    "render_result",
    "result_alt_text",
    "result_cells",
    "score_columns",
    "tiebreak_words",
]

WIDTH = 1000
MARGIN = 28
PAD = 20  # inside the table panel
HEADER_H = 44
ROW_H = 66
STACKED_ROW_H = 100  # a row whose name has a line of its own
ROW_GAP = 6
SUPERSAMPLE = 4  # crowns and seat marks are drawn 4x and shrunk: Pillow polygons are not AA
# --- the picture --------------------------------------------------------------------------


def _crown_mask(w: int, h: int) -> Image.Image:
    """A crown: a band under three spikes tipped with balls (an "L" mask, anti-aliased)."""
    s = SUPERSAMPLE
    big = Image.new("L", (w * s, h * s))
    draw = ImageDraw.Draw(big)
    sx, sy = w * s / 100, h * s / 80

    def pt(x: float, y: float) -> tuple[float, float]:
        return x * sx, y * sy

    spikes = [(12, 62), (8, 22), (32, 42), (50, 12), (68, 42), (92, 22), (88, 62)]
    draw.polygon([pt(x, y) for x, y in spikes], fill=255)
    draw.rounded_rectangle((*pt(12, 64), *pt(88, 78)), radius=3 * sx, fill=255)
    for x, y in ((8, 16), (50, 7), (92, 16)):
        r = 7 * sx
        cx, cy = pt(x, y)
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=255)
    return big.resize((w, h), Image.Resampling.LANCZOS)


def _mark_sprite(shape: str, r: int, fill: str, outline: str) -> Image.Image:
    """A seat mark drawn large and shrunk, as an RGBA sprite of side ``2r + 4``."""
    s = SUPERSAMPLE
    side = 2 * r + 4
    big = Image.new("RGBA", (side * s, side * s), (0, 0, 0, 0))
    centre = (side * s / 2, side * s / 2)
    draw_seat_mark(ImageDraw.Draw(big), shape, centre, r * s, fill, outline)
    return big.resize((side, side), Image.Resampling.LANCZOS)


@dataclass(frozen=True)
class Grid:
    """Column positions of the table: rank, name, then one centre x per value column."""

    rank_x: int
    name_x: int
    name_w: int
    centres: tuple[int, ...]
    widths: tuple[int, ...]
    stacked: bool = False  # each name on a line of its own above the row's numbers

    @property
    def row_h(self) -> int:
        return STACKED_ROW_H if self.stacked else ROW_H


def _grid(card: Card, kit: Toolkit) -> Grid:
    """The table's columns; when a name cannot be shown whole beside the numbers (two
    lines at the legible minimum), every name gets a line of its own above them."""
    grid = _side_by_side(card, kit)
    room = grid.name_w - 50
    if all(_whole(kit, label, room) for label in card.labels):
        return grid
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    rank_w = grid.name_x - grid.rank_x
    spare = right - left - rank_w - sum(grid.widths)  # the name's old width, shared out
    widths = [w + spare // len(grid.widths) for w in grid.widths] if grid.widths else []
    centres, x = [], left + rank_w
    for w in widths:
        centres.append(x + w // 2)
        x += w
    name_w = right - left - rank_w
    return Grid(left, left + rank_w, name_w, tuple(centres), tuple(widths), stacked=True)


def _whole(kit: Toolkit, label: str, room: float) -> bool:
    """Whether ``label`` fits ``room`` px on at most two lines at the legible minimum."""
    _, lines = fit_lines(kit, label, 30, room, floor=legible_size(WIDTH), bold=True)
    font_ = kit.metrics(legible_size(WIDTH), True)
    return "".join(lines).replace(" ", "") == label.replace(" ", "") and all(
        font_.getlength(line) <= room for line in lines
    )


def _side_by_side(card: Card, kit: Toolkit) -> Grid:
    left, right = MARGIN + PAD, WIDTH - MARGIN - PAD
    widths = []
    for col in card.columns:
        head = kit.font(24, True).getlength(col.header)
        cell = max((kit.font(30, True).getlength(c) for c in col.cells), default=0)
        widths.append(max(80, round(max(head, cell)) + 20))
    rank_w = 124
    name_w = right - left - rank_w - sum(widths)
    if name_w < 180:  # too many columns: squeeze them evenly, the name keeps 180 px
        squeeze = (sum(widths) - (right - left - rank_w - 180)) / len(widths)
        widths = [round(w - squeeze) for w in widths]
        name_w = right - left - rank_w - sum(widths)
    centres, x = [], left + rank_w + name_w
    for w in widths:
        centres.append(x + w // 2)
        x += w
    return Grid(left, left + rank_w, name_w, tuple(centres), tuple(widths))


@dataclass(frozen=True)
class Painter:
    """One picture being drawn, with its palette and toolkit (keeps the calls short)."""

    img: Image.Image
    pal: Palette
    kit: Toolkit

    def text(
        self,
        xy: tuple[float, float],
        text: str,
        size: int,
        *,
        muted: bool = False,
        bold: bool = False,
        anchor: str = "la",
        width: float | None = None,
        role: Role = "other",
    ) -> None:
        ink = self.pal["muted_text"] if muted else self.pal["text"]
        draw_text(
            self.img, xy, text, size=size, fill=ink, kit=self.kit, bold=bold, anchor=anchor,
            max_width=width, role=role,
        )  # fmt: skip

    def pill(
        self, centre: tuple[int, int], text: str, size: int = 30, role: Role = "score"
    ) -> None:
        """A number on the highlight colour: a marked cell (a type led, the tie-break)."""
        w = max(self.kit.font(size, True).getlength(text) + 22, size * 1.6)
        cx, cy = centre
        box = (cx - w / 2, cy - size * 0.72, cx + w / 2, cy + size * 0.72)
        ImageDraw.Draw(self.img).rounded_rectangle(
            box, radius=size * 0.4, fill=self.pal["highlight"]
        )
        ink = self.pal["token_text"]
        draw_text(
            self.img, centre, text, size=size, bold=True, fill=ink, kit=self.kit, anchor="mm",
            role=role,
        )  # fmt: skip

    def mark(self, centre: tuple[int, int], seat: Seat, r: int = 13) -> None:
        """The seat's shape in its colour (seats differ beyond colour)."""
        shape = self.pal["player_shapes"][seat % len(self.pal["player_shapes"])]
        fill, outline = self.pal["players"][seat % len(self.pal["players"])], self.pal["text"]
        key = ("result-mark", shape, r, fill, outline)
        sprite = self.kit.stamp(key, lambda: _mark_sprite(shape, r, fill, outline))
        corner = (centre[0] - sprite.width // 2, centre[1] - sprite.height // 2)
        self.img.paste(sprite, corner, sprite)

    def crown(self, xy: tuple[int, int], w: int) -> None:
        """The winner's crown, ``w`` px wide, top-left at ``xy``."""
        h = round(w * 0.8)
        mask = self.kit.stamp(("result-crown", w, h), lambda: _crown_mask(w, h))
        # Gold in the default palette; the colour-blind palette's yellow highlight (its
        # promoted colour is a purple that would not read as a crown).
        pal = self.pal
        colour = pal["promoted_fill"] if pal["name"] == "default" else pal["highlight"]
        self.img.paste(rgb(colour), (*xy, xy[0] + w, xy[1] + h), mask)


def _draw_header(p: Painter, card: Card) -> int:
    """Title, reason and headline; returns the y under them."""
    y = MARGIN
    p.text((MARGIN, y), card.title, 40, bold=True, width=WIDTH - 2 * MARGIN)
    tr = words(card.locale)
    reason = tr("result.game_over", reason=card.reason)
    p.text((MARGIN, y + 56), reason, 26, muted=True, width=WIDTH - 2 * MARGIN)
    y += 104
    x = MARGIN
    if card.outcome.winners:
        p.crown((x, y + 2), 44)
        x += 58
    room = WIDTH - MARGIN - x
    whole = headline(card.outcome, card.labels, card.locale)
    size, lines = fit_lines(p.kit, whole, 36, room, floor=26, bold=True, max_lines=1)
    if shown_width(p.kit.metrics(size, True))(lines[0]) <= room:
        p.text((x, y), whole, size, bold=True, width=room)
        return y + 62
    # long names: the headline on two lines, smaller, every name whole (the cut version
    # of fitted_headline only when even that cannot hold them)
    size, lines = fit_lines(p.kit, whole, 28, room, floor=legible_size(WIDTH), bold=True)
    if all(shown_width(p.kit.metrics(size, True))(line) <= room for line in lines):
        for n, line in enumerate(lines):
            p.text((x, y - 6 + n * round(size * 1.12)), line, size, bold=True, width=room)
        return y + 62
    head = fitted_headline(card.outcome, card.labels, p.kit.font(36, True), room, card.locale)
    p.text((x, y), head, 36, bold=True, width=room)
    return y + 62


def _draw_row(p: Painter, card: Card, grid: Grid, seat: Seat, y: int) -> None:
    cy = y + grid.row_h // 2
    if seat in card.outcome.winners:
        box = (MARGIN + 8, y, WIDTH - MARGIN - 8, y + grid.row_h)
        ImageDraw.Draw(p.img).rounded_rectangle(box, radius=12, outline=p.pal["highlight"], width=4)
        p.crown((grid.rank_x, cy - 14), 36)
    rank = _ordinal(card.outcome.ranks[seat], words(card.locale))
    p.text(
        (grid.rank_x + 46, cy),
        rank,
        28,
        bold=True,
        anchor="lm",
        width=grid.name_x - grid.rank_x - 50,
    )
    if grid.stacked:  # the name above, from the rank to the right edge; numbers below
        name_y, cy = y + 26, y + grid.row_h - 30
        p.mark((grid.name_x + 14, name_y), seat)
        label = card.labels[seat]
        if card.tags[seat]:
            label = f"{label} · {card.tags[seat]}"
        p.text((grid.name_x + 38, name_y), label, 30, bold=True, anchor="lm",
               width=WIDTH - MARGIN - PAD - grid.name_x - 38)  # fmt: skip
        _draw_cells(p, card, grid, seat, cy)
        return
    p.mark((grid.name_x + 14, cy), seat)
    name_x, room = grid.name_x + 38, grid.name_w - 50
    if card.tags[seat]:  # "resigned" under the name, which keeps its whole width
        p.text((name_x, cy + 19), card.tags[seat], 20, muted=True, anchor="lm", width=room)
    name_y = cy - 9 if card.tags[seat] else cy
    lines = 1 if card.tags[seat] else 2  # a long name: smaller, then on two lines, whole
    draw_lines(
        p.img, (name_x, name_y), card.labels[seat], size=30, floor=legible_size(WIDTH),
        fill=p.pal["text"], kit=p.kit, max_width=room, bold=True, max_lines=lines,
    )  # fmt: skip
    _draw_cells(p, card, grid, seat, cy)


def _draw_cells(p: Painter, card: Card, grid: Grid, seat: Seat, cy: int) -> None:
    for col, x in zip(card.columns, grid.centres, strict=True):
        if seat in col.marked:
            p.pill((x, cy), col.cells[seat])
        else:
            p.text(
                (x, cy), col.cells[seat], 30, muted=not col.strong, bold=col.strong, anchor="mm",
                role="score",
            )  # fmt: skip


def _table_height(card: Card, kit: Toolkit) -> int:
    row_h = _grid(card, kit).row_h
    return PAD + HEADER_H + len(card.order) * (row_h + ROW_GAP) - ROW_GAP + PAD


def _draw_table(p: Painter, card: Card, y: int) -> int:
    """The ranked table in a panel; returns the y under it."""
    grid = _grid(card, p.kit)
    height = _table_height(card, p.kit)
    draw = ImageDraw.Draw(p.img)
    box = (MARGIN, y, WIDTH - MARGIN, y + height)
    draw.rounded_rectangle(
        box, radius=16, fill=p.pal["panel"], outline=p.pal["panel_border"], width=2
    )
    head_y = y + PAD + HEADER_H // 2 - 4
    tr = words(card.locale)
    rank_w = grid.name_x - grid.rank_x - 50
    p.text((grid.rank_x + 46, head_y), tr("result.head.rank"), 24, muted=True, bold=True,
           anchor="lm", width=rank_w)  # fmt: skip
    if not grid.stacked:  # stacked, the names head their own lines: no column for them
        p.text((grid.name_x, head_y), tr("result.head.player"), 24, muted=True, bold=True,
               anchor="lm", width=grid.name_w - 8)  # fmt: skip
    for col, x, w in zip(card.columns, grid.centres, grid.widths, strict=True):
        p.text((x, head_y), col.header, 24, muted=True, bold=True, anchor="mm", width=w - 8)
    line_y = y + PAD + HEADER_H - 4
    draw.line(
        (MARGIN + PAD, line_y, WIDTH - MARGIN - PAD, line_y), fill=p.pal["panel_border"], width=2
    )
    for row, seat in enumerate(card.order):
        _draw_row(p, card, grid, seat, y + PAD + HEADER_H + row * (grid.row_h + ROW_GAP))
    return y + height


def _notes_height(card: Card) -> int:
    lines = len(card.notes) + (1 if card.legend else 0)
    return lines * 40 + 16 if lines else 0


def _draw_notes(p: Painter, card: Card, y: int) -> None:
    y += 24
    for label, text in card.notes:
        p.text((MARGIN, y), f"{label}:", 26, bold=True)
        x = MARGIN + round(p.kit.font(26, True).getlength(f"{label}:")) + 10
        p.text((x, y), text, 26, width=WIDTH - MARGIN - x)
        y += 40
    if card.legend:
        p.pill((MARGIN + 22, y + 16), "3", size=24, role="other")  # the key's example
        p.text((MARGIN + 52, y + 16), card.legend, 24, muted=True, anchor="lm",
               width=WIDTH - 2 * MARGIN - 52)  # fmt: skip


def draw_card(card: Card, pal: Palette, kit: Toolkit = CACHED) -> Image.Image:
    """The result card as an RGB image, ``WIDTH`` px wide."""
    height = MARGIN + 166 + _table_height(card, kit) + _notes_height(card) + MARGIN
    painter = Painter(Image.new("RGB", (WIDTH, height), pal["background"]), pal, kit)
    y = _draw_header(painter, card)
    y = _draw_table(painter, card, y)
    _draw_notes(painter, card, y)
    return painter.img


def render_result(
    game_key: str,
    title: str,
    outcome: Outcome,
    *,
    names: Sequence[str],
    palette: str = "default",
    locale: str = "en",
    deltas: Sequence[float] | None = None,
) -> bytes:
    """The result card of a finished game as PNG bytes (``names`` by seat), in ``locale``;
    ``deltas``: each seat's rating change, if the game was rated."""
    pal = get_palette(palette)
    card = make_card(game_key, title, outcome, names, locale, deltas)
    image = draw_card(card, pal, CACHED)
    return encode_png(image, png_palette(pal, CACHED))
