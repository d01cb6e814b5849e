"""The level table: for every game, variant and player count, one ``hard`` seat against
``normal`` seats and one ``normal`` seat against ``easy`` seats (``python -m games match``,
:mod:`games.match`: whole games to their real end, the levels rotated over the seats, ties
for first split).

Targets: the stronger level wins at least 1.5 times its fair share as issue 27 names it
(2 players: 65 %, 3: 50 %, 4: 37.5 %, 5: 30 %), and a move of the stronger level takes
at most 2 s at the 95th percentile. The full run plays :data:`FULL_GAMES` games a cell
(``--levels-games`` changes it) at :data:`BUDGET_S` a move; the quick run plays one game
of ``normal`` against ``easy`` a cell of the fullest configuration of each game, too few
to judge strength, and times ``hard`` at :data:`QUICK_POSITIONS` positions of a ``normal``
game there (a whole game of ``hard`` takes minutes): it checks only the time per move and
says so. Times are CPU seconds of this process (:func:`time.process_time`): a move's cost
on one core, whatever else the machine runs. This section replaces
the ``ai`` section's run against the game's own ``easy`` player (a mirror where a game
had no ``easy`` of its own).
"""

from __future__ import annotations

import time
from typing import Any

from bench.configs import Config, configurations, heaviest
from bench.targets import Checks, at_least, at_most
from games.ai import choose_for
from games.match import play_match
from games.rng import derive_seed
from games.search import NET_S

PAIRS = (("hard", "normal"), ("normal", "easy"))  # (the seat measured, the other seats)
SHARE = {2: 0.65, 3: 0.50, 4: 0.375, 5: 0.30}  # issue 27: 1.5 x the fair share
P95_S = at_most(2.0)  # issue 27: a move of hard takes at most 2 s p95
FULL_GAMES = 60  # a cell; rounded up to whole rounds (every level in every seat)
# The clock's cap of a move: the safety net only, so that step and node counts decide (a
# cap of 0.05 s cut Yokai's node-bounded normal and hard to the same 0.05 s search, and the
# quick check timed Yokai's hard at its 0.02 s cap instead of its own work)
BUDGET_S = NET_S
QUICK_BUDGET_S = 0.02  # the quick smoke's normal and easy games, within seconds
QUICK_POSITIONS = 3  # hard moves timed per game in the quick run
QUICK_EVERY = 9  # a hard move timed every this many actions of the normal game


def _rounds(games: int, players: int) -> int:
    return -(-games // players) * players


def cell(
    config: Config, top: str, rest: str, games: int, seed: int, budget_s: float = BUDGET_S
) -> dict[str, Any]:
    """One ``top`` seat against ``rest`` seats: the row of the table (figures of ``top``)."""
    seats = (top,) + (rest,) * (config.players - 1)
    report = play_match(config.game, seats, games, seed, config.options, budget_s)
    mine = report["levels"][top]
    return {
        "game": config.label,
        "opponent": f"{top} vs {rest}",
        "games": games,
        "wins": mine["wins"],
        "share": mine["share"],
        "fair_share": mine["fair_share"],
        "x_fair": mine["share_vs_fair"],
        "p50_s": mine["p50_s"],
        "p95_s": mine["p95_s"],
        "other_p95_s": report["levels"][rest]["p95_s"],
    }


def hard_times(config: Config, seed: int, positions: int = QUICK_POSITIONS) -> dict[str, Any]:
    """``hard``'s CPU seconds at ``positions`` positions of a game the ``normal`` level
    plays (one every :data:`QUICK_EVERY` actions, from the tenth)."""
    game, state = config.game, config.setup(seed)
    normal = game.make_player("normal", seed, BUDGET_S)  # the same game on any machine
    times: list[float] = []
    step = 0
    while game.outcome(state) is None and len(times) < positions:
        seat = min(game.to_act(state))
        if step >= 10 and step % QUICK_EVERY == 0:
            hard = game.make_player("hard", derive_seed(seed, str(step)), BUDGET_S)
            started = time.process_time()
            choose_for(hard, game, state, seat, step)
            times.append(time.process_time() - started)
        state, _ = game.apply(state, seat, choose_for(normal, game, state, seat, step))
        step += 1
    return {
        "game": config.label,
        "opponent": "hard, timed",
        "moves": len(times),
        "p95_s": round(max(times), 4) if times else None,
    }


def levels(quick: bool, games: int = 0) -> dict[str, Any]:
    """The table; strength is judged in the full run only (see the module docstring)."""
    checks = Checks()
    rows = []
    for config in heaviest() if quick else configurations():
        n = 1 if quick else _rounds(games or FULL_GAMES, config.players)
        budget = QUICK_BUDGET_S if quick else BUDGET_S
        for index, (top, rest) in enumerate(PAIRS):
            seed = derive_seed(27, f"{config.label}:{index}")
            if quick and top == "hard":
                row = hard_times(config, seed)
            else:
                row = cell(config, top, rest, n, seed, budget)
            if not quick:
                checks.row(row, "share", at_least(SHARE[config.players]))
            checks.row(row, "p95_s", P95_S)
            rows.append(row)
    judged = "time per move only (one game a cell cannot judge strength)" if quick else "all"
    return checks.result(rows=rows, judged=judged, budget_s=budget)
