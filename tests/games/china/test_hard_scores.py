"""China's ``hard`` cuts its rollouts and scores the position as if the game ended there
(:func:`games.china.hard.scores`): on a copy, never the state the search goes on with."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from games.ai import RandomPlayer, choose_for
from games.china import GAME
from games.china.hard import scores


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.sampled_from([3, 4, 5]), steps=st.integers(5, 60))
def test_a_projected_score_leaves_the_position_as_it_was(
    seed: int, players: int, steps: int
) -> None:
    state = GAME.setup(players, {}, seed)
    player = RandomPlayer(seed)
    for step in range(steps):
        if GAME.outcome(state) is not None:
            break
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat, step))
    before = GAME.dump_state(state)
    projected = scores(GAME, state)
    assert GAME.dump_state(state) == before
    assert len(projected) == players
    assert all(p >= s for p, s in zip(projected, state.scores, strict=True))  # only adds points
