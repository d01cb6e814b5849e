"""Discord faults, with the real bot on the emulator, one game of every game in its own
channel, moves by ``/move``:

- a burst of 429s on posting (a bucket's, then the global limit's);
- 5xx on posting a board (a few, which discord.py retries; then more than it retries, so
  the board stays owed and follows with the next post);
- a gateway outage across a deadline (the deadline fires while the bot hears nothing);
- interaction tokens that expire mid-flow (the answer's webhook is refused).

Figures: boards posted twice (counted from the channel's messages: the same committed
state, or the same words and pictures, more than once), boards out of order (by the
version in their nonce), boards missing (something still owed at the end, or a newest
board that does not show the position the log says), players without an answer (neither
a reply nor their move's board), answers that contradict the log (a move in the log told
it did not count, or a move not in it told it was played).
"""

from __future__ import annotations

import re
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.configs import configurations
from bench.faults.harness import Figures, answer_of, error_log
from bench.faults.judge import board_doubles, board_is_current, boards_of, judge_told
from bench.faults.zero import ZERO
from bench.tables import next_turn, open_table
from games.ai import RandomPlayer

HOUR = 3600.0
NONCE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


FIGURES = ("scenarios", "moves", "deadlines_fired", *ZERO["discord"])


async def run_discord_faults(moves: int = 6, seed: int = 17) -> dict[str, Any]:
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    emu = Emulator()
    await emu.start()
    # what discord.py logs about the faults we inject is not the bot's error
    emu.ignore_discord_errors(r"429|rate limit|50027|Invalid Webhook Token|Server Error|5\d\d")
    clock = Clock()
    running: Any = None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = make_bot(emu, Path(tmp) / "discord.db", clock)
            await start_client(bot, emu)
            running = bot
            await bot.tree.sync()
            run = Faults(emu, bot, clock)
            await run.open_tables(seed)
            async with error_log() as errors:
                await run.scenarios(moves)
            await run.judge_boards()
            run.figures["exceptions"] += len(errors.records) + len(emu.problems())
            run.problems += errors.lines()[:5] + emu.problems()[:5]
    finally:
        if running is not None:
            await stop_client(running)
        await emu.stop()
    wall_s = round(time.perf_counter() - started, 1)
    return {**run.figures, "problems": run.problems[:20], "wall_s": wall_s}


class Faults:
    """One game of every game in its own channel, played by ``/move`` through the faults."""

    def __init__(self, emu: Any, bot: Any, clock: Any) -> None:
        self.emu, self.bot, self.clock = emu, bot, clock
        self.figures: dict[str, Any] = dict.fromkeys(FIGURES, 0)
        self.problems: list[str] = []
        self.told = Figures()  # answers judged against the log
        self.tables: list[tuple[int, Any, Any, RandomPlayer]] = []
        self.by_id: dict[int, Any] = {}

    async def open_tables(self, seed: int) -> None:
        emu, bot = self.emu, self.bot
        guild = emu.add_guild("Faults")
        users = [emu.add_user(f"d{i}") for i in range(5)]
        self.by_id = {u.id: u for u in users}
        await bot.store.set_guild_settings(guild.id, {"deadline_hours": 12.0})
        seen: set[str] = set()
        for config in configurations():
            if config.key in seen:
                continue
            seen.add(config.key)
            channel = emu.add_channel(guild, config.key, threads_allowed=False)
            pairs = [(u.id, u.username) for u in users[: config.players]]
            game_id = await open_table(
                bot.service, config, pairs, seed=seed, guild_id=guild.id, channel_id=channel.id
            )
            self.tables.append((game_id, config, channel, RandomPlayer(seed + game_id)))
        await bot.publisher.catch_up_all()  # the opening boards

    async def play(self, n: int, wait: float = 8.0) -> None:
        """``n`` rounds of one move in every game, each answer judged against the log."""
        for _ in range(n):
            for game_id, config, channel, player in self.tables:
                turn = await next_turn(self.bot.service, config.game, game_id, player)
                if turn is not None:
                    await self._move(game_id, channel, turn, wait)

    async def _move(self, game_id: int, channel: Any, turn: Any, wait: float) -> None:
        service = self.bot.service
        options = {"action": turn.text, "game": str(game_id)}
        handle = await self.emu.slash(self.by_id[turn.user_id], channel, "move", options)
        text = await answer_of(handle, wait)
        self.figures["moves"] += 1
        # no reply (a token expired) still leaves the move's board as answer
        after = await service.load(game_id)
        committed = after.row.version > turn.version
        judge_told(self.told, committed, text, f"game {game_id} {turn.text!r}")
        boarded = after.row.version > turn.version and (await service.owed(game_id) is None)
        if text is None and not boarded:
            self.figures["players_unanswered"] += 1
            self.problems.append(f"game {game_id}: {turn.text!r} got no answer")

    async def scenarios(self, moves: int) -> None:
        emu, figures = self.emu, self.figures
        figures["scenarios"] += 1  # 429 burst: bucket, then global
        emu.fail_next("POST", r"/channels/\d+/messages", 429, retry_after=0.05, times=4)
        emu.fail_next("*", r".", 429, retry_after=0.1, times=3, global_limit=True)
        await self.play(moves)
        figures["scenarios"] += 1  # 5xx: retried, then more than retried
        emu.fail_next("POST", r"/channels/\d+/messages", 502, times=1)  # retried
        await self.play(1)
        emu.fail_next("POST", r"/channels/\d+/messages", 503, times=3)  # not retried
        await self.play(1)
        await self.play(moves)
        figures["scenarios"] += 1  # gateway outage across a deadline
        await self._outage()
        await self.play(1)
        figures["scenarios"] += 1  # tokens that expire mid-flow
        emu.token_lifetime_s = 0.0
        await self.play(1, wait=1.0)  # no answer can come through the interaction
        emu.token_lifetime_s = 15 * 60.0
        await self.play(1)
        await self.bot.publisher.catch_up_all()

    async def _outage(self) -> None:
        """The gateway is down while every deadline comes due: each fires all the same."""
        service = self.bot.service
        versions = {g: (await service.load(g)).row.version for g, *_ in self.tables}
        async with self.emu.gateway.offline():
            self.clock.now += 13 * HOUR
            assert self.bot.dispatcher is not None
            await self.bot.dispatcher.run_due()
        for g, *_ in self.tables:
            loaded = await service.load(g)
            moved = loaded.row.version > versions[g] or loaded.row.status != "active"
            self.figures["deadlines_fired"] += moved

    async def judge_boards(self) -> None:
        """Every game's boards in its channel, nothing still owed, the newest board its
        position; then what the players were told."""
        figures, problems, service = self.figures, self.problems, self.bot.service
        _boards(self.emu, self.tables, figures, problems)
        for game_id, _, channel, _ in self.tables:
            if await service.owed(game_id) is not None:
                figures["boards_missing"] += 1
                problems.append(f"game {game_id} still owes its board")
            elif not await board_is_current(self.emu, channel, service, game_id):
                figures["boards_missing"] += 1
                problems.append(f"game {game_id}: the newest board is not its position")
        for key, value in self.told.values.items():
            figures[key] += value
        problems += self.told.problems[:5]


def _boards(emu: Any, tables: list[Any], figures: dict[str, Any], problems: list[str]) -> None:
    """Each game's boards: each committed state once in the channel, versions in order."""
    for game_id, _, channel, _ in tables:
        boards = boards_of(emu, channel, game_id)
        doubles = board_doubles(boards)
        if doubles:
            figures["boards_doubled"] += doubles
            problems.append(f"game {game_id}: {doubles} board(s) posted twice")
        stamps: list[tuple[int, int]] = []
        for message in boards:
            match = NONCE.match(str(message.nonce or ""))
            if match:
                stamps.append((int(match[2]), int(match[3])))
        if stamps != sorted(stamps):
            figures["boards_out_of_order"] += 1
            problems.append(f"game {game_id}: boards out of order {stamps}")
