"""The rulebook's worked examples 1-7 (reference §11), one test each.

Players: Alex (seat 0), Barbara (1), Chris (2), Doris (3). The examples use board side B
(Wei has 7 house spaces and Qi 6 there), except where a test says otherwise. The first
tests build positions by hand; the ``..._on_the_real_map`` ones play each example from a
real opening through the engine (see ``tests/games/china/table.py``).
"""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.china import GAME
from games.china.board import board
from games.china.scoring import final_scoring, house_points, route_rows, row_points
from games.china.state import Place
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, DORIS, place, play, position
from tests.games.china.table import SWAP, Table, Turn, of_kind

LAYOUT_B = board("B")


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
    # Qi holds 5 spaces on side A (6 on side B, where it would score only at the end).
    houses = {"QI1": BARBARA, "QI2": BARBARA, "QI3": CHRIS, "QI4": DORIS}
    state = position(side="a", houses=houses, hands={CHRIS: "YOO"}, current=CHRIS)
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


# --- the same examples at a real table ------------------------------------------------------
#
# Each test below starts a 4-player game on the shipped map with games.get("china").setup,
# stacks the deck (the seeded deal's cards in another order, see tests/games/china/table.py)
# and reaches the example's position by legal turns through games.engine.act_text.
# Turns in each script row: Alex, Barbara, Chris, Doris.


def _explain(table: Table, text: str) -> str:
    with pytest.raises(IllegalAction) as caught:
        table.try_text(text)
    return str(caught.value)


def test_example_1_placement_limits_on_the_real_map() -> None:
    table = Table(
        [
            *("Y:qi QI1", "Y:qin QIN2", SWAP, SWAP),
            *(Turn("R:wei WEI1", hand="PRR"), Turn("RGG:wei WEI2+WEI3", hand="RGG")),
            Turn("YY:qi QI2+QI3", hand="YYY"),
        ]
    )
    table.play(4)
    # Alex: 1 purple + 2 red; Wei is empty, so one red card places one piece.
    assert sorted(table.state.hands[ALEX]) == ["P", "R", "R"]
    legal = table.legal()
    assert "R:wei WEI1" in legal
    assert not [t for t in legal if t.startswith("RR:wei")]
    assert "only 1 piece" in _explain(table, "RR:wei WEI1+WEI2")
    events = table.play()
    # ... and his turn ended with that piece: he refilled and Barbara is to play.
    assert [e["houses"] for e in of_kind(events, "china.place")] == [["WEI1"]]
    assert table.seat == BARBARA and table.state.phase == "act"
    # Barbara: 1 red + 2 green in Wei = 2 pieces (the red card and the green wild pair).
    assert "RGG:wei WEI2+WEI3" in table.legal()
    table.play()
    wei = [table.state.owners[LAYOUT_B.space_index[f"WEI{i}"]] for i in (1, 2, 3)]
    assert wei == [ALEX, BARBARA, BARBARA]
    # Chris: 3 yellow; Qi and Ch'in both hold pieces: 2 yellow place 2 pieces in either,
    # or 2 yellow as a wild pair place 1 piece in a region of another colour.
    assert sorted(table.state.hands[CHRIS]) == ["Y", "Y", "Y"]
    legal = table.legal()
    assert {"YY:qi QI2+QI3", "YY:qin QIN1+QIN3", "YY:wei WEI4"} <= set(legal)
    assert not [t for t in legal if t.startswith("YYY")]
    assert not [t for t in legal if t.startswith("YY:wei") and "+" in t]
    assert "at most 2 pieces" in _explain(table, "YYY:qi QI2+QI3+QI4")
    table.play()
    assert table.seat == DORIS


def test_example_2_emissary_cap_with_a_wild_pair_on_the_real_map() -> None:
    table = Table(
        [
            *(SWAP, "P:chu CHU1", SWAP, SWAP),
            *(SWAP, "PP:chu CHU2+CHU3", "P:chu CHU5", SWAP),
            *(SWAP, "PP:chu CHU4+E", "P:chu E", SWAP),
            *(Turn("OOP:chu E+E", hand="OOP"), SWAP, Turn(SWAP, hand="PYY")),
        ]
    )
    table.play(12)
    chu = LAYOUT_B.region_index["chu"]
    # Barbara leads Chu with 4 houses: at most 4 emissaries; 2 are there.
    counts = [0] * 4
    for space in LAYOUT_B.regions[chu].spaces:
        if table.state.owners[space] >= 0:
            counts[table.state.owners[space]] += 1
    assert counts == [0, 4, 1, 0]
    assert sum(table.state.emissaries[chu]) == 2
    # Alex adds two, paying 1 purple + an orange wild pair.
    assert "OOP:chu E+E" in table.legal()
    table.play()
    assert table.state.emissaries[chu] == [2, 1, 1, 0]
    table.play()
    # The cap is reached: Chris (purple and yellow cards, 1 house in Chu) may send no
    # emissary to Chu, though he may still build there.
    assert table.seat == CHRIS
    chu_plays = [t.split(" ", 1)[1] for t in table.legal() if ":chu " in t]
    assert "CHU6" in chu_plays and not [t for t in chu_plays if "E" in t]
    assert "at most 4 emissaries" in _explain(table, "P:chu E")


def test_example_3_tied_leaders_set_the_cap_on_the_real_map() -> None:
    table = Table(
        [
            *(SWAP, "Y:qi QI1", SWAP, "YY:qi QI3+QI4"),
            *(SWAP, "Y:qi QI2", Turn("YY:qi E+E", hand="YYR"), Turn(SWAP, hand="YPP")),
        ]
    )
    table.play(6)
    qi = LAYOUT_B.region_index["qi"]
    assert sum(table.state.emissaries[qi]) == 0
    # Barbara and Doris tie with 2 houses each: up to 2 emissaries; the same two yellow
    # cards could place 2 houses (Qi has room for them) or a house and an emissary.
    legal = set(table.legal())
    assert {"YY:qi E+E", "YY:qi QI5+QI6", "YY:qi QI5+E", "YY:qi QI6+E"} <= legal
    table.play()
    assert table.state.emissaries[qi] == [0, 0, 2, 0]
    assert "at most 2 emissaries" in _explain(table, "Y:qi E")


def test_example_4_house_scoring_on_the_real_map() -> None:
    table = Table(
        [
            *("R:wei WEI1", "RR:wei WEI2+WEI3", SWAP, "R:wei WEI4"),
            *("RR:wei WEI5+WEI6", SWAP, SWAP, SWAP),
            "R:wei WEI7",
        ]
    )
    assert not of_kind(table.play(8), "china.region_scored")
    # Alex's fourth house fills Wei (7 spaces): A 4, B 2, D 1 -> A 7, B 4, D 2.
    scored = of_kind(table.play(), "china.region_scored")
    assert scored == [
        {
            "region": "wei",
            "region_name": "Wei",
            "houses": [4, 2, 0, 1],
            "points": [7, 4, 0, 2],
            "final": False,
        }
    ]
    assert table.state.scores == [7, 4, 0, 2]


EXAMPLE_5 = [*(SWAP, "Y:qi QI1", "YY:qi QI2+QI3", "Y:qi QI4"), *(SWAP, "Y:qi QI5")]


def test_example_5_house_scoring_with_a_tie_on_the_real_map() -> None:
    # Side B (the examples' side) has 6 spaces in Qi: B 2, C 2, D 1 leave one free, and the
    # region is scored in the final scoring.
    table = Table(EXAMPLE_5)
    assert not of_kind(table.play_script(), "china.region_scored")
    scored = [e for e in of_kind(table.finish(), "china.region_scored") if e["region"] == "qi"]
    assert [(e["houses"], e["points"], e["final"]) for e in scored] == [
        ([0, 2, 2, 1], [0, 5, 5, 2], True)
    ]
    assert [p["houses"] for p in table.state.points] == [0, 5, 5, 2]


def test_example_5_house_scoring_with_a_tie_on_side_a() -> None:
    # Side A has 5 spaces in Qi: Barbara's second house fills it and it is scored at once.
    table = Table(EXAMPLE_5, side="a")
    assert not of_kind(table.play(5), "china.region_scored")
    scored = of_kind(table.play(), "china.region_scored")
    assert [(e["region"], e["points"], e["final"]) for e in scored] == [("qi", [0, 5, 5, 2], False)]
    assert table.state.scores == [0, 5, 5, 2]


# Examples 6 and 7 share a figure: Doris (blue) has 4 houses in Ch'in and 2 in Shu, in a
# row of 5 (QIN2-QIN4-QIN6-SHU3-SHU1) with a branch house in Ch'in's lower-left corner
# (QIN1); emissaries: Wei blue 1 red 1, Ch'in blue 2 red 1 green 1, Shu purple 2 blue 1.
# Alex is green, Barbara red, Chris purple, Doris blue.
EXAMPLES_6_7 = [
    *(SWAP, "R:wei WEI1", "G:shu SHU2", "Y:qin QIN2"),
    *(SWAP, "RR:wei WEI2+E", "GG:shu SHU4+SHU5", "YY:qin QIN4+QIN6"),
    *("Y:qin E", "Y:qin E", "GG:shu E+E", "YY:qin QIN1+E"),
    *(SWAP, SWAP, SWAP, "GG:shu SHU1+SHU3"),
    *(SWAP, SWAP, SWAP, "G:shu E"),
    *(SWAP, SWAP, SWAP, "R:wei E"),
    *(SWAP, SWAP, SWAP, "Y:qin E"),
]


def _examples_6_7() -> Table:
    table = Table(EXAMPLES_6_7)
    table.play_script()
    envoys = {r: table.state.emissaries[LAYOUT_B.region_index[r]] for r in ("wei", "qin", "shu")}
    assert envoys == {"wei": [0, 1, 0, 1], "qin": [1, 1, 0, 2], "shu": [0, 0, 2, 1]}
    table.finish()
    return table


def test_example_6_alliances_on_the_real_map() -> None:
    table = _examples_6_7()
    alliances = {e["number"]: e["points"] for e in of_kind(table.events, "china.alliance_scored")}
    # No. 3, Wei-Ch'in: Doris has the majority in both: 2 + 4 = 6 points, nobody else.
    assert alliances[3] == [0, 0, 0, 6]
    # No. 4, Ch'in-Shu: nobody has both majorities (Doris in Ch'in, Chris in Shu).
    assert alliances[4] == [0, 0, 0, 0]
    assert sorted(alliances) == list(range(1, 16))
    assert [p["alliances"] for p in table.state.points] == [0, 0, 0, 6]


def test_example_7_route_ignores_the_branch_on_the_real_map() -> None:
    table = _examples_6_7()
    doris = {LAYOUT_B.spaces[s].id for s, o in enumerate(table.state.owners) if o == DORIS}
    assert doris == {"QIN1", "QIN2", "QIN4", "QIN6", "SHU1", "SHU3"}
    (routes,) = of_kind(table.events, "china.routes_scored")
    (row,) = routes["rows"][DORIS]
    main_row = ["QIN2", "QIN4", "QIN6", "SHU3", "SHU1"]
    assert row in (main_row, main_row[::-1])
    assert routes["points"] == [0, 0, 0, 5]
    assert table.state.points[DORIS]["routes"] == 5
