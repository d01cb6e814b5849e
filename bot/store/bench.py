"""Store benchmark: moves appended per second, and game-load time at 5 and 500 actions.

Run ``python -m bot.store.bench [url] [moves]``; the project benchmark (``python -m
bench``) calls :func:`bench_store` for each backend and :func:`bench_processes` for 1, 2
and 4 processes on PostgreSQL. Everything goes through the public store API, one
transaction per move, as the bot does.
"""

from __future__ import annotations

import asyncio
import json
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bot.store import Store, open_store

LOADS = 300  # per game size; p50 of many short loads is stable on a busy machine


def dummy_state(move: int) -> dict[str, Any]:
    """A game-like state of roughly 3 KB that changes on every move."""
    return {
        "turn": move,
        "to_act": [move % 4],
        "board": [
            {"cell": i, "owner": (i * 7 + move) % 5, "pieces": [(i + move) % 3, i % 4]}
            for i in range(72)
        ],
        "hands": {str(seat): [f"card{(seat * 13 + move + k) % 40}" for k in range(6)]
                  for seat in range(4)},
        "scores": [move * 3 % 17, move * 5 % 19, move % 23, move * 2 % 29],
        "rng": 0x9E3779B97F4A7C15 + move,
    }  # fmt: skip


async def _new_game(store: Store) -> int:
    game = await store.create_game(
        guild_id=1, channel_id=2, creator_id=10, game_key="bench", options={}, seed=42,
        rules_version=1, now=0.0,
    )  # fmt: skip
    await store.join(game.id, 11, now=0.0)
    await store.start_game(
        game.id, order=[(10, None), (11, None)], state=dummy_state(0), thread_id=None, now=0.0
    )
    return game.id


async def _play(store: Store, game_id: int, states: list[dict[str, Any]]) -> None:
    for move in range(len(states)):
        await store.append_action(
            game_id,
            expected_version=move,
            seat=move % 2,
            user_id=10 + move % 2,
            text=f"m{move}",
            state=states[move],
            now=float(move),
        )


async def _timed_play(store: Store, game_id: int, moves: int) -> float:
    states = [dummy_state(move + 1) for move in range(moves)]  # the engine's work, not timed
    start = time.perf_counter()
    await _play(store, game_id, states)
    return moves / (time.perf_counter() - start)


async def _p50_load_ms(store: Store, game_ids: list[int]) -> list[float]:
    samples: list[list[float]] = [[] for _ in game_ids]
    for _ in range(LOADS):
        for i, game_id in enumerate(game_ids):  # interleaved so drift hits both alike
            start = time.perf_counter()
            game = await store.get_game(game_id)
            samples[i].append(time.perf_counter() - start)
            assert game is not None and game.state is not None
    return [statistics.median(s) * 1000 for s in samples]


async def bench_store(path: str, moves: int = 2000) -> dict[str, float]:
    """``{"moves_per_s", "load_ms_5", "load_ms_500"}`` measured on a store at ``path``
    (a SQLite path or any store URL)."""
    store = await open_store(path)
    try:
        game_id = await _new_game(store)
        moves_per_s = await _timed_play(store, game_id, moves)
        small, large = await _new_game(store), await _new_game(store)
        await _play(store, small, [dummy_state(move + 1) for move in range(5)])
        await _play(store, large, [dummy_state(move + 1) for move in range(500)])
        load_5, load_500 = await _p50_load_ms(store, [small, large])
    finally:
        await store.close()
    return {
        "moves_per_s": round(moves_per_s, 1),
        "load_ms_5": round(load_5, 4),
        "load_ms_500": round(load_500, 4),
    }


async def _worker(url: str, moves: int, start_at: float) -> dict[str, float]:
    """One process's share of :func:`bench_processes`: its own game, from ``start_at``."""
    store = await open_store(url)
    try:
        game_id = await _new_game(store)
        states = [dummy_state(move + 1) for move in range(moves)]
        await asyncio.sleep(max(0.0, start_at - time.time()))  # all processes start together
        began = time.time()
        await _play(store, game_id, states)
        return {"began": began, "ended": time.time(), "moves": moves}
    finally:
        await store.close()


async def bench_processes(url: str, processes: int, moves: int) -> float:
    """Moves per second of ``processes`` OS processes, each appending ``moves`` to a game of
    its own on the database at ``url``, all at once (total moves over the wall time)."""
    start_at = time.time() + 2.0 + 0.3 * processes  # after every interpreter has started
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "bot.store.bench",
            "--worker",
            url,
            str(moves),
            repr(start_at),
            stdout=asyncio.subprocess.PIPE,
        )
        for _ in range(processes)
    ]
    reports = []
    for child in children:
        out, _ = await child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"a benchmark process failed ({child.returncode})")
        reports.append(json.loads(out))
    wall = max(float(r["ended"]) for r in reports) - min(float(r["began"]) for r in reports)
    return round(sum(float(r["moves"]) for r in reports) / wall, 1)


def main(argv: list[str]) -> None:
    """Benchmark a fresh temporary file, or the path given."""
    if len(argv) == 5 and argv[1] == "--worker":
        print(json.dumps(asyncio.run(_worker(argv[2], int(argv[3]), float(argv[4])))))
        return
    moves = int(argv[2]) if len(argv) > 2 else 2000
    if len(argv) > 1:
        result = asyncio.run(bench_store(argv[1], moves))
    else:
        with tempfile.TemporaryDirectory() as tmp:
            result = asyncio.run(bench_store(str(Path(tmp) / "bench.db"), moves))
    print(json.dumps(result))


if __name__ == "__main__":
    main(sys.argv)
