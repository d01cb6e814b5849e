"""The fortification variant (reference §7)."""

from __future__ import annotations

import pytest

from games.base import IllegalAction, resolve_options
from games.china import GAME
from games.china.board import board
from games.china.scoring import final_scoring, pieces_left
from games.china.state import ChinaState, Place
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, DORIS, place, play, position

B = board("B")


def fortified(**kwargs: object) -> ChinaState:
    options = resolve_options(GAME, {"side": "b", "fortifications": True})
    return position(options=options, **kwargs)  # type: ignore[arg-type]


def test_fortifications_need_the_variant() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"})
    why = GAME.explain_illegal(state, ALEX, place("RR", "wei", "F@WEI2", "WEI2"))
    assert "fortification variant" in why
    assert not any(isinstance(a, Place) and a.fortification for a in GAME.legal(state, ALEX))


def test_each_player_has_one_fortification_counted_in_the_supply() -> None:
    state = fortified()
    assert state.forts_left == [1, 1, 1, 1]
    assert pieces_left(state, ALEX) == 29


def test_a_fortification_carries_the_players_house_in_the_same_turn() -> None:
    state = fortified(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"})
    legal = GAME.legal(state, ALEX)
    assert place("RR", "wei", "F@WEI2", "WEI2") in legal
    assert place("R", "wei", "F@WEI2") not in legal
    assert place("RR", "wei", "F@WEI2", "WEI3") not in legal
    why = GAME.explain_illegal(state, ALEX, place("R", "wei", "F@WEI2"))
    assert "add a house on WEI2" in why
    state, _ = play(state, ALEX, place("RR", "wei", "F@WEI2", "WEI2"))
    index = B.space_index["WEI2"]
    assert state.forts[index] and state.owners[index] == ALEX and state.forts_left[ALEX] == 0


def test_a_bare_fortification_stays_neutral_when_no_house_can_follow() -> None:
    # Empty region: only one piece this turn, so the fortification stays bare.
    state = fortified(hands={ALEX: "RRP"})
    assert place("R", "wei", "F@WEI2") in GAME.legal(state, ALEX)
    state, _ = play(state, ALEX, place("R", "wei", "F@WEI2"))
    index = B.space_index["WEI2"]
    assert state.forts[index] and state.owners[index] == -1
    # It counts as a piece present: two pieces may follow, but no emissary yet.
    state.phase, state.current = "act", BARBARA
    state.hands[BARBARA] = list("RRG")
    legal = GAME.legal(state, BARBARA)
    assert place("RR", "wei", "WEI2", "WEI3") in legal  # a later player takes the fortification
    assert place("RR", "wei", "WEI2", "E") in legal  # the house comes first
    assert not any(isinstance(a, Place) and a.region == "wei" and not a.houses for a in legal)
    assert "without houses" in GAME.explain_illegal(state, BARBARA, place("R", "wei", "E"))


def test_a_bare_fortification_does_not_fill_its_region() -> None:
    houses = {"LU1": ALEX, "LU2": ALEX, "LU3": BARBARA}
    state = fortified(houses=houses, forts=("LU4",), hands={CHRIS: "OPP"}, current=CHRIS)
    state, events = play(state, CHRIS, place("PP", "lu", "E"))
    assert not any(e.kind == "china.region_scored" for e in events)
    assert not state.scored[B.region_index["lu"]]


def test_a_house_on_a_fortification_scores_double_in_its_region() -> None:
    houses = {"QI1": ALEX, "QI2": ALEX, "QI3": BARBARA, "QI4": DORIS}
    options = resolve_options(GAME, {"side": "a", "fortifications": True})  # Qi: 5 spaces
    state = position(
        options=options, houses=houses, forts=("QI3",), hands={CHRIS: "YYP"}, current=CHRIS
    )
    state, _ = play(state, CHRIS, place("Y", "qi", "QI5"))
    # Alex 2 houses -> 5; Barbara 1 (on the fortification) -> 2 doubled = 4; Doris, Chris 2.
    assert state.scores == [5, 4, 2, 2]


def test_a_route_through_a_fortification_scores_double_once() -> None:
    row = ["QIN2", "QIN4", "QIN6", "SHU3"]
    state = fortified(houses=dict.fromkeys(row, DORIS), forts=("QIN4", "QIN6"))
    final_scoring(state, B)
    assert state.points[DORIS]["routes"] == 8


def test_a_bare_fortification_breaks_a_row() -> None:
    houses = dict.fromkeys(["QIN2", "QIN4", "SHU3", "SHU1", "SHU2"], DORIS)
    state = fortified(houses=houses, forts=("QIN6",))
    final_scoring(state, B)
    assert state.points[DORIS]["routes"] == 0


def test_fortification_and_house_need_a_region_started_before_the_turn() -> None:
    state = fortified(hands={ALEX: "RRP"})
    with pytest.raises(IllegalAction, match="only 1"):
        play(state, ALEX, place("RR", "wei", "F@WEI2", "WEI2"))


def test_without_houses_left_a_fortification_may_go_with_an_emissary() -> None:
    state = fortified(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"})
    state.houses_left[ALEX] = 0
    legal = GAME.legal(state, ALEX)
    assert place("RR", "wei", "F@WEI2", "E") in legal
    assert place("R", "wei", "F@WEI2") in legal
