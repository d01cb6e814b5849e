"""Kill -9: the real bot runs as its own OS process (:mod:`bench.faults.botproc`) against
the emulator in this process; while fake users play a stream of work in several games of
every game -- typed ``/move``s, secret forms answered through the selects, buttons and
modals of their DM (as :mod:`bot.posts.forms` renders them), the board's undo button, takebacks
asked with ``/game takeback`` and voted on with the request's buttons -- with simulated
time moving so reminders and deadlines come due, the bot gets SIGKILL at random moments
and is started again.

After each restart: ``PRAGMA integrity_check`` is ok, every game's log replays to its
stored state, every move whose acknowledgement a user saw is in the log exactly once (an
acknowledged undo or takeback voids the moves it took back; one in flight at the kill
counts as done when the log shows it), every acknowledged undo and takeback took the game
back exactly to where it said, and the games play on. At the end every deadline that came
due has fired once (the game moved on at most once per timed-out turn, and no game waits
on a deadline that was lost).
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
from bench.faults.checks import integrity_ok, replay_problems
from bench.faults.judge import (
    board_doubles,
    board_is_current,
    boards_of,
    told_played,
)
from bench.faults.stream import HOUR, T0, Stream, Tally, set_clock
from bench.faults.zero import ZERO
from bench.tables import next_turn, open_table
from bot.service.facade import Service
from bot.store import open_store

NONCE_WINDOW_S = 10 * 60.0  # past Discord's memory of a message nonce (a few minutes)
# a guard against a bot that never runs its due timers, not a measure: the deadline
# figures wait on the store (the due timers handled, the outbox empty), never on the clock
HANG_S = 600.0
PLAY_ON_TRIES = 3  # attempts to play on in a game after the kills
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


KILL_FIGURES = ("kills", "restarts", "acknowledged", *ZERO["kill"])


async def run_kills(kills: int = 50, per_key: int = 2, seed: int = 17) -> dict[str, Any]:
    from tests.emulator import Emulator

    rng = random.Random(seed)
    started = time.perf_counter()
    figures: dict[str, Any] = dict.fromkeys(KILL_FIGURES, 0)
    problems: list[str] = []
    emu = Emulator()
    await emu.start()
    emu.ignore_discord_errors(".")  # a killed client's half-sent requests are not the bot's
    tmp = tempfile.TemporaryDirectory()
    try:
        db, clock = Path(tmp.name) / "kill.db", Path(tmp.name) / "clock"
        now = T0
        set_clock(clock, now)
        channel, users, tables = await _kill_world(emu, db, per_key, now)
        proc = BotProcess(emu, db, clock)
        await proc.start(sync=True)
        reader = await open_store(str(db))
        service = Service(reader, render=False, clock=lambda: now)
        stream = Stream(emu, proc, service, reader, tables, channel, users, clock, seed, rng)
        stream.now = now
        tally = stream.tally
        for _ in range(kills):
            await _kill_once(stream, proc, rng)
            figures["kills"] += 1
            await _restart(db, tally, figures, problems, emu, proc)
            figures["restarts"] += 1
        # the games play on: one more move each, then every deadline comes due
        now = stream.now
        await _play_on(stream, service, tables, figures, problems)
        await _deadlines(emu, proc, service, tables, clock, now, figures, problems)
        await _boards(emu, proc, service, channel, tables, figures, problems)
        await _sum_up(db, stream, proc, figures, problems)
        await reader.close()
    finally:
        await emu.stop()
        tmp.cleanup()
    return {**figures, "problems": problems[:20], "wall_s": round(time.perf_counter() - started, 1)}


async def _kill_world(emu: Any, db: Path, per_key: int, now: float) -> tuple[Any, list[Any], Any]:
    """A server with one channel (no threads), five users and the games they play."""
    guild = emu.add_guild("Kills")
    channel = emu.add_channel(guild, "games", threads_allowed=False)
    users = [emu.add_user(f"k{i}") for i in range(5)]
    return channel, users, await open_games(db, guild.id, channel.id, users, per_key, now)


async def _kill_once(stream: Stream, proc: BotProcess, rng: random.Random) -> None:
    """The stream plays until the bot is killed (-9) while work is under way: after the
    restarted bot answered once (on a loaded machine a start-up alone outlasted the whole
    window, and runs went by with one move between twelve kills)."""
    stream.answered.clear()
    task = asyncio.create_task(stream.run())
    with contextlib.suppress(TimeoutError):
        await asyncio.wait_for(stream.answered.wait(), HANG_S)
    await asyncio.sleep(rng.uniform(0.3, 2.5))
    proc.kill()
    await proc.wait_dead()
    task.cancel()
    with contextlib.suppress(asyncio.CancelledError, TimeoutError, RuntimeError):
        await task


async def _restart(
    db: Path, tally: Tally, figures: dict[str, Any], problems: list[str], emu: Any, proc: Any
) -> None:
    """After a kill: the log checked against what was acknowledged, minutes pass (Discord
    forgets a nonce after minutes), the bot starts again."""
    tally.settle(db)
    await _check(db, tally, figures, problems)
    emu.advance(NONCE_WINDOW_S)
    await proc.start()


async def _play_on(
    stream: Stream,
    service: Service,
    tables: list[Any],
    figures: dict[str, Any],
    problems: list[str],
) -> None:
    """One more move in every game after the kills: a game that cannot move is stuck. The
    turn is read again when the answer says the game moved on meanwhile (a turn timer the
    restart left due may play first): stuck means no attempt of :data:`PLAY_ON_TRIES` works."""
    for game_id, config, _ in tables:
        text = ""
        for _ in range(PLAY_ON_TRIES):
            turn = await next_turn(service, config.game, game_id, stream.players[game_id])
            if turn is None:
                break
            text = await stream.slash_move(game_id, turn, timeout=10)
            if told_played(text):
                stream.tally.move(game_id, turn.version, turn.text)
                break
        else:
            figures["stuck_games"] += 1
            problems.append(f"game {game_id} cannot be played on: {text!r}")


async def _sum_up(
    db: Path, stream: Stream, proc: BotProcess, figures: dict[str, Any], problems: list[str]
) -> None:
    """The bot stopped for good, the log checked a last time, every figure summed."""
    await proc.stop()
    await _check(db, stream.tally, figures, problems)
    figures["acknowledged"] = sum(1 for e in stream.tally.events if e[0] == "move")
    for key, value in {**stream.counts, **stream.told.values}.items():
        figures[key] = figures.get(key, 0) + value
    problems += (stream.problems + stream.told.problems)[:5]
    bot_errors = proc.errors()
    figures["exceptions"] += len(bot_errors)
    problems += bot_errors[:5]


async def _check(db: Path, tally: Tally, figures: dict[str, Any], problems: list[str]) -> None:
    if not integrity_ok(db):
        figures["integrity_failures"] += 1
        problems.append("integrity_check failed")
    bad = replay_problems(db)
    if bad:
        figures["replay_failures"] += len(bad)
        problems += bad[:3]
    found = tally.figures(db)
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

    async def handled() -> bool:  # every due timer of these games has run (and is gone)
        timers = [tm for g in active for tm in await service.store.timers_for_game(g)]
        return not any(tm.due_at <= now for tm in timers)

    if not await until(handled, proc.poke):
        problems.append(f"the bot did not run its due timers within {HANG_S:g} s")
    for game_id in active:
        loaded = await service.load(game_id)
        if loaded.row.version == before[game_id] and loaded.row.status == "active":
            figures["lost_deadlines"] += 1
            problems.append(f"game {game_id}: the deadline never fired")
    texts: dict[tuple[str, tuple[str, ...]], int] = {}
    for message in emu.world.messages.values():
        if "Time ran out" in message.content:
            # the sentence names no game: two games of the same players may time out with
            # the same words; the board's buttons name the game and its version
            key = (re.sub(r"\s+", " ", message.content), tuple(message.custom_ids()))
            texts[key] = texts.get(key, 0) + 1
    figures["doubled_deadlines"] += sum(n - 1 for n in texts.values() if n > 1)


async def until(check: Any, nudge: Any) -> bool:
    """Wait for ``check()`` (an event in the store), nudging the bot meanwhile; False
    only if it never came (see :data:`HANG_S`)."""
    started = time.perf_counter()
    while not await check():
        if time.perf_counter() - started > HANG_S:
            return False
        nudge()
        await asyncio.sleep(0.05)
    return True


async def _boards(
    emu: Any,
    proc: BotProcess,
    service: Service,
    channel: Any,
    tables: list[Any],
    figures: dict[str, Any],
    problems: list[str],
) -> None:
    """Once nothing is owed: no board is in the channel twice (counted from the channel's
    messages, after restarts past Discord's nonce memory), and each game's newest board
    shows its position as the log stands (an undo or takeback included)."""

    async def delivered() -> bool:
        return not await service.owed_games()

    if not await until(delivered, proc.poke):
        problems.append(f"boards still owed after {HANG_S:g} s")
    for game_id, _, _ in tables:
        doubles = board_doubles(boards_of(emu, channel, game_id))
        figures["boards_doubled"] += doubles
        if doubles:
            problems.append(f"game {game_id}: {doubles} board(s) posted twice")
        if not await board_is_current(emu, channel, service, game_id):
            figures["boards_lost"] += 1
            problems.append(f"game {game_id}: the channel's newest board is not its position")
