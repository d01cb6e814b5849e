"""Pictures and alt texts in English and Spanish: one table per locale, same keys, no
English left in Spanish pictures' text regions, English when the locale is unknown."""

from __future__ import annotations

import io
import string
from collections.abc import Callable
from typing import Any

import pytest
from PIL import Image, ImageChops

import renderer
from games.base import Outcome
from renderer.core import CACHED, STATIC_LAYERS, clear_caches
from renderer.samurai.hand import HAND_SIZE, hand_slot_centres
from renderer.samurai.text import text_width
from renderer.words import LOCALES, table, words
from renderer.yokai.board import layout_for
from tests.renderer import positions
from tests.renderer.make_china_reference import NAMES as CHINA_NAMES
from tests.renderer.make_china_reference import POSITIONS as CHINA
from tests.renderer.make_samurai_reference import NAMES as SAMURAI_NAMES
from tests.renderer.make_samurai_reference import samurai_view
from tests.renderer.test_result import CASES, TITLES, cases

ES = words("es")


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def decode(png: bytes) -> Image.Image:
    return Image.open(io.BytesIO(png)).convert("RGB")


def differs(a: Image.Image, b: Image.Image, box: tuple[int, int, int, int]) -> bool:
    return ImageChops.difference(a.crop(box), b.crop(box)).getbbox() is not None


# --- the tables -------------------------------------------------------------------------


def test_every_locale_has_the_same_keys_and_placeholders() -> None:
    english = table("en")
    assert set(LOCALES) == {"en", "es"}
    for locale in LOCALES:
        other = table(locale)
        assert set(other) == set(english), set(other) ^ set(english)
        for key, text in english.items():
            assert fields(other[key]) == fields(text), (locale, key)
            assert other[key].strip() or not text.strip(), (locale, key)


def test_spanish_is_really_translated() -> None:
    english, spanish = table("en"), table("es")
    same = {k for k, v in english.items() if spanish[k] == v and any(c.isalpha() for c in v)}
    # Proper names (pieces, "Samurai", "Ronin", "Total") may stay; common words may not.
    assert len(same) < 0.1 * len(english), sorted(same)
    for key in ("common.seat.0", "yokai.tag.to_move", "samurai.captures_hidden", "china.footnote"):
        assert spanish[key] != english[key]


@pytest.mark.parametrize("locale", [None, "fr", "es-ES", "", "EN"])
def test_unknown_locales_fall_back_to_english(locale: Any) -> None:
    assert words(locale) is words("en")
    view = positions.ALL["midgame_3x4"]()
    english = renderer.render_board("yokai", view)
    assert renderer.render_board("yokai", view, locale=locale) == english
    assert renderer.alt_text("yokai", view, locale=locale) == renderer.alt_text("yokai", view)


# --- pictures ---------------------------------------------------------------------------


def test_yokai_spanish_differs_only_in_the_words() -> None:
    view = positions.ALL["midgame_5x6_check"]()
    en = decode(renderer.render_board("yokai", view))
    es = decode(renderer.render_board("yokai", view, locale="es"))
    lay = layout_for(view)
    board = (
        lay.board_x,
        lay.board_y,
        lay.board_x + lay.files * lay.sq,
        lay.board_y + lay.ranks * lay.sq,
    )
    assert not differs(en, es, board)
    for box in (lay.status_box(), lay.panel_box(0), lay.panel_box(1)):
        assert differs(en, es, box)


BOARDS: dict[str, Callable[[], tuple[str, Any, Any]]] = {
    "samurai_start": lambda: ("samurai", samurai_view(2, "start"), SAMURAI_NAMES[2]),
    "samurai_end": lambda: ("samurai", samurai_view(3, "end"), SAMURAI_NAMES[3]),
    "samurai_mid": lambda: ("samurai", samurai_view(4, "mid"), None),
    "china_mid": lambda: ("china", CHINA["mid_4a_forts"](), CHINA_NAMES[:4]),
    "china_end": lambda: ("china", CHINA["end_5"](), CHINA_NAMES),
    "china_final_round": lambda: ("china", CHINA["final_round_4b"](), None),
}


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_spanish_boards_differ_in_their_text_and_keep_their_size(name: str) -> None:
    game, view, names = BOARDS[name]()
    en = decode(renderer.render_board(game, view, names=names))
    es = decode(renderer.render_board(game, view, names=names, locale="es"))
    assert es.size == en.size
    # The title bar / legend panel (top-left corner) holds words in both games.
    assert differs(en, es, (0, 0, 420, 60))
    alt = renderer.alt_text(game, view, names=names, locale="es")
    assert alt != renderer.alt_text(game, view, names=names)
    assert len(alt) <= 1024
    assert any(
        ES(k) in alt for k in ("common.game_over", "china.alt.face_up", "samurai.alt.left")
    ) or ("jugadores" in alt)


def test_china_geometry_is_kept_per_locale() -> None:
    view = CHINA["mid_4a_forts"]()
    en = renderer.china.board.geometry(view, CACHED, "en")
    es = renderer.china.board.geometry(view, CACHED, "es")
    assert en.spaces == es.spaces  # the map itself does not move
    assert en.labels != es.labels  # "yellow" and "amarilla" need different label boxes


def test_static_layers_are_kept_per_locale() -> None:
    clear_caches()
    view = positions.ALL["start_3x4"]()
    first = renderer.render_board("yokai", view)
    renderer.render_board("yokai", view, locale="es")
    assert len(STATIC_LAYERS) == 2
    assert renderer.render_board("yokai", view) == first  # English is not drawn from Spanish


HANDS = {
    "samurai": lambda: (samurai_view(4, "mid", 1), SAMURAI_NAMES[4]),
    "china": lambda: (CHINA["private_late_5"](), CHINA_NAMES),
}


@pytest.mark.parametrize("game", sorted(HANDS))
def test_spanish_hands(game: str) -> None:
    view, names = HANDS[game]()
    en = decode(renderer.render_hand(game, view, names=names))
    es = decode(renderer.render_hand(game, view, names=names, locale="es"))
    assert es.size == en.size
    assert differs(en, es, (0, 0, es.width, 70))  # "Your tiles" / "Your hand" heading
    alt = renderer.hand_alt_text(game, view, names=names, locale="es")
    assert alt != renderer.hand_alt_text(game, view, names=names)
    assert names[view.viewer] in alt and ("Mano de" in alt or "mano de" in alt)


def test_long_spanish_tile_names_fit_their_slot() -> None:
    width = hand_slot_centres()[1][0] - hand_slot_centres()[0][0]
    for code in ("FS", "TS", "H4", "S3", "W2"):
        name = ES(f"samurai.tile.{code}")
        # one line at 19 px or more, else each of two lines at 18 px
        lines = [name] if text_width(CACHED, name, 19, True) <= width - 8 else name.split(" ", 1)
        assert all(text_width(CACHED, line, 18, True) <= width - 8 for line in lines), name
    assert len(hand_slot_centres()) == HAND_SIZE


# --- result cards -----------------------------------------------------------------------


@pytest.mark.parametrize("name", CASES)
def test_spanish_result_cards(name: str) -> None:
    key, outcome, names = cases()[name]
    en = decode(renderer.render_result(key, TITLES[key], outcome, names=names))
    es = decode(renderer.render_result(key, TITLES[key], outcome, names=names, locale="es"))
    assert es.size == en.size
    assert differs(en, es, (0, 80, es.width, 200))  # "Game over: …" and the headline
    alt = renderer.result_alt_text(key, TITLES[key], outcome, names=names, locale="es")
    assert alt.startswith(f"Resultado de {TITLES[key]}") and "Fin de la partida" in alt
    for seat in outcome.winners:
        assert names[seat] in alt
    if outcome.tiebreak:
        assert f"{ES('result.tiebreak')}: " in alt


def test_spanish_words_in_a_yokai_alt_text() -> None:
    view = positions.ALL["midgame_5x6_check"]()
    alt = renderer.alt_text("yokai", view, locale="es")
    assert "Jugada" not in alt and "jugada" in alt
    assert ES("yokai.alt.in_check") in alt and "Reservas:" in alt
    assert ES("common.seat.0") in alt and "First player" not in alt


def test_result_words_follow_the_locale() -> None:
    outcome = Outcome.from_json(
        {
            "termination": "scoring",
            "winners": [0, 1],
            "ranks": [1, 1],
            "scores": [3, 3],
            "tiebreak": "shared",
            "detail": {},
        }
    )
    alt = renderer.result_alt_text("china", "China", outcome, names=("Ann", "Bo"), locale="es")
    assert "Ann y Bo comparten la victoria" in alt
    assert ES("result.tiebreak.shared") in alt
