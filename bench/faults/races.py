"""Races: many conflicting moves on one game at the same version, at once.

- Through Discord: the mover presses ``n`` different quick-action buttons of one board
  (``tenka:a:<game>:<version>:<index>``, as a double-clicking player or a replayed payload
  would), all dispatched together to the real bot over the emulator (SQLite).
- From two bot processes sharing the database, on each backend: each process
  (``python -m bench.faults.races STORE_URL ...``) opens its own store on the same URL
  (a SQLite file, then a PostgreSQL database) and plays half of the conflicting moves
  (buttons by index, notations typed as ``/move`` does, form answers are notations too)
  at one agreed instant. PostgreSQL is the server ``TENKA_TEST_POSTGRES`` names (a fresh
  database on it) or a temporary cluster from the system's binaries; without them the
  PostgreSQL row says why instead of running.

Figures per setting (one row each) and in total: rounds, conflicting moves, winners per
version (must be exactly 1), losers without a clear sentence, gaps or duplicates in the
log.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import os
import random
import secrets
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit, urlunsplit

from bench.configs import configurations
from bench.faults.checks import integrity_ok, replay_problems, store_replay_problems
from bench.faults.harness import answer_of, is_sentence
from bench.tables import open_table
from bot.edge.runner import error_text
from bot.service.facade import Service
from bot.store import is_postgres, open_store
from tests.pg_cluster import ClusterError, TempCluster

ROOT = Path(__file__).resolve().parents[2]


def _race_configs() -> list[Any]:
    seen, out = set(), []
    for config in configurations():
        if config.key not in seen:
            seen.add(config.key)
            out.append(config)
    return out


COUNTS = (
    "races",
    "conflicting_moves",
    "winners",
    "wrong_winner_counts",
    "unclear_losers",
    "log_gaps_or_duplicates",
    "exceptions",
)


def _counts() -> dict[str, Any]:
    return dict.fromkeys(COUNTS, 0)


async def run_races(
    rounds: int = 5, at_once: int = 100, seed: int = 17, *, postgres_url: str | None = None
) -> dict[str, Any]:
    """``rounds`` rounds in each setting (one game of each game in turn); ``at_once``
    conflicting moves per round. ``postgres_url``: a database for the PostgreSQL race
    (default: a server of our own, see the module's notes)."""
    started = time.perf_counter()
    problems: list[str] = []
    settings: dict[str, dict[str, Any]] = {}
    settings["discord, sqlite"] = found = _counts()
    await _through_discord(rounds, at_once, seed, found, problems)
    with tempfile.TemporaryDirectory() as tmp:
        settings["two processes, sqlite"] = found = _counts()
        await _two_processes(str(Path(tmp) / "shared.db"), rounds, at_once, seed, found, problems)
    async with postgres_database(postgres_url) as (url, why_not):
        settings["two processes, postgresql"] = found = _counts()
        if url is None:
            found["unavailable"] = why_not
        else:
            await _two_processes(url, rounds, at_once, seed, found, problems)
    totals = {k: sum(int(f.get(k, 0)) for f in settings.values()) for k in COUNTS}
    return {
        **totals,
        "postgresql": "ran" if "unavailable" not in found else f"not run: {found['unavailable']}",
        "by_setting": settings,
        "problems": problems[:20],
        "wall_s": round(time.perf_counter() - started, 1),
    }


@contextlib.asynccontextmanager
async def postgres_database(given: str | None) -> AsyncIterator[tuple[str | None, str]]:
    """A PostgreSQL URL for the race and, when there is none, why: ``given``; else a fresh
    database on the ``TENKA_TEST_POSTGRES`` server (dropped after); else a temporary
    cluster (removed after)."""
    if given:
        yield given, ""
        return
    admin = os.environ.get("TENKA_TEST_POSTGRES", "").strip()
    if admin:
        name = f"tenka_races_{os.getpid()}_{secrets.token_hex(4)}"
        await _admin(admin, f'CREATE DATABASE "{name}"')
        try:
            yield with_database(admin, name), ""
        finally:
            await _admin(admin, f'DROP DATABASE IF EXISTS "{name}"')
        return
    try:
        cluster = TempCluster()
        url = await asyncio.to_thread(cluster.start)
    except ClusterError as err:
        yield None, str(err)
        return
    try:
        yield url, ""
    finally:
        await asyncio.to_thread(cluster.remove)


async def _admin(url: str, sql: str) -> None:
    import asyncpg

    conn = await asyncpg.connect(url)
    try:
        await conn.execute(sql)
    finally:
        await conn.close()


def with_database(url: str, database: str) -> str:
    """``url`` naming ``database`` instead of its own."""
    parts = urlsplit(url)
    return urlunsplit(parts._replace(path=f"/{database}"))


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
            configs = _race_configs()

            ids = functools.partial(_button_ids, rng, at_once)
            async with error_log() as errors:
                for index in range(rounds):
                    config = configs[index % len(configs)]
                    pairs = [(u.id, u.username) for u in users[: config.players]]
                    game_id = await open_table(
                        bot.service, config, pairs, seed=seed + index, guild_id=guild.id,
                        channel_id=channel.id,
                    )  # fmt: skip
                    moved, answers = await _buttons_race(emu, bot, channel, users, game_id, ids)
                    winners = sum(1 for a in answers if a and a.startswith("Played"))
                    _score(figures, problems, moved, winners, answers)
            figures["exceptions"] += len(errors.records) + len(emu.problems())
            problems += errors.lines()[:3] + emu.problems()[:3]
            await stop_client(bot)
            _log_check(db, figures, problems)
    finally:
        await emu.stop()


def _button_ids(
    rng: random.Random, at_once: int, game_id: int, version: int, width: int
) -> list[str]:
    """``at_once`` action buttons of ``game_id`` at ``version``, each a random action."""
    return [f"tenka:a:{game_id}:{version}:{rng.randrange(width)}" for _ in range(at_once)]


async def _buttons_race(
    emu: Any, bot: Any, channel: Any, users: list[Any], game_id: int, buttons: Any
) -> tuple[int, list[Any]]:
    """The player to act presses ``buttons(game_id, version, width)``'s ids all at once,
    each on a message of its own; how often the game moved, and every answer."""
    loaded = await bot.service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    mover = next(u for u in users if u.id == loaded.user_at(seat))
    width = len(loaded.game.legal(loaded.state, seat))
    version = loaded.row.version
    ids = buttons(game_id, version, width)
    messages = [emu.plant_message(channel, buttons=[cid]) for cid in ids]
    handles = await asyncio.gather(
        *(emu.click(mover, m, cid) for m, cid in zip(messages, ids, strict=True))
    )
    answers = await asyncio.gather(*(answer_of(h, 20) for h in handles))
    after = await bot.service.load(game_id)
    return after.row.version - version, list(answers)


def _score(
    figures: dict[str, Any], problems: list[str], moved: int, winners: int, answers: list[Any]
) -> None:
    figures["races"] += 1
    figures["conflicting_moves"] += len(answers)
    figures["winners"] += winners
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
    url: str,
    rounds: int,
    at_once: int,
    seed: int,
    figures: dict[str, Any],
    problems: list[str],
) -> None:
    store = await open_store(url)
    service = Service(store, render=False)
    configs = _race_configs()
    game_ids: list[int] = []
    try:
        for index in range(rounds):
            config = configs[index % len(configs)]
            pairs = [(7000 + i, f"P{i}") for i in range(config.players)]
            game_id = await open_table(service, config, pairs, seed=seed + 50 + index)
            game_ids.append(game_id)
            loaded = await service.load(game_id)
            seat = min(loaded.game.to_act(loaded.state))
            user = loaded.user_at(seat)
            version = loaded.row.version
            legal = loaded.game.legal(loaded.state, seat)
            moves = [loaded.game.notation(loaded.state, action) for action in legal]
            args = [url, str(game_id), str(user), str(version), str(at_once // 2)]
            procs = [_racer([*args, str(w)]) for w in range(2)]
            answers = await _race(procs, json.dumps(moves), figures, problems)
            after = await service.load(game_id)
            winners = sum(1 for a in answers if a.startswith("Played"))
            _score(figures, problems, after.row.version - version, winners, answers)
            figures["exceptions"] += sum(1 for a in answers if a.startswith("Something went"))
        if is_postgres(url):
            bad = await store_replay_problems(store, game_ids)
            figures["log_gaps_or_duplicates"] += len(bad)
            problems += bad[:3]
    finally:
        await store.close()
    if not is_postgres(url):
        _log_check(Path(url), figures, problems)


def _racer(args: list[str]) -> subprocess.Popen[bytes]:
    """A worker process of :func:`_two_processes` (this module's ``main``)."""
    return subprocess.Popen(
        [sys.executable, "-m", "bench.faults.races", *args],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )


async def _race(
    procs: list[subprocess.Popen[bytes]],
    moves: str,
    figures: dict[str, Any],
    problems: list[str],
) -> list[Any]:
    """Start the race in both worker processes at once; their answers."""
    ready = []
    for proc in procs:
        assert proc.stdin is not None and proc.stdout is not None
        proc.stdin.write(moves.encode() + b"\n")
        proc.stdin.flush()
    for proc in procs:
        assert proc.stdout is not None
        line = await asyncio.to_thread(proc.stdout.readline)
        ready.append(line.strip() == b"READY")
    for proc, up in zip(procs, ready, strict=True):
        if up:  # GO (a worker that failed to start has nothing to read it)
            assert proc.stdin is not None
            proc.stdin.write(b"GO\n")
            proc.stdin.flush()
    answers: list[Any] = []
    for proc in procs:
        out, err = await asyncio.to_thread(proc.communicate)  # closes stdin too
        if proc.returncode != 0:
            figures["exceptions"] += 1
            problems.append(f"race worker failed: {err.decode()[-500:]}")
            continue
        answers += json.loads(out)
    return answers


async def _worker(
    url: str, game_id: int, user: int, version: int, n: int, moves: list[str], which: int
) -> list[str]:
    """Half of a race in its own process: open the store, say READY, wait for GO on
    stdin (the parent sends it once both processes are ready, however slowly each
    started), then play ``n`` of the race version's legal ``moves`` at once (odd ones by
    index as a button does, even ones typed as ``/move`` does)."""
    store = await open_store(url)
    service = Service(store, render=False)
    try:
        rng = random.Random(which)

        async def one(i: int) -> str:
            index = rng.randrange(len(moves))
            try:
                if i % 2:
                    result = await service.act_index(game_id, user, index, expected_version=version)
                else:
                    text = moves[index]
                    result = await service.act(game_id, user, text, expected_version=version)
                return result.reply or "Played"
            except Exception as err:  # what the edge would tell the player
                return error_text(err, "en")

        await store.get_game(game_id)  # connected and warm
        print("READY", flush=True)
        await asyncio.to_thread(sys.stdin.readline)
        return list(await asyncio.gather(*(one(i) for i in range(n))))
    finally:
        await store.close()


if __name__ == "__main__":
    url, game, user, version, n, which = sys.argv[1:7]
    moves = json.loads(sys.stdin.readline())
    out = asyncio.run(_worker(url, int(game), int(user), int(version), int(n), moves, int(which)))
    print(json.dumps(out))
