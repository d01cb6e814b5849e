"""China's state and actions: plain data that round-trips through JSON exactly.

Cards are colour letters (``R`` red, ``G`` green, ``O`` orange, ``Y`` yellow, ``P`` purple,
from the data file): a card names the region(s) of its colour, so a card *is* its colour.
Hands are kept sorted in colour order, which is why equal cards are interchangeable in
actions. The draw pile's top card is the **last** element of ``pile``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from games.china.board import load_data

FORMAT = "china/1"
PILE = "pile"

_COLOUR_ORDER = {letter: i for i, letter in enumerate(load_data().colours)}


def colour_key(card: str) -> int:
    """Sort key of a card letter (data order; unknown letters last)."""
    return _COLOUR_ORDER.get(card, len(_COLOUR_ORDER))


def space_key(space: str) -> tuple[str, int]:
    """Natural sort key of a space id (``WEI2`` before ``WEI10``)."""
    match = re.fullmatch(r"(.*?)(\d*)", space)
    assert match is not None
    return (match.group(1), int(match.group(2) or 0))


# --- actions -----------------------------------------------------------------------------


@dataclass(frozen=True)
class Place:
    """Play ``cards`` to put pieces into ``region``.

    ``houses`` are house-space ids, ``emissaries`` a count, ``fortification`` the space a
    fortification goes on (variant only; a house on the same space then stands on it).
    The fields are normalised (cards in colour order, spaces in natural order), so two
    descriptions of the same play compare equal.
    """

    cards: tuple[str, ...]
    region: str
    houses: tuple[str, ...] = ()
    emissaries: int = 0
    fortification: str | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "cards", tuple(sorted(self.cards, key=colour_key)))
        object.__setattr__(self, "houses", tuple(sorted(self.houses, key=space_key)))

    @property
    def pieces(self) -> int:
        return len(self.houses) + self.emissaries + (self.fortification is not None)

    @classmethod
    def trusted(
        cls,
        cards: tuple[str, ...],
        region: str,
        houses: tuple[str, ...],
        emissaries: int,
        fortification: str | None,
    ) -> Place:
        """A placement from fields already in normal order (the hot path of ``legal``)."""
        action = object.__new__(cls)
        object.__setattr__(action, "cards", cards)
        object.__setattr__(action, "region", region)
        object.__setattr__(action, "houses", houses)
        object.__setattr__(action, "emissaries", emissaries)
        object.__setattr__(action, "fortification", fortification)
        return action


@dataclass(frozen=True)
class Draw:
    """Take a card while refilling the hand: a face-up card of colour ``source`` or the
    top card of the pile (``source == "pile"``)."""

    source: str


@dataclass(frozen=True)
class Exchange:
    """Discard the card ``discard`` and take ``take`` (a face-up colour or ``"pile"``)."""

    discard: str
    take: str


@dataclass(frozen=True)
class Pass:
    """Do nothing: only when neither placing nor exchanging is possible (end of game)."""


ChinaAction: TypeAlias = Place | Draw | Exchange | Pass
ACTION_TYPES = (Place, Draw, Exchange, Pass)


# --- state -------------------------------------------------------------------------------


@dataclass
class ChinaState:
    """A China game. Treated as immutable: rules copy it (``clone``) before changing it.

    Per house space (board order): ``owners`` (seat or -1) and ``forts``. Per region:
    ``emissaries[region][seat]`` and ``scored``. Per seat: supplies, ``hands`` (sorted),
    ``scores`` and ``points`` (the breakdown). ``phase`` is ``"act"`` (place, exchange or
    pass), ``"draw"`` (refilling the hand after placing) or ``"over"``. ``step`` is the
    last step of the turn in progress (``"place"``, ``"face_up"`` or ``"pile"``) and drives
    ``can_undo``. ``exhaustions`` counts how often the pile ran out; ``end_triggered``
    means the current round is the last. ``rng`` is the state of the generator used for
    the one reshuffle.
    """

    players: int
    side: str
    options: dict[str, Any]
    owners: list[int]
    forts: list[bool]
    emissaries: list[list[int]]
    scored: list[bool]
    houses_left: list[int]
    emissaries_left: list[int]
    forts_left: list[int]
    hands: list[list[str]]
    face_up: list[str]
    pile: list[str]
    discard: list[str]
    exhaustions: int = 0
    current: int = 0
    phase: str = "act"
    step: str | None = None
    turn: int = 0
    scores: list[int] = field(default_factory=list)
    points: list[dict[str, int]] = field(default_factory=list)
    resigned: list[int] = field(default_factory=list)
    end_triggered: bool = False
    last_turn: dict[str, Any] | None = None
    rng: int = 0
    final: dict[str, Any] | None = None
    result: dict[str, Any] | None = None

    def clone(self) -> ChinaState:
        """A copy sharing nothing mutable with ``self`` (cheaper than ``deepcopy``)."""
        return ChinaState(
            players=self.players,
            side=self.side,
            options=dict(self.options),
            owners=list(self.owners),
            forts=list(self.forts),
            emissaries=[list(row) for row in self.emissaries],
            scored=list(self.scored),
            houses_left=list(self.houses_left),
            emissaries_left=list(self.emissaries_left),
            forts_left=list(self.forts_left),
            hands=[list(hand) for hand in self.hands],
            face_up=list(self.face_up),
            pile=list(self.pile),
            discard=list(self.discard),
            exhaustions=self.exhaustions,
            current=self.current,
            phase=self.phase,
            step=self.step,
            turn=self.turn,
            scores=list(self.scores),
            points=[dict(p) for p in self.points],
            resigned=list(self.resigned),
            end_triggered=self.end_triggered,
            last_turn=_copy_json(self.last_turn),
            rng=self.rng,
            final=_copy_json(self.final),
            result=_copy_json(self.result),
        )

    @property
    def active(self) -> list[int]:
        """Seats still playing (not resigned), in turn order."""
        return [seat for seat in range(self.players) if seat not in self.resigned]


def _copy_json(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _copy_json(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_copy_json(v) for v in value]
    return value


_FIELDS = tuple(ChinaState.__dataclass_fields__)


def dump_state(state: ChinaState) -> dict[str, Any]:
    """A JSON value from which :func:`load_state` rebuilds ``state`` exactly."""
    data = vars(state.clone())
    data["format"] = FORMAT
    return data


def load_state(data: Any) -> ChinaState:
    """Inverse of :func:`dump_state`; raises ValueError on data that is not a China state."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a China state")
    missing = [name for name in _FIELDS if name not in data]
    if missing:
        raise ValueError(f"China state lacks {missing[0]!r}")
    values = {name: _copy_json(data[name]) for name in _FIELDS}
    # Every key in the state is a string, so JSON gives back exactly these values.
    return ChinaState(**values)
