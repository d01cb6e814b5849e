"""The AI's levels a table chooses from (``Game.make_player`` strengths), and their words."""

from __future__ import annotations

from bot.service.results import NotAllowed
from bot.words.text import t

LEVELS = ("easy", "normal", "hard")
DEFAULT_LEVEL = "normal"


def level_of(text: str | None) -> str | None:
    """``text`` as a known level (any case, spaces around), else ``None``."""
    chosen = (text or "").strip().lower()
    return chosen if chosen in LEVELS else None


def level_word(level: str | None, locale: str) -> str:
    """The level as ``locale`` says it ("hard", "difícil"); an unknown one is normal."""
    return t(f"hall.level.{level_of(level) or DEFAULT_LEVEL}", locale)


def checked_level(text: str | None) -> str:
    """``text`` as a known level (``None``: the default), or one polite sentence."""
    if text is None:
        return DEFAULT_LEVEL
    level = level_of(text)
    if level is None:
        raise NotAllowed("err.ai_level", level=repr(str(text)[:20]))
    return level
