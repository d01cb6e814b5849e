"""Summons do not depend on their order (issue 24, item 5).

The Spanish rulebook leaves the mandates to the reference, whose Recruit reads: «Summon 1
figure from the reserve into each province where you have a Stronghold (2 Strongholds in
one province → up to 2 there) … A **Shinto** may instead go straight to any of the 4
shrines, but only when summoned». What a player is owed is a set of summons; which one a
shrine summon stands for is not said, so no order of the same summons may be refused.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from games.rising_sun import GAME
from games.rising_sun.state import G, RisingSunState, Summon

from .helpers import KOI, LOTUS, TURTLE, clear, g_of, mandate_turn, p, play, where

EDO_EDO_KYOTO = ("summon bushi edo", "summon bushi edo", "summon shinto amaterasu")


def recruit_with_holds(chooser: int, holds: list[str]) -> RisingSunState:
    """Lotus announces Recruit; Koi (first to summon) has Strongholds at ``holds``."""

    def setup(g: G) -> None:
        clear(g)
        g.holds[KOI] = [p(x) for x in holds]

    state = mandate_turn(3, chooser, ["recruit", "harvest", "train", "marshal"], setup)
    return play(state, chooser, "mandate recruit" + (" keep harvest" if chooser == LOTUS else ""))


@pytest.mark.parametrize("order", sorted(set(permutations(EDO_EDO_KYOTO))))
def test_two_edo_bushi_and_a_shrine_shinto_in_any_order(order: tuple[str, ...]) -> None:
    """Strongholds in Edo (two) and Kyoto owe three summons: two Bushi into Edo and a
    Shinto «straight to any of the 4 shrines» instead of Kyoto's, in whatever order they
    are made (the shrine first used to take an Edo summon and refuse the second Edo
    Bushi)."""
    state = recruit_with_holds(TURTLE, ["edo", "edo", "kyoto"])
    assert GAME.to_act(state) == {KOI}
    state = play(state, KOI, *order[:2])
    assert GAME.parse(state, KOI, order[2]) in GAME.legal(state, KOI)
    state = play(state, KOI, order[2])
    g = g_of(state)
    assert where(g, KOI, "bushi").count("edo") == 2
    assert any(o == KOI and k == "shinto" and at == 10 for o, k, at in g.figs)
    assert GAME.to_act(state) != {KOI}  # three summons owed, three made: done


def test_the_set_still_limits_each_province() -> None:
    """«2 Strongholds in one province → up to 2 there»: with Strongholds in Edo (two) and
    Kyoto, a third Edo Bushi is refused whatever came before, and after a shrine summon
    and two Edo Bushi nothing is left."""
    state = recruit_with_holds(TURTLE, ["edo", "edo", "kyoto"])
    state = play(state, KOI, "summon bushi edo", "summon bushi edo")
    legal = GAME.legal(state, KOI)
    assert Summon("bushi", "edo") not in legal
    assert Summon("bushi", "kyoto") in legal
    assert Summon("shinto", "shrine:amaterasu") in legal
