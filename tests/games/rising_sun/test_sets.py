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


@pytest.mark.parametrize("card_set", ["archway", "horseman", "teapot"])
def test_each_set_joins_core_in_the_spring_offer(card_set: str) -> None:
    d = data()
    state = GAME.setup(3, resolve_options(GAME, {"set": card_set, "clans": "random"}), 5)
    view = GAME.view(state, None)
    assert card_set in playable_sets() and view.card_set == card_set
    offer = sorted(c.id for c in view.offer for _ in range(c.count))
    spring = [c for c in (*d.sets["core"], *d.sets[card_set]) if d.cards[c].season == 0]
    assert offer == sorted(spring) and len(offer) == 12  # 7 Core + 5 of the set
    assert {c for c in d.sets[card_set] if d.cards[c].season == 0} <= set(offer)


def test_every_set_is_playable_and_named_by_the_option() -> None:
    spec = next(o for o in GAME.options if o.name == "set")
    assert set(playable_sets()) == {"archway", "horseman", "teapot"}
    assert set(spec.choices) == {*playable_sets(), "random"}
