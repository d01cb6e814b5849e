"""Bad persisted data, with the real bot on the emulator: a game whose stored state is
corrupt, a database that turns read-only, a full disk, a database from an older schema.

How the storage faults are made (no root, no mount): a read-only database is the bot's own
connection switched to ``PRAGMA query_only`` (SQLite answers every write with "attempt to
write a readonly database", as for a read-only file); a full disk is ``PRAGMA
max_page_count`` pinned to the file's current size (SQLite answers "database or disk is
full", as on ENOSPC). Each fault: the affected command answers a clear sentence, the other
games play on (where the fault is not global), nothing is half written (integrity, every
log replays), and once the fault is gone the same move goes through.
"""

from __future__ import annotations

import asyncio
import sqlite3
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.configs import configurations
from bench.faults.checks import integrity_ok, replay_problems
from bench.faults.fuzz import shortest_config
from bench.faults.harness import Figures, answer_of, error_log, is_sentence
from bench.faults.judge import judge_told, told_played
from bench.faults.zero import ZERO
from bench.tables import next_turn, open_table
from bot.store import open_store
from bot.store.migrations import MIGRATIONS, migrate
from games.ai import RandomPlayer

FIGURES = ("faults", "recoveries", *ZERO["bad_data"])
# 2. and 3.: the database turns read-only; the disk is full (``None``: pinned to its size)
STORAGE_FAULTS = (
    ("read-only", "PRAGMA query_only = 1", "PRAGMA query_only = 0"),
    ("disk full", None, "PRAGMA max_page_count = 1073741823"),
)


async def run_bad_data(seed: int = 17) -> dict[str, Any]:
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    emu = Emulator()
    await emu.start()
    tmp = tempfile.TemporaryDirectory()
    run = BadData(emu, seed)
    try:
        db = Path(tmp.name) / "bad.db"
        users, channel, guild_id, old_game = await _older_schema(emu, Path(tmp.name), db, seed)
        clock = Clock()
        run.bot = make_bot(emu, db, clock)
        await start_client(run.bot, emu)
        await run.bot.tree.sync()
        await run.bot.store.set_guild_settings(guild_id, {"deadline_hours": 12.0})
        await run.open_tables(users, channel, guild_id)
        async with error_log() as errors:
            await run.older_schema(old_game)
            if not await run.corrupt_state(db, lambda: make_bot(emu, db, clock), clock):
                return {**run.figures, "problems": run.problems[:20]}
            for name, on, off in STORAGE_FAULTS:
                await run.storage(db, name, on, off)
            run.figures["half_written"] += len(replay_problems(db)) + (not integrity_ok(db))
        run.figures["exceptions"] += len(errors.records) + len(emu.problems())
        run.problems += run.told.problems[:5] + errors.lines()[:5] + emu.problems()[:5]
    finally:
        if run.bot is not None:
            await stop_client(run.bot)
        await emu.stop()
        tmp.cleanup()
    wall_s = round(time.perf_counter() - started, 1)
    return {**run.figures, "problems": run.problems[:20], "wall_s": wall_s}


class BadData:
    """One game of every game beside a game from an older schema, played through the
    faults by ``/move``; every answer judged against the log."""

    def __init__(self, emu: Any, seed: int) -> None:
        self.emu, self.seed = emu, seed
        self.bot: Any = None
        self.figures: dict[str, Any] = dict.fromkeys(FIGURES, 0)
        self.told = Figures(self.figures, [])  # answers judged against the log
        self.problems: list[str] = []
        self.players: dict[int, RandomPlayer] = {}
        self.tables: list[tuple[int, Any]] = []
        self.by_id: dict[int, Any] = {}
        self.users: list[Any] = []
        self.channel: Any = None

    async def open_tables(self, users: list[Any], channel: Any, guild_id: int) -> None:
        self.users, self.channel = users, channel
        self.by_id = {u.id: u for u in users}
        configs = {c.key: c for c in reversed(list(configurations()))}
        for i, c in enumerate(configs.values()):
            pairs = [(u.id, u.username) for u in users[: c.players]]
            game_id = await open_table(
                self.bot.service, c, pairs, seed=self.seed + i, guild_id=guild_id,
                channel_id=channel.id,
            )  # fmt: skip
            self.tables.append((game_id, c))

    async def move(self, game_id: int, config: Any) -> tuple[bool, str | None]:
        """The next move of ``game_id`` by ``/move``: whether it was played and said so."""
        player = self.players.setdefault(game_id, RandomPlayer(self.seed + game_id))
        turn = await next_turn(self.bot.service, config.game, game_id, player)
        if turn is None:  # that game is over: nothing to refuse
            return True, "over"
        options = {"action": turn.text, "game": str(game_id)}
        handle = await self.emu.slash(self.by_id[turn.user_id], self.channel, "move", options)
        text = await answer_of(handle, 15)
        committed = (await self.bot.service.load(game_id)).row.version > turn.version
        judge_told(self.told, committed, text, f"game {game_id} {turn.text!r}")
        return committed and told_played(text), text

    async def recovered(self, game_id: int, config: Any, what: str) -> None:
        ok, text = await self.move(game_id, config)
        self.figures["recoveries"] += ok
        if not ok:
            self.problems.append(f"{what}: {text!r}")

    async def older_schema(self, old_game: int) -> None:
        """0. the older schema was migrated at start: its game plays on."""
        self.figures["faults"] += 1
        await self.recovered(old_game, shortest_config(), "older schema")

    async def corrupt_state(self, db: Path, make: Any, clock: Any) -> bool:
        """1. one game's state is corrupt, and the bot restarts with it (the start-up passes,
        the owed-posts sweep and the timers go over every game): a sentence for it, the
        others play on and their deadlines fire. False when the bot did not start again."""
        victim, victim_config = self.tables[0]
        with sqlite3.connect(db) as conn:
            (saved,) = conn.execute("SELECT state FROM games WHERE id=?", (victim,)).fetchone()
            conn.execute("UPDATE games SET state='{\"broken\": [' WHERE id=?", (victim,))
        self.figures["faults"] += 1
        self.bot = await _restart(self.emu, self.bot, make, self.problems)
        if self.bot is None:
            self.figures["others_blocked"] += len(self.tables) - 1
            return False
        await self._deadlines_fire(clock)
        handle = await self.emu.slash(
            self.users[0], self.channel, "move", {"action": "x", "game": str(victim)}
        )
        _judge(self.figures, self.problems, "corrupt state", await answer_of(handle, 15))
        for game_id, config in self.tables[1:]:
            ok, text = await self.move(game_id, config)
            if not ok:
                self.figures["others_blocked"] += 1
                self.problems.append(f"corrupt state blocked game {game_id}: {text!r}")
        with sqlite3.connect(db) as conn:
            conn.execute("UPDATE games SET state=? WHERE id=?", (saved, victim))
        await self.recovered(victim, victim_config, "after the corrupt state was repaired")
        return True

    async def _deadlines_fire(self, clock: Any) -> None:
        """Past every deadline, each other game's fires."""
        service = self.bot.service
        before = {g: (await service.load(g)).row.version for g, _ in self.tables[1:]}
        clock.now += 13 * 3600.0
        assert self.bot.dispatcher is not None
        await self.bot.dispatcher.run_due()
        for game_id, _ in self.tables[1:]:
            loaded = await service.load(game_id)
            if loaded.row.status == "active" and loaded.row.version == before[game_id]:
                self.figures["others_blocked"] += 1
                self.problems.append(f"corrupt state: game {game_id}'s deadline did not fire")

    async def storage(self, db: Path, name: str, on: str | None, off: str) -> None:
        """The storage refuses writes (``on``) until ``off``: every refused move is told in
        a sentence, nothing is half written, then the same game moves again."""
        store = self.bot.store
        self.figures["faults"] += 1
        if on is None:  # no free page left, and no room for a new one
            await store._one(lambda c: c.execute("VACUUM"))
            pages = await store._one(lambda c: c.execute("PRAGMA page_count").fetchone()[0])
            on = f"PRAGMA max_page_count = {int(pages)}"
        await store._one(lambda c, sql=on: c.execute(sql))
        await self._refused(name)
        await store._one(lambda c, sql=off: c.execute(sql))
        if not integrity_ok(db) or replay_problems(db):
            self.figures["half_written"] += 1
            self.problems.append(f"{name}: half written")
        await self.recovered(*self.tables[1], f"after {name}")

    async def _refused(self, name: str) -> None:
        """Every game moves (a game with a long log needs new pages soonest), again until a
        move is refused; each refusal must be a sentence."""
        refused: list[str | None] = []
        for _ in range(1 if name == "read-only" else 40):  # until a page is wanted
            answers = [await self.move(g, c) for g, c in self.tables]
            refused = [t for ok, t in answers if not ok]
            if refused:
                break
        for text in refused:
            _judge(self.figures, self.problems, name, text)
        if not refused or (name == "read-only" and len(refused) != len(self.tables)):
            self.figures["faults_not_felt"] = self.figures.get("faults_not_felt", 0) + 1
            self.problems.append(f"{name}: {len(self.tables) - len(refused)} moves went through")


async def _restart(emu: Any, bot: Any, make: Any, problems: list[str]) -> Any:
    """The bot stopped and started again on the same database; ``None`` when it could not
    start (its resume pass included)."""
    try:
        async with asyncio.timeout(60):
            bot = await emu.restart_client(bot, make)
            if bot._resume_task is not None:
                await bot._resume_task
    except Exception as error:  # the figure: the start-up did not survive the bad row
        problems.append(f"the bot did not start again: {type(error).__name__}: {error}")
        return None
    return bot


def _judge(figures: dict[str, Any], problems: list[str], what: str, text: str | None) -> None:
    if not is_sentence(text):
        figures["unclear_answers"] += 1
        problems.append(f"{what}: {text!r}")


async def _older_schema(emu: Any, tmp: Path, db: Path, seed: int) -> tuple[Any, Any, int, int]:
    """A database at schema 1 holding one running game (made at the latest schema, then
    copied column by column into a schema-1 file)."""
    from bot.service.facade import Service

    guild = emu.add_guild("Bad data")
    channel = emu.add_channel(guild, "games", threads_allowed=False)
    users = [emu.add_user(f"b{i}") for i in range(5)]
    modern = tmp / "modern.db"
    store = await open_store(str(modern))
    service = Service(store, render=False)
    short = shortest_config()
    pairs = [(u.id, u.username) for u in users[: short.players]]
    game_id = await open_table(
        service, short, pairs, seed=seed, guild_id=guild.id, channel_id=channel.id
    )
    await store.close()
    with sqlite3.connect(db, isolation_level=None) as conn:
        migrate(conn, MIGRATIONS[:1])
        conn.execute("ATTACH DATABASE ? AS m", (str(modern),))
        for table in ("games", "seats", "actions", "snapshots", "timers"):
            cols = [r[1] for r in conn.execute(f"PRAGMA main.table_info({table})")]
            names = ", ".join(cols)
            conn.execute(f"INSERT INTO main.{table} ({names}) SELECT {names} FROM m.{table}")
        conn.execute("DETACH DATABASE m")
    return users, channel, guild.id, game_id
