"""The pictures of issue 28: the rating chart of ``/stats`` and the rating change on the
result card."""

from __future__ import annotations

import io

from PIL import Image

from games.base import Outcome, Termination
from renderer.chart import WIDTH, ChartPoint, render_chart
from renderer.core import FontLog, get_palette, rgb
from renderer.result import make_card, render_result, result_alt_text

WORDS = ("Rating in Yōkai", "games", "rating")
RISING = [ChartPoint(1000.0 + i, 20.0 + 2 * i, 8.0 - 0.5 * i) for i in range(8)]
CAPITALS = 0.71  # Noto Sans capitals are 0.71 em tall


def test_every_text_of_the_chart_is_readable_at_450_px() -> None:
    log, kit = FontLog.start()
    render_chart(RISING, WORDS, kit=kit)
    shown = [size * 450 / WIDTH for size, _ in log.sizes]
    assert len(shown) >= 7  # title, value, 2 axis values, the axis words, 2 game numbers
    assert min(shown) * CAPITALS >= 6.4  # axis labels
    bold = [size * 450 / WIDTH for size, is_bold in log.sizes if is_bold]
    assert bold and min(bold) * CAPITALS >= 8  # the title


def test_the_line_rises_with_the_rating() -> None:
    image = Image.open(io.BytesIO(render_chart(RISING, WORDS))).convert("RGB")
    colour = rgb(get_palette("default")["players"][0])
    found = [
        (x, y)
        for x in range(image.width)
        for y in range(image.height)
        if image.getpixel((x, y)) == colour
    ]
    first = min(found)  # the leftmost point is the first game's
    last = max(found)
    assert first[1] > last[1] + 50  # a higher rating is drawn higher up
    assert render_chart(RISING, WORDS) == render_chart(RISING, WORDS)  # a pure function


OUTCOME = Outcome(Termination.SCORING, frozenset({1}), (2, 1), (3.0, 5.0))


def test_the_result_card_shows_each_seats_rating_change() -> None:
    card = make_card("yokai", "Yōkai", OUTCOME, ("Ann", "Bo"), "en", [-0.84, 1.25])
    (column,) = [c for c in card.columns if c.header == "Rating"]
    assert column.cells == ("-0.8", "+1.2")
    spanish = result_alt_text("yokai", "Yōkai", OUTCOME, names=("Ann", "Bo"), locale="es",
                              deltas=[-0.84, 1.25])  # fmt: skip
    assert "cambio de puntuación +1,2" in spanish and "cambio de puntuación -0,8" in spanish
    plain = make_card("yokai", "Yōkai", OUTCOME, ("Ann", "Bo"), "en")
    assert all(c.header != "Rating" for c in plain.columns)  # an unrated game: no column
    assert render_result("yokai", "Yōkai", OUTCOME, names=("Ann", "Bo"), deltas=[-0.8, 1.2])
