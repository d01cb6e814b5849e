"""Kill -9: the real bot runs as its own OS process (:mod:`bench.faults.botproc`) against
the emulator in this process; while fake users play a stream of ``/move``s (form answers
are moves too) in several games of every game, with simulated time moving so reminders and
deadlines come due, the bot gets SIGKILL at random moments and is started again.

After each restart: ``PRAGMA integrity_check`` is ok, every game's log replays to its
stored state, every move whose "Played" answer a user saw is in the log exactly once, and
the games play on. At the end every deadline that came due has fired once (the game moved
on at most once per timed-out turn, and no game waits on a deadline that was lost).
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import random
import re
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.configs import configurations
from bench.faults.checks import Ack, ack_figures, integrity_ok, replay_problems
from bench.faults.harness import answer_of
from bench.tables import next_turn, open_table
from bot.service import Service
from bot.store import open_store
from games.ai import RandomPlayer

HOUR = 3600.0
T0 = 1_800_000_000.0
ROOT = Path(__file__).resolve().parents[2]


class BotProcess:
    """``python -m bench.faults.botproc`` pointed at ``emu``; start, kill -9, restart."""

    def __init__(self, emu: Any, db: Path, clock: Path, **env: str) -> None:
        self.emu, self.db, self.clock = emu, db, clock
        self.extra = env
        self.proc: subprocess.Popen[bytes] | None = None
        self.starts = 0
        self.log = db.with_suffix(".log")

    async def start(self, *, sync: bool = False, timeout: float = 30.0) -> None:
        identified = self.emu.gateway.count("identify")
        env = {
            **os.environ,
            "DISCORD_TOKEN": self.emu.token,
            "TENKA_DATABASE": str(self.db),
            "TENKA_DISCORD_API": self.emu.api_base,
            "TENKA_DISCORD_GATEWAY": self.emu.gateway_url,
            "FAULTS_CLOCK": str(self.clock),
            "FAULTS_SYNC": "1" if sync else "0",
            "PYTHONPATH": str(ROOT),
            **self.extra,
        }
        out = self.log.open("ab")
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "bench.faults.botproc"], env=env, stdout=out, stderr=out
        )
        self.starts += 1

        def ready() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"the bot exited: {self.log.read_text()[-2000:]}")
            up = self.emu.gateway.count("identify") > identified
            return up and (not sync or bool(self.emu.commands.get(None)))

        await self.emu.wait_until(ready, timeout, "the bot process to connect")

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)

    def poke(self) -> None:
        """Tell the bot the simulated clock moved (its dispatcher sleeps in real time)."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGUSR1)

    async def wait_dead(self) -> None:
        while self.proc is not None and self.proc.poll() is None:
            await asyncio.sleep(0.01)

    async def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            for _ in range(500):
                if self.proc.poll() is not None:
                    break
                await asyncio.sleep(0.01)
            self.kill()
        await self.wait_dead()

    def errors(self) -> list[str]:
        text = self.log.read_text(errors="replace") if self.log.exists() else ""
        return [line for line in text.splitlines() if " ERROR " in line or "Traceback" in line]


def set_clock(path: Path, now: float) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(repr(now))
    tmp.replace(path)


async def open_games(
    db: Path, guild_id: int, channel_id: int, users: list[Any], per_key: int, clock: float
) -> list[tuple[int, Any, list[Any]]]:
    """``per_key`` games of every game (its smallest player count), opened and started
    through the service before the bot runs; their boards are owed to the channel."""
    store = await open_store(str(db))
    service = Service(store, render=False, clock=lambda: clock)
    await store.set_guild_settings(guild_id, {"reminder_hours": 2.0, "deadline_hours": 12.0})
    tables = []
    try:
        seen: dict[str, int] = {}
        for config in configurations():
            if seen.get(config.key, 0) >= 1:
                continue
            seen[config.key] = 1
            for n in range(per_key):
                seated = users[: config.players]
                pairs = [(u.id, u.username) for u in seated]
                game_id = await open_table(
                    service,
                    config,
                    pairs,
                    seed=1000 + len(tables) * 7 + n,
                    guild_id=guild_id,
                    channel_id=channel_id,
                )
                tables.append((game_id, config, seated))
    finally:
        await store.close()
    return tables


async def run_kills(kills: int = 50, per_key: int = 2, seed: int = 17) -> dict[str, Any]:
    from tests.emulator import Emulator

    rng = random.Random(seed)
    started = time.perf_counter()
    figures: dict[str, Any] = {
        "kills": 0,
        "restarts": 0,
        "acknowledged": 0,
        "lost_moves": 0,
        "doubled_moves": 0,
        "integrity_failures": 0,
        "replay_failures": 0,
        "stuck_games": 0,
        "doubled_deadlines": 0,
        "lost_deadlines": 0,
        "exceptions": 0,
    }
    problems: list[str] = []
    emu = Emulator()
    await emu.start()
    emu.ignore_discord_errors(".")  # a killed client's half-sent requests are not the bot's
    tmp = tempfile.TemporaryDirectory()
    try:
        db, clock = Path(tmp.name) / "kill.db", Path(tmp.name) / "clock"
        now = T0
        set_clock(clock, now)
        guild = emu.add_guild("Kills")
        channel = emu.add_channel(guild, "games", threads_allowed=False)
        users = [emu.add_user(f"k{i}") for i in range(5)]
        tables = await open_games(db, guild.id, channel.id, users, per_key, now)
        proc = BotProcess(emu, db, clock)
        await proc.start(sync=True)
        reader = await open_store(str(db))
        service = Service(reader, render=False, clock=lambda: now)
        acks: list[Ack] = []
        players = {g: RandomPlayer(seed + g) for g, _, _ in tables}
        by_id = {u.id: u for u in users}

        async def stream() -> None:
            nonlocal now
            while True:
                game_id, config, _ = rng.choice(tables)
                if rng.random() < 0.1:
                    now += rng.choice([0.5, 1.0, 2.5, 6.0]) * HOUR
                    set_clock(clock, now)
                    proc.poke()
                turn = await next_turn(service, config.game, game_id, players[game_id])
                if turn is None:
                    continue
                handle = await emu.slash(
                    by_id[turn.user_id],
                    channel,
                    "move",
                    {"action": turn.text, "game": str(game_id)},
                )
                text = await answer_of(handle, timeout=5)
                if text and text.startswith("Played"):
                    acks.append(Ack(game_id, turn.version, turn.text))

        for _ in range(kills):
            task = asyncio.create_task(stream())
            await asyncio.sleep(rng.uniform(0.2, 1.5))
            proc.kill()
            await proc.wait_dead()
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, TimeoutError, RuntimeError):
                await task
            figures["kills"] += 1
            await _check(db, acks, figures, problems)
            await proc.start()
            figures["restarts"] += 1
        # the games play on: one more move each, then every deadline comes due
        for game_id, config, _ in tables:
            turn = await next_turn(service, config.game, game_id, players[game_id])
            if turn is None:
                continue
            handle = await emu.slash(
                by_id[turn.user_id], channel, "move", {"action": turn.text, "game": str(game_id)}
            )
            text = await answer_of(handle, timeout=10)
            if not (text and text.startswith("Played")):
                figures["stuck_games"] += 1
                problems.append(f"game {game_id} cannot be played on: {text!r}")
            else:
                acks.append(Ack(game_id, turn.version, turn.text))
        await _deadlines(emu, proc, service, tables, clock, now, figures, problems)
        await proc.stop()
        await _check(db, acks, figures, problems)
        await reader.close()
        figures["acknowledged"] = len(acks)
        bot_errors = proc.errors()
        figures["exceptions"] += len(bot_errors)
        problems += bot_errors[:5]
    finally:
        await emu.stop()
        tmp.cleanup()
    return {**figures, "problems": problems[:20], "wall_s": round(time.perf_counter() - started, 1)}


async def _check(db: Path, acks: list[Ack], figures: dict[str, Any], problems: list[str]) -> None:
    if not integrity_ok(db):
        figures["integrity_failures"] += 1
        problems.append("integrity_check failed")
    bad = replay_problems(db)
    if bad:
        figures["replay_failures"] += len(bad)
        problems += bad[:3]
    found = ack_figures(db, acks)
    for key, value in found.items():
        if value > figures[key]:
            problems.append(f"{key}: {value} after kill {figures['kills']}")
        figures[key] = max(figures[key], value)


async def _deadlines(
    emu: Any,
    proc: BotProcess,
    service: Service,
    tables: list[Any],
    clock: Path,
    now: float,
    figures: dict[str, Any],
    problems: list[str],
) -> None:
    """Move time past every deadline, twice: each game whose turn timed out moves on once
    (a "Time ran out" post per timed-out turn), and none is left waiting."""
    before = {g: (await service.load(g)).row.version for g, _, _ in tables}
    active = {g for g, _, _ in tables if (await service.load(g)).row.status == "active"}
    now += 13 * HOUR
    set_clock(clock, now)
    proc.poke()

    deadline = time.perf_counter() + 20
    while time.perf_counter() < deadline:
        done = [
            g
            for g in active
            if (await service.load(g)).row.version > before[g]
            or (await service.load(g)).row.status != "active"
        ]
        if len(done) == len(active):
            break
        await asyncio.sleep(0.2)
    for game_id in active:
        loaded = await service.load(game_id)
        if loaded.row.version == before[game_id] and loaded.row.status == "active":
            figures["lost_deadlines"] += 1
            problems.append(f"game {game_id}: the deadline never fired")
    texts: dict[str, int] = {}
    for message in emu.world.messages.values():
        if "Time ran out" in message.content:
            key = re.sub(r"\s+", " ", message.content)
            texts[key] = texts.get(key, 0) + 1
    figures["doubled_deadlines"] += sum(n - 1 for n in texts.values() if n > 1)
