"""Samurai state and actions: plain frozen data with an exact JSON round trip.

Hexes are indices into :attr:`games.samurai.data.Board.hexes` (sorted by ``x`` then ``y``);
actions name hexes by label (``"F7"``) so they read well in logs. Every hidden order is
written into the state when it is drawn: ``piles[seat]`` is the draw pile, next tile first.
During the pick phase ``hands[seat]`` is the seat's tentative choice (empty piles).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

FORMAT = 1
PHASES = ("pick", "placement", "play", "over")


# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take:
    """Pick phase: add one tile of kind ``tile`` (a code, ``"B4"``) to the starting hand."""

    tile: str


@dataclass(frozen=True, slots=True)
class Drop:
    """Pick phase: put one tile of kind ``tile`` back from the tentative starting hand."""

    tile: str


@dataclass(frozen=True, slots=True)
class Confirm:
    """Pick phase: the five chosen tiles are final (the rest become the draw pile)."""


@dataclass(frozen=True, slots=True)
class PlaceFigure:
    """Figure placement: put a ``figure`` (``"H"``, ``"B"``, ``"R"``) from the supply on ``hex``."""

    figure: str
    hex: str


@dataclass(frozen=True, slots=True)
class Place:
    """Play a ``tile`` (code) from the hand on the empty hex ``hex`` (label)."""

    tile: str
    hex: str


@dataclass(frozen=True, slots=True)
class TileSwap:
    """Put the tile swap on ``source`` (own non-fast tile there) and that tile on ``target``."""

    source: str
    target: str


@dataclass(frozen=True, slots=True)
class FigureSwap:
    """Exchange the ``first`` and ``second`` figures, each ``(type, settlement label)``.

    Canonical form: ``first`` is on the settlement with the lower hex index.
    """

    first: tuple[str, str]
    second: tuple[str, str]


@dataclass(frozen=True, slots=True)
class End:
    """End the turn (after at least one tile) and refill the hand to five."""


SamuraiAction = Take | Drop | Confirm | PlaceFigure | Place | TileSwap | FigureSwap | End
ACTION_TYPES = (Take, Drop, Confirm, PlaceFigure, Place, TileSwap, FigureSwap, End)


# --- state ----------------------------------------------------------------------------

TileOnBoard = tuple[int, str]  # (owner seat, tile code)


@dataclass(frozen=True)
class SamuraiState:
    """Everything about a game, hidden parts included (see ``view`` for what a seat sees)."""

    players: int
    options: Mapping[str, Any]
    seed: int
    phase: str  # one of PHASES
    tiles: tuple[TileOnBoard | None, ...]  # per hex
    figures: tuple[str, ...]  # per hex: figure types on it, in the order "HBR"
    supply: tuple[int, int, int]  # figures not yet placed, per type H, B, R
    set_aside: tuple[int, int, int]  # figures that left the game unowned, per type
    ties: int  # figures set aside by ties (the fourth ends the game)
    hands: tuple[tuple[str, ...], ...]  # canonical tile order
    piles: tuple[tuple[str, ...], ...]  # draw order, next tile first
    ready: tuple[bool, ...]  # pick confirmed
    captured: tuple[tuple[int, int, int], ...]
    current: int  # the seat placing a figure or playing its turn
    turn: int  # turns started in the play phase (1 = the first)
    turn_steps: tuple[str, ...]  # notation of this turn's steps
    turn_hexes: tuple[int, ...]  # hexes this turn touched (for highlighting)
    normal_played: bool  # this turn's one non-fast tile is down
    last_seat: int | None  # who played the previous (finished) turn
    last_steps: tuple[str, ...]
    last_hexes: tuple[int, ...]
    resigned: tuple[int, ...]  # in order of resignation
    end_reason: str | None  # "exhausted", "ties", "blocked", "resignation"

    def active(self, seat: int) -> bool:
        return seat not in self.resigned


def dump_state(state: SamuraiState) -> dict[str, Any]:
    """A JSON object from which :func:`load_state` rebuilds ``state`` exactly."""
    return {
        "format": FORMAT,
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "phase": state.phase,
        "tiles": [None if t is None else [t[0], t[1]] for t in state.tiles],
        "figures": list(state.figures),
        "supply": list(state.supply),
        "set_aside": list(state.set_aside),
        "ties": state.ties,
        "hands": [list(h) for h in state.hands],
        "piles": [list(p) for p in state.piles],
        "ready": list(state.ready),
        "captured": [list(c) for c in state.captured],
        "current": state.current,
        "turn": state.turn,
        "turn_steps": list(state.turn_steps),
        "turn_hexes": list(state.turn_hexes),
        "normal_played": state.normal_played,
        "last_seat": state.last_seat,
        "last_steps": list(state.last_steps),
        "last_hexes": list(state.last_hexes),
        "resigned": list(state.resigned),
        "end_reason": state.end_reason,
    }


def _triple(values: Any) -> tuple[int, int, int]:
    a, b, c = (int(v) for v in values)
    return (a, b, c)


def load_state(data: Any) -> SamuraiState:
    """Inverse of :func:`dump_state`."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown Samurai state format {data.get('format')!r}")
    return SamuraiState(
        players=int(data["players"]),
        options=dict(data["options"]),
        seed=int(data["seed"]),
        phase=str(data["phase"]),
        tiles=tuple(None if t is None else (int(t[0]), str(t[1])) for t in data["tiles"]),
        figures=tuple(data["figures"]),
        supply=_triple(data["supply"]),
        set_aside=_triple(data["set_aside"]),
        ties=int(data["ties"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        piles=tuple(tuple(p) for p in data["piles"]),
        ready=tuple(bool(r) for r in data["ready"]),
        captured=tuple(_triple(c) for c in data["captured"]),
        current=int(data["current"]),
        turn=int(data["turn"]),
        turn_steps=tuple(data["turn_steps"]),
        turn_hexes=tuple(data["turn_hexes"]),
        normal_played=bool(data["normal_played"]),
        last_seat=data["last_seat"],
        last_steps=tuple(data["last_steps"]),
        last_hexes=tuple(data["last_hexes"]),
        resigned=tuple(data["resigned"]),
        end_reason=data["end_reason"],
    )
