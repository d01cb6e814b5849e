"""Computer players for Samurai: a greedy player that weighs captures and influence.

:func:`make_player` returns a :class:`games.ai.Player`. The greedy player scores every
legal step of its turn by how much it changes the expected figures it will win (a closed
settlement counts fully, an open one by its influence margin against the number of empty
land hexes left around it), minus a small price for the tile it spends, plays the best step
and ends the turn once no step is worth its tile. :func:`win_rate` plays it against random
players (the benchmark of the brief: 1 greedy vs 3 random, four players).
"""

from __future__ import annotations

from games import engine
from games.ai import Player, RandomPlayer, Seen, choose_for
from games.base import Action, Game, Seat, State
from games.rng import Rng
from games.samurai import state as acts
from games.samurai.data import FIGURES, TILES, Board
from games.samurai.mechanics import board_of, influence
from games.samurai.state import SamuraiState

OPENING = ("H4", "B4", "R4", "S3", "N1")
OPPONENT_WEIGHT = 0.4  # a figure going to one of several opponents hurts less than it helps
TILE_PRICE = 0.02  # per influence point spent, so cheap tiles do cheap jobs
SWAP_PRICE = 0.15
END_BELOW = 0.05  # stop playing fast tiles whose gain is smaller than this


class GreedyPlayer:
    """One-step greedy over the legal steps of a turn (see the module docstring)."""

    name = "greedy"

    def __init__(self, seed: int = 0, opening: tuple[str, ...] = OPENING) -> None:
        self.rng = Rng(seed)
        self.opening = opening

    def choose(self, seen: Seen) -> Action:
        state, seat, legal = seen.guess, seen.seat, list(seen.legal)
        if not legal:
            raise ValueError("no legal action to choose from")
        if state.phase == "pick":
            return self._pick(state, seat, legal)
        if state.phase == "placement":
            return legal[self.rng.below(len(legal))]
        return self._step(state, seat, legal)

    def _pick(self, state: SamuraiState, seat: Seat, legal: list[Action]) -> Action:
        hand = list(state.hands[seat])
        wanted = list(self.opening)
        for code in hand:
            if code in wanted:
                wanted.remove(code)
            elif acts.Drop(code) in legal:
                return acts.Drop(code)
        for code in wanted:
            if acts.Take(code) in legal:
                return acts.Take(code)
        return acts.Confirm() if acts.Confirm() in legal else legal[0]

    def _step(self, state: SamuraiState, seat: Seat, legal: list[Action]) -> Action:
        judge = Judge(state, seat)
        best: Action = legal[0]
        best_score = float("-inf")
        for action in legal:
            if isinstance(action, acts.End):
                continue
            score = judge.score(action) + self.rng.below(1000) * 1e-7
            if score > best_score:
                best, best_score = action, score
        if acts.End() in legal and best_score < END_BELOW:
            return acts.End()
        return best


class Judge:
    """Expected-figure arithmetic for one seat in one position."""

    def __init__(self, state: SamuraiState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.board: Board = board_of(state)
        self.infl: dict[int, list[list[int]]] = {}
        self.empty: dict[int, int] = {}
        self.local: dict[int, float] = {}
        for s in self.board.settlements:
            if state.figures[s]:
                self.infl[s] = [
                    influence(self.board, state.tiles, s, t, state.players, state.resigned)
                    for t in range(3)
                ]
                self.empty[s] = sum(1 for h in self.board.land_ring[s] if state.tiles[h] is None)
                self.local[s] = self.worth(state.figures[s], self.infl[s], self.empty[s])

    def chance(self, totals: list[int], empty: int) -> float:
        """Expected share of one figure for ``seat`` (negative when an opponent gets it)."""
        mine = totals[self.seat]
        other = max(v for s, v in enumerate(totals) if s != self.seat)
        if empty == 0:
            if mine > other:
                return 1.0
            return -OPPONENT_WEIGHT if other > mine else 0.0
        spread = 1.5 * empty + 1.0
        win = min(1.0, max(0.0, 0.5 + (mine - other) / (2 * spread))) if mine else 0.0
        lose = min(1.0, max(0.0, 0.5 + (other - mine) / (2 * spread))) if other else 0.0
        return win - OPPONENT_WEIGHT * lose

    def worth(self, figures: str, infl: list[list[int]], empty: int) -> float:
        return sum(self.chance(infl[FIGURES.index(f)], empty) for f in figures)

    def _with_tile(
        self, s: int, code: str, hex_index: int, sign: int
    ) -> tuple[list[list[int]], int]:
        spec = TILES[code]
        infl = [list(row) for row in self.infl[s]]
        for t in range(3):
            if spec.influences[t]:
                infl[t][self.seat] += sign * spec.value
        empty = self.empty[s] - (1 if sign > 0 and hex_index in self.board.land_ring[s] else 0)
        return infl, empty

    def place_gain(self, code: str, hex_index: int) -> float:
        gain = 0.0
        for s in self.board.near[hex_index]:
            if s in self.local:
                infl, empty = self._with_tile(s, code, hex_index, +1)
                gain += self.worth(self.state.figures[s], infl, empty) - self.local[s]
        return gain

    def score(self, action: Action) -> float:
        by_label = self.board.by_label
        if isinstance(action, acts.Place):
            gain = self.place_gain(action.tile, by_label[action.hex])
            return gain - TILE_PRICE * TILES[action.tile].value
        if isinstance(action, acts.TileSwap):
            source = by_label[action.source]
            tile = self.state.tiles[source]
            assert tile is not None
            loss = 0.0
            for s in self.board.near[source]:
                if s in self.local:
                    infl, empty = self._with_tile(s, tile[1], source, -1)
                    loss += self.local[s] - self.worth(self.state.figures[s], infl, empty)
            return self.place_gain(tile[1], by_label[action.target]) - loss - SWAP_PRICE
        if isinstance(action, acts.FigureSwap):
            return self._figure_swap_gain(action) - SWAP_PRICE
        return 0.0

    def _figure_swap_gain(self, action: acts.FigureSwap) -> float:
        (f1, h1), (f2, h2) = action.first, action.second
        gain = 0.0
        for label, leaving, coming in ((h1, f1, f2), (h2, f2, f1)):
            s = self.board.by_label[label]
            after = self.state.figures[s].replace(leaving, "") + coming
            gain += self.worth(after, self.infl[s], self.empty[s]) - self.local[s]
        return gain


def make_player(strength: str = "normal", seed: int = 0) -> Player:
    """A computer player: ``"random"`` or ``"normal"`` (greedy)."""
    if strength == "random":
        return RandomPlayer(seed)
    return GreedyPlayer(seed)


def play_game(game: Game, players: list[Player], seed: int, options: dict[str, object]) -> State:
    """Play one game to its end with ``players[seat]`` choosing for each seat."""
    state = game.setup(len(players), dict(options), seed)
    while game.outcome(state) is None:
        seat = min(game.to_act(state))
        state, _ = engine.act(game, state, seat, choose_for(players[seat], game, state, seat, seed))
    return state
