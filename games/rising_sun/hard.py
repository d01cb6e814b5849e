"""Rising Sun's hooks for the ``hard`` player (:mod:`games.search`).

Candidates: the greedy player's choice first; for figures, the actions whose copy of the
position evaluates best (:func:`games.rising_sun.ai_eval.evaluate`); for a war's whole
bids (up to 46,376 legal ones) the greedy target and its neighbours one coin away; for the
other short choices (mandates, cards, the Tea Ceremony...) the legal actions themselves, or
a sample of them. Rollouts play the greedy player for at most ``HORIZON`` actions (about
half a season) and then score every seat by the same evaluation, in VP-equivalents.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.ai import Seen
from games.base import Action, Game, State
from games.rising_sun.ai import GreedyPlayer, try_action
from games.rising_sun.ai_eval import evaluate
from games.rising_sun.state import Bid, Confirm, G, Gift, thaw_cached
from games.rng import Rng
from games.search import Hooks, sample_legal, top, with_first

WIDTH = 4  # candidates searched per action
HORIZON = 50  # rollout actions before the evaluation
SEARCHED = ("recruit", "marshal", "summon", "place_monster", "betray", "stronghold")


def candidates(seen: Seen, rng: Rng) -> Sequence[Action]:
    g = thaw_cached(seen.guess)
    first = GreedyPlayer(rng.next_u64()).choose(seen)
    task = g.tasks[0]
    if task["t"] == "clan":
        return [first]
    if task["t"] == "bids":
        return with_first(first, _bids(seen, first), WIDTH)
    legal = [a for a in seen.legal if not isinstance(a, Gift)]
    if len(legal) > 8 * WIDTH:
        legal = [a for a in sample_legal(seen, rng, 8 * WIDTH) if not isinstance(a, Gift)]
    return with_first(first, top(legal, _gain(g, seen.seat, task), WIDTH), WIDTH)


def _gain(g: G, seat: int, task: dict[str, Any]) -> Any:
    def gain(action: Action) -> float:
        h = try_action(g, seat, task, action)  # type: ignore[arg-type]
        return -1e9 if h is None else evaluate(h, seat)

    return gain


def _bids(seen: Seen, first: Action) -> list[Action]:
    """The greedy whole bid with one coin less or more in each box (those legal)."""
    if not isinstance(first, Bid):
        return [Confirm()] if Confirm() in seen.legal else []
    want = [first.seppuku, first.hostage, first.ronin, first.poets]
    out: list[Action] = []
    for box in range(len(want)):
        for step in (-1, 1):
            values = list(want)
            values[box] += step
            bid = Bid(*values)
            if values[box] >= 0 and bid in seen.legal:
                out.append(bid)
    return out


def scores(game: Game, state: State) -> Sequence[float]:
    g = thaw_cached(state)
    return [evaluate(g, seat) for seat in range(g.players)]


HOOKS = Hooks(
    candidates=candidates,
    policy=GreedyPlayer,
    steps=600,
    scores=scores,
    horizon=HORIZON,
    scale=10.0,
)
