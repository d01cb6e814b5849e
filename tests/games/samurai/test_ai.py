"""The greedy Samurai player: legal choices, and it beats random play."""

from __future__ import annotations

from games.ai import Player, choose_for
from games.base import resolve_options
from games.samurai import GAME
from games.samurai.ai import GreedyPlayer, make_player, play_game
from games.samurai.selfplay import win_rate


def test_make_player_returns_players_that_choose_legal_actions() -> None:
    for strength in ("normal", "random"):
        player: Player = make_player(strength, seed=3)
        state = GAME.setup(3, resolve_options(GAME, {}), 3)
        for _ in range(60):
            if GAME.outcome(state) is not None:
                break
            seat = min(GAME.to_act(state))
            action = choose_for(player, GAME, state, seat)
            assert action in GAME.legal(state, seat)
            state, _ = GAME.apply(state, seat, action)


def test_greedy_picks_its_opening_and_plays_whole_games() -> None:
    players: list[Player] = [GreedyPlayer(s) for s in range(2)]
    state = play_game(GAME, players, 12, {})
    assert GAME.outcome(state) is not None
    assert state.turn > 4


def test_greedy_beats_three_random_players() -> None:
    result = win_rate(12, seed=2024)
    assert result["games"] == 12
    assert result["sole_wins"] >= 10, result
