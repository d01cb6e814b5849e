"""The three AI levels of every game: each exists, plays legal moves, and ``hard`` is
reproducible from its seed."""

from __future__ import annotations

from types import ModuleType

import pytest

import games
from games.ai import choose_for, seen_by
from games.base import Game, Player, State, resolve_options
from games.china import hard as china_hard
from games.rising_sun import hard as rising_sun_hard
from games.rising_sun.state import Bid
from games.rng import Rng, derive_seed
from games.samurai import hard as samurai_hard
from games.search import LEVELS, Pimc
from games.shitenno import hard as shitenno_hard

HOOKED: dict[str, ModuleType] = {
    "samurai": samurai_hard,
    "china": china_hard,
    "shitenno": shitenno_hard,
    "rising_sun": rising_sun_hard,
}
SMALL = 300  # simulated actions: a fast search, enough for every candidate to be tried


def searched_position(key: str, seed: int) -> tuple[Game, State, int]:
    """A position a few moves into a game where ``hard`` has at least two candidates."""
    game = games.get(key)
    count = game.seats[0]
    state = game.setup(count, resolve_options(game, {}), seed)
    normal = [game.make_player("normal", derive_seed(seed, str(s)), 0.1) for s in range(count)]
    for step in range(400):
        seat = min(game.to_act(state))
        seen = seen_by(game, state, seat, step)
        if step >= 25 and len(HOOKED[key].HOOKS.candidates(seen, Rng(step))) > 1:
            return game, state, seat
        state, _ = game.apply(state, seat, choose_for(normal[seat], game, state, seat))
    raise AssertionError(f"{key}: no searched position")


def small(key: str, seed: int) -> Pimc:
    return Pimc(HOOKED[key].HOOKS, seed, SMALL)


@pytest.mark.parametrize("key", sorted(m.rsplit(".", 1)[1] for m in games.BUILTIN))
def test_every_level_exists_and_plays_legal_moves(key: str) -> None:
    game = games.get(key)
    count = game.seats[0]
    state = game.setup(count, resolve_options(game, {}), 5)
    players: list[Player] = [game.make_player(level, 7, 0.1) for level in LEVELS]
    for step in range(12):  # hard's own moves are checked where it searches, below
        if game.outcome(state) is not None:
            break
        seat = min(game.to_act(state))
        action = choose_for(players[step % 2], game, state, seat)
        assert action in game.legal(state, seat)
        state, _ = game.apply(state, seat, action)
    with pytest.raises(ValueError, match="unknown strength"):
        game.make_player("grandmaster", 7, 0.1)


@pytest.mark.parametrize("key", sorted(HOOKED))
def test_hard_plays_a_legal_move_where_it_searches(key: str) -> None:
    game, state, seat = searched_position(key, 3)
    hard = game.make_player("hard", 11, 2.0)
    assert hard.name == "hard"
    assert choose_for(hard, game, state, seat) in game.legal(state, seat)


@pytest.mark.parametrize("key", sorted(HOOKED))
def test_hard_replays_the_same_move_for_the_same_seed(key: str) -> None:
    game, state, seat = searched_position(key, 4)
    first, second = small(key, 21), small(key, 21)
    seen = seen_by(game, state, seat, 5)
    move = first.choose(seen)
    assert move == second.choose(seen)
    assert first.last_determinizations >= 1
    # what the seat cannot see, reshuffled: the same move (the search reads only the Seen)
    for k in range(3):
        hidden = game.shuffle_hidden(state, seat, k)
        assert small(key, 21).choose(seen_by(game, hidden, seat, 5)) == move


def test_rising_sun_whole_bids_are_narrowed_to_a_few_legal_candidates() -> None:
    game = games.get("rising_sun")
    state = game.setup(3, resolve_options(game, {}), 8)
    normal = [game.make_player("normal", s, 0.1) for s in range(3)]
    for step in range(3000):
        seat = min(game.to_act(state))
        seen = seen_by(game, state, seat, step)
        if len(seen.legal) > 100 and any(isinstance(a, Bid) for a in seen.legal[:3]):
            found = rising_sun_hard.candidates(seen, Rng(step))
            assert 2 <= len(found) <= rising_sun_hard.WIDTH
            assert all(isinstance(a, Bid) and a in seen.legal for a in found), found
            return
        state, _ = game.apply(state, seat, choose_for(normal[seat], game, state, seat))
    raise AssertionError("no war with a whole bid to make")
