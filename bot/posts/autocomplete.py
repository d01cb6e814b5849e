"""Autocomplete for ``/move``: the legal actions that match what a player typed, in the
reader's words."""

from __future__ import annotations

import unicodedata

from bot.words.text import CHOICE_NAME, fit, say
from games.base import Game, Seat, State


def _fold(text: str) -> str:
    """Lower-case, no accents, no spaces: what matching typed text compares."""
    text = unicodedata.normalize("NFKD", text)
    return "".join(c for c in text if c.isalnum() and not unicodedata.combining(c)).lower()


def match_actions(
    game: Game, state: State, seat: Seat, typed: str, limit: int, locale: str = "en"
) -> list[tuple[str, str]]:
    """Legal actions whose notation or label (in ``locale`` or English) contains what was
    typed, best first."""
    needle = _fold(typed)
    scored = []
    for index, action in enumerate(game.legal(state, seat)):
        notation = game.notation(state, action)
        english = game.label(state, action)
        label = say(english, locale)
        n, lab = _fold(notation), _fold(label)
        if not needle or n.startswith(needle):
            rank = 0
        elif needle in n:
            rank = 1
        elif needle in lab or needle in _fold(english):
            rank = 2
        else:
            continue
        scored.append((rank, index, notation, label))
    scored.sort()
    shown = [label for _, _, _, label in scored[:limit]]
    out = []
    for _, _, notation, label in scored[:limit]:
        # the label alone, in the reader's words; the notation (English words) only tells
        # apart two actions of one label
        text = label if shown.count(label) == 1 else f"{label} ({notation})"
        out.append((fit(text, CHOICE_NAME), notation[:100]))
    return out
