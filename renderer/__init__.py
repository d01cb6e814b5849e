"""Tenka's renderer: a game's view in, a PNG (and a text description) out.

>>> png = render_board("yokai", view)                     # doctest: +SKIP
>>> png = render_board("yokai", view, palette="colorblind", names=("Ann", "Bo"))  # doctest: +SKIP
>>> description = alt_text("yokai", view)                 # doctest: +SKIP
>>> png = render_board("yokai", view, locale="es")        # doctest: +SKIP

Every word drawn into a picture or written in an alt text comes from the locale's table in
``renderer/locales/`` (:mod:`renderer.words`): ``locale`` is "en" or "es"; anything else
falls back to English.

Each game registers a :class:`BoardRenderer` under its game key. Renderers draw only what
the view holds, so a picture can never show a secret the viewer was not given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from PIL import Image

from games.base import UnknownGame
from renderer import china, samurai, yokai
from renderer.core import CACHED, NAIVE, Toolkit, encode_png, get_palette, png_palette
from renderer.palettes import PALETTES, Palette
from renderer.replay import replay_gif
from renderer.result import render_result, result_alt_text
from renderer.words import LOCALES, supported

__all__ = [
    "HAND_RENDERERS",
    "LOCALES",
    "PALETTES",
    "RENDERERS",
    "BoardRenderer",
    "HandRenderer",
    "alt_text",
    "encode_png",
    "hand_alt_text",
    "register",
    "render_board",
    "render_hand",
    "render_image",
    "render_naive",
    "render_result",
    "replay_gif",
    "result_alt_text",
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
        locale: str = "en",
    ) -> Image.Image: ...

    def alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str: ...


class HandRenderer(Protocol):
    """A game's private picture for one seat (its hand), for the DM."""

    def render_hand(
        self,
        view: Any,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image: ...

    def hand_alt_text(
        self, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str: ...


RENDERERS: dict[str, BoardRenderer] = {}
HAND_RENDERERS: dict[str, HandRenderer] = {}


def register(game_key: str, renderer: BoardRenderer) -> None:
    """Make ``renderer`` draw the game registered as ``game_key`` (and its hands, if the
    module also has ``render_hand`` and ``hand_alt_text``)."""
    RENDERERS[game_key] = renderer
    if hasattr(renderer, "render_hand") and hasattr(renderer, "hand_alt_text"):
        HAND_RENDERERS[game_key] = renderer  # type: ignore[assignment]


def render_hand(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> bytes:
    """The private hand picture of ``view`` (a seat's view) as PNG bytes, in ``locale``."""
    try:
        hands = HAND_RENDERERS[game_key]
    except KeyError:
        raise UnknownGame(f"There is no hand picture for {game_key!r}.") from None
    pal = get_palette(palette)
    image = hands.render_hand(view, palette=pal, names=names, kit=CACHED, locale=supported(locale))
    return encode_png(image, _png_colours(game_key, pal, CACHED))


def hand_alt_text(
    game_key: str, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """A short description of the hand picture for screen readers, in ``locale``."""
    return HAND_RENDERERS[game_key].hand_alt_text(view, names=names, locale=supported(locale))


def _renderer(game_key: str) -> BoardRenderer:
    try:
        return RENDERERS[game_key]
    except KeyError:
        known = ", ".join(sorted(RENDERERS))
        raise UnknownGame(f"There is no picture for {game_key!r}. Games: {known}.") from None


def _png_colours(game_key: str, pal: Palette, kit: Toolkit) -> Any:
    """The fixed PNG palette: the game's own (map colours beyond the shared palette, as
    China's region tints) where its renderer defines one, else the shared one."""
    own = getattr(RENDERERS.get(game_key), "png_palette", None)
    return own(pal, kit) if callable(own) else png_palette(pal, kit)


def render_image(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> Image.Image:
    """The board of ``view`` as an RGB image (static layers, fonts and tokens cached)."""
    return _renderer(game_key).render(
        view,
        palette=get_palette(palette),
        highlight=highlight,
        names=names,
        kit=CACHED,
        locale=supported(locale),
    )


def render_board(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> bytes:
    """The board of ``view`` as PNG bytes; ``names`` are display names by seat."""
    image = render_image(
        game_key, view, palette=palette, highlight=highlight, names=names, locale=locale
    )
    return encode_png(image, _png_colours(game_key, get_palette(palette), CACHED))


def render_naive(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    highlight: bool = True,
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> bytes:
    """The same PNG as :func:`render_board` drawn with no cache at all (benchmark baseline)."""
    pal = get_palette(palette)
    image = _renderer(game_key).render(
        view, palette=pal, highlight=highlight, names=names, kit=NAIVE, locale=supported(locale)
    )
    return encode_png(image, _png_colours(game_key, pal, NAIVE))


def alt_text(
    game_key: str, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """A short description of the position and last move for screen readers (≤ 1024 chars)."""
    return _renderer(game_key).alt_text(view, names=names, locale=supported(locale))


register(yokai.GAME_KEY, yokai)
register(samurai.GAME_KEY, samurai)
register(china.GAME_KEY, china)
