"""AI moves never block the bot: they are thought in a worker process, queued fairly.

Twenty games of Yōkai against an AI seat that thinks 0.3 s per move; Alice moves in all
twenty at once, so twenty AI moves are due together. Every slash command (the twenty moves
and a /board asked meanwhile) is answered within Discord's real 3 s (the emulator refuses
a later answer), every AI move is played exactly once and each game posts one board.

Defect guarded: the AI's choice run on the event loop (``Thinker.choose`` calling ``pick``
directly instead of in the pool or a thread): the twenty choices take six seconds of the
loop, the answers come late and the emulator refuses them (red, shown by putting the call
back on the loop).

A worker that dies (killed while thinking) loses no move: the move fails like any AI
failure, the game retries on its ``ai`` timer, a new pool thinks it, and the board is
posted once.

Defect guarded: the broken pool kept (``Thinker._replace`` not called): every later AI
move fails with ``BrokenProcessPool`` and the retry never plays (red, shown by removing
the call).
"""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

from bot.edge.app import TenkaBot
from bot.service.timers import AI_RETRY
from tests.e2e.conftest import Clock, make_bot
from tests.emulator import Emulator, FakeUser, start_client, stop_client
from tests.emulator.interactions import InteractionHandle

GAMES = 20
THINK_S = 0.3  # each AI move: Yōkai's alpha-beta searches until its budget is spent


def worker_bot(emu: Emulator, db: Path, clock: Clock) -> TenkaBot:
    return make_bot(emu, db, clock, ai_budget_s=THINK_S, ai_workers=1)


async def ai_games(bot: TenkaBot, alice: FakeUser, channel_id: int, count: int) -> list[int]:
    """``count`` games of Alice against an AI seat, started, Alice to act in each."""
    service, ids = bot.service, []
    for seed in range(count):
        lobby = await service.new_game(
            guild_id=None,
            channel_id=channel_id,
            user_id=alice.id,
            user_name="alice",
            key="yokai",
            seed=seed,
        )
        game_id = lobby.game.game_id
        await service.add_ai(game_id, alice.id)
        result = await service.start(game_id, alice.id)  # an AI seated first moves now
        assert result.game.to_act == (alice.id,)
        ids.append(game_id)
    return ids


async def first_move(bot: TenkaBot, game_id: int, user: FakeUser) -> str:
    loaded = await bot.service.load(game_id)
    seat = loaded.seat_of(user.id)
    return loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])


async def all_posted(handles: list[InteractionHandle]) -> None:
    """Every command answered in time, then its move and the AI's answer posted."""
    for handle in handles:
        await handle.response()  # within 3 s, or the emulator refused it (404)
    for handle in handles:
        await handle.followups(1, timeout=60)


async def ai_moves(bot: TenkaBot, game_id: int) -> list[str]:
    """The AI seat's moves so far, as logged."""
    return [a.text for a in await bot.store.actions(game_id) if a.user_id is None]


async def test_twenty_ai_moves_at_once_leave_every_command_answered_in_time(
    emulator: Emulator, tmp_path: Path
) -> None:
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games", threads_allowed=False)
    alice, bob = emulator.add_user("alice"), emulator.add_user("bob")
    bot = worker_bot(emulator, tmp_path / "tenka.db", Clock())
    await start_client(bot, emulator)
    await bot.tree.sync()
    try:
        ids = await ai_games(bot, alice, channel.id, GAMES)
        before = {g: len(await ai_moves(bot, g)) for g in ids}
        moves = [await first_move(bot, g, alice) for g in ids]
        handles = await asyncio.gather(
            *(
                emulator.slash(alice, channel, "move", {"action": m, "game": str(g)})
                for g, m in zip(ids, moves, strict=True)
            )
        )
        answered = asyncio.create_task(all_posted(handles))
        probes = 0
        while not answered.done():  # bob keeps asking for a board while the AIs think
            probe = await emulator.slash(bob, channel, "board", {"game": str(ids[-1])})
            await probe.response()  # within 3 s, or the emulator refused it (404)
            probes += 1
            await asyncio.sleep(0.1)
        await answered
        assert probes >= 2  # bob asked while the AI moves were due
        for game_id in ids:
            assert len(await ai_moves(bot, game_id)) == before[game_id] + 1  # once each
            summary = await bot.service.game(game_id)  # nobody waits on the AI any more
            assert summary.to_act == (alice.id,) or summary.status == "finished", summary
        posted = [m.id for m in emulator.public_messages(channel) if m.attachments]
        boards = [(await bot.service.game(g)).board_message_id for g in ids]
        assert sorted(posted) == sorted(boards)  # one board each, none twice
        assert len(set(boards)) == GAMES
    finally:
        await stop_client(bot)


async def test_a_killed_worker_loses_no_move(emulator: Emulator, tmp_path: Path) -> None:
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games", threads_allowed=False)
    alice = emulator.add_user("alice")
    clock = Clock()
    bot = worker_bot(emulator, tmp_path / "tenka.db", clock)
    await start_client(bot, emulator)
    await bot.tree.sync()
    try:
        (game_id,) = await ai_games(bot, alice, channel.id, 1)
        before = len(await ai_moves(bot, game_id))
        thinker = bot.thinker
        assert thinker is not None
        started = asyncio.Event()
        real = thinker.gate.turn

        def turn(key: object) -> object:
            started.set()
            return real(key)

        thinker.gate.turn = turn  # type: ignore[method-assign,assignment]
        move = await first_move(bot, game_id, alice)
        handle = await emulator.slash(
            alice, channel, "move", {"action": move, "game": str(game_id)}
        )
        await started.wait()
        await emulator.wait_until(lambda: bool(worker_pids(bot)), 10, "a worker thinking")
        for pid in worker_pids(bot):
            os.kill(pid, signal.SIGKILL)
        await handle.followups(1, timeout=30)  # Alice's move is in; the AI's failed
        timers = await bot.store.timers_for_game(game_id)
        assert [t.kind for t in timers if t.kind == AI_RETRY] == [AI_RETRY]
        assert len(await ai_moves(bot, game_id)) == before
        clock.now += 60.0  # the retry is due
        assert bot.dispatcher is not None
        await bot.dispatcher.run_due()
        assert len(await ai_moves(bot, game_id)) == before + 1  # played once, by a new pool
        assert (await bot.service.game(game_id)).to_act == (alice.id,)
    finally:
        await stop_client(bot)


def worker_pids(bot: TenkaBot) -> list[int]:
    pool = bot.thinker._pool if bot.thinker is not None else None
    processes = getattr(pool, "_processes", None) or {}
    return list(processes)
