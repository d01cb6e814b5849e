"""Measure the computer player against random players (seeded, reproducible).

``python -m tests.games.rising_sun.measure_ai [players] [games] [set]``: the AI sits in
seat ``seed % players`` for seeds ``0 .. games-1``, the other seats are
:class:`games.ai.RandomPlayer` with the same seed, the Season card ``set`` is the option's
(default ``archway``); prints wins and the move times.
"""

from __future__ import annotations

import sys
import time

from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.rising_sun import GAME
from games.rising_sun.ai import make_player


def one_game(seed: int, players: int, card_set: str = "archway") -> tuple[bool, list[float]]:
    state = GAME.setup(players, resolve_options(GAME, {"set": card_set}), seed)
    ai_seat = seed % players
    ai, rnd = make_player("normal", seed), RandomPlayer(seed)
    times: list[float] = []
    while GAME.outcome(state) is None:
        seat = min(GAME.to_act(state))
        if seat == ai_seat:
            start = time.perf_counter()
            action = choose_for(ai, GAME, state, seat)
            times.append(time.perf_counter() - start)
        else:
            action = choose_for(rnd, GAME, state, seat)
        state, _ = engine.act(GAME, state, seat, action)
    outcome = GAME.outcome(state)
    assert outcome is not None
    return ai_seat in outcome.winners, times


def main(argv: list[str]) -> None:
    players = int(argv[0]) if argv else 5
    games = int(argv[1]) if len(argv) > 1 else 100
    card_set = argv[2] if len(argv) > 2 else "archway"
    wins, times = 0, []
    for seed in range(games):
        won, spent = one_game(seed, players, card_set)
        wins += won
        times += spent
    print(
        f"{card_set}, {players} players: {wins}/{games} wins; "
        f"mean move {1000 * sum(times) / len(times):.2f} ms, slowest {1000 * max(times):.1f} ms"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
