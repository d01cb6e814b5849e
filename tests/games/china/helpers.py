"""Building China positions by hand for rule tests."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from games.base import resolve_options
from games.china import GAME
from games.china.board import board
from games.china.state import ChinaState, Place, colour_key

ALEX, BARBARA, CHRIS, DORIS = 0, 1, 2, 3


def position(
    players: int = 4,
    *,
    side: str = "b",
    options: Mapping[str, Any] | None = None,
    houses: Mapping[str, int] | None = None,
    forts: Sequence[str] = (),
    emissaries: Mapping[str, Sequence[int]] | None = None,
    hands: Mapping[int, str] | None = None,
    face_up: str | None = None,
    pile: str | None = None,
    discard: str | None = None,
    current: int = 0,
    seed: int = 1,
) -> ChinaState:
    """A state from a normal setup, then overridden: ``houses`` maps space ids to seats,
    ``emissaries`` region ids to per-seat counts, cards are strings of colour letters
    (the pile's top card is the last letter)."""
    opts = dict(options or {})
    if players == 4:
        opts.setdefault("side", side)
    state = GAME.setup(players, resolve_options(GAME, opts), seed)
    layout = board(state.side)
    for space, seat in (houses or {}).items():
        state.owners[layout.space_index[space]] = seat
        state.houses_left[seat] -= 1
    for space in forts:
        state.forts[layout.space_index[space]] = True
    for region, counts in (emissaries or {}).items():
        row = layout.region_index[region]
        state.emissaries[row] = list(counts)
        for seat, n in enumerate(counts):
            state.emissaries_left[seat] -= n
    for seat, cards in (hands or {}).items():
        state.hands[seat] = sorted(cards, key=colour_key)
    if face_up is not None:
        state.face_up = list(face_up)
    if pile is not None:
        state.pile = list(pile)
    if discard is not None:
        state.discard = list(discard)
    state.current = current
    return state


def place(cards: str, region: str, *pieces: str) -> Place:
    """``place("RGG", "wei", "WEI3", "E")``; ``"F@X"`` is a fortification on X."""
    houses = tuple(p for p in pieces if p != "E" and not p.startswith("F@"))
    fort = next((p[2:] for p in pieces if p.startswith("F@")), None)
    return Place(tuple(cards), region, houses, pieces.count("E"), fort)


def play(state: ChinaState, seat: int, *actions: Any) -> tuple[ChinaState, list[Any]]:
    """Apply legal actions in turn through the checked engine; returns the events too."""
    from games import engine

    events: list[Any] = []
    for action in actions:
        state, new = engine.act(GAME, state, seat, action)
        events.extend(new)
    return state, events
