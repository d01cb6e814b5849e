"""No hand, pile or hidden capture reaches a channel: over 200 random games of the games
with hidden information, every sentence the bot would post publicly comes only from
public events, and the public view of each position is blind to hidden information."""

from __future__ import annotations

import pytest

import games
from bot.posts import board
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options

PRIVATE_KINDS = {"samurai.take", "samurai.drop", "samurai.draw", "china.drew_pile_card"}
CASES = [("samurai", 3, 50), ("samurai", 4, 50), ("china", 4, 60), ("china", 5, 40)]


@pytest.mark.parametrize(("key", "players", "count"), CASES)
def test_public_posts_carry_no_secret_over_random_games(key: str, players: int, count: int) -> None:
    game = games.get(key)
    options = {"random_opening": True} if key == "samurai" else {}
    names = [f"P{i}" for i in range(players)]
    private_seen = 0
    for seed in range(count):
        state = game.setup(players, resolve_options(game, options), seed)
        player = RandomPlayer(seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            state, events = game.apply(state, seat, choose_for(player, game, state, seat))
            public_lines = board.event_lines(events, names, None)
            secret = [e for e in events if e.audience is not None]
            private_seen += len(secret)
            assert all(e.kind in PRIVATE_KINDS for e in secret), [e.kind for e in secret]
            for event in secret:
                for line in board.event_lines([event], names, event.seat):
                    assert line not in public_lines
            if seed % 10 == 0:
                public = game.view(state, None)
                assert game.view(game.shuffle_hidden(state, None, seed), None) == public
    assert private_seen > 0  # the games did have secrets to keep
