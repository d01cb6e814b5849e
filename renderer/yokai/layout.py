"""The geometry of a Yōkai board (3x4 and 5x6): every length derives from the square's
size; a seat's own view is turned so that its pieces are at the bottom."""

from __future__ import annotations

from dataclasses import dataclass, replace

from games.yokai.view import YokaiView

LEGEND_ROW = 66  # px: a line of the key


@dataclass(frozen=True)
class Layout:
    """Pixel geometry of one board size; every length derives from ``sq`` and constants."""

    files: int
    ranks: int
    sq: int
    margin: int = 22
    band: int = 44  # coordinate labels
    frame: int = 12  # wooden frame around the squares
    gap: int = 26
    column: int = 400
    panel_h: int = 188
    reserve_token: int = 72
    flipped: bool = False  # seen from the second player's side (their pieces at the bottom)
    legend_rows: int = 2

    @property
    def board_x(self) -> int:
        return self.margin + self.band + self.frame

    @property
    def board_y(self) -> int:
        return self.margin + self.frame

    @property
    def col_x(self) -> int:
        return self.board_x + self.files * self.sq + self.frame + self.gap

    @property
    def width(self) -> int:
        return self.col_x + self.column + self.margin

    @property
    def board_bottom(self) -> int:
        return self.board_y + self.ranks * self.sq + self.frame + self.band

    @property
    def height(self) -> int:
        return self.board_bottom + 10 + self.legend_rows * LEGEND_ROW + self.margin

    @property
    def token(self) -> int:
        return round(self.sq * 0.86)

    def square_box(self, index: int) -> tuple[int, int, int, int]:
        """(x0, y0, x1, y1) of board square ``index`` (rank 1 at the bottom)."""
        file, rank0 = index % self.files, index // self.files
        if self.flipped:
            file, rank0 = self.files - 1 - file, self.ranks - 1 - rank0
        x0 = self.board_x + file * self.sq
        y0 = self.board_y + (self.ranks - 1 - rank0) * self.sq
        return x0, y0, x0 + self.sq, y0 + self.sq

    def panel_box(self, seat: int) -> tuple[int, int, int, int]:
        """The player panel of ``seat``: the seat at the top of the board at the top."""
        top = self.margin if seat == self.top_seat else self.board_bottom - self.panel_h
        return self.col_x, top, self.col_x + self.column, top + self.panel_h

    @property
    def top_seat(self) -> int:
        return 0 if self.flipped else 1

    def status_box(self) -> tuple[int, int, int, int]:
        return (
            self.col_x,
            self.margin + self.panel_h + 14,
            self.col_x + self.column,
            self.board_bottom - self.panel_h - 14,
        )

    def legend_box(self) -> tuple[int, int, int, int]:
        return (self.margin, self.board_bottom + 10, self.width - self.margin, self.height - 8)


LAYOUTS = {(3, 4): Layout(3, 4, 160), (5, 6): Layout(5, 6, 124)}


def layout_for(view: YokaiView) -> Layout:
    """The geometry used for ``view``'s board size (both variants fit in 1200 px), turned
    for the second player's own view."""
    lay = LAYOUTS.get((view.files, view.ranks)) or Layout(view.files, view.ranks, 124)
    return replace(lay, flipped=True) if view.viewer == 1 else lay


def square_box(view: YokaiView, index: int) -> tuple[int, int, int, int]:
    """Pixel box of a board square in the picture of ``view`` (tests use it)."""
    return layout_for(view).square_box(index)
