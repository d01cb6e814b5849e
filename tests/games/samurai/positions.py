"""Hand-built Samurai positions for the rule tests.

:func:`position` starts from a dealt game with the figures placed at random (so the end
conditions are far away), then sets exactly what a test names: figures on settlements,
tiles on hexes (by label) and hands.
"""

from __future__ import annotations

from dataclasses import replace

from games import engine
from games.base import Event
from games.samurai import GAME, SamuraiState
from games.samurai.data import board_for


def position(
    players: int = 4,
    *,
    figures: dict[str, str] | None = None,
    tiles: dict[str, tuple[int, str]] | None = None,
    hands: dict[int, tuple[str, ...]] | None = None,
    piles: dict[int, tuple[str, ...]] | None = None,
    current: int = 0,
    seed: int = 11,
    **options: object,
) -> SamuraiState:
    """A play-phase position with ``current`` to move (see the module docstring)."""
    opts = {"random_opening": True, "random_placement": True, **options}
    state = GAME.setup(players, opts, seed)
    board = board_for(players)
    new_figures = list(state.figures)
    for label, text in (figures or {}).items():
        new_figures[board.by_label[label]] = text
    new_tiles = list(state.tiles)
    for label, tile in (tiles or {}).items():
        new_tiles[board.by_label[label]] = tile
    new_hands = list(state.hands)
    for seat, hand in (hands or {}).items():
        new_hands[seat] = hand
    new_piles = list(state.piles)
    for seat, pile in (piles or {}).items():
        new_piles[seat] = pile
    return replace(
        state,
        figures=tuple(new_figures),
        tiles=tuple(new_tiles),
        hands=tuple(new_hands),
        piles=tuple(new_piles),
        current=current,
    )


def play(state: SamuraiState, seat: int, *texts: str) -> tuple[SamuraiState, list[Event]]:
    """Play ``texts`` (notation) for ``seat`` through the checked engine."""
    events: list[Event] = []
    for text in texts:
        state, _, new = engine.act_text(GAME, state, seat, text)
        events.extend(new)
    return state, events


def figures_at(state: SamuraiState, label: str) -> str:
    """The figures on the settlement ``label``."""
    return state.figures[board_for(state.players).by_label[label]]


def kinds(events: list[Event], kind: str) -> list[Event]:
    """The events of one kind."""
    return [e for e in events if e.kind == kind]
