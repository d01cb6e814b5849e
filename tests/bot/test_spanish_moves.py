"""Moves typed in Spanish words (or mixing languages) read like the English ones; an
unreadable move is told in the reader's language with the words the game accepts."""

from __future__ import annotations

import pytest

import games
from bot.play import read_move
from bot.results import NotAllowed
from bot.text import t
from games.base import InvalidNotation
from games.words import aliases, unalias

CHINA = games.get("china")
SAMURAI = games.get("samurai")


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("roja verde verde Wei 3 + emisario", "red green green wei 3 + emissary"),
        ("ROJA green verde wei 3 + emissary", "red green green wei 3 + emissary"),  # mixed
        ("cambiar roja por el mazo", "exchange red for the pile"),
        ("robar mazo", "draw pile"),
    ],
)
def test_china_reads_spanish_words(spanish: str, english: str) -> None:
    state = CHINA.setup(4, {}, seed=1)
    seat = min(CHINA.to_act(state))
    assert read_move(CHINA, state, seat, spanish, "es") == CHINA.parse(state, seat, english)
    with pytest.raises(InvalidNotation):
        CHINA.parse(state, seat, spanish)  # the game itself knows only English


def test_samurai_reads_a_spanish_pick() -> None:
    state = SAMURAI.setup(3, {}, seed=2)
    seat = min(SAMURAI.to_act(state))
    legal = SAMURAI.legal(state, seat)
    english = next(
        SAMURAI.notation(state, a) for a in legal if "take" in SAMURAI.notation(state, a)
    )
    spanish = english.replace("take", "coger")
    assert read_move(SAMURAI, state, seat, spanish, "es") == SAMURAI.parse(state, seat, english)


def test_an_unreadable_move_lists_the_accepted_words_in_spanish() -> None:
    state = CHINA.setup(4, {}, seed=1)
    seat = min(CHINA.to_act(state))
    with pytest.raises(NotAllowed) as caught:
        read_move(CHINA, state, seat, "rojo dragón volador", "es")
    text = caught.value.localized("es")
    reason, second = text.split("\n")
    assert reason and not reason.startswith(t("err.unreadable_move", "es", reason="", words="")[:5])
    assert second.startswith(t("err.unreadable_move", "es", reason="", words="").strip()[:20])
    assert "emisario" in second and "mazo" in second
    with pytest.raises(InvalidNotation):  # English readers get the game's own sentence
        read_move(CHINA, state, seat, "flying dragon", "en")


def test_every_alias_maps_to_a_word_and_folds_accents() -> None:
    table = aliases("china")
    assert table and all(k == k.lower() and v for k, v in table.items())
    assert unalias("china", "Fortificación") == "fort"
