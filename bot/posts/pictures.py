"""The pictures of a post (a board, its detail, a hand, a result card), each drawn on the
render thread with its words for when it cannot be drawn (:mod:`bot.posts.render`)."""

from __future__ import annotations

from collections.abc import Sequence

import renderer
from bot.posts.alt_text import alt_summary, board_alt, board_as_text, hand_as_text
from bot.posts.render import Sight, picture_or_words
from bot.service.results import Attachment
from games.base import Game, Outcome


async def board(sight: Sight) -> tuple[Attachment | None, tuple[str, ...]]:
    """The board's picture (``None`` for a game without one), or its words."""
    return await picture_or_words("board", sight, _board_picture, board_as_text)


async def hand(sight: Sight) -> tuple[Attachment | None, tuple[str, ...]]:
    """The seat's hand as a picture, or its alt text as words for the DM itself."""
    return await picture_or_words("hand", sight, _hand_picture, hand_as_text)


async def detail(sight: Sight) -> Attachment | None:
    """The board's second picture: what a phone-sized board leaves out (``None`` when
    the game has none, and when it cannot be drawn: the board's words are the post's
    already)."""
    picture, _ = await picture_or_words("detail", sight, _detail_picture)
    return picture


async def result_card(
    sight: Sight, game: Game, outcome: Outcome, deltas: Sequence[float] | None = None
) -> Attachment | None:
    """The end-of-game card: ranks, scores, the per-game breakdown and each seat's rating
    change when the game was rated (``None`` when it cannot be drawn: the scores are in
    the post's text)."""

    def draw(sight: Sight) -> Attachment:
        names, locale = sight.names, sight.locale
        data = renderer.render_result(
            game.key,
            game.title,
            outcome,
            names=names,
            locale=locale,
            palette=sight.palette,
            deltas=deltas,
        )
        alt = renderer.result_alt_text(
            game.key, game.title, outcome, names=names, locale=locale, deltas=deltas
        )
        return Attachment(f"{game.key}-result.png", data, alt_summary(alt, locale))

    picture, _ = await picture_or_words("result card", sight, draw)
    return picture


def _board_picture(sight: Sight) -> Attachment | None:
    key, view, names, locale = sight.key, sight.view, sight.names, sight.locale
    if not renderer.has_board(key):
        return None
    data = renderer.render_board(key, view, names=names, palette=sight.palette, locale=locale)
    return Attachment(f"{key}-board.png", data, board_alt(sight))


def _detail_picture(sight: Sight) -> Attachment | None:
    key, view, names, locale = sight.key, sight.view, sight.names, sight.locale
    data = renderer.render_detail(key, view, names=names, palette=sight.palette, locale=locale)
    if data is None:
        return None
    return Attachment(f"{key}-detail.png", data, board_alt(sight))


def _hand_picture(sight: Sight) -> Attachment:
    key, view, names, locale = sight.key, sight.view, sight.names, sight.locale
    data = renderer.render_hand(key, view, names=names, palette=sight.palette, locale=locale)
    description = renderer.hand_alt_text(key, view, names=names, locale=locale)
    return Attachment(f"{key}-hand.png", data, alt_summary(description, locale))
