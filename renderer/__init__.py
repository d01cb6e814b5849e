"""Tenka's renderer: a game's view in, a PNG (and a text description) out.

>>> png = render_board("yokai", view)                     # doctest: +SKIP
>>> png = render_board("yokai", view, palette="colorblind", names=("Ann", "Bo"))  # doctest: +SKIP
>>> description = alt_text("yokai", view)                 # doctest: +SKIP

Each game registers a :class:`BoardRenderer` under its game key. Renderers draw only what
the view holds, so a picture can never show a secret the viewer was not given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PIL import Image

from games.base import UnknownGame
from renderer import yokai
from renderer.core import CACHED, NAIVE, Toolkit, encode_png, get_palette, png_palette
from renderer.palettes import PALETTES, Palette

__all__ = [
    "PALETTES",
    "RENDERERS",
    "BoardRenderer",
    "alt_text",
    "encode_png",
    "register",
    "render_board",
    "render_image",
    "render_naive",
]


class BoardRenderer(Protocol):
    """What a game's renderer module provides (see renderer/yokai.py)."""

    def render(
        self,
        view: Any,
        *,
        palette: Palette,
        highlight: bool,
        names: Sequence[str] | None,
        kit: Toolkit,
    ) -> Image.Image: ...

    def alt_text(self, view: Any, *, names: Sequence[str] | None = None) -> str: ...


RENDERERS: dict[str, BoardRenderer] = {}


def register(game_key: str, renderer: BoardRenderer) -> None:
    """Make ``renderer`` draw the game registered as ``game_key``."""
    RENDERERS[game_key] = renderer


def _renderer(game_key: str) -> BoardRenderer:
    try:
        return RENDERERS[game_key]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownGame(f"There is no picture for {game_key!r}. Games: {known}.") from None


def render_image(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
) -> Image.Image:
    """The board of ``view`` as an RGB image (static layers, fonts and tokens cached)."""
    return _renderer(game_key).render(
        view, palette=get_palette(palette), highlight=highlight, names=names, kit=CACHED
    )


def render_board(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
) -> bytes:
    """The board of ``view`` as PNG bytes; ``names`` are display names by seat."""
    image = render_image(game_key, view, palette=palette, highlight=highlight, names=names)
    return encode_png(image, png_palette(get_palette(palette), CACHED))


def render_naive(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
) -> bytes:
    """The same PNG as :func:`render_board` drawn with no cache at all (benchmark baseline)."""
    pal = get_palette(palette)
    image = _renderer(game_key).render(
        view, palette=pal, highlight=highlight, names=names, kit=NAIVE
    )
    return encode_png(image, png_palette(pal, NAIVE))


def alt_text(game_key: str, view: Any, *, names: Sequence[str] | None = None) -> str:
    """A short description of the position and last move for screen readers (≤ 1024 chars)."""
    return _renderer(game_key).alt_text(view, names=names)


register(yokai.GAME_KEY, yokai)
