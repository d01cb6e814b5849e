"""China's map geometry, computed once per board side and player count from a ChinaView.

Pixel positions of spaces, dragons and alliance numbers come straight from the view's
grid cells. Region labels and the emissary slots beside each dragon are placed
automatically where they cover no space, dragon, road or alliance number (nearest the
region's middle, or the dragon), so a new map file needs no hand tuning.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass

from games.china.view import ChinaView
from renderer.core import Point, Toolkit

Box = tuple[float, float, float, float]

CELL = 50  # px per grid cell: a 20-column map is 1000 px wide
MARGIN = 16
FRAME = 10
TOP_BAR = 50
SPACE_R = 20  # house space radius
DRAGON_R = 19
TOKEN = 34  # emissary token size
BADGE_R = 16  # alliance number badge radius (a dark rounded square)
SPACE_FONT = 22  # the number on a house space
ROW_H = 56  # one player's row in the panel: the name's line, then its numbers
SUPERSAMPLE = 4


@dataclass(frozen=True)
class LabelSpot:
    """Where a region's label goes; ``stacked`` puts the colour word under the name."""

    box: Box
    stacked: bool


@dataclass(frozen=True)
class Geometry:
    """Pixel positions of everything on one board side for one player count.

    ``envoys`` holds, per region, one slot centre per seat for emissary tokens around
    the dragon; tokens fill them in seat order, only for seats with emissaries there."""

    width: int
    height: int
    map_box: tuple[int, int, int, int]
    panel_box: tuple[int, int, int, int]
    spaces: dict[str, Point]
    dragons: dict[str, Point]
    labels: dict[str, LabelSpot]
    envoys: dict[str, tuple[Point, ...]]
    badges: tuple[tuple[int, Point], ...]


def cell_centre(cell: tuple[int, int]) -> Point:
    """Pixel centre of grid cell ``(column, row)``."""
    return (MARGIN + FRAME + CELL * cell[0] + CELL / 2, TOP_BAR + FRAME + CELL * cell[1] + CELL / 2)


def panel_height(players: int) -> int:
    """Room under the map: one row per player (at least the cards' height) and a footer."""
    return 44 + max(4, players) * ROW_H + 56


def build_geometry(
    view: ChinaView, kit: Toolkit, colour_names: Mapping[str, str] | None = None
) -> Geometry:
    """Every position of ``view``'s side and player count (pure geometry, no drawing).

    ``colour_names`` are the colour words the region labels print (the view's own names by
    default): label sizes, and so the spots left for emissaries, depend on them."""
    rows, cols = len(view.grid_rows), len(view.grid_rows[0])
    x0, y0 = MARGIN + FRAME, TOP_BAR + FRAME
    map_box = (x0, y0, x0 + cols * CELL, y0 + rows * CELL)
    width = map_box[2] + FRAME + MARGIN
    panel_top = map_box[3] + FRAME + 12
    panel = (MARGIN, panel_top, width - MARGIN, panel_top + panel_height(view.players))
    spaces = {s.id: cell_centre(s.cell) for r in view.regions for s in r.spaces}
    dragons = {r.id: cell_centre(r.dragon) for r in view.regions}
    badges = tuple(
        (a.number, badge_centre(spaces[p], spaces[q]))
        for a in view.alliances
        for p, q in a.crossings
    )
    obstacles = Obstacles(
        circles=[(c, SPACE_R + 3.0) for c in spaces.values()]
        + [(c, DRAGON_R + 2) for c in dragons.values()]
        + [(c, BADGE_R + 2) for _, c in badges],
        segments=[(spaces[a], spaces[b]) for a, b in view.roads],
        boxes=[],
    )
    cells = RegionCells(view)
    colour_names = dict(view.colours) if colour_names is None else colour_names
    labels = {
        r.id: place_label(cells, r.id, r.name, colour_names.get(r.colour, ""), obstacles, kit)
        for r in view.regions
    }
    envoys = {
        r.id: envoy_slots(r.id, dragons[r.id], view.players, obstacles, cells) for r in view.regions
    }
    height = panel[3] + MARGIN + 20  # the footnote under the panel
    return Geometry(width, height, map_box, panel, spaces, dragons, labels, envoys, badges)


def badge_centre(a: Point, b: Point) -> Point:
    """Where an alliance number sits: the road's middle, or beside a road too short for it."""
    mid = _midpoint(a, b)
    length = math.dist(a, b)
    if length - 2 * SPACE_R >= 2 * BADGE_R + 2:
        return mid
    # Perpendicular, to the right-hand side of the direction a -> b.
    nx, ny = -(b[1] - a[1]) / length, (b[0] - a[0]) / length
    shift = BADGE_R + 9
    return (mid[0] + nx * shift, mid[1] + ny * shift)


def envoy_slots(
    region: str,
    dragon: Point,
    players: int,
    obstacles: Obstacles,
    cells: RegionCells,
) -> tuple[Point, ...]:
    """``players`` token centres in a chain beside ``dragon``, inside its region.

    Rings of candidates around the dragon; the first slot is the free candidate nearest
    the dragon, each next one the free candidate nearest the last. Where the region is too
    crowded, tokens may cover roads, then leave the region (never a space or a dragon)."""
    r_tok = TOKEN / 2
    candidates = _rings(dragon, r_tok)

    def box(p: Point) -> Box:
        return (p[0] - r_tok, p[1] - r_tok, p[0] + r_tok, p[1] + r_tok)

    tests: list[Callable[[Point], bool]] = [  # from tidiest to most lenient
        lambda p: _inside(cells, region, box(p), 1) and obstacles.hits(box(p), 2) == 0,
        lambda p: _inside(cells, region, box(p), 1) and obstacles.hits_circles(box(p)) == 0,
        lambda p: bool(cells.region_at(p)) and obstacles.hits_circles(box(p)) == 0,
    ]
    chosen: list[Point] = []
    for test in tests:
        if len(chosen) == players:
            break
        tier = [p for p in candidates if test(p)]
        while len(chosen) < players:
            free = [p for p in tier if all(math.dist(p, q) >= TOKEN + 2 for q in chosen)]
            if not free:
                break
            anchor = chosen[-1] if chosen else dragon
            chosen.append(min(free, key=lambda p: (round(math.dist(p, anchor)), p[1], p[0])))
    for p in chosen:
        obstacles.circles.append((p, r_tok + 2))
    return tuple(chosen)


def _rings(dragon: Point, r_tok: float) -> list[Point]:
    """Candidate token centres on three rings around ``dragon``, every 10 degrees."""
    candidates: list[Point] = []
    for ring in (DRAGON_R + r_tok + 3, DRAGON_R + 3 * r_tok + 7, DRAGON_R + 5 * r_tok + 11):
        for step in range(36):
            angle = math.radians(20 + step * 10)
            candidates.append(
                (dragon[0] + ring * math.cos(angle), dragon[1] + ring * math.sin(angle))
            )
    return candidates


def _midpoint(a: Point, b: Point) -> Point:
    return ((a[0] + b[0]) / 2, (a[1] + b[1]) / 2)


def space_prefix(space_id: str) -> str:
    return space_id.rstrip("0123456789")


LABEL_NAME_SIZE = 26
LABEL_SUB_SIZE = 22
LABEL_PAD = 5
CHECK_W = 22  # room left of the name for the "scored" check mark


def label_size(name: str, colour: str, stacked: bool, kit: Toolkit) -> tuple[float, float]:
    """Width and height of a region label, with room for the scored check mark."""
    head = kit.font(LABEL_NAME_SIZE, True).getlength(name.upper())
    sub = kit.font(LABEL_SUB_SIZE, False).getlength(colour)
    if stacked:
        return 2 * LABEL_PAD + CHECK_W + max(head, sub), LABEL_NAME_SIZE + LABEL_SUB_SIZE + 14
    return 2 * LABEL_PAD + CHECK_W + head + 6 + sub, LABEL_NAME_SIZE + 12


def place_label(
    cells: RegionCells, region: str, name: str, colour: str, obstacles: Obstacles, kit: Toolkit
) -> LabelSpot:
    """A clear spot for the label, on one line or stacked, nearest the region's centre."""
    near = cells.centroid(region)
    tries = []
    for stacked in (False, True):
        size = label_size(name, colour, stacked, kit)
        box = place_box(cells, region, size, near, obstacles, 20 * CELL)
        tries.append((obstacles.hits(box), stacked, box))
        if tries[-1][0] == 0:
            break
    _, stacked, box = min(tries, key=lambda t: t[0])
    obstacles.boxes.append(box)
    return LabelSpot(box, stacked)


# --- automatic placement ----------------------------------------------------------------


class RegionCells:
    """Which region each grid cell belongs to, in pixels."""

    def __init__(self, view: ChinaView) -> None:
        legend = dict(view.grid_legend)
        self.rows = [[legend.get(ch, "") for ch in row] for row in view.grid_rows]

    def region_at(self, p: Point) -> str:
        """The region under pixel ``p`` ("" off the map)."""
        col = math.floor((p[0] - MARGIN - FRAME) / CELL)
        row = math.floor((p[1] - TOP_BAR - FRAME) / CELL)
        if 0 <= row < len(self.rows) and 0 <= col < len(self.rows[0]):
            return self.rows[row][col]
        return ""

    def covers(self, region: str, box: Box) -> bool:
        """Whether every cell that ``box`` touches belongs to ``region``."""
        c0 = math.floor((box[0] - MARGIN - FRAME) / CELL)
        c1 = math.floor((box[2] - MARGIN - FRAME) / CELL)
        r0 = math.floor((box[1] - TOP_BAR - FRAME) / CELL)
        r1 = math.floor((box[3] - TOP_BAR - FRAME) / CELL)
        if r0 < 0 or c0 < 0 or r1 >= len(self.rows) or c1 >= len(self.rows[0]):
            return False
        return all(self.rows[r][c] == region for r in range(r0, r1 + 1) for c in range(c0, c1 + 1))

    def lattice(self, region: str) -> list[Point]:
        """Quarter-cell points inside the cells of ``region`` (candidate box centres)."""
        q = CELL / 4
        return [
            (MARGIN + FRAME + c * CELL + i * q, TOP_BAR + FRAME + r * CELL + j * q)
            for r, row in enumerate(self.rows)
            for c, rid in enumerate(row)
            if rid == region
            for i in range(4)
            for j in range(4)
        ]

    def centroid(self, region: str) -> Point:
        cells = [
            cell_centre((c, r))
            for r, row in enumerate(self.rows)
            for c, rid in enumerate(row)
            if rid == region
        ]
        return (sum(p[0] for p in cells) / len(cells), sum(p[1] for p in cells) / len(cells))


@dataclass
class Obstacles:
    """Things a label must not cover: circles (centre, radius), road segments, boxes."""

    circles: list[tuple[Point, float]]
    segments: list[tuple[Point, Point]]
    boxes: list[Box]

    def __post_init__(self) -> None:
        # Each road's bounding box, to skip most roads without clipping them.
        self._roads = [
            ((min(a[0], b[0]), min(a[1], b[1]), max(a[0], b[0]), max(a[1], b[1])), a, b)
            for a, b in self.segments
        ]

    def hits_circles(self, box: Box) -> int:
        """How many circles (spaces, dragons, badges, tokens) ``box`` touches."""
        x0, y0, x1, y1 = box
        count = 0
        for (cx, cy), r in self.circles:
            if cx + r <= x0 or cx - r >= x1 or cy + r <= y0 or cy - r >= y1:
                continue  # the usual case, decided without any arithmetic
            dx = x0 - cx if cx < x0 else (cx - x1 if cx > x1 else 0.0)
            dy = y0 - cy if cy < y0 else (cy - y1 if cy > y1 else 0.0)
            count += dx * dx + dy * dy < r * r
        return count

    def hits(self, box: Box, pad: float = 6) -> int:
        """How badly ``box`` covers things: 10 a circle or box, 1 a road (within ``pad``)."""
        x0, y0, x1, y1 = box
        grown = (x0 - pad, y0 - pad, x1 + pad, y1 + pad)
        count = 10 * self.hits_circles(box)
        count += 10 * sum(_boxes_overlap(grown, other) for other in self.boxes)
        for near, a, b in self._roads:
            if _boxes_overlap(near, grown) and _segment_hits_box(a, b, grown):
                count += 1
        return count


def _boxes_overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _segment_hits_box(a: Point, b: Point, box: Box) -> bool:
    # Liang-Barsky clipping: does any part of the segment lie inside the box?
    t0, t1 = 0.0, 1.0
    dx, dy = b[0] - a[0], b[1] - a[1]
    for p, q in (
        (-dx, a[0] - box[0]),
        (dx, box[2] - a[0]),
        (-dy, a[1] - box[1]),
        (dy, box[3] - a[1]),
    ):
        if p == 0:
            if q < 0:
                return False
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 > t1:
            return False
    return True


def _samples(box: Box, inset: float) -> list[Point]:
    x0, y0, x1, y1 = box[0] - inset, box[1] - inset, box[2] + inset, box[3] + inset
    return [(x0 + (x1 - x0) * i / 4, y0 + (y1 - y0) * j / 2) for i in range(5) for j in range(3)]


def _inside(cells: RegionCells, region: str, box: Box, inset: float) -> bool:
    return cells.covers(region, (box[0] - inset, box[1] - inset, box[2] + inset, box[3] + inset))


def _mostly_inside(cells: RegionCells, region: str, box: Box) -> bool:
    """At least 60 % of the box over its region and all of it on the map."""
    found = [cells.region_at(p) for p in _samples(box, 2)]
    return all(found) and sum(r == region for r in found) >= 0.6 * len(found)


def place_box(
    cells: RegionCells,
    region: str,
    size: tuple[float, float],
    near: Point,
    obstacles: Obstacles,
    reach: float,
) -> Box:
    """The box of ``size`` in ``region`` closest to ``near`` that covers nothing.

    Candidates lie on a quarter-cell lattice within ``reach`` of ``near``, nearest first.
    A box wholly inside the region is preferred; in a crowded region it may reach over
    the border a little; a box covering something is taken only when no clear one exists
    (fewest and lightest hits win, see :meth:`Obstacles.hits`)."""
    w, h = size
    points = sorted(
        (p for p in cells.lattice(region) if math.dist(p, near) <= reach),
        key=lambda p: (math.dist(p, near), p[1], p[0]),
    )
    boxes = [(cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2) for cx, cy in points]
    inside = [_inside(cells, region, box, 6) for box in boxes]
    best: tuple[int, int, Box] | None = None
    for spill in (0, 1):  # wholly inside first, then reaching a little over the border
        for box, whole in zip(boxes, inside, strict=True):
            if whole != (spill == 0) or (spill and not _mostly_inside(cells, region, box)):
                continue
            hits = obstacles.hits(box)
            if hits == 0:
                return box
            if best is None or (hits, spill) < best[:2]:
                best = (hits, spill, box)
    if best is None:  # region too small for the box: centre it on the point
        return (near[0] - w / 2, near[1] - h / 2, near[0] + w / 2, near[1] + h / 2)
    return best[2]
