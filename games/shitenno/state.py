"""Shitenno state and actions: plain frozen data with an exact JSON round trip.

Every hidden order is written into the state when it is made: ``troop_deck`` and
``koku_deck`` are the draw orders (next card first); reshuffles of the Troop discards draw
from a stream derived from ``seed`` and ``reshuffles`` (so ``shuffle_hidden`` can replace
both). Hands are kept in canonical card order (:func:`games.shitenno.data.sort_cards`).

Years are numbered from 1: odd-numbered ``year`` values are the rulebook's *even* years
(sharing in Edo), even-numbered ones its *odd* years (provinces); ``phase`` says which.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any

FORMAT = 1
PHASES = ("even", "odd", "over")

# --- actions --------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class MakeLot:
    """The Tairō offers ``cards`` (codes, canonical order) with the Hierarchy tile ``tile``
    (its seals, 1-4)."""

    cards: tuple[str, ...]
    tile: int


@dataclass(frozen=True, slots=True)
class Accept:
    """The player offered the lot takes it (and is done for the year)."""


@dataclass(frozen=True, slots=True)
class Refuse:
    """The player offered the lot refuses it."""


@dataclass(frozen=True, slots=True)
class Split:
    """The last Tairō splits everything left into two lots: ``cards`` with the tile
    ``first`` (lot A), every other open card with the tile ``second`` (lot B);
    ``first > second``."""

    cards: tuple[str, ...]
    first: int
    second: int


@dataclass(frozen=True, slots=True)
class Choose:
    """The other player takes lot ``"a"`` or ``"b"`` of the split; the Tairō gets the other."""

    lot: str


@dataclass(frozen=True, slots=True)
class Place:
    """Put a Kamon on ``province``'s leftmost free position, paying with ``cards`` from the
    hand (canonical order), ``exchange`` and ``plus`` bonus tiles and, for the Hatamoto,
    the title's extra troop (``hatamoto``)."""

    province: str
    cards: tuple[str, ...]
    exchange: int = 0
    plus: int = 0
    hatamoto: bool = False


@dataclass(frozen=True, slots=True)
class Draw:
    """Spend a Draw tile: take the top Troop card into the hand."""


@dataclass(frozen=True, slots=True)
class Flip:
    """Senseï: turn the leftmost own simple Kamon in ``province`` golden and end the turn."""

    province: str


@dataclass(frozen=True, slots=True)
class End:
    """End the odd-year turn."""


ShitennoAction = MakeLot | Accept | Refuse | Split | Choose | Place | Draw | Flip | End
ACTION_TYPES = (MakeLot, Accept, Refuse, Split, Choose, Place, Draw, Flip, End)

# --- state ----------------------------------------------------------------------------

Slot = tuple[int, bool] | None  # (owner seat, golden) or empty
Lot = tuple[tuple[str, ...], int]  # (cards, Hierarchy tile seals)


@dataclass(frozen=True)
class ShitennoState:
    """Everything about a game, hidden parts included (see ``view`` for what a seat sees)."""

    players: int
    options: Mapping[str, Any]
    seed: int
    reshuffles: int  # Troop discard reshuffles so far (names the next shuffle's stream)
    phase: str  # one of PHASES
    year: int  # 1, 2, ...; odd numbers are sharing years (the rulebook's even years)
    troop_deck: tuple[str, ...]  # next card first
    troop_discard: tuple[str, ...]  # in discard order
    koku_deck: tuple[str, ...]  # next card first
    hands: tuple[tuple[str, ...], ...]  # canonical order
    titles: tuple[int, ...]  # per seat: seals of the title held (the order for this year)
    favour: tuple[int, ...]
    kamons: tuple[int, ...]  # per seat: control Kamons left in the supply
    bonus: tuple[tuple[int, int, int], ...]  # per seat: exchange, plus, draw tiles held
    stacks: tuple[tuple[str, ...], ...]  # per province: bonus tiles, top first
    board: tuple[tuple[Slot, ...], ...]  # per province: 4 positions, left first
    # sharing year
    tairo: int | None
    open_cards: tuple[str, ...]  # revealed cards not yet in a lot (canonical order)
    tiles: tuple[int, ...]  # Hierarchy tiles still in the Tairō's hand (descending)
    lots: tuple[Lot | None, ...]  # per seat: the lot received this year
    offer: Lot | None  # the lot on offer
    offer_queue: tuple[int, ...]  # seats still to answer the offer, the first is deciding
    refused: tuple[int, ...]  # seats that refused the current offer
    split: tuple[Lot, Lot] | None  # the two lots of the final split, A then B
    chooser: int | None  # who picks a lot of the split
    # province year
    order: tuple[int, ...]  # turn order (title order)
    current: int | None  # whose turn
    placed: int  # Kamons placed this turn
    hatamoto_used: bool
    turn_places: tuple[str, ...]  # provinces of this turn's Kamons
    # history
    last_seat: int | None
    last_text: str  # notation of the last action ("" at the start)
    last_province: str | None
    end_reason: str | None  # "kamons", "koku", "resignation"
    resigned: int | None


STATE_FIELDS = frozenset(f.name for f in fields(ShitennoState))


def evolve(state: ShitennoState, **changes: Any) -> ShitennoState:
    """``dataclasses.replace`` for the state, without running ``__init__`` again (every
    action makes a few of them): the same fields, ``changes`` applied."""
    if not changes.keys() <= STATE_FIELDS:
        raise TypeError(f"not fields of ShitennoState: {sorted(changes.keys() - STATE_FIELDS)}")
    new = object.__new__(ShitennoState)
    new.__dict__.update(state.__dict__)
    new.__dict__.update(changes)
    return new


def dump_state(state: ShitennoState) -> dict[str, Any]:
    """A JSON object from which :func:`load_state` rebuilds ``state`` exactly."""

    def lot(x: Lot | None) -> Any:
        return None if x is None else [list(x[0]), x[1]]

    return {
        "format": FORMAT,
        "players": state.players,
        "options": dict(state.options),
        "seed": state.seed,
        "reshuffles": state.reshuffles,
        "phase": state.phase,
        "year": state.year,
        "troop_deck": list(state.troop_deck),
        "troop_discard": list(state.troop_discard),
        "koku_deck": list(state.koku_deck),
        "hands": [list(h) for h in state.hands],
        "titles": list(state.titles),
        "favour": list(state.favour),
        "kamons": list(state.kamons),
        "bonus": [list(b) for b in state.bonus],
        "stacks": [list(s) for s in state.stacks],
        "board": [[None if s is None else [s[0], s[1]] for s in p] for p in state.board],
        "tairo": state.tairo,
        "open_cards": list(state.open_cards),
        "tiles": list(state.tiles),
        "lots": [lot(x) for x in state.lots],
        "offer": lot(state.offer),
        "offer_queue": list(state.offer_queue),
        "refused": list(state.refused),
        "split": None if state.split is None else [lot(x) for x in state.split],
        "chooser": state.chooser,
        "order": list(state.order),
        "current": state.current,
        "placed": state.placed,
        "hatamoto_used": state.hatamoto_used,
        "turn_places": list(state.turn_places),
        "last_seat": state.last_seat,
        "last_text": state.last_text,
        "last_province": state.last_province,
        "end_reason": state.end_reason,
        "resigned": state.resigned,
    }


def _lot(x: Any) -> Lot:
    return (tuple(str(c) for c in x[0]), int(x[1]))


def load_state(data: Any) -> ShitennoState:
    """Inverse of :func:`dump_state`."""
    if data.get("format") != FORMAT:
        raise ValueError(f"unknown Shitenno state format {data.get('format')!r}")
    split = data["split"]
    return ShitennoState(
        players=int(data["players"]),
        options=dict(data["options"]),
        seed=int(data["seed"]),
        reshuffles=int(data["reshuffles"]),
        phase=str(data["phase"]),
        year=int(data["year"]),
        troop_deck=tuple(data["troop_deck"]),
        troop_discard=tuple(data["troop_discard"]),
        koku_deck=tuple(data["koku_deck"]),
        hands=tuple(tuple(h) for h in data["hands"]),
        titles=tuple(int(t) for t in data["titles"]),
        favour=tuple(int(f) for f in data["favour"]),
        kamons=tuple(int(k) for k in data["kamons"]),
        bonus=tuple((int(b[0]), int(b[1]), int(b[2])) for b in data["bonus"]),
        stacks=tuple(tuple(s) for s in data["stacks"]),
        board=tuple(
            tuple(None if s is None else (int(s[0]), bool(s[1])) for s in p) for p in data["board"]
        ),
        tairo=data["tairo"],
        open_cards=tuple(data["open_cards"]),
        tiles=tuple(int(t) for t in data["tiles"]),
        lots=tuple(None if x is None else _lot(x) for x in data["lots"]),
        offer=None if data["offer"] is None else _lot(data["offer"]),
        offer_queue=tuple(int(s) for s in data["offer_queue"]),
        refused=tuple(int(s) for s in data["refused"]),
        split=None if split is None else (_lot(split[0]), _lot(split[1])),
        chooser=data["chooser"],
        order=tuple(int(s) for s in data["order"]),
        current=data["current"],
        placed=int(data["placed"]),
        hatamoto_used=bool(data["hatamoto_used"]),
        turn_places=tuple(data["turn_places"]),
        last_seat=data["last_seat"],
        last_text=str(data["last_text"]),
        last_province=data["last_province"],
        end_reason=data["end_reason"],
        resigned=data["resigned"],
    )
