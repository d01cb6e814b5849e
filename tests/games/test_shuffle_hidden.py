"""``shuffle_hidden`` is a function of what the seat knows: redealing a redeal gives what
redealing the truth gives (``shuffle(shuffle(s, seat, x), seat, y) == shuffle(s, seat,
y)``), for every game, configuration, position and seat (the public, ``None``, too).

An AI chooses from ``seen_by``'s guess, a redeal of the true state; were the redeal to
keep any trace of the truth's own order (a hand shuffled in place), the AI's move would
depend on what its seat cannot see. Positions come from random legal playouts of the
conformance harness's configurations.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import games
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.rng import derive_seed

from .test_conformance import CONFIGS, IDS

POSITIONS = 8  # positions checked per playout, spread over the whole game
MAX_ACTIONS = 4000


def _dump(game: Any, state: Any) -> str:
    return json.dumps(game.dump_state(state), sort_keys=True)


def _check(game: Any, state: Any, players: int, seed: int) -> None:
    for seat in [None, *range(players)]:
        x, y = derive_seed(seed, f"x{seat}"), derive_seed(seed, f"y{seat}")
        direct = _dump(game, game.shuffle_hidden(state, seat, y))
        again = _dump(game, game.shuffle_hidden(game.shuffle_hidden(state, seat, x), seat, y))
        assert again == direct, f"seat {seat}: a redeal keeps a trace of the state it redealt"


def _positions(game: Any, options: dict[str, Any], players: int, seed: int) -> list[Any]:
    state = game.setup(players, resolve_options(game, options), seed)
    player, out = RandomPlayer(seed), [state]
    while game.outcome(state) is None:
        assert len(out) < MAX_ACTIONS, "playout did not end"
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
        out.append(state)
    stride = max(1, len(out) // POSITIONS)
    return out[seed % stride :: stride]


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
@settings(
    max_examples=2,
    deadline=None,
    phases=[Phase.generate],  # a failing example is reported as found (no slow shrinking)
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_a_redeal_depends_only_on_what_the_seat_knows(
    key: str, options: dict[str, Any], players: int, seed: int
) -> None:
    game = games.get(key)
    for state in _positions(game, options, players, seed):
        _check(game, state, players, seed)
