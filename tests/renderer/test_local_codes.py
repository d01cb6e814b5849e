"""A Spanish board prints Spanish tile codes and card letters (issue 25, item 6).

Samurai's tiles carry a code a player types (``B3``): in English the kind's initial (H
helmet, R rice, N ronin, W ship (water), TS and FS the swaps), in Spanish the Spanish one
(Y yelmo, A arroz, R1 ronin, M barco (mar), IL and IF), from ``samurai.code.*``. Every
text drawn as a piece's label on every picture of a seeded game (boards, details, hands)
is recorded as Pillow draws it; in each language only that language's letters may appear.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from renderer.china import hand as china_hand
from renderer.china import panel as china_panel
from renderer.words import words
from tests.renderer.drawn import CONFIGS, TextLog, pictures, watch

__all__ = ["watch"]

NAMES = ("Ann", "Bo", "Chie", "Dai")


def _letters(locale: str) -> set[str]:
    """The letters of ``locale``'s tile codes ("A" of "A2", "IL")."""
    tr = words(locale)
    codes = [key.rpartition(".")[2] for key in tr.table if key.startswith("samurai.code.")]
    assert len(codes) == 17, codes
    return {tr(f"samurai.code.{code}").rstrip("0123456789") for code in codes}


@pytest.mark.parametrize("locale", ["en", "es"])
def test_samurai_tiles_print_the_readers_letters(locale: str, watch: Callable[[], TextLog]) -> None:
    own = _letters(locale)
    other = _letters("es" if locale == "en" else "en") - own
    assert other, "the two languages print the same letters: nothing to check"
    seen: set[str] = set()
    for config in [c for c in CONFIGS if c.key == "samurai"]:
        for what, _, log in pictures(config, locale, NAMES[: config.players], watch):
            drawn = {d.text for d in log.drawn if d.role == "piece" and d.text.isalpha()}
            assert not drawn & other, (config.label, what, sorted(drawn & other))
            seen |= drawn
    assert seen <= own, sorted(seen - own)
    assert len(seen) >= 4, sorted(seen)  # the tiles were drawn and recorded


def _card_letters(locale: str) -> set[str]:
    tr = words(locale)
    return {tr(f"china.letter.{card}") for card in "GOPRY"}


@pytest.mark.parametrize("locale", ["en", "es"])
def test_china_cards_print_the_readers_letters(
    locale: str, watch: Callable[[], TextLog], monkeypatch: pytest.MonkeyPatch
) -> None:
    """China's cards print their colour's letter (``china.letter.*``): Spanish V verde, N
    naranja, A amarilla, M morada, R roja; never the other language's, on any card of any
    picture (every call that draws a card is watched: a lone "A" elsewhere is the map's
    side)."""
    own = _card_letters(locale)
    other = _card_letters("es" if locale == "en" else "en") - own
    assert len(other) == 4, other
    printed: list[str] = []
    for module in (china_hand, china_panel):
        real = module.card_sprite

        def spy(card: str, letter: str, *a: Any, real: Any = real, **k: Any) -> Any:
            printed.append(letter)
            return real(card, letter, *a, **k)

        monkeypatch.setattr(module, "card_sprite", spy)
    for config in [c for c in CONFIGS if c.key == "china"]:
        for _ in pictures(config, locale, NAMES[: config.players], watch):
            pass
    assert not set(printed) & other, sorted(set(printed) & other)
    assert set(printed) == own, sorted(set(printed))  # every colour's card was drawn
