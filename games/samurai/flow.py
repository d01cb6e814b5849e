"""Phase transitions: end of the pick, figure placement, turn order, forced passes."""

from __future__ import annotations

from dataclasses import replace

from games.base import Event
from games.rng import Rng, derive_seed
from games.samurai.data import FIGURES, PLAYER_TILES, sort_tiles
from games.samurai.mechanics import board_of, has_play
from games.samurai.state import SamuraiState


def next_active(state: SamuraiState, after: int) -> int | None:
    """The first seat after ``after`` (cyclically, ``after`` itself last) still in the game."""
    n = state.players
    for step in range(1, n + 1):
        seat = (after + step) % n
        if state.active(seat):
            return seat
    return None


def placement_options(state: SamuraiState) -> list[tuple[str, int]]:
    """Legal ``(figure, hex)`` placements: cities first (two different types), then villages."""
    board = board_of(state)
    figures = state.figures
    open_cities = [c for c in board.cities if len(figures[c]) < board.hexes[c].capacity]
    options: list[tuple[str, int]] = []
    for i, letter in enumerate(FIGURES):
        if state.supply[i] == 0:
            continue
        if open_cities:
            targets = [c for c in open_cities if letter not in figures[c]]
        else:
            targets = [v for v in board.villages if not figures[v]]
        options.extend((letter, t) for t in targets)
    return options


def put_figure(state: SamuraiState, letter: str, target: int) -> SamuraiState:
    """``state`` with one figure moved from the supply to ``target``."""
    figures = list(state.figures)
    figures[target] = "".join(f for f in FIGURES if f in figures[target] or f == letter)
    supply = list(state.supply)
    supply[FIGURES.index(letter)] -= 1
    return replace(state, figures=tuple(figures), supply=(supply[0], supply[1], supply[2]))


def after_placement(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """Next placer, or the first turn once the supply is empty."""
    if sum(state.supply) == 0:
        return begin_play(state, events)
    nxt = next_active(state, state.current)
    return replace(state, current=state.current if nxt is None else nxt)


def _random_placement(state: SamuraiState) -> SamuraiState:
    # Who would have placed each figure does not matter: the draws are uniform over the
    # legal placements, so the rule "cities first, never two of a type" still holds.
    rng = Rng(derive_seed(state.seed, "placement"))
    while sum(state.supply):
        letter, target = rng.choice(placement_options(state))
        state = put_figure(state, letter, target)
    return state


def start_placement(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """After the pick: place figures (by hand, or at random with ``random_placement``)."""
    first = next_active(state, -1)
    state = replace(state, phase="placement", current=0 if first is None else first)
    if state.options.get("random_placement"):
        state = _random_placement(state)
        events.append(Event("samurai.figures_placed", {"random": True}))
        return begin_play(state, events)
    return state


def deal_random(state: SamuraiState) -> SamuraiState:
    """Option ``random_opening``: five random tiles in hand, the other fifteen in the pile."""
    hands, piles = [], []
    for seat in range(state.players):
        order = Rng(derive_seed(state.seed, f"opening/{seat}")).shuffled(PLAYER_TILES)
        hands.append(sort_tiles(order[:5]))
        piles.append(tuple(order[5:]))
    return replace(state, hands=tuple(hands), piles=tuple(piles), ready=(True,) * state.players)


def finish_pick(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """Every seat confirmed: shuffle each remaining fifteen into its pile, then place figures."""
    piles = list(state.piles)
    for seat in range(state.players):
        if not state.active(seat):
            continue
        rest = list(PLAYER_TILES)
        for code in state.hands[seat]:
            rest.remove(code)
        piles[seat] = tuple(Rng(derive_seed(state.seed, f"pile/{seat}")).shuffled(rest))
    events.append(Event("samurai.pick_done", {}))
    return start_placement(replace(state, piles=tuple(piles)), events)


def begin_play(state: SamuraiState, events: list[Event]) -> SamuraiState:
    """The first turn goes to the first seat still in the game (seat 0 normally)."""
    return advance_turn(replace(state, phase="play", turn=0), -1, events)


def advance_turn(state: SamuraiState, after: int, events: list[Event]) -> SamuraiState:
    """Give the turn to the next seat after ``after`` that can play; others pass (§7 [G]).

    If no seat still in the game can play a tile, the game ends and is scored as it stands.
    """
    seat = after
    for _ in range(state.players):
        nxt = next_active(state, seat)
        if nxt is None:
            break
        seat = nxt
        if has_play(state, seat):
            events.append(Event("samurai.turn", {"turn": state.turn + 1}, seat))
            return replace(
                state,
                current=seat,
                turn=state.turn + 1,
                turn_steps=(),
                turn_hexes=(),
                normal_played=False,
            )
        events.append(Event("samurai.pass", {}, seat))
    events.append(Event("samurai.end", {"reason": "blocked"}))
    return replace(state, phase="over", end_reason="blocked")
