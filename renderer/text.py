"""Words shared by pictures and alt texts of every game: seat labels and results."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TypeVar

from games.base import Outcome, Seat, Termination
from renderer.core import Font, printable
from renderer.words import words

# The fewest letters of a name a sentence keeps (``fit_name``): a sentence still too long
# then wraps or is cut by its caller, where a test sees it.
KEPT = 3
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


def fit_name(
    sentence: Callable[[str], str], name: str, width: Callable[[str], float], max_width: float
) -> str:
    """``sentence(name)`` within ``max_width`` px (as ``width`` measures), the name giving
    way: shortened with "…", never the words around it (the verb, the lot, the move).

    >>> fit_name(lambda n: f"{n} to move", "Bartholomew", len, 14)
    'Barth… to move'
    """
    whole = sentence(name)
    if width(whole) <= max_width:
        return whole
    lo, hi = min(KEPT, len(name)), len(name)
    while lo < hi:  # the longest start of the name that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if width(sentence(name[:mid].rstrip() + "…")) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return sentence(name[:lo].rstrip() + "…")


def with_name(names: Sequence[str] | None, seat: Seat, name: str, seats: int) -> list[str]:
    """Every seat's label (see :func:`seat_label`) with ``seat``'s replaced by ``name``: the
    names to word a sentence with once :func:`fit_name` has shortened one."""
    labels = [names[s] if names is not None and s < len(names) else "" for s in range(seats)]
    labels[seat] = name
    return labels


def fit_names(
    sentence: Callable[[Sequence[str]], str],
    names: Sequence[str],
    width: Callable[[str], float],
    max_width: float,
) -> str:
    """``sentence(names)`` within ``max_width`` px, every name longer than the longest
    length that fits shortened to it with "…" (a sentence naming two players: the Tairō
    offers a lot to another); the words around them stay whole.

    >>> fit_names(lambda n: f"{n[0]} offers {n[1]} a lot", ["Bartholomew", "Al"], len, 22)
    'Barth… offers Al a lot'
    """
    if width(sentence(names)) <= max_width:
        return sentence(names)

    def cut(keep: int) -> list[str]:
        return [n if len(n) <= keep else n[:keep].rstrip() + "…" for n in names]

    lo, hi = KEPT, max(KEPT, *(len(n) for n in names))
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if width(sentence(cut(mid))) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return sentence(cut(lo))


def shown_width(fnt: Font) -> Callable[[str], float]:
    """How wide a text is drawn in ``fnt`` ("?" for a glyph it lacks, as ``draw_text``
    draws it): the measure to give :func:`fit_name`."""
    return lambda text: fnt.getlength(printable(text, fnt))


T = TypeVar("T")


def flow(items: Sequence[T], width: Callable[[T], float], room: float, gap: float) -> list[list[T]]:
    """``items`` in lines left to right, a new line when the next does not fit ``room``
    (an item wider than the room has a line of its own): a key's entries, which wrap in a
    longer language instead of being cut."""
    out: list[list[T]] = [[]]
    x = 0.0
    for item in items:
        w = width(item)
        if out[-1] and x + w > room:
            out.append([])
            x = 0.0
        out[-1].append(item)
        x += w + gap
    return out
