"""Shitenno's engine speed, measured by hand (not a test: nothing here is timed in CI).

    python -m tests.games.shitenno.speed           # every figure
    python -m tests.games.shitenno.speed --quick   # shorter runs

Prints random playout actions/s (2, 3, 4 players), then legal() p50/p95/max in ms (CPU
time of this process, steadier than the wall clock on a shared machine) over
the positions of seeded random games (caches warm, as in a long run, and cold: every cache
of the payment search cleared before each call), then over the widest odd-year positions
built by hand (big hands, Exchange and +1 tiles, the Hatamoto, every province open), cold.
Targets (the issue): legal() p95 <= 20 ms in the widest odd-year position; playouts
>= 2,000 actions/s.
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections.abc import Iterator
from dataclasses import replace

from games.ai import RandomPlayer
from games.rng import derive_seed
from games.shitenno import GAME, ShitennoState
from games.shitenno import payment as payment_mod
from games.shitenno import payment_search as search_mod
from games.shitenno import payment_tables as tables_mod
from games.shitenno import rules as rules_mod
from games.shitenno.data import DAIMYO, HATAMOTO, SENSEI, SHOMYO, sort_cards
from games.shitenno.game import LEGAL

# caches of what one card does with some tiles (filled once per process, never keyed by
# a hand); every other cache of the two modules depends on the hands seen
STATIC = {
    "card_results",
    "_troop_vectors",
    "_koku_values",
    "_fixed",
    "_stand_in",
    "_troop_side",
    "_koku_side",
    "_card",
}


def clear_caches(static: bool = True) -> None:
    """Forget what the payment search and legal() remember about hands (and, with
    ``static``, the per-card tables too)."""
    for module in (payment_mod, search_mod, tables_mod, rules_mod):
        for name, value in vars(module).items():
            if isinstance(value, functools._lru_cache_wrapper) and (static or name not in STATIC):
                value.cache_clear()
    LEGAL.forget()


def positions(players: int, games: int, seed: int = 0) -> Iterator[ShitennoState]:
    for index in range(games):
        s = derive_seed(seed, f"speed{players}:{index}")
        state, player = GAME.setup(players, {}, s), RandomPlayer(s)
        while GAME.outcome(state) is None:
            yield state
            seat = min(GAME.to_act(state))
            state, _ = GAME.apply(state, seat, player.choose(GAME, state, seat))


def playout_rate(players: int, games: int) -> tuple[float, float, int]:
    """Actions per second (wall clock, then CPU time of this process) over ``games``
    seeded random games, caches cleared first (a fixed workload, so that runs compare)."""
    clear_caches()
    actions, started, cpu = 0, time.perf_counter(), time.process_time()
    for _ in positions(players, games):
        actions += 1
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
    return actions / wall, actions / cpu, actions


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def timed_legal(state: ShitennoState, cold: bool, static: bool = False) -> tuple[float, int]:
    """CPU ms of one legal() call and its length; ``cold``: hand caches cleared first
    (``static``: the per-card tables too)."""
    if cold:
        clear_caches(static)
    LEGAL.forget()
    seat = min(GAME.to_act(state))
    started = time.process_time()
    n = len(GAME.legal(state, seat))
    return (time.process_time() - started) * 1000, n


def summary(times: list[float]) -> str:
    return (
        f"p50 {statistics.median(times):6.2f}  p95 {pct(times, 0.95):6.2f}  "
        f"max {max(times):6.2f} ms  ({len(times)} calls)"
    )


def random_game_legal(players: int, games: int) -> tuple[list[float], list[float]]:
    states = list(positions(players, games, seed=1))
    clear_caches()
    warm = [timed_legal(s, False)[0] for s in states]
    odd = [s for s in states if s.phase == "odd"]
    cold = [timed_legal(s, True)[0] for s in odd]
    return warm, cold


MIXED = (
    "S", "S", "N", "N", "M", "M", "B", "B",
    "SS", "NN", "MM", "BB", "SN", "SM", "SB", "NM", "NB", "MB",
    "K1", "K1", "K2", "K2", "K3", "K3",
)  # fmt: skip


def widest(hand_size: int, exchange: int, plus: int, same: bool, tops: str) -> ShitennoState:
    """A four-player province year: seat 0 (the Hatamoto) holds ``hand_size`` cards of
    every kind, the tiles given, every province open with the stack tops ``tops``."""
    start = GAME.setup(4, {"tiles_on_one_card": same}, 11)
    titles = (HATAMOTO, SENSEI, SHOMYO, DAIMYO)
    hand = sort_cards(MIXED[i * 7 % len(MIXED)] for i in range(hand_size))
    hands = (hand, *start.hands[1:])
    stacks = tuple((t + "X",) * 3 if t != "-" else () for t in tops)
    bonus = ((exchange, plus, 0), *start.bonus[1:])
    return replace(
        start,
        phase="odd",
        year=2,
        titles=titles,
        tairo=None,
        open_cards=(),
        tiles=(),
        order=(3, 2, 1, 0),
        current=0,
        lots=(None,) * 4,
        hands=hands,
        bonus=bonus,
        stacks=stacks,
        board=((None,) * 4,) * 8,
        hatamoto_used=False,
        placed=0,
    )


def widest_positions() -> list[tuple[str, ShitennoState]]:
    out = []
    for size in (10, 14, 18, 24):
        for exchange, plus in ((2, 1), (3, 2), (4, 3)):
            for tops in ("SNMBSNMB", "--------", "BMNSNSBM"):
                label = f"hand {size} X{exchange} P{plus} tops {tops}"
                out.append((label, widest(size, exchange, plus, True, tops)))
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--spread", action="store_true", help="also tiles_on_one_card off")
    args = parser.parse_args(argv)
    games = 3 if args.quick else 10
    started = time.process_time()
    total = 0
    for i in range(3_000_000):
        total += i
    print(f"calibration: a 3M-step Python loop takes {time.process_time() - started:.2f} CPU s")
    print("random playouts")
    for players in (2, 3, 4):
        wall, cpu, actions = playout_rate(players, 3 * games)
        print(
            f"  {players}p  {wall:6.0f} actions/s wall, {cpu:6.0f} per CPU s"
            f"  ({3 * games} games, {actions} actions)"
        )
    print("legal() over random games (caches warm / odd-year positions, hand caches cold)")
    for players in (2, 3, 4):
        warm, cold = random_game_legal(players, games)
        print(f"  {players}p warm  {summary(warm)}")
        print(f"  {players}p cold  {summary(cold)}")
    print("legal() in the widest odd-year positions")
    rows = []
    fresh = []
    for label, state in widest_positions():
        fresh.append(timed_legal(state, True, static=True)[0])
        rows.append((label, *timed_legal(state, True)))
    times = [t for _, t, _ in rows]
    print(f"  fresh process (every cache cold)  {summary(fresh)}")
    print(f"  hand caches cold                  {summary(times)}")
    for label, t, n in sorted(rows, key=lambda r: -r[1])[:5]:
        print(f"  {label:36s} {t:7.2f} ms  {n} actions")
    if args.spread:
        print("legal() with tiles_on_one_card off (cold)")
        spread = [
            widest(size, x, p, False, "SNMBSNMB")
            for size in (10, 14, 18)
            for x, p in ((1, 1), (2, 1), (2, 2))
        ]
        for state in spread:
            timed_legal(state, True, static=True)
        print(f"  hand caches cold  {summary([timed_legal(s, True)[0] for s in spread])}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
