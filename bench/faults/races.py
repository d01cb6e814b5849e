"""Races: many conflicting moves on one game at the same version, at once.

- Through Discord: the mover presses ``n`` different quick-action buttons of one board
  (``tenka:a:<game>:<version>:<index>``, as a double-clicking player or a replayed payload
  would), all dispatched together to the real bot over the emulator.
- From two bot processes sharing the database: each process
  (``python -m bench.faults.races STORE_URL ...``) opens its own store on the same URL
  (a SQLite path today; the URL is a parameter so a PostgreSQL store can run the same
  race) and plays half of the conflicting moves (buttons by index, notations typed as
  ``/move`` does, form answers are notations too) at one agreed instant.

Figures: rounds, conflicting moves, winners per version (must be exactly 1), losers without
a clear sentence, gaps or duplicates in the log.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.configs import configurations
from bench.faults.checks import integrity_ok, replay_problems
from bench.faults.harness import answer_of, is_sentence
from bench.tables import open_table
from bot.edge import error_text
from bot.service import Service
from bot.store import open_store

ROOT = Path(__file__).resolve().parents[2]


def _race_configs() -> list[Any]:
    seen, out = set(), []
    for config in configurations():
        if config.key not in seen:
            seen.add(config.key)
            out.append(config)
    return out


async def run_races(rounds: int = 5, at_once: int = 100, seed: int = 17) -> dict[str, Any]:
    """``rounds`` rounds in each setting (one game of each game in turn); ``at_once``
    conflicting moves per round."""
    started = time.perf_counter()
    figures: dict[str, Any] = {
        "races": 0,
        "conflicting_moves": 0,
        "wrong_winner_counts": 0,
        "unclear_losers": 0,
        "log_gaps_or_duplicates": 0,
        "exceptions": 0,
    }
    problems: list[str] = []
    await _through_discord(rounds, at_once, seed, figures, problems)
    await _two_processes(rounds, at_once, seed, figures, problems)
    return {**figures, "problems": problems[:20], "wall_s": round(time.perf_counter() - started, 1)}


async def _through_discord(
    rounds: int, at_once: int, seed: int, figures: dict[str, Any], problems: list[str]
) -> None:
    from bench.faults.harness import error_log
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    rng = random.Random(seed)
    emu = Emulator()
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            db = Path(tmp) / "races.db"
            bot = make_bot(emu, db, Clock())
            await start_client(bot, emu)
            await bot.tree.sync()
            guild = emu.add_guild("Races")
            channel = emu.add_channel(guild, "races")
            users = [emu.add_user(f"r{i}") for i in range(5)]
            by_id = {u.id: u for u in users}
            configs = _race_configs()
            async with error_log() as errors:
                for index in range(rounds):
                    config = configs[index % len(configs)]
                    pairs = [(u.id, u.username) for u in users[: config.players]]
                    game_id = await open_table(
                        bot.service,
                        config,
                        pairs,
                        seed=seed + index,
                        guild_id=guild.id,
                        channel_id=channel.id,
                    )
                    loaded = await bot.service.load(game_id)
                    seat = min(loaded.game.to_act(loaded.state))
                    mover = by_id[loaded.user_at(seat)]  # type: ignore[index]
                    width = len(loaded.game.legal(loaded.state, seat))
                    version = loaded.row.version
                    ids = [
                        f"tenka:a:{game_id}:{version}:{rng.randrange(width)}"
                        for _ in range(at_once)
                    ]
                    messages = [emu.plant_message(channel, buttons=[cid]) for cid in ids]
                    handles = await asyncio.gather(
                        *(emu.click(mover, m, cid) for m, cid in zip(messages, ids, strict=True))
                    )
                    answers = await asyncio.gather(*(answer_of(h, 20) for h in handles))
                    after = await bot.service.load(game_id)
                    winners = sum(1 for a in answers if a and a.startswith("Played"))
                    _score(figures, problems, after.row.version - version, winners, answers)
            figures["exceptions"] += len(errors.records) + len(emu.problems())
            problems += errors.lines()[:3] + emu.problems()[:3]
            await stop_client(bot)
            _log_check(db, figures, problems)
    finally:
        await emu.stop()


def _score(
    figures: dict[str, Any], problems: list[str], moved: int, winners: int, answers: list[Any]
) -> None:
    figures["races"] += 1
    figures["conflicting_moves"] += len(answers)
    if moved != 1 or winners != 1:
        figures["wrong_winner_counts"] += 1
        problems.append(f"race: the game moved {moved} times, {winners} players told 'Played'")
    for a in answers:
        if a is None or (not a.startswith("Played") and not is_sentence(a)):
            figures["unclear_losers"] += 1
            problems.append(f"race loser answer: {a!r}")


def _log_check(db: Path, figures: dict[str, Any], problems: list[str]) -> None:
    bad = replay_problems(db)
    if not integrity_ok(db):
        bad.append("integrity_check failed")
    figures["log_gaps_or_duplicates"] += len(bad)
    problems += bad[:3]


async def _two_processes(
    rounds: int, at_once: int, seed: int, figures: dict[str, Any], problems: list[str]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        url = str(Path(tmp) / "shared.db")
        store = await open_store(url)
        service = Service(store, render=False)
        configs = _race_configs()
        try:
            for index in range(rounds):
                config = configs[index % len(configs)]
                pairs = [(7000 + i, f"P{i}") for i in range(config.players)]
                game_id = await open_table(service, config, pairs, seed=seed + 50 + index)
                loaded = await service.load(game_id)
                seat = min(loaded.game.to_act(loaded.state))
                user = loaded.user_at(seat)
                version = loaded.row.version
                start_at = time.time() + 2.5  # both processes are up by then
                procs = [
                    subprocess.Popen(
                        [
                            sys.executable,
                            "-m",
                            "bench.faults.races",
                            url,
                            str(game_id),
                            str(user),
                            str(version),
                            str(at_once // 2),
                            str(start_at),
                            str(w),
                        ],
                        stdout=subprocess.PIPE,
                        stderr=subprocess.PIPE,
                        env={**os.environ, "PYTHONPATH": str(ROOT)},
                    )
                    for w in range(2)
                ]
                answers: list[Any] = []
                for proc in procs:
                    out, err = await asyncio.to_thread(proc.communicate)
                    if proc.returncode != 0:
                        figures["exceptions"] += 1
                        problems.append(f"race worker failed: {err.decode()[-500:]}")
                        continue
                    answers += json.loads(out)
                after = await service.load(game_id)
                winners = sum(1 for a in answers if a.startswith("Played"))
                _score(figures, problems, after.row.version - version, winners, answers)
                figures["exceptions"] += sum(1 for a in answers if a.startswith("Something went"))
        finally:
            await store.close()
        _log_check(Path(url), figures, problems)


async def _worker(
    url: str, game_id: int, user: int, version: int, n: int, start_at: float, which: int
) -> list[str]:
    store = await open_store(url)
    service = Service(store, render=False)
    try:
        loaded = await service.load(game_id)
        seat = loaded.seat_of(user)
        legal = loaded.game.legal(loaded.state, seat)
        rng = random.Random(which)

        async def one(i: int) -> str:
            index = rng.randrange(len(legal))
            try:
                if i % 2:
                    result = await service.act_index(game_id, user, index, expected_version=version)
                else:
                    text = loaded.game.notation(loaded.state, legal[index])
                    result = await service.act(game_id, user, text, expected_version=version)
                return result.reply or "Played"
            except Exception as err:  # what the edge would tell the player
                return error_text(err, "en")

        await asyncio.sleep(max(0.0, start_at - time.time()))
        return list(await asyncio.gather(*(one(i) for i in range(n))))
    finally:
        await store.close()


if __name__ == "__main__":
    url, game, user, version, n, start_at, which = sys.argv[1:8]
    out = asyncio.run(
        _worker(url, int(game), int(user), int(version), int(n), float(start_at), int(which))
    )
    print(json.dumps(out))
