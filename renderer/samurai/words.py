"""Samurai in words: the lines the pictures print and the alt texts for screen readers.

Everything here reads a :class:`~games.samurai.view.SamuraiView` only, so a description can
never hold more than the view: the public view has no hands, so its alt text names no hand
tile; captures appear only where the view shows them.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from games.base import Termination
from games.samurai.view import SamuraiView, TileView
from renderer.alt import NOW, THEN, Sentence, pack
from renderer.text import seat_label
from renderer.words import Words, words

FIGURE_LETTERS = "HBR"
END_REASONS = ("exhausted", "ties", "blocked", "resignation")  # samurai.end.<reason>
TIEBREAKS = ("other_figures", "total_figures", "shared")  # samurai.won_on.<name>
LIT_TAGS = frozenset({"to_play", "placing", "winner"})
PLACEMENT = re.compile(r"^[HBR]@[A-T]\d+$")
MAX_ALT = 1024


def figures_on_board(view: SamuraiView) -> tuple[int, int, int]:
    """Figures standing on settlements now, per type (helmet, Buddha, rice)."""
    counts = [0, 0, 0]
    for settlement in view.settlements:
        for letter in settlement.figures:
            counts[FIGURE_LETTERS.index(letter)] += 1
    return counts[0], counts[1], counts[2]


def figures_left(view: SamuraiView) -> tuple[int, int, int]:
    """Figures still to be won per type: on the board plus those waiting to be placed."""
    board = figures_on_board(view)
    return board[0] + view.supply[0], board[1] + view.supply[1], board[2] + view.supply[2]


def count_phrase(counts: Sequence[int], tr: Words | None = None) -> str:
    """ "2 helmets, 0 Buddhas, 1 rice field" """
    tr = tr or words()
    return ", ".join(
        tr.count(f"samurai.figure_n.{FIGURE_LETTERS[t]}", n) for t, n in enumerate(counts)
    )


def winners_phrase(view: SamuraiView, names: Sequence[str] | None, tr: Words) -> str:
    """ "Ann wins" or "Shared win: Ann and Bo" (empty while the game runs)."""
    if view.outcome is None:
        return ""
    winners = sorted(view.outcome.winners)
    if len(winners) == 1:
        return tr("common.wins", name=seat_label(winners[0], names, tr.locale))
    who = tr("common.and").join(seat_label(s, names, tr.locale) for s in winners)
    return tr("samurai.shared_win", names=who)


def result_detail(view: SamuraiView, tr: Words) -> str:
    """How the winner won and why the game ended: "2 types led · a type ran out"."""
    outcome = view.outcome
    if outcome is None:
        return ""
    parts = []
    winners = sorted(outcome.winners)
    if outcome.scores and winners and outcome.termination != Termination.RESIGNATION:
        parts.append(tr.count("samurai.types_led", round(outcome.scores[winners[0]])))
    if outcome.tiebreak in TIEBREAKS:
        parts.append(tr(f"samurai.won_on.{outcome.tiebreak}"))
    if view.end_reason in END_REASONS:
        parts.append(tr(f"samurai.end.{view.end_reason}"))
    return " · ".join(parts)


def waiting_for(view: SamuraiView, names: Sequence[str] | None, locale: str = "en") -> str:
    """The seats to act, by name: "Ann, Bo"."""
    return ", ".join(seat_label(s, names, locale) for s in sorted(view.to_act))


def status_lines(
    view: SamuraiView, names: Sequence[str] | None, locale: str = "en"
) -> tuple[str, str]:
    """Headline and detail for the picture: phase and whose turn, or the result."""
    tr = words(locale)
    if view.phase == "over" or view.outcome is not None:
        return winners_phrase(view, names, tr) or tr("common.game_over"), result_detail(view, tr)
    if view.phase == "pick":
        return tr("samurai.status.pick"), tr(
            "samurai.status.waiting", who=waiting_for(view, names, locale)
        )
    if view.current is not None:
        who = seat_label(view.current, names, locale)
    else:
        who = waiting_for(view, names, locale)
    if view.phase == "placement":
        return tr("samurai.status.placing", who=who), tr("samurai.status.placing_order")
    return tr("samurai.status.turn", n=view.turn, who=who), tr(
        "samurai.status.ties", ties=view.ties
    )


def tile_owner(view: SamuraiView, hexes: Sequence[str]) -> int | None:
    """The owner of the first tile found on ``hexes`` (who played a turn's steps)."""
    owners = {t.hex: t.owner for t in view.tiles}
    return next((owners[h] for h in hexes if h in owners), None)


def turn_entries(
    view: SamuraiView, locale: str = "en"
) -> list[tuple[str, int | None, tuple[str, ...]]]:
    """(heading, seat or None, steps) for the turn in progress and the last finished turn."""
    tr = words(locale)
    entries: list[tuple[str, int | None, tuple[str, ...]]] = []
    if view.this_turn:
        who = view.current if view.current is not None else tile_owner(view, view.this_turn_hexes)
        head = tr("samurai.turns.this") if view.outcome is None else tr("samurai.turns.final")
        entries.append((head, who, view.this_turn))
    if view.last_turn:
        placing = all(PLACEMENT.match(step) for step in view.last_turn)
        head = tr("samurai.turns.last_placement") if placing else tr("samurai.turns.last")
        entries.append((head, view.last_seat, view.last_turn))
    return entries


TILE_STEP = re.compile(r"^([A-Z]\d?)@([A-T]\d+)$")
TILE_SWAP = re.compile(r"^TS ([A-T]\d+)>([A-T]\d+)$")
FIGURE_SWAP = re.compile(r"^FS ([HBR])@([A-T]\d+) ([HBR])@([A-T]\d+)$")


def step_words(step: str, tr: Words | None = None) -> str:
    """One step of a turn in words, for the panel: "B3@F7" -> "Buddha 3 on F7", "H@F7" ->
    "helmet on F7", "TS F7>G9" -> "tile swap from F7 to G9"; anything else as typed.

    >>> step_words("B3@F7"), step_words("FS H@L16 B@O10"), step_words("TS F7>G9")
    ('Buddha 3 on F7', 'figure swap: helmet L16 with Buddha O10', 'tile swap from F7 to G9')
    """
    tr = tr or words()
    figure = {letter: tr(f"samurai.figure_type.{letter}") for letter in "HBR"}
    if PLACEMENT.match(step) is not None:
        return tr("samurai.step.figure", figure=figure[step[0]], hex=step[2:])
    if (m := TILE_STEP.match(step)) is not None:
        return tr("samurai.step.tile", tile=tr.get(f"samurai.tile.{m[1]}", m[1]), hex=m[2])
    if (m := TILE_SWAP.match(step)) is not None:
        return tr("samurai.step.tile_swap", source=m[1], target=m[2])
    if (m := FIGURE_SWAP.match(step)) is not None:
        first, second = figure[m[1]], figure[m[3]]
        return tr("samurai.step.figure_swap", first=first, source=m[2], second=second, target=m[4])
    if step == "end":
        return tr("samurai.step.end")
    return step


def seat_tag_key(view: SamuraiView, seat: int) -> str:
    """Which tag a seat's panel shows: to_play, placing, choosing, ready, winner, rank.N,
    out, or "" (none); :data:`LIT_TAGS` are drawn lit."""
    player = view.seats[seat]
    if view.outcome is not None and seat < len(view.outcome.ranks):
        rank = view.outcome.ranks[seat]
        return "winner" if seat in view.outcome.winners else f"rank.{min(rank, 5)}"
    if player.resigned:
        return "out"
    if view.phase == "pick":
        return "choosing" if seat in view.to_act else "ready"
    if seat == view.current:
        return "placing" if view.phase == "placement" else "to_play"
    return ""


def seat_tag(view: SamuraiView, seat: int, locale: str = "en") -> str:
    """The short tag of a seat's panel: TO PLAY, PLACING, CHOOSING, READY, 1ST, OUT..."""
    key = seat_tag_key(view, seat)
    return words(locale)(f"samurai.tag.{key}") if key else ""


def seat_counts(view: SamuraiView, seat: int, *, short: bool = False, locale: str = "en") -> str:
    """ "5 tiles in hand, 12 in pile"; ``short``: "hand 5, pile 12" (pictures)."""
    tr = words(locale)
    player = view.seats[seat]
    if player.hand_count is None or player.pile_count is None:
        return tr("samurai.counts.ready") if player.ready else tr("samurai.counts.choosing")
    hand, pile = player.hand_count, player.pile_count
    return tr(f"samurai.counts.{'short' if short else 'long'}", hand=hand, pile=pile)


# --- alt texts --------------------------------------------------------------------------


def _players_sentence(view: SamuraiView, names: Sequence[str] | None, tr: Words) -> str:
    parts = []
    for player in view.seats:
        counts = seat_counts(view, player.seat, locale=tr.locale)
        text = f"{seat_label(player.seat, names, tr.locale)}: {counts}"
        if player.captured is not None:
            text += tr("samurai.alt.captured", figures=count_phrase(player.captured, tr))
        if player.resigned:
            text += tr("samurai.alt.resigned")
        parts.append(text)
    return tr("samurai.alt.players", players="; ".join(parts))


def _turn_sentences(view: SamuraiView, names: Sequence[str] | None, tr: Words) -> list[str]:
    out = []
    for head, seat, steps in turn_entries(view, tr.locale):
        by = "" if seat is None else tr("samurai.alt.by", name=seat_label(seat, names, tr.locale))
        out.append(f"{head}{by}: {', '.join(steps)}.")
    return out


def alt_sentences(
    view: SamuraiView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> list[Sentence]:
    """The board in ranked sentences, from the view only: phase and whose turn, the last
    turns and the players' captured figures first; then what is left on the board."""
    tr = words(locale)
    head, detail = status_lines(view, names, tr.locale)
    phase = tr.get(f"samurai.alt.phase.{view.phase}", tr("samurai.alt.phase.over"))
    said = [
        Sentence(tr("samurai.alt.opening", players=view.players, phase=phase), NOW),
        Sentence(f"{head}{' (' + detail + ')' if detail else ''}.", NOW),
    ]
    said += [Sentence(text, NOW) for text in _turn_sentences(view, names, tr)]
    said.append(Sentence(_players_sentence(view, names, tr), NOW))
    aside = count_phrase(view.set_aside, tr)
    said += [
        Sentence(tr("samurai.alt.left", figures=count_phrase(figures_left(view), tr)), THEN),
        Sentence(tr("samurai.alt.aside", n=sum(view.set_aside), figures=aside, ties=view.ties)),
        Sentence(tr.count("samurai.alt.tiles", len(view.tiles))),
    ]
    return said


def alt_text(view: SamuraiView, *, names: Sequence[str] | None = None, locale: str = "en") -> str:
    """A screen-reader description of the board (at most 1,000 characters, whole
    sentences, what matters first), from the view only."""
    return pack(alt_sentences(view, names=names, locale=locale))


def clip(text: str) -> str:
    """``text`` cut to the attachment-description limit with an ellipsis."""
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def tile_name(tile: TileView, tr: Words | None = None) -> str:
    """ "Buddha 3", "Ronin" in ``tr``'s locale (the view's English name as the fallback)."""
    tr = tr or words()
    return tr.get(f"samurai.tile.{tile.code}", tile.name)


def printed_code(tile: TileView, tr: Words) -> str:
    """The code a tile's token prints in ``tr``'s locale: "B3"; Spanish "A2" for rice 2."""
    return tr.get(f"samurai.code.{tile.code}", tile.code)


def tile_phrase(tile: TileView, tr: Words | None = None) -> str:
    """ "Buddha 3", "Ship 2 (fast)"."""
    tr = tr or words()
    name = tile_name(tile, tr)
    return tr("samurai.fast_tile", name=name) if tile.fast else name


def grouped_tiles(tiles: Sequence[TileView], tr: Words | None = None) -> str:
    """ "2× Samurai 1, Buddha 3" in the given (canonical) order."""
    tr = tr or words()
    counts: dict[str, int] = {}
    for t in tiles:
        counts[tile_phrase(t, tr)] = counts.get(tile_phrase(t, tr), 0) + 1
    text = ", ".join(f"{n}× {name}" if n > 1 else name for name, n in counts.items())
    return text or tr("samurai.alt.none")


def hand_alt_text(
    view: SamuraiView, *, names: Sequence[str] | None = None, locale: str = "en"
) -> str:
    """A description of the viewer's private picture: hand, draw pile and captures."""
    tr = words(locale)
    if view.viewer is None:
        return tr("samurai.alt.hand_public")
    who = seat_label(view.viewer, names, tr.locale)
    if view.phase == "pick":
        state = tr("samurai.alt.confirmed") if view.confirmed else tr("samurai.alt.unconfirmed")
        head = tr("samurai.alt.hand_pick", who=who, n=len(view.hand), state=state)
    else:
        head = tr("samurai.alt.hand", who=who)
    parts = [f"{head}: {grouped_tiles(view.hand, tr)}."]
    if view.phase != "pick":
        pile = grouped_tiles(view.pile, tr)
        parts.append(tr.count("samurai.alt.pile", len(view.pile), tiles=pile))
    if view.captured is not None:
        parts.append(tr("samurai.alt.own_captures", figures=count_phrase(view.captured, tr)))
    return clip(" ".join(parts))
