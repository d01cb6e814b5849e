"""Connecting the real discord.py client to an :class:`~tests.emulator.server.Emulator`.

discord.py has two module-level addresses: ``discord.http.Route.BASE`` for REST and
``DiscordWebSocket.DEFAULT_GATEWAY`` for the websocket. A plain ``Client``/``Bot`` never
asks ``GET /gateway/bot`` (only ``AutoShardedClient`` does): it connects to
``DEFAULT_GATEWAY``, then resumes on READY's ``resume_gateway_url`` and falls back to
``DEFAULT_GATEWAY`` after an INVALID_SESSION. Both are patched here and restored by
:func:`uninstall` (the fixture calls it through ``Emulator.stop``).
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

if TYPE_CHECKING:
    from .server import Emulator

# id(client) -> (its connect() task, the emulator it was started on)
_TASKS: dict[int, tuple[asyncio.Task[None], Emulator]] = {}


def install(emulator: Emulator) -> None:
    """Point discord.py's REST base and default gateway at ``emulator``."""
    if not emulator._patches:
        emulator._patches = {"base": Route.BASE, "gateway": DiscordWebSocket.DEFAULT_GATEWAY}
    Route.BASE = emulator.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(emulator.gateway_url)


def uninstall(emulator: Emulator) -> None:
    """Restore what :func:`install` changed."""
    if emulator._patches:
        Route.BASE = emulator._patches["base"]
        DiscordWebSocket.DEFAULT_GATEWAY = emulator._patches["gateway"]
        emulator._patches = {}


async def start_client(
    client: discord.Client,
    emulator: Emulator,
    *,
    timeout: float = 10.0,
    guild_ready_timeout: float | None = 0.05,
) -> None:
    """Log in (runs ``setup_hook``), connect, and wait until READY and every GUILD_CREATE
    are processed (``on_ready`` fired).

    discord.py waits ``guild_ready_timeout`` (2 s by default) after the last GUILD_CREATE
    before declaring itself ready; tests shorten it unless told otherwise.
    """
    install(emulator)
    if guild_ready_timeout is not None:
        client._connection.guild_ready_timeout = guild_ready_timeout
    await client.login(emulator.token)
    task = asyncio.create_task(client.connect(reconnect=True), name=f"discord-client-{id(client)}")
    _TASKS[id(client)] = (task, emulator)
    emulator.clients.append(client)
    ready = asyncio.create_task(client.wait_until_ready())
    done, _ = await asyncio.wait(
        {task, ready}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
    )
    if ready in done:
        return
    ready.cancel()
    if task.done():
        exc = task.exception()
        raise RuntimeError("the client stopped before it was ready") from exc
    raise TimeoutError(f"the client was not ready after {timeout}s\n{emulator.summary()}")


async def stop_client(client: discord.Client) -> None:
    """Close the client and wait for its connection loop to end."""
    await client.close()
    entry = _TASKS.pop(id(client), None)
    if entry is None:
        return
    task, emulator = entry
    if client in emulator.clients:
        emulator.clients.remove(client)
    with contextlib.suppress(discord.ConnectionClosed):
        await asyncio.wait_for(task, timeout=10.0)
