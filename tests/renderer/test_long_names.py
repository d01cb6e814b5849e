"""Issue 15: no name is cut. Discord allows a display name of 32 characters; every game's
board panels, status lines, hands, details and result card show such names whole (a
smaller font down to the legible minimum, then two lines: ``renderer.core.fit_lines``).

Every cut a renderer makes goes through ``renderer.core.fit_text``; the test wraps it in
every renderer module and fails on any cut text that holds a player's name.
"""

from __future__ import annotations

import functools
import sys
from collections.abc import Iterator
from typing import Any

import pytest
from PIL import Image

import renderer
import renderer.core as core
from bench.configs import Config, configurations, random_positions
from games.base import State
from renderer.palettes import PALETTES
from renderer.result import draw_card, make_card

# 32 characters each (Discord's longest display name), wide capitals and a hyphen.
LONG = (
    "Bartholomew Montgomery-Wellesley",
    "Maximiliana Wolfeschlegelsteinho",
    "Chiyoko Yamanouchi-Fitzgerald 3.",
    "Dmitri Alexandrovich Volkonsky I",
    "Esperanza Guadalupe de los Ríos.",
)
CONFIGS = [c for c in configurations() if renderer.has_board(c.key)]
# Nothing cached (a text cut by an earlier test would not be cut again), fonts loaded once.
KIT = core.Toolkit(load=core.font, cached=False)


def test_the_names_are_the_longest_discord_allows() -> None:
    assert {len(name) for name in LONG} == {32}


@functools.cache
def _positions(label: str) -> tuple[State, State]:
    config = next(c for c in CONFIGS if c.label == label)
    states = list(random_positions(config, 1, seed=15))
    return states[len(states) // 2], states[-1]


def pictures(config: Config, locale: str) -> Iterator[tuple[str, Image.Image]]:
    """The public board at the start, middle and end, the middle's detail and first hand,
    and the result card (a seat's own board draws the same panels)."""
    game, draw = config.game, renderer.get(config.key)
    names = LONG[: config.players]
    kw: dict[str, Any] = {"palette": PALETTES["default"], "names": names, "kit": KIT}
    kw["locale"] = locale
    middle, end = _positions(config.label)
    start = game.setup(config.players, config.options, 15)
    for when, state in (("start", start), ("middle", middle), ("end", end)):
        view = game.view(state, None)
        yield f"board {when}", draw.render(view, highlight=True, **kw)
        if when == "middle":
            detail = draw.render_detail(view, **kw)
            if detail is not None:
                yield "detail", detail
            if draw.has_hand:
                yield "hand", draw.render_hand(game.view(state, 0), **kw)
    outcome = game.outcome(end)
    assert outcome is not None
    card = make_card(config.key, game.title, outcome, names, locale)
    yield "result card", draw_card(card, PALETTES["default"], KIT)


@pytest.fixture
def cuts(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, str]]:
    """Every (text, what was drawn) that ``fit_text`` shortened, in any renderer module."""
    found: list[tuple[str, str]] = []
    original = core.fit_text

    def recording(text: str, fnt: core.Font, max_width: float) -> str:
        out = original(text, fnt, max_width)
        if out != text:
            found.append((text, out))
        return out

    for key in {c.key for c in CONFIGS}:
        renderer.get(key)  # imported, so that every module is patched
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] == "renderer" and getattr(module, "fit_text", None) is original:
            monkeypatch.setattr(module, "fit_text", recording)
    return found


def names_cut(cuts: list[tuple[str, str]], names: tuple[str, ...]) -> list[str]:
    return sorted(
        {f"{text!r} drawn as {out!r}" for text, out in cuts if any(n in text for n in names)}
    )


def test_the_check_sees_a_cut_name(cuts: list[tuple[str, str]]) -> None:
    """The check can fail: a name drawn in too little room is reported."""
    img = Image.new("RGB", (200, 50))
    core.draw_text(img, (0, 0), LONG[0], size=30, fill="#000000", kit=core.NAIVE, max_width=120)
    assert names_cut(cuts, LONG)


@pytest.mark.parametrize("locale", ["en", "es"])
@pytest.mark.parametrize("config", CONFIGS, ids=lambda c: c.label)
def test_the_longest_names_are_drawn_whole(
    config: Config, locale: str, cuts: list[tuple[str, str]]
) -> None:
    names = LONG[: config.players]
    drawn = [what for what, _ in pictures(config, locale)]
    assert "result card" in drawn and any(w.startswith("board") for w in drawn)
    assert not names_cut(cuts, names), "\n".join(names_cut(cuts, names))
