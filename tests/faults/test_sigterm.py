"""``docker stop`` sends SIGTERM: the bot closes the gateway and the store and exits 0
at once, instead of being killed ten seconds later with its store open."""

from __future__ import annotations

import sys
from pathlib import Path

from tests.botcommand import BotCommand
from tests.emulator import Emulator


async def test_sigterm_closes_the_gateway_and_the_store_and_exits_0(
    emulator: Emulator, tmp_path: Path
) -> None:
    bot = BotCommand(emulator, sys.executable, tmp_path, tmp_path / "tenka.db")
    code = await bot.start_then_terminate()
    assert code == 0, bot.output()[-3000:]
    assert bot.closed_cleanly(), bot.output()[-3000:]
    assert "Traceback" not in bot.output()
