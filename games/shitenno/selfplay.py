"""Self-play: the heuristic player against random players (a test and the bench use it)."""

from __future__ import annotations

from games import engine
from games.ai import Player, RandomPlayer, choose_for
from games.rng import derive_seed
from games.shitenno.ai import HeuristicPlayer
from games.shitenno.game import GAME


def win_rate(games_played: int, seed: int = 0, players: int = 4) -> int:
    """Games the heuristic player (seat varying) wins against random players."""
    wins = 0
    for g in range(games_played):
        s = derive_seed(seed, f"game{g}")
        me = g % players
        bots: list[Player] = [RandomPlayer(derive_seed(s, f"r{q}")) for q in range(players)]
        bots[me] = HeuristicPlayer(s)
        state = GAME.setup(players, {}, s)
        while GAME.outcome(state) is None:
            seat = min(GAME.to_act(state))
            state, _ = engine.act(GAME, state, seat, choose_for(bots[seat], GAME, state, seat))
        outcome = GAME.outcome(state)
        assert outcome is not None
        wins += me in outcome.winners
    return wins
