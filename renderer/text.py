"""Words shared by pictures and alt texts of every game: seat labels and results."""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Outcome, Seat, Termination
from renderer.words import words

SEAT_WORDS = 5  # "First player" .. "Fifth player" (``common.seat.0`` .. ``common.seat.4``)

# How a winner won, after "<name> wins": ``common.win.<termination>`` for the reasons every
# game shares, ``<game key>.win.<reason>`` for a game's own; draws use
# ``common.draw.<termination>`` for these only.
SHARED = frozenset(str(t) for t in Termination)
DRAW_REASONS = frozenset({Termination.REPETITION, Termination.ABANDONED, Termination.SCORING})


def seat_label(seat: Seat, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The display name given for ``seat``, else "First player", "Second player"..."""
    if names is not None and seat < len(names) and names[seat].strip():
        return names[seat].strip()
    if not 0 <= seat < SEAT_WORDS:
        raise IndexError(seat)
    return words(locale)(f"common.seat.{seat}")


def result_lines(
    outcome: Outcome,
    names: Sequence[str] | None = None,
    locale: str = "en",
    game_key: str | None = None,
) -> tuple[str, str]:
    """Headline and reason of a finished game: ("First player wins", "by try")."""
    tr = words(locale)
    term = str(outcome.termination)
    if outcome.is_draw:
        reason = tr(f"common.draw.{term}") if outcome.termination in DRAW_REASONS else ""
        return tr("common.draw"), reason
    (winner,) = outcome.winners
    head = tr("common.wins", name=seat_label(winner, names, locale))
    if term not in SHARED and game_key is not None:
        return head, tr.get(f"{game_key}.win.{term}", "")
    return head, tr.get(f"common.win.{term}", "")


def result_sentence(
    outcome: Outcome,
    names: Sequence[str] | None = None,
    locale: str = "en",
    game_key: str | None = None,
) -> str:
    """One sentence for an alt text: "Game over: First player wins by try." """
    head, reason = result_lines(outcome, names, locale, game_key)
    return words(locale)(
        "common.game_over_sentence", text=f"{head}{' ' + reason if reason else ''}"
    )
