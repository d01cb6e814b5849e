"""The bot's memory over a long run, in a process of its own: games stored through the
service, then resumed again and again (``service.load``, the view and the legal actions
of the seat to act: what a player's return costs) while boards of many positions are
drawn with the renderer's caches on. The resident set size (RSS) is read at ten even
checkpoints; flat means the second half adds (almost) nothing: whatever the caches keep
is bounded, and what a move allocates is given back."""

from __future__ import annotations

import gc
import itertools
import tempfile
from typing import Any

import renderer
from bench.configs import heaviest, random_positions
from bench.tables import open_table, play_random
from bench.targets import Checks, at_most
from bot.service.facade import Service
from bot.store import open_store
from games.ai import RandomPlayer
from games.rng import derive_seed
from renderer.core import STAMPS, STATIC_LAYERS

SECOND_HALF_MIB = at_most(16.0)  # growth from the middle checkpoint to the last
CHECKPOINTS = 10


def rss_mib() -> float:
    """This process's resident set size in MiB (``/proc/self/status``; 0 off Linux)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            line = next(x for x in f if x.startswith("VmRSS:"))
    except (OSError, StopIteration):
        return 0.0
    return int(line.split()[1]) / 1024


async def _stored_games(service: Service, moves: int) -> list[int]:
    """One game of each heaviest configuration, ``moves`` random moves into it."""
    ids = []
    for index, config in enumerate(heaviest()):
        users = [(300 + seat, f"P{seat + 1}") for seat in range(config.players)]
        seed = derive_seed(index, "bench-memory")
        game_id = await open_table(service, config, users, seed=seed)
        await play_random(service, config.game, game_id, RandomPlayer(seed), moves)
        ids.append(game_id)
    return ids


async def _resume(service: Service, game_id: int) -> None:
    loaded = await service.load(game_id)
    game, state = loaded.game, loaded.state
    if state is not None:
        game.view(state, None)
        for seat in sorted(game.to_act(state)):
            game.legal(state, seat)


async def memory(quick: bool) -> dict[str, Any]:
    resumes, boards = (60, 40) if quick else (1000, 10_000)
    boards_of = [  # quick: a few positions, each drawn again and again; full: hundreds
        (config, state)
        for config in heaviest()
        for state in itertools.islice(random_positions(config, 2, seed=5), 0, None, 3)
    ][:: 40 if quick else 1]
    drawn = itertools.cycle(boards_of)
    rss: list[float] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(f"{tmp}/memory.db")
        try:
            service = Service(store, render=False)
            ids = await _stored_games(service, 4 if quick else 60)
            for _ in range(CHECKPOINTS):
                for index in range(resumes // CHECKPOINTS):
                    await _resume(service, ids[index % len(ids)])
                for _ in range(boards // CHECKPOINTS):
                    config, state = next(drawn)
                    renderer.render_board(config.key, config.game.view(state, None))
                gc.collect()
                rss.append(round(rss_mib(), 1))
        finally:
            await store.close()
    checks = Checks()
    growth = round(rss[-1] - rss[CHECKPOINTS // 2 - 1], 1)
    checks.figure("RSS growth over the second half, MiB", growth, SECOND_HALF_MIB)
    return checks.result(
        resumes=resumes,
        boards=boards,
        distinct_positions=len(boards_of),
        rss_mib_at_checkpoints=rss,
        second_half_growth_mib=growth,
        second_half_growth_target=SECOND_HALF_MIB.text,
        caches={
            "static_layers": f"{len(STATIC_LAYERS)} of at most {STATIC_LAYERS.max_entries}",
            "stamps": f"{len(STAMPS)} of at most {STAMPS.max_entries}",
        },
    )
