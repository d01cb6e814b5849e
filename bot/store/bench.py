"""Store benchmark: moves appended per second, and game-load time at 5 and 500 actions.

Run ``python -m bot.store.bench [url] [moves]``; the project benchmark (``python -m
bench``) calls :func:`bench_store` for each backend and :func:`bench_processes` for 1, 2
and 4 processes on PostgreSQL. Everything goes through the public store API, one
transaction per move, as the bot does: a move is ``append_action`` (the version check,
the log row, the seat's last action, the state and the outbox's version bump, committed
together).

Beside the rate, each run says where the time went, so that figures taken on a busy
machine can be read: the client's CPU per move (this process, or the sum of the worker
processes), the server's CPU per move (when the caller passes the cluster), the round
trips per move (messages the client sent and waited on), and how many cores other
programs kept busy meanwhile. The single-process figure and the 1-process figure of
:func:`bench_processes` run the same code on the same number of moves; only the process
differs (a fresh interpreter started for the occasion).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import statistics
import sys
import tempfile
import time
from asyncio import selector_events
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from bot.store import Store, open_store

LOADS = 300  # per game size; p50 of many short loads is stable on a busy machine
ServerCpu = Callable[[], float | None]  # CPU seconds the database server has used so far


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


def machine_busy_s() -> float | None:
    """CPU seconds every core of this machine has spent busy since boot (``/proc/stat``),
    or None off Linux."""
    try:
        with open("/proc/stat", encoding="ascii") as f:
            fields = [int(v) for v in f.readline().split()[1:]]
    except (OSError, ValueError):
        return None
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0)  # idle + iowait
    return (sum(fields[:8]) - idle) / os.sysconf("SC_CLK_TCK")


@contextlib.contextmanager
def counting_round_trips() -> Iterator[list[int]]:
    """Count the writes to asyncio socket transports while the block runs: with asyncpg,
    each is one batch of messages the client sends and then waits on (a round trip)."""
    cls: Any = getattr(selector_events, "_SelectorSocketTransport")  # noqa: B009
    original = cls.write
    count = [0]

    def write(self: Any, data: Any) -> None:
        count[0] += 1
        original(self, data)

    cls.write = write
    try:
        yield count
    finally:
        cls.write = original


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


async def _play(store: Store, game_id: int, states: list[dict[str, Any]], first: int = 0) -> None:
    for move in range(first, first + len(states)):
        await store.append_action(
            game_id,
            expected_version=move,
            seat=move % 2,
            user_id=10 + move % 2,
            text=f"m{move}",
            state=states[move - first],
            now=float(move),
        )


def _delta(before: float | None, after: float | None) -> float | None:
    return None if before is None or after is None else after - before


def _per_move_us(seconds: float | None, moves: int) -> float | None:
    return None if seconds is None else round(seconds / moves * 1e6, 1)


def _cores(
    busy: float | None, client: float, server: float | None, wall: float
) -> dict[str, float | None]:
    """How many cores the benchmark's clients and server kept busy over ``wall`` seconds,
    and how many other programs did (the machine's busy time less ours): with 2 cores,
    ours + others near 2 means no process count could have gone faster."""
    if server is None:
        return {"our_cores_busy": None, "others_cores_busy": None}
    ours = client + server
    others = None if busy is None else round(max(0.0, busy - ours) / wall, 2)
    return {"our_cores_busy": round(ours / wall, 2), "others_cores_busy": others}


async def _timed_play(
    store: Store, game_id: int, moves: int, server_cpu: ServerCpu
) -> dict[str, float | None]:
    states = [dummy_state(move + 1) for move in range(moves)]  # the engine's work, not timed
    client, server, busy = time.process_time(), server_cpu(), machine_busy_s()
    start = time.perf_counter()
    await _play(store, game_id, states)
    wall = time.perf_counter() - start
    client = time.process_time() - client
    server, busy = _delta(server, server_cpu()), _delta(busy, machine_busy_s())
    return {
        "moves_per_s": round(moves / wall, 1),
        "client_cpu_us_per_move": _per_move_us(client, moves),
        "server_cpu_us_per_move": _per_move_us(server, moves),
        **_cores(busy, client, server, wall),
    }


async def _p50_load_ms(store: Store, game_ids: list[int]) -> list[float]:
    samples: list[list[float]] = [[] for _ in game_ids]
    for _ in range(LOADS):
        for i, game_id in enumerate(game_ids):  # interleaved so drift hits both alike
            start = time.perf_counter()
            game = await store.get_game(game_id)
            samples[i].append(time.perf_counter() - start)
            assert game is not None and game.state is not None
    return [statistics.median(s) * 1000 for s in samples]


def _no_server() -> float | None:
    return None


async def bench_store(
    path: str, moves: int = 2000, server_cpu: ServerCpu = _no_server
) -> dict[str, Any]:
    """``{"moves_per_s", "load_ms_5", "load_ms_500", "client_cpu_us_per_move",
    "round_trips_per_move"}`` measured on a store at ``path`` (a SQLite path or any store
    URL); ``server_cpu`` (e.g. :meth:`TempCluster.cpu_seconds`) adds the server's CPU per
    move and the cores ours and other programs kept busy meanwhile."""
    store = await open_store(path)
    try:
        game_id = await _new_game(store)
        timed = await _timed_play(store, game_id, moves, server_cpu)
        sample = [dummy_state(moves + 1 + move) for move in range(50)]
        with counting_round_trips() as sent:  # apart from the timed run: it costs a little
            await _play(store, game_id, sample, first=moves)
        small, large = await _new_game(store), await _new_game(store)
        await _play(store, small, [dummy_state(move + 1) for move in range(5)])
        await _play(store, large, [dummy_state(move + 1) for move in range(500)])
        load_5, load_500 = await _p50_load_ms(store, [small, large])
    finally:
        await store.close()
    result: dict[str, Any] = {
        "moves_per_s": timed["moves_per_s"],
        "load_ms_5": round(load_5, 4),
        "load_ms_500": round(load_500, 4),
        "client_cpu_us_per_move": timed["client_cpu_us_per_move"],
        "round_trips_per_move": round(sent[0] / len(sample), 2),  # 0: no socket (SQLite)
    }
    if timed["server_cpu_us_per_move"] is not None:
        for key in ("server_cpu_us_per_move", "our_cores_busy", "others_cores_busy"):
            result[key] = timed[key]
    return result


async def _worker(url: str, moves: int) -> dict[str, float]:
    """One process's share of :func:`bench_processes`: a game of its own, played when the
    parent says ``go`` on stdin (after every process is ready)."""
    store = await open_store(url)
    try:
        game_id = await _new_game(store)
        states = [dummy_state(move + 1) for move in range(moves)]
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)
        began, cpu = time.time(), time.process_time()
        await _play(store, game_id, states)
        ended, cpu = time.time(), time.process_time() - cpu
        return {"began": began, "ended": ended, "moves": moves, "cpu": cpu}
    finally:
        await store.close()


async def bench_processes(
    url: str, processes: int, moves: int, server_cpu: ServerCpu = _no_server
) -> dict[str, float | None]:
    """``processes`` OS processes, each appending ``moves`` to a game of its own on the
    database at ``url``, all at once: ``moves_per_s`` (every process's moves over the wall
    time from the first start to the last end), the clients' and the server's CPU per
    move, and the cores other programs kept busy meanwhile."""
    children = [await _spawn(url, moves) for _ in range(processes)]
    try:
        reports, server, busy, window = await _go(children, server_cpu)
    finally:
        for child in children:
            if child.returncode is None:
                child.kill()
                await child.wait()
    wall = max(float(r["ended"]) for r in reports) - min(float(r["began"]) for r in reports)
    total = sum(int(r["moves"]) for r in reports)
    clients = sum(float(r["cpu"]) for r in reports)
    return {
        "moves_per_s": round(total / wall, 1),
        "client_cpu_us_per_move": _per_move_us(clients, total),
        "server_cpu_us_per_move": _per_move_us(server, total),
        **_cores(busy, clients, server, window),
    }


async def _spawn(url: str, moves: int) -> asyncio.subprocess.Process:
    return await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot.store.bench",
        "--worker",
        url,
        str(moves),
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
    )


async def _go(
    children: list[asyncio.subprocess.Process], server_cpu: ServerCpu
) -> tuple[list[dict[str, Any]], float | None, float | None, float]:
    """Once every process is ready, start them all at once and wait for their reports:
    the reports, the server's CPU and the machine's busy time meanwhile, the window."""
    for child in children:  # every interpreter started, its game made
        assert child.stdout is not None
        if (await child.stdout.readline()).strip() != b"ready":
            raise RuntimeError("a benchmark process failed to start")
    server, busy, start = server_cpu(), machine_busy_s(), time.perf_counter()
    for child in children:
        assert child.stdin is not None
        child.stdin.write(b"go\n")
        await child.stdin.drain()
    reports = []
    for child in children:
        out, _ = await child.communicate()
        if child.returncode != 0:
            raise RuntimeError(f"a benchmark process failed ({child.returncode})")
        reports.append(json.loads(out))
    window = time.perf_counter() - start
    return reports, _delta(server, server_cpu()), _delta(busy, machine_busy_s()), window


def main(argv: list[str]) -> None:
    """Benchmark a fresh temporary file, or the path given."""
    if len(argv) == 4 and argv[1] == "--worker":
        print(json.dumps(asyncio.run(_worker(argv[2], int(argv[3])))))
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
