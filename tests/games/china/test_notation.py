"""Notation: canonical forms, friendly parsing, ambiguity, labels."""

from __future__ import annotations

import pytest

from games.base import AmbiguousNotation, GameError, InvalidNotation
from games.china import GAME
from games.china.state import PILE, ChinaState, Draw, Exchange, Pass, Place
from games.words import spoken
from tests.games.china.helpers import ALEX, BARBARA, place, position


def _state() -> ChinaState:
    return position(
        houses={"WEI1": BARBARA, "QIN2": BARBARA},
        hands={ALEX: "RGG"},
        face_up="OYGP",
    )


@pytest.mark.parametrize(
    ("action", "text"),
    [
        (place("RGG", "wei", "WEI3", "E"), "RGG:wei WEI3+E"),
        (place("R", "wei", "WEI2"), "R:wei WEI2"),
        (place("GG", "qin", "E"), "GG:qin E"),
        (place("RR", "wei", "E", "E"), "RR:wei E+E"),
        (place("RR", "wei", "F@WEI2", "WEI2"), "RR:wei F@WEI2+WEI2"),
        (Draw("G"), "draw G"),
        (Draw(PILE), "draw pile"),
        (Exchange("R", "O"), "swap R>O"),
        (Exchange("G", PILE), "swap G>pile"),
        (Pass(), "pass"),
    ],
)
def test_canonical_notation_round_trips(action: object, text: str) -> None:
    state = _state()
    assert GAME.notation(state, action) == text
    assert GAME.parse(state, ALEX, text) == action
    assert GAME.parse(state, ALEX, text.lower()) == action


@pytest.mark.parametrize(
    ("text", "action"),
    [
        ("red green green Wei 3 + emissary", place("RGG", "wei", "WEI3", "E")),
        ("GRG wei3 e", place("RGG", "wei", "WEI3", "E")),
        ("gg ch'in emissary", place("GG", "qin", "E")),
        ("GG Ch’in E", place("GG", "qin", "E")),
        ("gg chin 1e", place("GG", "qin", "E")),
        ("R WEI2", place("R", "wei", "WEI2")),
        ("RR wei ee", place("RR", "wei", "E", "E")),
        ("RR wei fort 2 + 2", place("RR", "wei", "F@WEI2", "WEI2")),
        ("take yellow", Draw("Y")),
        ("draw 3", Draw("G")),
        ("DRAW PILE", Draw(PILE)),
        ("pile", Draw(PILE)),
        ("exchange red for green", Exchange("R", "G")),
        ("swap r 1", Exchange("R", "O")),
        ("exchange red for the pile", Exchange("R", PILE)),
    ],
)
def test_friendly_forms(text: str, action: object) -> None:
    assert GAME.parse(_state(), ALEX, text) == action


def test_missing_parts_are_filled_from_the_legal_actions() -> None:
    state = _state()
    assert GAME.parse(state, ALEX, "wei WEI3 E") == place("RGG", "wei", "WEI3", "E")
    with pytest.raises(AmbiguousNotation) as error:
        GAME.parse(state, ALEX, "RGG wei house e")
    assert "RGG:wei WEI2+E" in error.value.candidates
    assert all(c.startswith("RGG:wei") for c in error.value.candidates)
    with pytest.raises(AmbiguousNotation):
        GAME.parse(state, ALEX, "wei 2")  # R or GG pays


def test_draw_without_a_card_is_ambiguous_or_resolved() -> None:
    state = _state()
    state.phase = "draw"
    with pytest.raises(AmbiguousNotation) as error:
        GAME.parse(state, ALEX, "draw")
    assert "draw pile" in error.value.candidates
    state.face_up, state.pile = [], ["R"]
    assert GAME.parse(state, ALEX, "draw") == Draw(PILE)


@pytest.mark.parametrize(
    "text", ["", "   ", "zz99", "!!!", "x" * 500, "draw 9", "swap red", "RR wei F", "R wei 9"]
)
def test_unreadable_text_is_rejected(text: str) -> None:
    with pytest.raises(InvalidNotation):
        GAME.parse(_state(), ALEX, text)


def test_a_readable_but_illegal_play_is_explained_by_the_engine() -> None:
    from games import engine

    state = _state()
    action = GAME.parse(state, ALEX, "RR:wei WEI2+WEI3")
    assert action == place("RR", "wei", "WEI2", "WEI3")
    with pytest.raises(GameError, match="do not hold"):
        engine.act(GAME, state, ALEX, action)


def test_labels_are_friendly() -> None:
    state = _state()
    assert GAME.label(state, place("RGG", "wei", "WEI3", "E")) == (
        "Wei: house on WEI3 and emissary (pay red + green + green)"
    )
    assert GAME.label(state, Draw(PILE)) == "Draw the top card of the pile"
    assert (
        GAME.label(state, Exchange("R", "O")) == "Exchange a red card for the face-up orange card"
    )
    assert "fortification with a house on WEI2" in GAME.label(
        state, place("RR", "wei", "F@WEI2", "WEI2")
    )


def test_place_fields_are_normalised() -> None:
    assert Place(("G", "R", "G"), "wei", ("WEI5", "WEI3")) == Place(
        ("R", "G", "G"), "wei", ("WEI3", "WEI5")
    )


def test_a_card_letter_reads_as_any_languages_board_prints_it() -> None:
    """A Spanish board prints Spanish card letters (V verde, N naranja, A amarilla, M
    morada, ``china.letter.*``); typed as seen (``AAV:wei``, ``swap R>A``), each is the
    same action as the English letters, for every legal action of seeded positions."""
    table = spoken("china", "china.letter")
    local = {code: name.upper() for name, code in table.items() if name != code.lower()}
    assert local == {"G": "V", "O": "N", "Y": "A", "P": "M"}
    checked = 0
    for seed in range(4):
        state = GAME.setup(4, {}, seed=seed)
        seat = min(GAME.to_act(state))
        for action in GAME.legal(state, seat):
            written = GAME.notation(state, action)
            cards, sep, rest = written.partition(":")
            if sep:  # a placement: its cards before the colon
                spanish = "".join(local.get(c, c) for c in cards) + ":" + rest
            elif written.startswith("swap "):
                spanish = "swap " + "".join(local.get(c, c) for c in written[5:])
            else:
                continue
            if spanish != written:
                assert GAME.parse(state, seat, spanish) == action, (written, spanish)
                checked += 1
    assert checked >= 20, checked
