"""A player's rating over their games (issue 28): a pure function of the points and the
words, drawn like the boards (Noto Sans, the palette's colours, PNG at the house level).

The line is the rating's estimate ``mu`` after each game; the band around it ``mu ± 2
sigma``, which narrows as the games tell more. The picture is 600 px wide so that, shown
450 px wide on a phone, the title and the values are 15 and 12 px type (capitals about
10.7 and 8.5 px) and the axis labels 10.5 px type (capitals 7.5 px).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Final

from PIL import Image, ImageDraw

from renderer.core import CACHED, Toolkit, draw_text, encode_png, get_palette, rgb

WIDTH: Final = 600
HEIGHT: Final = 300
TITLE_PX: Final = 20
VALUE_PX: Final = 16
AXIS_PX: Final = 14
LEFT, RIGHT, TOP, BOTTOM = 48, 24, 66, 44


@dataclass(frozen=True)
class ChartPoint:
    """The rating after one game: when it finished (epoch seconds), ``mu`` and ``sigma``."""

    at: float
    mu: float
    sigma: float


def _bounds(points: Sequence[ChartPoint]) -> tuple[float, float]:
    low = min(p.mu - 2 * p.sigma for p in points)
    high = max(p.mu + 2 * p.sigma for p in points)
    low, high = 5 * (low // 5), 5 * (high // 5 + 1)
    return low, high


def render_chart(
    points: Sequence[ChartPoint],
    words: tuple[str, str, str],
    *,
    palette: str = "default",
    kit: Toolkit = CACHED,
) -> bytes:
    """The chart as PNG bytes. ``words``: the title, the x axis ("games") and the y axis
    ("rating") in the reader's language."""
    pal = get_palette(palette)
    img = Image.new("RGB", (WIDTH, HEIGHT), rgb(pal["background"]))
    draw = ImageDraw.Draw(img)
    title, x_label, y_label = words
    draw_text(img, (LEFT, 12), title, size=TITLE_PX, fill=pal["text"], kit=kit, bold=True)
    if not points:
        return encode_png(img)
    low, high = _bounds(points)
    width, height = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def xy(index: int, value: float) -> tuple[float, float]:
        x = LEFT + (width * index / (len(points) - 1) if len(points) > 1 else width / 2)
        return x, TOP + height * (high - value) / (high - low)

    draw.rectangle((LEFT, TOP, LEFT + width, TOP + height), outline=rgb(pal["grid"]))
    _plot(draw, points, xy, rgb(pal["players"][0]), rgb(pal["background"]))
    _axes(img, points, (low, high), (x_label, y_label), pal["muted_text"], kit)
    last = points[-1]
    value = f"{last.mu:.1f} ± {2 * last.sigma:.1f}"
    draw_text(
        img,
        (WIDTH - RIGHT, 14),
        value,
        size=VALUE_PX,
        fill=pal["text"],
        kit=kit,
        anchor="ra",
        role="score",
    )
    return encode_png(img)


def _plot(
    draw: ImageDraw.ImageDraw,
    points: Sequence[ChartPoint],
    xy: Callable[[int, float], tuple[float, float]],
    colour: tuple[int, int, int],
    back: tuple[int, int, int],
) -> None:
    """The band mu ± 2 sigma (the line's colour a quarter strong on the background), then
    the line of mu with a dot per game."""
    band = [xy(i, p.mu + 2 * p.sigma) for i, p in enumerate(points)]
    band += [xy(i, p.mu - 2 * p.sigma) for i, p in reversed(list(enumerate(points)))]
    if len(points) > 1:
        soft = tuple(round(b + (c - b) * 0.25) for b, c in zip(back, colour, strict=True))
        draw.polygon(band, fill=soft)
    line = [xy(i, p.mu) for i, p in enumerate(points)]
    if len(line) > 1:
        draw.line(line, fill=colour, width=3)
    for x, y in line:
        draw.ellipse((x - 3, y - 3, x + 3, y + 3), fill=colour)


def _axes(
    img: Image.Image,
    points: Sequence[ChartPoint],
    bounds: tuple[float, float],
    labels: tuple[str, str],
    fill: str,
    kit: Toolkit,
) -> None:
    low, high = bounds
    bottom = HEIGHT - BOTTOM
    for value, y in ((high, TOP), (low, bottom)):
        draw_text(img, (LEFT - 8, y), f"{value:.0f}", size=AXIS_PX, fill=fill, kit=kit, anchor="rm")
    draw_text(img, (LEFT, TOP - 4), labels[1], size=AXIS_PX, fill=fill, kit=kit, anchor="ld")
    draw_text(img, (LEFT, bottom + 6), "1", size=AXIS_PX, fill=fill, kit=kit, anchor="la")
    end = str(len(points))
    draw_text(img, (WIDTH - RIGHT, bottom + 6), end, size=AXIS_PX, fill=fill, kit=kit, anchor="ra")
    draw_text(img, (WIDTH / 2, bottom + 6), labels[0], size=AXIS_PX, fill=fill, kit=kit,
              anchor="ma")  # fmt: skip
