"""The optional rule of the reference: the chooser reorders the returned mandate tiles
(issue 24, item 6).

The Spanish rulebook's mandate pages are missing; the reference (§6.1): «the chooser
secretly draws the top 4 tiles, keeps 1 and returns the other 3 face down on top of the
deck without shuffling. Order of the returned 3: default = draw order; letting the chooser
reorder them is an option».
"""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.state import G, Order, RisingSunState

from .helpers import KOI, LOTUS, edit, fresh, g_of, play, task_only

DRAWN = ["recruit", "harvest", "train", "marshal"]


def choosing(reorder: bool) -> RisingSunState:
    """Koi holds the deck and has drawn ``DRAWN`` (the option as given)."""

    def setup(g: G) -> None:
        g.phase, g.chooser, g.drawn = "political", KOI, list(DRAWN)
        g.deck = ["betray", "betray", "recruit", "harvest", "train", "marshal"]
        task_only(g, {"t": "choose"})

    return edit(fresh(3, mandate_reorder=reorder), setup)


def test_by_default_the_three_tiles_go_back_in_the_order_drawn() -> None:
    """«returns the other 3 face down on top of the deck without shuffling … default =
    draw order»: Koi keeps Recruit; Harvest, Train, Marshal are the deck's top, in that
    order, and nobody is asked to order them."""
    state = play(choosing(False), KOI, "mandate recruit")
    assert g_of(state).deck[:3] == ["harvest", "train", "marshal"]
    assert not any(isinstance(a, Order) for s in GAME.to_act(state) for a in GAME.legal(state, s))


def test_with_the_option_the_chooser_orders_them_in_secret() -> None:
    """«letting the chooser reorder them is an option»: with ``mandate_reorder`` Koi is
    asked, among the six orders of its three tiles, which goes on top; the deck's top is
    then that order, the others see only that Koi ordered them, and the next chooser
    draws them in that order."""
    state = play(choosing(True), KOI, "mandate recruit")
    assert GAME.to_act(state) == {KOI}
    orders = [a for a in GAME.legal(state, KOI) if isinstance(a, Order)]
    assert len(orders) == 6 and {tuple(sorted(a.tiles)) for a in orders} == {
        ("harvest", "marshal", "train")
    }
    assert GAME.public_choices(state, KOI) is None  # no public buttons: the tiles are secret
    form = GAME.form(state, KOI)
    assert form is not None and len(form.fields[0].options) == 6  # type: ignore[union-attr]
    state = play(state, KOI, "order marshal train harvest")
    g = g_of(state)
    assert g.deck[:3] == ["marshal", "train", "harvest"]
    assert GAME.view(state, LOTUS).last_action == (KOI, "order")
    assert GAME.view(state, KOI).deck_top == ("marshal", "train", "harvest")
    for seat in (None, LOTUS):
        assert GAME.view(GAME.shuffle_hidden(state, seat, 4), seat) == GAME.view(state, seat)
