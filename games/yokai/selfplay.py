"""Self-play figures for yokai's computer player (tests and the benchmark)."""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from games.ai import choose_for
from games.base import Action, Player
from games.rng import derive_seed
from games.yokai.ai import AlphaBetaPlayer, make_player
from games.yokai.rules import GAME


@dataclass
class _Tally:
    """The alpha-beta player's side of a run of games."""

    wins: int = 0
    draws: int = 0
    losses: int = 0
    moves: int = 0
    seconds: float = 0.0
    depth: int = 0
    plies: int = 0


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
    tally = _Tally()
    for index in range(games):
        ai = AlphaBetaPlayer(budget_s, max_depth, derive_seed(seed, f"ai-{index}"))
        other = make_player(opponent, derive_seed(seed, f"opponent-{index}"))
        state = GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, seed)
        _play(tally, state, ai, other, index % 2, max_plies)
    moves = max(tally.moves, 1)
    return {
        "opponent": opponent,
        "variant": variant,
        "games": games,
        "wins": tally.wins,
        "draws": tally.draws,
        "losses": tally.losses,
        "ms_per_move": 1000 * tally.seconds / moves,
        "mean_depth": tally.depth / moves,
        "mean_plies": tally.plies / max(games, 1),
    }


def _play(
    tally: _Tally, state: Any, ai: AlphaBetaPlayer, other: Player, ai_seat: int, max_plies: int
) -> None:
    """One game from ``state``, counted into ``tally`` from ``ai_seat``'s side."""
    while GAME.outcome(state) is None and state.ply < max_plies:
        seat = state.to_move
        action: Action
        if seat == ai_seat:
            started = time.perf_counter()
            action = choose_for(ai, GAME, state, seat)
            tally.seconds += time.perf_counter() - started
            tally.moves += 1
            tally.depth += ai.last_depth
        else:
            action = choose_for(other, GAME, state, seat)
        state, _ = GAME.apply(state, seat, action)
    tally.plies += state.ply
    outcome = GAME.outcome(state)
    if outcome is None or outcome.is_draw:
        tally.draws += 1
    elif ai_seat in outcome.winners:
        tally.wins += 1
    else:
        tally.losses += 1
