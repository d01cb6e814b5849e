"""Issue 25, item 3: the text one must read is big enough on a phone.

A phone shows a picture about 450 px wide. There, the capitals of who must act, what they
must do, the scores, the last action and the labels of pieces must be at least 8 px tall,
and those of every other text at least 6.4 px (Noto Sans at 9 px). Capitals are measured
(the ink of "H" in the font drawn with), not font sizes; what each text is for is the role
its renderer declares where it draws it (``renderer.core.Role``). Every game's boards at
the start, middle and end, their details, every seat's hand and the result card are drawn
(``tests/renderer/drawn.py``) in both languages.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from PIL import Image

from bench.configs import Config
from renderer.chart import WIDTH as CHART_WIDTH
from renderer.chart import ChartPoint, render_chart
from renderer.core import Toolkit, draw_text, font
from tests.renderer.drawn import CONFIGS, Drawn, TextLog, pictures, watch

__all__ = ["watch"]

LOUD_CAPS = 8.0  # px at 450 wide: whose turn, what to do, scores, last action, piece labels
QUIET_CAPS = 6.4  # px at 450 wide: every other text
LOUD = frozenset({"turn", "task", "score", "last", "piece"})
NAMES = ("Alexandra", "Bartholomew", "Chiyoko", "Dmitri", "Esperanza")


def too_small(image: Image.Image, log: TextLog) -> list[str]:
    """Each text of ``log`` whose capitals are under its role's floor at 450 px wide."""
    out = []
    for drawn, caps in log.at_phone(image.width):
        floor = LOUD_CAPS if drawn.role in LOUD else QUIET_CAPS
        if caps < floor - 1e-6:
            out.append(f"{drawn.role} {drawn.text!r}: capitals {caps:.1f} px < {floor}")
    return sorted(set(out))


def roles(found: list[tuple[str, Image.Image, TextLog]], what: str) -> set[str]:
    return {d.role for w, _, log in found if w.startswith(what) for d in log.drawn}


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_text_one_must_read_is_big_enough(
    config: Config, locale: str, watch: Callable[[], TextLog]
) -> None:
    found = list(pictures(config, locale, NAMES[: config.players], watch))
    assert all(log.drawn for _, _, log in found), "a picture drew no text: the hook missed it"
    # The renderer says which texts matter: a board mid-game shows whose turn it is and
    # the last action, the result card the scores.
    assert {"turn", "last"} <= roles(found, "board middle"), roles(found, "board middle")
    assert "score" in roles(found, "result card")
    small = {what: s for what, image, log in found if (s := too_small(image, log))}
    assert not small, "\n".join(f"{what}: {s[:6]} ({len(s)} in all)" for what, s in small.items())


def test_the_rating_chart_is_big_enough(watch: Callable[[], TextLog]) -> None:
    """The ratings chart of /stats (issue 28): its rating is a score, the axes the rest."""
    log = watch()
    points = [ChartPoint(1000.0 + i, 20.0 + 2 * i, 8.0 - 0.5 * i) for i in range(8)]
    render_chart(points, ("Puntuación en Yōkai", "partidas", "puntuación"), kit=log.kit())
    assert "score" in {d.role for d in log.drawn}
    assert not too_small(Image.new("RGB", (CHART_WIDTH, 1)), log)


def test_the_check_measures_capitals_at_phone_width(watch: Callable[[], TextLog]) -> None:
    """The check can fail: 18 px text on a 1000 px picture has capitals of 5.8 px at 450
    (too small for any text), 24 px ones 7.7 px (enough for a heading, not for a score),
    and a sprite drawn 4x larger counts at its shown size."""
    log = watch()
    kit = log.kit()
    img = Image.new("RGB", (1000, 100))
    draw_text(img, (0, 0), "Heading", size=24, fill="#ffffff", kit=kit)
    draw_text(img, (0, 40), "12", size=24, fill="#ffffff", kit=kit, role="score")
    draw_text(img, (0, 70), "a1", size=18, fill="#ffffff", kit=kit)
    big = kit.supersampled(4)
    draw_text(img, (500, 0), "K", size=4 * 40, fill="#ffffff", kit=big, role="piece")
    assert [d.text for d in log.drawn] == ["Heading", "12", "a1", "K"]
    assert too_small(img, log) == [
        "other 'a1': capitals 5.8 px < 6.4",
        "score '12': capitals 7.7 px < 8.0",
    ]
    caps = {d.text: c for d, c in log.at_phone(img.width)}
    assert caps["K"] == pytest.approx(40 * 0.714 * 0.45, abs=0.2)


def test_a_font_from_another_toolkit_is_not_recorded(watch: Callable[[], TextLog]) -> None:
    log = watch()
    img = Image.new("RGB", (100, 100))
    draw_text(img, (0, 0), "x", size=10, fill="#ffffff", kit=Toolkit(load=font, cached=False))
    assert log.drawn == [] and Drawn("x", "other", 1.0).role == "other"
