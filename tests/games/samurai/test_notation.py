"""Samurai notation: canonical text, friendly input, ambiguity, and explanations."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from games import words as words_module
from games.base import AmbiguousNotation, InvalidNotation, resolve_options
from games.samurai import (
    GAME,
    Confirm,
    Drop,
    End,
    FigureSwap,
    Place,
    PlaceFigure,
    Take,
    TileSwap,
)
from games.samurai.data import all_labels, board_for, hex_label
from games.words import spoken
from tests.games.samurai.positions import play, position

RED = 0


def test_hex_labels_are_short_unique_and_fixed_across_player_counts() -> None:
    assert hex_label(14, -3) == "O14"  # Edo
    labels = [h.label for h in board_for(4).hexes]
    assert len(set(labels)) == len(labels) == 174 and all(len(x) <= 3 for x in labels)
    for players in (2, 3):
        for h in board_for(players).hexes:
            assert board_for(4).hexes[board_for(4).by_label[h.label]].x == h.x
    assert set(labels) == all_labels()


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (Place("B3", "F7"), "B3@F7"),
        (Place("W2", "C4"), "W2@C4"),
        (TileSwap("F7", "G9"), "TS F7>G9"),
        (FigureSwap(("H", "L16"), ("B", "O10")), "FS H@L16 B@O10"),
        (PlaceFigure("R", "L16"), "R@L16"),
        (Take("B4"), "take B4"),
        (Drop("FS"), "drop FS"),
        (Confirm(), "confirm"),
        (End(), "end"),
    ],
)
def test_canonical_notation(action: object, text: str) -> None:
    state = position()
    assert GAME.notation(state, action) == text


def test_friendly_forms_in_any_case() -> None:
    state = position(
        figures={"L16": "HR", "O10": "BR"},
        tiles={"K16": (RED, "S3")},
        hands={RED: ("B3", "S1", "N1", "W2", "TS")},
    )
    cases = {
        "B3@L15": Place("B3", "L15"),
        "buddha 3 on l15": Place("B3", "L15"),
        "  b3   L15 ": Place("B3", "L15"),
        "Ronin k17": Place("N1", "K17"),
        "ship 2 n8": Place("W2", "N8"),
        "ship n8": Place("W2", "N8"),
        "tile swap k16 to k17": TileSwap("K16", "K17"),
        "ts K16-K17": TileSwap("K16", "K17"),
        "figure swap buddha akita helmet kyoto": FigureSwap(("H", "L16"), ("B", "O10")),
        "END TURN": End(),
        "done": End(),
    }
    for text, action in cases.items():
        assert GAME.parse(state, RED, text) == action, text


def test_pick_and_placement_words() -> None:
    pick = GAME.setup(2, resolve_options(GAME, {}), 1)
    assert GAME.parse(pick, 0, "pick buddha 4") == Take("B4")
    assert GAME.parse(pick, 0, "b4") == Take("B4")
    assert GAME.parse(pick, 0, "remove figure swap") == Drop("FS")
    assert GAME.parse(pick, 0, "Ready") == Confirm()
    placing = GAME.setup(2, resolve_options(GAME, {"random_opening": True}), 1)
    assert GAME.parse(placing, 0, "rice field on Kyoto") == PlaceFigure("R", "L16")
    with pytest.raises(AmbiguousNotation) as err:
        GAME.parse(placing, 0, "kyoto")
    assert set(err.value.candidates) == {"H@L16", "B@L16", "R@L16"}


def test_a_partial_figure_swap_is_completed_from_the_legal_swaps() -> None:
    state = position(figures={"L16": "HR", "O10": "BR", "O8": "B"}, hands={RED: ("FS",)})
    assert GAME.parse(state, RED, "fs kyoto akita") == FigureSwap(("H", "L16"), ("B", "O10"))
    with pytest.raises(AmbiguousNotation) as err:
        GAME.parse(state, RED, "figure swap helmet kyoto")
    assert "FS H@L16 B@O10" in err.value.candidates and "FS H@L16 B@O8" in err.value.candidates


def test_a_lone_tile_or_hex_lists_its_candidates() -> None:
    state = position(hands={RED: ("B3", "S1", "W1")})
    with pytest.raises(AmbiguousNotation) as err:
        GAME.parse(state, RED, "K16")
    assert err.value.candidates == ("B3@K16", "S1@K16")
    with pytest.raises(AmbiguousNotation) as err:
        GAME.parse(state, RED, "ship")
    assert all(c.startswith("W1@") for c in err.value.candidates)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("zz99", "could not read"),
        ("B9@K16", "no tile B9"),
        ("H4", "no Helmet 4 in your hand"),
        ("", "Type an action"),
        ("B3@P5", "not on the board for 2 players"),
    ],
)
def test_unreadable_text_is_a_friendly_error(text: str, words: str) -> None:
    state = position(2, hands={RED: ("B3",)})
    with pytest.raises(InvalidNotation, match=words):
        GAME.parse(state, RED, text)


def test_parse_notation_round_trip_on_every_legal_action_of_a_wide_position() -> None:
    state = position(
        tiles={"K16": (RED, "S3"), "L15": (RED, "H2")}, hands={RED: ("H4", "N1", "W2", "FS", "TS")}
    )
    legal = GAME.legal(state, RED)
    assert {type(a) for a in legal} == {Place, TileSwap, FigureSwap}
    for action in legal:
        assert GAME.parse(state, RED, GAME.notation(state, action)) == action
        assert 0 < len(GAME.label(state, action)) <= 100


def test_labels_name_the_tile_the_hex_and_the_settlements_around_it() -> None:
    state = position(figures={"L16": "HR"}, tiles={"K16": (RED, "S3")})
    assert GAME.label(state, Place("B3", "M16")).startswith("Buddha 3 on M16 (next to Kyoto (L16)")
    assert GAME.label(state, TileSwap("K16", "K17")).startswith(
        "Tile swap on K16: your Samurai 3 moves to K17"
    )
    assert GAME.label(state, End()) == "End your turn and draw back up to five tiles"


def test_illegal_actions_are_explained_in_the_rules_words() -> None:
    state = position(
        figures={"O10": "HR", "O8": "H"},
        tiles={"K16": (1, "S1")},
        hands={RED: ("B2", "S1", "W1", "FS")},
    )
    pick = GAME.setup(2, resolve_options(GAME, {}), 2)
    after_one, _ = play(state, RED, "B2@K17")
    cases = [
        (state, Place("H4", "L15"), "You have no Helmet 4 in your hand."),
        (state, Place("B2", "K16"), "K16 already holds a tile."),
        (state, Place("B2", "N8"), "only ships go on sea hexes"),
        (after_one, Place("S1", "L15"), "already played your one tile"),
        (state, FigureSwap(("H", "O8"), ("R", "O10")), "never holds two of one type"),
        (state, End(), "Play at least one tile before you end your turn."),
        (pick, Place("B2", "K16"), "First choose your five starting tiles and confirm them."),
    ]
    for where, action, words in cases:
        assert words in GAME.explain_illegal(where, RED, action)
    assert "not a Samurai action" in GAME.explain_illegal(state, RED, object())
    assert GAME.explain_illegal(state, 1, Place("B2", "L15")) == "It is not your turn."


def test_a_tile_code_reads_as_any_languages_board_prints_it() -> None:
    """A Spanish board prints Spanish codes (``A2`` for rice 2, ``IL`` the tile swap,
    ``samurai.code.*``); a Spanish player types what they see, and it is the same action
    as the English code, for every tile of every hand in a seeded game."""
    table = spoken("samurai", "samurai.code")
    spanish = {code: name for name, code in table.items() if name != code.lower()}
    assert set(spanish.values()) >= {"y2", "a2", "r1", "m1", "il", "if"}
    state = GAME.setup(4, {"random_opening": True, "random_placement": True}, 7)
    checked = 0
    for action in GAME.legal(state, 0):
        written = GAME.notation(state, action)
        head = written.split("@")[0].split()[0]
        if head not in spanish:
            continue
        local = spanish[head] + written[len(head) :]
        assert GAME.parse(state, 0, local) == action, (written, local)
        checked += 1
    assert checked >= 5, checked


def test_no_language_gives_two_tiles_one_code(tmp_path: Path, monkeypatch: Any) -> None:
    """Every language's codes are read together, so a code two tiles share would make a
    move mean two things: the reader refuses such a catalogue outright."""
    assert len(set(spoken("samurai", "samurai.code").values())) == 17
    folder = tmp_path / "samurai" / "locales"
    folder.mkdir(parents=True)
    (folder / "en.json").write_text('{"samurai.code.R2": "R2"}', encoding="utf-8")
    (folder / "xx.json").write_text('{"samurai.code.N1": "R2"}', encoding="utf-8")
    monkeypatch.setattr(words_module, "DATA_DIR", tmp_path)
    spoken.cache_clear()
    try:
        with pytest.raises(ValueError, match="names both"):
            spoken("samurai", "samurai.code")
    finally:
        spoken.cache_clear()


def test_a_figure_reads_as_the_spanish_key_prints_it() -> None:
    """The Spanish board's key reads "Y B A: un tipo de figura" (``samurai.letter.*``): a
    figure typed so (``Y@L16``, ``A@O10``; ``A`` touching ``@`` is arroz, not the
    preposition) is the same action as in English, in the placement and in a figure swap."""
    state = GAME.setup(2, {"random_opening": True}, 5)
    seat = min(GAME.to_act(state))
    spanish = {"H": "Y", "B": "B", "R": "A"}
    placements = [a for a in GAME.legal(state, seat) if isinstance(a, PlaceFigure)]
    assert {a.figure for a in placements} == set(spanish)
    for action in placements:
        typed = f"{spanish[action.figure]}@{action.hex}"
        assert GAME.parse(state, seat, typed) == action, typed
    swap = GAME.setup(2, {"random_opening": True, "random_placement": True}, 5)
    assert GAME.parse(swap, 0, "IF Y@L16 B@O10") == GAME.parse(swap, 0, "FS H@L16 B@O10")
