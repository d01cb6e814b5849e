"""Yōkai no Mori 3x4: one test per rule of yokai.md §4 (and the common rules of §3)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction, Termination
from games.engine import act
from games.yokai import GAME, Drop, End, Move
from tests.games.yokai.helpers import make_state, notations, play, square

# An attacked try: the koropokkuru at a3 can step to b4, which the tanuki at c4 attacks.
ATTACKED_TRY = ["  .  .  t", "  K  .  .", "  .  .  k", "  .  .  ."]


def sq(name: str) -> int:
    return square("3x4", name)


def test_start_position() -> None:
    state = GAME.setup(2, {"variant": "3x4", "perpetual_check_loses": False}, 0)
    assert state.board == ("F", "K", "T", "", "D", "", "", "d", "", "t", "k", "f")
    assert state.to_move == 0
    assert GAME.to_act(state) == frozenset({0})


def test_kodama_takes_kodama_on_the_first_move() -> None:
    state = play(GAME.setup(2, {"variant": "3x4", "perpetual_check_loses": False}, 0), "b2b3")
    assert state.board[sq("b3")] == "D"
    assert state.hands[0] == (0, 0, 0, 1, 0, 0)
    assert state.to_move == 1


def test_catching_the_koropokkuru_wins() -> None:
    state = make_state("3x4", [". k .", ". T .", ". . .", "K . ."])
    after = play(state, "b3b4")
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.termination == End.CAPTURE
    assert outcome.winners == frozenset({0})
    assert outcome.ranks == (1, 2) and outcome.scores == (1.0, 0.0)
    assert GAME.legal(after, 1) == [] and GAME.to_act(after) == frozenset()


def test_unattacked_try_wins_at_once() -> None:
    state = make_state("3x4", [". . .", "K . .", ". . k", ". . ."])
    outcome = GAME.outcome(play(state, "a3a4"))
    assert outcome is not None
    assert outcome.termination == End.TRY and outcome.winners == frozenset({0})
    assert outcome.detail == {}


def test_attacked_try_does_not_win_at_once() -> None:
    after = play(make_state("3x4", ATTACKED_TRY), "a3b4")
    assert GAME.outcome(after) is None
    assert after.to_move == 1
    assert "c4b4" in notations(after)  # the tanuki may catch it


def test_attacked_try_is_caught_by_the_opponent() -> None:
    after = play(make_state("3x4", ATTACKED_TRY), "a3b4", "c4b4")
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.termination == End.CAPTURE and outcome.winners == frozenset({1})


def test_failed_defence_wins_for_the_koropokkuru_owner() -> None:
    after = play(make_state("3x4", ATTACKED_TRY), "a3b4", "c2c3")
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.termination == End.TRY and outcome.winners == frozenset({0})
    assert outcome.detail == {"rule": "failed_defence"}


def test_failed_defence_is_tested_before_the_opponents_own_try() -> None:
    """Rule 2 before rule 3: the opponent's safe try does not save him."""
    after = play(make_state("3x4", ATTACKED_TRY), "a3b4", "c2c1")
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.winners == frozenset({0})
    assert outcome.detail == {"rule": "failed_defence"}


def test_second_player_try_toward_rank_1() -> None:
    state = make_state("3x4", [". . .", ". . K", "k . .", ". . ."], to_move=1)
    outcome = GAME.outcome(play(state, "a2a1"))
    assert outcome is not None
    assert outcome.termination == End.TRY and outcome.winners == frozenset({1})


def test_moving_into_attack_is_legal_in_3x4() -> None:
    state = make_state("3x4", [". k .", ". . .", ". . .", "K . ."])
    after = play(state, "a1b2", "b4b3")  # both koropokkuru now attack each other
    assert GAME.outcome(after) is None
    assert "b2b3" in notations(after)


def test_kodama_promotion_on_the_far_rank_is_mandatory() -> None:
    state = make_state("3x4", [". . k", "D . .", ". . .", "K . ."])
    assert "a3a4+" in notations(state) and "a3a4" not in notations(state)
    assert GAME.parse(state, 0, "a3a4") == Move(sq("a3"), sq("a4"), True)
    with pytest.raises(IllegalAction, match="must promote"):
        act(GAME, state, 0, Move(sq("a3"), sq("a4"), False))
    after, events = GAME.apply(state, 0, Move(sq("a3"), sq("a4"), True))
    assert after.board[sq("a4")] == "+D"
    assert events[0].args["promote"] is True


def test_kodama_promotes_by_capturing_onto_the_far_rank() -> None:
    state = make_state("3x4", ["t . k", "D . .", ". . .", "K . ."])
    after = play(state, "a3a4+")
    assert after.board[sq("a4")] == "+D"
    assert after.hands[0] == (0, 0, 1, 0, 0, 0)


def test_kodama_samurai_moves_like_gold() -> None:
    state = make_state("3x4", [". . k", ". . .", ". +D .", "K . ."])
    moves = {n for n in notations(state) if n.startswith("b2")}
    assert moves == {"b2a3", "b2b3", "b2c3", "b2a2", "b2c2", "b2b1"}


def test_only_the_kodama_promotes() -> None:
    state = make_state("3x4", [". . k", "T . .", ". . .", "K . ."])
    assert "a3a4" in notations(state) and "a3a4+" not in notations(state)
    with pytest.raises(IllegalAction, match="A tanuki never promotes"):
        act(GAME, state, 0, Move(sq("a3"), sq("a4"), True))


def test_dropped_kodama_on_far_rank_stays_and_cannot_move() -> None:
    state = make_state("3x4", [". . k", ". . .", ". . .", "K . ."], ("D", ""))
    assert "D*b4" in notations(state)
    after = play(state, "D*b4", "c4c3")
    assert after.board[sq("b4")] == "D"
    assert not any(n.startswith("b4") for n in notations(after))
    with pytest.raises(IllegalAction, match="A kodama on the far rank can never move"):
        act(GAME, after, 0, Move(sq("b4"), sq("b3"), False))


def test_dropped_kodama_on_far_rank_can_be_captured() -> None:
    state = make_state("3x4", [". . k", ". . .", ". . .", "K . ."], ("D", ""))
    after = play(state, "D*b4", "c4b4")
    assert after.hands[1] == (0, 0, 0, 1, 0, 0)


def test_drops_are_unrestricted_in_3x4() -> None:
    """Two kodama of one player in a file, and a kodama drop that attacks the koropokkuru."""
    state = make_state("3x4", [". k .", ". . .", ". D .", "K . ."], ("D", ""))
    legal = notations(state)
    assert "D*b3" in legal  # same file as the kodama on b2, and it attacks b4
    assert sum(1 for n in legal if n.startswith("D*")) == 9  # every empty square


def test_drop_needs_the_piece_in_reserve() -> None:
    state = make_state("3x4", [". k .", ". . .", ". . .", "K . ."], ("D", ""))
    with pytest.raises(IllegalAction, match="You have no kitsune in reserve"):
        act(GAME, state, 0, Drop("F", sq("b2")))


def test_captured_kodama_samurai_returns_unpromoted() -> None:
    state = make_state("3x4", [". k .", ". . .", ". +d .", "K . ."])
    after = play(state, "a1b2")
    assert after.hands[0] == (0, 0, 0, 1, 0, 0)
    assert "D*a1" in notations(play(after, "b4a4"))


def test_drops_of_a_captured_piece_face_the_captor() -> None:
    state = make_state("3x4", [". k .", ". . .", ". . .", "K . ."], ("D", ""))
    after = play(state, "D*a2", "b4c4")
    assert after.board[sq("a2")] == "D" and "a2a3" in notations(after)


def test_no_legal_action_loses_in_3x4() -> None:
    """The §4.5 safety net. Such positions are not reachable from the start, so this one
    uses more kodama than the box holds: every piece of seat 1 is blocked by its own."""
    state = make_state("3x4", ["k d .", "d d .", "d d .", "d d K"])
    after = play(state, "c1c2")
    assert GAME.legal(after, 1) == []
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.termination == Termination.NO_LEGAL_ACTION
    assert outcome.winners == frozenset({0})
