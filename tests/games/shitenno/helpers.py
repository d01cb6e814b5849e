"""Positions for Shitenno tests: the rulebook's players and hand-built states."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from games import engine
from games.base import Event
from games.shitenno import GAME, ShitennoState
from games.shitenno.data import PROVINCE_IDS

HONDA, II, SAKAKIBARA, SAKAI = 0, 1, 2, 3  # seats follow the data's list of generals


def province(pid: str) -> int:
    return PROVINCE_IDS.index(pid)


def play(state: ShitennoState, seat: int, text: str) -> tuple[ShitennoState, list[Event]]:
    """Play ``text`` for ``seat`` through the checked engine (parse + legality)."""
    new, _, events = engine.act_text(GAME, state, seat, text)
    return new, events


def with_board(state: ShitennoState, **changes: Any) -> ShitennoState:
    return replace(state, **changes)


def odd_year(titles: tuple[int, ...], **changes: Any) -> ShitennoState:
    """A four-player province year with ``titles`` per seat and the given changes."""
    start = GAME.setup(4, {}, 11)
    order = tuple(sorted(range(4), key=lambda s: -titles[s]))
    state = replace(
        start,
        phase="odd",
        year=2,
        titles=titles,
        tairo=None,
        open_cards=(),
        tiles=(),
        order=order,
        current=order[0],
        lots=(None,) * 4,
    )
    return replace(state, **changes)
