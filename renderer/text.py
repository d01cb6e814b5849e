"""Words shared by pictures and alt texts of every game: seat labels and results."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Outcome, Seat, Termination

ORDINALS = ("First", "Second", "Third", "Fourth", "Fifth")

# How a winner won, after "<name> wins"; draws use DRAW_REASONS.
WIN_REASONS: dict[Termination, str] = {
    Termination.CAPTURE: "by capture",
    Termination.TRY: "by try",
    Termination.CHECKMATE: "by checkmate",
    Termination.NO_LEGAL_ACTION: "(no legal move left)",
    Termination.REPETITION: "by repetition",
    Termination.SCORING: "on points",
    Termination.RESIGNATION: "by resignation",
    Termination.ABANDONED: "(game abandoned)",
}
DRAW_REASONS: dict[Termination, str] = {
    Termination.REPETITION: "by repetition",
    Termination.ABANDONED: "(game abandoned)",
    Termination.SCORING: "on points",
}


def seat_label(seat: Seat, names: Sequence[str] | None = None) -> str:
    """The display name given for ``seat``, else "First player", "Second player"..."""
    if names is not None and seat < len(names) and names[seat].strip():
        return names[seat].strip()
    return f"{ORDINALS[seat]} player"


def result_lines(outcome: Outcome, names: Sequence[str] | None = None) -> tuple[str, str]:
    """Headline and reason of a finished game: ("First player wins", "by try")."""
    if outcome.is_draw:
        return "Draw", DRAW_REASONS.get(outcome.termination, "")
    (winner,) = outcome.winners
    return f"{seat_label(winner, names)} wins", WIN_REASONS.get(outcome.termination, "")


def result_sentence(outcome: Outcome, names: Sequence[str] | None = None) -> str:
    """One sentence for an alt text: "Game over: First player wins by try." """
    head, reason = result_lines(outcome, names)
    return f"Game over: {head}{' ' + reason if reason else ''}."
