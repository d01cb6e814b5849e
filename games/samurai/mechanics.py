"""Board mechanics shared by the rules, the explanations and the AI.

Influence, closing and resolving settlements (reference §5.1), the end triggers (§7) and
the candidate lists behind ``legal()``: empty targets, figure swaps, tile-swap sources.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from games.base import Event
from games.samurai.data import FIGURE_NAMES, FIGURES, TILES, Board, board_for
from games.samurai.state import SamuraiState, TileOnBoard

ENDS_AFTER_TIES = 4


def board_of(state: SamuraiState) -> Board:
    return board_for(state.players)


def influence(
    board: Board,
    tiles: tuple[TileOnBoard | None, ...] | list[TileOnBoard | None],
    settlement: int,
    figure: int,
    players: int,
    inert: tuple[int, ...] = (),
) -> list[int]:
    """Each seat's influence on figure type ``figure`` (0 H, 1 B, 2 R) at ``settlement``.

    Tiles of ``inert`` seats (players who resigned) still occupy their hexes but count 0.
    """
    totals = [0] * players
    for h in board.neighbours[settlement]:
        tile = tiles[h]
        if tile is None or tile[0] in inert:
            continue
        spec = TILES[tile[1]]
        if spec.influences[figure]:
            totals[tile[0]] += spec.value
    return totals


def is_closed(
    board: Board, tiles: tuple[TileOnBoard | None, ...] | list[TileOnBoard | None], s: int
) -> bool:
    """Every land neighbour of settlement ``s`` holds a tile (sea never has to fill)."""
    return all(tiles[h] is not None for h in board.land_ring[s])


def on_board(figures: tuple[str, ...] | list[str]) -> list[int]:
    """Figures of each type still on the board."""
    counts = [0, 0, 0]
    for text in figures:
        for letter in text:
            counts[FIGURES.index(letter)] += 1
    return counts


@dataclass
class Scratch:
    """The mutable parts of a state while one placement is resolved."""

    tiles: list[TileOnBoard | None]
    figures: list[str]
    captured: list[list[int]]
    set_aside: list[int]
    ties: int
    ended: str | None = None
    events: list[Event] = field(default_factory=list)

    @classmethod
    def of(cls, state: SamuraiState) -> Scratch:
        return cls(
            tiles=list(state.tiles),
            figures=list(state.figures),
            captured=[list(c) for c in state.captured],
            set_aside=list(state.set_aside),
            ties=state.ties,
        )


def end_trigger(figures: list[str], ties: int) -> str | None:
    """``"exhausted"`` when a figure type has left the board, ``"ties"`` at four ties."""
    if min(on_board(figures)) == 0:
        return "exhausted"
    if ties >= ENDS_AFTER_TIES:
        return "ties"
    return None


def resolve_after(state: SamuraiState, work: Scratch, placed: int) -> None:
    """Resolve every settlement the placement on ``placed`` closed (§5.1), then check §7.

    Settlements are resolved in hex order, figures in the order H B R. With the option
    ``end_timing = "immediate"`` the game stops at the figure that reaches an end trigger;
    by default every resolution of the placement is finished first.
    """
    board = board_of(state)
    immediate = state.options.get("end_timing") == "immediate"
    for s in board.near[placed]:
        if not work.figures[s] or not is_closed(board, work.tiles, s):
            continue
        for letter in work.figures[s]:  # the string is immutable: this walks the original
            _contest(state, board, work, s, letter)
            work.figures[s] = work.figures[s][1:]
            if immediate and end_trigger(work.figures, work.ties):
                work.ended = end_trigger(work.figures, work.ties)
                return
    work.ended = end_trigger(work.figures, work.ties)


def _contest(state: SamuraiState, board: Board, work: Scratch, s: int, letter: str) -> None:
    figure = FIGURES.index(letter)
    totals = influence(board, work.tiles, s, figure, state.players, state.resigned)
    best = max(totals)
    leaders = [seat for seat, value in enumerate(totals) if value == best]
    place = board.hexes[s]
    args = {
        "hex": place.label,
        # A named settlement by its title ("Edo", "Kyoto (L16)"), else by its kind, which
        # the catalogue words as samurai.settlement.<kind> ("village {hex}").
        "settlement": place.title if place.name else place.terrain,
        "figure": letter,
        "figure_name": FIGURE_NAMES[letter],
        "influence": totals,
    }
    if best > 0 and len(leaders) == 1:
        work.captured[leaders[0]][figure] += 1
        work.events.append(Event("samurai.capture", {**args, "winner": leaders[0]}, leaders[0]))
        return
    work.set_aside[figure] += 1
    counts_as_tie = best > 0 or state.options.get("zero_influence", "tie") == "tie"
    if counts_as_tie:
        work.ties += 1
    work.events.append(
        Event("samurai.set_aside", {**args, "tie": counts_as_tie, "ties": work.ties})
    )


# --- candidate lists ------------------------------------------------------------------


def empty_targets(board: Board, tiles: tuple[TileOnBoard | None, ...], placement: str) -> list[int]:
    """Empty hexes a tile with ``placement`` (``"land"`` or ``"sea"``) may go on."""
    pool = board.sea if placement == "sea" else board.plain if placement == "land" else ()
    return [h for h in pool if tiles[h] is None]


def figure_swaps(board: Board, figures: tuple[str, ...]) -> list[tuple[int, str, int, str]]:
    """Legal figure swaps ``(s1, t1, s2, t2)`` with ``s1 < s2`` (§6.1), in hex then H B R order.

    The two figures stand in different settlements, differ in type (a same-type swap changes
    nothing) and neither settlement ends up with two figures of one type.
    """
    found = [(s, letter) for s in board.settlements for letter in figures[s]]
    swaps = []
    for i, (s1, t1) in enumerate(found):
        for s2, t2 in found[i + 1 :]:
            if s1 != s2 and t1 != t2 and t2 not in figures[s1] and t1 not in figures[s2]:
                swaps.append((s1, t1, s2, t2))
    return swaps


def any_figure_swap(board: Board, figures: tuple[str, ...]) -> bool:
    """Whether :func:`figure_swaps` is non-empty (without listing them all)."""
    found = [(s, letter) for s in board.settlements for letter in figures[s]]
    for i, (s1, t1) in enumerate(found):
        for s2, t2 in found[i + 1 :]:
            if s1 != s2 and t1 != t2 and t2 not in figures[s1] and t1 not in figures[s2]:
                return True
    return False


def swap_sources(board: Board, tiles: tuple[TileOnBoard | None, ...], seat: int) -> list[int]:
    """Hexes holding ``seat``'s own tiles the tile swap may replace (caste and samurai)."""
    return [
        h
        for h, tile in enumerate(tiles)
        if tile is not None and tile[0] == seat and TILES[tile[1]].replaceable
    ]


def has_play(state: SamuraiState, seat: int) -> bool:
    """Whether ``seat`` could play any tile at the start of a turn (else it must pass)."""
    board = board_of(state)
    tiles = state.tiles
    free_land = any(tiles[h] is None for h in board.plain)
    for code in set(state.hands[seat]):
        spec = TILES[code]
        if code == "FS":
            if any_figure_swap(board, state.figures):
                return True
        elif code == "TS":
            if free_land and swap_sources(board, tiles, seat):
                return True
        elif spec.placement == "sea":
            if any(tiles[h] is None for h in board.sea):
                return True
        elif free_land:
            return True
    return False
