"""Notation: canonical form, round trips, friendly forms, ambiguity and unreadable text."""

from __future__ import annotations

import pytest

from games.base import AmbiguousNotation, IllegalAction, InvalidNotation
from games.engine import act_text
from games.yokai import GAME, Drop, Move
from games.yokai.state import YokaiState
from tests.games.yokai.helpers import make_state, notations, square

EMPTY = ". . . . ."


def start(variant: str) -> YokaiState:
    return GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, 0)


def test_canonical_forms() -> None:
    state = make_state("3x4", [". . k", "D . .", ". . .", "K . ."], ("F", ""))
    assert GAME.notation(state, Move(square("3x4", "a3"), square("3x4", "a4"), True)) == "a3a4+"
    assert GAME.notation(state, Move(square("3x4", "a1"), square("3x4", "b2"))) == "a1b2"
    assert GAME.notation(state, Drop("F", square("3x4", "b3"))) == "F*b3"


@pytest.mark.parametrize("variant", ["3x4", "5x6"])
def test_round_trip_from_the_start(variant: str) -> None:
    state = start(variant)
    for action in GAME.legal(state, 0):
        assert GAME.parse(state, 0, GAME.notation(state, action)) == action


@pytest.mark.parametrize(
    "text", ["b2b3", "b2-b3", "b2xb3", "B2B3", "b2 b3", "  b2  -  b3 ", "kodama b3", "D b3", "db3"]
)
def test_friendly_move_forms(text: str) -> None:
    state = start("3x4")
    assert GAME.parse(state, 0, text) == Move(square("3x4", "b2"), square("3x4", "b3"))


@pytest.mark.parametrize("text", ["D*b3", "d*b3", "d * b3", "drop kodama b3", "Drop D on B3"])
def test_friendly_drop_forms(text: str) -> None:
    state = make_state("3x4", [". k .", ". . .", ". . .", ". K ."], ("D", ""))
    assert GAME.parse(state, 0, text) == Drop("D", square("3x4", "b3"))


def test_piece_names_and_aliases() -> None:
    state = start("3x4")
    for text in ("tanuki c2", "giraffe c2", "T c2", "t to c2"):
        assert GAME.notation(state, GAME.parse(state, 0, text)) == "c1c2"
    assert GAME.notation(state, GAME.parse(state, 0, "lion a2")) == "b1a2"


def test_bare_move_that_may_promote_does_not() -> None:
    state = make_state("5x6", [". . k . .", EMPTY, ". D . . .", EMPTY, EMPTY, ". . K . ."])
    assert GAME.parse(state, 0, "b4b5") == Move(square("5x6", "b4"), square("5x6", "b5"), False)
    assert GAME.parse(state, 0, "b4b5+") == Move(square("5x6", "b4"), square("5x6", "b5"), True)
    assert GAME.notation(state, GAME.parse(state, 0, "kodama b5")) == "b4b5"
    assert GAME.notation(state, GAME.parse(state, 0, "kodama b5+")) == "b4b5+"


def test_forced_promotion_needs_no_plus() -> None:
    state = make_state("3x4", [". . k", "D . .", ". . .", "K . ."])
    assert GAME.notation(state, GAME.parse(state, 0, "a3a4")) == "a3a4+"
    assert GAME.notation(state, GAME.parse(state, 0, "kodama a4")) == "a3a4+"


def test_promoted_piece_names() -> None:
    state = make_state("3x4", [". . k", ". . .", ". +D .", "K . ."])
    for text in ("samurai b3", "kodama samurai b3", "+D b3", "kodama b3"):
        assert GAME.notation(state, GAME.parse(state, 0, text)) == "b2b3"


def test_move_and_drop_to_the_same_square_are_ambiguous() -> None:
    state = make_state("3x4", [". k .", ". . .", ". D .", ". K ."], ("D", ""))
    with pytest.raises(AmbiguousNotation) as caught:
        GAME.parse(state, 0, "kodama b3")
    assert caught.value.candidates == ("b2b3", "D*b3")
    assert "b2b3" in str(caught.value) and "D*b3" in str(caught.value)


def test_two_movers_are_ambiguous() -> None:
    with pytest.raises(AmbiguousNotation) as caught:
        GAME.parse(start("5x6"), 0, "kirin c2")
    assert caught.value.candidates == ("b1c2", "d1c2")


def test_lone_square_resolves_when_unique() -> None:
    assert GAME.notation(start("3x4"), GAME.parse(start("3x4"), 0, "a2")) == "b1a2"


@pytest.mark.parametrize("text", ["", "hello", "b2", "zz9", "b2b3b4", "K**b2", "move it"])
def test_unreadable_text_is_invalid_notation(text: str) -> None:
    state = start("3x4")
    if text == "b2":  # a real square no action reaches
        with pytest.raises(IllegalAction, match="None of your actions reaches b2"):
            GAME.parse(state, 0, text)
        return
    with pytest.raises(InvalidNotation, match="D\\*b3"):
        GAME.parse(state, 0, text)


def test_square_off_the_board_is_invalid_notation() -> None:
    with pytest.raises(InvalidNotation, match="no square d4 on the 3x4 board"):
        GAME.parse(start("3x4"), 0, "d4d5")


def test_promoted_drop_is_invalid_notation() -> None:
    with pytest.raises(InvalidNotation, match="always dropped unpromoted"):
        GAME.parse(start("3x4"), 0, "drop samurai b3")


def test_readable_but_illegal_text_is_explained_by_act() -> None:
    state = start("3x4")
    with pytest.raises(IllegalAction, match="Your kodama moves only one square forward"):
        act_text(GAME, state, 0, "b2b4")
    with pytest.raises(IllegalAction, match="You have no kitsune in reserve"):
        act_text(GAME, state, 0, "drop kitsune b3")
    with pytest.raises(IllegalAction, match="Your kitsune moves only one square diagonally"):
        act_text(GAME, state, 0, "kitsune b3")
    with pytest.raises(IllegalAction, match="Your tanuki moves only one square forward, back"):
        act_text(GAME, state, 0, "tanuki b3")


def test_legal_order_is_documented_order() -> None:
    state = make_state("3x4", [". k .", ". . .", ". D .", "K . ."], ("FD", ""))
    legal = GAME.legal(state, 0)
    moves = [a for a in legal if isinstance(a, Move)]
    drops = [a for a in legal if isinstance(a, Drop)]
    assert legal == moves + drops
    assert moves == sorted(moves, key=lambda m: (m.src, m.dst, m.promote))
    assert drops == sorted(drops, key=lambda d: ("KFTDIO".index(d.piece), d.dst))
    assert notations(state)[:3] == ["a1b1", "a1a2", "b2b3"]


def test_labels() -> None:
    state = start("3x4")
    labels = {GAME.notation(state, a): GAME.label(state, a) for a in GAME.legal(state, 0)}
    assert labels["b2b3"] == "kodama b2→b3 takes kodama"
    assert labels["b1a2"] == "koropokkuru b1→a2"
    promo = make_state("3x4", ["t . k", "D . .", ". . .", "K . ."], ("D", ""))
    assert GAME.label(promo, GAME.parse(promo, 0, "a3a4+")) == (
        "kodama a3→a4 takes tanuki and promotes"
    )
    assert GAME.label(promo, Drop("D", square("3x4", "b3"))) == "drop kodama on b3"
