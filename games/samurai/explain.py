"""Why an action is illegal, in the words of the rules (reference §3-§6)."""

from __future__ import annotations

from games.base import MALFORMED_ACTION, Reason, well_formed
from games.samurai import state as acts
from games.samurai.data import FIGURE_NAMES, FIGURES, HAND_SIZE, TILES, Board
from games.samurai.mechanics import board_of, swap_sources
from games.samurai.notation import tile_name
from games.samurai.state import SamuraiState

PICK_ACTIONS = (acts.Take, acts.Drop, acts.Confirm)
PLAY_ACTIONS = (acts.Place, acts.TileSwap, acts.FigureSwap, acts.End)
ONE_NORMAL = (
    "You already played your one tile without a Japanese character this turn; only fast "
    "tiles (ronin, ships, figure swap) may follow."
)


def explain_illegal(state: SamuraiState, seat: int, action: object) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` in ``state``."""
    if not well_formed(action):
        return MALFORMED_ACTION
    if state.phase == "over":
        return Reason("rules.common.game_over", "This game is over.")
    if not state.active(seat):
        return Reason("rules.common.resigned", "You have resigned from this game.")
    if not isinstance(action, (*PICK_ACTIONS, acts.PlaceFigure, *PLAY_ACTIONS)):
        return Reason(
            "samurai.rules.not_samurai_action_play_tile",
            "That is not a Samurai action: play a tile from your hand on an empty hex.",
        )
    wrong_phase = _wrong_phase(state, seat, action)
    if wrong_phase:
        return wrong_phase
    if isinstance(action, PICK_ACTIONS):
        return _explain_pick(state, seat, action)
    if state.current != seat:
        return Reason("rules.common.not_your_turn", "It is not your turn.")
    if isinstance(action, acts.PlaceFigure):
        return _explain_figure(state, action)
    if isinstance(action, acts.End):
        return Reason(
            "samurai.rules.play_at_least_one_tile",
            "Play at least one tile before you end your turn.",
        )
    if isinstance(action, acts.Place):
        return _explain_place(state, seat, action)
    if isinstance(action, acts.TileSwap):
        return _explain_tile_swap(state, seat, action)
    assert isinstance(action, acts.FigureSwap)
    return _explain_figure_swap(state, seat, action)


def _wrong_phase(state: SamuraiState, seat: int, action: object) -> str | None:
    if state.phase == "pick":
        if isinstance(action, PICK_ACTIONS):
            return None
        if state.ready[seat]:
            return Reason(
                "samurai.rules.wait_until_every_player_has",
                "Wait until every player has confirmed a starting hand.",
            )
        return Reason(
            "samurai.rules.first_choose_five_starting_tiles",
            "First choose your five starting tiles and confirm them.",
        )
    if isinstance(action, PICK_ACTIONS):
        return Reason(
            "samurai.rules.starting_hands_have_already_been",
            "The starting hands have already been chosen.",
        )
    if state.phase == "placement" and not isinstance(action, acts.PlaceFigure):
        return Reason(
            "samurai.rules.figures_are_still_being_placed",
            "The figures are still being placed: put a figure on a city or a village.",
        )
    if state.phase == "play" and isinstance(action, acts.PlaceFigure):
        return Reason(
            "samurai.rules.all_figures_are_already_board", "All figures are already on the board."
        )
    return None


def _explain_pick(state: SamuraiState, seat: int, action: object) -> str:
    hand = state.hands[seat]
    if state.ready[seat]:
        return Reason(
            "samurai.rules.have_already_confirmed_starting_hand",
            "You have already confirmed your starting hand.",
        )
    if isinstance(action, acts.Confirm):
        return Reason(
            "samurai.rules.choose_exactly_tiles_first_have",
            f"Choose exactly {HAND_SIZE} tiles first (you have {len(hand)}).",
            hand_size=HAND_SIZE,
            count=len(hand),
        )
    if isinstance(action, acts.Take):
        if action.tile not in TILES:
            return Reason(
                "samurai.rules.there_no_tile", f"There is no tile {action.tile}.", tile=action.tile
            )
        if len(hand) >= HAND_SIZE:
            return Reason(
                "samurai.rules.starting_hand_already_holds_tiles",
                f"Your starting hand already holds {HAND_SIZE} tiles: put one back first.",
                hand_size=HAND_SIZE,
            )
        return Reason(
            "samurai.rules.have_no_more_tiles_take",
            f"You have no more {tile_name(action.tile)} tiles to take.",
            tile=tile_name(action.tile),
        )
    assert isinstance(action, acts.Drop)
    return Reason(
        "samurai.rules.not_starting_hand",
        f"{tile_name(action.tile)} is not in your starting hand.",
        tile=tile_name(action.tile),
    )


def _explain_figure(state: SamuraiState, action: acts.PlaceFigure) -> str:
    board = board_of(state)
    if action.figure not in FIGURES:
        return Reason(
            "samurai.rules.figures_are_h_helmet_b",
            "Figures are H (helmet), B (Buddha) or R (rice field).",
        )
    name = FIGURE_NAMES[action.figure]
    if state.supply[FIGURES.index(action.figure)] == 0:
        return Reason(
            "samurai.rules.no_figure_left_supply",
            f"No {name} figure is left in the supply.",
            name=name,
        )
    index = board.by_label.get(action.hex)
    if index is None or not board.hexes[index].is_settlement:
        return Reason(
            "samurai.rules.figures_go_only_cities_villages",
            "Figures go only on cities and villages.",
        )
    h = board.hexes[index]
    if len(state.figures[index]) >= h.capacity:
        return Reason("samurai.rules.already_full", f"{h.title} is already full.", title=h.title)
    cities_open = any(len(state.figures[c]) < board.hexes[c].capacity for c in board.cities)
    if h.terrain == "village" and cities_open:
        return Reason(
            "samurai.rules.fill_cities_first_two_different",
            "Fill the cities first (two different figures each); villages come after.",
        )
    if action.figure in state.figures[index]:
        return Reason(
            "samurai.rules.already_holds_never_two_figures",
            f"{h.title} already holds a {name}: never two figures of one type on a settlement.",
            title=h.title,
            name=name,
        )
    return Reason("samurai.rules.figure_cannot_go_there_now", "That figure cannot go there now.")


def _target_problem(board: Board, state: SamuraiState, label: str, placement: str) -> str | None:
    index = board.by_label.get(label)
    if index is None:
        return Reason(
            "samurai.rules.there_no_hex_this_board",
            f"There is no hex {label} on this board.",
            label=label,
        )
    h = board.hexes[index]
    if h.is_settlement:
        return Reason(
            "samurai.rules.tiles_never_go_settlement_not",
            f"Tiles never go on a settlement ({h.title}), not even after it was emptied.",
            title=h.title,
        )
    if state.tiles[index] is not None:
        return Reason(
            "samurai.rules.already_holds_tile", f"{label} already holds a tile.", label=label
        )
    if placement == "sea" and h.terrain != "sea":
        return Reason("samurai.rules.ships_go_only_empty_sea", "Ships go only on empty sea hexes.")
    if placement == "land" and h.terrain == "sea":
        return Reason(
            "samurai.rules.sea_only_ships_go_sea",
            f"{label} is sea: only ships go on sea hexes; this tile needs an empty land hex.",
            label=label,
        )
    return None


def _explain_place(state: SamuraiState, seat: int, action: acts.Place) -> str:
    spec = TILES.get(action.tile)
    if spec is None:
        return Reason(
            "samurai.rules.there_no_tile", f"There is no tile {action.tile}.", tile=action.tile
        )
    if action.tile not in state.hands[seat]:
        return Reason(
            "samurai.rules.have_no_hand", f"You have no {spec.name} in your hand.", name=spec.name
        )
    if spec.placement == "none":
        return Reason(
            "samurai.rules.figure_swap_not_placed_write",
            "The figure swap is not placed: write FS and the two figures to exchange.",
        )
    if action.tile == "TS":
        return Reason(
            "samurai.rules.tile_swap_replaces_one_tiles",
            "The tile swap replaces one of your tiles: write TS, its hex and the new hex.",
        )
    if not spec.fast and state.normal_played:
        return ONE_NORMAL
    problem = _target_problem(board_of(state), state, action.hex, spec.placement)
    return problem or "That tile cannot go there now."


def _explain_tile_swap(state: SamuraiState, seat: int, action: acts.TileSwap) -> str:
    board = board_of(state)
    if "TS" not in state.hands[seat]:
        return Reason("samurai.rules.have_no_tile_swap_hand", "You have no tile swap in your hand.")
    if state.normal_played:
        return ONE_NORMAL
    source = board.by_label.get(action.source)
    if source is None:
        return Reason(
            "samurai.rules.there_no_hex_this_board_2",
            f"There is no hex {action.source} on this board.",
            source=action.source,
        )
    tile = state.tiles[source]
    if tile is None:
        return Reason(
            "samurai.rules.holds_no_tile_swap",
            f"{action.source} holds no tile to swap.",
            source=action.source,
        )
    if tile[0] != seat:
        return Reason(
            "samurai.rules.tile_swap_replaces_only_one",
            "The tile swap replaces only one of your own tiles, never another player's.",
        )
    if not TILES[tile[1]].replaceable:
        return Reason(
            "samurai.rules.tile_swap_replaces_only_tile",
            "The tile swap replaces only a tile without a Japanese character (caste or "
            "samurai), never a ship, the ronin or a tile swap.",
        )
    if not swap_sources(board, state.tiles, seat):
        return Reason(
            "samurai.rules.none_tiles_board_can_be",
            "None of your tiles on the board can be swapped.",
        )
    problem = _target_problem(board, state, action.target, "land")
    return problem or "That tile swap is not possible now."


def _explain_figure_swap(state: SamuraiState, seat: int, action: acts.FigureSwap) -> str:
    board = board_of(state)
    if "FS" not in state.hands[seat]:
        return Reason(
            "samurai.rules.have_no_figure_swap_hand", "You have no figure swap in your hand."
        )
    ends = []
    for figure, label in (action.first, action.second):
        end = _swap_end(state, figure, label)
        if isinstance(end, str):
            return end
        ends.append(end)
    (f1, s1), (f2, s2) = ends
    if s1 == s2:
        return Reason(
            "samurai.rules.figure_swap_exchanges_two_figures",
            "The figure swap exchanges two figures in different settlements.",
        )
    if f1 == f2:
        return Reason(
            "samurai.rules.swapping_two_figures_same_type",
            "Swapping two figures of the same type would change nothing.",
        )
    for figure, into in ((f1, s2), (f2, s1)):
        if figure in state.figures[into]:
            return Reason(
                "samurai.rules.after_swap_would_hold_two",
                f"After the swap {board.hexes[into].title} would hold two "
                f"{FIGURE_NAMES[figure]} figures: a settlement never holds two of one type.",
                title=board.hexes[into].title,
                figure_names=FIGURE_NAMES[figure],
            )
    return Reason(
        "samurai.rules.figure_swap_not_possible_now", "That figure swap is not possible now."
    )


def _swap_end(state: SamuraiState, figure: str, label: str) -> tuple[str, int] | Reason:
    """One end of a figure swap as (figure, settlement index), or why it is none."""
    board = board_of(state)
    index = board.by_label.get(label)
    if index is None or not board.hexes[index].is_settlement:
        return Reason("samurai.rules.not_settlement", f"{label} is not a settlement.", label=label)
    if figure not in FIGURES or figure not in state.figures[index]:
        name = FIGURE_NAMES.get(figure, figure)
        return Reason(
            "samurai.rules.there_no",
            f"There is no {name} on {board.hexes[index].title}.",
            name=name,
            title=board.hexes[index].title,
        )
    return figure, index
