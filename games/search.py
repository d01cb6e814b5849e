"""Search for computer players of games with hidden information (the ``hard`` level), and
the noisy ``easy`` level; no game is named here, each game supplies :class:`Hooks`.

:class:`Pimc` is determinized flat Monte Carlo ("perfect information Monte Carlo", the
simplest member of the information-set MCTS family of Cowling, Powley and Whitehouse,
2012): it chooses from a :class:`games.ai.Seen`, never the true state. The game's hook
narrows the legal actions to a few *candidates* (the ``normal`` player's choice first, so
huge lists such as whole bids or payments are never walked). Then, determinization after
determinization (``seen.sample(d)``: the hidden parts redealt, consistent with the seat's
view), every candidate is played in that same state and followed by a *rollout*: every
seat plays the game's rollout policy (the ``normal`` player) until the game ends or the
hook's horizon is reached, and the result is scored for the seat (a share of first place,
plus a small part of the points margin). Candidates share each determinization and the
rollout's seeds (common random numbers), so their totals differ by their own merit rather
than by luck of the deal. The best total wins; ties and near-ties go to the earlier
candidate (the ``normal`` choice gets ``Hooks.prior`` per determinization).

Determinism: the work is bounded by a count, not by the clock: determinizations continue
while fewer than ``steps`` simulated actions were played (each determinization is finished
for every candidate), so the same seed and the same view give the same move. The clock is
a safety net only: a search still running ``net_s`` seconds after it started stops after
the determinization under way (positions whose rollouts are pathologically long); the
step budgets are calibrated so that this never happens on the benchmark's machine.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from games.ai import LEVELS, RandomPlayer, Seen, inside
from games.base import Action, Game, GameError, Outcome, Player, Seat, State
from games.rng import Rng, derive_seed

MARGIN_WEIGHT = 0.1  # the points margin counts for at most this much of a won game
HARD_S = 2.0  # what a hard move is calibrated to: CPU seconds at p95 on one core (issue 27)
NET_S = 2 * HARD_S  # the clock's safety net, seconds
EASY_NOISE = 0.3  # the share of the easy level's moves that are random


@dataclass(frozen=True)
class Hooks:
    """What a game tells the search.

    ``candidates(seen, rng)``: the actions worth searching, best first by the ``normal``
    player (at least one, each in ``seen.legal``). ``policy(seed)``: the rollout player.
    ``steps``: the simulated actions of one choice, calibrated so that a ``hard`` move
    takes at most 2 s at p95 on one core of the benchmark's machine.
    ``scores(game, state)``: a projected score per seat where a rollout stops before the
    end (``None`` plays every rollout to the end). ``horizon``: how many actions a rollout
    plays at most. ``scale``: a typical points margin (for ``MARGIN_WEIGHT``).
    ``noise``: the share of the ``easy`` level's moves that are random (a game whose
    ``normal`` player is weak raises it, so that ``normal`` still beats ``easy``).
    """

    candidates: Callable[[Seen, Rng], Sequence[Action]]
    policy: Callable[[int], Player]
    steps: int = 2000
    scores: Callable[[Game, State], Sequence[float]] | None = None
    horizon: int = 10_000
    scale: float = 10.0
    prior: float = 0.02
    noise: float = EASY_NOISE


def reward(scores: Sequence[float], ranks: Sequence[int], seat: Seat, scale: float) -> float:
    """A share of first place (split between the seats that share it) plus a bounded part
    of the margin over the best other seat."""
    best = min(ranks)
    first = sum(1 for r in ranks if r == best)
    share = 1.0 / first if ranks[seat] == best else 0.0
    if not scores:
        return share
    other = max(s for k, s in enumerate(scores) if k != seat)
    margin = max(-1.0, min(1.0, (scores[seat] - other) / scale))
    return share + MARGIN_WEIGHT * margin


def outcome_reward(outcome: Outcome, seat: Seat, scale: float) -> float:
    return reward(outcome.scores, outcome.ranks, seat, scale)


def projected_reward(scores: Sequence[float], seat: Seat, scale: float) -> float:
    ranks = [1 + sum(1 for other in scores if other > mine) for mine in scores]
    return reward(scores, ranks, seat, scale)


class Pimc:
    """The ``hard`` player: determinized flat Monte Carlo (see the module docstring).

    A :class:`games.base.Player`; ``steps`` bounds the simulated actions of one choice.
    """

    name = "hard"

    def __init__(self, hooks: Hooks, seed: int, steps: int, net_s: float = NET_S) -> None:
        self.hooks, self.seed, self.steps, self.net_s = hooks, seed, steps, net_s
        self.calls = 0
        self.last_determinizations = 0

    def choose(self, seen: Seen) -> Action:
        if not seen.legal:
            raise ValueError("no legal action to choose from")
        self.calls += 1
        seed = derive_seed(self.seed, f"choice/{self.calls}/{seen.seed}")
        candidates = list(self.hooks.candidates(seen, Rng(derive_seed(seed, "candidates"))))
        if len(candidates) < 2:
            self.last_determinizations = 0
            return candidates[0] if candidates else seen.legal[0]
        totals = self._search(seen, candidates, seed)
        best = max(range(len(candidates)), key=lambda i: (totals[i], -i))
        return candidates[best]

    def _search(self, seen: Seen, candidates: list[Action], seed: int) -> list[float]:
        totals = [0.0] * len(candidates)
        played, d = 0, 0
        start = time.process_time()
        while played < self.steps and (d == 0 or time.process_time() - start < self.net_s):
            state = seen.sample(d)
            roll = derive_seed(seed, f"rollout/{d}")
            for i, action in enumerate(candidates):
                value, steps = self.rollout(seen.game, state, seen.seat, action, roll)
                totals[i] += value
                played += steps
            totals[0] += self.hooks.prior
            d += 1
        self.last_determinizations = d
        return totals

    def rollout(
        self, game: Game, state: State, seat: Seat, action: Action, seed: int
    ) -> tuple[float, int]:
        """The reward for ``seat`` of playing ``action`` in ``state`` and then the rollout
        policy for every seat; and the number of actions played."""
        hooks = self.hooks
        try:
            state, _ = game.apply(state, seat, action)
        except GameError:  # not legal in this determinization: the worst outcome
            return 0.0, 1
        players: dict[Seat, Player] = {}
        played = 1
        while (outcome := game.outcome(state)) is None:
            if played >= hooks.horizon and hooks.scores is not None:
                return projected_reward(hooks.scores(game, state), seat, hooks.scale), played
            mover = min(game.to_act(state))
            if mover not in players:
                players[mover] = hooks.policy(derive_seed(seed, f"seat/{mover}"))
            state, _ = game.apply(state, mover, players[mover].choose(inside(game, state, mover)))
            played += 1
        return outcome_reward(outcome, seat, hooks.scale), played


class Noisy:
    """The ``easy`` level: ``inner``'s choice, except that a ``noise`` share of the moves
    are uniformly random legal actions (reproducible from ``seed``)."""

    name = "easy"

    def __init__(self, inner: Player, noise: float, seed: int) -> None:
        self.inner, self.noise, self.rng = inner, noise, Rng(derive_seed(seed, "noise"))

    def choose(self, seen: Seen) -> Action:
        if self.rng.below(1000) < self.noise * 1000 and seen.legal:
            return seen.legal[self.rng.below(len(seen.legal))]
        return self.inner.choose(seen)


def top(actions: Sequence[Action], value: Callable[[Action], float], width: int) -> list[Action]:
    """The ``width`` best of ``actions`` by ``value`` (stable: equal values keep order)."""
    ranked = sorted(range(len(actions)), key=lambda i: (-value(actions[i]), i))
    return [actions[i] for i in ranked[:width]]


def with_first(first: Action, others: Sequence[Action], width: int) -> list[Action]:
    """``first`` then the other members of ``others``, ``width`` in all, no repeats."""
    out = [first]
    for action in others:
        if len(out) >= width:
            break
        if action not in out:
            out.append(action)
    return out


def sample_legal(seen: Seen, rng: Rng, count: int) -> list[Action]:
    """``count`` legal actions drawn at random (all of them when there are few)."""
    legal = seen.legal
    if len(legal) <= count:
        return list(legal)
    return [legal[rng.below(len(legal))] for _ in range(count)]


def make_level(strength: str, seed: int, budget_s: float, hooks: Hooks) -> Player:
    """A game's player of level ``strength``: ``easy`` (:class:`Noisy` over the rollout
    policy), ``normal`` (the rollout policy, the game's own player), ``hard`` (:class:`Pimc`
    with ``hooks.steps``; its clock's safety net is ``budget_s`` or ``NET_S``, the larger),
    or ``random``."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "easy":
        return Noisy(hooks.policy(seed), hooks.noise, seed)
    if strength == "normal":
        return hooks.policy(seed)
    if strength == "hard":
        return Pimc(hooks, seed, hooks.steps, max(budget_s, NET_S))
    raise ValueError(f"unknown strength {strength!r} (known: {', '.join(LEVELS)})")


@dataclass(frozen=True)
class Levels:
    """A record's ``make_player`` for a game whose levels are built from its ``hooks``
    (:func:`make_level`); a record of references, so the game's record still pickles."""

    hooks: Hooks

    def __call__(self, strength: str, seed: int, budget_s: float) -> Player:
        return make_level(strength, seed, budget_s, self.hooks)
