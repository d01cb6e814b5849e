"""China in words: status lines for the picture and the alt texts (screen readers).

Everything here reads a :class:`~games.china.view.ChinaView` only. The public alt text
never mentions a hand: the view it is given holds none, and :func:`alt_text` ignores
``view.hand`` even when a private view is passed by mistake.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.base import Termination
from games.china.view import ChinaView, LastTurnView, RegionView
from renderer.alt import NOW, THEN, Sentence, pack
from renderer.text import result_lines, seat_label
from renderer.words import Words, words

MAX_ALT = 1024


def colour_name(view: ChinaView, letter: str, tr: Words | None = None) -> str:
    """``"red"`` for ``"R"`` in ``tr``'s locale (the view's name, else the letter itself,
    when the table has none; "the pile" for the pile)."""
    tr = tr or words()
    if letter == "pile":
        return tr("china.card.pile")
    return tr.get(f"china.card.{letter}", dict(view.colours).get(letter, letter))


def colour_names(view: ChinaView, tr: Words) -> dict[str, str]:
    """Every card letter of ``view`` with its colour's name in ``tr``'s locale."""
    return {letter: colour_name(view, letter, tr) for letter, _ in view.colours}


def a_card(view: ChinaView, letter: str, tr: Words) -> str:
    """ "a red card", "an orange card": one catalogue entry per colour (``china.a_card.O``),
    the same the bot's sentences use, so the article is written once per language."""
    return tr.get(f"china.a_card.{letter}", colour_name(view, letter, tr))


def card_letter(letter: str, tr: Words) -> str:
    """The letter a card prints in ``tr``'s locale: "Y" yellow, Spanish "A" amarilla
    (``china.letter.*``; the notation reads every language's, see ``games.words.spoken``)."""
    return tr.get(f"china.letter.{letter}", letter)


def region_of(view: ChinaView, region_id: str | None) -> RegionView | None:
    return next((r for r in view.regions if r.id == region_id), None)


def title(view: ChinaView, tr: Words | None = None) -> str:
    return (tr or words())("china.title", side=view.side, players=view.players)


def turn_status(
    view: ChinaView, names: Sequence[str] | None, personal: bool = False, locale: str = "en"
) -> str:
    """Whose turn and which step: "Ann to play: place or exchange", "Ann draws 2 more
    cards"; ``personal`` speaks to the viewer ("Your turn") in their private picture."""
    tr = words(locale)
    if view.outcome is not None or view.to_act is None:
        return tr("common.game_over")
    cards = tr.count("china.more_cards", view.cards_to_draw)
    draw = view.step == "draw"
    if personal and view.viewer == view.to_act:
        return tr("china.you_draw", cards=cards) if draw else tr("china.your_turn")
    who = seat_label(view.to_act, names, locale)
    return tr("china.draws", who=who, cards=cards) if draw else tr("china.to_play", who=who)


def result_text(view: ChinaView, names: Sequence[str] | None, locale: str = "en") -> str:
    """ "Ann wins with 37 points", "Ann and Bo share the win with 30 points", or by resignation."""
    tr = words(locale)
    outcome = view.outcome
    if outcome is None:
        return ""
    winners = sorted(outcome.winners)
    best = max((view.scores[s].total for s in winners), default=0)
    if outcome.termination is not Termination.SCORING:
        return " ".join(result_lines(outcome, names, locale, "china")).strip()
    if len(winners) == 1:
        text = tr("china.wins_with", who=seat_label(winners[0], names, locale), n=best)
        return text + (tr("china.most_left") if outcome.tiebreak == "pieces_left" else "")
    who = tr("common.and").join(seat_label(s, names, locale) for s in winners)
    return tr("china.share_win", who=who, n=best)


def pile_notes(view: ChinaView, tr: Words | None = None) -> list[str]:
    """How often the pile ran out, for the picture: ["reshuffled once"]."""
    tr = tr or words()
    if view.exhaustions >= 2:
        return [tr("china.pile.out_twice")]
    return [tr("china.pile.reshuffled")] if view.exhaustions == 1 else []


def pile_status(view: ChinaView, tr: Words | None = None) -> str:
    """Pile size, how often it ran out and the final round: "Pile 23 · reshuffled once"."""
    tr = tr or words()
    notes = [tr("china.pile.n", n=view.pile_count), *pile_notes(view, tr)]
    return " · ".join(notes + ([tr("china.final_round_lower")] if view.final_round else []))


def _pieces(last: LastTurnView, tr: Words) -> list[str]:
    parts = []
    if last.fortification:
        parts.append(tr("china.piece.fortification", space=last.fortification))
    houses = list(last.houses)
    if houses:
        where = tr("common.and").join(houses)
        parts.append(tr.count("china.piece.houses", len(houses), spaces=where))
    if last.emissaries:
        parts.append(tr.count("china.piece.emissaries", last.emissaries))
    return parts


def last_turn_text(view: ChinaView, names: Sequence[str] | None, locale: str = "en") -> str:
    """The most recent turn in a sentence, or ``""`` before the first."""
    tr = words(locale)
    last = view.last_turn
    if last is None:
        return ""
    who = seat_label(last.seat, names, locale)
    if last.kind == "pass":
        return tr("china.last.pass", who=who)
    if last.kind == "exchange":
        if last.take == "pile":
            take = tr("china.last.take_pile")
        else:
            take = tr("china.last.take_face_up", colour=colour_name(view, last.take or "", tr))
        given = a_card(view, last.cards[0], tr)
        return tr("china.last.exchange", who=who, given=given, take=take)
    region = region_of(view, last.region)
    where = region.name if region is not None else (last.region or "")
    pay = ", ".join(colour_name(view, c, tr) for c in last.cards)
    pieces = tr("common.and").join(_pieces(last, tr))
    return tr("china.last.place", who=who, pieces=pieces, where=where, pay=pay)


def scores_text(view: ChinaView, names: Sequence[str] | None, tr: Words) -> str:
    parts = []
    for seat, score in enumerate(view.scores):
        resigned = tr("china.resigned") if seat in view.resigned else ""
        parts.append(f"{seat_label(seat, names, tr.locale)} {score.total}{resigned}")
    return tr("china.alt.scores", scores=", ".join(parts))


def pile_sentence(view: ChinaView, tr: Words | None = None) -> str:
    """The pile for a screen reader: "Pile: 26 cards, reshuffled once, final round." """
    tr = tr or words()
    text = tr.count("china.alt.pile", view.pile_count)
    if view.exhaustions >= 2:
        text += tr("china.alt.out_twice")
    elif view.exhaustions == 1:
        text += tr("china.alt.reshuffled")
    return text + (tr("china.alt.final_round") if view.final_round else ".")


def _counts(view: ChinaView, counts: Sequence[int], names: Sequence[str] | None, loc: str) -> str:
    return ", ".join(f"{seat_label(seat, names, loc)} {n}" for seat, n in enumerate(counts) if n)


def region_sentences(view: ChinaView, names: Sequence[str] | None, tr: Words) -> list[str]:
    """One short sentence per region with pieces: "Wei (3 free): houses Ann 2; emissaries Bo 1." """
    out = []
    for region in view.regions:
        if not any(region.houses) and not any(region.emissaries):
            continue
        free = sum(1 for s in region.spaces if s.owner is None)
        tag = tr("china.alt.scored") if region.scored else tr("china.alt.free", n=free)
        parts = []
        if any(region.houses):
            parts.append(
                tr("china.alt.houses", counts=_counts(view, region.houses, names, tr.locale))
            )
        if any(region.emissaries):
            counts = _counts(view, region.emissaries, names, tr.locale)
            parts.append(tr("china.alt.emissaries", counts=counts))
        out.append(f"{region.name} ({tag}): {'; '.join(parts)}.")
    return out


def alt_sentences(
    view: ChinaView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> list[Sentence]:
    """The public description in ranked sentences: turn, last turn and scores first; the
    face-up cards, the pile and the scored regions; then each region's pieces."""
    tr = words(locale)
    head = tr("china.alt.head", side=view.side, players=view.players)
    if view.outcome is not None:
        head += tr("china.alt.over", result=result_text(view, names, tr.locale))
    else:
        status = turn_status(view, names, locale=tr.locale)
        head += tr("china.alt.turn", n=view.turn + 1, status=status)
    said = [Sentence(head, NOW)]
    last = last_turn_text(view, names, tr.locale)
    if last:
        said.append(Sentence(tr("china.alt.last", text=last), NOW))
    said.append(Sentence(scores_text(view, names, tr), NOW))
    face_up = ", ".join(colour_name(view, c, tr) for c in view.face_up) or tr("china.alt.none")
    scored = ", ".join(r.name for r in view.regions if r.scored) or tr("china.alt.none")
    said += [
        Sentence(tr("china.alt.face_up", cards=face_up), THEN),
        Sentence(pile_sentence(view, tr), THEN),
        Sentence(tr("china.alt.regions_scored", regions=scored), THEN),
    ]
    regions = region_sentences(view, names, tr) or [tr("china.alt.empty_board")]
    return said + [Sentence(text) for text in regions]


def alt_text(view: ChinaView, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """The public description in at most 1,000 characters, whole sentences, what matters
    first."""
    return pack(alt_sentences(view, names=names, locale=locale))


def hand_alt_text(
    view: ChinaView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """The private hand picture in words: the viewer's cards, then the face-up row."""
    tr = words(locale)
    if view.viewer is not None:
        who = seat_label(view.viewer, names, tr.locale)
    else:
        who = tr("china.alt.spectator")
    hand = view.hand or ()
    cards = ", ".join(colour_name(view, c, tr) for c in hand) if hand else tr("china.alt.no_cards")
    face_up = ", ".join(colour_name(view, c, tr) for c in view.face_up) or tr("china.alt.none")
    text = tr("china.alt.hand", who=who, cards=cards, face_up=face_up, pile=pile_sentence(view, tr))
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"
