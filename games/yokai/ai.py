"""Computer players for Yōkai no Mori (they satisfy :class:`games.ai.Player`).

* :class:`AlphaBetaPlayer`: the search of :mod:`games.yokai.search` under a time budget;
  ties among equally good moves are broken by a seeded :class:`games.rng.Rng`, so repeated
  games differ while a given seed replays the same choices (fully reproducible when the
  search is bounded by ``max_depth``/``max_nodes`` only, ``budget_s=None``).
* :class:`GreedyPlayer`: one ply, the best static evaluation after the move.
* :func:`make_player` picks one by strength; :func:`win_rate` measures one against another.

The time budget reads the clock (``time.perf_counter``); the rules engine itself never does.
"""

from __future__ import annotations

import time
from typing import Any

from games.ai import Player, RandomPlayer
from games.base import Action, Game
from games.rng import Rng, derive_seed
from games.yokai.search import MATE, Searcher, evaluate, key_hash
from games.yokai.state import YokaiAction, YokaiState, decode, to_position

STRENGTHS = ("random", "greedy", "easy", "normal", "hard")


class AlphaBetaPlayer:
    """Iterative-deepening negamax with a transposition table, within ``budget_s`` seconds."""

    name = "alphabeta"

    def __init__(
        self,
        budget_s: float | None = 1.0,
        max_depth: int = 32,
        seed: int = 0,
        max_nodes: int | None = None,
    ) -> None:
        self.budget_s = budget_s
        self.max_depth = max_depth
        self.max_nodes = max_nodes
        self.rng = Rng(seed)
        self.hashes: dict[str, int] = {}  # repetition key -> Zobrist hash, across moves
        self.last_depth = 0
        self.last_score = 0
        self.last_nodes = 0

    def choose(self, game: Game, state: YokaiState, seat: int) -> YokaiAction:
        """The best action found for ``seat`` (which must be the side to move)."""
        if state.result is not None or seat != state.to_move:
            raise ValueError("no legal action to choose from")
        geo = state.geometry
        seen = [self._hash(state, key) for key in state.history[:-1]]
        searcher = Searcher(
            to_position(state), seen, self.rng, self.budget_s, self.max_depth, self.max_nodes
        )
        moves, score = searcher.best_moves()
        if not moves:
            raise ValueError("no legal action to choose from")
        self.last_depth, self.last_score = searcher.depth_reached, score
        self.last_nodes = searcher.nodes
        return decode(geo, self.rng.choice(moves))

    def _hash(self, state: YokaiState, key: str) -> int:
        value = self.hashes.get(key)
        if value is None:
            value = self.hashes[key] = key_hash(state.geometry, key)
        return value


class GreedyPlayer:
    """One ply: the action after which the static evaluation is best (random among equals)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, state: YokaiState, seat: int) -> YokaiAction:
        """The legal action with the best static evaluation for ``seat`` after it."""
        if state.result is not None or seat != state.to_move:
            raise ValueError("no legal action to choose from")
        pos = to_position(state)
        best, ties = -2 * MATE, []
        for m in pos.legal_moves():
            captured = pos.make(m)
            end = pos.terminal()
            score = -evaluate(pos) if end is None else MATE if end.winner == seat else -MATE
            pos.unmake(m, captured)
            if score > best:
                best, ties = score, [m]
            elif score == best:
                ties.append(m)
        return decode(state.geometry, self.rng.choice(ties))


def make_player(strength: str = "normal", seed: int = 0, budget_s: float | None = None) -> Player:
    """A computer player: ``random``, ``greedy`` (one ply), ``easy`` (a two-ply search),
    ``normal`` (1 s per move) or ``hard`` (3 s per move); ``budget_s`` overrides the time."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "greedy":
        return GreedyPlayer(seed)
    budgets = {"easy": 0.3, "normal": 1.0, "hard": 3.0}
    if strength not in budgets:
        raise ValueError(f"unknown strength {strength!r} (known: {', '.join(STRENGTHS)})")
    budget = budgets[strength] if budget_s is None else budget_s
    depth = 2 if strength == "easy" else 32
    return AlphaBetaPlayer(budget_s=budget, max_depth=depth, seed=seed)


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
    from games.yokai.rules import GAME

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
                action = ai.choose(GAME, state, seat)
                ai_seconds += time.perf_counter() - started
                ai_moves += 1
                depth_total += ai.last_depth
            else:
                action = other.choose(GAME, state, seat)
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
