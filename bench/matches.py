"""The game's own computer player (``Game.make_player``) against other players, for any
registered game: one seat plays the game's player, the others the opponent; the seat
rotates from game to game. Every game is played to its real end; a game still running
after :data:`SAFETY_CAP` actions is stopped and counted as an error (``capped``), never
as a draw."""

from __future__ import annotations

import time
from typing import Any

from bench.configs import Config
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import Player
from games.rng import derive_seed

STRENGTH = "normal"
SAFETY_CAP = 20_000  # actions; the longest real games play a few hundred to ~2,000
SIMPLE = (int, float, str, bool, tuple)


def opponent(config: Config, name: str, seed: int, budget_s: float) -> Player:
    """``"random"``: uniformly random legal actions; any other name is a strength the
    game's ``make_player`` knows (``"easy"``, ``"normal"``, ``"hard"``)."""
    if name == "random":
        return RandomPlayer(seed)
    return config.game.make_player(name, seed, budget_s)


def describe(player: Player) -> str:
    """A player's class and settings (its seed and random state left out), e.g.
    ``"GreedyPlayer(noise=0.33)"``: two players with one description play alike."""
    fields = getattr(player, "__dict__", {})
    settings = ", ".join(
        f"{k}={v!r}"
        for k, v in sorted(fields.items())
        if isinstance(v, SIMPLE) and k not in ("seed", "name") and not k.startswith("last_")
    )
    return f"{type(player).__name__}({settings})"


def opponent_name(config: Config, against: str, budget_s: float) -> str:
    """What the opponent is, said plainly: ``"random (RandomPlayer())"``, ``"easy
    (GreedyPlayer(noise=0.33))"``, or ``"easy = normal, mirror (...)"`` when the game's
    ``against`` player is the very player tested."""
    other = describe(opponent(config, against, 0, budget_s))
    tested = describe(config.game.make_player(STRENGTH, 0, budget_s))
    if against != STRENGTH and other == tested:
        return f"{against} = {STRENGTH}, mirror ({other})"
    return f"{against} ({other})"


def win_rate(
    config: Config, *, against: str, games: int, budget_s: float, seed: int
) -> dict[str, Any]:
    """``games`` games of the game's ``"normal"`` player against ``against`` in every other
    seat. ``wins`` counts games it won alone, ``draws`` games it shared first place (a
    drawn two-player game included), ``losses`` the rest, ``capped`` games stopped at the
    safety cap (an error). ``ms_per_move`` is the mean time of one of its moves."""
    tally = {"wins": 0, "draws": 0, "losses": 0, "capped": 0}
    moves, seconds, actions = 0, 0.0, 0
    for index in range(games):
        game_seed = derive_seed(seed, f"match{index}")
        me = index % config.players
        result, played, my_moves, my_seconds = _one_game(config, against, budget_s, game_seed, me)
        tally[result] += 1
        moves, seconds, actions = moves + my_moves, seconds + my_seconds, actions + played
    return {
        **tally,
        "rate": round(tally["wins"] / games, 3) if games else 0.0,
        "ms_per_move": round(1000 * seconds / moves, 2) if moves else 0.0,
        "mean_actions": round(actions / games, 1) if games else 0.0,
    }


def _one_game(
    config: Config, against: str, budget_s: float, game_seed: int, me: int
) -> tuple[str, int, int, float]:
    """One game to its end: ``(result, actions played, my moves, my seconds thinking)``."""
    game = config.game
    table = [
        game.make_player(STRENGTH, derive_seed(game_seed, "ai"), budget_s)
        if seat == me
        else opponent(config, against, derive_seed(game_seed, f"seat{seat}"), budget_s)
        for seat in range(config.players)
    ]
    state = config.setup(game_seed)
    played = moves = 0
    seconds = 0.0
    while game.outcome(state) is None and played < SAFETY_CAP:
        seat = min(game.to_act(state))
        started = time.perf_counter()
        action = choose_for(table[seat], game, state, seat)
        if seat == me:
            seconds += time.perf_counter() - started
            moves += 1
        state, _ = engine.act(game, state, seat, action)
        played += 1
    outcome = game.outcome(state)
    if outcome is None:
        return "capped", played, moves, seconds
    if outcome.winners == frozenset({me}):
        return "wins", played, moves, seconds
    return ("draws" if outcome.ranks[me] == 1 else "losses"), played, moves, seconds
