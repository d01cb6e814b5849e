"""China in words: status lines for the picture and the alt texts (screen readers).

Everything here reads a :class:`~games.china.view.ChinaView` only. The public alt text
never mentions a hand: the view it is given holds none, and :func:`alt_text` ignores
``view.hand`` even when a private view is passed by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Termination
from games.china.view import ChinaView, LastTurnView, RegionView
from renderer.text import result_lines, seat_label

MAX_ALT = 1024
ORDINAL_TIMES = ("", "once", "twice")


def colour_name(view: ChinaView, letter: str) -> str:
    """``"red"`` for ``"R"`` (the letter itself when unknown, "the pile" for the pile)."""
    if letter == "pile":
        return "the pile"
    return dict(view.colours).get(letter, letter)


def article(word: str) -> str:
    """ "an" before a vowel sound (an orange card), else "a"."""
    return "an" if word[:1].lower() in "aeiou" else "a"


def region_of(view: ChinaView, region_id: str | None) -> RegionView | None:
    return next((r for r in view.regions if r.id == region_id), None)


def title(view: ChinaView) -> str:
    return f"China · side {view.side} · {view.players} players"


def turn_status(view: ChinaView, names: Sequence[str] | None, personal: bool = False) -> str:
    """Whose turn and which step: "Ann to play: place or exchange", "Ann draws 2 more
    cards"; ``personal`` speaks to the viewer ("Your turn") in their private picture."""
    if view.outcome is not None or view.to_act is None:
        return "Game over"
    more = view.cards_to_draw
    cards = f"{more} more card{'s' if more != 1 else ''}"
    if personal and view.viewer == view.to_act:
        return f"You draw {cards}" if view.step == "draw" else "Your turn: place or exchange"
    who = seat_label(view.to_act, names)
    return f"{who} draws {cards}" if view.step == "draw" else f"{who} to play: place or exchange"


def result_text(view: ChinaView, names: Sequence[str] | None) -> str:
    """ "Ann wins with 37 points", "Ann and Bo share the win with 30 points", or by resignation."""
    outcome = view.outcome
    if outcome is None:
        return ""
    winners = sorted(outcome.winners)
    best = max((view.scores[s].total for s in winners), default=0)
    if outcome.termination is not Termination.SCORING:
        return " ".join(result_lines(outcome, names)).strip()
    if len(winners) == 1:
        text = f"{seat_label(winners[0], names)} wins with {best} points"
        return text + (" (most pieces left)" if outcome.tiebreak == "pieces_left" else "")
    who = " and ".join(seat_label(s, names) for s in winners)
    return f"{who} share the win with {best} points"


def pile_notes(view: ChinaView) -> list[str]:
    """How often the pile ran out, for the picture: ["reshuffled once"]."""
    if view.exhaustions >= 2:
        return ["ran out twice: no pile"]
    return ["reshuffled once"] if view.exhaustions == 1 else []


def pile_status(view: ChinaView) -> str:
    """Pile size, how often it ran out and the final round: "Pile 23 · reshuffled once"."""
    notes = [f"Pile {view.pile_count}", *pile_notes(view)]
    return " · ".join(notes + (["final round"] if view.final_round else []))


def _pieces(last: LastTurnView) -> list[str]:
    parts = []
    if last.fortification:
        parts.append(f"a fortification on {last.fortification}")
    houses = list(last.houses)
    if houses:
        noun = "a house" if len(houses) == 1 else f"{len(houses)} houses"
        parts.append(f"{noun} on {' and '.join(houses)}")
    if last.emissaries:
        parts.append("an emissary" if last.emissaries == 1 else f"{last.emissaries} emissaries")
    return parts


def last_turn_text(view: ChinaView, names: Sequence[str] | None) -> str:
    """The most recent turn in a sentence, or ``""`` before the first."""
    last = view.last_turn
    if last is None:
        return ""
    who = seat_label(last.seat, names)
    if last.kind == "pass":
        return f"{who} passed"
    if last.kind == "exchange":
        take = "the top card of the pile" if last.take == "pile" else "the face-up "
        if last.take != "pile":
            take += f"{colour_name(view, last.take or '')} card"
        given = colour_name(view, last.cards[0])
        return f"{who} exchanged {article(given)} {given} card for {take}"
    region = region_of(view, last.region)
    where = region.name if region is not None else (last.region or "")
    pay = ", ".join(colour_name(view, c) for c in last.cards)
    return f"{who} placed {' and '.join(_pieces(last))} in {where} (paid {pay})"


def scores_text(view: ChinaView, names: Sequence[str] | None) -> str:
    parts = []
    for seat, score in enumerate(view.scores):
        resigned = " (resigned)" if seat in view.resigned else ""
        parts.append(f"{seat_label(seat, names)} {score.total}{resigned}")
    return "Scores: " + ", ".join(parts) + "."


def pile_sentence(view: ChinaView) -> str:
    """The pile for a screen reader: "Pile: 26 cards, reshuffled once, final round." """
    text = f"Pile: {view.pile_count} card{'s' if view.pile_count != 1 else ''}"
    if view.exhaustions >= 2:
        text += ", ran out a second time (no new pile)"
    elif view.exhaustions == 1:
        text += ", reshuffled once"
    return text + (", final round." if view.final_round else ".")


def _counts(view: ChinaView, counts: Sequence[int], names: Sequence[str] | None) -> str:
    return ", ".join(f"{seat_label(seat, names)} {n}" for seat, n in enumerate(counts) if n > 0)


def region_sentences(view: ChinaView, names: Sequence[str] | None) -> list[str]:
    """One short sentence per region with pieces: "Wei (3 free): houses Ann 2; emissaries Bo 1." """
    out = []
    for region in view.regions:
        if not any(region.houses) and not any(region.emissaries):
            continue
        free = sum(1 for s in region.spaces if s.owner is None)
        tag = "scored" if region.scored else f"{free} free"
        parts = [f"houses {_counts(view, region.houses, names)}"] if any(region.houses) else []
        if any(region.emissaries):
            parts.append(f"emissaries {_counts(view, region.emissaries, names)}")
        out.append(f"{region.name} ({tag}): {'; '.join(parts)}.")
    return out


def alt_text(view: ChinaView, *, names: Sequence[str] | None = None) -> str:
    """The public description (≤ 1024 characters): turn, last turn, scores, cards, pile,
    scored regions, then each region's pieces as far as they fit."""
    head = f"China, side {view.side}, {view.players} players"
    if view.outcome is not None:
        head += f". Game over: {result_text(view, names)}."
    else:
        head += f", turn {view.turn + 1}. {turn_status(view, names)}."
    sentences = [head]
    last = last_turn_text(view, names)
    if last:
        sentences.append(f"Last turn: {last}.")
    sentences.append(scores_text(view, names))
    face_up = ", ".join(colour_name(view, c) for c in view.face_up) or "none"
    sentences += [f"Face-up cards: {face_up}.", pile_sentence(view)]
    scored = [r.name for r in view.regions if r.scored]
    sentences.append(f"Regions scored: {', '.join(scored) if scored else 'none'}.")
    text = " ".join(sentences)
    if len(text) > MAX_ALT:
        return text[: MAX_ALT - 1] + "…"
    for sentence in region_sentences(view, names) or ["No pieces on the board yet."]:
        if len(text) + 1 + len(sentence) > MAX_ALT:
            break
        text += " " + sentence
    return text


def hand_alt_text(view: ChinaView, *, names: Sequence[str] | None = None) -> str:
    """The private hand picture in words: the viewer's cards, then the face-up row."""
    who = seat_label(view.viewer, names) if view.viewer is not None else "Spectator"
    hand = view.hand or ()
    cards = ", ".join(colour_name(view, c) for c in hand) if hand else "no cards"
    face_up = ", ".join(colour_name(view, c) for c in view.face_up) or "none"
    text = f"{who}'s hand in China: {cards}. Face-up cards: {face_up}. {pile_sentence(view)}"
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"
