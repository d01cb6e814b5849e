"""``public_choices``: the actions the public board may offer as buttons (issue 17 item 4).

The conformance harness checks the property over every game (the same under every redeal of
what the public cannot see, every action legal). These tests pin what each game decides is
public, so that a game cannot pass the property by never showing a button, and the checked
wrapper :func:`games.engine.public_choices`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from typing import Any

import pytest

import games
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import Action, Seat, resolve_options
from games.rising_sun.state import thaw_cached
from games.shitenno.flow import stage


def _positions(
    key: str, players: int, seed: int, options: Mapping[str, Any] | None = None
) -> Iterator[Any]:
    """Every position of a random playout (the final one included)."""
    game = games.get(key)
    state = game.setup(players, resolve_options(game, options), seed)
    player = RandomPlayer(seed)
    while game.outcome(state) is None:
        yield state
        seat = min(game.to_act(state))
        state, _ = engine.act(game, state, seat, choose_for(player, game, state, seat))
    yield state


def _sole(game: Any, state: Any) -> Seat | None:
    acting = game.to_act(state)
    return next(iter(acting)) if len(acting) == 1 else None


def test_a_shitenno_hand_that_can_place_nothing_shows_no_buttons() -> None:
    """The leak the fault suite found: a province turn whose hand can pay for nothing leaves
    only Draw / End, while a redealt hand could place; buttons would tell the channel."""
    game = games.get("shitenno")
    found = 0
    for seed in range(40):
        for state in _positions("shitenno", 4, seed):
            seat = _sole(game, state)
            if seat is None or stage(state) != "turn" or not state.hands[seat]:
                continue
            legal = game.legal(state, seat)
            if len(legal) > 5 or state.placed >= 2 or state.kamons[seat] == 0:
                continue
            redeals = [game.shuffle_hidden(state, None, k) for k in range(30)]
            if all(game.legal(o, seat) == legal for o in redeals):
                continue  # no redeal tells a different story here
            found += 1
            assert game.public_choices(state, seat) is None
            assert engine.public_choices(game, state, seat, most=5) is None
        if found >= 3:
            break
    assert found >= 3, "no position like the one of the report was reached"


def test_shitenno_offers_splits_and_empty_hands_are_public() -> None:
    game = games.get("shitenno")
    seen: set[str] = set()
    for seed in range(6):
        for state in _positions("shitenno", 3, seed):
            seat = _sole(game, state)
            if seat is None:
                continue
            shown = game.public_choices(state, seat)
            now = stage(state)
            if now in ("lot", "split", "offer", "choose"):
                assert shown is not None and list(shown) == list(game.legal(state, seat))
                seen.add(now)
            elif now == "turn" and not state.hands[seat]:
                assert shown is not None
                seen.add("empty hand")
    assert {"lot", "offer", "choose"} <= seen


def test_china_draws_are_public_and_a_hand_is_not() -> None:
    game = games.get("china")
    phases: dict[str, int] = {"draw": 0, "act": 0}
    for state in _positions("china", 4, 5):
        seat = _sole(game, state)
        if seat is None:
            continue
        shown = game.public_choices(state, seat)
        if state.phase == "draw":
            assert shown == game.legal(state, seat)
            phases["draw"] += 1
        elif state.hands[seat]:
            assert shown is None
            phases["act"] += 1
    assert phases["draw"] > 10 and phases["act"] > 10


def test_samurai_figures_are_public_and_a_hand_with_a_pile_is_not() -> None:
    game = games.get("samurai")
    seen = {"placement": 0, "pick": 0, "hidden turn": 0}
    for state in _positions("samurai", 3, 2):
        for seat in range(3):
            shown = game.public_choices(state, seat)
            if state.phase == "placement" and seat == state.current:
                assert shown == game.legal(state, seat)
                seen["placement"] += 1
            elif state.phase == "pick":
                assert shown is None
                seen["pick"] += 1
            elif state.phase == "play" and state.hands[seat] and state.piles[seat]:
                assert shown is None
                seen["hidden turn"] += 1
    assert all(seen.values()), seen


def test_rising_sun_hides_only_the_mandate_choice_and_the_bids() -> None:
    game = games.get("rising_sun")
    kinds: dict[str, bool] = {}
    for state in _positions("rising_sun", 3, 1):
        g = thaw_cached(state)
        if not g.tasks:
            continue
        kind = g.tasks[0]["t"]
        for seat in game.to_act(state):
            shown = game.public_choices(state, seat)
            assert (shown is None) == (kind in ("choose", "bids")), kind
            kinds[kind] = shown is not None
    assert not kinds["choose"] and kinds["marshal"] and kinds["tea"]


def test_yokai_shows_every_legal_action() -> None:
    game = games.get("yokai")
    for state in list(_positions("yokai", 2, 3))[:30]:
        for seat in game.to_act(state):
            assert game.public_choices(state, seat) == game.legal(state, seat)


class _Liar:
    """A game whose public choices include an action that is not legal."""

    def __init__(self, game: Any, extra: Action) -> None:
        self._game, self._extra = game, extra

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def public_choices(self, state: Any, seat: Seat) -> Sequence[Action] | None:
        return [*self._game.legal(state, seat), self._extra]


def test_the_checked_wrapper_fails_closed() -> None:
    game = games.get("china")
    state = next(s for s in _positions("china", 3, 4) if s.phase == "draw")
    seat = state.current
    legal = tuple(game.legal(state, seat))
    assert 1 < len(legal) <= 5
    assert engine.public_choices(game, state, seat, most=5) == legal
    assert engine.public_choices(game, state, seat, most=len(legal) - 1) is None
    other = (seat + 1) % 3
    assert engine.public_choices(game, state, other) is None  # not this seat's turn
    liar: Any = _Liar(game, "not an action")
    assert engine.public_choices(liar, state, seat) is None


@pytest.mark.parametrize("key", sorted(games.GAMES))
def test_no_public_choice_after_the_end(key: str) -> None:
    game = games.get(key)
    players = min(game.seats)
    *_, end = _positions(key, players, 11)
    assert game.outcome(end) is not None
    assert all(engine.public_choices(game, end, seat) is None for seat in range(players))
