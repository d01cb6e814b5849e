"""Computer players: they find wins, obey the rules, replay from a seed, beat random play."""

from __future__ import annotations

import pytest

from games.ai import RandomPlayer, choose_for
from games.yokai import GAME, End
from games.yokai.ai import AlphaBetaPlayer, GreedyPlayer, make_player
from games.yokai.selfplay import win_rate
from games.yokai.state import YokaiState
from tests.games.yokai.helpers import make_state, play

EMPTY = ". . . . ."
# Seat 0 mates with the kirin drop on a5 (a kodama drop there would be an illegal drop mate).
MATE_IN_ONE = ["k d . . .", EMPTY, ". I . . .", EMPTY, EMPTY, ". . . . K"]


def test_alpha_beta_finds_a_mate_in_one_in_5x6() -> None:
    state = make_state("5x6", MATE_IN_ONE, ("DI", ""))
    action = choose_for(AlphaBetaPlayer(budget_s=0.5, seed=3), GAME, state, 0)
    outcome = GAME.outcome(GAME.apply(state, 0, action)[0])
    assert outcome is not None
    assert outcome.termination == End.CHECKMATE and outcome.winners == frozenset({0})


def test_alpha_beta_catches_the_koropokkuru_in_3x4() -> None:
    state = make_state("3x4", [". k .", ". T .", "F . .", "K . ."], ("", "D"))
    action = choose_for(AlphaBetaPlayer(budget_s=0.2, seed=1), GAME, state, 0)
    assert GAME.notation(state, action) == "b3b4"


def test_alpha_beta_makes_a_safe_try_in_3x4() -> None:
    state = make_state("3x4", [". . f", "K . .", ". . k", ". . ."], ("D", ""))
    action = choose_for(AlphaBetaPlayer(budget_s=0.2, seed=1), GAME, state, 0)
    outcome = GAME.outcome(GAME.apply(state, 0, action)[0])
    assert outcome is not None
    assert outcome.termination == End.TRY and outcome.winners == frozenset({0})


def test_alpha_beta_wins_material_in_5x6() -> None:
    """A hanging kirin is taken (the search sees it is not defended)."""
    rows = [". . k . .", EMPTY, ". i . . .", ". O . . .", EMPTY, ". . K . ."]
    state = make_state("5x6", rows)
    action = choose_for(AlphaBetaPlayer(budget_s=0.3, seed=1), GAME, state, 0)
    assert GAME.notation(state, action) in ("b3b4", "b3b4+")


def test_greedy_player_takes_the_koropokkuru() -> None:
    state = make_state("3x4", [". k .", ". T .", "F . .", "K . ."])
    assert GAME.notation(state, choose_for(GreedyPlayer(5), GAME, state, 0)) == "b3b4"


def test_search_is_reproducible_from_a_seed_without_a_clock() -> None:
    def game_moves(seed: int) -> list[str]:
        ai, other = AlphaBetaPlayer(budget_s=None, max_depth=3, seed=seed), RandomPlayer(seed)
        state: YokaiState = GAME.setup(2, {"variant": "3x4", "perpetual_check_loses": False}, 0)
        moves = []
        while GAME.outcome(state) is None and state.ply < 40:
            player = ai if state.to_move == 0 else other
            action = choose_for(player, GAME, state, state.to_move)
            moves.append(GAME.notation(state, action))
            state = GAME.apply(state, state.to_move, action)[0]
        return moves

    assert game_moves(7) == game_moves(7)
    assert len({tuple(game_moves(seed)) for seed in range(6)}) > 1


def test_alpha_beta_beats_random_play() -> None:
    # Depth-limited, no clock: the same games on any machine.
    result = win_rate("random", games=10, budget_s=None, seed=11, variant="3x4", max_depth=3)
    assert (result["wins"], result["games"]) == (10, 10)
    assert 0 < result["mean_depth"] <= 3


def test_alpha_beta_beats_greedy_play() -> None:
    result = win_rate("greedy", games=6, budget_s=None, seed=5, variant="3x4", max_depth=4)
    assert result["wins"] == 6


def test_alpha_beta_beats_random_play_in_5x6() -> None:
    result = win_rate("random", games=2, budget_s=None, seed=3, variant="5x6", max_depth=2)
    assert result["wins"] == 2


def test_win_rate_with_a_time_budget() -> None:
    result = win_rate("random", games=2, budget_s=0.02, seed=1, variant="3x4")
    assert result["wins"] + result["draws"] + result["losses"] == 2
    assert 0 < result["ms_per_move"] < 500


def test_ai_plays_legal_moves_in_5x6() -> None:
    state = play(GAME.setup(2, {"variant": "5x6", "perpetual_check_loses": False}, 0), "c3c4")
    action = choose_for(make_player("easy", seed=2), GAME, state, 1)
    assert action in GAME.legal(state, 1)


def test_make_player() -> None:
    assert isinstance(make_player("random"), RandomPlayer)
    assert isinstance(make_player("greedy"), GreedyPlayer)
    normal, hard = make_player("normal", seed=4), make_player("hard", seed=4)
    assert isinstance(normal, AlphaBetaPlayer) and isinstance(hard, AlphaBetaPlayer)
    assert normal.max_nodes is not None and hard.max_nodes is not None
    assert hard.max_nodes >= 1.5 * normal.max_nodes  # hard searches deeper, by a node count
    fast = make_player("hard", budget_s=0.1)
    assert isinstance(fast, AlphaBetaPlayer) and fast.budget_s == 0.1
    with pytest.raises(ValueError, match="unknown strength"):
        make_player("grandmaster")
