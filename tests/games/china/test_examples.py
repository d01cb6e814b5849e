"""The rulebook's worked examples 1-7 (reference §11), one test each.

Players: Alex (seat 0), Barbara (1), Chris (2), Doris (3). The examples use board side B
(Wei has 7 house spaces and Qi 5 there).
"""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.china import GAME
from games.china.board import board
from games.china.scoring import final_scoring, house_points, route_rows, row_points
from games.china.state import Place
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, DORIS, place, play, position


def test_example_1_placement_limits() -> None:
    # Alex: 1 purple + 2 red, picks empty Wei: only 1 piece.
    state = position(hands={ALEX: "PRR", BARBARA: "RGG", CHRIS: "YYY"})
    legal = GAME.legal(state, ALEX)
    assert place("R", "wei", "WEI1") in legal
    assert not any(isinstance(a, Place) and a.region == "wei" and a.pieces == 2 for a in legal)
    with pytest.raises(IllegalAction, match="only 1 piece"):
        play(state, ALEX, place("RR", "wei", "WEI1", "WEI2"))
    state, _ = play(state, ALEX, place("R", "wei", "WEI1"))
    assert state.phase == "draw"
    # ... his turn ends after that single piece (he refills and Barbara plays).
    state.hands[ALEX] = list("PRR")
    state.phase, state.current = "act", BARBARA
    # Barbara: 1 red + 2 green in Wei = 2 pieces, thanks to Alex's piece.
    state, _ = play(state, BARBARA, place("RGG", "wei", "WEI2", "WEI3"))
    assert state.owners[board("B").space_index["WEI3"]] == BARBARA


def test_example_1_three_cards_of_one_colour() -> None:
    state = position(
        houses={"QI1": BARBARA, "QIN2": DORIS, "WEI1": ALEX}, hands={CHRIS: "YYY"}, current=CHRIS
    )
    legal = GAME.legal(state, CHRIS)
    assert place("YY", "qi", "QI2", "QI3") in legal
    assert place("YY", "qin", "QIN3", "QIN4") in legal
    assert place("YY", "wei", "WEI2") in legal  # the pair as a wild card elsewhere
    assert not any(isinstance(a, Place) and len(a.cards) == 3 for a in legal)
    assert not any(isinstance(a, Place) and a.region == "wei" and a.pieces == 2 for a in legal)
    why = GAME.explain_illegal(state, CHRIS, place("YYY", "qi", "QI2", "QI3"))
    assert "at most 2 pieces" in why.lower()


def test_example_2_emissary_cap_with_a_wild_pair() -> None:
    houses = {f"CHU{i}": BARBARA for i in (1, 2, 3, 4)} | {"CHU5": CHRIS}
    state = position(houses=houses, emissaries={"chu": [0, 1, 1, 0]}, hands={ALEX: "POO"})
    two = place("OOP", "chu", "E", "E")
    assert two in GAME.legal(state, ALEX)
    after, _ = play(state, ALEX, two)
    assert after.emissaries[board("B").region_index["chu"]] == [2, 1, 1, 0]


def test_example_3_tied_leaders_set_the_cap() -> None:
    houses = {"QI1": BARBARA, "QI2": BARBARA, "QI3": DORIS, "QI4": DORIS}
    state = position(houses=houses, hands={ALEX: "YGG"})
    legal = GAME.legal(state, ALEX)
    assert place("YGG", "qi", "E", "E") in legal
    assert place("YGG", "qi", "QI5", "E") in legal
    state2 = position(houses=houses | {"QIN2": CHRIS}, hands={ALEX: "YYG"})
    assert place("YY", "qi", "QI5", "E") in GAME.legal(state2, ALEX)
    assert place("YY", "qi", "E", "E") in GAME.legal(state2, ALEX)


def test_example_4_house_scoring() -> None:
    houses = {"WEI1": ALEX, "WEI2": ALEX, "WEI3": ALEX, "WEI4": BARBARA, "WEI5": BARBARA}
    houses |= {"WEI6": DORIS}
    state = position(houses=houses, hands={ALEX: "RPP"})
    state, events = play(state, ALEX, place("R", "wei", "WEI7"))
    scored = [e for e in events if e.kind == "china.region_scored"]
    assert [e.args["points"] for e in scored] == [[7, 4, 0, 2]]
    assert state.scores == [7, 4, 0, 2]
    assert state.scored[board("B").region_index["wei"]]
    assert house_points([4, 2, 0, 1]) == [7, 4, 0, 2]


def test_example_5_house_scoring_with_a_tie() -> None:
    houses = {"QI1": BARBARA, "QI2": BARBARA, "QI3": CHRIS, "QI4": DORIS}
    state = position(houses=houses, hands={CHRIS: "YOO"}, current=CHRIS)
    state, _events = play(state, CHRIS, place("Y", "qi", "QI5"))
    assert state.scores == [0, 5, 5, 2]
    assert house_points([0, 2, 2, 1]) == [0, 5, 5, 2]


def test_example_6_alliances() -> None:
    # Doris blue (3), Barbara red (1), Alex green (0), Chris purple (2).
    state = position(
        houses={"WEI1": DORIS, "QIN2": DORIS, "SHU1": CHRIS},
        emissaries={"wei": [0, 1, 0, 1], "qin": [1, 1, 0, 2], "shu": [0, 0, 2, 1]},
    )
    events = final_scoring(state, board("B"))
    alliances = {
        e.args["number"]: e.args["points"] for e in events if e.kind.endswith("alliance_scored")
    }
    assert alliances[3] == [0, 0, 0, 6]
    assert alliances[4] == [0, 0, 0, 0]
    assert state.points[DORIS]["alliances"] == 6
    assert sum(sum(points) for points in alliances.values()) == 6


def test_example_7_route_ignores_the_branch() -> None:
    row = ["QIN2", "QIN4", "QIN6", "SHU3", "SHU1", "QIN5"]
    state = position(houses=dict.fromkeys(row, DORIS))
    layout = board("B")
    rows = route_rows(state.owners, state.forts, layout.neighbours, DORIS)
    assert len(rows) == 1 and len(rows[0]) == 5
    assert row_points(rows[0], state.forts) == 5
    final_scoring(state, layout)
    assert state.points[DORIS]["routes"] == 5
