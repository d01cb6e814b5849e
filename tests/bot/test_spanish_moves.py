"""Moves typed in Spanish words (or mixing languages) read like the English ones; an
unreadable move is told in the reader's language with the words the game accepts."""

from __future__ import annotations

import pytest

import games
from bot.service.play import read_move
from bot.service.results import NotAllowed
from bot.words.text import t
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


def rising_sun_with_offer(offer: list[str]) -> tuple[object, int]:
    """A Rising Sun game whose cards on offer are ``offer`` (the parser reads them)."""
    from games.rising_sun.state import freeze, thaw

    state = RISING_SUN.setup(3, {"clans": "random"}, seed=1)  # dealt: clans already seated
    g = thaw(state)
    g.offer = list(offer)
    return freeze(g), min(RISING_SUN.to_act(state))


@pytest.mark.parametrize(
    ("typed", "card"),
    [
        ("comprar Oni de las calaveras", "oni_of_skulls"),  # the Spanish name
        ("COMPRAR oni de las CALAVERAS", "oni_of_skulls"),  # case
        ("comprar senda del leon", "path_of_the_lion"),  # no accent typed
        ("comprar Senda del León", "path_of_the_lion"),
        ("comprar misericordia", "mercy"),  # a name that is also a move word (spare)
        ("buy oni of skulls", "oni_of_skulls"),  # the English name
        ("buy Path of the Lion", "path_of_the_lion"),
        ("buy oni_of_skulls", "oni_of_skulls"),  # the id
        ("compro oni de las cal", "oni_of_skulls"),  # a unique start
        ("buy calaveras", "oni_of_skulls"),  # the start of a later word
        ("comprar oni", "oni_of_blood"),  # several Oni, one on offer
    ],
)
def test_rising_sun_buys_a_card_by_its_name_in_either_language(typed: str, card: str) -> None:
    from games.rising_sun.state import Buy

    state, seat = rising_sun_with_offer(["oni_of_blood", "mercy", "komainu"])
    for locale in ("es", "en"):
        assert read_move(RISING_SUN, state, seat, typed, locale) == Buy(card)


def test_rising_sun_buy_with_a_gift_in_spanish() -> None:
    """Benevolence's coin to another clan, the clan in Spanish after the card's name."""
    from games.rising_sun.notation import seat_names
    from games.rising_sun.state import Buy, thaw

    state, seat = rising_sun_with_offer(["benevolence"])
    clans = {name: s for name, s in seat_names(thaw(state)).items() if not name.isdigit()}
    other = next(name for name, s in clans.items() if s != seat)
    spanish = {"turtle": "tortuga", "dragonfly": "libélula", "lotus": "loto"}.get(other, other)
    move = read_move(RISING_SUN, state, seat, f"comprar benevolencia dar {spanish}", "es")
    assert move == Buy("benevolence", clans[other])


@pytest.mark.parametrize("locale", ["es", "en"])
def test_an_ambiguous_card_name_lists_the_cards_in_the_readers_language(locale: str) -> None:
    from bot.edge.runner import error_text

    state, seat = rising_sun_with_offer(["oni_of_blood", "oni_of_hate", "mercy"])
    with pytest.raises(InvalidNotation) as caught:
        read_move(RISING_SUN, state, seat, "comprar oni", locale)
    assert caught.value.key == "rising_sun.notation.card_ambiguous"
    text = error_text(caught.value, locale)
    blood, hate = (t(f"rising_sun.card.{c}", locale) for c in ("oni_of_blood", "oni_of_hate"))
    assert blood in text and hate in text and t("rising_sun.card.mercy", locale) not in text
    assert ("varias cartas" in text) == (locale == "es")


def test_an_unknown_card_name_lists_the_cards_on_offer() -> None:
    from bot.edge.runner import error_text

    state, seat = rising_sun_with_offer(["komainu", "mercy"])
    with pytest.raises(InvalidNotation) as caught:
        read_move(RISING_SUN, state, seat, "comprar dragón dorado", "es")
    text = error_text(caught.value, "es")
    assert text == t(
        "rising_sun.notation.card_unknown",
        "es",
        input="dragón dorado",
        choices=["komainu", "mercy"],
    )
    assert "Misericordia" in text and "Komainu" in text
