"""Garbage given as an action: the checked engine refuses it with a GameError, never a crash.

For every registered game, variant and player count, hypothesis builds odd objects --
plain values, containers, objects whose ``==`` lies or raises, unhashable values, and the
game's own action types with any field replaced by garbage -- and hands them to
``engine.act`` (which must raise :class:`~games.base.IllegalAction` or apply a legal action
unchanged), ``engine.explain`` and the game's own ``explain_illegal`` (which must return a
sentence).
"""

from __future__ import annotations

import dataclasses
from functools import cache
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import MALFORMED_ACTION, IllegalAction, resolve_options
from tests.games.test_conformance import CONFIGS, IDS

POSITIONS_PER_CONFIG = 4


class LiesEqual:
    """Equal to everything, hashed like nothing in particular."""

    def __eq__(self, other: object) -> bool:
        return True

    def __hash__(self) -> int:
        return 0


class RaisesOnEqual:
    def __eq__(self, other: object) -> bool:
        raise RuntimeError("no comparing me")

    def __hash__(self) -> int:
        raise RuntimeError("no hashing me")


class RaisesOnEverything:
    def __getattr__(self, name: str) -> Any:
        raise RuntimeError(name)

    def __eq__(self, other: object) -> bool:
        raise RuntimeError("eq")

    __hash__ = None  # type: ignore[assignment]

    def __iter__(self) -> Any:
        raise RuntimeError("iter")

    def __len__(self) -> int:
        raise RuntimeError("len")


_leaves = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=True),
    st.text(max_size=12),
    st.binary(max_size=6),
    st.sampled_from(["", "pile", "E", "R", "end", "wei", "QI1", "a1", "x", "-1"]),
    st.builds(LiesEqual),
    st.builds(RaisesOnEqual),
    st.builds(RaisesOnEverything),
    st.builds(object),
)
GARBAGE = st.recursive(
    _leaves,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.lists(inner, max_size=4).map(tuple),
        st.dictionaries(st.text(max_size=4), inner, max_size=3),
        st.frozensets(st.one_of(st.integers(), st.text(max_size=4)), max_size=3),
    ),
    max_leaves=8,
)


@cache
def _positions(key: str, variant: str | None, players: int) -> tuple[Any, ...]:
    """A few positions of a random game (the opening, then every few actions)."""
    game = games.get(key)
    options = {"variant": variant} if variant else {}
    state = game.setup(players, resolve_options(game, options), 11)
    player = RandomPlayer(11)
    found = [state]
    steps = 0
    while game.outcome(state) is None and len(found) < POSITIONS_PER_CONFIG:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
        steps += 1
        if steps % 7 == 0:
            found.append(state)
    return tuple(found)


def _action_types(game: Any, states: tuple[Any, ...]) -> list[Any]:
    found: dict[type, Any] = {}
    for state in states:
        for seat in sorted(game.to_act(state)):
            for action in game.legal(state, seat):
                found.setdefault(type(action), action)
    return list(found.values())


@st.composite
def _odd_actions(draw: st.DrawFn, examples: list[Any]) -> Any:
    """Garbage, or one of the game's own actions with some fields replaced by garbage."""
    if not examples or draw(st.booleans()):
        return draw(GARBAGE)
    action = draw(st.sampled_from(examples))
    if not dataclasses.is_dataclass(action):
        return draw(GARBAGE)
    fields = [f.name for f in dataclasses.fields(action)]
    if not fields:
        return action
    changed = draw(st.lists(st.sampled_from(fields), min_size=1, max_size=len(fields)))
    odd = object.__new__(type(action))
    for name in fields:
        value = draw(GARBAGE) if name in changed else getattr(action, name)
        object.__setattr__(odd, name, value)
    return odd


def _check(game: Any, state: Any, action: Any) -> None:
    for seat in sorted(game.to_act(state)):
        why = engine.explain(game, state, seat, action)
        assert isinstance(why, str) and why
        own = game.explain_illegal(state, seat, action)
        assert isinstance(own, str) and own
        legal = game.legal(state, seat)
        try:
            after, _events = engine.act(game, state, seat, action)
        except IllegalAction as err:
            assert str(err)
            assert err.key, "an IllegalAction without a catalogue key"
            continue
        # accepted: then it was one of the legal actions and did exactly what that one does
        twins = [a for a in legal if type(a) is type(action) and a == action]
        assert twins, f"engine.act accepted {action!r}, which legal() does not list"
        assert after == game.apply(state, seat, twins[0])[0]


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_malformed_actions_are_refused_as_game_errors(
    key: str, options: dict[str, Any], players: int, data: st.DataObject
) -> None:
    game = games.get(key)
    states = _positions(key, options.get("variant"), players)
    state = data.draw(st.sampled_from(states))
    action = data.draw(_odd_actions(_action_types(game, states)))
    _check(game, state, action)


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_a_plain_string_is_not_an_action(key: str) -> None:
    game = games.get(key)
    state = _positions(key, None, game.seats[0])[0]
    seat = min(game.to_act(state))
    with pytest.raises(IllegalAction) as caught:
        engine.act(game, state, seat, "not an action")
    assert caught.value.key and str(caught.value)


def _samurai_with_figure_swap_in_hand() -> tuple[Any, int]:
    game = games.get("samurai")
    for seed in range(50):
        state = game.setup(2, resolve_options(game, {}), seed)
        player = RandomPlayer(seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            if state.phase == "play" and "FS" in state.hands[seat]:
                return state, seat
            state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
    raise AssertionError("no random game put a figure swap in hand")


def test_samurai_figure_swap_with_one_figure_is_refused() -> None:
    from games.samurai.state import FigureSwap

    game = games.get("samurai")
    state, seat = _samurai_with_figure_swap_in_hand()
    odd = FigureSwap(("B",), ("R", "Edo"))  # type: ignore[arg-type]
    with pytest.raises(IllegalAction) as caught:
        engine.act(game, state, seat, odd)
    assert caught.value.key == "rules.common.malformed_action"
    assert game.explain_illegal(state, seat, odd) == MALFORMED_ACTION


def test_an_action_equal_to_everything_is_refused() -> None:
    game = games.get("yokai")
    state = _positions("yokai", None, 2)[0]
    legal = game.legal(state, 0)
    assert any(a == LiesEqual() for a in legal)  # a plain `in legal()` would let it through
    with pytest.raises(IllegalAction) as caught:
        engine.act(game, state, 0, LiesEqual())
    assert caught.value.key


def test_an_equal_action_applies_the_game_own_object() -> None:
    # An equal Move built by the caller: the engine applies the legal Move of legal().
    from games.yokai.state import Move

    game = games.get("yokai")
    state = _positions("yokai", None, 2)[0]
    legal = [a for a in game.legal(state, 0) if isinstance(a, Move)]
    odd = Move(legal[0].src, legal[0].dst, legal[0].promote)
    after, _ = engine.act(game, state, 0, odd)
    assert after == game.apply(state, 0, legal[0])[0]
    assert engine.find_legal(game, state, 0, odd) is legal[0]
    assert engine.find_legal(game, state, 0, [legal[0]]) is None  # unhashable
    assert engine.find_legal(game, state, 0, RaisesOnEqual()) is None
