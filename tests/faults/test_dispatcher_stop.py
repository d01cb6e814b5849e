"""A dispatcher poked just before it is stopped stops at once (defect found by the
quarantine test: ``asyncio.wait_for`` in Python 3.11 swallows a cancellation that arrives
as the awaited event is set, so the timer task slept on for up to a minute and every
restart of the bot after a new timer hung that long)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.service.scheduler import Dispatcher
from bot.store import Timer, open_store


async def test_a_poke_just_before_stop_does_not_delay_the_stop(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "t.db"))
    now = 1_800_000_000.0
    ran: list[Timer] = []
    took: list[float] = []
    loop = asyncio.get_running_loop()

    async def handler(timer: Timer) -> None:
        ran.append(timer)

    try:
        await store.add_timer(due_at=now + 86_400, kind="remind", payload={})
        for _ in range(5):
            dispatcher = Dispatcher(store, handler, clock=lambda: now)
            await dispatcher.start()
            for _ in range(20):  # let it reach its sleep
                await asyncio.sleep(0)
            await asyncio.sleep(0.05)
            dispatcher.poke()  # a timer was added: wake up ...
            started = loop.time()
            await dispatcher.stop()  # ... and stop, before it ran again
            took.append(loop.time() - started)
    finally:
        await store.close()
    assert ran == []
    assert max(took) < 1.0, took
