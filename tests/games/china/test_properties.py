"""Random playouts: protocol properties, secrecy, replay, notation round trips."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import Outcome, Termination, resolve_options
from games.china import GAME
from games.china.state import ChinaState

CONFIGS = [
    (3, {}),
    (4, {"side": "a"}),
    (4, {"side": "b"}),
    (5, {}),
    (4, {"side": "b", "fortifications": True, "extra_routes": True}),
    (3, {"fortifications": True, "blocked_end": "round", "zero_majority": True}),
]
IDS = ["3p-A", "4p-A", "4p-B", "5p-B", "4p-B-forts", "3p-A-options"]


def _roundtrip(state: ChinaState) -> None:
    text = json.dumps(GAME.dump_state(state), sort_keys=True)
    again = GAME.load_state(json.loads(text))
    assert again == state
    assert json.dumps(GAME.dump_state(again), sort_keys=True) == text


def _check_secrecy(state: ChinaState, seed: int) -> None:
    for seat in [None, *range(state.players)]:
        view = GAME.view(state, seat)
        assert GAME.view(GAME.shuffle_hidden(state, seat, seed), seat) == view
        assert view.hand == (None if seat is None else tuple(state.hands[seat]))
        assert view.pile_count == len(state.pile)


def _check_legal(state: ChinaState, seat: int) -> None:
    legal = GAME.legal(state, seat)
    assert legal and len(set(legal)) == len(legal)
    for action in legal:
        text = GAME.notation(state, action)
        assert GAME.parse(state, seat, text) == action, text
        assert GAME.label(state, action)


def _public_events_hide_the_draw(state: ChinaState, seat: int, action: Any, seed: int) -> None:
    """The same action on a state with other hidden cards shows the others the same events,
    except for the cards the face-up refill reveals to everyone."""
    hidden = GAME.shuffle_hidden(state, seat, seed + 1)

    def seen(events: list[Any], other: int) -> list[Any]:
        return [e for e in events if e.visible_to(other) and e.kind != "china.face_up_refilled"]

    _, mine = GAME.apply(state, seat, action)
    _, theirs = GAME.apply(hidden, seat, action)
    for other in range(state.players):
        if other != seat:
            assert seen(mine, other) == seen(theirs, other)


def _playout(players: int, options: dict[str, Any], seed: int) -> None:
    start = GAME.setup(players, resolve_options(GAME, options), seed)
    player = RandomPlayer(seed)
    state, log = start, list[tuple[int, str]]()
    while GAME.outcome(state) is None:
        assert len(log) < 2000
        _roundtrip(state)
        _check_secrecy(state, seed)
        (seat,) = GAME.to_act(state)
        _check_legal(state, seat)
        action = choose_for(player, GAME, state, seat)
        _public_events_hide_the_draw(state, seat, action, seed)
        before = GAME.dump_state(state)
        new_state, events = engine.act(GAME, state, seat, action)
        assert GAME.dump_state(state) == before
        for event in events:
            json.dumps(event.to_json())
        log.append((seat, GAME.notation(state, action)))
        state = new_state
    _roundtrip(state)
    outcome = GAME.outcome(state)
    assert isinstance(outcome, Outcome) and outcome.termination == Termination.SCORING
    assert len(outcome.ranks) == players and outcome.winners
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    replayed, _ = engine.replay(GAME, start, log)
    assert replayed == state


@pytest.mark.parametrize(("players", "options"), CONFIGS, ids=IDS)
@settings(max_examples=2, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_random_playouts_end_legally(players: int, options: dict[str, Any], seed: int) -> None:
    _playout(players, options, seed)


def test_the_last_turn_is_the_seat_before_the_start_player() -> None:
    for seed in range(12):
        players = 3 + seed % 3
        state = GAME.setup(players, resolve_options(GAME, {}), seed)
        player = RandomPlayer(seed)
        last = None
        while GAME.outcome(state) is None:
            last = state.current
            state, _ = GAME.apply(state, last, choose_for(player, GAME, state, last))
        assert state.exhaustions == 2 or not state.end_triggered
        if state.exhaustions == 2:
            assert last == players - 1


def test_public_views_never_show_hands_or_the_pile_over_many_games() -> None:
    for seed in range(25):
        players = 3 + seed % 3
        state = GAME.setup(players, resolve_options(GAME, {"fortifications": seed % 2 == 1}), seed)
        player = RandomPlayer(seed)
        step = 0
        while GAME.outcome(state) is None:
            if step % 7 == 0:
                public = GAME.view(state, None)
                assert public.hand is None
                assert public == GAME.view(GAME.shuffle_hidden(state, None, step), None)
                for seat in range(players):
                    assert GAME.view(state, seat).hand == tuple(state.hands[seat])
            state, _ = GAME.apply(
                state, state.current, choose_for(player, GAME, state, state.current)
            )
            step += 1
        assert GAME.view(state, None).outcome == GAME.outcome(state)


def test_random_games_fill_most_house_spaces() -> None:
    # Reference §10.5: random playouts fill about 80 % of the house spaces.
    filled = []
    for seed in range(12):
        state = GAME.setup(3 + seed % 3, resolve_options(GAME, {}), seed)
        player = RandomPlayer(seed)
        while GAME.outcome(state) is None:
            state, _ = GAME.apply(
                state, state.current, choose_for(player, GAME, state, state.current)
            )
        filled.append(sum(o >= 0 for o in state.owners) / len(state.owners))
    assert 0.6 <= sum(filled) / len(filled) <= 0.95
