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
from bench.tables import next_turn, open_table
from games.ai import RandomPlayer

HOUR = 3600.0
NONCE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")


async def run_discord_faults(moves: int = 6, seed: int = 17) -> dict[str, Any]:
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    figures: dict[str, Any] = {
        "scenarios": 0,
        "moves": 0,
        "boards_doubled": 0,
        "boards_out_of_order": 0,
        "boards_missing": 0,
        "players_unanswered": 0,
        "committed_told_refused": 0,
        "refused_told_played": 0,
        "deadlines_fired": 0,
        "exceptions": 0,
    }
    problems: list[str] = []
    emu = Emulator()
    await emu.start()
    # what discord.py logs about the faults we inject is not the bot's error
    emu.ignore_discord_errors(r"429|rate limit|50027|Invalid Webhook Token|Server Error|5\d\d")
    clock = Clock()
    told = Figures()  # answers judged against the log
    running: Any = None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = make_bot(emu, Path(tmp) / "discord.db", clock)
            await start_client(bot, emu)
            running = bot
            await bot.tree.sync()
            guild = emu.add_guild("Faults")
            users = [emu.add_user(f"d{i}") for i in range(5)]
            by_id = {u.id: u for u in users}
            await bot.store.set_guild_settings(guild.id, {"deadline_hours": 12.0})
            tables = []
            seen: set[str] = set()
            for config in configurations():
                if config.key in seen:
                    continue
                seen.add(config.key)
                channel = emu.add_channel(guild, config.key, threads_allowed=False)
                pairs = [(u.id, u.username) for u in users[: config.players]]
                game_id = await open_table(
                    bot.service,
                    config,
                    pairs,
                    seed=seed,
                    guild_id=guild.id,
                    channel_id=channel.id,
                )
                tables.append((game_id, config, channel, RandomPlayer(seed + game_id)))
            await bot.publisher.catch_up_all()  # the opening boards

            async def play(n: int, wait: float = 8.0) -> None:
                for _ in range(n):
                    for game_id, config, channel, player in tables:
                        turn = await next_turn(bot.service, config.game, game_id, player)
                        if turn is None:
                            continue
                        handle = await emu.slash(
                            by_id[turn.user_id],
                            channel,
                            "move",
                            {"action": turn.text, "game": str(game_id)},
                        )
                        text = await answer_of(handle, wait)
                        figures["moves"] += 1
                        # no reply (a token expired) still leaves the move's board as answer
                        after = await bot.service.load(game_id)
                        committed = after.row.version > turn.version
                        judge_told(told, committed, text, f"game {game_id} {turn.text!r}")
                        boarded = after.row.version > turn.version and (
                            await bot.service.owed(game_id) is None
                        )
                        if text is None and not boarded:
                            figures["players_unanswered"] += 1
                            problems.append(f"game {game_id}: {turn.text!r} got no answer")

            async with error_log() as errors:
                figures["scenarios"] += 1  # 429 burst: bucket, then global
                emu.fail_next("POST", r"/channels/\d+/messages", 429, retry_after=0.05, times=4)
                emu.fail_next("*", r".", 429, retry_after=0.1, times=3, global_limit=True)
                await play(moves)
                figures["scenarios"] += 1  # 5xx: retried, then more than retried
                emu.fail_next("POST", r"/channels/\d+/messages", 502, times=1)  # retried
                await play(1)
                emu.fail_next("POST", r"/channels/\d+/messages", 503, times=3)  # not retried
                await play(1)
                await play(moves)
                figures["scenarios"] += 1  # gateway outage across a deadline
                versions = {g: (await bot.service.load(g)).row.version for g, *_ in tables}
                async with emu.gateway.offline():
                    clock.now += 13 * HOUR
                    assert bot.dispatcher is not None
                    await bot.dispatcher.run_due()
                for g, *_ in tables:
                    loaded = await bot.service.load(g)
                    moved = loaded.row.version > versions[g] or loaded.row.status != "active"
                    figures["deadlines_fired"] += moved
                await play(1)
                figures["scenarios"] += 1  # tokens that expire mid-flow
                emu.token_lifetime_s = 0.0
                await play(1, wait=1.0)  # no answer can come through the interaction
                emu.token_lifetime_s = 15 * 60.0
                await play(1)
                await bot.publisher.catch_up_all()
            _boards(emu, tables, figures, problems)
            for game_id, _, channel, _ in tables:
                if await bot.service.owed(game_id) is not None:
                    figures["boards_missing"] += 1
                    problems.append(f"game {game_id} still owes its board")
                elif not await board_is_current(emu, channel, bot.service, game_id):
                    figures["boards_missing"] += 1
                    problems.append(f"game {game_id}: the newest board is not its position")
            for key, value in told.values.items():
                figures[key] += value
            problems += told.problems[:5]
            figures["exceptions"] += len(errors.records) + len(emu.problems())
            problems += errors.lines()[:5] + emu.problems()[:5]
    finally:
        if running is not None:
            await stop_client(running)
        await emu.stop()
    return {**figures, "problems": problems[:20], "wall_s": round(time.perf_counter() - started, 1)}


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
