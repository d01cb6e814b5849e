"""What the end-of-game result card says, drawn or read aloud: the title, the reason the
game ended, the headline (who won), the ranked rows with the game's own columns and the
tie-break that decided (:class:`Card`, :func:`make_card`), and the card as alt text
(:func:`result_alt_text`). :mod:`renderer.result` draws it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from games.base import Outcome, Seat, Termination, UnknownGame
from renderer import columns as shared_columns
from renderer import plugin
from renderer.columns import Column, ResultPart, score_columns
from renderer.core import (
    Font,
    fit_text,
    printable,
)
from renderer.text import seat_label, shown_width
from renderer.words import Words, words

MAX_ALT = 1024
RANKS = 8  # result.rank.1 .. result.rank.8; lower ranks print as "#9"
SHARED_TERMINATIONS = frozenset(str(t) for t in Termination)
# Words (result.*, common.*) come from the locale's table, see renderer.words; a game's
# own columns, notes and end wording come from its renderer (``GameRenderer.result_part``).


@dataclass(frozen=True)
class Card:
    """Everything the picture and the alt text show, in words."""

    title: str
    outcome: Outcome
    reason: str
    order: tuple[Seat, ...]  # seats, best rank first
    labels: tuple[str, ...]
    tags: tuple[str, ...]  # per seat: "resigned" or ""
    columns: tuple[Column, ...]
    notes: tuple[tuple[str, str], ...] = field(default_factory=tuple)  # (label, text)
    legend: str = ""  # what a marked cell means
    locale: str = "en"  # the language of every word above


def _label(seat: Seat, names: Sequence[str], tr: Words) -> str:
    try:
        return seat_label(seat, names, tr.locale)
    except IndexError:  # more seats than the ordinal words
        return tr("common.player_n", n=seat + 1)


def headline(outcome: Outcome, labels: Sequence[str], locale: str = "en") -> str:
    """ "Ann wins", "Ann and Bo share the win", "Draw" or "No winner"."""
    tr = words(locale)
    names = [labels[s] for s in sorted(outcome.winners)]
    if len(names) == 1:
        return tr("common.wins", name=names[0])
    if names:
        return tr("result.share", names=tr.join(names))
    return (
        tr("result.no_winner")
        if outcome.termination is Termination.ABANDONED
        else tr("common.draw")
    )


def fitted_headline(
    outcome: Outcome, labels: Sequence[str], fnt: Font, room: float, locale: str = "en"
) -> str:
    """The headline within ``room`` px: long names are cut (the longest first), never the verb."""
    text, width = headline(outcome, labels, locale), shown_width(fnt)
    if width(text) <= room:
        return text
    lo, hi = 40, round(room)
    while lo < hi:  # the widest cap on each name's width that lets the headline fit
        cap = (lo + hi + 1) // 2
        cut = [fit_text(printable(name, fnt), fnt, cap) for name in labels]
        if width(headline(outcome, cut, locale)) <= room:
            lo = cap
        else:
            hi = cap - 1
    cut = [fit_text(printable(name, fnt), fnt, lo) for name in labels]
    return headline(outcome, cut, locale)


def _reason(game_key: str, outcome: Outcome, part: ResultPart, tr: Words) -> str:
    """Why the game ended: a shared Termination as ``result.termination.<t>``, a game's own
    end reason as ``<game key>.end.<reason>``; the game's part may reword it or add a note."""
    term = str(outcome.termination)
    if term in SHARED_TERMINATIONS:
        text = tr.get(f"result.termination.{term}", term)
    else:
        text = tr.get(f"{game_key}.end.{term}", term.replace("_", " "))
    if outcome.termination == Termination.REPETITION and outcome.is_draw:
        text = tr("result.draw_by_repetition")
    if part.reason:
        text = part.reason
    if part.reason_note:
        text += f" ({part.reason_note})"
    return text


def tiebreak_words(game_key: str, name: str, tr: Words) -> str:
    """A tie-break rule's name: the game's ``<key>.tiebreak.<name>``, else a shared one
    (``result.tiebreak.<name>``: "shared"), else the name itself."""
    shared = tr.get(f"result.tiebreak.{name}", name.replace("_", " "))
    return tr.get(f"{game_key}.tiebreak.{name}", shared)


def _resigned(outcome: Outcome, seats: int) -> set[Seat]:
    """Seats named in ``detail["resigned"]``; a game ended by resignation has one player
    left (Samurai, China, Yōkai), so there everybody else resigned."""
    out = set()
    if outcome.termination is Termination.RESIGNATION and len(outcome.winners) == 1:
        out = set(range(seats)) - outcome.winners
    value = outcome.detail.get("resigned")
    if isinstance(value, Sequence) and not isinstance(value, str):
        out |= {s for s in value if isinstance(s, int) and 0 <= s < seats}
    return out


def make_card(
    game_key: str,
    title: str,
    outcome: Outcome,
    names: Sequence[str],
    locale: str = "en",
    deltas: Sequence[float] | None = None,
) -> Card:
    """The words of the result card (in ``locale``); unknown or malformed detail is left out.
    ``deltas``: each seat's rating change, shown as the last column."""
    tr = words(locale)
    seats = len(outcome.ranks)
    labels = tuple(_label(s, names, tr) for s in range(seats))
    try:
        part = plugin.get(game_key).result_part(outcome, seats, tr)
    except UnknownGame:  # a game without pictures still gets its card
        part = ResultPart(score_columns(outcome, seats, tr))
    except (TypeError, ValueError, KeyError, AttributeError):  # detail of an unknown shape
        part = ResultPart(score_columns(outcome, seats, tr))
    columns = part.columns + shared_columns.rating_column(deltas, seats, tr)
    notes = list(part.notes)
    if outcome.tiebreak:
        notes.insert(0, (tr("result.tiebreak"), tiebreak_words(game_key, outcome.tiebreak, tr)))
    resigned = _resigned(outcome, seats)
    legend = part.legend if any(c.marked for c in columns) else ""
    return Card(
        title=title,
        outcome=outcome,
        reason=_reason(game_key, outcome, part, tr),
        order=tuple(sorted(range(seats), key=lambda s: (outcome.ranks[s], s))),
        labels=labels,
        tags=tuple(tr("result.resigned") if s in resigned else "" for s in range(seats)),
        columns=columns,
        notes=tuple(notes),
        legend=legend,
        locale=tr.locale,
    )


def _ordinal(rank: int, tr: Words) -> str:
    return tr(f"result.rank.{rank}") if 1 <= rank <= RANKS else f"#{rank}"


def result_alt_text(
    game_key: str,
    title: str,
    outcome: Outcome,
    *,
    names: Sequence[str],
    locale: str = "en",
    deltas: Sequence[float] | None = None,
) -> str:
    """A screen-reader description of the result card (≤ 1024 characters), in ``locale``."""
    tr = words(locale)
    card = make_card(game_key, title, outcome, names, tr.locale, deltas)
    head = headline(card.outcome, card.labels, tr.locale)
    parts = [tr("result.alt.head", title=card.title, head=head, reason=card.reason)]
    rows = []
    for seat in card.order:
        cells = []
        for col in card.columns:
            cell = f"{col.alt} {col.cells[seat]}" if col.alt else col.cells[seat].lower()
            cells.append(cell + (f" ({card.legend})" if card.legend and seat in col.marked else ""))
        tag = f" ({card.tags[seat]})" if card.tags[seat] else ""
        text = f"{_ordinal(card.outcome.ranks[seat], tr)} {card.labels[seat]}{tag}"
        rows.append(text + (f": {', '.join(cells)}" if cells else ""))
    parts.append("; ".join(rows) + ".")
    parts += [f"{label}: {text}." for label, text in card.notes]
    text = " ".join(parts)
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"
