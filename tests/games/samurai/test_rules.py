"""Samurai captures, swaps and the end of the game, after the rulebook and reference §5-§7, §10."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import engine
from games.base import Event, IllegalAction, Termination
from games.samurai import GAME, End, FigureSwap, Place, SamuraiState, TileSwap
from games.samurai.data import board_for
from tests.games.samurai.positions import figures_at, kinds, play, position

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3


def test_rulebook_capture_example_ronin_then_samurai_splits_the_figures() -> None:
    """Red plays a ronin and a samurai in one turn: Red takes the right Buddha and the
    helmet on top, Green the rice field, Yellow the left Buddha, Blue nothing."""
    state = position(
        figures={"O10": "HR", "O8": "B", "Q9": "B"},  # Akita, the left and right villages
        tiles={
            "P8": (YELLOW, "B4"),
            "Q10": (RED, "B4"),
            "O11": (GREEN, "R4"),
            "P10": (RED, "H3"),
            "N9": (BLUE, "W2"),
            "N8": (BLUE, "W1"),
        },
        hands={RED: ("H2", "S2", "N1", "W1", "FS")},
    )
    state, events = play(state, RED, "N1@P9")  # closes the right village only
    assert [(e.args["hex"], e.args["winner"]) for e in kinds(events, "samurai.capture")] == [
        ("Q9", RED)
    ]
    state, events = play(state, RED, "S2@O9")  # closes the left village and Akita
    captures = [(e.args["hex"], e.args["figure"], e.seat) for e in kinds(events, "samurai.capture")]
    assert captures == [("O8", "B", YELLOW), ("O10", "H", RED), ("O10", "R", GREEN)]
    helmet_event = kinds(events, "samurai.capture")[1]
    assert helmet_event.args["influence"] == [6, 0, 0, 2]
    assert state.captured == ((1, 1, 0), (0, 0, 1), (0, 1, 0), (0, 0, 0))
    assert figures_at(state, "O10") == figures_at(state, "O8") == figures_at(state, "Q9") == ""
    assert GAME.to_act(state) == {RED} and End() in GAME.legal(state, RED)


def _coastal_village(*order: str) -> tuple[int, int]:
    """Buddhas captured by Red and Green when Red plays ``order`` around village O8."""
    state = position(figures={"O8": "B"}, tiles={"P8": (GREEN, "B3")}, hands={RED: ("B2", "W2")})
    state, _ = play(state, RED, *order)
    return state.captured[RED][1], state.captured[GREEN][1]


def test_ship_counts_only_when_played_before_the_closing_tile() -> None:
    assert _coastal_village("W2@N8", "B2@O9") == (1, 0)  # 2 + 2 beat Green's 3
    assert _coastal_village("B2@O9", "W2@N8") == (0, 1)  # closed at 2 against 3


def test_sea_neighbours_never_have_to_be_filled() -> None:
    state = position(figures={"O8": "B"}, tiles={"P8": (GREEN, "B3")}, hands={RED: ("B4",)})
    board = board_for(4)
    sea = [board.hexes[h].label for h in board.neighbours[board.by_label["O8"]]]
    assert all(state.tiles[board.by_label[s]] is None for s in sea if s not in ("O9", "P8"))
    state, events = play(state, RED, "B4@O9")
    assert [e.seat for e in kinds(events, "samurai.capture")] == [RED]


def test_edo_resolves_each_figure_separately_and_a_tie_sets_aside_one_figure() -> None:
    state = position(
        tiles={
            "N13": (RED, "H4"),
            "N14": (GREEN, "B3"),
            "O13": (YELLOW, "B3"),
            "O15": (GREEN, "R2"),
            "P13": (BLUE, "S1"),
        },
        hands={RED: ("S1",)},
    )
    assert figures_at(state, "O14") == "HBR"
    state, events = play(state, RED, "S1@P14")
    assert [(e.args["figure"], e.seat) for e in kinds(events, "samurai.capture")] == [
        ("H", RED),
        ("R", GREEN),
    ]
    (tie,) = kinds(events, "samurai.set_aside")
    assert tie.args["figure"] == "B" and tie.args["tie"] and tie.args["influence"] == [1, 3, 3, 1]
    assert state.set_aside == (0, 1, 0) and state.ties == 1


@pytest.mark.parametrize(("option", "ties"), [("tie", 1), ("removed", 0)])
def test_all_zero_influence_sets_the_figure_aside(option: str, ties: int) -> None:
    state = position(
        figures={"O8": "B"},
        tiles={"P8": (GREEN, "H3")},  # a helmet tile does not influence a Buddha
        hands={RED: ("H2",)},
        zero_influence=option,
    )
    state, events = play(state, RED, "H2@O9")
    assert not kinds(events, "samurai.capture")
    assert state.set_aside == (0, 1, 0) and state.ties == ties


def test_fourth_tie_ends_the_game_at_once_without_a_refill() -> None:
    state = position(
        figures={"O8": "B"},
        tiles={"P8": (GREEN, "B2")},
        hands={RED: ("B2", "W1")},
        piles={RED: ("H4", "H3")},
    )
    state = replace(state, ties=3)
    state, events = play(state, RED, "B2@O9")
    assert state.ties == 4 and state.end_reason == "ties"
    assert GAME.to_act(state) == frozenset() and state.hands[RED] == ("W1",)
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination is Termination.SCORING
    assert kinds(events, "samurai.end")[0].args == {"reason": "ties"}
    with pytest.raises(Exception, match="over"):
        engine.act(GAME, state, RED, Place("W1", "N8"))


def _last_helmet_position(**options: object) -> tuple[SamuraiState, list[Event]]:
    """One placement on O9 closes village O8 (the last helmet) and then Akita (B, R)."""
    base = position(**options)
    board = board_for(4)
    figures = {board.hexes[s].label: base.figures[s].replace("H", "") for s in board.settlements}
    figures.update({"O8": "H", "O10": "BR"})
    state = position(
        figures=figures,
        tiles={"P8": (RED, "H3"), "O11": (GREEN, "B4"), "P9": (GREEN, "R2"), "P10": (RED, "S1")},
        hands={RED: ("S2",)},
        **options,
    )
    state, events = play(state, RED, "S2@O9")
    return state, events


def test_last_figure_of_a_type_ends_the_game_after_the_whole_placement() -> None:
    state, events = _last_helmet_position()
    assert state.end_reason == "exhausted"
    assert figures_at(state, "O10") == ""
    assert len(kinds(events, "samurai.capture")) == 3


def test_option_immediate_end_stops_at_the_triggering_figure() -> None:
    state, events = _last_helmet_position(end_timing="immediate")
    assert state.end_reason == "exhausted"
    assert figures_at(state, "O10") == "BR"
    assert len(kinds(events, "samurai.capture")) == 1


def test_tile_swap_redeployment_completes_a_surround() -> None:
    state = position(
        figures={"O8": "B"},
        tiles={"P8": (GREEN, "B2"), "K16": (RED, "S3")},
        hands={RED: ("TS", "W1")},
    )
    state, events = play(state, RED, "TS K16>O9")
    board = board_for(4)
    assert state.tiles[board.by_label["K16"]] == (RED, "TS")
    assert state.tiles[board.by_label["O9"]] == (RED, "S3")
    assert [e.seat for e in kinds(events, "samurai.capture")] == [RED]  # 3 against 2
    assert state.normal_played and not any(isinstance(a, TileSwap) for a in GAME.legal(state, RED))


def test_tile_swap_never_replaces_a_ship_the_ronin_or_another_players_tile() -> None:
    state = position(
        tiles={
            "K16": (RED, "N1"),
            "N8": (RED, "W2"),
            "K17": (GREEN, "S3"),
            "L15": (RED, "H2"),
        },
        hands={RED: ("TS",)},
    )
    sources = {a.source for a in GAME.legal(state, RED) if isinstance(a, TileSwap)}
    assert sources == {"L15"}
    for source, words in (("K16", "ronin"), ("N8", "ship"), ("K17", "another player's")):
        message = GAME.explain_illegal(state, RED, TileSwap(source, "M16"))
        assert words in message


def test_tile_swap_needs_an_empty_land_hex_for_the_redeployment() -> None:
    board = board_for(2)
    own = board.hexes[board.plain[0]].label
    tiles = {board.hexes[h].label: (GREEN, "S1") for h in board.plain[1:]}
    tiles[own] = (RED, "S3")
    state = position(2, tiles=tiles, hands={RED: ("TS", "W1")})
    assert not any(isinstance(a, TileSwap) for a in GAME.legal(state, RED))
    target = board.hexes[board.plain[1]].label
    assert "already holds a tile" in GAME.explain_illegal(state, RED, TileSwap(own, target))


def test_figure_swap_respects_one_type_per_settlement_in_both_settlements() -> None:
    state = position(figures={"O10": "HR", "Q9": "B", "O8": "H"}, hands={RED: ("FS",)})
    legal = GAME.legal(state, RED)
    good = FigureSwap(("H", "O10"), ("B", "Q9"))
    assert good in legal
    assert FigureSwap(("H", "O8"), ("R", "O10")) not in legal  # Akita would hold 2 helmets
    assert FigureSwap(("H", "O8"), ("H", "O10")) not in legal  # same type: no change
    assert "two helmet" in GAME.explain_illegal(state, RED, FigureSwap(("H", "O8"), ("R", "O10")))
    assert "change nothing" in GAME.explain_illegal(
        state, RED, FigureSwap(("H", "O8"), ("H", "O10"))
    )
    state, events = play(state, RED, "FS H@O10 B@Q9")
    assert figures_at(state, "O10") == "BR" and figures_at(state, "Q9") == "H"
    assert "FS" not in state.hands[RED] and not kinds(events, "samurai.capture")
    assert End() in GAME.legal(state, RED)  # a figure swap alone is a played tile


def test_edo_never_takes_part_in_a_figure_swap() -> None:
    state = position(hands={RED: ("FS",)})
    swaps = [a for a in GAME.legal(state, RED) if isinstance(a, FigureSwap)]
    assert swaps and all("O14" not in (a.first[1], a.second[1]) for a in swaps)


def test_figure_swap_cannot_complete_a_surround() -> None:
    state = position(
        figures={"O8": "B", "Q9": "H"},
        tiles={"P8": (GREEN, "B2"), "O9": (RED, "B3")},  # O8 closed: its figure is gone
        hands={RED: ("FS",)},
    )
    figures = list(state.figures)
    figures[board_for(4).by_label["O8"]] = ""
    state = replace(state, figures=tuple(figures))
    swaps = [a for a in GAME.legal(state, RED) if isinstance(a, FigureSwap)]
    assert swaps and all("O8" not in (a.first[1], a.second[1]) for a in swaps)


def test_one_normal_tile_but_any_number_of_fast_tiles() -> None:
    state = position(hands={RED: ("B2", "S1", "N1", "W1", "W2")})
    state, _ = play(state, RED, "W1@N8", "B2@K16", "N1@K17", "W2@N9")
    legal = GAME.legal(state, RED)
    assert legal == [End()]
    assert "already played your one tile" in GAME.explain_illegal(state, RED, Place("S1", "L15"))


def test_ending_the_turn_needs_a_tile_and_refills_from_a_short_pile() -> None:
    state = position(hands={RED: ("B2", "W1")}, piles={RED: ("H2",)})
    assert End() not in GAME.legal(state, RED)
    assert "at least one tile" in GAME.explain_illegal(state, RED, End())
    state, events = play(state, RED, "B2@K16", "end")
    assert state.hands[RED] == ("H2", "W1") and state.piles[RED] == ()
    (draw,) = kinds(events, "samurai.draw")
    assert draw.audience == frozenset((RED,)) and draw.args == {"tiles": ["H2"]}
    assert kinds(events, "samurai.end_turn")[0].args == {"drew": 1, "hand": 2, "pile": 0}
    assert GAME.to_act(state) == {GREEN} and state.last_steps == ("B2@K16",)


def test_a_player_who_cannot_play_passes_and_no_play_at_all_ends_the_game() -> None:
    state = position(2, hands={0: ("W1",), 1: ()}, piles={0: (), 1: ()})
    state, events = play(state, 0, "W1@K14", "end")
    assert [e.seat for e in kinds(events, "samurai.pass")] == [1, 0]
    assert state.end_reason == "blocked" and GAME.outcome(state) is not None


def test_undo_is_offered_only_inside_an_unfinished_turn() -> None:
    state = position(hands={RED: ("B2", "W1")})
    assert not GAME.can_undo(state, RED)
    state, _ = play(state, RED, "W1@N8")
    assert GAME.can_undo(state, RED) and not GAME.can_undo(state, GREEN)
    state, _ = play(state, RED, "end")
    assert not GAME.can_undo(state, RED) and not GAME.can_undo(state, GREEN)


def test_tiles_never_go_on_settlements_or_occupied_or_wrong_terrain() -> None:
    state = position(tiles={"K16": (GREEN, "S1")}, hands={RED: ("B2", "W1")})
    cases = {
        Place("B2", "K16"): "already holds a tile",
        Place("B2", "O14"): "never go on a settlement",
        Place("B2", "N8"): "only ships go on sea",
        Place("W1", "K17"): "Ships go only on empty sea",
        Place("H4", "K17"): "no Helmet 4 in your hand",
    }
    for action, words in cases.items():
        assert action not in GAME.legal(state, RED)
        assert words in GAME.explain_illegal(state, RED, action)
        with pytest.raises(IllegalAction, match=words):
            engine.act(GAME, state, RED, action)
