"""What every picture draws, text by text, with the role its renderer gave it (issue 25).

A :class:`TextLog` hands a renderer, through its toolkit, one font object per (size,
weight, role, scale); :func:`watch` wraps Pillow's ``ImageDraw.text`` so that every text
drawn with one of those fonts is recorded with its role and the height of its capitals
(the ink of "H" above the baseline) in the picture's own px. Nothing is cached, so a text
stamp built by an earlier picture cannot hide a text. :func:`pictures` draws every
picture a player of a configuration is shown.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from PIL import Image, ImageDraw

import renderer
from bench.configs import Config, configurations, random_positions
from games.base import State
from renderer.core import PHONE_WIDTH, Font, Role, Toolkit, font, load_font
from renderer.palettes import PALETTES
from renderer.result import draw_card, make_card

CONFIGS = [c for c in configurations() if renderer.has_board(c.key)]


@dataclass(frozen=True)
class Drawn:
    """One text as drawn: its role and its capitals' height in the picture's px."""

    text: str
    role: Role
    caps: float
    xy: tuple[float, float] = (0.0, 0.0)


@dataclass
class TextLog:
    """The texts one picture drew with this log's fonts (see :meth:`kit`)."""

    drawn: list[Drawn] = field(default_factory=list)
    _fonts: dict[int, tuple[Role, float]] = field(default_factory=dict)
    _made: dict[tuple[int, bool, Role, float], Font] = field(default_factory=dict)

    def kit(self) -> Toolkit:
        return Toolkit(load=font, cached=False, tag=self._tagged)

    def _tagged(self, size: int, bold: bool, role: Role, scale: float) -> Font:
        key = (size, bold, role, scale)
        if key not in self._made:
            fnt = self._made[key] = load_font(size, bold)
            caps = -fnt.getbbox("H", anchor="ls")[1] / scale
            self._fonts[id(fnt)] = (role, caps)
        return self._made[key]

    def saw(self, text: str, fnt: Any, xy: tuple[float, float]) -> None:
        found = self._fonts.get(id(fnt))
        if found is not None:
            self.drawn.append(Drawn(text, found[0], found[1], xy))

    def at_phone(self, width: int) -> list[tuple[Drawn, float]]:
        """Every text with its capitals' height in px when the picture is shown 450 wide."""
        return [(d, d.caps * PHONE_WIDTH / width) for d in self.drawn]


LOGS: list[TextLog] = []


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Callable[[], TextLog]]:
    """A maker of text logs: every text Pillow draws with a log's font is recorded there."""
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kw: Any) -> Any:
        fnt = kw.get("font", args[1] if len(args) > 1 else None)
        for log in LOGS:
            log.saw(str(text), fnt, (float(xy[0]), float(xy[1])))
        return original(self, xy, text, *args, **kw)

    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)

    def make() -> TextLog:
        LOGS.clear()
        LOGS.append(TextLog())
        return LOGS[0]

    yield make
    LOGS.clear()


@functools.cache
def positions(label: str) -> tuple[State, State, State]:
    """The start, middle and end of a seeded random playout of the configuration."""
    config = next(c for c in CONFIGS if c.label == label)
    states = list(random_positions(config, 1, seed=15))
    return states[0], states[len(states) // 2], states[-1]


def pictures(
    config: Config, locale: str, names: Sequence[str], watch: Callable[[], TextLog]
) -> Iterator[tuple[str, Image.Image, TextLog]]:
    """(what, picture, its text log) for every picture a player of ``config`` is shown:
    the boards at the start, middle and end (the middle from every side, with its detail
    and every seat's hand) and the result card."""
    game, draw = config.game, renderer.get(config.key)
    pal = PALETTES["default"]
    start, middle, end = positions(config.label)
    for when, state in (("start", start), ("middle", middle), ("end", end)):
        for seat in [None, *range(config.players)] if when == "middle" else [None]:
            view = game.view(state, seat)
            kw: dict[str, Any] = {"palette": pal, "names": names, "locale": locale}
            log = watch()
            image = draw.render(view, highlight=True, kit=log.kit(), **kw)
            yield f"board {when} seen by {seat}", image, log
            log = watch()
            detail = draw.render_detail(view, kit=log.kit(), **kw)
            if detail is not None:
                yield f"detail {when} seen by {seat}", detail, log
            if seat is not None and draw.has_hand:
                log = watch()
                yield f"hand {when} of {seat}", draw.render_hand(view, kit=log.kit(), **kw), log
    outcome = game.outcome(end)
    assert outcome is not None
    log = watch()
    card = make_card(config.key, game.title, outcome, names, locale)
    yield "result card", draw_card(card, pal, log.kit()), log
