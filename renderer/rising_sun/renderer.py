"""The :class:`~renderer.plugin.GameRenderer` of Rising Sun."""

from __future__ import annotations

from collections.abc import Sequence

from PIL import Image

from games.base import Outcome
from games.rising_sun.view import RisingSunView
from renderer.core import Toolkit
from renderer.palettes import Palette
from renderer.plugin import RendererDefaults, ResultPart
from renderer.rising_sun import art
from renderer.rising_sun.board import GAME_KEY, render
from renderer.rising_sun.hand import render_hand
from renderer.rising_sun.result import result_part
from renderer.rising_sun.words import alt_text, hand_alt_text
from renderer.words import Words

__all__ = ["GAME_KEY", "RisingSunRenderer"]


class RisingSunRenderer(RendererDefaults):
    """Rising Sun's board, hand (secrets) and result columns."""

    key = GAME_KEY
    has_hand = True

    def render(
        self,
        view: RisingSunView,
        *,
        palette: Palette,
        highlight: bool,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        return render(
            view, palette=palette, highlight=highlight, names=names, kit=kit, locale=locale
        )

    def alt_text(
        self, view: RisingSunView, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        return alt_text(view, names=names, locale=locale)

    def render_hand(
        self,
        view: RisingSunView,
        *,
        palette: Palette,
        names: Sequence[str] | None,
        kit: Toolkit,
        locale: str = "en",
    ) -> Image.Image:
        return render_hand(view, palette=palette, names=names, kit=kit, locale=locale)

    def hand_alt_text(
        self, view: RisingSunView, *, names: Sequence[str] | None = None, locale: str = "en"
    ) -> str:
        return hand_alt_text(view, names=names, locale=locale)

    def result_part(self, outcome: Outcome, seats: int, tr: Words) -> ResultPart:
        return result_part(outcome, seats, tr)

    def png_palette(self, pal: Palette, kit: Toolkit) -> Image.Image:
        return art.png_palette(pal, kit)
