"""Threefold repetition (yokai.md §3), wins before repetition, and the §6 option."""

from __future__ import annotations

import dataclasses

import pytest

from games.base import Termination
from games.yokai import GAME, End
from games.yokai.state import YokaiState
from tests.games.yokai.helpers import make_state, play

SHUFFLES = {"3x4": ("c1c2", "a4a3", "c2c1", "a3a4"), "5x6": ("c1c2", "c6c5", "c2c1", "c5c6")}
# Seat 0's kirin checks the koropokkuru on d3 and c3 in turn; its own koropokkuru guards it.
PERPETUAL = [". . . . .", ". . K . .", ". . I . .", ". . . k .", ". . . . .", ". . . . ."]
PERPETUAL_CYCLE = ("c4d4", "d3c3", "d4c4", "c3d3")


def start(variant: str) -> YokaiState:
    return GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, 0)


@pytest.mark.parametrize("variant", ["3x4", "5x6"])
def test_third_occurrence_counting_the_start_is_a_draw(variant: str) -> None:
    state = play(start(variant), *SHUFFLES[variant])
    assert GAME.outcome(state) is None  # the start position twice
    state = play(state, *SHUFFLES[variant][:3])
    assert GAME.outcome(state) is None
    state = play(state, SHUFFLES[variant][3])
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.termination == Termination.REPETITION
    assert outcome.is_draw and outcome.winners == frozenset()
    assert outcome.ranks == (1, 1) and outcome.scores == (0.5, 0.5)


def test_position_includes_the_reserves() -> None:
    """Same board, different reserves: not a repetition."""
    a = make_state("3x4", [". k .", ". . .", ". . .", ". K ."], ("D", ""))
    b = make_state("3x4", [". k .", ". . .", ". . .", ". K ."], ("F", ""))
    assert a.history != b.history


def test_position_includes_the_side_to_move() -> None:
    a = make_state("3x4", [". k .", ". . .", ". . .", ". K ."], to_move=0)
    b = make_state("3x4", [". k .", ". . .", ". . .", ". K ."], to_move=1)
    assert a.history != b.history


def _with_history(state: YokaiState, final_key: str) -> YokaiState:
    """A state whose history already holds ``final_key`` twice.

    A finished position is finished whatever the history, so this can only be built by
    hand; it checks that the win is tested before the repetition.
    """
    return dataclasses.replace(state, history=(final_key, final_key, *state.history))


def test_checkmate_beats_repetition() -> None:
    rows = ["k d . . .", ". . . . .", "D I . . .", ". . . . .", ". . . . .", ". . . . K"]
    state = make_state("5x6", rows)
    final_key = play(state, "a4a5").history[-1]
    outcome = GAME.outcome(play(_with_history(state, final_key), "a4a5"))
    assert outcome is not None
    assert outcome.termination == End.CHECKMATE and outcome.winners == frozenset({0})


def test_try_beats_repetition() -> None:
    state = make_state("3x4", [". . .", "K . .", ". . k", ". . ."])
    final_key = play(state, "a3a4").history[-1]
    outcome = GAME.outcome(play(_with_history(state, final_key), "a3a4"))
    assert outcome is not None
    assert outcome.termination == End.TRY


def test_perpetual_check_is_a_draw_by_default() -> None:
    state = play(make_state("5x6", PERPETUAL), *PERPETUAL_CYCLE, *PERPETUAL_CYCLE)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.termination == Termination.REPETITION and outcome.is_draw


def test_perpetual_check_loses_with_the_option() -> None:
    state = make_state("5x6", PERPETUAL, perpetual=True)
    state = play(state, *PERPETUAL_CYCLE, *PERPETUAL_CYCLE[:3])
    assert GAME.outcome(state) is None
    outcome = GAME.outcome(play(state, PERPETUAL_CYCLE[3]))
    assert outcome is not None
    assert outcome.termination == Termination.REPETITION
    assert outcome.winners == frozenset({1})  # the checking seat 0 loses
    assert outcome.detail == {"rule": "perpetual_check"}
    assert outcome.ranks == (2, 1) and outcome.scores == (0.0, 1.0)


def test_perpetual_check_option_ignores_repetitions_without_constant_check() -> None:
    state = GAME.setup(2, {"variant": "5x6", "perpetual_check_loses": True}, 0)
    state = play(state, *SHUFFLES["5x6"], *SHUFFLES["5x6"])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.is_draw
