"""What each seat sees: hands, piles and (3-4 players) captures stay secret (§9)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.samurai import GAME, SamuraiState, SamuraiView
from tests.games.samurai.positions import play, position

RED, GREEN = 0, 1


def _with_captures(players: int, **options: object) -> SamuraiState:
    state = position(players, **options)
    return replace(state, captured=((1, 0, 2),) + ((0, 3, 0),) * (players - 1))


@pytest.mark.parametrize("players", [3, 4])
def test_captures_are_hidden_with_three_or_four_players(players: int) -> None:
    state = _with_captures(players)
    public = GAME.view(state, None)
    assert all(p.captured is None for p in public.seats)
    mine = GAME.view(state, RED)
    assert mine.captured == (1, 0, 2) and mine.seats[RED].captured == (1, 0, 2)
    assert all(p.captured is None for p in mine.seats[1:])
    assert GAME.hand(state, RED)["captured"] == {"helmet": 1, "buddha": 0, "rice": 2}
    shown = GAME.view(_with_captures(players, public_captures=True), None)
    assert [p.captured for p in shown.seats][:2] == [(1, 0, 2), (0, 3, 0)]


def test_captures_are_public_with_two_players() -> None:
    state = _with_captures(2)
    assert [p.captured for p in GAME.view(state, None).seats] == [(1, 0, 2), (0, 3, 0)]
    assert "captured" not in GAME.hand(state, RED)


def test_hands_and_piles_show_only_to_their_owner_and_counts_to_everyone() -> None:
    state = position(3, hands={RED: ("B2", "W1")}, piles={RED: ("H3", "FS", "B4")})
    mine = GAME.view(state, RED)
    assert [t.code for t in mine.hand] == ["B2", "W1"]
    assert [t.code for t in mine.pile] == ["H3", "B4", "FS"]  # contents, not the order
    assert mine.hand[1].fast and mine.hand[1].kind == "ship" and mine.hand[1].value == 1
    assert GAME.view(state, None).hand == () and GAME.view(state, None).pile == ()
    assert [t.code for t in GAME.view(state, GREEN).hand] == list(state.hands[GREEN])
    for viewer in (None, GREEN):
        other = GAME.view(state, viewer)
        assert other.seats[RED].hand_count == 2 and other.seats[RED].pile_count == 3
    assert GAME.hand(state, RED) == {
        "hand": ["B2", "W1"],
        "pile": ["H3", "B4", "FS"],
        "confirmed": True,
        "captured": {"helmet": 0, "buddha": 0, "rice": 0},
    }


def test_the_view_shows_the_board_and_highlights_the_turns() -> None:
    state = position(figures={"O8": "B"}, tiles={"P8": (GREEN, "B3")}, hands={RED: ("B4", "W1")})
    state, _ = play(state, RED, "W1@N8", "B4@O9")
    view = GAME.view(state, None)
    assert isinstance(view, SamuraiView)
    assert view.this_turn == ("W1@N8", "B4@O9") and view.this_turn_hexes == ("N8", "O9")
    assert {(t.hex, t.owner, t.tile.code) for t in view.tiles} >= {("O9", RED, "B4")}
    o8 = next(s for s in view.settlements if s.hex == "O8")
    assert o8.figures == () and o8.open_land == 0
    assert len(view.hexes) == 174 and view.phase == "play" and view.current == RED
    state, _ = play(state, RED, "end")
    view = GAME.view(state, GREEN)
    assert view.last_turn == ("W1@N8", "B4@O9") and view.last_seat == RED
    assert view.this_turn == () and view.to_act == {GREEN}


def test_shuffle_hidden_changes_only_what_the_viewer_cannot_see() -> None:
    state = _with_captures(4)
    for seat in (None, 0, 1, 2, 3):
        hidden = GAME.shuffle_hidden(state, seat, 7)
        assert GAME.view(hidden, seat) == GAME.view(state, seat)
    hidden = GAME.shuffle_hidden(state, 0, 7)
    assert hidden.hands[1:] != state.hands[1:] or hidden.piles[1:] != state.piles[1:]
    assert hidden.hands[0] == state.hands[0]


def _public_view_is_clean(view: SamuraiView) -> bool:
    over = view.phase == "over"
    return (
        view.hand == ()
        and view.pile == ()
        and view.captured is None
        and (over or all(p.captured is None for p in view.seats))
    )


@pytest.mark.parametrize("players", [3, 4])
def test_no_secret_reaches_the_public_view_over_many_games(players: int) -> None:
    """A cheap secrecy check over 100 random games per player count: no hand, pile or
    captured figures of any seat in the public view until the end."""
    for seed in range(100):
        state = GAME.setup(players, resolve_options(GAME, {"random_opening": True}), seed)
        player = RandomPlayer(seed)
        steps = 0
        while GAME.outcome(state) is None:
            if steps % 4 == 0:
                assert _public_view_is_clean(GAME.view(state, None))
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
            steps += 1
        final = GAME.view(state, None)
        assert final.outcome is not None and all(p.captured is not None for p in final.seats)
