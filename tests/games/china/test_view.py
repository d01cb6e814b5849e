"""The view: what each seat and the public see."""

from __future__ import annotations

from games.base import resolve_options
from games.china import GAME
from games.china.state import PILE, Draw
from games.china.view import ChinaView
from tests.games.china.helpers import ALEX, BARBARA, CHRIS, place, play, position


def test_view_shows_the_board_and_the_viewers_own_hand_only() -> None:
    state = position(
        houses={"WEI1": BARBARA, "WEI2": CHRIS},
        emissaries={"wei": [0, 1, 0, 0]},
        hands={ALEX: "RGG", BARBARA: "PPP"},
        face_up="OYGP",
        pile="RRY",
        discard="GO",
    )
    mine = GAME.view(state, ALEX)
    public = GAME.view(state, None)
    assert isinstance(mine, ChinaView)
    assert mine.hand == ("R", "G", "G") and public.hand is None
    assert GAME.view(state, BARBARA).hand == ("P", "P", "P")
    assert mine.hand_sizes == (3, 3, 3, 3)
    assert mine.face_up == ("O", "Y", "G", "P") and mine.pile_count == 3
    assert mine.discard_count == 2 and mine.discard_top == "O"
    assert dict(mine.discard_counts)["G"] == 1
    wei = next(r for r in mine.regions if r.id == "wei")
    assert wei.name == "Wei" and wei.colour == "R" and len(wei.spaces) == 7
    assert wei.spaces[0].owner == BARBARA and wei.spaces[2].owner is None
    assert wei.emissaries == (0, 1, 0, 0) and wei.houses == (0, 1, 1, 0) and wei.cap == 1
    assert [a.number for a in mine.alliances] == list(range(1, 16))
    assert mine.alliances[2].regions == ("wei", "qin")
    assert mine.side == "B" and len(mine.grid_rows) == 14 and mine.cell_px == 50
    assert mine.supply[BARBARA].houses == 19 and mine.supply[BARBARA].emissaries == 7
    assert mine.to_act == ALEX and mine.step == "place" and mine.outcome is None


def test_view_follows_the_steps_of_a_turn() -> None:
    state = position(houses={"WEI1": BARBARA}, hands={ALEX: "RRP"}, face_up="GOYP", pile="RGOY")
    state, _ = play(state, ALEX, place("RR", "wei", "WEI2", "E"))
    view = GAME.view(state, None)
    assert view.step == "draw" and view.cards_to_draw == 2
    assert view.last_turn is not None and view.last_turn.houses == ("WEI2",)
    assert view.last_turn.emissaries == 1 and view.last_turn.region == "wei"
    state, _ = play(state, ALEX, Draw(PILE), Draw("G"))
    view = GAME.view(state, None)
    assert view.step == "place" and view.to_act == BARBARA and view.cards_to_draw == 0


def test_hand_is_the_private_json_of_a_seat() -> None:
    state = GAME.setup(3, resolve_options(GAME, {}), 4)
    assert GAME.hand(state, 1) == state.hands[1]
    assert GAME.view(state, 1).hand == tuple(GAME.hand(state, 1))
