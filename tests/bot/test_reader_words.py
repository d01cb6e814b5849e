"""Counts, articles, command names and labels in the reader's own language (issue 25,
item 6): what the whole-game test (``tests/e2e/test_spanish_game_e2e.py``) found, pinned
where each is made."""

from __future__ import annotations

import json
import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

import games
from bot.posts.autocomplete import match_actions
from bot.words.text import LOCALES_DIR, catalogue, t
from games.rising_sun.state import thaw
from renderer.rising_sun.words import action_words, last_action_text
from renderer.words import words
from tests.bot.test_glossary import texts
from tests.e2e.wordlists import slips
from tests.renderer.test_rising_sun import NAMES, states

LANGUAGES = ("en", "es")
PLURAL_CATEGORIES = frozenset({"zero", "one", "two", "few", "many", "other"})
# placeholders that are never the number one: seat counts (a game has at least two), a
# range ("3-5"), names (of figures, of a tile), Samurai's hand of five
NEVER_ONE = frozenset(
    {"players", "allowed", "low", "high", "need", "figure_names", "hand_size", "tile"}
)


def counted_nouns(lang: str) -> set[str]:
    """The nouns the catalogue counts (``<prefix>.other`` = ``"{n} monedas"``: "monedas")."""
    table = catalogue(lang)
    out = set()
    for key, text in table.items():
        other = re.match(r"\{n\} (\w+)", text)
        one = re.match(r"\{n\} (\w+)", table.get(key.removesuffix(".other") + ".one", ""))
        if key.endswith(".other") and other and one and one.group(1) != other.group(1):
            out.add(other.group(1))  # "moneda" / "monedas": not "Koku", nor "more"
    return out


def bare_counts(lang: str) -> list[str]:
    """``key: {coins} monedas`` for each template that writes a counted noun after a bare
    number instead of the counted term (``{coins:#rising_sun.count.coin}``)."""
    nouns = "|".join(sorted(counted_nouns(lang)))
    pattern = re.compile(rf"\{{(\w+)(?::num)?\}} ({nouns})\b")
    out = []
    for key, text in catalogue(lang).items():
        if key.rpartition(".")[2] in PLURAL_CATEGORIES:  # a counted term's own forms
            continue
        for match in pattern.finditer(text):
            if match.group(1) not in NEVER_ONE:
                out.append(f"{key}: {match.group(0)}")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_counted_noun_always_goes_through_the_plural_rules(lang: str) -> None:
    """ "1 monedas", "share your 1 coins", "(1 sellos)": a number before a noun the
    catalogue counts is that noun's counted term."""
    assert counted_nouns(lang) >= ({"monedas", "sellos"} if lang == "es" else {"coins", "seals"})
    assert not bare_counts(lang), "\n".join(bare_counts(lang))


@given(n=st.integers(min_value=0, max_value=999))
def test_counts_on_pictures_follow_each_languages_plural_rules(n: int) -> None:
    es, en = words("es"), words("en")
    free = es("china.alt.free", n=n)
    assert free.endswith(" libre" if n == 1 else " libres")
    assert en("shitenno.count.seal." + ("one" if n == 1 else "other"), n=n) == en.count(
        "shitenno.count.seal", n
    )
    kamons = es("shitenno.alt.player", name="Ann", title="", favour=3, kamons=n, troops=n, koku=0)
    assert ("le queda 1 Kamon," if n == 1 else f"le quedan {n} Kamons,") in kamons
    assert ("1 carta de Tropa" if n == 1 else f"{n} cartas de Tropa") in kamons


def test_english_says_an_before_a_vowel() -> None:
    en, es = words("en"), words("es")
    summon = games.get("rising_sun")
    assert summon is not None
    from_event = t("rising_sun.event.summon", "en", player="Ann", kind="oni_of_souls", to="edo")
    assert "summons an Oni of Souls to" in from_event
    assert "summons a Bushi" in t("rising_sun.event.summon", "en", kind="bushi", to="edo")
    assert "mueve una Fortaleza" in t("rising_sun.event.move", "es", kind="stronghold")
    assert en("rising_sun.a_figure.oni_of_hate") == "an Oni of Hate"
    assert es("rising_sun.a_figure.bushi") == "un Bushi"


def spanish_command_slips() -> list[str]:
    """``key: /hand`` for each Spanish sentence naming a command by its English name."""
    names = json.loads((LOCALES_DIR / "commands.es.json").read_text(encoding="utf-8"))
    english = {k for k, v in names.items() if re.fullmatch(r"[a-z_]+", k) and v != k}
    out = []
    for key, text in texts("es").items():
        for match in re.finditer(r"(?<![\w/])/([a-z_]+)", text):
            if match.group(1) in english:
                out.append(f"{key}: /{match.group(1)}")
    return out


def test_spanish_sentences_name_the_commands_as_spanish_players_see_them() -> None:
    assert not spanish_command_slips(), "\n".join(spanish_command_slips())


@pytest.mark.parametrize("key", ["shitenno", "rising_sun", "china", "samurai", "yokai"])
def test_autocomplete_labels_start_in_the_readers_words(key: str) -> None:
    """Not "accept — Aceptar el lote": the label alone; the notation is the value."""
    game = games.get(key)
    state = game.setup(min(game.seats), {}, seed=3)
    seat = sorted(game.to_act(state))[0]
    offered = match_actions(game, state, seat, "", 25, "es")
    assert offered
    for name, notation in offered:
        assert not name.startswith(notation + " "), name
        assert len(name) <= 100


def test_rising_suns_last_action_is_words_only() -> None:
    """No "(buy path_of_the_patron)" after the last action, in either language."""
    seen = 0
    for state in states(3, 4):
        view = games.get("rising_sun").view(state, None)
        last = thaw(state).last
        if view.last_action is None or last is None:
            continue
        for lang in LANGUAGES:
            text = last_action_text(view, NAMES, words(lang))
            assert f"({view.last_action[1]})" not in text, text
            seen += 1
    assert seen > 20
    assert action_words  # the words themselves are checked by the whole-game test


def name_slips(lang: str) -> list[str]:
    """``key: slip`` for each template whose named placeholder (``{tile:samurai.tile}``),
    filled with any name of its table ("Samurai 1"), reads as a count slip ("Samurai 1
    moves": "1 moves"); every other placeholder is a neutral word."""
    table = catalogue(lang)
    out = []
    for key, text in table.items():
        for match in re.finditer(r"\{\w+:([a-z_]+\.[a-z_.]+)\}", text):
            names = [v for k, v in table.items() if k.startswith(match.group(1) + ".")]
            for name in names:
                filled = text.replace(match.group(0), name)
                filled = re.sub(r"\{[^}]*\}", "Bob", filled)
                out += [f"{key}: {slip}" for slip in slips(filled, lang)]
    return sorted(set(out))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_a_name_ending_in_a_number_never_reads_as_a_count(lang: str) -> None:
    """ "Bob used the tile swap: Samurai 1 moves from L17 to M15" read as "1 moves" in a
    whole game; every name of every table is tried in every template that names one."""
    assert not name_slips(lang), "\n".join(name_slips(lang))
