"""Computer players for Shitenno: a heuristic player that values cards, tiles and Kamons.

Values (in favour points): a Koku is worth its value (it scores at the end anyway), a troop
``TROOP_WORTH``, a bonus tile ``TILE_WORTH``, a Hierarchy tile by its title's power
(``TITLE_WORTH``). The player

* as Tairō offers a lot worth about a fair share of what is left (so the others take it or
  leave it to him at a fair price), with a sample of the legal lots when there are many;
* accepts an offer worth at least a fair share;
* splits so that both lots are worth about the same, and picks the better lot;
* on a province turn plays the placement with the best net gain (favour now, the title
  bonus, the tile won, a majority taken, minus what it spends), uses Draw tiles, turns the
  Kamon golden that best secures a majority (Senseï), then ends the turn.

:func:`games.shitenno.selfplay.win_rate` plays it against random players (1 heuristic vs
3 random, four players).
"""

from __future__ import annotations

from collections.abc import Sequence

from games.ai import Player, RandomPlayer, Seen
from games.base import Action, Seat
from games.rng import Rng
from games.shitenno import state as acts
from games.shitenno.data import PROVINCE_IDS, TITLE_BONUS, koku_value, provinces
from games.shitenno.flow import stage
from games.shitenno.rules import free_position
from games.shitenno.scoring import majority
from games.shitenno.state import ShitennoState

TROOP_WORTH = 1.4
TILE_WORTH = 1.5
TITLE_WORTH = {4: 5.0, 3: 3.0, 2: 1.5, 1: 1.5}
SAMPLE = 400


def card_worth(code: str) -> float:
    return float(koku_value(code)) if code[0] == "K" else TROOP_WORTH * len(code)


def lot_worth(cards: tuple[str, ...], tile: int) -> float:
    return sum(card_worth(c) for c in cards) + TITLE_WORTH[tile]


class HeuristicPlayer:
    """See the module docstring."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seen: Seen) -> Action:
        state, seat, legal = seen.guess, seen.seat, seen.legal
        if not legal:
            raise ValueError("no legal action to choose from")
        now = stage(state)
        if now in ("lot", "split"):
            return self._lot(state, legal, now == "split")
        if now == "offer":
            assert state.offer is not None
            left = max(1, len([s for s in state.lots if s is None]))
            share = (sum(card_worth(c) for c in state.offer[0]) + _pool(state)) / left
            return acts.Accept() if lot_worth(*state.offer) >= share else acts.Refuse()
        if now == "choose":
            assert state.split is not None
            a, b = state.split
            return acts.Choose("a" if lot_worth(*a) >= lot_worth(*b) else "b")
        return self._turn(state, seat, legal)

    def _sample(self, legal: Sequence[Action]) -> list[Action]:
        n = len(legal)
        if n <= SAMPLE:
            return list(legal)
        return [legal[self.rng.below(n)] for _ in range(SAMPLE)]

    def _lot(self, state: ShitennoState, legal: Sequence[Action], split: bool) -> Action:
        total = sum(card_worth(c) for c in state.open_cards) + sum(
            TITLE_WORTH[t] for t in state.tiles
        )
        left = len([s for s in state.lots if s is None])
        best: Action | None = None
        best_score = float("inf")
        for action in self._sample(legal):
            if split:
                assert isinstance(action, acts.Split)
                a = lot_worth(action.cards, action.first)
                rest = tuple(c for c in state.open_cards)
                b_cards = list(rest)
                for c in action.cards:
                    b_cards.remove(c)
                b = lot_worth(tuple(b_cards), action.second)
                score = abs(a - b)
            else:
                assert isinstance(action, acts.MakeLot)
                score = abs(lot_worth(action.cards, action.tile) - total / max(left, 1))
            score += self.rng.below(100) * 1e-4
            if score < best_score:
                best, best_score = action, score
        assert best is not None
        return best

    def _turn(self, state: ShitennoState, seat: Seat, legal: Sequence[Action]) -> Action:
        actions = list(legal)
        if acts.Draw() in actions:
            return acts.Draw()
        best: Action | None = None
        best_score = 0.0
        for action in actions:
            if isinstance(action, acts.Place):
                score = place_gain(state, seat, action)
                if score > best_score:
                    best, best_score = action, score
        if best is not None:
            return best
        flips = [a for a in actions if isinstance(a, acts.Flip)]
        if flips:
            return max(flips, key=lambda f: flip_gain(state, seat, f))
        return acts.End()


def _pool(state: ShitennoState) -> float:
    return sum(card_worth(c) for c in state.open_cards)


def place_gain(state: ShitennoState, seat: Seat, action: acts.Place) -> float:
    """Net favour of a placement: now, title bonus, tile, majority change, minus the cost."""
    i = PROVINCE_IDS.index(action.province)
    p = provinces()[i]
    k = free_position(state, i)
    assert k is not None
    gain = float(p.values[k] + TITLE_BONUS.get(state.titles[seat], 0))
    if k < 3:
        gain += TILE_WORTH
    before = majority(state.board[i])
    slots = list(state.board[i])
    slots[k] = (seat, False)
    after = majority(tuple(slots))
    if after == seat and before != seat:
        gain += p.majority * 0.6
    spent = sum(card_worth(c) for c in action.cards)
    spent += TILE_WORTH * (action.exchange + action.plus) + (0.3 if action.hatamoto else 0)
    return gain - spent


def flip_gain(state: ShitennoState, seat: Seat, action: acts.Flip) -> float:
    i = PROVINCE_IDS.index(action.province)
    slots = list(state.board[i])
    k = next(k for k, s in enumerate(slots) if s is not None and s[0] == seat and not s[1])
    before = majority(state.board[i])
    slots[k] = (seat, True)
    return 1.0 if majority(tuple(slots)) == seat and before != seat else 0.0


def make_player(strength: str, *, seed: int = 0) -> Player:
    """The heuristic player (every strength; ``"random"`` gives random play)."""
    if strength == "random":
        return RandomPlayer(seed)
    return HeuristicPlayer(seed)
