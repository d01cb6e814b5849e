"""The Shitenno board's geometry (900 px wide, the table and Edo growing with the seats
and the phase) and its text helpers, shared by the board and Edo's panel."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from PIL import Image

from renderer.core import Role, Toolkit, caps_size, draw_text, fitting_size
from renderer.text import shown_width

GAME_KEY = "shitenno"
WIDTH = 900
MIN_TEXT = 18  # px: 9 px at 450 px wide
LOUD = caps_size(WIDTH)  # what one must read: whose turn, the lot on offer, the last action
M = 14  # margin
GAP = 10
HEADER_H = 100
CELL_W = (WIDTH - 2 * M - 2 * GAP) // 3
CELL_H = 200
BAND_H = 36
DISC_R = 22
PLAYER_HEAD = 58
PLAYER_ROW = 74  # the name on a line of its own, then general, title and counts
TRACK_H = 122
EDO_H = {"even": 262, "odd": 222, "over": 222}
LEGEND_H = 196  # the titles' powers, then two lines of the key
CHIP_H = 30
ROW_STEP = 36
SIZES = (20, 19, 18)


@dataclass(frozen=True)
class Layout:
    players: int
    grid_y: int
    players_box: tuple[int, int, int, int]
    track_box: tuple[int, int, int, int]
    edo_box: tuple[int, int, int, int]
    legend_box: tuple[int, int, int, int]
    height: int


@cache
def layout(players: int, phase: str) -> Layout:
    """The geometry of a board for ``players`` seats in ``phase`` (the table grows with the
    seats, Edo's panel is taller in a sharing year)."""
    grid_y = HEADER_H
    y = grid_y + 3 * CELL_H + 2 * GAP + GAP
    boxes = []
    edo = EDO_H.get(phase, EDO_H["odd"])
    for h in (PLAYER_HEAD + players * PLAYER_ROW + 6, TRACK_H, edo, LEGEND_H):
        boxes.append((M, y, WIDTH - M, y + h))
        y += h + GAP
    return Layout(players, grid_y, boxes[0], boxes[1], boxes[2], boxes[3], y - GAP + M)


def province_box(row: int, col: int) -> tuple[int, int, int, int]:
    x = M + col * (CELL_W + GAP)
    y = HEADER_H + row * (CELL_H + GAP)
    return x, y, x + CELL_W, y + CELL_H


def disc_centres(box: tuple[int, int, int, int]) -> list[tuple[float, float]]:
    x0, y0, x1, _ = box
    step = (x1 - x0) / 4
    return [(x0 + step * (i + 0.5), y0 + BAND_H + 34) for i in range(4)]


def _text(
    img: Image.Image,
    xy: tuple[float, float],
    text: str,
    size: int,
    fill: str,
    kit: Toolkit,
    *,
    bold: bool = False,
    anchor: str = "lm",
    width: float | None = None,
    role: Role = "other",
) -> None:
    draw_text(
        img,
        xy,
        text,
        size=max(size, MIN_TEXT),
        fill=fill,
        kit=kit,
        bold=bold,
        anchor=anchor,
        max_width=width,
        role=role,
    )


def text_length(kit: Toolkit, text: str, size: int, bold: bool = False) -> float:
    """The width of ``text`` as drawn (kept: FreeType layout costs ~0.1 ms a call)."""
    return kit.stamp(("len", text, size, bold), lambda: shown_width(kit.metrics(size, bold))(text))


def _fit(
    kit: Toolkit, text: str, width: float, bold: bool = False, sizes: Sequence[int] = SIZES
) -> int:
    key = ("fit", text, tuple(sizes), width, bold)
    return kit.stamp(key, lambda: fitting_size(kit, text, sizes, width, bold))
