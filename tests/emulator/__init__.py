"""A local Discord emulator (HTTP API v10 + gateway) for end-to-end tests with discord.py.

Typical use (with the ``emulator`` fixture from :mod:`tests.emulator.fixtures`)::

    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games")
    alice = emulator.add_user("alice")
    await start_client(bot, emulator)
    handle = await emulator.slash(alice, channel, "game new", {"game": "yokai"})
    message = await handle.original()
"""

from .client import start_client, stop_client
from .interactions import Callback, InteractionHandle
from .model import Channel, FakeUser, Guild, StoredAttachment, StoredMessage
from .server import Emulator

__all__ = [
    "Callback",
    "Channel",
    "Emulator",
    "FakeUser",
    "Guild",
    "InteractionHandle",
    "StoredAttachment",
    "StoredMessage",
    "start_client",
    "stop_client",
]
