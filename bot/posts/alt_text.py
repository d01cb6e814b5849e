"""Alt texts and a picture's words: a board's ranked sentences packed within Discord's
limit (the rest is one ``/board text:true`` away), a hand's and a card's alt text, and the
words a post carries when its picture cannot be drawn."""

from __future__ import annotations

import logging

import renderer
from bot.posts.render import Sight
from bot.words.text import t
from renderer import alt

log = logging.getLogger(__name__)


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


def hand_as_text(sight: Sight) -> str:
    """A hand that cannot be drawn, in words (its alt text) for the DM itself."""
    key, locale = sight.key, sight.locale
    try:
        text = renderer.hand_alt_text(key, sight.view, names=sight.names, locale=locale)
        return alt_summary(text, locale)
    except Exception:
        log.exception("could not describe a hand of game %s either", sight.game_id)
        return t("hand.no_picture", locale)
