"""The emulator tests' table: a guild with one channel, two players and the connected
test bot (``tinybot.py``), as the fixture ``table``."""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass

import pytest_asyncio

from .client import start_client, stop_client
from .model import Channel, FakeUser, Guild
from .server import Emulator
from .tinybot import TinyBot


@dataclass
class Table:
    """A guild with one channel and two players, and the connected test bot."""

    emu: Emulator
    guild: Guild
    channel: Channel
    alice: FakeUser
    bob: FakeUser
    bot: TinyBot


@pytest_asyncio.fixture
async def table(emulator: Emulator) -> AsyncIterator[Table]:
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games")
    alice = emulator.add_user("alice", locale="fr")
    bob = emulator.add_user("bob")
    bot = TinyBot()
    await start_client(bot, emulator)
    yield Table(emulator, guild, channel, alice, bob, bot)
    await stop_client(bot)
