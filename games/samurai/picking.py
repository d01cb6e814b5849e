"""Samurai's opening hand typed whole: ``pick H4 B4 R4 S3 N1`` as the ``take``/``drop``
steps (and ``confirm``) that make it, for a bot that offers the whole hand at once."""

from __future__ import annotations

from collections import Counter

from games.base import InvalidNotation
from games.samurai.data import HAND_SIZE, TILES, sort_tiles
from games.samurai.notation import (
    TAKE_WORDS,
    _check_tile,
    _read_tile,
    _unreadable,
    _words,
    tile_name,
)
from games.samurai.state import Confirm, Drop, SamuraiAction, SamuraiState, Take

__all__ = ["pick_steps"]


def pick_steps(
    state: SamuraiState, seat: int, text: str, *, confirm: bool = True
) -> list[SamuraiAction]:
    """The ``drop``/``take`` steps (and ``confirm``) that turn ``seat``'s tentative starting
    hand into the five tiles ``text`` names (``"pick H4 B4 R4 S3 N1"``): a helper for a bot
    that offers the whole hand at once. Each step is an ordinary action.

    >>> from games.samurai import GAME
    >>> from games.samurai.notation import notation
    >>> s = GAME.setup(2, {}, 1)
    >>> [notation(a) for a in pick_steps(s, 0, "pick buddha 4, H4 r4 s3 ronin")]
    ['take H4', 'take B4', 'take R4', 'take S3', 'take N1', 'confirm']
    """
    wanted, current = Counter(_named_hand(text)), Counter(state.hands[seat])
    for code, count in wanted.items():
        if count > TILES[code].count:
            raise InvalidNotation(
                f"You have only {TILES[code].count} × {tile_name(code)}.",
                key="samurai.notation.have_only",
                count=TILES[code].count,
                tile=tile_name(code),
            )
    steps: list[SamuraiAction] = [Drop(c) for c in sort_tiles(list((current - wanted).elements()))]
    steps += [Take(c) for c in sort_tiles(list((wanted - current).elements()))]
    return [*steps, Confirm()] if confirm else steps


def _named_hand(text: str) -> list[str]:
    """The codes of the five tiles ``text`` names (``pick``/``hand`` first or not)."""
    words = _words(text)
    if words and words[0] in TAKE_WORDS | {"hand"}:
        words = words[1:]
    codes: list[str] = []
    i = 0
    while i < len(words):
        code, _, i = _read_tile(words, i)
        if code is None:
            raise _unreadable(text)
        codes.append(_check_tile(code, text))
    if len(codes) != HAND_SIZE:
        raise InvalidNotation(
            f"Name exactly {HAND_SIZE} tiles (you named {len(codes)}).",
            key="samurai.notation.name_exactly_tiles_named",
            hand_size=HAND_SIZE,
            count=len(codes),
        )
    return codes
