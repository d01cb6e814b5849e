"""The game's own computer player (``Game.make_player``) against other players, for any
registered game: one seat plays the game's player, the others the opponent; the seat
rotates from game to game."""

from __future__ import annotations

import time
from typing import Any

from bench.configs import Config
from games import engine
from games.ai import RandomPlayer
from games.base import Player
from games.rng import derive_seed

STRENGTH = "normal"


def opponent(config: Config, name: str, seed: int, budget_s: float) -> Player:
    """``"random"``: uniformly random legal actions; any other name is a strength the
    game's ``make_player`` knows (``"easy"``, ``"normal"``, ``"hard"``)."""
    if name == "random":
        return RandomPlayer(seed)
    return config.game.make_player(name, seed, budget_s)


def win_rate(
    config: Config,
    *,
    against: str,
    games: int,
    budget_s: float,
    seed: int,
    max_actions: int = 400,
) -> dict[str, Any]:
    """``games`` games of the game's ``"normal"`` player against ``against`` in every other
    seat. ``wins`` counts games it won alone, ``draws`` games it shared first place (a
    drawn two-player game included, and a game cut at ``max_actions`` actions), ``losses``
    the rest. ``ms_per_move`` is the mean time of one of its moves."""
    game = config.game
    wins = draws = losses = 0
    moves, seconds, actions = 0, 0.0, 0
    for index in range(games):
        game_seed = derive_seed(seed, f"match{index}")
        me = index % config.players
        table = [
            game.make_player(STRENGTH, derive_seed(game_seed, "ai"), budget_s)
            if seat == me
            else opponent(config, against, derive_seed(game_seed, f"seat{seat}"), budget_s)
            for seat in range(config.players)
        ]
        state = config.setup(game_seed)
        played = 0
        while game.outcome(state) is None and played < max_actions:
            seat = min(game.to_act(state))
            started = time.perf_counter()
            action = table[seat].choose(game, state, seat)
            if seat == me:
                seconds += time.perf_counter() - started
                moves += 1
            state, _ = engine.act(game, state, seat, action)
            played += 1
        actions += played
        outcome = game.outcome(state)
        if outcome is not None and outcome.winners == frozenset({me}):
            wins += 1
        elif outcome is None or outcome.ranks[me] == 1:
            draws += 1
        else:
            losses += 1
    return {
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "rate": round(wins / games, 3) if games else 0.0,
        "ms_per_move": round(1000 * seconds / moves, 2) if moves else 0.0,
        "mean_actions": round(actions / games, 1) if games else 0.0,
    }
