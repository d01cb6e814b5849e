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


YOKAI = games.get("yokai")
SHITENNO = games.get("shitenno")
RISING_SUN = games.get("rising_sun")


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("pollito b3", "chick b3"),
        ("b2 come b3", "b2 x b3"),
        ("b2b3 promociona", "b2b3+"),
        ("lanzar kodama en b3", "drop kodama on b3"),
    ],
)
def test_yokai_reads_spanish_words(spanish: str, english: str) -> None:
    state = YOKAI.setup(2, {"variant": "3x4", "perpetual_check_loses": False}, 0)
    assert read_move(YOKAI, state, 0, spanish, "es") == YOKAI.parse(state, 0, english)
    with pytest.raises(InvalidNotation):
        YOKAI.parse(state, 0, spanish)


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("ofrecer k1 k1 con loseta 2", "lot k1 k1 + sensei"),
        ("lote monje + sellos 3", "lot M + shomyo"),
        ("rechazo", "refuse"),
        ("elegir b", "choose b"),
    ],
)
def test_shitenno_reads_spanish_words(spanish: str, english: str) -> None:
    state = SHITENNO.setup(4, {}, 1)
    seat = state.tairo
    assert read_move(SHITENNO, state, seat, spanish, "es") == SHITENNO.parse(state, seat, english)
    with pytest.raises(InvalidNotation):
        SHITENNO.parse(state, seat, spanish)


@pytest.mark.parametrize(
    ("spanish", "english"),
    [
        ("aliarse 2", "ally 2"),
        ("mandato cosechar guardar traicionar", "mandate harvest keep betray"),
        ("comprar komainu", "buy komainu"),
        ("pujar 2 0 1 0", "bid 2 0 1 0"),
        ("entregar 1 2 monedas", "give 1 2 coins"),
        ("hecho", "done"),
    ],
)
def test_rising_sun_reads_spanish_words(spanish: str, english: str) -> None:
    state = RISING_SUN.setup(4, {}, seed=1)
    seat = min(RISING_SUN.to_act(state))
    assert read_move(RISING_SUN, state, seat, spanish, "es") == RISING_SUN.parse(
        state, seat, english
    )
    with pytest.raises(InvalidNotation):
        RISING_SUN.parse(state, seat, spanish)


@pytest.mark.parametrize("key", ["yokai", "shitenno", "rising_sun"])
def test_no_alias_is_a_single_letter(key: str) -> None:
    """A single letter is a square's file (a2), a card (S) or a lot (a): never aliased."""
    table = aliases(key)
    assert table and all(len(word) > 1 for word in table)
