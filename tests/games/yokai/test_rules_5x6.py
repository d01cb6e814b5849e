"""Yōkai no Mori 5x6: one test per rule of yokai.md §5."""

from __future__ import annotations

import pytest

from games.base import IllegalAction, Termination
from games.engine import act
from games.yokai import GAME, Drop, End, Move
from tests.games.yokai.helpers import make_state, notations, play, square

EMPTY = ". . . . ."
PROMOTION = [EMPTY, ". O . . D", "D . . . .", ". . k . .", ". . . D .", "K . . . ."]
DROP_MATE = ["k d . . .", EMPTY, ". I . . .", EMPTY, EMPTY, ". . . . K"]
DROP_LIMITS = [". . k . .", EMPTY, EMPTY, ". D . . .", ". . . +D .", ". . K . ."]
IN_CHECK = [". . k . .", EMPTY, EMPTY, ". . . . D", ". i . . .", "K . O . ."]


def sq(name: str) -> int:
    return square("5x6", name)


def test_start_position() -> None:
    state = GAME.setup(2, {"variant": "5x6", "perpetual_check_loses": False}, 0)
    assert state.board[:5] == ("O", "I", "K", "I", "O")
    assert state.board[10:15] == ("", "D", "D", "D", "")
    assert state.board[15:20] == ("", "d", "d", "d", "")
    assert state.board[25:] == ("o", "i", "k", "i", "o")
    assert len(notations(state)) == 16


def test_promotion_is_optional_when_moving_into_the_zone() -> None:
    legal = notations(make_state("5x6", PROMOTION))
    assert {"a4a5", "a4a5+"} <= set(legal)


def test_promotion_is_optional_when_moving_inside_the_zone() -> None:
    legal = notations(make_state("5x6", PROMOTION))
    assert {"b5a6", "b5a6+", "b5c6", "b5c6+"} <= set(legal)


def test_promotion_is_optional_when_moving_out_of_the_zone() -> None:
    legal = notations(make_state("5x6", PROMOTION))
    assert {"b5c4", "b5c4+"} <= set(legal)


def test_no_promotion_outside_the_zone() -> None:
    state = make_state("5x6", PROMOTION)
    assert "d2d3" in notations(state) and "d2d3+" not in notations(state)
    with pytest.raises(IllegalAction, match="into, inside or out of the promotion zone"):
        act(GAME, state, 0, Move(sq("d2"), sq("d3"), True))


def test_kodama_must_promote_on_the_last_rank() -> None:
    state = make_state("5x6", PROMOTION)
    assert "e5e6+" in notations(state) and "e5e6" not in notations(state)
    with pytest.raises(IllegalAction, match="must promote"):
        act(GAME, state, 0, Move(sq("e5"), sq("e6"), False))
    assert GAME.parse(state, 0, "e5e6") == Move(sq("e5"), sq("e6"), True)


def test_oni_is_not_forced_to_promote_on_the_last_rank() -> None:
    state = make_state("5x6", PROMOTION)
    assert {"b5b6", "b5b6+"} <= set(notations(state))
    after = play(state, "b5b6", "c3c2")
    assert after.board[sq("b6")] == "O"
    assert {"b6a5", "b6c5"} <= set(notations(after))  # it steps back diagonally


def test_super_oni_moves_like_gold() -> None:
    after = play(make_state("5x6", PROMOTION), "b5b6+", "c3c2")
    assert after.board[sq("b6")] == "+O"
    assert {n for n in notations(after) if n.startswith("b6")} == {"b6a6", "b6c6", "b6b5"}


def test_kirin_never_promotes() -> None:
    state = make_state("5x6", DROP_MATE)
    assert "b4b5" in notations(state) and "b4b5+" not in notations(state)


def test_no_kodama_drop_on_the_last_rank() -> None:
    state = make_state("5x6", DROP_LIMITS, ("D", ""))
    assert "D*a6" not in notations(state)
    with pytest.raises(IllegalAction, match="may not drop a kodama on your far rank"):
        act(GAME, state, 0, Drop("D", sq("a6")))


def test_no_two_unpromoted_kodama_in_a_file() -> None:
    state = make_state("5x6", DROP_LIMITS, ("D", ""))
    assert "D*b5" not in notations(state)
    with pytest.raises(IllegalAction, match="file that already has one of your unpromoted"):
        act(GAME, state, 0, Drop("D", sq("b5")))


def test_kodama_may_share_a_file_with_a_kodama_samurai() -> None:
    assert "D*d5" in notations(make_state("5x6", DROP_LIMITS, ("D", "")))


def test_kodama_drop_giving_check_without_mate_is_allowed() -> None:
    state = make_state("5x6", DROP_LIMITS, ("D", ""))
    assert "D*c5" in notations(state)  # the koropokkuru on c6 may capture it
    assert GAME.view(play(state, "D*c5"), None).in_check


def test_kodama_drop_mate_is_forbidden() -> None:
    state = make_state("5x6", DROP_MATE, ("DI", ""))
    assert "D*a5" not in notations(state)
    with pytest.raises(IllegalAction, match="You may not give checkmate by dropping a kodama"):
        act(GAME, state, 0, Drop("D", sq("a5")))


def test_kirin_drop_mate_is_allowed() -> None:
    state = make_state("5x6", DROP_MATE, ("DI", ""))
    outcome = GAME.outcome(play(state, "I*a5"))
    assert outcome is not None
    assert outcome.termination == End.CHECKMATE and outcome.winners == frozenset({0})


def test_checkmate_by_a_moved_kodama_is_allowed() -> None:
    rows = ["k d . . .", EMPTY, "D I . . .", EMPTY, EMPTY, ". . . . K"]
    outcome = GAME.outcome(play(make_state("5x6", rows), "a4a5"))
    assert outcome is not None
    assert outcome.termination == End.CHECKMATE and outcome.winners == frozenset({0})


def test_koropokkuru_may_not_move_into_attack() -> None:
    rows = [". . k . .", EMPTY, EMPTY, ". . . . D", ". . i . .", "K . . . ."]
    state = make_state("5x6", rows)
    assert {n for n in notations(state) if n.startswith("a1")} == {"a1a2"}
    with pytest.raises(IllegalAction, match="would leave your koropokkuru attacked"):
        act(GAME, state, 0, Move(sq("a1"), sq("b1")))


def test_an_attacked_koropokkuru_must_be_saved() -> None:
    state = make_state("5x6", IN_CHECK, ("I", ""))
    assert GAME.view(state, 0).in_check
    assert set(notations(state)) == {"a1b2", "c1b2"}
    with pytest.raises(IllegalAction, match="In 5x6 that move would leave your koropokkuru"):
        act(GAME, state, 0, Move(sq("e3"), sq("e4")))
    with pytest.raises(IllegalAction, match="In 5x6 that drop would leave your koropokkuru"):
        act(GAME, state, 0, Drop("I", sq("e5")))


def test_stalemate_is_a_loss() -> None:
    rows = ["k . . . .", EMPTY, ". I I . .", EMPTY, EMPTY, ". . . . K"]
    after = play(make_state("5x6", rows), "c4c5")
    assert not GAME.view(after, None).in_check
    outcome = GAME.outcome(after)
    assert outcome is not None
    assert outcome.termination == Termination.NO_LEGAL_ACTION
    assert outcome.winners == frozenset({0})


def test_captured_super_oni_returns_as_oni() -> None:
    rows = [". . k . .", EMPTY, EMPTY, EMPTY, ". +o . . .", "K . . . ."]
    after = play(make_state("5x6", rows), "a1b2")
    assert after.hands[0] == (0, 0, 0, 0, 0, 1)


def test_second_player_zone_is_ranks_1_and_2() -> None:
    rows = [". . k . .", EMPTY, EMPTY, ". d . . .", EMPTY, "K . . . ."]
    state = make_state("5x6", rows, to_move=1)
    assert {"b3b2", "b3b2+"} <= set(notations(state))
    after = play(state, "b3b2", "a1a2")
    assert set(n for n in notations(after) if n.startswith("b2")) == {"b2b1+"}
