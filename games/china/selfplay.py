"""Self-play figures for china's computer player (tests and the benchmark)."""

from __future__ import annotations

from typing import Any

from games.ai import Player, RandomPlayer
from games.china import GAME
from games.china.ai import make_player, play_game
from games.rng import derive_seed


def win_rate(games: int, seed: int) -> dict[str, Any]:
    """Greedy against three random players in ``games`` four-player games, the greedy
    seat rotating. A shared first place counts as a win (and is reported separately)."""
    wins = shared = 0
    margin = 0.0
    for g in range(games):
        game_seed = derive_seed(seed, f"china.bench.{g}")
        me = g % 4
        players: list[Player] = [RandomPlayer(derive_seed(game_seed, f"r{s}")) for s in range(4)]
        players[me] = make_player("normal", game_seed)
        outcome = play_game(GAME, players, game_seed)
        if me in outcome.winners:
            wins += 1
            shared += len(outcome.winners) > 1
        others = max(s for i, s in enumerate(outcome.scores) if i != me)
        margin += outcome.scores[me] - others
    return {
        "games": games,
        "wins": wins,
        "shared_wins": shared,
        "rate": wins / games if games else 0.0,
        "mean_margin": margin / games if games else 0.0,
    }
