"""Every level of every game chooses from what its seat knows, reproducibly (issue 27's
"Done when"): the same ``Seen`` seed gives the same move, and the move does not change when
the true state is replaced by a redeal of what the seat cannot see
(``shuffle_hidden(truth, seat, k)``), the check the human-facing views pass too.

Positions are spread over one random playout per game and player count; budgets are small.
Yōkai's alpha-beta stops on a clock, which no seed can reproduce, so here it searches a
fixed number of nodes instead.
"""

from __future__ import annotations

from typing import Any

import pytest

import games
from games.ai import LEVELS, RandomPlayer, choose_for, seen_by
from games.base import Action, Game, Player, resolve_options

POSITIONS = 4  # positions per game and player count
REDEALS = (1, 2, 3)
SEEN_SEED = 11


def _player(game: Game, level: str) -> Player:
    player = game.make_player(level, 7, 0.05)
    if hasattr(player, "max_nodes"):  # a clock is not reproducible; a node count is
        player.budget_s, player.max_nodes = None, 400
    if hasattr(player, "steps"):  # the search's own budget, small here (hard's code path)
        player.steps = 120
    return player


def _positions(game: Game, players: int) -> list[Any]:
    state = game.setup(players, resolve_options(game, {}), 5)
    walker, states = RandomPlayer(5), []
    while game.outcome(state) is None:
        states.append(state)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(walker, game, state, seat))
    stride = max(1, len(states) // POSITIONS)
    return states[stride // 2 :: stride][:POSITIONS]


def _move(game: Game, level: str, state: Any, seat: int) -> Action:
    return _player(game, level).choose(seen_by(game, state, seat, SEEN_SEED))


CASES = [(key, players) for key, game in sorted(games.GAMES.items()) for players in game.seats]


@pytest.mark.parametrize(("key", "players"), CASES)
def test_each_level_is_deterministic_and_blind_to_what_its_seat_cannot_see(
    key: str, players: int
) -> None:
    game = games.get(key)
    for state in _positions(game, players):
        seat = min(game.to_act(state))
        for level in LEVELS:
            chosen = _move(game, level, state, seat)
            assert chosen in game.legal(state, seat)
            assert _move(game, level, state, seat) == chosen, f"{level}: not reproducible"
            for k in REDEALS:
                other = game.shuffle_hidden(state, seat, k)
                assert _move(game, level, other, seat) == chosen, (
                    f"{level}: the move depends on what seat {seat} cannot see (redeal {k})"
                )
