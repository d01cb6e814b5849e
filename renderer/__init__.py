"""Tenka's renderer: a game's view in, a PNG (and a text description) out.

>>> png = render_board("yokai", view)                     # doctest: +SKIP
>>> png = render_board("yokai", view, palette="colorblind", names=("Ann", "Bo"))  # doctest: +SKIP
>>> description = alt_text("yokai", view)                 # doctest: +SKIP
>>> png = render_board("yokai", view, locale="es")        # doctest: +SKIP

Every word drawn into a picture or written in an alt text comes from the locale's table
(:mod:`renderer.words`: ``renderer/locales/`` plus every game's ``data/<key>/locales/``);
``locale`` is "en" or "es"; anything else falls back to English.

Each game's pictures are one package, ``renderer/<key>/``, exporting ``RENDERER``, a
:class:`~renderer.plugin.GameRenderer`; they are found by folder, and :func:`register`
adds one from elsewhere. Renderers draw only what the view holds, so a picture can never
show a secret the viewer was not given.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PIL import Image

from renderer.alt import Sentence
from renderer.core import CACHED, NAIVE, encode_png, get_palette
from renderer.palettes import PALETTES
from renderer.plugin import (
    RENDERERS,
    GameRenderer,
    NoHandPicture,
    RendererDefaults,
    ResultPart,
    get,
    has_board,
    has_hand,
    register,
)
from renderer.replay import replay_gif
from renderer.result import render_result, result_alt_text
from renderer.words import LOCALES, supported

__all__ = [
    "LOCALES",
    "PALETTES",
    "RENDERERS",
    "GameRenderer",
    "NoHandPicture",
    "RendererDefaults",
    "ResultPart",
    "alt_sentences",
    "alt_text",
    "encode_png",
    "get",
    "hand_alt_text",
    "has_board",
    "has_hand",
    "register",
    "render_board",
    "render_detail",
    "render_hand",
    "render_image",
    "render_naive",
    "render_result",
    "replay_gif",
    "result_alt_text",
]


def render_hand(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> bytes:
    """The private hand picture of ``view`` (a seat's view) as PNG bytes, in ``locale``."""
    game = get(game_key)
    if not game.has_hand:
        raise NoHandPicture(f"There is no hand picture for {game_key!r}.")
    pal = get_palette(palette)
    image = game.render_hand(view, palette=pal, names=names, kit=CACHED, locale=supported(locale))
    return encode_png(image, game.png_palette(pal, CACHED))


def hand_alt_text(
    game_key: str, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """A short description of the hand picture for screen readers, in ``locale``."""
    game = get(game_key)
    if not game.has_hand:
        raise NoHandPicture(f"There is no hand picture for {game_key!r}.")
    return game.hand_alt_text(view, names=names, locale=supported(locale))


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
    return get(game_key).render(
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
    return encode_png(image, get(game_key).png_palette(get_palette(palette), CACHED))


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
    image = get(game_key).render(
        view, palette=pal, highlight=highlight, names=names, kit=NAIVE, locale=supported(locale)
    )
    return encode_png(image, get(game_key).png_palette(pal, NAIVE))


def render_detail(
    game_key: str,
    view: Any,
    *,
    palette: str = "default",
    names: Sequence[str] | None = None,
    locale: str = "en",
) -> bytes | None:
    """The board's second picture as PNG bytes (what a phone-sized board leaves out: the
    last move's region enlarged, or panels); ``None`` when the board says it all."""
    game, pal = get(game_key), get_palette(palette)
    image = game.render_detail(view, palette=pal, names=names, kit=CACHED, locale=supported(locale))
    return None if image is None else encode_png(image, game.png_palette(pal, CACHED))


def alt_text(
    game_key: str, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """A short description of the position and last move for screen readers (≤ 1,000
    characters): whose turn and what to do first, then as much as fits, in whole sentences."""
    return get(game_key).alt_text(view, names=names, locale=supported(locale))


def alt_sentences(
    game_key: str, view: Any, *, names: Sequence[str] | None = None, locale: str = "en"
) -> Sequence[Sentence]:
    """The whole description of the board as ranked sentences (see :mod:`renderer.alt`)."""
    return get(game_key).alt_sentences(view, names=names, locale=supported(locale))
