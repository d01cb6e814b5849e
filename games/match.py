"""AI levels against each other: ``python -m games match`` (see :func:`play_match`).

Whole games are played to their real end; a game still going after ``MAX_ACTIONS``
actions is an error, never a draw. The level list is rotated over the seats game by game
(game ``g`` gives seat ``s`` the level ``seats[(s + g) % n]``), so every level sits in
every seat. A tie for first is split evenly among the tied seats. Wins, seats and shares
are a function of the seed; the seconds per move are measured.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.ai import LEVELS, choose_for
from games.base import JSON, Game, Outcome, Player, resolve_options
from games.rng import derive_seed

__all__ = ["MAX_ACTIONS", "MatchError", "parse_seats", "play_match", "rotation", "win_shares"]

MAX_ACTIONS = 20_000  # ten times the longest game seen (Rising Sun 5p: ~1,500 actions)


class MatchError(ValueError):
    """A match that cannot be played as asked (one sentence)."""


def parse_seats(text: str, players: int) -> tuple[str, ...]:
    """``"hard,normal,normal"`` as levels, one per seat; a friendly error otherwise."""
    seats = tuple(part.strip() for part in text.split(","))
    unknown = [s for s in seats if s not in LEVELS]
    if unknown:
        known = ", ".join(LEVELS)
        raise MatchError(f"Unknown level {unknown[0]!r} in --seats (known levels: {known}).")
    if len(seats) != players:
        raise MatchError(f"--seats names {len(seats)} levels for {players} players.")
    return seats


def rotation(seats: Sequence[str], index: int) -> tuple[str, ...]:
    """The level of each seat in game ``index``: the list turned by one seat per game."""
    n = len(seats)
    return tuple(seats[(s + index) % n] for s in range(n))


def win_shares(outcome: Outcome) -> dict[int, float]:
    """Each seat's part of the win: the seats ranked first share one win evenly."""
    first = [s for s, rank in enumerate(outcome.ranks) if rank == 1]
    return {s: 1 / len(first) for s in first}


@dataclass
class _Tally:
    wins: float = 0.0
    seats: int = 0
    seconds: list[float] = field(default_factory=list)


def _quantile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 4)


def _play_one(
    game: Game, table: Sequence[Player], options: Mapping[str, Any], seed: int
) -> tuple[Outcome, list[tuple[int, float]]]:
    """One whole game; the outcome and (seat, CPU seconds) of every move."""
    state = game.setup(len(table), dict(options), seed)
    times: list[tuple[int, float]] = []
    while (outcome := game.outcome(state)) is None:
        if len(times) >= MAX_ACTIONS:
            raise MatchError(f"A game (seed {seed}) did not end within {MAX_ACTIONS} actions.")
        seat = min(game.to_act(state))
        started = time.process_time()  # CPU seconds: a move's cost on one core, whatever else runs
        action = choose_for(table[seat], game, state, seat, derive_seed(seed, f"m{len(times)}"))
        times.append((seat, time.process_time() - started))
        state, _ = game.apply(state, seat, action)
    return outcome, times


def _table(game: Game, levels: Sequence[str], seed: int, budget_s: float) -> list[Player]:
    return [
        game.make_player(level, derive_seed(seed, f"seat{s}"), budget_s)
        for s, level in enumerate(levels)
    ]


def play_match(
    game: Game,
    seats: Sequence[str],
    count: int,
    seed: int,
    options: Mapping[str, Any] | None = None,
    budget_s: float = 0.5,
) -> JSON:
    """``count`` games with the levels of ``seats`` rotated over the seats; the JSON report."""
    if count < 1:
        raise MatchError("--games must be at least 1.")
    players = len(seats)
    resolved = resolve_options(game, dict(options or {}))
    game.validate_options(resolved, players)
    tallies = {level: _Tally() for level in dict.fromkeys(seats)}
    for index in range(count):
        levels = rotation(seats, index)
        game_seed = derive_seed(seed, f"game{index}")
        table = _table(game, levels, game_seed, budget_s)
        outcome, times = _play_one(game, table, resolved, game_seed)
        for level in levels:
            tallies[level].seats += 1
        for s, part in win_shares(outcome).items():
            tallies[levels[s]].wins += part
        for s, seconds in times:
            tallies[levels[s]].seconds.append(seconds)
    return _report(game, resolved, seats, count, seed, tallies)


def _report(
    game: Game,
    options: Mapping[str, Any],
    seats: Sequence[str],
    count: int,
    seed: int,
    tallies: Mapping[str, _Tally],
) -> JSON:
    fair = 1 / len(seats)
    levels = {
        level: {
            "wins": round(t.wins, 4),
            "games": t.seats,
            "share": round(t.wins / t.seats, 4),
            "fair_share": round(fair, 4),
            "share_vs_fair": round(t.wins / t.seats / fair, 3),
            "moves": len(t.seconds),
            "p50_s": _quantile(t.seconds, 0.5),
            "p95_s": _quantile(t.seconds, 0.95),
        }
        for level, t in tallies.items()
    }
    return {
        "game": game.key,
        "players": len(seats),
        "options": dict(options),
        "seed": seed,
        "games": count,
        "seats": list(seats),
        "levels": levels,
    }
