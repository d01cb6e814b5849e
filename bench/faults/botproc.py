"""The real bot as its own OS process, pointed at an emulator: ``python -m
bench.faults.botproc``. Configuration comes from the environment as for ``python -m bot``
(``DISCORD_TOKEN``, ``TENKA_DATABASE``, ``TENKA_DISCORD_API``, ``TENKA_DISCORD_GATEWAY``,
``TENKA_SHARD_COUNT``/``TENKA_SHARD_IDS`` for a sharded client, as ``make_bot`` picks it),
plus:

- ``FAULTS_CLOCK``: a file holding the simulated time (seconds); the bot's clock reads it,
  so the parent moves time for reminders and deadlines;
- ``SIGUSR1``: the clock moved, look at the timers now;
- ``FAULTS_SYNC=1``: publish the slash commands once connected (the first start);
- ``FAULTS_FSIZE``: an ``RLIMIT_FSIZE`` in bytes (a full disk without root: a write past
  it fails with EFBIG, which SQLite reports as a full disk).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import resource
import signal
import sys
from pathlib import Path

from bot.config import Config
from bot.edge.app import make_bot


class FileClock:
    def __init__(self, path: Path) -> None:
        self.path = path
        self.last = 0.0

    def __call__(self) -> float:
        with contextlib.suppress(OSError, ValueError):
            self.last = float(self.path.read_text() or self.last)
        return self.last


async def main() -> None:
    config = Config.load(dotenv=Path("/nonexistent"))
    clock_file = os.environ.get("FAULTS_CLOCK")
    clock = FileClock(Path(clock_file)) if clock_file else None
    bot = make_bot(config, ai_budget_s=0.02, **({"clock": clock} if clock else {}))
    bot._connection.guild_ready_timeout = 0.05
    if os.environ.get("FAULTS_SYNC") == "1":

        async def sync() -> None:
            await bot.wait_until_ready()
            await bot.tree.sync()
            print("SYNCED", flush=True)

        sync_task = asyncio.get_running_loop().create_task(sync())  # noqa: F841
    assert config.token is not None
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, stop.set)

    def poke() -> None:  # the parent moved the clock: look at the timers again
        if bot.dispatcher is not None:
            bot.dispatcher.poke()

    loop.add_signal_handler(signal.SIGUSR1, poke)
    async with bot:
        runner = asyncio.create_task(bot.start(config.token))
        await asyncio.wait(
            {runner, asyncio.create_task(stop.wait())}, return_when="FIRST_COMPLETED"
        )
        await bot.close()


if __name__ == "__main__":
    limit = os.environ.get("FAULTS_FSIZE")
    if limit:
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of being killed
        resource.setrlimit(resource.RLIMIT_FSIZE, (int(limit), int(limit)))
    logging.basicConfig(level=logging.WARNING, stream=sys.stderr)
    asyncio.run(main())
