"""The greedy player."""

from __future__ import annotations

from games.ai import choose_for
from games.base import resolve_options
from games.china import GAME
from games.china.ai import GreedyPlayer, make_player
from games.china.selfplay import win_rate
from tests.games.china.helpers import ALEX, BARBARA, place, position


def test_greedy_player_beats_random_players() -> None:
    result = win_rate(16, seed=3)
    assert result["games"] == 16
    assert result["wins"] >= 14, result


def test_greedy_player_completes_a_region_it_dominates() -> None:
    houses = dict.fromkeys(["WEI1", "WEI2", "WEI3", "WEI4", "WEI5"], ALEX)
    state = position(houses=houses | {"QIN2": BARBARA}, hands={ALEX: "RRP"})
    choice = choose_for(make_player("normal", 1), GAME, state, ALEX)
    assert choice == place("RR", "wei", "WEI6", "WEI7")


def test_greedy_player_joins_an_alliance_it_can_win() -> None:
    state = position(
        houses={"WEI1": ALEX, "QIN2": BARBARA},
        emissaries={"wei": [1, 0, 0, 0]},
        hands={ALEX: "YGO"},
    )
    choice = choose_for(make_player("normal", 1), GAME, state, ALEX)
    assert choice == place("Y", "qin", "E")


def test_players_only_choose_legal_actions() -> None:
    state = GAME.setup(5, resolve_options(GAME, {"fortifications": True}), 8)
    players = [
        make_player(s, i) for i, s in enumerate(["normal", "easy", "random", "normal", "easy"])
    ]
    steps = 0
    while GAME.outcome(state) is None and steps < 200:
        seat = state.current
        action = choose_for(players[seat], GAME, state, seat)
        assert action in GAME.legal(state, seat)
        state, _ = GAME.apply(state, seat, action)
        steps += 1
    assert steps > 50
    assert isinstance(players[0], GreedyPlayer) and players[0].name == "china-greedy"
