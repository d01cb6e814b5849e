"""Every edge case of reference §8, one named test each."""

from __future__ import annotations

import pytest

from games.base import IllegalAction
from games.base import resolve_options as _resolve
from games.china import GAME
from games.china.board import board
from games.china.scoring import alliance_points, final_scoring
from games.china.state import PILE, Draw, Exchange, Pass, Place
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, place, play, position


def test_wild_pair_of_mixed_colours_is_rejected() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "RGO"})
    assert not any(
        isinstance(a, Place) and a.cards == ("R", "G", "O") for a in GAME.legal(state, ALEX)
    )
    with pytest.raises(IllegalAction, match="same colour"):
        play(state, ALEX, place("RGO", "wei", "WEI2", "WEI3"))


def test_two_wild_pairs_in_one_turn_are_impossible() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "GGO"})
    why = GAME.explain_illegal(state, ALEX, place("GGOO", "wei", "WEI2", "WEI3"))
    assert "1, 2 or 3 cards" in why


def test_two_pieces_in_different_regions_are_rejected() -> None:
    state = position(houses={"WEI1": BARBARA, "YAN1": BARBARA}, hands={ALEX: "RRP"})
    why = GAME.explain_illegal(state, ALEX, place("RR", "wei", "WEI2", "YAN2"))
    assert "single region" in why and "Yan" in why


def test_emissary_cap_is_checked_as_each_piece_goes_in() -> None:
    # Barbara 1 house + Chris's emissary: the cap of 1 is used up.
    state = position(
        houses={"QI1": BARBARA, "QI2": ALEX}, emissaries={"qi": [0, 0, 1, 0]}, hands={ALEX: "YYP"}
    )
    assert place("Y", "qi", "E") not in GAME.legal(state, ALEX)
    why = GAME.explain_illegal(state, ALEX, place("Y", "qi", "E"))
    assert "at most 1 emissary" in why and "already holds 1" in why
    # Alex's second house, placed first in the same turn, raises the cap to 2.
    assert place("YY", "qi", "QI3", "E") in GAME.legal(state, ALEX)
    after, _ = play(state, ALEX, place("YY", "qi", "QI3", "E"))
    assert after.emissaries[board("B").region_index["qi"]] == [1, 0, 1, 0]


def test_tied_house_leaders_cap_at_the_tied_count() -> None:
    houses = {"LU1": ALEX, "LU2": BARBARA}
    state = position(houses=houses, emissaries={"lu": [0, 0, 1, 0]}, hands={CHRIS: "OOP"})
    state.current = CHRIS
    assert place("O", "lu", "E") not in GAME.legal(state, CHRIS)
    state.emissaries[board("B").region_index["lu"]] = [0, 0, 0, 0]
    assert place("OO", "lu", "E", "E") not in GAME.legal(state, CHRIS)
    assert place("O", "lu", "E") in GAME.legal(state, CHRIS)


def test_scored_region_takes_no_houses_but_emissaries_within_the_cap() -> None:
    houses = {"LU1": ALEX, "LU2": ALEX, "LU3": BARBARA, "LU4": CHRIS}
    state = position(houses=houses, hands={CHRIS: "OOY"}, current=CHRIS)
    state.scored[board("B").region_index["lu"]] = True
    legal = [a for a in GAME.legal(state, CHRIS) if isinstance(a, Place) and a.region == "lu"]
    assert legal and all(not a.houses for a in legal)
    assert place("OO", "lu", "E", "E") in legal
    why = GAME.explain_illegal(state, CHRIS, place("O", "lu", "LU1"))
    assert "already holds a house" in why


def test_exchange_in_the_final_round_takes_only_face_up_cards() -> None:
    state = position(hands={ALEX: "RGY"}, face_up="O", pile="", discard="RR")
    state.exhaustions, state.end_triggered = 2, True
    exchanges = [a for a in GAME.legal(state, ALEX) if isinstance(a, Exchange)]
    assert exchanges and all(a.take == "O" for a in exchanges)
    assert "pile is empty" in GAME.explain_illegal(state, ALEX, Exchange("R", PILE))


def test_pass_when_nothing_can_be_placed_or_taken() -> None:
    full = {s.id: CHRIS for s in board("B").spaces}
    state = position(houses=full, hands={ALEX: "RGY"}, face_up="", pile="", discard="")
    state.scored = [True] * len(state.scored)
    state.emissaries_left = [0] * state.players
    state.exhaustions, state.end_triggered = 2, True
    assert GAME.legal(state, ALEX) == [Pass()]
    state.face_up = ["O"]
    assert Pass() not in GAME.legal(state, ALEX)
    assert "cannot pass" in GAME.explain_illegal(state, ALEX, Pass())


def test_first_exhaustion_mid_draw_reshuffles_and_drawing_goes_on() -> None:
    state = position(
        houses={"WEI1": BARBARA}, hands={ALEX: "RRP"}, face_up="GOYY", pile="O", discard="PYG"
    )
    state, events = play(state, ALEX, place("RR", "wei", "WEI2", "WEI3"), Draw(PILE))
    assert any(e.kind == "china.reshuffled" for e in events)
    assert state.exhaustions == 1 and state.phase == "draw"
    assert sorted(state.pile) == sorted("PYGRR")
    assert state.discard == []
    state, _ = play(state, ALEX, Draw(PILE))
    assert state.phase == "act" and state.current == BARBARA
    assert len(state.face_up) == 4


def test_second_exhaustion_mid_draw_leaves_the_display_short() -> None:
    state = position(
        houses={"WEI1": BARBARA}, hands={ALEX: "RRP"}, face_up="GOYY", pile="O", discard=""
    )
    state.exhaustions = 1
    state, events = play(state, ALEX, place("RR", "wei", "WEI2", "WEI3"), Draw(PILE))
    assert state.end_triggered and state.exhaustions == 2
    assert any(e.kind == "china.final_round" for e in events)
    assert Draw(PILE) not in GAME.legal(state, ALEX)
    state, _ = play(state, ALEX, Draw("Y"))
    assert state.face_up == ["G", "O", "Y"]  # not refilled
    assert state.current == BARBARA and state.phase == "act"


def test_alliance_with_an_empty_region_scores_nobody() -> None:
    assert alliance_points([2, 1, 0], [0, 0, 0]) == [0, 0, 0]
    state = position(houses={"WEI1": ALEX}, emissaries={"wei": [1, 0, 0, 0]})
    events = final_scoring(state, board("B"))
    alliances = [e.args["points"] for e in events if e.kind == "china.alliance_scored"]
    assert all(points == [0, 0, 0, 0] for points in alliances)


def test_zero_majority_option_lets_an_empty_region_count() -> None:
    assert alliance_points([2, 1, 0], [0, 0, 0], zero_counts=True) == [3, 0, 0]
    options = _resolve(GAME, {"zero_majority": True, "side": "b"})
    state = position(options=options, houses={"WEI1": ALEX}, emissaries={"wei": [1, 0, 0, 0]})
    final_scoring(state, board("B"))
    assert state.points[ALEX]["alliances"] == 5  # Wei's alliances 3, 8, 9, 12, 13
