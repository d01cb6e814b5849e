"""Shitenno's hooks for the ``hard`` player (:mod:`games.search`).

Candidates: for a lot or a split (thousands of legal ones), the heuristic player's choices
under a few seeds (each its own sample of the legal lots, each near a fair share); for an
offer or the choice of a lot, both answers; on a province turn the heuristic choice, the
placements with the best net gain and ending the turn. Rollouts play whole games with the
heuristic player (under a hundred actions for four players).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ai import Seen
from games.base import Action
from games.rng import Rng
from games.search import Hooks, top, with_first
from games.shitenno.ai import HeuristicPlayer, place_gain
from games.shitenno.flow import stage
from games.shitenno.state import End, Place

WIDTH = 4  # candidates searched per action


def candidates(seen: Seen, rng: Rng) -> Sequence[Action]:
    state, seat = seen.guess, seen.seat
    first = HeuristicPlayer(rng.next_u64()).choose(seen)
    now = stage(state)
    if now in ("lot", "split"):
        more = [HeuristicPlayer(rng.next_u64()).choose(seen) for _ in range(WIDTH)]
        return with_first(first, more, WIDTH)
    if now in ("offer", "choose"):
        return with_first(first, seen.legal, WIDTH)
    places = [a for a in seen.legal if isinstance(a, Place)]
    gains = {id(a): place_gain(state, seat, a) for a in places}
    best = top(places, lambda a: gains[id(a)], WIDTH - 1)
    if End() in seen.legal:
        best.append(End())
    return with_first(first, best, WIDTH)


HOOKS = Hooks(candidates=candidates, policy=HeuristicPlayer, steps=650, scale=10.0, noise=0.5)
