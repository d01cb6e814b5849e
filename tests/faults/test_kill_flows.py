"""Each kind of work the kill -9 stream adds, once, through the real bot process, then a
SIGKILL: a secret form answered through its DM (samurai), a step undone with the board's
button (china), a move taken back with ``/game takeback`` and the request's button
(yokai). After the kill and after the restart nothing acknowledged is lost or doubled,
every rollback stands exactly once, and every log replays."""

from __future__ import annotations

import random
import tempfile
from pathlib import Path
from typing import Any

from bench.faults.checks import integrity_ok, replay_problems
from bench.faults.kill import BotProcess, open_games
from bench.faults.stream import T0, Stream, set_clock
from bot.service.facade import Service
from bot.store import open_store


async def test_forms_undos_and_takebacks_survive_a_kill() -> None:
    from tests.emulator import Emulator

    emu = Emulator()
    await emu.start()
    emu.ignore_discord_errors(".")
    tmp = tempfile.TemporaryDirectory()
    proc: BotProcess | None = None
    try:
        db, clock = Path(tmp.name) / "k.db", Path(tmp.name) / "clock"
        set_clock(clock, T0)
        guild = emu.add_guild("Kills")
        channel = emu.add_channel(guild, "games", threads_allowed=False)
        users = [emu.add_user(f"k{i}") for i in range(5)]
        tables = await open_games(db, guild.id, channel.id, users, 1, T0)
        proc = BotProcess(emu, db, clock)
        await proc.start(sync=True)
        reader = await open_store(str(db))
        service = Service(reader, render=False, clock=lambda: T0)
        stream = Stream(
            emu, proc, service, reader, tables, channel, users, clock, 3, random.Random(3)
        )
        by_key = {config.key: (game_id, config) for game_id, config, _ in tables}

        async def loaded(key: str) -> Any:
            return await service.load(by_key[key][0])

        # a secret form, through the selects and Confirm of its DM
        samurai = await loaded("samurai")
        seat = min(samurai.game.to_act(samurai.state))
        assert await stream.form(samurai, seat)
        assert stream.counts["form_answers"] == 1
        # a step of a turn, then the board's Undo
        stream.rng = random.Random(0)  # typed() would undo at once half the time: not here
        for _ in range(10):
            china = await loaded("china")
            seat = min(china.game.to_act(china.state))
            if china.game.can_undo(china.state, seat):
                break
            await stream.typed(*by_key["china"])
        assert china.game.can_undo(china.state, seat)
        await stream.undo(china, seat)
        assert stream.counts["undos"] >= 1
        # a move, then a takeback the other player approves
        await stream.typed(*by_key["yokai"])
        await stream.takeback(await loaded("yokai"))
        assert stream.counts["takebacks"] == 1, stream.counts
        moves = [e for e in stream.tally.events if e[0] == "move"]
        assert len(moves) >= 3
        for step in ("killed", "restarted"):
            if step == "killed":
                proc.kill()
                await proc.wait_dead()
                stream.tally.settle(db)
            else:
                await proc.start()
            assert integrity_ok(db) and not replay_problems(db), step
            assert stream.tally.figures(db) == {"lost_moves": 0, "doubled_moves": 0}, step
        assert stream.counts["rollbacks_not_once"] == 0
        assert not stream.problems, stream.problems
        await reader.close()
    finally:
        if proc is not None:
            await proc.stop()
        await emu.stop()
        tmp.cleanup()
