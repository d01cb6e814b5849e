"""The conformance harness: every registered game, variant and player count obeys the protocol.

Random legal playouts (driven by hypothesis-chosen seeds) must end in a legal outcome;
no option combination stalls a game (each pair of option values played together); state
must round-trip through JSON exactly; replaying the action log must reproduce the
state; ``parse(notation(a)) == a`` for every legal action; ``legal`` and ``apply`` must
agree; no seat's view may depend on what that seat cannot see; and the public board's
buttons (``public_choices``) depend on public information only.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from typing import Any

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import games
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import GameError, IllegalAction, Outcome, Termination, resolve_options

from .option_cover import configurations, play_without_stall

MAX_ACTIONS = 4000
# Every position of a playout's first CHECK_ALL is checked in full (views under every
# redeal, parse(notation) of every legal action), then one in CHECK_STRIDE, offset by the
# seed so the examples cover different positions: a long game (Rising Sun: ~400-500
# actions, ~15 ms a check) spent most of a minute here, on positions much alike.
CHECK_ALL = 120
CHECK_STRIDE = 4


# Options besides ``variant`` whose every other choice than the default (and ``random``)
# is a configuration of its own: Rising Sun's Season card sets change which rules run.
SPANNING = ("set",)


def _configurations() -> list[tuple[str, dict[str, Any], int]]:
    configs = []
    for key, game in sorted(games.GAMES.items()):
        variants = next((o.choices for o in game.options if o.name == "variant"), ())
        choices: list[dict[str, Any]] = [{"variant": v} for v in variants] or [{}]
        for spec in game.options:
            if spec.name in SPANNING:
                others = [c for c in spec.choices if c not in (spec.default, "random")]
                choices += [{spec.name: c} for c in others]
        for options in choices:
            for players in game.seats:
                configs.append((key, options, players))
    return configs


CONFIGS = _configurations()
IDS = [f"{k}-{'-'.join(map(str, o.values())) or 'std'}-{n}p" for k, o, n in CONFIGS]


def _roundtrip(game: Any, state: Any) -> None:
    data = game.dump_state(state)
    text = json.dumps(data, sort_keys=True)
    again = game.load_state(json.loads(text))
    assert again == state, "load_state(dump_state(s)) != s"
    assert json.dumps(game.dump_state(again), sort_keys=True) == text


def _check_outcome(game: Any, state: Any, players: int) -> Outcome:
    outcome = game.outcome(state)
    assert isinstance(outcome, Outcome)
    # a shared reason, or one the game declares (worded as <key>.end.<reason>)
    assert isinstance(outcome.termination, Termination) or outcome.termination in game.end_reasons
    assert len(outcome.ranks) == players
    assert outcome.winners <= set(range(players))
    assert all(outcome.ranks[s] == 1 for s in outcome.winners)
    assert all(1 <= r <= players for r in outcome.ranks)
    assert not game.to_act(state), "a finished game still has seats to act"
    json.dumps(outcome.to_json())
    assert Outcome.from_json(json.loads(json.dumps(outcome.to_json()))) == outcome
    return outcome


def _check_position(game: Any, state: Any, seed: int, players: int) -> None:
    _roundtrip(game, state)
    for seat in [None, *range(players)]:
        hidden = game.shuffle_hidden(state, seat, seed)
        assert game.view(hidden, seat) == game.view(state, seat), f"view of {seat} leaks"
    for seat in sorted(game.to_act(state)):
        legal = game.legal(state, seat)
        assert legal, f"seat {seat} is to act but has no legal action"
        checked = _checked_actions(legal, seed)
        assert len(set(checked)) == len(checked), "legal() lists an action twice"
        for action in checked:
            text = game.notation(state, action)
            assert game.parse(state, seat, text) == action, f"parse(notation) broke on {text!r}"
            assert game.label(state, action)


ACTIONS_CHECKED = 400  # a list longer than this is checked on a spread sample of it


def _checked_actions(legal: Sequence[Any], seed: int) -> list[Any]:
    """Every legal action, or for a long list (a Rising Sun bid by a seat with 30 coins is
    one of 46,376) its first and last and a seeded sample: checking each of them made
    one playout take 16 minutes, and which seeds reach such lists is random."""
    if len(legal) <= ACTIONS_CHECKED:
        return list(legal)
    picks = random.Random(seed).sample(range(1, len(legal) - 1), ACTIONS_CHECKED - 2)
    return [legal[i] for i in [0, *sorted(picks), len(legal) - 1]]


PUBLIC_REDEALS = 3  # reshuffles of what the public cannot see, per checked position
LABELS_COMPARED = 12  # buttons show at most five; a lot's thousands of labels cost time


def _check_public_choices(game: Any, state: Any, seed: int, players: int) -> None:
    """``public_choices`` is a function of public information: the same (None or the same
    actions with the same labels) under every redeal of what the public cannot see; and
    every action in it is legal. A game without hidden information shows all of legal()."""
    redeals = [game.shuffle_hidden(state, None, seed + k) for k in range(PUBLIC_REDEALS)]
    for seat in range(players):
        shown = game.public_choices(state, seat)
        legal = game.legal(state, seat)
        if not game.hidden_information:
            assert shown is not None and list(shown) == list(legal)
        if shown is None:
            assert all(game.public_choices(o, seat) is None for o in redeals), (
                f"seat {seat}: whether buttons show depends on hidden information"
            )
            continue
        actions = list(shown)
        assert all(a in legal for a in actions), f"seat {seat}: a public choice is not legal"
        labels = [game.label(state, a) for a in actions[:LABELS_COMPARED]]
        for other in redeals:
            again = game.public_choices(other, seat)
            assert again is not None, f"seat {seat}: buttons show or not by hidden information"
            assert list(again) == actions, f"seat {seat}: public choices depend on a secret"
            assert [game.label(other, a) for a in actions[:LABELS_COMPARED]] == labels


def _playout(key: str, options: dict[str, Any], players: int, seed: int) -> None:
    game = games.get(key)
    resolved = resolve_options(game, options)
    start = game.setup(players, resolved, seed)
    assert game.setup(players, resolved, seed) == start, "setup is not deterministic"
    player = RandomPlayer(seed)
    state, log = start, []
    foreign: list[Any] = []
    while game.outcome(state) is None:
        assert len(log) < MAX_ACTIONS, "playout did not end"
        if len(log) < CHECK_ALL or (len(log) + seed) % CHECK_STRIDE == 0:
            _check_position(game, state, seed, players)
            _check_public_choices(game, state, seed, players)
        seat = min(game.to_act(state))
        action = choose_for(player, game, state, seat)
        before = json.dumps(game.dump_state(state), sort_keys=True)
        for stale in foreign[-3:]:
            if stale not in game.legal(state, seat):
                with pytest.raises(GameError):
                    engine.act(game, state, seat, stale)
        new_state, events = engine.act(game, state, seat, action)
        assert json.dumps(game.dump_state(state), sort_keys=True) == before, "apply mutated"
        for event in events:
            json.dumps(event.to_json())
        log.append((seat, game.notation(state, action)))
        foreign.append(action)
        state = new_state
    _check_outcome(game, state, players)
    with pytest.raises(GameError):
        engine.act(game, state, 0, foreign[-1])
    replayed, _ = engine.replay(game, start, log)
    assert replayed == state, "replaying the log does not reproduce the state"


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(min_value=0, max_value=2**63 - 1))
def test_random_playouts_obey_the_protocol(
    key: str, options: dict[str, Any], players: int, seed: int
) -> None:
    _playout(key, options, players, seed)


@pytest.mark.parametrize("key", sorted(games.GAMES))
@settings(
    max_examples=1,
    deadline=None,
    phases=[Phase.generate],  # a failing example is reported as found (no slow shrinking)
    suppress_health_check=[HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_no_option_combination_stalls_a_game(key: str, seed: int) -> None:
    """Whatever the options, a game that is not over has someone to act, and whoever must
    act has a legal action, to the end: every declared option value, each pair of values
    of two options and each player count are played together (``option_cover``), the
    players taking the first or last legal action often (where stalls hide)."""
    game = games.get(key)
    for row, (options, players) in enumerate(configurations(game)):
        play_without_stall(game, options, players, seed + row)


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
def test_resignation_ends_or_continues_legally(
    key: str, options: dict[str, Any], players: int
) -> None:
    game = games.get(key)
    state = game.setup(players, resolve_options(game, options), 7)
    before = game.dump_state(state)
    seat = min(game.to_act(state))
    state2, _ = engine.resign(game, state, seat)
    assert game.dump_state(state) == before
    outcome = game.outcome(state2)
    if players == 2:
        assert outcome is not None and seat not in outcome.winners
    if outcome is not None:
        _check_outcome(game, state2, players)
        assert outcome.ranks[seat] == players or len(set(outcome.ranks)) == 1


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_metadata_and_bad_options(key: str) -> None:
    game = games.get(key)
    assert game.key == key and game.title and game.seats and game.rules_version >= 1
    with pytest.raises(GameError):
        resolve_options(game, {"no_such_option": 1})
    for spec in game.options:
        if spec.choices:
            with pytest.raises(GameError):
                resolve_options(game, {spec.name: "no-such-choice"})


def test_unknown_game_is_a_friendly_error() -> None:
    with pytest.raises(GameError, match="no game called"):
        games.get("chess")


@pytest.mark.parametrize(("key", "options", "players"), CONFIGS, ids=IDS)
def test_garbage_notation_is_rejected_without_change(
    key: str, options: dict[str, Any], players: int
) -> None:
    game = games.get(key)
    state = game.setup(players, resolve_options(game, options), 3)
    seat = min(game.to_act(state))
    before = game.dump_state(state)
    for text in ("", "   ", "zz99", "!!!", "x" * 500):
        with pytest.raises(GameError):
            engine.act_text(game, state, seat, text)
    other = (seat + 1) % players
    if other not in game.to_act(state):
        with pytest.raises(GameError):
            engine.act(game, state, other, game.legal(state, seat)[0])
    assert game.dump_state(state) == before
    with pytest.raises(IllegalAction):
        engine.act(game, state, seat, object())
