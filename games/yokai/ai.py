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

from games.ai import Player, RandomPlayer, Seen
from games.rng import Rng
from games.search import NET_S
from games.yokai.search import MATE, Searcher, evaluate, key_hash
from games.yokai.state import YokaiAction, YokaiState, decode, to_position

STRENGTHS = ("random", "greedy", "easy", "normal", "hard")
NODES = {"easy": None, "normal": 15_000, "hard": 90_000}  # search nodes per move


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

    def choose(self, seen: Seen) -> YokaiAction:
        """The best action found for the seat (which must be the side to move)."""
        state, seat = seen.guess, seen.seat
        if state.result is not None or seat != state.to_move:
            raise ValueError("no legal action to choose from")
        geo = state.geometry
        known = [self._hash(state, key) for key in state.history[:-1]]
        searcher = Searcher(
            to_position(state), known, self.rng, self.budget_s, self.max_depth, self.max_nodes
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

    def choose(self, seen: Seen) -> YokaiAction:
        """The legal action with the best static evaluation for the seat after it."""
        state, seat = seen.guess, seen.seat
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
    ``normal`` or ``hard`` (the search bounded by ``NODES``, so a seed replays the same
    moves: about 0.2 s and 1 s a move on one core). The clock is a safety net: the search
    also stops after ``budget_s`` seconds (default: ``0.3`` for ``easy``, else
    ``games.search.NET_S``), which a generous budget never reaches."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "greedy":
        return GreedyPlayer(seed)
    if strength not in NODES:
        raise ValueError(f"unknown strength {strength!r} (known: {', '.join(STRENGTHS)})")
    budget = (0.3 if strength == "easy" else NET_S) if budget_s is None else budget_s
    depth = 2 if strength == "easy" else 32
    return AlphaBetaPlayer(budget_s=budget, max_depth=depth, seed=seed, max_nodes=NODES[strength])
