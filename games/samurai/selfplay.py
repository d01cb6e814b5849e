"""Self-play figures for samurai's computer player (tests and the benchmark)."""

from __future__ import annotations

from games.ai import Player, RandomPlayer
from games.rng import derive_seed
from games.samurai.ai import GreedyPlayer, play_game
from games.samurai.game import GAME


def win_rate(games: int, seed: int, players: int = 4) -> dict[str, float]:
    """Play ``games`` games of 1 greedy player (rotating through the seats) against random
    players; ``sole_wins`` counts games the greedy player won alone, ``shared_wins`` games
    it shared first place; ``rate`` is sole wins / games."""
    sole = shared = 0
    for g in range(games):
        game_seed = derive_seed(seed, f"game/{g}")
        greedy = g % players
        table: list[Player] = [
            GreedyPlayer(game_seed) if s == greedy else RandomPlayer(game_seed + s)
            for s in range(players)
        ]
        outcome = GAME.outcome(play_game(GAME, table, game_seed, {}))
        assert outcome is not None
        if outcome.winners == frozenset((greedy,)):
            sole += 1
        elif greedy in outcome.winners:
            shared += 1
    return {
        "games": float(games),
        "sole_wins": float(sole),
        "shared_wins": float(shared),
        "rate": sole / games if games else 0.0,
    }
