"""Alt texts as ranked sentences, and the one fitter that packs them within a limit.

A game's renderer describes a board as whole sentences in reading order, each with a
rank: :data:`NOW` for what a player needs first (whose turn and what they must do, the last
action, the scores), :data:`THEN` for what is on offer and each seat's standing,
:data:`REST` for the board's detail. :func:`pack` keeps every sentence while they fit and
otherwise drops the lowest ranks first, whole, so no game's alt text is ever cut mid-word;
:func:`whole` gives everything (``/board text:true``).

>>> said = [Sentence("Ann to play.", NOW), Sentence("Region A: 3 houses."), Sentence("Ann 4.", NOW)]
>>> pack(said, 30, more="More: ask.")
'Ann to play. Ann 4. More: ask.'
>>> pack(said, 80)
'Ann to play. Region A: 3 houses. Ann 4.'
>>> whole(said, "\\n").splitlines()[1]
'Region A: 3 houses.'
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["LIMIT", "NOW", "REST", "THEN", "Sentence", "pack", "sentences", "whole"]

LIMIT = 1000  # Discord keeps 1,024 characters of an attachment's description

NOW = 0  # whose turn and what they must do, the last action, the scores
THEN = 1  # what is on offer, each seat's standing
REST = 2  # the board's detail (provinces, regions, pieces)

ENDS = re.compile(r"(?<=[.!?…])\s+|\n+")


@dataclass(frozen=True)
class Sentence:
    """One whole sentence of a description and how much a reader needs it (lower first)."""

    text: str
    rank: int = REST


def sentences(text: str, rank: int = REST) -> list[Sentence]:
    """``text`` split at its sentence ends and line breaks, every piece of ``rank``."""
    return [Sentence(piece.strip(), rank) for piece in ENDS.split(text) if piece.strip()]


def whole(said: Sequence[Sentence], sep: str = " ") -> str:
    """Every sentence, in reading order."""
    return sep.join(s.text for s in said if s.text)


def pack(said: Sequence[Sentence], limit: int = LIMIT, more: str = "") -> str:
    """The sentences within ``limit`` characters, in reading order: all of them when they
    fit; else the ranks in turn (lowest first), each rank's sentences whole and in order
    until one does not fit, then ``more`` (where the rest is). A first sentence longer
    than the room on its own is shortened at a word, the only case where a sentence is
    not whole."""
    said = [s for s in said if s.text]
    if len(whole(said)) <= limit:
        return whole(said)
    room = limit - len(more) - 1 if more else limit
    kept: set[int] = set()
    used = -1
    for rank in sorted({s.rank for s in said}):
        for index, s in enumerate(said):
            if s.rank != rank:
                continue
            if used + 1 + len(s.text) > room:
                break
            kept.add(index)
            used += 1 + len(s.text)
    head = whole([s for i, s in enumerate(said) if i in kept]) or _shorten(said[0].text, room)
    return f"{head} {more}" if more else head


def _shorten(text: str, room: int) -> str:
    """``text`` cut at the last space that leaves room for "…"."""
    cut = text[: max(room - 1, 0)]
    return (cut.rsplit(" ", 1)[0] if " " in cut else cut) + "…"
