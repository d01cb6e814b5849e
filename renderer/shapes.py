"""Shapes shared by every game's renderer: rounded and regular polygons, and the seat
marks (circle, triangle, square, diamond, hexagon) that tell seats apart beyond colour."""

from __future__ import annotations

import math
from collections.abc import Sequence

from PIL import ImageDraw

Point = tuple[float, float]


def rounded_polygon(points: Sequence[Point], radius: float, steps: int = 6) -> list[Point]:
    """The outline of ``points`` with every corner rounded off (quadratic Bézier cuts)."""
    out: list[Point] = []
    for i, (vx, vy) in enumerate(points):
        px, py = points[i - 1]
        nx, ny = points[(i + 1) % len(points)]
        lp, ln = math.hypot(px - vx, py - vy), math.hypot(nx - vx, ny - vy)
        r = min(radius, lp / 2, ln / 2)
        ax, ay = vx + (px - vx) * r / lp, vy + (py - vy) * r / lp
        bx, by = vx + (nx - vx) * r / ln, vy + (ny - vy) * r / ln
        for k in range(steps + 1):
            t = k / steps
            u = 1 - t
            out.append(
                (u * u * ax + 2 * u * t * vx + t * t * bx, u * u * ay + 2 * u * t * vy + t * t * by)
            )
    return out


def regular_polygon(cx: float, cy: float, r: float, sides: int, turn: float = -90.0) -> list[Point]:
    """Vertices of a regular polygon; the first vertex points up by default."""
    angles = (math.radians(turn + 360 * k / sides) for k in range(sides))
    return [(cx + r * math.cos(a), cy + r * math.sin(a)) for a in angles]


SHAPE_SIDES = {
    "triangle": (3, -90.0, 1.2),
    "square": (4, -45.0, 1.25),
    "diamond": (4, -90.0, 1.2),
    "hexagon": (6, -90.0, 1.08),
}


def draw_seat_mark(
    draw: ImageDraw.ImageDraw, shape: str, centre: Point, r: float, fill: str, outline: str
) -> None:
    """A seat's shape (circle, triangle, square, diamond, hexagon): seats differ beyond colour."""
    cx, cy = centre
    width = max(2, round(r / 5))
    if shape == "circle":
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=outline, width=width)
        return
    sides, turn, scale = SHAPE_SIDES[shape]
    points = regular_polygon(cx, cy + (r * 0.2 if sides == 3 else 0), r * scale, sides, turn)
    draw.polygon(points, fill=fill, outline=outline, width=width)
