"""Yōkai no Mori state and actions: plain frozen data, JSON round trip, start positions.

The state stores the board the way :class:`games.yokai.view.YokaiView` shows it (``"K"``,
``"d"``, ``"+D"``, ``""``), the reserves as counts in the order K F T D I O, and the key of
every position since the start (``history``) so the threefold repetition rule (and the
optional perpetual-check rule) need nothing else. A finished game keeps its ``result``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.yokai.board import DROP, GEOMETRIES, LETTERS, PROMO, Geometry, Position

VARIANTS = ("3x4", "5x6")
# Index = internal piece code (see board.py).
CODE_TEXT: tuple[str, ...] = ("", "K", "F", "T", "D", "I", "O", "+D", "+O")
CODE_TEXT += tuple(text.lower() for text in CODE_TEXT[1:])
TEXT_CODE = {text: code for code, text in enumerate(CODE_TEXT)}
KEY_CHARS = ".KFTDIOHSkftdiohs"  # one character per square in a position key
FORMAT = 1

START = {
    "3x4": ("F", "K", "T", "", "D", "", "", "d", "", "t", "k", "f"),
    "5x6": ("O", "I", "K", "I", "O")
    + ("",) * 5
    + ("", "D", "D", "D", "")
    + ("", "d", "d", "d", "")
    + ("",) * 5
    + ("o", "i", "k", "i", "o"),
}


@dataclass(frozen=True, slots=True)
class Move:
    """Move the piece on square ``src`` to ``dst`` (capturing what stands there).

    Squares are view indices (``(rank - 1) * files + file``); ``promote`` is True whenever
    the move promotes, forced or chosen.
    """

    src: int
    dst: int
    promote: bool = False


@dataclass(frozen=True, slots=True)
class Drop:
    """Put a ``piece`` (upper-case letter K F T D I O) from the reserve on square ``dst``."""

    piece: str
    dst: int


YokaiAction = Move | Drop


@dataclass(frozen=True)
class Result:
    """How a game ended: a :class:`games.base.Termination` value and the winning seat.

    ``rule`` refines the reason: ``"failed_defence"`` (3x4 §4.5 rule 2),
    ``"perpetual_check"`` (the optional 5x6 rule) or ``None``.
    """

    termination: str
    winner: int | None
    rule: str | None = None


@dataclass(frozen=True)
class YokaiState:
    """A game position plus everything the rules need from the past."""

    variant: str
    board: tuple[str, ...]
    hands: tuple[tuple[int, ...], tuple[int, ...]]
    to_move: int
    ply: int
    history: tuple[str, ...]
    last_move: str | None = None
    last_squares: tuple[int, ...] = ()
    result: Result | None = None
    perpetual_check_loses: bool = False

    @property
    def geometry(self) -> Geometry:
        return GEOMETRIES[self.variant]


def start_state(variant: str, perpetual_check_loses: bool = False) -> YokaiState:
    """The start position of ``variant``; the first player (seat 0) moves first."""
    board = START[variant]
    pos = Position(GEOMETRIES[variant], [TEXT_CODE[t] for t in board], [[0] * 7, [0] * 7], 0)
    return YokaiState(
        variant=variant,
        board=board,
        hands=((0,) * 6, (0,) * 6),
        to_move=0,
        ply=0,
        history=(position_key(pos),),
        perpetual_check_loses=perpetual_check_loses,
    )


def to_position(state: YokaiState) -> Position:
    """The fast internal position of ``state`` (a fresh mutable object)."""
    board = [TEXT_CODE[text] for text in state.board]
    hands = [[0, *state.hands[0]], [0, *state.hands[1]]]
    return Position(state.geometry, board, hands, state.to_move)


def position_key(pos: Position) -> str:
    """The repetition key of §3: board, both reserves, side to move.

    In 5x6 a ``+`` marks that the side to move is in check; check is a function of the
    board and side, so the mark changes no equality but lets the perpetual-check rule read
    it back from ``history`` (``"....../DD/F/1+"``).
    """
    board = "".join(KEY_CHARS[code] for code in pos.board)
    hands = ["".join(LETTERS[t - 1] * pos.hands[s][t] for t in range(1, 7)) for s in (0, 1)]
    check = "+" if pos.geo.shogi and pos.in_check() else ""
    return f"{board}/{hands[0]}/{hands[1]}/{pos.side}{check}"


def key_in_check(key: str) -> bool:
    """Whether the side to move was in check in the position with this key (5x6)."""
    return key.endswith("+")


def key_side(key: str) -> int:
    """The side to move in the position with this key."""
    return int(key.rsplit("/", 1)[1][0])


def encode(geo: Geometry, action: object) -> int | None:
    """The internal move int of ``action``, or None if it does not fit the board."""
    if isinstance(action, Move):
        squares = (action.src, action.dst)
        if not all(isinstance(sq, int) and 0 <= sq < geo.n for sq in squares):
            return None
        return action.src | action.dst << 6 | (PROMO if action.promote else 0)
    if isinstance(action, Drop):
        if not isinstance(action.dst, int) or not 0 <= action.dst < geo.n:
            return None
        if not isinstance(action.piece, str) or len(action.piece) != 1:
            return None
        if action.piece not in LETTERS:
            return None
        return DROP + LETTERS.index(action.piece) + 1 | action.dst << 6
    return None


_DECODED: dict[tuple[str, int], YokaiAction] = {}


def decode(geo: Geometry, m: int) -> YokaiAction:
    """The action of internal move ``m`` (cached: legal() builds many of them)."""
    action = _DECODED.get((geo.variant, m))
    if action is None:
        src, dst = m & 63, (m >> 6) & 63
        action = Drop(LETTERS[src - DROP - 1], dst) if src >= DROP else Move(src, dst, m >= PROMO)
        _DECODED[(geo.variant, m)] = action
    return action


def dump_state(state: YokaiState) -> dict[str, Any]:
    """A JSON value from which :func:`load_state` rebuilds ``state`` exactly."""
    result = state.result
    return {
        "format": FORMAT,
        "variant": state.variant,
        "board": list(state.board),
        "hands": [list(state.hands[0]), list(state.hands[1])],
        "to_move": state.to_move,
        "ply": state.ply,
        "history": list(state.history),
        "last_move": state.last_move,
        "last_squares": list(state.last_squares),
        "result": None
        if result is None
        else {"termination": result.termination, "winner": result.winner, "rule": result.rule},
        "perpetual_check_loses": state.perpetual_check_loses,
    }


def load_state(data: Any) -> YokaiState:
    """Inverse of :func:`dump_state`; raises ValueError on malformed data."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise ValueError("not a Yōkai no Mori state")
    variant = data["variant"]
    if variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}")
    board = tuple(str(text) for text in data["board"])
    if len(board) != GEOMETRIES[variant].n or any(text not in TEXT_CODE for text in board):
        raise ValueError("malformed board")
    raw = data["result"]
    result = None if raw is None else Result(raw["termination"], raw["winner"], raw["rule"])
    return YokaiState(
        variant=variant,
        board=board,
        hands=(tuple(int(c) for c in data["hands"][0]), tuple(int(c) for c in data["hands"][1])),
        to_move=int(data["to_move"]),
        ply=int(data["ply"]),
        history=tuple(str(key) for key in data["history"]),
        last_move=data["last_move"],
        last_squares=tuple(int(sq) for sq in data["last_squares"]),
        result=result,
        perpetual_check_loses=bool(data["perpetual_check_loses"]),
    )
