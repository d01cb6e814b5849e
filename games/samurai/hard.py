"""Samurai's hooks for the ``hard`` player (:mod:`games.search`).

Candidates: in the play phase the greedy player's best steps by its expected-figure score
(:class:`games.samurai.ai.Judge`) and ending the turn; a sample of the opening placements;
in the pick phase the greedy choice alone. Rollouts play whole games with the greedy
player (a game is short: about 180 actions for four players).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ai import Seen
from games.base import Action
from games.rng import Rng
from games.samurai.ai import GreedyPlayer, Judge
from games.samurai.state import End
from games.search import Hooks, sample_legal, top, with_first

WIDTH = 4  # candidates searched per step


def candidates(seen: Seen, rng: Rng) -> Sequence[Action]:
    state, seat = seen.guess, seen.seat
    first = GreedyPlayer(rng.next_u64()).choose(seen)
    if state.phase == "pick":
        return [first]
    if state.phase == "placement":
        return with_first(first, sample_legal(seen, rng, WIDTH), WIDTH)
    judge = Judge(state, seat)
    steps = [a for a in seen.legal if not isinstance(a, End)]
    best = top(steps, judge.score, WIDTH - 1)
    if End() in seen.legal:
        best.append(End())
    return with_first(first, best, WIDTH)


HOOKS = Hooks(candidates=candidates, policy=GreedyPlayer, steps=800, scale=2.0)
