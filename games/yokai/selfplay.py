"""Self-play figures for yokai's computer player (tests and the benchmark)."""

from __future__ import annotations

import time
from typing import Any

from games.ai import choose_for
from games.base import Action
from games.rng import derive_seed
from games.yokai.ai import AlphaBetaPlayer, make_player
from games.yokai.rules import GAME


def win_rate(
    opponent: str,
    games: int,
    budget_s: float | None,
    seed: int,
    variant: str,
    max_plies: int = 300,
    max_depth: int = 32,
) -> dict[str, Any]:
    """Play ``games`` games of the alpha-beta player against ``opponent`` (a strength name).

    The alpha-beta player moves first in even games and second in odd ones. A game still
    running after ``max_plies`` actions counts as a draw. With ``budget_s=None`` the search
    stops at ``max_depth`` only, which makes the whole run reproducible. Returns the counts
    (``wins``, ``draws``, ``losses`` from the alpha-beta player's side), ``games``,
    ``ms_per_move`` (mean time of an alpha-beta move), ``mean_depth`` and ``mean_plies``.
    """
    wins = draws = losses = 0
    ai_moves, ai_seconds, depth_total, plies = 0, 0.0, 0, 0
    for index in range(games):
        ai = AlphaBetaPlayer(budget_s, max_depth, derive_seed(seed, f"ai-{index}"))
        other = make_player(opponent, derive_seed(seed, f"opponent-{index}"))
        ai_seat = index % 2
        state = GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, seed)
        while GAME.outcome(state) is None and state.ply < max_plies:
            seat = state.to_move
            action: Action
            if seat == ai_seat:
                started = time.perf_counter()
                action = choose_for(ai, GAME, state, seat)
                ai_seconds += time.perf_counter() - started
                ai_moves += 1
                depth_total += ai.last_depth
            else:
                action = choose_for(other, GAME, state, seat)
            state, _ = GAME.apply(state, seat, action)
        plies += state.ply
        outcome = GAME.outcome(state)
        if outcome is None or outcome.is_draw:
            draws += 1
        elif ai_seat in outcome.winners:
            wins += 1
        else:
            losses += 1
    return {
        "opponent": opponent,
        "variant": variant,
        "games": games,
        "wins": wins,
        "draws": draws,
        "losses": losses,
        "ms_per_move": 1000 * ai_seconds / max(ai_moves, 1),
        "mean_depth": depth_total / max(ai_moves, 1),
        "mean_plies": plies / max(games, 1),
    }
