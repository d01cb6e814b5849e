"""Pytest fixture ``emulator``: a fresh emulator per test that fails the test on problems.

Enable it with ``pytest_plugins = ["tests.emulator.fixtures"]`` in the top-level conftest.
At teardown the test fails if the bot sent a body that breaks Discord's OpenAPI schema,
called a route the emulator does not know, or discord.py logged an ERROR (an exception in
an event handler, a command, a view, or a payload it could not parse). Call
``emulator.ignore_discord_errors(regex)`` in tests that provoke such errors on purpose.
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest
import pytest_asyncio

from .server import Emulator


@pytest_asyncio.fixture
async def emulator() -> AsyncIterator[Emulator]:
    """A started :class:`Emulator`; stopped (clients too, discord.py patches undone) after."""
    emu = Emulator()
    await emu.start()
    try:
        yield emu
    finally:
        await emu.stop()
    problems = emu.problems()
    if problems:
        pytest.fail("Discord emulator found problems:\n" + "\n".join(problems), pytrace=False)
