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
from bench.tables import next_turn, open_table
from bot.store import open_store
from bot.store.migrations import MIGRATIONS, migrate
from games.ai import RandomPlayer


async def run_bad_data(seed: int = 17) -> dict[str, Any]:
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    figures: dict[str, Any] = {
        "faults": 0,
        "recoveries": 0,
        "unclear_answers": 0,
        "others_blocked": 0,
        "half_written": 0,
        "committed_told_refused": 0,
        "refused_told_played": 0,
        "exceptions": 0,
    }
    told = Figures(figures, [])  # answers judged against the log
    problems: list[str] = []
    emu = Emulator()
    await emu.start()
    tmp = tempfile.TemporaryDirectory()
    running: Any = None
    try:
        db = Path(tmp.name) / "bad.db"
        users, channel, guild_id, old_game = await _older_schema(emu, Path(tmp.name), db, seed)
        clock = Clock()
        bot = make_bot(emu, db, clock)
        await start_client(bot, emu)
        running = bot
        await bot.tree.sync()
        await bot.store.set_guild_settings(guild_id, {"deadline_hours": 12.0})
        by_id = {u.id: u for u in users}
        configs = {c.key: c for c in reversed(list(configurations()))}
        tables = [
            (
                await open_table(
                    bot.service,
                    c,
                    [(u.id, u.username) for u in users[: c.players]],
                    seed=seed + i,
                    guild_id=guild_id,
                    channel_id=channel.id,
                ),
                c,
            )
            for i, c in enumerate(configs.values())
        ]
        players: dict[int, RandomPlayer] = {}

        async def move(game_id: int, config: Any) -> tuple[bool, str | None]:
            player = players.setdefault(game_id, RandomPlayer(seed + game_id))
            turn = await next_turn(bot.service, config.game, game_id, player)
            if turn is None:  # that game is over: nothing to refuse
                return True, "over"
            handle = await emu.slash(
                by_id[turn.user_id], channel, "move", {"action": turn.text, "game": str(game_id)}
            )
            text = await answer_of(handle, 15)
            committed = (await bot.service.load(game_id)).row.version > turn.version
            judge_told(told, committed, text, f"game {game_id} {turn.text!r}")
            return committed and told_played(text), text

        async with error_log() as errors:
            # 0. the older schema was migrated at start: its game plays on
            figures["faults"] += 1
            ok, text = await move(old_game, shortest_config())
            figures["recoveries"] += ok
            if not ok:
                problems.append(f"older schema: {text!r}")
            # 1. one game's state is corrupt, and the bot restarts with it (the start-up
            # passes, the owed-posts sweep and the timers go over every game): a sentence
            # for it, the others play on and their deadlines fire
            victim, victim_config = tables[0]
            with sqlite3.connect(db) as conn:
                (saved,) = conn.execute("SELECT state FROM games WHERE id=?", (victim,)).fetchone()
                conn.execute("UPDATE games SET state='{\"broken\": [' WHERE id=?", (victim,))
            figures["faults"] += 1
            bot = await _restart(emu, bot, lambda: make_bot(emu, db, clock), problems)
            running = bot
            if bot is None:
                figures["others_blocked"] += len(tables) - 1
                return {**figures, "problems": problems[:20]}
            before = {g: (await bot.service.load(g)).row.version for g, _ in tables[1:]}
            clock.now += 13 * 3600.0
            assert bot.dispatcher is not None
            await bot.dispatcher.run_due()
            for game_id, _ in tables[1:]:
                loaded = await bot.service.load(game_id)
                if loaded.row.status == "active" and loaded.row.version == before[game_id]:
                    figures["others_blocked"] += 1
                    problems.append(f"corrupt state: game {game_id}'s deadline did not fire")
            handle = await emu.slash(
                users[0], channel, "move", {"action": "x", "game": str(victim)}
            )
            _judge(figures, problems, "corrupt state", await answer_of(handle, 15))
            for game_id, config in tables[1:]:
                ok, text = await move(game_id, config)
                if not ok:
                    figures["others_blocked"] += 1
                    problems.append(f"corrupt state blocked game {game_id}: {text!r}")
            with sqlite3.connect(db) as conn:
                conn.execute("UPDATE games SET state=? WHERE id=?", (saved, victim))
            ok, text = await move(victim, victim_config)
            figures["recoveries"] += ok
            if not ok:
                problems.append(f"after the corrupt state was repaired: {text!r}")
            # 2. and 3. the database turns read-only; the disk is full
            for name, on, off in (
                ("read-only", "PRAGMA query_only = 1", "PRAGMA query_only = 0"),
                ("disk full", None, "PRAGMA max_page_count = 1073741823"),
            ):
                figures["faults"] += 1
                before = _snapshot(db)
                if on is None:  # no free page left, and no room for a new one
                    await bot.store._one(lambda c: c.execute("VACUUM"))
                    pages = await bot.store._one(
                        lambda c: c.execute("PRAGMA page_count").fetchone()[0]
                    )
                    on = f"PRAGMA max_page_count = {int(pages)}"
                await bot.store._one(lambda c, sql=on: c.execute(sql))
                # a game with a long log needs new pages soonest: move everything once
                refused: list[str | None] = []
                for _ in range(1 if name == "read-only" else 40):  # until a page is wanted
                    answers = [await move(g, c) for g, c in tables]
                    refused = [t for ok, t in answers if not ok]
                    if refused:
                        break
                for text in refused:
                    _judge(figures, problems, name, text)
                if not refused or (name == "read-only" and len(refused) != len(tables)):
                    figures["faults_not_felt"] = figures.get("faults_not_felt", 0) + 1
                    problems.append(f"{name}: {len(tables) - len(refused)} moves went through")
                await bot.store._one(lambda c, sql=off: c.execute(sql))
                if not integrity_ok(db) or replay_problems(db):
                    figures["half_written"] += 1
                    problems.append(f"{name}: half written")
                del before
                ok, text = await move(*tables[1])
                figures["recoveries"] += ok
                if not ok:
                    problems.append(f"after {name}: {text!r}")
            figures["half_written"] += len(replay_problems(db)) + (not integrity_ok(db))
        figures["exceptions"] += len(errors.records) + len(emu.problems())
        problems += told.problems[:5] + errors.lines()[:5] + emu.problems()[:5]
    finally:
        if running is not None:
            await stop_client(running)
        await emu.stop()
        tmp.cleanup()
    return {**figures, "problems": problems[:20], "wall_s": round(time.perf_counter() - started, 1)}


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


def _snapshot(db: Path) -> dict[int, int]:
    with sqlite3.connect(db) as conn:
        return dict(conn.execute("SELECT id, version FROM games"))


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
