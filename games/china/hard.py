"""China's hooks for the ``hard`` player (:mod:`games.search`).

Candidates: the greedy player's best actions by its own values (placements, draws and
exchanges alike). Rollouts play whole games with the greedy player (about 120 actions
for four players); the margin is counted in points.
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ai import Seen
from games.base import Action
from games.china.ai import GreedyPlayer
from games.rng import Rng
from games.search import Hooks, top

WIDTH = 4  # candidates searched per action


def candidates(seen: Seen, rng: Rng) -> Sequence[Action]:
    values = GreedyPlayer(rng.next_u64())._values(seen.guess, seen.seat, list(seen.legal))
    value = {id(a): v for v, a in values}
    return top(seen.legal, lambda a: value[id(a)], WIDTH)


HOOKS = Hooks(candidates=candidates, policy=GreedyPlayer, steps=2000, scale=10.0)
