"""A game keeps the rules edition it started with (the fixes of issue 24 are edition 2).

The legacy golden games (``tests/golden/legacy/``) replay old games under edition 1; here the
edition itself: a new game is edition 2, a stored state without one is edition 1, and the
edition survives the store's round trip and every move.
"""

from __future__ import annotations

import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.rising_sun import GAME
from games.rising_sun.state import EDITION, thaw

from .helpers import edit


@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck))
@given(
    seed=st.integers(0, 2**32),
    players=st.sampled_from((3, 4, 5)),
    edition=st.sampled_from((1, 2)),
    moves=st.integers(0, 6),
)
def test_the_edition_survives_the_store_and_the_moves(
    seed: int, players: int, edition: int, moves: int
) -> None:
    """A state of edition 1 dumps and loads as edition 1 (with no edition written, as the
    engine of its time stored it), edition 2 as 2, also after a few moves."""
    state = GAME.setup(players, resolve_options(GAME, {"clans": "random"}), seed)
    assert thaw(state).edition == EDITION == 2
    state = edit(state, lambda g: setattr(g, "edition", edition), run=False)
    player = RandomPlayer(seed)
    for _ in range(moves):
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
    stored = json.loads(json.dumps(GAME.dump_state(state)))
    assert ("edition" in stored["game"]) == (edition == 2)
    loaded = GAME.load_state(stored)
    assert thaw(loaded).edition == edition
    assert loaded == state
