"""The toy game is registered for the tests that ask for it, and forgotten after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import games
from games import words
from renderer import plugin
from tests.toy import picture, sealed


@pytest.fixture
def sealed_game() -> Iterator[sealed.SealedGame]:
    games.register(sealed.GAME)
    plugin.register(picture.RENDERER)
    for table in (sealed.WORDS, picture.WORDS):
        for locale, mapping in table.items():
            words.add(locale, mapping)
    yield sealed.GAME
    games.unregister(sealed.KEY)
    plugin.unregister(sealed.KEY)
