"""Hand-built Yōkai views for the renderer tests (the engine is not needed to draw)."""

from __future__ import annotations

from games.base import Outcome, Termination
from games.yokai import End
from games.yokai.view import YokaiView


def board(rows: list[str], files: int) -> tuple[str, ...]:
    """Squares from rank strings written top rank first, ``.`` for empty, ``+x`` promoted."""
    squares: list[str] = []
    for row in reversed(rows):
        cells = row.split()
        assert len(cells) == files, row
        squares += ["" if c == "." else c for c in cells]
    return tuple(squares)


def start_3x4() -> YokaiView:
    return YokaiView(
        variant="3x4",
        files=3,
        ranks=4,
        board=board(["t k f", ". d .", ". D .", "F K T"], 3),
        hands=((), ()),
        to_move=0,
        ply=0,
        last_move=None,
        last_squares=(),
        in_check=False,
        outcome=None,
    )


def start_5x6() -> YokaiView:
    return YokaiView(
        variant="5x6",
        files=5,
        ranks=6,
        board=board(
            ["o i k i o", ". . . . .", ". d d d .", ". D D D .", ". . . . .", "O I K I O"], 5
        ),
        hands=((), ()),
        to_move=0,
        ply=0,
        last_move=None,
        last_squares=(),
        in_check=False,
        outcome=None,
    )


def midgame_3x4() -> YokaiView:
    """Second player to move after the first player's kodama promoted on c4 (c3c4+)."""
    return YokaiView(
        variant="3x4",
        files=3,
        ranks=4,
        board=board(["t k +D", ". f .", "F . .", ". K T"], 3),
        hands=((("D", 1),), (("D", 1),)),
        to_move=1,
        ply=7,
        last_move="c3c4+",
        last_squares=(8, 11),
        in_check=False,
        outcome=None,
    )


def midgame_5x6_check() -> YokaiView:
    """The second player just dropped a kirin on c2, checking the first player's king."""
    return YokaiView(
        variant="5x6",
        files=5,
        ranks=6,
        board=board(
            ["o . k i .", ". +D . . .", ". d . d o", ". D . D .", ". . i . +o", "O I K . ."], 5
        ),
        hands=((("D", 1), ("I", 1)), (("D", 2), ("O", 1))),
        to_move=0,
        ply=24,
        last_move="I*c2",
        last_squares=(7,),
        in_check=True,
        outcome=None,
    )


def finished_3x4() -> YokaiView:
    """The first player's koropokkuru reached b4 unattacked: a try."""
    return YokaiView(
        variant="3x4",
        files=3,
        ranks=4,
        board=board([". K .", "t . f", ". d .", "F . T"], 3),
        hands=((("D", 1),), ()),
        to_move=None,
        ply=12,
        last_move="b3b4",
        last_squares=(7, 10),
        in_check=False,
        outcome=Outcome(termination=End.TRY, winners=frozenset({0}), ranks=(1, 2)),
    )


def captured_king_3x4() -> YokaiView:
    """The second player took the koropokkuru on b2, so four kinds sit in its reserve."""
    return YokaiView(
        variant="3x4",
        files=3,
        ranks=4,
        board=board([". k .", ". . .", ". f .", ". . T"], 3),
        hands=((("D", 1),), (("K", 1), ("F", 1), ("T", 1), ("D", 2))),
        to_move=None,
        ply=15,
        last_move="b3b2",
        last_squares=(7, 4),
        in_check=False,
        outcome=Outcome(termination=End.CAPTURE, winners=frozenset({1}), ranks=(2, 1)),
    )


def drawn_5x6() -> YokaiView:
    """Threefold repetition after the first player's oni stepped to b2."""
    squares = list(start_5x6().board)
    squares[0], squares[6] = "", "O"
    return YokaiView(
        variant="5x6",
        files=5,
        ranks=6,
        board=tuple(squares),
        hands=((), ()),
        to_move=None,
        ply=40,
        last_move="a1b2",
        last_squares=(0, 6),
        in_check=False,
        outcome=Outcome(
            termination=Termination.REPETITION, winners=frozenset({0, 1}), ranks=(1, 1)
        ),
    )


ALL = {
    "start_3x4": start_3x4,
    "start_5x6": start_5x6,
    "midgame_3x4": midgame_3x4,
    "midgame_5x6_check": midgame_5x6_check,
    "finished_3x4": finished_3x4,
    "captured_king_3x4": captured_king_3x4,
    "drawn_5x6": drawn_5x6,
}
