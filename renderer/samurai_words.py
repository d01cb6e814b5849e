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
from renderer.text import seat_label

FIGURE_LETTERS = "HBR"
FIGURE_SINGULARS = ("helmet", "Buddha", "rice field")
FIGURE_PLURALS = ("helmets", "Buddhas", "rice fields")
END_REASONS = {
    "exhausted": "a type ran out",
    "ties": "fourth tie",
    "blocked": "nobody could play a tile",
    "resignation": "everyone else resigned",
}
TIEBREAKS = {
    "other_figures": "won on other figures",
    "total_figures": "won on total figures",
    "shared": "tied after every tie-break",
}
PLACEMENT = re.compile(r"^[HBR]@[A-T]\d+$")
ORDINAL = ("1st", "2nd", "3rd", "4th", "5th")
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


def count_phrase(counts: Sequence[int]) -> str:
    """ "2 helmets, 0 Buddhas, 1 rice field" """
    return ", ".join(
        f"{n} {FIGURE_SINGULARS[t] if n == 1 else FIGURE_PLURALS[t]}" for t, n in enumerate(counts)
    )


def winners_phrase(view: SamuraiView, names: Sequence[str] | None) -> str:
    """ "Ann wins" or "Shared win: Ann and Bo" (empty while the game runs)."""
    if view.outcome is None:
        return ""
    winners = sorted(view.outcome.winners)
    if len(winners) == 1:
        return f"{seat_label(winners[0], names)} wins"
    return "Shared win: " + " and ".join(seat_label(s, names) for s in winners)


def result_detail(view: SamuraiView) -> str:
    """How the winner won and why the game ended: "2 types led · a type ran out"."""
    outcome = view.outcome
    if outcome is None:
        return ""
    parts = []
    winners = sorted(outcome.winners)
    if outcome.scores and winners and outcome.termination != Termination.RESIGNATION:
        led = round(outcome.scores[winners[0]])
        parts.append(f"{led} type{'s' * (led != 1)} led")
    if outcome.tiebreak in TIEBREAKS:
        parts.append(TIEBREAKS[outcome.tiebreak])
    if view.end_reason in END_REASONS:
        parts.append(END_REASONS[view.end_reason])
    return " · ".join(parts)


def waiting_for(view: SamuraiView, names: Sequence[str] | None) -> str:
    """The seats to act, by name: "Ann, Bo"."""
    return ", ".join(seat_label(s, names) for s in sorted(view.to_act))


def status_lines(view: SamuraiView, names: Sequence[str] | None) -> tuple[str, str]:
    """Headline and detail for the picture: phase and whose turn, or the result."""
    if view.phase == "over" or view.outcome is not None:
        return winners_phrase(view, names) or "Game over", result_detail(view)
    if view.phase == "pick":
        return "Choosing starting tiles", f"Waiting for {waiting_for(view, names)}"
    who = seat_label(view.current, names) if view.current is not None else waiting_for(view, names)
    if view.phase == "placement":
        return f"Placing figures: {who}", "Cities first, then villages"
    return f"Turn {view.turn}: {who} to play", f"Ties so far: {view.ties} of 4"


def tile_owner(view: SamuraiView, hexes: Sequence[str]) -> int | None:
    """The owner of the first tile found on ``hexes`` (who played a turn's steps)."""
    owners = {t.hex: t.owner for t in view.tiles}
    return next((owners[h] for h in hexes if h in owners), None)


def turn_entries(view: SamuraiView) -> list[tuple[str, int | None, tuple[str, ...]]]:
    """(heading, seat or None, steps) for the turn in progress and the last finished turn."""
    entries: list[tuple[str, int | None, tuple[str, ...]]] = []
    if view.this_turn:
        who = view.current if view.current is not None else tile_owner(view, view.this_turn_hexes)
        head = "This turn" if view.outcome is None else "Final turn"
        entries.append((head, who, view.this_turn))
    if view.last_turn:
        placing = all(PLACEMENT.match(step) for step in view.last_turn)
        head = "Last placement" if placing else "Last turn"
        entries.append((head, view.last_seat, view.last_turn))
    return entries


def seat_tag(view: SamuraiView, seat: int) -> str:
    """The short tag of a seat's panel: TO PLAY, PLACING, CHOOSING, READY, 1ST, OUT..."""
    player = view.seats[seat]
    if view.outcome is not None and seat < len(view.outcome.ranks):
        rank = view.outcome.ranks[seat]
        return "WINNER" if seat in view.outcome.winners else ORDINAL[min(rank, 5) - 1].upper()
    if player.resigned:
        return "OUT"
    if view.phase == "pick":
        return "CHOOSING" if seat in view.to_act else "READY"
    if seat == view.current:
        return "PLACING" if view.phase == "placement" else "TO PLAY"
    return ""


def seat_counts(view: SamuraiView, seat: int, *, short: bool = False) -> str:
    """ "5 tiles in hand, 12 in pile"; ``short``: "hand 5, pile 12" (pictures)."""
    player = view.seats[seat]
    if player.hand_count is None or player.pile_count is None:
        return "starting hand ready" if player.ready else "choosing starting tiles"
    if short:  # ASCII: a first-time string with other characters costs ms to check
        return f"hand {player.hand_count}, pile {player.pile_count}"
    return f"{player.hand_count} tiles in hand, {player.pile_count} in pile"


# --- alt texts --------------------------------------------------------------------------


def _players_sentence(view: SamuraiView, names: Sequence[str] | None) -> str:
    parts = []
    for player in view.seats:
        text = f"{seat_label(player.seat, names)}: {seat_counts(view, player.seat)}"
        if player.captured is not None:
            text += f", captured {count_phrase(player.captured)}"
        if player.resigned:
            text += ", resigned"
        parts.append(text)
    return "Players: " + "; ".join(parts) + "."


def _turns_sentence(view: SamuraiView, names: Sequence[str] | None) -> str:
    return " ".join(
        f"{head}{'' if seat is None else ' by ' + seat_label(seat, names)}: {', '.join(steps)}."
        for head, seat, steps in turn_entries(view)
    )


def alt_text(view: SamuraiView, *, names: Sequence[str] | None = None) -> str:
    """A screen-reader description of the board (≤ 1024 chars), from the view only."""
    head, detail = status_lines(view, names)
    phase = {"pick": "choosing tiles", "placement": "placing figures", "play": "playing"}
    opening = f"Samurai, {view.players} players, {phase.get(view.phase, 'game over')}."
    parts = [opening, f"{head}{' (' + detail + ')' if detail else ''}."]
    parts.append(_turns_sentence(view, names))
    parts.append(f"Figures left: {count_phrase(figures_left(view))}.")
    aside = sum(view.set_aside)
    parts.append(f"Set aside: {aside} ({count_phrase(view.set_aside)}); ties {view.ties} of 4.")
    parts.append(f"{len(view.tiles)} tiles on the board.")
    parts.append(_players_sentence(view, names))
    return clip(" ".join(p for p in parts if p))


def clip(text: str) -> str:
    """``text`` cut to the attachment-description limit with an ellipsis."""
    return text if len(text) <= MAX_ALT else text[: MAX_ALT - 1] + "…"


def tile_phrase(tile: TileView) -> str:
    """ "Buddha 3", "Ship 2 (fast)"."""
    return f"{tile.name} (fast)" if tile.fast else tile.name


def grouped_tiles(tiles: Sequence[TileView]) -> str:
    """ "2× Samurai 1, Buddha 3" in the given (canonical) order."""
    counts: dict[str, int] = {}
    for t in tiles:
        counts[tile_phrase(t)] = counts.get(tile_phrase(t), 0) + 1
    return ", ".join(f"{n}× {name}" if n > 1 else name for name, n in counts.items()) or "none"


def hand_alt_text(view: SamuraiView, *, names: Sequence[str] | None = None) -> str:
    """A description of the viewer's private picture: hand, draw pile and captures."""
    if view.viewer is None:
        return "Samurai: no private information in a public view."
    who = seat_label(view.viewer, names)
    if view.phase == "pick":
        state = "confirmed" if view.confirmed else "not confirmed yet"
        head = f"Samurai, {who}'s starting tiles ({len(view.hand)} of 5 chosen, {state})"
    else:
        head = f"Samurai, {who}'s hand"
    parts = [f"{head}: {grouped_tiles(view.hand)}."]
    if view.phase != "pick":
        parts.append(f"Draw pile, {len(view.pile)} tiles: {grouped_tiles(view.pile)}.")
    if view.captured is not None:
        parts.append(f"Your captured figures: {count_phrase(view.captured)}.")
    return clip(" ".join(parts))
