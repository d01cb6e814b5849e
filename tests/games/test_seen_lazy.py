"""A lazy list of actions stays lazy in what an AI sees (``seen_by``, ``inside``).

A Rising Sun bid's legal actions are a lazy list of 46,376 whole bids; a hard search
builds a ``Seen`` for every simulated move, and listing the bids each time took 40 % of a
hard move's time (a 3-player move was 3 s at p95 instead of at most 2 s)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import games
from games.ai import RandomPlayer, inside
from games.base import seen_by
from games.lazy import LazyActions


def lazy_positions(key: str, players: int, seed: int) -> Iterator[tuple[object, int]]:
    """(state, seat) of a random playout wherever the seat's legal actions are lazy."""
    game = games.get(key)
    state = game.setup(players, {}, seed)
    player = RandomPlayer(seed)
    for _ in range(3000):
        if game.outcome(state) is not None:
            return
        seat = min(game.to_act(state))
        legal = game.legal(state, seat)
        if isinstance(legal, LazyActions):
            yield state, seat
        state, _ = game.apply(state, seat, legal[player.rng.below(len(legal))])


def test_a_lazy_list_of_actions_is_never_listed_for_an_ai(monkeypatch: pytest.MonkeyPatch) -> None:
    game = games.get("rising_sun")
    found = 0
    for state, seat in lazy_positions("rising_sun", 3, 4):
        with monkeypatch.context() as m:
            m.setattr(LazyActions, "__iter__", lambda self: pytest.fail("listed"))
            for seen in (seen_by(game, state, seat, 1), inside(game, state, seat)):
                assert isinstance(seen.legal, LazyActions)
                assert len(seen.legal) > 100
        found += 1
        if found == 3:
            break
    assert found == 3
