"""The sentences issue 23 (item 11) found untrue, in both languages: a count with one right
number is said as that number, and a stale press says where the current position is."""

from __future__ import annotations

import pytest

from bot.edge.runner import error_text
from bot.service.results import Stale
from games.base import IllegalAction
from games.forms import Amounts, Box, Option, Pick, Text, check_field

TILES = tuple(Option(f"T{i}", Text("", f"T{i}")) for i in range(8))
WORDS = {
    "en": ("Choose 5.", "Choose between 1 and 3.", "The amounts must add up to 4."),
    "es": ("Elige 5.", "Elige entre 1 y 3.", "Las cantidades deben sumar 4."),
}


def _refusal(field: Pick | Amounts, value: object, locale: str) -> str:
    with pytest.raises(IllegalAction) as refused:
        check_field(field, value)
    return error_text(refused.value, locale)


@pytest.mark.parametrize("locale", sorted(WORDS))
def test_a_count_with_one_right_number_is_said_as_that_number(locale: str) -> None:
    exact, ranged, total = WORDS[locale]
    assert _refusal(Pick("tiles", Text("", "Tiles"), TILES, 5, 5), [], locale) == exact
    assert _refusal(Pick("tiles", Text("", "Tiles"), TILES, 1, 3), [], locale) == ranged
    boxes = (Box("a", Text("", "A")), Box("b", Text("", "B")))
    amounts = Amounts("bid", Text("", "Bid"), boxes, total_min=4, total_max=4)
    assert _refusal(amounts, {"a": 1}, locale) == total


@pytest.mark.parametrize(
    ("locale", "where", "untrue"),
    [
        ("en", "latest board in the game's thread", "Here is the current position"),
        ("es", "último tablero del hilo de la partida", "Esta es la posición actual"),
    ],
)
def test_a_stale_press_says_where_the_position_is(locale: str, where: str, untrue: str) -> None:
    said = Stale("err.stale").localized(locale)
    assert where in said and untrue not in said
