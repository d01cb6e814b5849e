"""Properties over random playouts, cross-checked against the slow reference reading."""

from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from games.base import Termination
from games.engine import act
from games.rng import Rng
from games.yokai import GAME, Drop, Move
from games.yokai.state import YokaiAction, YokaiState
from tests.games.yokai.reference import Ref

MAX_PLIES = {"3x4": 150, "5x6": 70}


def as_ref(state: YokaiState, action: YokaiAction) -> tuple:  # type: ignore[type-arg]
    files = state.geometry.files
    if isinstance(action, Drop):
        return ("drop", action.piece, (action.dst % files, action.dst // files))
    src, dst = action.src, action.dst
    return ("move", (src % files, src // files), (dst % files, dst // files), action.promote)


def check_position(state: YokaiState) -> list[YokaiAction]:
    """Every per-position property; returns the legal actions."""
    assert GAME.load_state(json.loads(json.dumps(GAME.dump_state(state)))) == state
    seat = state.to_move
    legal = list(GAME.legal(state, seat))
    assert sorted(as_ref(state, a) for a in legal) == sorted(Ref(state).legal())
    assert len(set(legal)) == len(legal)
    for action in legal:
        assert GAME.parse(state, seat, GAME.notation(state, action)) == action
        assert GAME.label(state, action)
    view = GAME.view(state, seat)
    assert view.board == state.board and view.to_move == seat
    return legal


def check_result(before: YokaiState, after: YokaiState) -> None:
    """The engine's end of game agrees with the reference (repetition aside)."""
    outcome = GAME.outcome(after)
    expected = Ref(after).terminal()
    if outcome is not None and outcome.termination == Termination.REPETITION:
        assert expected is None
        assert after.history.count(after.history[-1]) == 3
        return
    if expected is None:
        assert outcome is None
    else:
        assert outcome is not None
        assert outcome.winners == frozenset({expected[0]})
        assert str(outcome.termination) == expected[1]


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 2**63), variant=st.sampled_from(["3x4", "5x6"]))
def test_random_playouts_follow_the_rules(seed: int, variant: str) -> None:
    rng = Rng(seed)
    state = GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, seed)
    while GAME.outcome(state) is None and state.ply < MAX_PLIES[variant]:
        legal = check_position(state)
        assert legal, "a running game always has a legal action"
        action = legal[rng.below(len(legal))]
        after, events = act(GAME, state, state.to_move, action)
        assert events[0].args["notation"] == GAME.notation(state, action)
        assert events[0].kind == ("yokai.drop" if isinstance(action, Drop) else "yokai.move")
        assert after.ply == state.ply + 1 and after.history[:-1] == state.history
        check_result(state, after)
        state = after
    if GAME.outcome(state) is not None:
        assert GAME.legal(state, state.to_move) == [] and GAME.to_act(state) == frozenset()
        assert GAME.load_state(json.loads(json.dumps(GAME.dump_state(state)))) == state


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 2**63))
def test_capture_heavy_5x6_playouts_follow_the_rules(seed: int) -> None:
    """Prefer captures and drops so reserves fill and the drop rules get exercised."""
    rng = Rng(seed)
    state = GAME.setup(2, {"variant": "5x6", "perpetual_check_loses": False}, seed)
    while GAME.outcome(state) is None and state.ply < 60:
        legal = check_position(state)
        eager = [
            a for a in legal if isinstance(a, Drop) or (isinstance(a, Move) and state.board[a.dst])
        ]
        pool = eager if eager and rng.below(4) else legal
        after, _ = act(GAME, state, state.to_move, pool[rng.below(len(pool))])
        check_result(state, after)
        state = after
