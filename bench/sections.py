"""The benchmark's sections; each returns a JSON-able dict (rows of measurements, every
row naming its ``game``: key, variant and player count). Every section runs over every
registered game (:func:`bench.configs.configurations`); none names a game."""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bench.balance import LIMIT, has_sides, mirror
from bench.configs import configurations, random_positions
from bench.matches import win_rate
from bench.stats import pct
from games.__main__ import perft as cli_perft


def perft(args: argparse.Namespace) -> dict[str, Any]:
    """Every game's perft from its opening position, beside python-chess's perft in the same
    run, same counting (leaves). Depth grows while the next depth is expected to fit the
    time budget (a game's own fast perft, where it has one, is the CLI's business)."""
    budget = 1.0 if args.quick else 3.0
    chess_depth = 3 if args.quick else 4
    chess_rate = _chess_perft_rate(chess_depth)
    rows: list[dict[str, Any]] = [
        {
            "game": "chess (python-chess)",
            "what": f"python-chess perft({chess_depth}) (start)",
            "nodes_per_s": chess_rate,
        }
    ]
    for config in configurations():
        state = config.setup(0)
        depth, nodes, elapsed = _deepest_perft(partial(cli_perft, config.game, state), budget)
        rate = nodes / elapsed if elapsed else float("nan")
        rows.append(
            {
                "game": config.label,
                "what": f"{config.label} perft({depth})",
                "depth": depth,
                "nodes": nodes,
                "nodes_per_s": rate,
                "x_chess": round(rate / chess_rate, 2),
            }
        )
    return {"rows": rows, "target": "every game >= 0.3x python-chess"}


def _deepest_perft(
    run: Callable[[int], int], budget_s: float, max_depth: int = 12
) -> tuple[int, int, float]:
    """Perft at depth 1, 2, ... while the next depth (estimated from the growth of the last
    one) should take at most ``budget_s``; returns the last (depth, nodes, seconds)."""
    depth, nodes, elapsed, previous = 0, 1, 0.0, 1
    while depth < max_depth:
        started = time.perf_counter()
        found = run(depth + 1)
        took = time.perf_counter() - started
        depth, nodes, elapsed, previous = depth + 1, found, took, nodes
        growth = nodes / previous if previous else 0.0
        if found == 0 or took * max(growth, 1.0) > budget_s:
            break
    return depth, nodes, elapsed


def _chess_perft_rate(depth: int) -> float:
    try:
        import chess
    except ImportError:
        return float("nan")

    def walk(board: Any, d: int) -> int:
        if d == 0:
            return 1
        n = 0
        for move in board.legal_moves:
            board.push(move)
            n += walk(board, d - 1)
            board.pop()
        return n

    board = chess.Board()
    started = time.perf_counter()
    nodes = walk(board, depth)
    return nodes / (time.perf_counter() - started)


def playout(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    budget = 0.5 if args.quick else 2.0
    for config in configurations():
        actions, games_played, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < budget:
            for _ in random_positions(config, 1, seed=games_played):
                actions += 1
            games_played += 1
        elapsed = time.perf_counter() - started
        rows.append(
            {"game": config.label, "games": games_played, "actions_per_s": actions / elapsed}
        )
    return {"rows": rows}


def legal_cost(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    for config in configurations():
        game = config.game
        times: list[float] = []
        widest = 0
        for state in random_positions(config, 3 if args.quick else 10):
            for seat in game.to_act(state):
                started = time.perf_counter()
                n = len(game.legal(state, seat))
                times.append((time.perf_counter() - started) * 1000)
                widest = max(widest, n)
        rows.append(
            {
                "game": config.label,
                "calls": len(times),
                "p50_ms": statistics.median(times),
                "p95_ms": pct(times, 0.95),
                "max_ms": max(times),
                "widest": widest,
            }
        )
    return {"rows": rows, "target": "p95 <= 20 ms"}


# Each game's "normal" player (Game.make_player) against random players, then against its
# own "easy" player; the budget is the thinking time a move may take (games whose player
# does not search ignore it).
AI_RUNS = (("random", 0.05), ("easy", 0.1))


def ai(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    for config in configurations():
        for index, (against, budget) in enumerate(AI_RUNS):
            n = (10 if args.quick else 100) if against == "random" else (4 if args.quick else 20)
            started = time.perf_counter()
            result = win_rate(config, against=against, games=n, budget_s=budget, seed=index + 1)
            row = {"game": config.label, "opponent": against, "games": n, "budget_s": budget}
            row.update(result)
            row["wall_s"] = round(time.perf_counter() - started, 1)
            rows.append(row)
    return {
        "rows": rows,
        "target": "2 players: normal wins >= 99% vs random; every game <= 1 s/move",
    }


def balance(args: argparse.Namespace) -> dict[str, Any]:
    """Wins per side in mirror matches of the game's own player (see :mod:`bench.balance`),
    for every game whose seats play different sides; one row per player count and side."""
    games_per_count = args.balance_games or (20 if args.quick else 300)
    rows: list[dict[str, Any]] = []
    for config in configurations():
        if not has_sides(config):
            continue
        result = mirror(config, games_per_count, seed=24)
        for side, row in result["sides"].items():
            rows.append({"game": config.label, "side": side, **row, "fair": result["fair"]})
    limit = f"every side <= {LIMIT}x its fair share (1 / players) of wins"
    worst = max((r["x_fair"] for r in rows), default=0.0)
    return {"rows": rows, "worst_x_fair": worst, "target": limit, "ok": worst <= LIMIT}


def render(args: argparse.Namespace) -> dict[str, Any]:
    import renderer
    from games.base import UnknownGame

    rows: list[dict[str, Any]] = []
    for config in configurations():
        positions = list(random_positions(config, 1))[::3][:40]
        views = [config.game.view(s, None) for s in positions]
        for path, fn in (("cached", renderer.render_board), ("naive", renderer.render_naive)):
            sample = views if path == "cached" else views[:: max(1, len(views) // 8)]
            try:
                times, sizes = _time_calls(partial(fn, config.key), sample)
            except UnknownGame:
                rows.append({"game": config.label, "path": path, "error": "no renderer"})
                continue
            rows.append(
                {
                    "game": config.label,
                    "path": path,
                    "p50_ms": statistics.median(times),
                    "p95_ms": pct(times, 0.95),
                    "kib_max": max(sizes) / 1024,
                }
            )
    return {"rows": rows, "target": "cached p95 <= 40 ms and >= 3x faster than naive; <= 300 KiB"}


def _time_calls(fn: Callable[[Any], bytes], items: list[Any]) -> tuple[list[float], list[int]]:
    fn(items[0])  # warm caches and fonts once, as a running bot would be
    times, sizes = [], []
    for item in items:
        started = time.perf_counter()
        data = fn(item)
        times.append((time.perf_counter() - started) * 1000)
        sizes.append(len(data))
    return times, sizes


async def store(args: argparse.Namespace) -> dict[str, Any]:
    """The store alone, on a game-neutral dummy state (see :mod:`bot.store.bench`): SQLite,
    then a temporary PostgreSQL cluster (fsync on, the store's synchronous_commit=off) from
    one process and from 1, 2 and 4 processes at once.

    The machine is shared (2 cores, with the server on them), so every figure is taken in
    several interleaved rounds and reported as its median with ``[min, max]``; the speedup
    of 2 processes is taken within each round. Beside the rates: CPU per move of the
    clients and of the server, round trips per move, and the cores other programs kept
    busy meanwhile (what the processes could not have)."""
    from bot.store.bench import bench_processes, bench_store
    from bot.store.pg_cluster import TempCluster

    moves = 500 if args.quick else 2000
    rounds = 2 if args.quick else 5
    out: dict[str, Any] = {}
    sqlite: list[dict[str, Any]] = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            sqlite.append(await bench_store(f"{tmp}/bench.db", moves=moves))
    out["sqlite"] = _with_ratio(_spread(sqlite))
    cluster = TempCluster(durable=True)
    single: list[dict[str, Any]] = []
    by_processes: dict[int, list[dict[str, Any]]] = {1: [], 2: [], 4: []}
    try:
        url = cluster.start()
        for _ in range(rounds):  # interleaved: a busy spell hits every figure alike
            single.append(await bench_store(url, moves=moves, server_cpu=cluster.cpu_seconds))
            for n, runs in by_processes.items():
                runs.append(await bench_processes(url, n, moves, cluster.cpu_seconds))
        durable = await bench_store(f"{url}&synchronous_commit=on", moves=moves // 4)
    finally:
        cluster.remove()
    out["postgresql"] = _with_ratio(_spread(single))
    out["postgresql"]["moves_per_s_synchronous_commit_on"] = durable["moves_per_s"]
    out["postgresql_processes"] = {
        f"{n} processes": _spread(runs) for n, runs in by_processes.items()
    }
    speedups = [
        two["moves_per_s"] / one["moves_per_s"]
        for one, two in zip(by_processes[1], by_processes[2], strict=True)
    ]
    out["postgresql_processes"]["speedup_2_vs_1"] = _median_range(speedups, 2)
    out["rounds"] = rounds
    out["reading"] = (
        "a move is 1 round trip; 1 process alternates client and server, so it keeps at most"
        " one core busy; more processes can only add moves/s while cores are free: where"
        " our_cores_busy + others_cores_busy is near the machine's cores, none were"
    )
    out["target"] = ">= 1000 moves/s; load ratio <= 1.5; PostgreSQL 2 processes >= 1.5x one"
    return out


async def ratings(args: argparse.Namespace) -> dict[str, Any]:
    """``/stats`` and ``/leaderboard`` with 100,000 finished games (see
    :mod:`bench.ratings`): a temporary SQLite file, and PostgreSQL when
    ``TENKA_BENCH_POSTGRES`` or ``TENKA_TEST_POSTGRES`` names a server (a fresh database
    on it). ``met`` is false, and ``python -m bench`` fails, when a p95 reaches 50 ms."""
    from bench.ratings import TARGET_MS, bench_ratings, fresh_database

    games = 20_000 if args.quick else 100_000
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        out["sqlite"] = await bench_ratings(f"{tmp}/ratings.db", games)
    admin = os.environ.get("TENKA_BENCH_POSTGRES") or os.environ.get("TENKA_TEST_POSTGRES")
    if admin:
        out["postgresql"] = await bench_ratings(await fresh_database(admin), games)
    out["met"] = all(run["met"] for run in out.values() if isinstance(run, dict))
    out["target"] = f"p95 of each query < {TARGET_MS:.0f} ms"
    return out


def _median_range(values: list[float], digits: int = 1) -> list[float]:
    """``[median, min, max]`` of a figure measured in several rounds."""
    return [round(statistics.median(values), digits), round(min(values), digits),
            round(max(values), digits)]  # fmt: skip


def _spread(runs: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure of several runs as its median; the rate also as ``[median, min, max]``."""
    merged: dict[str, Any] = {}
    for key in runs[0]:
        values = [run[key] for run in runs if run.get(key) is not None]
        if not values:
            continue
        median = statistics.median(values)
        merged[key] = round(median, 4 if key.startswith("load_ms") else 1)
    merged["moves_per_s_spread"] = _median_range([run["moves_per_s"] for run in runs])
    return merged


def _with_ratio(result: dict[str, Any]) -> dict[str, Any]:
    ratio = result["load_ms_500"] / result["load_ms_5"] if result["load_ms_5"] else None
    return {**result, "load_ratio_500_vs_5": None if ratio is None else round(ratio, 3)}


async def service(args: argparse.Namespace) -> dict[str, Any]:
    from bench.through_service import bench_service

    return await bench_service(moves=40 if args.quick else 200)


async def store_calls(args: argparse.Namespace) -> dict[str, Any]:
    from bench.store_calls import bench_store_calls

    return await bench_store_calls(moves=10 if args.quick else 30)


async def emulator(args: argparse.Namespace) -> dict[str, Any]:
    from bench.through_emulator import bench_emulator

    return await bench_emulator(moves=8 if args.quick else 40)


def faults(args: argparse.Namespace) -> dict[str, Any]:
    """The real bot under faults (see :mod:`bench.faults`): kill -9, races, fuzz through
    Discord, leaks, bad persisted data, Discord faults, what a player is told is true."""
    from bench.faults import BENCH, QUICK, run_faults

    return run_faults(QUICK if args.quick else BENCH)
