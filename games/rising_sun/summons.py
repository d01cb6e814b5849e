"""The summons a Recruit owes a player, matched as a set (reference §6.2).

A Recruit owes one summon per Stronghold (two Strongholds in a province: two there), the
chooser and its ally one more at any of their Strongholds, Dragonfly's go anywhere; a
Shinto may instead go straight to a shrine. The summons made so far are not tied to a slot
when they are made: a summon is allowed when the summons made, with it, can still each be
given a slot of their own (a bipartite matching), so the order of the summons never
matters (a Shinto sent to a shrine first does not use up a slot a later Bushi needs).

Slots are province indices (a Stronghold there), ``BONUS`` (any province with one of the
player's Strongholds) or ``ANYWHERE`` (Dragonfly). A summon's place is a province index
or a shrine (``SHRINE + k``).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.rising_sun.state import SHRINE

ANYWHERE = -1
BONUS = -2


def fits(slot: int, loc: int, holds: Sequence[int]) -> bool:
    """Whether a summon to ``loc`` may use ``slot`` (a shrine takes any slot)."""
    if loc >= SHRINE or slot == ANYWHERE:
        return True
    if slot == BONUS:
        return loc in holds
    return slot == loc


def matchable(slots: Sequence[int], locs: Sequence[int], holds: Sequence[int]) -> bool:
    """Whether every summon in ``locs`` can have a slot of its own (augmenting paths)."""
    owner: dict[int, int] = {}  # slot index -> summon index

    def place(i: int, seen: set[int]) -> bool:
        for j, slot in enumerate(slots):
            if j in seen or not fits(slot, locs[i], holds):
                continue
            seen.add(j)
            if j not in owner or place(owner[j], seen):
                owner[j] = i
                return True
        return False

    return len(locs) <= len(slots) and all(place(i, set()) for i in range(len(locs)))
