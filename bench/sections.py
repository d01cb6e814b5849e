"""The benchmark's sections; each returns a JSON-able dict (rows of measurements, every
row naming its ``game``: key, variant and player count). Every section runs over every
registered game (:func:`bench.configs.configurations`); none names a game."""

from __future__ import annotations

import argparse
import math
import os
import statistics
import tempfile
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from bench import legal
from bench import levels as levels_run
from bench import memory as memory_run
from bench import render as render_run
from bench import store_states as states_run
from bench.balance import LIMIT, has_sides, mirror
from bench.configs import configurations, heaviest, random_positions
from bench.matches import opponent_name, win_rate
from bench.targets import Checks, at_least, at_most
from games.__main__ import perft as cli_perft


def perft(args: argparse.Namespace) -> dict[str, Any]:
    """Perft (leaves) from the opening position of every game without hidden information
    (a game with hidden hands has no one tree to count), beside python-chess's perft in the
    same run. Depth grows while the next depth is expected to fit the time budget."""
    budget = 0.5 if args.quick else 3.0
    chess_depth = 3 if args.quick else 4
    chess_rate = _chess_perft_rate(chess_depth)
    checks = Checks()
    rows: list[dict[str, Any]] = [
        {
            "game": "chess (python-chess)",
            "what": f"python-chess perft({chess_depth}) (start)",
            "nodes_per_s": chess_rate,
        }
    ]
    for config in configurations():
        if config.game.hidden_information:
            continue
        state = config.setup(0)
        depth, nodes, elapsed = _deepest_perft(partial(cli_perft, config.game, state), budget)
        rate = nodes / elapsed if elapsed else float("nan")
        row = {"game": config.label, "what": f"perft({depth})", "depth": depth, "nodes": nodes}
        row["nodes_per_s"] = rate
        checks.row(row, "nodes_per_s", PERFT_NODES_PER_S)
        if not math.isnan(chess_rate):  # python-chess is the bench extra, not a dev need
            row["x_chess"] = round(rate / chess_rate, 2)
            checks.row(row, "x_chess", PERFT_X_CHESS)
        rows.append(row)
    chess = "measured" if not math.isnan(chess_rate) else "not installed: pip install '.[bench]'"
    return checks.result(rows=rows, python_chess=chess)


PERFT_X_CHESS = at_least(0.3)
PERFT_NODES_PER_S = at_least(200_000.0)  # ~1/3 of 600,000-820,000 per CPU second


def _deepest_perft(
    run: Callable[[int], int], budget_s: float, max_depth: int = 12
) -> tuple[int, int, float]:
    """Perft at depth 1, 2, ... while the next depth (estimated from the growth of the last
    one) should take at most ``budget_s``; returns the last (depth, nodes, seconds). The
    seconds are this process's CPU time: other programs on a shared machine do not move
    the rate (as they move wall time)."""
    depth, nodes, elapsed, previous = 0, 1, 0.0, 1
    while depth < max_depth:
        started = time.process_time()
        found = run(depth + 1)
        took = time.process_time() - started
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
    started = time.process_time()
    nodes = walk(board, depth)
    return nodes / (time.process_time() - started)


# ~1/3 of the slowest game's figures per CPU second on the shared 2-core machine (5.0-7.7
# games/s and 2,200-3,500 actions/s: CPU time too varies with what shares the cores)
PLAYOUTS_PER_S = at_least(1.5)
ACTIONS_PER_S = at_least(700.0)


def playout(args: argparse.Namespace) -> dict[str, Any]:
    """Random games played to their end (random legal actions, no rendering): whole games
    and actions per CPU second of this process (as perft: not moved by other programs),
    ``legal()`` included (see the ``legal`` section for it alone)."""
    checks = Checks()
    rows = []
    budget = 0.3 if args.quick else 2.0
    for config in heaviest() if args.quick else configurations():
        actions, games_played, started = 0, 0, time.process_time()
        while time.process_time() - started < budget:
            for _ in random_positions(config, 1, seed=games_played):
                actions += 1
            games_played += 1
        elapsed = time.process_time() - started
        row = {"game": config.label, "games": games_played}
        row |= {"playouts_per_s": games_played / elapsed, "actions_per_s": actions / elapsed}
        checks.row(row, "playouts_per_s", PLAYOUTS_PER_S)
        checks.row(row, "actions_per_s", ACTIONS_PER_S)
        rows.append(row)
    return checks.result(rows=rows)


def legal_cost(args: argparse.Namespace) -> dict[str, Any]:
    return legal.legal_cost(args.quick)


# Each game's "normal" player (Game.make_player) against random players (the levels
# against each other are the ``levels`` section); the budget is the thinking time a move
# may take (games whose player does not search ignore it). Every game is played to its
# real end.
AI_RUNS = (("random", 0.05),)
CAPPED = at_most(0)  # a game that does not end is an error
MS_PER_MOVE = at_most(1000.0)  # the figure: a player waits at most 1 s
# wins of the normal player against random players, by player count: about the measured
# rate less a margin for the small quick samples (2 players: the 99 %)
VS_RANDOM = {2: at_least(0.99), 3: at_least(0.6), 4: at_least(0.5), 5: at_least(0.5)}


def ai(args: argparse.Namespace) -> dict[str, Any]:
    checks = Checks()
    rows = []
    for config in heaviest() if args.quick else configurations():
        for index, (against, budget) in enumerate(AI_RUNS[:1] if args.quick else AI_RUNS):
            n = (3 if args.quick else 100) if against == "random" else 20
            started = time.perf_counter()
            result = win_rate(config, against=against, games=n, budget_s=budget, seed=index + 1)
            row = {"game": config.label, "opponent": opponent_name(config, against, budget)}
            row |= {"games": n, "budget_s": budget, **result}
            row["wall_s"] = round(time.perf_counter() - started, 1)
            checks.row(row, "capped", CAPPED)
            checks.row(row, "ms_per_move", MS_PER_MOVE)
            if against == "random":
                checks.row(row, "rate", VS_RANDOM[config.players])
            rows.append(row)
    return checks.result(rows=rows, tested="the game's normal player, seat rotating")


def levels(args: argparse.Namespace) -> dict[str, Any]:
    return levels_run.levels(args.quick, args.levels_games)


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
    checks = Checks()
    for row in rows:
        checks.row(row, "x_fair", at_most(LIMIT))
    return checks.result(rows=rows, reading="x_fair: a side's wins over its fair share")


def render(args: argparse.Namespace) -> dict[str, Any]:
    return render_run.render(args.quick)


async def store(args: argparse.Namespace) -> dict[str, Any]:
    """The store alone, on a game-neutral dummy state (see :mod:`bot.store.bench`): SQLite,
    then a temporary PostgreSQL cluster (fsync on, the store's synchronous_commit=off) from
    one process and from 1, 2 and 4 processes at once.

    The machine is shared (2 cores, with the server on them), so every figure is taken in
    several interleaved rounds and reported as its median with ``[min, max]``; the speedup
    of 2 processes is taken within each round. Beside the rates: CPU per move of the
    clients and of the server, round trips per move, and the cores other programs kept
    busy meanwhile (what the processes could not have)."""
    from bot.store.bench import bench_store

    moves = 500 if args.quick else 2000
    rounds = 2 if args.quick else 5
    out: dict[str, Any] = {}
    sqlite: list[dict[str, Any]] = []
    for _ in range(rounds):
        with tempfile.TemporaryDirectory() as tmp:
            sqlite.append(await bench_store(f"{tmp}/bench.db", moves=moves))
    out["sqlite"] = _with_ratio(_spread(sqlite))
    single, by_processes, durable = await _postgres_rounds(rounds, moves)
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
    return _store_checks(out).result(**out)


Runs = list[dict[str, Any]]


async def _postgres_rounds(rounds: int, moves: int) -> tuple[Runs, dict[int, Runs], dict[str, Any]]:
    """A temporary cluster: ``rounds`` of one process, then 1, 2 and 4 processes at once
    (interleaved: a busy spell hits every figure alike), then one run with
    ``synchronous_commit=on``."""
    from bot.store.bench import bench_processes, bench_store
    from tests.pg_cluster import TempCluster

    cluster = TempCluster(durable=True)
    single: Runs = []
    by_processes: dict[int, Runs] = {1: [], 2: [], 4: []}
    try:
        url = cluster.start()
        for _ in range(rounds):
            single.append(await bench_store(url, moves=moves, server_cpu=cluster.cpu_seconds))
            for n, runs in by_processes.items():
                runs.append(await bench_processes(url, n, moves, cluster.cpu_seconds))
        durable = await bench_store(f"{url}&synchronous_commit=on", moves=moves // 4)
    finally:
        cluster.remove()
    return single, by_processes, durable


def _store_checks(out: dict[str, Any]) -> Checks:
    checks = Checks()
    for backend in ("sqlite", "postgresql"):
        checks.figure(f"{backend} moves/s", out[backend]["moves_per_s"], STORE_MOVES_PER_S)
        ratio = out[backend]["load_ratio_500_vs_5"]
        checks.figure(f"{backend} load ratio 500 vs 5 actions", ratio, LOAD_RATIO)
    speedup = out["postgresql_processes"]["speedup_2_vs_1"][0]
    checks.figure("PostgreSQL 2 processes vs 1 (median)", speedup, TWO_PROCESSES)
    return checks


STORE_MOVES_PER_S = at_least(300.0)  # ~1/3 of the busy machine's 850-1,060
LOAD_RATIO = at_most(1.5)  # loading a long game costs what a short one does
TWO_PROCESSES = at_least(0.8)  # a second process must not slow the store (docs/DESIGN.md)


async def store_states(args: argparse.Namespace) -> dict[str, Any]:
    return await states_run.store_states(args.quick)


async def memory(args: argparse.Namespace) -> dict[str, Any]:
    return await memory_run.memory(args.quick)


RATED_GAMES = (20_000, 100_000)  # finished games rated before the queries: quick, full


async def ratings(args: argparse.Namespace) -> dict[str, Any]:
    """``/stats`` and ``/leaderboard`` with 100,000 finished games (see
    :mod:`bench.ratings`): a temporary SQLite file, and PostgreSQL when
    ``TENKA_BENCH_POSTGRES`` or ``TENKA_TEST_POSTGRES`` names a server (a fresh database
    on it). A p95 above 50 ms is a missed target."""
    from bench.ratings import TARGET_MS, bench_ratings, fresh_database

    games = RATED_GAMES[0] if args.quick else RATED_GAMES[1]
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        out["sqlite"] = await bench_ratings(f"{tmp}/ratings.db", games)
    admin = os.environ.get("TENKA_BENCH_POSTGRES") or os.environ.get("TENKA_TEST_POSTGRES")
    if admin:
        out["postgresql"] = await bench_ratings(await fresh_database(admin), games)
    checks = Checks()
    for backend, run in out.items():
        for query in ("stats", "leaderboard"):
            checks.figure(f"{backend} /{query} p95_ms", run[query]["p95_ms"], at_most(TARGET_MS))
    return checks.result(**out)


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
    """Store calls and game loads per move: ``Service.act`` alone (the median of the first
    moves), then one whole ``/move`` through Discord, per game; target for both: at most
    8 calls and 1 load."""
    from bench.store_calls import (
        CALLS_PER_MOVE,
        LOADS_PER_MOVE,
        bench_ai_replies,
        bench_store_calls,
    )
    from bench.through_emulator import bench_whole_moves

    result = await bench_store_calls(moves=10 if args.quick else 30)
    checks = Checks()
    checks.items = result.pop("checks")
    for row in result["rows"]:
        row["path"] = "Service.act"
    result["whole_move_calls"] = {}
    for label, calls in (await bench_whole_moves(heaviest() if args.quick else None)).items():
        result["whole_move_calls"][label] = calls.pop("methods")
        row = {"game": label, "path": "/move", "moves": 1}
        row |= {k.removeprefix("move_"): v for k, v in calls.items()}
        checks.row(row, "total", CALLS_PER_MOVE)
        checks.row(row, "loads", LOADS_PER_MOVE)
        result["rows"].append(row)
    result["rows"] += await bench_ai_replies(heaviest() if args.quick else list(configurations()))
    result["note"] = (
        "Service.act: inside one act of a human seat; /move: the whole interaction;"
        " + AI replies: a human move the AI seats answer (each AI action is a commit)"
    )
    return checks.result(**result)


async def emulator(args: argparse.Namespace) -> dict[str, Any]:
    from bench.through_emulator import bench_emulator

    return await bench_emulator(*((3, heaviest()) if args.quick else (40, None)))


def faults(args: argparse.Namespace) -> dict[str, Any]:
    """The real bot under faults (see :mod:`bench.faults`): kill -9, races, fuzz through
    Discord, leaks, bad persisted data, Discord faults, what a player is told is true."""
    from bench.faults import BENCH, QUICK, run_faults

    result = run_faults(QUICK if args.quick else BENCH)
    checks = Checks()
    for figure, value in result["should_be_zero_but_is_not"].items():
        checks.figure(figure, value, at_most(0))  # only the figures that are not 0 appear
    checks.figure("figures that must be 0 and are not", len(result["should_be_zero_but_is_not"]),
                  at_most(0))  # fmt: skip
    checks.figure("problems found", len(result["problems"]), at_most(0))
    return checks.result(**result)
