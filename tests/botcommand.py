"""``python -m bot`` (the command a person or a container runs) as its own OS process,
pointed at the emulator: started, stopped with SIGTERM, and what it left behind."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
from pathlib import Path

from tests.emulator import Emulator

ABNORMAL_CLOSURE = 1006
STOP_WITHIN_S = 8.0  # docker stop kills after 10 s; a clean stop must come well before


class BotCommand:
    """``python -m bot`` run by ``python`` in ``cwd`` on the SQLite file ``db``."""

    def __init__(self, emu: Emulator, python: Path | str, cwd: Path, db: Path) -> None:
        self.emu, self.python, self.cwd, self.db = emu, str(python), cwd, db
        self.log = cwd / "bot.log"
        self.proc: subprocess.Popen[bytes] | None = None

    def output(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""

    async def start(self, timeout: float = 60.0) -> None:
        """Start the bot and wait until it identified on the gateway."""
        env = {
            **{k: v for k, v in os.environ.items() if k != "PYTHONPATH"},
            "DISCORD_TOKEN": self.emu.token,
            "TENKA_DATABASE": str(self.db),
            "TENKA_DISCORD_API": self.emu.api_base,
            "TENKA_DISCORD_GATEWAY": self.emu.gateway_url,
        }
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [self.python, "-m", "bot"], cwd=self.cwd, env=env, stdout=out, stderr=out
            )

        def connected() -> bool:
            if self.proc is not None and self.proc.poll() is not None:
                raise RuntimeError(f"the bot exited at start:\n{self.output()[-3000:]}")
            return self.emu.gateway.count("identify") > 0

        await self.emu.wait_until(connected, timeout, "the bot process to connect")

    async def terminate(self) -> int | None:
        """SIGTERM, then the exit code if it came within :data:`STOP_WITHIN_S` (else None,
        and the process is killed)."""
        assert self.proc is not None
        self.proc.send_signal(signal.SIGTERM)
        loop = asyncio.get_running_loop()
        deadline = loop.time() + STOP_WITHIN_S
        while self.proc.poll() is None and loop.time() < deadline:
            await asyncio.sleep(0.05)  # the emulator runs on this loop: keep it serving
        code = self.proc.poll()
        self.kill()
        return code

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()

    def closed_cleanly(self) -> bool:
        """The client closed the gateway with a close frame (a process that just dies
        leaves 1006, an abnormal closure), and SQLite's write-ahead log was folded into
        the file and removed (what closing the store's last connection does)."""
        closes = [entry[1] for entry in self.emu.gateway.history if entry[0] == "close"]
        wal = self.db.with_name(self.db.name + "-wal")
        return bool(closes) and closes[-1] != ABNORMAL_CLOSURE and not wal.exists()

    async def start_then_terminate(self) -> int | None:
        """:meth:`start`, then :meth:`terminate`; the process never outlives the call."""
        try:
            await self.start()
            return await self.terminate()
        finally:
            self.kill()
