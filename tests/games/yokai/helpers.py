"""Building Yōkai no Mori positions for tests from small diagrams."""

from __future__ import annotations

from games.yokai import GAME
from games.yokai.board import LETTERS
from games.yokai.state import YokaiState, position_key, to_position

FILES = "abcde"


def square(variant: str, name: str) -> int:
    """View index of a square name (``"b2"`` -> 4 in 3x4)."""
    files = 3 if variant == "3x4" else 5
    return (int(name[1:]) - 1) * files + FILES.index(name[0])


def make_state(
    variant: str,
    rows: list[str],
    hands: tuple[str, str] = ("", ""),
    to_move: int = 0,
    perpetual: bool = False,
) -> YokaiState:
    """A state from a diagram: ``rows`` from the top rank down, one token per square
    (``.`` empty, upper case seat 0, lower case seat 1, ``+D``/``+d`` promoted); ``hands``
    are letter strings (``"DD"``)."""
    board: list[str] = []
    for row in reversed(rows):
        board.extend("" if token == "." else token for token in row.split())
    counts = tuple(tuple(text.count(letter) for letter in LETTERS) for text in hands)
    state = YokaiState(
        variant=variant,
        board=tuple(board),
        hands=(counts[0], counts[1]),
        to_move=to_move,
        ply=0,
        history=(),
        perpetual_check_loses=perpetual,
    )
    assert len(board) == state.geometry.n, "diagram does not fit the board"
    key = position_key(to_position(state))
    return YokaiState(
        variant, state.board, state.hands, to_move, 0, (key,), perpetual_check_loses=perpetual
    )


def notations(state: YokaiState) -> list[str]:
    """The canonical notation of every legal action of the side to move."""
    return [GAME.notation(state, a) for a in GAME.legal(state, state.to_move)]


def play(state: YokaiState, *texts: str) -> YokaiState:
    """Apply actions given in notation through the checked engine."""
    from games.engine import act_text

    for text in texts:
        state, _, _ = act_text(GAME, state, state.to_move, text)
    return state
