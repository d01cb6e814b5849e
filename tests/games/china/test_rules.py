"""Setup, the turn's steps, pile exhaustion, the end of the game, resignation, undo."""

from __future__ import annotations

import pytest

from games.base import GameError, InvalidOption, Termination, resolve_options
from games.china import GAME
from games.china.board import board, load_data
from games.china.scoring import house_points, make_outcome
from games.china.state import PILE, ChinaState, Draw, Exchange, Place
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, DORIS, place, play, position


@pytest.mark.parametrize(("players", "side", "deck"), [(3, "A", 47), (4, "A", 52), (5, "B", 57)])
def test_setup_by_player_count(players: int, side: str, deck: int) -> None:
    state = GAME.setup(players, resolve_options(GAME, {}), 5)
    assert state.side == side
    assert all(len(hand) == 3 for hand in state.hands)
    assert len(state.face_up) == 4
    cards = [c for hand in state.hands for c in hand] + state.face_up + state.pile
    assert len(cards) == deck
    removed = load_data().removed_per_colour[players]
    for colour, count in load_data().cards_per_colour.items():
        assert cards.count(colour) == count - removed
    assert state.houses_left == [20] * players and state.emissaries_left == [8] * players
    assert state.forts_left == [0] * players and state.current == 0


def test_board_side_option() -> None:
    assert GAME.setup(4, resolve_options(GAME, {"side": "b"}), 1).side == "B"
    with pytest.raises(InvalidOption):
        GAME.setup(3, resolve_options(GAME, {"side": "b"}), 1)
    with pytest.raises(InvalidOption):
        GAME.setup(5, resolve_options(GAME, {"side": "a"}), 1)


def test_setup_is_reproducible_from_the_seed() -> None:
    options = resolve_options(GAME, {})
    assert GAME.setup(4, options, 9) == GAME.setup(4, options, 9)
    assert GAME.setup(4, options, 9).pile != GAME.setup(4, options, 10).pile


def test_hand_refills_before_the_face_up_row() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"}, face_up="GOYP", pile="RGOY")
    state, _ = play(state, ALEX, place("RR", "wei", "WEI2", "WEI3"))
    assert GAME.legal(state, ALEX) == [Draw("G"), Draw("O"), Draw("Y"), Draw("P"), Draw(PILE)]
    state, _ = play(state, ALEX, Draw("G"))
    assert state.face_up == ["O", "Y", "P"]  # not refilled while drawing
    state, events = play(state, ALEX, Draw("O"))
    assert state.hands[ALEX] == ["G", "O", "P"]
    assert state.face_up == ["Y", "P", "Y", "O"]
    assert any(e.kind == "china.face_up_refilled" and e.args["cards"] == ["Y", "O"] for e in events)
    assert state.current == BARBARA and state.phase == "act"


def test_exchange_ends_the_turn_and_refills_the_row() -> None:
    state = position(hands={ALEX: "RGP"}, face_up="GOYP", pile="RY")
    state, _ = play(state, ALEX, Exchange("R", "O"))
    assert state.hands[ALEX] == ["G", "O", "P"]
    assert state.discard[-1] == "R"
    assert state.face_up == ["G", "Y", "P", "Y"]
    assert state.current == BARBARA


def test_pile_draws_show_the_card_only_to_the_drawer() -> None:
    state = position(hands={ALEX: "RGP"}, face_up="GOYP", pile="RYO")
    _, events = play(state, ALEX, Exchange("R", PILE))
    private = [e for e in events if e.audience is not None]
    assert [(e.kind, e.args, e.audience) for e in private] == [
        ("china.drew_pile_card", {"card": "O"}, frozenset({ALEX}))
    ]
    public = [e for e in events if e.audience is None]
    assert all("O" not in e.args.values() for e in public if e.kind.startswith("china.drew"))
    assert any(e.kind == "china.drew_pile" for e in public)


def test_can_undo_only_steps_that_revealed_nothing() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"}, face_up="GOYP", pile="RGOY")
    assert not GAME.can_undo(state, ALEX)
    state, _ = play(state, ALEX, place("RR", "wei", "WEI2", "E"))
    assert GAME.can_undo(state, ALEX) and not GAME.can_undo(state, BARBARA)
    face_up, _ = play(state, ALEX, Draw("G"))
    assert face_up.phase == "draw" and GAME.can_undo(face_up, ALEX)
    from_pile, _ = play(state, ALEX, Draw(PILE))
    assert not GAME.can_undo(from_pile, ALEX)
    done, _ = play(face_up, ALEX, Draw(PILE))
    assert done.current == BARBARA and not GAME.can_undo(done, ALEX)
    resigned, _ = GAME.resign(state, CHRIS)
    assert not GAME.can_undo(resigned, ALEX)


def _last_round(current: int) -> ChinaState:
    state = position(houses={"WEI1": BARBARA}, hands={current: "RRP"}, face_up="GOYP", pile="Y")
    state.current, state.exhaustions = current, 1
    return state


def test_game_ends_after_the_round_of_the_second_exhaustion() -> None:
    state = _last_round(BARBARA)
    state, _ = play(state, BARBARA, Exchange("P", PILE))
    assert state.end_triggered and GAME.outcome(state) is None and state.current == CHRIS
    for seat in (CHRIS, DORIS):
        assert GAME.outcome(state) is None
        state, _ = play(state, seat, GAME.legal(state, seat)[-1])
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == Termination.SCORING
    assert GAME.to_act(state) == frozenset()


def test_second_exhaustion_in_the_last_seats_turn_ends_the_game_after_it() -> None:
    state = _last_round(DORIS)
    state, events = play(state, DORIS, Exchange("P", PILE))
    assert GAME.outcome(state) is not None
    kinds = [e.kind for e in events]
    assert kinds.index("china.alliance_scored") < kinds.index("china.routes_scored")
    assert kinds[-1] == "china.game_over"


def _nearly_blocked(option: str) -> ChinaState:
    layout = board("B")
    others = (BARBARA, CHRIS, DORIS)
    houses = {s.id: others[s.index % 3] for s in layout.spaces if s.id != "LU4"}
    options = resolve_options(GAME, {"side": "b", "blocked_end": option})
    state = position(options=options, houses=houses, hands={ALEX: "OOR"})
    state.emissaries_left = [0] * 4
    return state


def test_game_ends_at_once_when_no_piece_can_be_placed() -> None:
    state = _nearly_blocked("immediate")
    state, events = play(state, ALEX, place("O", "lu", "LU4"), Draw(PILE))
    assert GAME.outcome(state) is not None
    assert any(e.kind == "china.region_scored" for e in events)


def test_blocked_end_option_finishes_the_round() -> None:
    state = _nearly_blocked("round")
    state, _events = play(state, ALEX, place("O", "lu", "LU4"), Draw(PILE))
    assert GAME.outcome(state) is None and state.end_triggered
    for seat in (BARBARA, CHRIS, DORIS):
        assert not any(isinstance(a, Place) for a in GAME.legal(state, seat))
        state, _ = play(state, seat, GAME.legal(state, seat)[0])
    assert GAME.outcome(state) is not None


def test_resigned_seats_are_skipped_and_the_last_one_standing_wins() -> None:
    state = GAME.setup(3, resolve_options(GAME, {}), 2)
    state, _ = GAME.resign(state, BARBARA)
    assert GAME.outcome(state) is None and state.hands[BARBARA] == []
    state, _ = play(state, ALEX, Exchange(state.hands[ALEX][0], PILE))
    assert state.current == CHRIS
    with pytest.raises(GameError):
        GAME.resign(state, BARBARA)
    state, _ = GAME.resign(state, CHRIS)  # resigning on one's own turn
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination == Termination.RESIGNATION
    assert outcome.winners == {ALEX} and outcome.ranks == (1, 3, 2)


def test_resigning_on_ones_turn_passes_it_on() -> None:
    state = GAME.setup(4, resolve_options(GAME, {}), 2)
    state, _ = GAME.resign(state, ALEX)
    assert state.current == BARBARA and state.phase == "act"


def test_ties_are_broken_by_pieces_left_then_shared() -> None:
    state = position()
    state.scores = [10, 10, 4, 10]
    state.houses_left = [5, 6, 20, 6]
    outcome = make_outcome(state, Termination.SCORING)
    assert outcome.winners == {BARBARA, DORIS} and outcome.tiebreak == "pieces_left"
    assert outcome.ranks == (3, 1, 4, 1)
    state.houses_left = [5, 7, 20, 6]
    outcome = make_outcome(state, Termination.SCORING)
    assert outcome.winners == {BARBARA} and outcome.tiebreak == "pieces_left"
    state.scores = [12, 10, 4, 10]
    assert make_outcome(state, Termination.SCORING).tiebreak is None


def test_house_scoring_with_five_groups_and_ties_skips_no_rank() -> None:
    assert house_points([5, 4, 3, 2, 1]) == [15, 5, 4, 3, 2]
    assert house_points([3, 3, 1, 1, 0]) == [8, 8, 3, 3, 0]
    assert house_points([0, 0, 0]) == [0, 0, 0]


def test_final_detail_has_a_breakdown_per_seat() -> None:
    state = _last_round(DORIS)
    state.owners[board("B").space_index["WEI2"]] = ALEX
    state, _ = play(state, DORIS, Exchange("P", PILE))
    outcome = GAME.outcome(state)
    assert outcome is not None
    lines = outcome.detail["breakdown"]
    assert [line["total"] for line in lines] == list(map(int, outcome.scores))
    for line in lines:
        assert line["houses"] + line["alliances"] + line["routes"] == line["total"]
        assert {"pieces_left"} <= set(line)
