"""A game as one declared record (:class:`games.record.Rules`, issue 26 item 3).

The five games declare their functions once; the record fills the optional members with
the shared defaults of :mod:`games.defaults`. These tests pin what the record decides
for a game that leaves a member out, on a record made of Yōkai's own functions with
the declarations changed.
"""

from __future__ import annotations

import dataclasses
import pickle

import pytest

import games
from games import engine
from games.ai import choose_for
from games.base import Game, IllegalAction, Reason, resolve_options
from games.record import Rules
from games.yokai import GAME as YOKAI

START = YOKAI.setup(2, resolve_options(YOKAI, {}), 0)


def _variant(**changes: object) -> Rules:
    """Yōkai's record with only its required members and ``changes``: every optional one
    is left to the defaults."""
    required = [f.name for f in dataclasses.fields(Rules) if f.default is dataclasses.MISSING]
    return Rules(**{name: getattr(YOKAI, name) for name in required} | changes)  # type: ignore[arg-type]


def test_every_registered_game_is_a_record_and_a_game() -> None:
    for key, game in games.GAMES.items():
        assert isinstance(game, Rules), key
        assert isinstance(game, Game), key


def test_every_record_pickles_as_itself() -> None:
    """A record crosses to another process (an AI worker) as references to its functions:
    no lambda or closure among its members, and no memo carried along by value."""
    for key, game in games.GAMES.items():
        state = game.setup(min(game.seats), resolve_options(game, {}), 1)
        game.legal(state, min(game.to_act(state)))  # fill any memo first
        assert pickle.loads(pickle.dumps(game)) == game, key


def test_a_refusal_pickles_with_its_key() -> None:
    """A record's ``Own`` check carries its refusal, a :class:`Reason`: the worker's copy
    names the same catalogue entry with the same parameters."""
    reason = Reason("shitenno.notation.not_ours", "That is not a Shitenno action.", n=2)
    copy = pickle.loads(pickle.dumps(reason))
    assert (copy, copy.key, copy.params) == (reason, reason.key, reason.params)


def test_public_choices_follow_the_declarations() -> None:
    """No hidden information, or hidden information declared out of ``legal()``: the
    buttons are ``legal()``; hidden information that may reach it: no buttons."""
    legal = list(YOKAI.legal(START, 0))
    open_game = _variant()
    assert list(open_game.public_choices(START, 0) or ()) == legal
    redeal = lambda state, seat, seed: state  # noqa: E731  (a redeal of nothing, by hand)
    hidden = _variant(hidden_information=True, shuffle_hidden=redeal)
    assert hidden.public_choices(START, 0) is None
    declared = _variant(hidden_information=True, shuffle_hidden=redeal, legal_is_public=True)
    assert list(declared.public_choices(START, 0) or ()) == legal


def test_a_hidden_game_must_redeal_what_it_hides() -> None:
    """Without ``shuffle_hidden`` the secrecy property would pass on any view: refused."""
    with pytest.raises(TypeError, match="shuffle_hidden"):
        _variant(hidden_information=True)


def test_the_optional_members_default_to_nothing() -> None:
    game = _variant()
    assert game.can_undo(START, 0) is False
    assert game.sides(START) is None
    assert game.form(START, 0) is None
    assert game.end_turn(START, 0) is None
    assert game.unlisted(START, 0, ("not", "an action")) is None
    game.validate_options({}, None)
    with pytest.raises(IllegalAction):
        game.answer(START, 0, {}, final=True)
    move = game.legal(START, 0)[0]
    state, _ = engine.act(game, START, 0, move)
    assert game.outcome(state) is None
    player = game.make_player("normal", 1, 0.1)
    assert choose_for(player, game, state, 1, 1) in game.legal(state, 1)
