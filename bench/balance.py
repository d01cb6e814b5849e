"""Balance between sides: mirror matches of a game's own computer player (the same player
in every seat), wins counted per side for a game whose seats play different sides
(``Game.sides``: Rising Sun's clans). A shared first place gives each winner its share.

The target: no side above 1.5 times its fair share of wins (its share of the seats it
appeared in, divided by the players), over 300 games per player count by default.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from bench.configs import Config
from games import engine
from games.ai import choose_for
from games.rng import derive_seed

STRENGTH = "normal"
LIMIT = 1.5  # times the fair share


def has_sides(config: Config) -> bool:
    return config.game.sides(config.setup(0)) is not None


def mirror(config: Config, games: int, seed: int, budget_s: float = 0.05) -> dict[str, Any]:
    """``games`` mirror matches; per side: games played, wins (shared wins split), the
    win rate, the fair rate (1 / players) and the ratio of the two."""
    game = config.game
    played: Counter[str] = Counter()
    wins: dict[str, float] = {}
    for index in range(games):
        game_seed = derive_seed(seed, f"mirror{index}")
        table = [
            game.make_player(STRENGTH, derive_seed(game_seed, f"seat{s}"), budget_s)
            for s in range(config.players)
        ]
        state = config.setup(game_seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            state, _ = engine.act(game, state, seat, choose_for(table[seat], game, state, seat))
        outcome = game.outcome(state)
        assert outcome is not None
        sides = game.sides(state) or ()  # at the end: sides chosen in play (Rising Sun's clans)
        played.update(sides)
        for seat in outcome.winners:
            wins[sides[seat]] = wins.get(sides[seat], 0.0) + 1 / len(outcome.winners)
    fair = 1 / config.players
    rows = {
        side: {
            "games": played[side],
            "wins": round(wins.get(side, 0.0), 1),
            "rate": round(wins.get(side, 0.0) / played[side], 3),
            "x_fair": round(wins.get(side, 0.0) / played[side] / fair, 2),
        }
        for side in sorted(played)
    }
    worst = max((r["x_fair"] for r in rows.values()), default=0.0)
    return {"sides": rows, "fair": round(fair, 3), "worst_x_fair": worst, "ok": worst <= LIMIT}
