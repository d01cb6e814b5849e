"""Where everything goes in a Rising Sun picture (a Tenka design, not the printed board).

The board is 900 px wide and of one height per player count (at most 1,800 px, so at
most 900 px tall at 450 px wide, a phone): whose turn and what to do on top, the map,
the war line (the battle's Force per clan, or the war order), the scores and the last
action. What does not fit there (the clans' cards and powers, the Season cards on offer,
the shrines' powers, the monsters by name, a battle's bids) is the second picture
(:mod:`renderer.rising_sun.detail`), laid out by :func:`detail_sections`. Text one must
read is drawn at 23 px or more here (capitals 8 px at 450 px), all other at 18 px (6.4 px
capitals); figures are 30 px shapes (15 px at 450 px). The map is a 3 x 4 grid of
province boxes placed roughly as Japan lies (Hokkaido top right, Kyushu bottom left);
three free cells hold the political track, the shrines and the key. Land borders join
neighbouring boxes; a shipping route between boxes that do not touch runs through the
sea (a left-hand channel), along a path drawn here by hand. A province the table does
not know gets the next free cell, and a route without a path a straight line, so a new
map file still draws.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.rising_sun.view import RisingSunView

Box = tuple[float, float, float, float]
Point = tuple[float, float]

WIDTH = 900
MIN_TEXT = 18  # px: capitals of 6.4 px at 450 px wide
READ_TEXT = 23  # px: capitals of 8 px at 450 px wide (turn, scores, last action, counts)
FIGURE = 30  # px: a figure's shape, 15 px at 450 px wide (14 px inked)
MARGIN = 16
CHANNEL = 48  # the sea channel left of the map's boxes
GAP = 24  # between box columns
COL_W = 262
ROW_H = 230
ROW_GAP = 24
TITLE_H = 64  # the status bar: whose turn and what they must do
MAP_TOP = TITLE_H + 12
FOOT_ROW = 30  # the map's footnote under the boxes
OWNER_TOP = 70  # a province's first row of figures, under its name and harvest
OWNER_ROW = 32  # one row per clan present (five fit)

# Province id -> (column, row); the free cells hold panels (see module docstring).
CELLS: dict[str, tuple[int, int]] = {
    "hokkaido": (2, 0),
    "kyoto": (1, 1),
    "oshu": (2, 1),
    "nagato": (0, 2),
    "kansai": (1, 2),
    "edo": (2, 2),
    "kyushu": (0, 3),
    "shikoku": (1, 3),
}
POLITICAL_CELLS = ((0, 0), (1, 0))
SHRINE_CELL = (0, 1)
KEY_CELL = (2, 3)
GRID_ROWS = 4

# Shipping routes between boxes that do not touch run from the first province's bottom
# edge through the gap under it into the sea channel, then down the channel to the
# second province (into its top edge, or its left edge when it lies by the channel).
LANES: tuple[tuple[str, str], ...] = (("hokkaido", "kansai"), ("hokkaido", "kyushu"))
CHANNEL_X = 26  # the channel's line
SEA_LEFT = 8


def cell_box(col: float, row: float, cols: float = 1, rows: float = 1) -> Box:
    """Pixel box of ``cols`` x ``rows`` cells from cell (``col``, ``row``)."""
    x0 = CHANNEL + col * (COL_W + GAP)
    y0 = MAP_TOP + row * (ROW_H + ROW_GAP)
    return (x0, y0, x0 + cols * COL_W + (cols - 1) * GAP, y0 + rows * ROW_H + (rows - 1) * ROW_GAP)


def province_cells(view: RisingSunView) -> dict[str, tuple[int, int]]:
    """Each province's cell: the design's, else the next free one (a new map file)."""
    used = {*CELLS.values(), *POLITICAL_CELLS, SHRINE_CELL, KEY_CELL}
    free = [(c, r) for r in range(GRID_ROWS + 4) for c in range(3) if (c, r) not in used]
    out = {}
    for p in view.provinces:
        out[p.id] = CELLS[p.id] if p.id in CELLS else free.pop(0)
    return out


def map_rows(view: RisingSunView) -> int:
    return max(GRID_ROWS, 1 + max(r for _, r in province_cells(view).values()))


def map_bottom(view: RisingSunView) -> float:
    return cell_box(0, map_rows(view) - 1)[3] + FOOT_ROW


def touching(a: tuple[int, int], b: tuple[int, int]) -> bool:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1])) == 1


def edge_points(a: tuple[int, int], b: tuple[int, int]) -> tuple[Point, Point]:
    """The two ends of a short connector between touching cells (box edge to box edge,
    or corner to corner for diagonal neighbours)."""
    ba, bb = cell_box(*a), cell_box(*b)
    dx, dy = b[0] - a[0], b[1] - a[1]

    def side(box: Box, sx: int, sy: int) -> Point:
        x0, y0, x1, y1 = box
        x = (x0 + x1) / 2 if sx == 0 else (x1 - 18 if sx > 0 else x0 + 18)
        y = (y0 + y1) / 2 if sy == 0 else (y1 - 18 if sy > 0 else y0 + 18)
        if sx and not sy:
            x = x1 if sx > 0 else x0
        if sy and not sx:
            y = y1 if sy > 0 else y0
        return (x, y)

    return side(ba, dx, dy), side(bb, -dx, -dy)


def route_path(a: str, b: str, cells: dict[str, tuple[int, int]]) -> tuple[Point, ...]:
    """The polyline of a border or route between provinces ``a`` and ``b``."""
    ca, cb = cells[a], cells[b]
    if touching(ca, cb):
        return edge_points(ca, cb)
    for first, last in LANES:
        if {first, last} == {a, b}:
            path = lane_path(cells[first], cells[last])
            return path if first == a else tuple(reversed(path))
    return (_centre(ca), _centre(cb))


def lane_path(start: tuple[int, int], end: tuple[int, int]) -> tuple[Point, ...]:
    """A sea lane from the box of ``start`` to the box of ``end`` through the channel."""
    sx0, _, _, sy1 = cell_box(*start)
    tx0, ty0, _, ty1 = cell_box(*end)
    trunk, below = sx0 + 40, sy1 + ROW_GAP / 2
    head = ((trunk, sy1), (trunk, below), (CHANNEL_X, below))
    if end[0] == 0:  # by the channel: into its left edge
        mid = (ty0 + ty1) / 2
        return (*head, (CHANNEL_X, mid), (tx0, mid))
    above = ty0 - ROW_GAP / 2
    return (*head, (CHANNEL_X, above), (tx0 + 40, above), (tx0 + 40, ty0))


def _centre(cell: tuple[int, int]) -> Point:
    x0, y0, x1, y1 = cell_box(*cell)
    return ((x0 + x1) / 2, (y0 + y1) / 2)


WAR_LINE = 48  # the battle's Force per clan, or the war order
SCORE_HEAD = 38
SCORE_ROW = 44
LAST_LINE = 31  # the last action: two lines
LAST_LINES = 2
POINTER = 34  # where the rest is (the second picture)


@dataclass(frozen=True)
class Board:
    """Top edges (px) of the board's parts under the map, and its height: one per player
    count, whatever the position (a battle, a long last action, the end)."""

    war: float
    scores: float
    last: float
    pointer: float
    height: int


def board(players: int, rows: int = GRID_ROWS) -> Board:
    """The board's parts for ``players`` clans (``rows`` of map boxes)."""
    y = cell_box(0, rows - 1)[3] + 8 + FOOT_ROW + 4
    war = y
    y += WAR_LINE + 6
    scores = y
    y += SCORE_HEAD + players * SCORE_ROW + 10
    last = y
    y += LAST_LINES * LAST_LINE + 12
    pointer = y
    y += POINTER
    return Board(war, scores, last, pointer, round(y))


@dataclass(frozen=True)
class Sections:
    """Top edges (px) of the second picture's panels, and its height."""

    battle: float | None
    clans: float
    offer: float
    offer_height: float
    key_lines: int
    shrines: float
    monsters: float
    monster_lines: int
    height: int


CLAN_HEAD = 34
CLAN_ROW = 224  # the name, the clan, its power (3 lines), cards and extras (2 each)
BATTLE_HEAD = 70
BATTLE_ROW = 56  # the name, then the bids
LINE = 26
# The Season cards on offer: two columns of cards (type, name, copies and cost on the
# first line, the effect in at most two lines under it), then the key of their marks.
OFFER_HEAD = 40
OFFER_COLS = 2
CARD_W = (WIDTH - 2 * MARGIN - 28 - 12) // OFFER_COLS
CARD_H = 80
CARD_PITCH = 86
CARD_LINES = 2  # lines of effect text under the name
KEY_LINE = 30
SHRINE_ROW = 70  # a shrine: its Kami and power, then who worships there (two lines)


def offer_rows(cards: int) -> int:
    return -(-cards // OFFER_COLS)


def offer_height(cards: int, key_lines: int) -> float:
    body = offer_rows(cards) * CARD_PITCH if cards else LINE + 10
    return OFFER_HEAD + body + key_lines * KEY_LINE + 6


def detail_sections(view: RisingSunView, monster_lines: int, key_lines: int = 1) -> Sections:
    """The second picture's panels for this view (a battle panel only while one is
    fought, the monsters' panel only while a monster is out)."""
    y = 8.0
    battle = None
    if view.battle is not None:
        battle = y
        y += BATTLE_HEAD + len(view.battle.participants) * BATTLE_ROW + LINE + 20
    clans = y
    y += CLAN_HEAD + view.players * CLAN_ROW + 12
    offer = y
    height = offer_height(len(view.offer), key_lines)
    y += height + 12
    shrines = y
    y += CLAN_HEAD + len(view.shrines) * SHRINE_ROW + 12
    monsters = y
    y += (CLAN_HEAD + monster_lines * LINE + 12) if monster_lines else 0
    return Sections(
        battle, clans, offer, height, key_lines, shrines, monsters, monster_lines, round(y)
    )
