"""The start of a game: the secret pick, figure placement, options and resignation (§3)."""

from __future__ import annotations

from collections import Counter

import pytest

from games import engine
from games.base import GameError, NotYourTurn, Termination, resolve_options
from games.samurai import GAME, Confirm, Drop, PlaceFigure, Take
from games.samurai.data import PLAYER_TILES, board_for
from games.samurai.picking import pick_steps
from tests.games.samurai.positions import kinds, play

OPENING = ("take H4", "take B4", "take R4", "take S3", "take N1")


def _new(players: int, **options: object) -> object:
    return GAME.setup(players, resolve_options(GAME, options), 42)


@pytest.mark.parametrize(("players", "supply"), [(2, 6), (3, 9), (4, 12)])
def test_setup_puts_one_figure_of_each_type_on_edo_and_starts_the_pick(
    players: int, supply: int
) -> None:
    state = GAME.setup(players, resolve_options(GAME, {}), 1)
    board = board_for(players)
    assert state.figures[board.capital] == "HBR"
    assert state.supply == (supply, supply, supply)
    assert state.phase == "pick" and GAME.to_act(state) == frozenset(range(players))
    assert sum(h.capacity for h in board.hexes) == 3 * board.figures_per_type


def test_the_pick_is_secret_and_simultaneous_and_a_confirmed_hand_is_final() -> None:
    state = GAME.setup(2, resolve_options(GAME, {}), 3)
    state, events = play(state, 1, *OPENING)
    assert all(e.audience == frozenset((1,)) for e in kinds(events, "samurai.take"))
    assert GAME.legal(state, 1)[0] == Confirm()
    assert not any(isinstance(a, Take) for a in GAME.legal(state, 1))
    assert "already holds 5" in GAME.explain_illegal(state, 1, Take("W2"))
    state, _ = play(state, 1, "drop N1", "take W2", "confirm")
    assert GAME.to_act(state) == {0} and GAME.view(state, 1).confirmed
    assert GAME.view(state, 0).seats[1].ready and GAME.view(state, 0).seats[1].hand_count is None
    with pytest.raises(NotYourTurn):
        engine.act(GAME, state, 1, Drop("W2"))
    assert (
        "wait until every player" in GAME.explain_illegal(state, 1, PlaceFigure("H", "L16")).lower()
    )
    state, events = play(state, 0, "take S1", "take S1", "take S2", "take S2", "take FS")
    assert Take("S1") not in GAME.legal(state, 0)
    assert "confirmed" not in GAME.explain_illegal(state, 0, PlaceFigure("H", "L16"))
    state, events = play(state, 0, "confirm")
    assert state.phase == "placement" and kinds(events, "samurai.pick_done")
    assert state.hands == (("S1", "S1", "S2", "S2", "FS"), ("H4", "B4", "R4", "S3", "W2"))
    for seat in (0, 1):
        assert Counter(state.hands[seat] + state.piles[seat]) == Counter(PLAYER_TILES)
        assert len(state.piles[seat]) == 15


def test_piles_are_shuffled_from_the_seed_and_recorded_in_the_state() -> None:
    def piles(seed: int) -> tuple[tuple[str, ...], ...]:
        state = GAME.setup(2, resolve_options(GAME, {}), seed)
        state, _ = play(state, 0, *OPENING, "confirm")
        state, _ = play(state, 1, *OPENING, "confirm")
        return state.piles

    assert piles(5) == piles(5) and piles(5) != piles(6)
    assert piles(5)[0] != piles(5)[1]


def test_random_opening_deals_five_and_goes_to_figure_placement() -> None:
    state = GAME.setup(3, resolve_options(GAME, {"random_opening": True}), 8)
    assert state.phase == "placement" and GAME.to_act(state) == {0}
    assert all(len(h) == 5 and len(p) == 15 for h, p in zip(state.hands, state.piles, strict=True))
    assert "already been chosen" in GAME.explain_illegal(state, 0, Take("H2"))


def test_figure_placement_fills_cities_first_then_villages_in_the_same_rotation() -> None:
    state = GAME.setup(3, resolve_options(GAME, {"random_opening": True}), 8)
    board = board_for(3)
    cities = {board.hexes[c].label for c in board.cities}
    assert {a.hex for a in GAME.legal(state, 0)} == cities
    state, _ = play(state, 0, "helmet kyoto")
    assert PlaceFigure("H", "L16") not in GAME.legal(state, 1)
    assert "never two figures" in GAME.explain_illegal(state, 1, PlaceFigure("H", "L16"))
    assert "cities first" in GAME.explain_illegal(state, 1, PlaceFigure("R", "L14"))
    state, _ = play(state, 1, "B@L16")
    state, _ = play(state, 2, "H@O10")
    state, _ = play(state, 0, "R@O10")
    assert GAME.to_act(state) == {1}  # the rotation goes on into the villages
    assert {a.hex for a in GAME.legal(state, 1)} == {board.hexes[v].label for v in board.villages}
    seat = 1
    while state.phase == "placement":
        state, _ = engine.act(GAME, state, seat, GAME.legal(state, seat)[0])
        seat = (seat + 1) % 3
    assert state.phase == "play" and GAME.to_act(state) == {0} and state.turn == 1
    assert state.supply == (0, 0, 0)
    assert all(len(state.figures[s]) == board.hexes[s].capacity for s in board.settlements)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_placement_obeys_the_placement_rule(players: int) -> None:
    state = GAME.setup(players, {"random_opening": True, "random_placement": True}, 99)
    board = board_for(players)
    assert state.phase == "play" and state.supply == (0, 0, 0)
    for s in board.settlements:
        figures = state.figures[s]
        assert len(figures) == board.hexes[s].capacity and len(set(figures)) == len(figures)
    totals = Counter("".join(state.figures))
    assert totals == {f: board.figures_per_type for f in "HBR"}


def test_resigning_in_a_two_player_game_hands_the_win_to_the_other_player() -> None:
    state = GAME.setup(2, resolve_options(GAME, {}), 4)
    state, events = engine.resign(GAME, state, 0)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination is Termination.RESIGNATION
    assert outcome.winners == {1} and outcome.ranks == (2, 1)
    assert kinds(events, "samurai.resign")[0].seat == 0
    with pytest.raises(GameError):
        engine.resign(GAME, state, 1)


def test_a_resigned_player_is_skipped_and_its_tiles_lose_their_influence() -> None:
    state = GAME.setup(3, {"random_opening": True, "random_placement": True}, 6)
    state, _ = engine.resign(GAME, state, 0)  # resigns during its own turn
    assert GAME.outcome(state) is None and GAME.to_act(state) == {1}
    with pytest.raises(GameError, match="already resigned"):
        GAME.resign(state, 0)
    assert "resigned" in GAME.explain_illegal(state, 0, Confirm())
    assert GAME.view(state, None).seats[0].resigned


def test_a_resignation_during_the_pick_can_complete_it() -> None:
    state = GAME.setup(3, resolve_options(GAME, {}), 6)
    state, _ = play(state, 0, *OPENING, "confirm")
    state, _ = play(state, 1, *OPENING, "confirm")
    state, events = engine.resign(GAME, state, 2)
    assert state.phase == "placement" and kinds(events, "samurai.pick_done")
    assert state.piles[2] == ()


def test_bad_player_counts_and_options_are_friendly_errors() -> None:
    with pytest.raises(GameError):
        GAME.setup(5, resolve_options(GAME, {}), 0)
    with pytest.raises(GameError):
        resolve_options(GAME, {"zero_influence": "maybe"})
    assert GAME.key == "samurai" and GAME.seats == (2, 3, 4) and GAME.hidden_information
    names = {o.name for o in GAME.options}
    assert {"random_opening", "random_placement", "public_captures"} <= names


def test_pick_steps_turn_a_whole_hand_into_take_and_drop_steps() -> None:
    state = GAME.setup(2, resolve_options(GAME, {}), 9)
    state, _ = play(state, 0, "take S1", "take S1", "take H2")
    steps = pick_steps(state, 0, "pick S1 H4 b4 rice 4 S3")
    assert [GAME.notation(state, a) for a in steps] == [
        "drop H2", "drop S1", "take H4", "take B4", "take R4", "take S3", "confirm"
    ]  # fmt: skip
    for action in steps:
        state, _ = engine.act(GAME, state, 0, action)
    assert state.ready[0] and state.hands[0] == ("H4", "B4", "R4", "S1", "S3")
    with pytest.raises(GameError, match="exactly 5"):
        pick_steps(state, 1, "pick H2 H3")
    with pytest.raises(GameError, match="only 2"):
        pick_steps(state, 1, "pick S1 S1 S1 H2 H3")
