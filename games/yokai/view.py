"""What a player (or the public) sees of a Yōkai no Mori game: everything is public."""

from __future__ import annotations

from dataclasses import dataclass

from games.base import Outcome, Seat

# Piece letters (notation and view): K koropokkuru, F kitsune, T tanuki, D kodama,
# I kirin, O oni. Upper case = seat 0 (first player), lower case = seat 1; a leading "+"
# marks a promoted piece ("+D" kodama samurai, "+o" seat 1's super oni).
PIECE_NAMES = {
    "K": "koropokkuru",
    "F": "kitsune",
    "T": "tanuki",
    "D": "kodama",
    "I": "kirin",
    "O": "oni",
    "+D": "kodama samurai",
    "+O": "super oni",
}


@dataclass(frozen=True)
class YokaiView:
    """A position as the renderer and the bot see it.

    ``board`` is row-major from rank 1 (the first player's side) upward, file ``a`` first
    within a rank: square ``index = (rank - 1) * files + file_index``. Empty squares are
    ``""``. ``hands[seat]`` lists ``(letter, count)`` in the order K F T D I O, upper-case
    letters, counts > 0 only. ``last_squares`` are the indices touched by the last action
    (from and to for a move, just the target for a drop) so the renderer can highlight them.
    """

    variant: str
    files: int
    ranks: int
    board: tuple[str, ...]
    hands: tuple[tuple[tuple[str, int], ...], tuple[tuple[str, int], ...]]
    to_move: Seat | None
    ply: int
    last_move: str | None
    last_squares: tuple[int, ...]
    in_check: bool
    outcome: Outcome | None
    viewer: Seat | None = None

    def square_name(self, index: int) -> str:
        return "abcde"[index % self.files] + str(index // self.files + 1)
