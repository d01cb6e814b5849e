"""A Spanish board prints Spanish tile codes and card letters (issue 25, item 6).

Samurai's tiles carry a code a player types (``B3``): in English the kind's initial (H
helmet, R rice, N ronin, W ship (water), TS and FS the swaps), in Spanish the Spanish one
(Y yelmo, A arroz, R1 ronin, M barco (mar), IL and IF), from ``samurai.code.*``. Every
text drawn as a piece's label on every picture of a seeded game (boards, details, hands)
is recorded as Pillow draws it; in each language only that language's letters may appear.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

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
