"""A greedy computer player for China.

It sees only what its seat may see (the board, the face-up row, its own hand). A placement
is valued by how much it changes the points every player would score if the game ended
now (the region's house scoring, the alliances of the region, the mover's routes), the
mover's gain minus the opponents' average gain, plus small bonuses for route and alliance
potential. Exchanges and draws follow simple card heuristics (pairs are flexible, cards
for open regions are useful).

``win_rate`` is the benchmark: one greedy player against three random ones.
"""

from __future__ import annotations

from typing import Any

from games.ai import Player, RandomPlayer, Seen, choose_for
from games.base import Action, Game, Outcome, Seat, resolve_options
from games.china.board import Board
from games.china.rules import layout_of
from games.china.scoring import (
    alliance_points,
    house_points,
    majority,
    region_counts,
    route_rows,
    row_points,
)
from games.china.state import PILE, ChinaState, Draw, Exchange, Pass, Place
from games.rng import Rng

ROUTE_NEIGHBOUR_BONUS = 0.4
ALLIANCE_POTENTIAL = 0.35
EXCHANGE_BASE = -0.6
PILE_VALUE = 0.7


class _Evaluator:
    """Values of the placements of one seat in one position."""

    def __init__(self, state: ChinaState, seat: Seat) -> None:
        self.state = state
        self.seat = seat
        self.layout: Board = layout_of(state)
        self.zero = bool(state.options.get("zero_majority"))
        self.extra = bool(state.options.get("extra_routes"))
        self.my_routes = self._routes(state.owners, state.forts)
        self.route_cache: dict[tuple[tuple[str, ...], str | None], int] = {}

    def _routes(self, owners: list[int], forts: list[bool]) -> int:
        rows = route_rows(owners, forts, self.layout.neighbours, self.seat, self.extra)
        return sum(row_points(row, forts) for row in rows)

    def _route_gain(self, action: Place) -> float:
        key = (action.houses, action.fortification)
        if key not in self.route_cache:
            owners = list(self.state.owners)
            forts = list(self.state.forts)
            if action.fortification is not None:
                forts[self.layout.space_index[action.fortification]] = True
            for space in action.houses:
                owners[self.layout.space_index[space]] = self.seat
            self.route_cache[key] = self._routes(owners, forts) - self.my_routes
        gain = float(self.route_cache[key])
        for space in action.houses:
            index = self.layout.space_index[space]
            near = sum(
                1 for n in self.layout.neighbours[index] if self.state.owners[n] == self.seat
            )
            gain += ROUTE_NEIGHBOUR_BONUS * near
        return gain

    def _house_delta(self, action: Place, region: int) -> list[float]:
        state = self.state
        counts = region_counts(state, self.layout, region)
        spaces = self.layout.regions[region].spaces
        doubled = {state.owners[s] for s in spaces if state.forts[s] and state.owners[s] >= 0}
        after = list(counts)
        after[self.seat] += len(action.houses)
        doubled_after = set(doubled)
        if action.fortification is not None and action.fortification in action.houses:
            doubled_after.add(self.seat)
        # A region's projected points are only as safe as it is full: majorities in a
        # half-empty region can still change, a completed region is scored for good.
        filled = sum(counts)
        sure_before = _certainty(filled, len(spaces))
        sure_after = _certainty(filled + len(action.houses), len(spaces))
        before_pts = house_points(counts, doubled)
        after_pts = house_points(after, doubled_after)
        return [
            a * sure_after - b * sure_before for a, b in zip(after_pts, before_pts, strict=True)
        ]

    def _alliance_delta(self, action: Place, region: int) -> list[float]:
        state = self.state
        delta = [0.0] * state.players
        mine = list(state.emissaries[region])
        mine[self.seat] += action.emissaries
        for al in self.layout.alliances:
            if region not in al.regions:
                continue
            other = al.regions[1] if al.regions[0] == region else al.regions[0]
            before = alliance_points(state.emissaries[region], state.emissaries[other], self.zero)
            after = alliance_points(mine, state.emissaries[other], self.zero)
            for seat in range(state.players):
                delta[seat] += after[seat] - before[seat]
            if self.seat in majority(mine, self.zero) and sum(state.emissaries[other]) == 0:
                delta[self.seat] += ALLIANCE_POTENTIAL * sum(mine)
        return delta

    def value(self, action: Place) -> float:
        region = self.layout.region_index[action.region]
        delta = [0.0] * self.state.players
        if not self.state.scored[region] and action.houses:
            delta = self._house_delta(action, region)
        if action.emissaries:
            for seat, d in enumerate(self._alliance_delta(action, region)):
                delta[seat] += d
        own = delta[self.seat]
        others = [d for s, d in enumerate(delta) if s != self.seat]
        value = own - (sum(others) / len(others) if others else 0.0)
        if action.houses:
            value += self._route_gain(action)
        return value - 0.01 * len(action.cards)


def _certainty(filled: int, spaces: int) -> float:
    return 1.0 if filled >= spaces else 0.5 + 0.5 * filled / spaces


def _card_value(state: ChinaState, seat: Seat, colour: str, hand: list[str]) -> float:
    """How useful one more card of ``colour`` looks for ``seat``."""
    layout = layout_of(state)
    value = 0.8 if colour in hand else 0.0
    for index in layout.colour_regions.get(colour, ()):
        region = layout.regions[index]
        if any(state.owners[s] < 0 for s in region.spaces):
            counts = region_counts(state, layout, index)
            value += 0.5 + (0.4 if counts[seat] and counts[seat] == max(counts) else 0.0)
    return value


class GreedyPlayer:
    """Picks the best-valued legal action; ``noise`` (0..1) is the chance of a random one."""

    def __init__(self, seed: int = 0, noise: float = 0.0) -> None:
        self.rng = Rng(seed)
        self.noise = noise
        self.name = "china-greedy" if noise == 0 else "china-easy"

    def choose(self, seen: Seen) -> Action:
        state, seat, options = seen.guess, seen.seat, list(seen.legal)
        if not options:
            raise ValueError("no legal action to choose from")
        if self.noise and self.rng.below(1000) < self.noise * 1000:
            return options[self.rng.below(len(options))]
        scored = self._values(state, seat, options)
        best = max(v for v, _ in scored)
        ties: list[Action] = [a for v, a in scored if v >= best - 1e-9]
        return ties[self.rng.below(len(ties))]

    def _values(self, state: ChinaState, seat: Seat, options: list[Any]) -> list[tuple[float, Any]]:
        hand = state.hands[seat]
        evaluator: _Evaluator | None = None
        out: list[tuple[float, Any]] = []
        for action in options:
            if isinstance(action, Place):
                evaluator = evaluator or _Evaluator(state, seat)
                out.append((evaluator.value(action), action))
            elif isinstance(action, Draw):
                value = (
                    PILE_VALUE
                    if action.source == PILE
                    else _card_value(state, seat, action.source, hand)
                )
                out.append((value, action))
            elif isinstance(action, Exchange):
                rest = list(hand)
                rest.remove(action.discard)
                gain = (
                    PILE_VALUE
                    if action.take == PILE
                    else _card_value(state, seat, action.take, rest)
                )
                loss = _card_value(state, seat, action.discard, rest)
                out.append((EXCHANGE_BASE + 0.1 * (gain - loss), action))
            else:
                assert isinstance(action, Pass)
                out.append((EXCHANGE_BASE - 1.0, action))
        return out


def make_player(strength: str = "normal", seed: int = 0) -> Player:
    """``"normal"``: the greedy player; ``"easy"``: greedy with a third of moves random;
    ``"random"``: uniformly random legal actions."""
    if strength == "random":
        return RandomPlayer(seed)
    if strength == "easy":
        return GreedyPlayer(seed, noise=0.33)
    return GreedyPlayer(seed)


def play_game(
    game: Game, players: list[Player], seed: int, options: dict[str, Any] | None = None
) -> Outcome:
    """Play one game between ``players`` (seat order); returns the outcome."""
    state = game.setup(len(players), resolve_options(game, options or {}), seed)
    while (outcome := game.outcome(state)) is None:
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(players[seat], game, state, seat, seed))
    return outcome
