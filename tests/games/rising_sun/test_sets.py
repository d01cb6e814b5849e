"""The Season card set option (reference §12.4): which set joins Core, ``random``, bad names."""

from __future__ import annotations

import pytest

from games.base import InvalidOption, resolve_options
from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.setup import playable_sets
from games.rising_sun.state import thaw


def test_random_set_is_drawn_from_the_seed_shown_in_the_view_and_used_for_the_offer() -> None:
    seen = set()
    for seed in range(12):
        state = GAME.setup(4, resolve_options(GAME, {"set": "random"}), seed)
        view = GAME.view(state, None)
        assert view.card_set in playable_sets()
        assert view.card_set != "random"
        d = data()
        allowed = {c for c in (*d.sets["core"], *d.sets[view.card_set]) if d.cards[c].season == 0}
        assert {c.id for c in view.offer} <= allowed
        assert thaw(state).options["set"] == view.card_set
        again = GAME.setup(4, resolve_options(GAME, {"set": "random"}), seed)
        assert GAME.view(again, None).card_set == view.card_set  # replay gives the same set
        seen.add(view.card_set)
    assert seen == set(playable_sets())


def test_an_unknown_set_name_lists_the_sets_and_creates_nothing() -> None:
    with pytest.raises(InvalidOption) as info:
        resolve_options(GAME, {"set": "kraken"})
    text = str(info.value)
    for name in ("archway", "random"):
        assert name in text
    assert "kraken" in text
