"""The :class:`~renderer.plugin.GameRenderer` of Rising Sun."""

from __future__ import annotations

from renderer.plugin import Drawing
from renderer.rising_sun import art
from renderer.rising_sun.board import GAME_KEY, render
from renderer.rising_sun.detail import render_detail
from renderer.rising_sun.hand import render_hand
from renderer.rising_sun.result import result_part
from renderer.rising_sun.words import alt_sentences, hand_alt_text

__all__ = ["GAME_KEY"]


# Rising Sun's board, hand (secrets) and result columns.
RENDERER = Drawing(
    GAME_KEY,
    render,
    alt_sentences,
    draw_hand=render_hand,
    describe_hand=hand_alt_text,
    result=result_part,
    palette=art.png_palette,
    draw_detail=render_detail,
    categories=art.category_colours,
)
