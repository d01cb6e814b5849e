"""Why an action is illegal, in the words of the rules (reference §3-§6)."""

from __future__ import annotations

from games.samurai.data import FIGURE_NAMES, FIGURES, HAND_SIZE, TILES, Board
from games.samurai.mechanics import board_of, swap_sources
from games.samurai.notation import tile_name
from games.samurai.state import (
    Confirm,
    Drop,
    End,
    FigureSwap,
    Place,
    PlaceFigure,
    SamuraiState,
    Take,
    TileSwap,
)

PICK_ACTIONS = (Take, Drop, Confirm)
PLAY_ACTIONS = (Place, TileSwap, FigureSwap, End)
ONE_NORMAL = (
    "You already played your one tile without a Japanese character this turn; only fast "
    "tiles (ronin, ships, figure swap) may follow."
)


def explain_illegal(state: SamuraiState, seat: int, action: object) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` in ``state``."""
    if state.phase == "over":
        return "This game is over."
    if not state.active(seat):
        return "You have resigned from this game."
    if not isinstance(action, (*PICK_ACTIONS, PlaceFigure, *PLAY_ACTIONS)):
        return "That is not a Samurai action: play a tile from your hand on an empty hex."
    wrong_phase = _wrong_phase(state, seat, action)
    if wrong_phase:
        return wrong_phase
    if isinstance(action, PICK_ACTIONS):
        return _explain_pick(state, seat, action)
    if state.current != seat:
        return "It is not your turn."
    if isinstance(action, PlaceFigure):
        return _explain_figure(state, action)
    if isinstance(action, End):
        return "Play at least one tile before you end your turn."
    if isinstance(action, Place):
        return _explain_place(state, seat, action)
    if isinstance(action, TileSwap):
        return _explain_tile_swap(state, seat, action)
    assert isinstance(action, FigureSwap)
    return _explain_figure_swap(state, seat, action)


def _wrong_phase(state: SamuraiState, seat: int, action: object) -> str | None:
    if state.phase == "pick":
        if isinstance(action, PICK_ACTIONS):
            return None
        if state.ready[seat]:
            return "Wait until every player has confirmed a starting hand."
        return "First choose your five starting tiles and confirm them."
    if isinstance(action, PICK_ACTIONS):
        return "The starting hands have already been chosen."
    if state.phase == "placement" and not isinstance(action, PlaceFigure):
        return "The figures are still being placed: put a figure on a city or a village."
    if state.phase == "play" and isinstance(action, PlaceFigure):
        return "All figures are already on the board."
    return None


def _explain_pick(state: SamuraiState, seat: int, action: object) -> str:
    hand = state.hands[seat]
    if state.ready[seat]:
        return "You have already confirmed your starting hand."
    if isinstance(action, Confirm):
        return f"Choose exactly {HAND_SIZE} tiles first (you have {len(hand)})."
    if isinstance(action, Take):
        if action.tile not in TILES:
            return f"There is no tile {action.tile}."
        if len(hand) >= HAND_SIZE:
            return f"Your starting hand already holds {HAND_SIZE} tiles: put one back first."
        return f"You have no more {tile_name(action.tile)} tiles to take."
    assert isinstance(action, Drop)
    return f"{tile_name(action.tile)} is not in your starting hand."


def _explain_figure(state: SamuraiState, action: PlaceFigure) -> str:
    board = board_of(state)
    if action.figure not in FIGURES:
        return "Figures are H (helmet), B (Buddha) or R (rice field)."
    name = FIGURE_NAMES[action.figure]
    if state.supply[FIGURES.index(action.figure)] == 0:
        return f"No {name} figure is left in the supply."
    index = board.by_label.get(action.hex)
    if index is None or not board.hexes[index].is_settlement:
        return "Figures go only on cities and villages."
    h = board.hexes[index]
    if len(state.figures[index]) >= h.capacity:
        return f"{h.title} is already full."
    cities_open = any(len(state.figures[c]) < board.hexes[c].capacity for c in board.cities)
    if h.terrain == "village" and cities_open:
        return "Fill the cities first (two different figures each); villages come after."
    if action.figure in state.figures[index]:
        return f"{h.title} already holds a {name}: never two figures of one type on a settlement."
    return "That figure cannot go there now."


def _target_problem(board: Board, state: SamuraiState, label: str, placement: str) -> str | None:
    index = board.by_label.get(label)
    if index is None:
        return f"There is no hex {label} on this board."
    h = board.hexes[index]
    if h.is_settlement:
        return f"Tiles never go on a settlement ({h.title}), not even after it was emptied."
    if state.tiles[index] is not None:
        return f"{label} already holds a tile."
    if placement == "sea" and h.terrain != "sea":
        return "Ships go only on empty sea hexes."
    if placement == "land" and h.terrain == "sea":
        return f"{label} is sea: only ships go on sea hexes; this tile needs an empty land hex."
    return None


def _explain_place(state: SamuraiState, seat: int, action: Place) -> str:
    spec = TILES.get(action.tile)
    if spec is None:
        return f"There is no tile {action.tile}."
    if action.tile not in state.hands[seat]:
        return f"You have no {spec.name} in your hand."
    if spec.placement == "none":
        return "The figure swap is not placed: write FS and the two figures to exchange."
    if action.tile == "TS":
        return "The tile swap replaces one of your tiles: write TS, its hex and the new hex."
    if not spec.fast and state.normal_played:
        return ONE_NORMAL
    problem = _target_problem(board_of(state), state, action.hex, spec.placement)
    return problem or "That tile cannot go there now."


def _explain_tile_swap(state: SamuraiState, seat: int, action: TileSwap) -> str:
    board = board_of(state)
    if "TS" not in state.hands[seat]:
        return "You have no tile swap in your hand."
    if state.normal_played:
        return ONE_NORMAL
    source = board.by_label.get(action.source)
    if source is None:
        return f"There is no hex {action.source} on this board."
    tile = state.tiles[source]
    if tile is None:
        return f"{action.source} holds no tile to swap."
    if tile[0] != seat:
        return "The tile swap replaces only one of your own tiles, never another player's."
    if not TILES[tile[1]].replaceable:
        return (
            "The tile swap replaces only a tile without a Japanese character (caste or "
            "samurai), never a ship, the ronin or a tile swap."
        )
    if not swap_sources(board, state.tiles, seat):
        return "None of your tiles on the board can be swapped."
    problem = _target_problem(board, state, action.target, "land")
    return problem or "That tile swap is not possible now."


def _explain_figure_swap(state: SamuraiState, seat: int, action: FigureSwap) -> str:
    board = board_of(state)
    if "FS" not in state.hands[seat]:
        return "You have no figure swap in your hand."
    ends = []
    for figure, label in (action.first, action.second):
        index = board.by_label.get(label)
        if index is None or not board.hexes[index].is_settlement:
            return f"{label} is not a settlement."
        if figure not in FIGURES or figure not in state.figures[index]:
            name = FIGURE_NAMES.get(figure, figure)
            return f"There is no {name} on {board.hexes[index].title}."
        ends.append((figure, index))
    (f1, s1), (f2, s2) = ends
    if s1 == s2:
        return "The figure swap exchanges two figures in different settlements."
    if f1 == f2:
        return "Swapping two figures of the same type would change nothing."
    for figure, into in ((f1, s2), (f2, s1)):
        if figure in state.figures[into]:
            return (
                f"After the swap {board.hexes[into].title} would hold two "
                f"{FIGURE_NAMES[figure]} figures: a settlement never holds two of one type."
            )
    return "That figure swap is not possible now."
