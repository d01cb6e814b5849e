"""Option combinations for the conformance harness, and a playout that looks for stalls.

Every game's declared options (a yes/no option has two values, a choice option each of its
choices, ``random`` included) and its player counts are the factors. Playing every
combination out is hundreds of playouts (Rising Sun alone has 4 x 2 x 2 x 2 x 2 options x 3
player counts, a second of play each); :func:`pairwise` picks a few of the combinations a
table may choose such that *every value of every option meets every value of every other
option (and every player count) in some row*: each value is played, and each pair of
values is played together.

:class:`EdgePlayer` chooses the first or the last legal action a third of the time each
(games list actions in a documented order: the smallest and largest lot, the first and
last placement), otherwise any: extremes are where a game stalls, and a uniform choice
among a Shitenno Tairō's thousands of lots almost never takes them.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations, product
from typing import Any

from games.base import Game, InvalidOption, resolve_options
from games.rng import Rng

Row = tuple[Any, ...]


def factors(game: Game) -> tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]:
    """The names (options, then ``players``) and the values of each factor."""
    names = (*(spec.name for spec in game.options), "players")
    values = (
        *(tuple(spec.choices) if spec.choices else (False, True) for spec in game.options),
        tuple(game.seats),
    )
    return names, values


def pairwise(values: Sequence[Sequence[Any]], playable: Callable[[Row], bool]) -> list[Row]:
    """Playable rows covering every pair of values of two factors that some playable row
    holds (greedy set cover over the whole product: each time the row covering the most
    pairs still uncovered, the first such row on ties). Deterministic."""
    rows = [row for row in product(*values) if playable(row)]
    todo: set[tuple[int, Any, int, Any]] = set()
    for row in rows:
        todo |= _pairs(row)
    chosen: list[Row] = []
    while todo:
        best = max(rows, key=lambda row: len(_pairs(row) & todo))
        todo -= _pairs(best)
        chosen.append(best)
    return chosen or rows


def _pairs(row: Row) -> set[tuple[int, Any, int, Any]]:
    return {(i, row[i], j, row[j]) for i, j in combinations(range(len(row)), 2)}


def configurations(game: Game) -> list[tuple[dict[str, Any], int]]:
    """The options and player count of each row of :func:`pairwise` for ``game``: every
    combination ``/game new`` accepts (``validate_options``) may be a row."""
    names, values = factors(game)

    def split(row: Row) -> tuple[dict[str, Any], int]:
        return resolve_options(game, dict(zip(names[:-1], row[:-1], strict=True))), row[-1]

    def playable(row: Row) -> bool:
        options, players = split(row)
        try:
            game.validate_options(options, players)
        except InvalidOption:
            return False
        return True

    return [split(row) for row in pairwise(values, playable)]


class EdgePlayer:
    """The first or the last legal action a third of the time each, otherwise any."""

    def __init__(self, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, legal: Sequence[Any]) -> Any:
        pick = self.rng.below(3)
        if pick == 0:
            return legal[0]
        if pick == 1:
            return legal[-1]
        return legal[self.rng.below(len(legal))]


def play_without_stall(game: Game, options: dict[str, Any], players: int, seed: int) -> int:
    """Play one game to its end; fail when a game not over has nobody to act or a seat to
    act has no legal action, or when it has not ended after ``MAX_ACTIONS``. Returns the
    number of actions."""
    state = game.setup(players, options, seed)
    player = EdgePlayer(seed)
    for count in range(MAX_ACTIONS):
        if game.outcome(state) is not None:
            return count
        acting = sorted(game.to_act(state))
        assert acting, f"{game.key} {options} {players}p: not over, nobody to act"
        for seat in acting:
            assert len(game.legal(state, seat)) > 0, (
                f"{game.key} {options} {players}p seed {seed}: seat {seat} must act "
                f"after {count} actions but has no legal action"
            )
        state, _ = game.apply(state, acting[0], player.choose(game.legal(state, acting[0])))
    raise AssertionError(f"{game.key} {options} {players}p seed {seed}: no end in sight")


MAX_ACTIONS = 4000
