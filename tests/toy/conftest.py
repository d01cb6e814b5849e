"""The toy game is registered for the tests that ask for it, and forgotten after."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import games
from games import words
from tests.toy import sealed


@pytest.fixture
def sealed_game() -> Iterator[sealed.SealedGame]:
    games.register(sealed.GAME)
    for locale, mapping in sealed.WORDS.items():
        words.add(locale, mapping)
    yield sealed.GAME
    games.unregister(sealed.KEY)
