"""The Game protocol: metadata, options, checked actions, events, view, resignation, JSON."""

from __future__ import annotations

import json

import pytest

import games
from games.base import (
    Event,
    Game,
    GameOver,
    IllegalAction,
    InvalidOption,
    NotYourTurn,
    Termination,
    resolve_options,
)
from games.engine import act, replay, resign
from games.yokai import GAME, Drop, Move
from games.yokai.state import YokaiState
from games.yokai.view import YokaiView
from tests.games.yokai.helpers import make_state, play, square

EMPTY = ". . . . ."


def start(variant: str = "3x4") -> YokaiState:
    return GAME.setup(2, resolve_options(GAME, {"variant": variant}), 0)


def test_metadata_and_registry() -> None:
    assert isinstance(GAME, Game)
    assert games.get("yokai") is GAME
    assert (GAME.key, GAME.title, GAME.seats) == ("yokai", "Yōkai no Mori", (2,))
    assert GAME.rules_version == 1 and GAME.hidden_information is False
    assert resolve_options(GAME, {}) == {"variant": "3x4", "perpetual_check_loses": False}
    assert resolve_options(GAME, {"variant": "5X6", "perpetual_check_loses": "yes"}) == {
        "variant": "5x6",
        "perpetual_check_loses": True,
    }


def test_bad_options_and_player_counts() -> None:
    with pytest.raises(InvalidOption):
        resolve_options(GAME, {"variant": "9x9"})
    with pytest.raises(InvalidOption, match="exactly 2 players"):
        GAME.setup(3, resolve_options(GAME, {}), 0)


ILLEGAL = [
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Move(0, 1), "There is no piece on a1."),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Move(10, 7), "The koropokkuru on b4 is"),
    ("3x4", [". k .", ". . .", ". D .", ". K ."], "", Move(1, 4), "your own pieces"),
    ("3x4", [". k .", ". . .", ". D .", ". K ."], "", Move(4, 10), "kodama moves only one"),
    ("3x4", [". k .", ". . .", ". . .", "F K ."], "", Move(0, 3), "kitsune moves only one"),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Move(1, 99), "not on the 3x4 board"),
    ("3x4", [". k .", ". . .", ". D .", ". K ."], "D", Drop("D", 4), "That square is occupied."),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Drop("T", 4), "no tanuki in reserve"),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Drop("I", 4), "There is no kirin in 3x4"),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", Drop("X", 4), "Only a koropokkuru"),
    ("3x4", [". k .", ". . .", ". . .", ". K ."], "", "b2b3", "not a Yōkai no Mori action"),
    ("5x6", [". . k . .", EMPTY, EMPTY, EMPTY, EMPTY, "K . I . ."], "", Move(2, 7, True),
     "A kirin never promotes."),
    ("5x6", [". . k . .", EMPTY, EMPTY, EMPTY, EMPTY, "K . . . ."], "", Drop("F", 7),
     "There is no kitsune in 5x6"),
]  # fmt: skip


@pytest.mark.parametrize(("variant", "rows", "hand", "action", "message"), ILLEGAL)
def test_illegal_actions_are_explained_and_change_nothing(
    variant: str, rows: list[str], hand: str, action: object, message: str
) -> None:
    state = make_state(variant, rows, (hand, ""))
    before = json.dumps(GAME.dump_state(state))
    with pytest.raises(IllegalAction) as caught:
        act(GAME, state, 0, action)
    assert message in str(caught.value)
    assert json.dumps(GAME.dump_state(state)) == before


def test_acting_out_of_turn_and_after_the_end() -> None:
    state = start()
    with pytest.raises(NotYourTurn):
        act(GAME, state, 1, Move(square("3x4", "b3"), square("3x4", "b2")))
    assert GAME.explain_illegal(state, 1, Move(7, 4)) == "It is not your turn."
    over, _ = GAME.resign(state, 0)
    with pytest.raises(GameOver):
        act(GAME, over, 1, Move(7, 4))
    with pytest.raises(GameOver):
        resign(GAME, over, 1)
    assert GAME.explain_illegal(over, 1, Move(7, 4)) == "This game is over."


@pytest.mark.parametrize("seat", [0, 1])
def test_resignation_loses(seat: int) -> None:
    state, events = resign(GAME, start(), seat)
    outcome = GAME.outcome(state)
    assert outcome is not None
    assert outcome.termination == Termination.RESIGNATION
    assert outcome.winners == frozenset({1 - seat})
    assert [e.kind for e in events] == ["yokai.resign", "yokai.end"]
    assert events[0].seat == seat
    assert events[1].args == {"termination": "resignation", "winner": 1 - seat}
    assert GAME.to_act(state) == frozenset() and GAME.legal(state, 1 - seat) == []


def test_move_event() -> None:
    _, events = GAME.apply(start(), 0, Move(square("3x4", "b2"), square("3x4", "b3")))
    assert events == [
        Event(
            "yokai.move",
            {"piece": "kodama", "from": "b2", "to": "b3", "capture": "kodama",
             "promote": False, "notation": "b2b3"},
            seat=0,
        )
    ]  # fmt: skip
    assert all(event.audience is None for event in events)


def test_drop_and_end_events() -> None:
    state = make_state(
        "5x6", ["k d . . .", EMPTY, ". I . . .", EMPTY, EMPTY, ". . . . K"], ("I", "")
    )
    _, events = GAME.apply(state, 0, Drop("I", square("5x6", "a5")))
    assert events == [
        Event("yokai.drop", {"piece": "kirin", "to": "a5", "notation": "I*a5"}, seat=0),
        Event("yokai.end", {"termination": "checkmate", "winner": 0}),
    ]


def test_capture_of_a_promoted_piece_is_named_as_it_stood() -> None:
    state = make_state("3x4", [". k .", ". . .", ". +d .", "K . ."])
    _, events = GAME.apply(state, 0, Move(0, 4))
    assert events[0].args["capture"] == "kodama samurai"


def test_view() -> None:
    state = play(start("5x6"), "c3c4")
    view = GAME.view(state, 1)
    assert isinstance(view, YokaiView)
    assert (view.variant, view.files, view.ranks) == ("5x6", 5, 6)
    assert view.board == state.board and view.board[square("5x6", "c4")] == "D"
    assert view.hands == ((("D", 1),), ())
    assert view.to_move == 1 and view.ply == 1 and view.viewer == 1
    assert view.last_move == "c3c4"
    assert view.last_squares == (square("5x6", "c3"), square("5x6", "c4"))
    assert view.square_name(view.last_squares[1]) == "c4"
    assert not view.in_check and view.outcome is None
    assert GAME.view(state, None) == GAME.view(state, 0).__class__(
        **{**view.__dict__, "viewer": None}
    )


def test_view_of_a_finished_game() -> None:
    state, _ = GAME.resign(start(), 1)
    view = GAME.view(state, 0)
    assert view.to_move is None and view.outcome == GAME.outcome(state)


def test_json_round_trip_and_replay() -> None:
    log = [(0, "b2b3"), (1, "c4b3"), (0, "D*b2"), (1, "b3a2")]
    state, _ = replay(GAME, start(), log)
    data = json.loads(json.dumps(GAME.dump_state(state)))
    assert GAME.load_state(data) == state
    assert GAME.shuffle_hidden(state, 0, 123) is state
    with pytest.raises(ValueError):
        GAME.load_state({"format": 99})
