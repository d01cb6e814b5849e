"""The benchmark's sections; each returns a JSON-able dict (rows of measurements)."""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from collections.abc import Callable, Iterator
from typing import Any

import games
from games.ai import RandomPlayer
from games.base import Game, State, resolve_options
from games.rng import derive_seed


def print_table(value: Any) -> None:
    rows = value.get("rows") if isinstance(value, dict) else None
    if not rows:
        for k, v in (value or {}).items():
            print(f"  {k:28} {v}")
        return
    columns = list(dict.fromkeys(k for row in rows for k in row))
    widths = [max(len(c), *(len(_fmt(r.get(c))) for r in rows)) for c in columns]
    print("  " + "  ".join(c.ljust(w) for c, w in zip(columns, widths, strict=True)))
    for row in rows:
        cells = (_fmt(row.get(c)).ljust(w) for c, w in zip(columns, widths, strict=True))
        print("  " + "  ".join(cells))
    for k, v in value.items():
        if k != "rows":
            print(f"  {k}: {v}")


def _fmt(v: Any) -> str:
    if isinstance(v, float):
        return f"{v:,.2f}" if v < 100 else f"{v:,.0f}"
    return "" if v is None else str(v)


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def configurations() -> Iterator[tuple[str, Game, dict[str, Any], int]]:
    for key, game in sorted(games.GAMES.items()):
        variants = next((o.choices for o in game.options if o.name == "variant"), ())
        for options in [{"variant": v} for v in variants] or [{}]:
            for players in game.seats:
                yield key, game, options, players


def _label(key: str, options: dict[str, Any], players: int) -> str:
    return f"{key}{' ' + options['variant'] if 'variant' in options else ''} {players}p"


def random_positions(
    game: Game, options: dict[str, Any], players: int, games_: int, seed: int = 0
) -> Iterator[State]:
    """Every position of ``games_`` random playouts."""
    resolved = resolve_options(game, options)
    for index in range(games_):
        s = derive_seed(seed, f"bench{index}")
        state, player = game.setup(players, resolved, s), RandomPlayer(s)
        while game.outcome(state) is None:
            yield state
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, player.choose(game, state, seat))
        yield state


# --- sections ---------------------------------------------------------------------------


def perft(args: argparse.Namespace) -> dict[str, Any]:
    """Yōkai perft beside python-chess's perft, in the same run, same counting (leaves)."""
    from games.__main__ import perft as run_perft

    rows = []
    chess_rate = _chess_perft_rate(3 if args.quick else 4)
    rows.append({"what": "python-chess perft (start)", "nodes_per_s": chess_rate})
    yokai = games.get("yokai")
    for variant, depth in (("3x4", 5), ("5x6", 3 if args.quick else 4)):
        state = yokai.setup(2, resolve_options(yokai, {"variant": variant}), 0)
        started = time.perf_counter()
        nodes = run_perft(yokai, state, depth)
        rate = nodes / (time.perf_counter() - started)
        rows.append(
            {
                "what": f"yokai {variant} perft({depth})",
                "nodes": nodes,
                "nodes_per_s": rate,
                "x_chess": round(rate / chess_rate, 2),
            }
        )
    return {"rows": rows, "target": "yokai >= 0.3x python-chess"}


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
    for key, game, options, players in configurations():
        actions, games_played, started = 0, 0, time.perf_counter()
        while time.perf_counter() - started < budget:
            for _ in random_positions(game, options, players, 1, seed=games_played):
                actions += 1
            games_played += 1
        elapsed = time.perf_counter() - started
        rows.append(
            {
                "game": _label(key, options, players),
                "games": games_played,
                "actions_per_s": actions / elapsed,
            }
        )
    return {"rows": rows}


def legal_cost(args: argparse.Namespace) -> dict[str, Any]:
    rows = []
    for key, game, options, players in configurations():
        times: list[float] = []
        widest = 0
        for state in random_positions(game, options, players, 3 if args.quick else 10):
            for seat in game.to_act(state):
                started = time.perf_counter()
                n = len(game.legal(state, seat))
                times.append((time.perf_counter() - started) * 1000)
                widest = max(widest, n)
        rows.append(
            {
                "game": _label(key, options, players),
                "calls": len(times),
                "p50_ms": statistics.median(times),
                "p95_ms": pct(times, 0.95),
                "max_ms": max(times),
                "widest": widest,
            }
        )
    return {"rows": rows, "target": "p95 <= 20 ms"}


def ai(args: argparse.Namespace) -> dict[str, Any]:
    import importlib

    rows = []
    for key in sorted(games.GAMES):
        try:
            module = importlib.import_module(f"games.{key}.ai")
        except ModuleNotFoundError:
            continue
        win_rate = getattr(module, "win_rate", None)
        if win_rate is None:
            continue
        for kwargs in _ai_runs(key, args.quick):
            started = time.perf_counter()
            result = win_rate(**kwargs)
            row = {"game": key, **{k: v for k, v in kwargs.items() if k != "seed"}}
            row.update(result)
            row["wall_s"] = round(time.perf_counter() - started, 1)
            rows.append(row)
    return {"rows": rows, "target": "yokai: >=99/100 vs random, >=90/100 vs greedy, <=1 s/move"}


def _ai_runs(key: str, quick: bool) -> list[dict[str, Any]]:
    n = 20 if quick else 100
    if key == "yokai":
        return [
            {"opponent": "random", "games": n, "budget_s": 0.05, "seed": 1, "variant": "3x4"},
            {"opponent": "greedy", "games": n, "budget_s": 0.1, "seed": 2, "variant": "3x4"},
            {
                "opponent": "greedy",
                "games": max(n // 5, 4),
                "budget_s": 0.2,
                "seed": 3,
                "variant": "5x6",
            },
        ]
    return [{"games": n, "seed": 1}]


def render(args: argparse.Namespace) -> dict[str, Any]:
    import renderer

    rows = []
    for key, game, options, players in configurations():
        if key not in renderer.RENDERERS:
            continue
        positions = list(random_positions(game, options, players, 1))[::3][:40]
        views = [game.view(s, None) for s in positions]
        for path, fn in (("cached", renderer.render_board), ("naive", renderer.render_naive)):
            sample = views if path == "cached" else views[:: max(1, len(views) // 8)]
            times, sizes = _time_calls(lambda v, fn=fn, key=key: fn(key, v), sample)
            rows.append(
                {
                    "game": _label(key, options, players),
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
    from bot.store.bench import bench_store

    with tempfile.TemporaryDirectory() as tmp:
        result = await bench_store(f"{tmp}/bench.db", moves=500 if args.quick else 2000)
    ratio = result["load_ms_500"] / result["load_ms_5"] if result["load_ms_5"] else None
    return {**result, "load_ratio_500_vs_5": ratio, "target": ">= 1000 moves/s; ratio <= 2"}


async def service(args: argparse.Namespace) -> dict[str, Any]:
    from bench.through_service import bench_service

    return await bench_service(games_=2 if args.quick else 6)


async def emulator(args: argparse.Namespace) -> dict[str, Any]:
    from bench.through_emulator import bench_emulator

    return await bench_emulator(moves=60 if args.quick else 300)
