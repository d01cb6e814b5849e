"""Pictures drawn off the event loop, each with its words for when it cannot be drawn.

Every picture the bot posts (a board, its detail, a hand, a result card) is drawn on the
one render thread through :func:`picture_or_words`: whatever drawing raises (a missing
font, a renderer bug), the post goes out with the picture's words instead (its alt text),
so no move is refused and the outbox never stops on a picture.
"""

from __future__ import annotations

import asyncio
import functools
import logging
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

import renderer
from bot.service.results import Attachment
from bot.words.text import t
from games.base import Game, Outcome
from renderer import alt

T = TypeVar("T")
log = logging.getLogger(__name__)

# FreeType faces are not thread-safe: every picture is drawn on one worker thread, which
# also keeps rendering off the event loop.
RENDER_POOL = ThreadPoolExecutor(max_workers=1, thread_name_prefix="tenka-render")


async def in_render_thread(fn: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    loop = asyncio.get_running_loop()
    return await loop.run_in_executor(RENDER_POOL, functools.partial(fn, *args, **kwargs))


ALT_MAX = alt.LIMIT  # Discord keeps 1,024 characters of an attachment's description


def alt_summary(text: str, locale: str = "en", limit: int = ALT_MAX) -> str:
    """An alt text within ``limit`` characters: whole sentences while they fit, then where
    the rest is (``/board text:true``), never a word cut in two."""
    return alt.pack(alt.sentences(text), limit, t("board.alt_more", locale))


def board_alt(sight: Sight, limit: int = ALT_MAX) -> str:
    """The board's alt text: its ranked sentences packed within ``limit`` (whose turn, what
    they must do, the last action and the scores first), then where the rest is."""
    said = renderer.alt_sentences(sight.key, sight.view, names=sight.names, locale=sight.locale)
    return alt.pack(said, limit, t("board.alt_more", sight.locale))


@dataclass(frozen=True)
class Sight:
    """What one picture shows and to whom: game ``game_id`` (of ``key``) seen as ``view``
    (the public one, or a seat's), its seats named ``names``, for a reader of ``locale``
    and ``palette``."""

    game_id: int
    key: str
    view: Any
    names: tuple[str, ...]
    locale: str = "en"
    palette: str = "default"


async def board(sight: Sight) -> tuple[Attachment | None, tuple[str, ...]]:
    """The board's picture (``None`` for a game without one), or its words."""
    return await picture_or_words("board", sight, _board_picture, board_as_text)


async def hand(sight: Sight) -> tuple[Attachment | None, tuple[str, ...]]:
    """The seat's hand as a picture, or its alt text as words for the DM itself."""
    return await picture_or_words("hand", sight, _hand_picture, _hand_as_text)


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


PICTURE_FAILURES_KEPT = 256  # distinct failures remembered, so each is logged once
_picture_failures: set[tuple[str, str]] = set()


async def picture_or_words(
    kind: str,
    sight: Sight,
    draw: Callable[[Sight], Attachment | None],
    words: Callable[[Sight], str] | None = None,
) -> tuple[Attachment | None, tuple[str, ...]]:
    """``(draw(sight), ())`` drawn on the render thread, or, when drawing raises anything
    (a missing font, a renderer bug), ``(None, (words(sight),))``: the post carries the
    picture's words instead, so no post is lost and the outbox never stops on a picture.
    Each distinct failure (the kind of picture and the error) is logged once per process
    with its traceback; games that meet it again are named at debug level."""
    try:
        return await in_render_thread(draw, sight), ()
    except Exception as error:
        seen = (kind, f"{type(error).__name__}: {error}")
        if seen in _picture_failures:
            log.debug("could not draw the %s of game %s either (%s)", kind, sight.game_id, seen[1])
        else:
            if len(_picture_failures) >= PICTURE_FAILURES_KEPT:
                _picture_failures.clear()
            _picture_failures.add(seen)
            log.exception(
                "could not draw the %s of game %s: it goes out in words", kind, sight.game_id
            )
    return None, () if words is None else (words(sight),)


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


def board_as_text(sight: Sight, limit: int | None = 1500) -> str:
    """The board in words: all of it, a sentence a line (``limit`` ``None``), or its
    sentences packed within ``limit`` characters like its alt text."""
    try:
        if limit is not None:
            return board_alt(sight, limit)
        said = renderer.alt_sentences(sight.key, sight.view, names=sight.names, locale=sight.locale)
        return alt.whole(said, "\n")
    except Exception:
        log.exception("could not describe the board of game %s either", sight.game_id)
        return t("board.no_picture", sight.locale)


def _hand_as_text(sight: Sight) -> str:
    """A hand that cannot be drawn, in words (its alt text) for the DM itself."""
    key, locale = sight.key, sight.locale
    try:
        text = renderer.hand_alt_text(key, sight.view, names=sight.names, locale=locale)
        return alt_summary(text, locale)
    except Exception:
        log.exception("could not describe a hand of game %s either", sight.game_id)
        return t("hand.no_picture", locale)
