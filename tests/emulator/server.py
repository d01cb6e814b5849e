"""The :class:`Emulator`: a local Discord (HTTP API v10 + gateway) for end-to-end tests.

Start it, point discord.py at it with :func:`tests.emulator.client.start_client`, build a
world (``add_guild``, ``add_channel``, ``add_user``), then act as fake users (``slash``,
``click``, ``select``, ``autocomplete``, ``submit_modal``) and inspect what the bot did
(``messages``, ``dms``, ``threads_of``, ``wait_for``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, TypeVar

from aiohttp import web

from . import routes_core, routes_interactions
from .acting import ActingAsUsers, ChannelRef, MessageRef
from .gateway import DIRECT_MESSAGES, GUILD_MESSAGES, GUILDS, Gateway
from .interactions import InteractionFactory
from .messages import MessageFactory
from .model import Channel, Clock, FakeUser, Guild, Snowflakes, StoredMessage
from .rest import API_PREFIX, Fault, Hold, RequestRecord, RestApi
from .schema import SchemaProblem
from .world import World

if TYPE_CHECKING:
    import discord

T = TypeVar("T")


class DiscordErrorRecorder(logging.Handler):
    """Collects ERROR records of the ``discord`` loggers (handler crashes, parse errors)."""

    def __init__(self, sink: list[logging.LogRecord]) -> None:
        super().__init__(level=logging.ERROR)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record)


class Emulator(ActingAsUsers):
    """A fake Discord on 127.0.0.1 that the real discord.py client talks to."""

    def __init__(self, *, bot_name: str = "Tenka", token: str | None = None) -> None:
        self.clock = Clock()
        ids = Snowflakes(self.clock)
        self.application_id = ids.next()
        self.bot = FakeUser(self.application_id, bot_name.lower(), bot_name, bot=True)
        self.world = World(self.clock, ids, self.bot)
        self.owner = self.world.add_user("owner", global_name="Owner", locale="en-US")
        self.token = token or f"{self.application_id}.emulator.{secrets.token_urlsafe(12)}"
        self.commands: dict[int | None, list[dict[str, Any]]] = {}
        self.command_syncs: list[tuple[int | None, list[str]]] = []
        # What a test (or the fixture) checks.
        self.requests: list[RequestRecord] = []
        self.unhandled: list[str] = []
        self.schema_errors: list[SchemaProblem] = []
        self.response_schema_errors: list[SchemaProblem] = []
        self.internal_errors: list[str] = []
        self.discord_errors: list[logging.LogRecord] = []
        self._ignored_errors: list[re.Pattern[str]] = []
        # Behaviour knobs.
        self.callback_deadline_s = 3.0
        self.token_lifetime_s = 15 * 60.0
        # Discord returns the message a nonce made (``enforce_nonce``) only for a few
        # minutes; after that the same nonce makes a new message
        self.nonce_window_s = 5 * 60.0
        self.ratelimit_headers = True
        self.dispatch_message_events = True
        self.dm_create_refused: set[int] = set()
        self.rest = RestApi(self)
        routes_core.register(self.rest)
        routes_interactions.register(self.rest)
        self.gateway = Gateway(self)
        self.interactions = InteractionFactory(self)
        self.factory = MessageFactory(self.world, "")
        self.clients: list[discord.Client] = []
        self.port = 0
        self._changed = asyncio.Event()
        self._pending: list[asyncio.Task[Any]] = []
        self._runner: web.AppRunner | None = None
        self._log_handler = DiscordErrorRecorder(self.discord_errors)
        self._patches: dict[str, Any] = {}

    # --- lifecycle ---------------------------------------------------------------------------

    async def start(self) -> None:
        """Listen on a free port of 127.0.0.1."""
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("GET", "/gateway", self.gateway.handle)
        app.router.add_route("GET", "/gateway-resume", self.gateway.handle)
        app.router.add_route("GET", "/attachments/{channel}/{attachment}/{name}", self._cdn)
        app.router.add_route("*", API_PREFIX + "/{tail:.*}", self.rest.handle)
        app.router.add_route("*", "/{tail:.*}", self._elsewhere)
        self._runner = web.AppRunner(app, handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self.factory.cdn_base = self.base_url
        logging.getLogger("discord").addHandler(self._log_handler)

    async def stop(self) -> None:
        """Stop remaining clients, close sockets, stop listening, undo discord.py patches."""
        from .client import stop_client, uninstall

        for client in list(self.clients):
            await stop_client(client)
        await self._flush()
        await self.gateway.close()
        if self._runner is not None:
            await self._runner.cleanup()
        logging.getLogger("discord").removeHandler(self._log_handler)
        uninstall(self)

    @property
    def base_url(self) -> str:
        """``http://127.0.0.1:PORT``."""
        return f"http://127.0.0.1:{self.port}"

    @property
    def api_base(self) -> str:
        """What ``discord.http.Route.BASE`` must be set to."""
        return self.base_url + API_PREFIX

    @property
    def gateway_url(self) -> str:
        """The gateway websocket URL (also returned by GET /gateway/bot)."""
        return f"ws://127.0.0.1:{self.port}/gateway"

    @property
    def resume_gateway_url(self) -> str:
        """Where READY tells the client to resume (a distinct path, so tests can tell)."""
        return f"ws://127.0.0.1:{self.port}/gateway-resume"

    async def _elsewhere(self, request: web.Request) -> web.Response:
        self.unhandled.append(f"{request.method} {request.path} (outside {API_PREFIX})")
        return web.json_response({"message": "404: Not Found", "code": 0}, status=404)

    async def _cdn(self, request: web.Request) -> web.Response:
        msg_atts = (
            a
            for m in [*self.world.messages.values(), *self.world.deleted_messages]
            for a in m.attachments
        )
        wanted = int(request.match_info["attachment"])
        for att in msg_atts:
            if att.id == wanted:
                return web.Response(
                    body=att.data, content_type=att.content_type or "application/octet-stream"
                )
        return web.Response(status=404, text="not found")

    # --- change notification -----------------------------------------------------------------

    def notify(self) -> None:
        """Wake everything waiting in :meth:`wait_until`."""
        event, self._changed = self._changed, asyncio.Event()
        event.set()

    async def wait_until(
        self, check: Callable[[], T | None], timeout: float = 5.0, what: str = "a condition"
    ) -> T:
        """Wait until ``check()`` is truthy and return its value (no fixed sleeps)."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while True:
            result = check()
            if result:
                return result
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise TimeoutError(
                    f"timed out after {timeout}s waiting for {what}\n{self.summary()}"
                )
            event = self._changed
            # Woken by notify(); the short poll also catches changes made elsewhere
            # (the bot's own state, a log record from another thread).
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(event.wait(), min(remaining, 0.05))

    def summary(self, last: int = 12) -> str:
        """Recent requests and problems, for failure messages."""
        lines = [f"  {r.method} {r.path} -> {r.status}" for r in self.requests[-last:]]
        lines += [f"  problem: {p}" for p in self.problems()]
        return "recent requests:\n" + "\n".join(lines)

    def _later(self, coro: Awaitable[Any]) -> None:
        async def run() -> Any:
            return await coro

        self._pending.append(asyncio.ensure_future(run()))

    async def _flush(self) -> None:
        while self._pending:
            await self._pending.pop(0)

    # --- building the world ------------------------------------------------------------------

    def add_guild(
        self,
        name: str = "Tenka Test",
        *,
        locale: str = "en-US",
        members: bool = True,
        shard: tuple[int, int] | None = None,
    ) -> Guild:
        """A guild with the bot and the owner in it (and every fake user when ``members``);
        ``shard=(index, count)`` picks an id that Discord's rule puts on that shard."""
        guild = self.world.add_guild(name, owner_id=self.owner.id, locale=locale, shard=shard)
        self.world.add_member(guild, self.owner.id)
        if members:
            for user in self.world.users.values():
                if not user.bot and user is not self.owner:
                    self.world.add_member(guild, user.id)
        if self.gateway.alive_sessions():
            payload = self.world.guild_create_payload(guild, all_members=False)
            self._later(self.gateway.dispatch("GUILD_CREATE", payload, intent=GUILDS))
        return guild

    def add_channel(self, guild: Guild, name: str, *, threads_allowed: bool = True) -> Channel:
        """A text channel; ``threads_allowed=False`` denies the bot thread permissions there."""
        channel = self.world.add_channel(guild, name, threads_allowed=threads_allowed)
        if self.gateway.alive_sessions():
            payload = self.world.channel_payload(channel)
            self._later(self.gateway.dispatch("CHANNEL_CREATE", payload, intent=GUILDS))
        return channel

    def add_user(
        self,
        name: str,
        *,
        global_name: str | None = None,
        locale: str = "en-US",
        guilds: list[Guild] | None = None,
        admin: bool = False,
    ) -> FakeUser:
        """A fake human, member of ``guilds`` (default: every guild so far)."""
        user = self.world.add_user(name, global_name=global_name, locale=locale)
        for guild in self.world.guilds.values() if guilds is None else guilds:
            self.world.add_member(guild, user.id, admin=admin)
        return user

    def add_member(self, guild: Guild, user: FakeUser, *, admin: bool = False) -> None:
        """Make ``user`` a member of ``guild`` (optionally with the Admin role)."""
        self.world.add_member(guild, user.id, admin=admin)

    def dm_channel(self, user: FakeUser) -> Channel:
        """The bot's DM channel with ``user`` (created if needed), e.g. for DM slash commands."""
        return self.world.dm_channel(user)

    def close_dms(
        self, user: FakeUser, closed: bool = True, *, refuse_create: bool = False
    ) -> None:
        """Close (or reopen) ``user``'s DMs: sending there answers 403 code 50007.

        As on Discord, opening the DM channel still works; ``refuse_create`` makes
        ``POST /users/@me/channels`` fail with 50007 too.
        """
        user.dms_closed = closed
        if closed and refuse_create:
            self.dm_create_refused.add(user.id)
        else:
            self.dm_create_refused.discard(user.id)

    # --- inspection --------------------------------------------------------------------------

    def find_message(self, message_id: int | None) -> StoredMessage | None:
        """A live (not deleted) message by id."""
        return self.world.messages.get(message_id) if message_id is not None else None

    def messages(self, channel: ChannelRef) -> list[StoredMessage]:
        """Every live message of a channel or thread (ephemeral ones included), oldest first."""
        return self.world.messages_in(self._channel(channel).id)

    def public_messages(self, channel: ChannelRef) -> list[StoredMessage]:
        """The messages everyone in the channel sees."""
        return [m for m in self.messages(channel) if not m.ephemeral]

    def visible_messages(self, user: FakeUser, channel: ChannelRef) -> list[StoredMessage]:
        """What ``user`` sees in ``channel``: public messages plus their own ephemeral ones."""
        return [m for m in self.messages(channel) if m.visible_for(user.id)]

    def dms(self, user: FakeUser | int) -> list[StoredMessage]:
        """Messages in the bot's DM channel with ``user``."""
        uid = user.id if isinstance(user, FakeUser) else int(user)
        cid = self.world.dm_by_user.get(uid)
        return self.world.messages_in(cid) if cid is not None else []

    def threads_of(self, channel: ChannelRef) -> list[Channel]:
        """Threads created under ``channel``, oldest first."""
        parent = self._channel(channel).id
        found = [c for c in self.world.channels.values() if c.parent_id == parent and not c.deleted]
        return sorted(found, key=lambda c: c.id)

    def attachment_bytes(self, message: MessageRef, index: int = 0) -> bytes:
        """The bytes of the ``index``-th attachment of ``message``."""
        return self._message(message).attachments[index].data

    async def wait_for(
        self,
        predicate: Callable[[StoredMessage], bool],
        timeout: float = 5.0,
        *,
        channel: ChannelRef | None = None,
    ) -> StoredMessage:
        """The first live message (in ``channel`` if given) matching ``predicate``; waits."""

        def found() -> StoredMessage | None:
            pool = self.messages(channel) if channel is not None else self.world.messages.values()
            return next((m for m in pool if predicate(m)), None)

        return await self.wait_until(found, timeout, "a matching message")

    def requests_to(self, method: str, path_regex: str) -> list[RequestRecord]:
        """Logged requests whose method and path match."""
        pattern = re.compile(path_regex)
        return [r for r in self.requests if r.method == method and pattern.search(r.path)]

    # --- faults and time ---------------------------------------------------------------------

    def fail_next(
        self,
        method: str,
        path_regex: str,
        status: int,
        code: int | None = None,
        retry_after: float | None = None,
        times: int = 1,
        message: str | None = None,
        *,
        global_limit: bool = False,
    ) -> Fault:
        """Answer the next ``times`` requests matching ``method`` (or "*") and ``path_regex``
        (searched in the path after /api/v10) with ``status``: 429 comes with ``Via``,
        ``retry_after`` and rate-limit headers, as Discord sends it (``global_limit``: the
        global limit's 429, ``"global": true`` and ``X-RateLimit-Global``)."""
        fault = Fault(
            method.upper(),
            re.compile(path_regex),
            status,
            code,
            retry_after,
            times,
            message,
            global_limit=global_limit,
        )
        self.rest.faults.append(fault)
        return fault

    def hold_next(self, method: str, path_regex: str) -> Hold:
        """Keep the next request matching ``method`` (or "*") and ``path_regex`` waiting
        until ``hold.release()``; ``await hold.reached.wait()`` returns once it arrived."""
        hold = Hold(method.upper(), re.compile(path_regex))
        self.rest.holds.append(hold)
        return hold

    def advance(self, seconds: float) -> None:
        """Move the simulated clock (interaction deadlines, token expiry, timestamps)."""
        self.clock.offset += seconds

    async def wait_gateway(self, kind: str, count: int = 1, timeout: float = 10.0) -> None:
        """Wait until the gateway history has ``count`` entries of ``kind`` ("resume", ...)."""
        await self.wait_until(
            lambda: self.gateway.count(kind) >= count, timeout, f"{count} {kind}(s)"
        )

    # --- clients -----------------------------------------------------------------------------

    async def restart_client(
        self,
        old: discord.Client,
        make_new: Callable[[], discord.Client | Awaitable[discord.Client]],
    ) -> discord.Client:
        """Stop ``old``, build a new client with ``make_new`` and start it on the same world."""
        from .client import start_client, stop_client

        await stop_client(old)
        made = make_new()
        new = await made if isinstance(made, Awaitable) else made
        await start_client(new, self)
        return new

    # --- strictness --------------------------------------------------------------------------

    def ignore_discord_errors(self, pattern: str) -> None:
        """Accept discord.py ERROR logs matching ``pattern`` (for tests that provoke them)."""
        self._ignored_errors.append(re.compile(pattern))

    def problems(self) -> list[str]:
        """Everything that should fail a test: schema errors, unknown routes, ERROR logs."""
        found = [f"schema: {p}" for p in self.schema_errors]
        found += [f"unhandled route: {u}" for u in self.unhandled]
        found += [f"emulator response off-spec: {p}" for p in self.response_schema_errors]
        found += [f"emulator crashed: {e}" for e in self.internal_errors]
        for record in self.discord_errors:
            text = record.getMessage()
            if record.exc_info and record.exc_info[1] is not None:
                text += f" ({type(record.exc_info[1]).__name__}: {record.exc_info[1]})"
            if not any(p.search(text) for p in self._ignored_errors):
                found.append(f"discord.py logged an error [{record.name}]: {text}")
        return found

    # --- used by routes ----------------------------------------------------------------------

    def application_payload(self) -> dict[str, Any]:
        """Discord's application object for the bot."""
        return {
            "id": str(self.application_id),
            "name": self.bot.global_name or self.bot.username,
            "icon": None,
            "description": "",
            "summary": "",
            "type": None,
            "bot_public": True,
            "bot_require_code_grant": False,
            "verify_key": "0" * 64,
            "flags": 1 << 23,
            "flags_new": str(1 << 23),
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "role_connections_verification_url": None,
            "owner": self.owner.payload(),
            "approximate_guild_count": len(self.world.guilds),
            "approximate_user_install_count": 0,
            "approximate_user_authorization_count": 0,
            "explicit_content_filter": 0,
            "team": None,
            "eligible_oauth2_scopes": [],
            "bot": self.bot.payload(),
            "hook": True,
            "integration_types_config": {"0": {}},
        }

    def _intent_for(self, msg: StoredMessage) -> int:
        channel = self.world.channels[msg.channel_id]
        return DIRECT_MESSAGES if channel.is_dm else GUILD_MESSAGES

    async def post_message(self, msg: StoredMessage) -> None:
        """Store a new message and tell the gateway (non-ephemeral ones only)."""
        self.world.store(msg)
        self.notify()
        if self.dispatch_message_events and not msg.ephemeral:
            payload = self.world.message_payload(msg)
            await self.gateway.dispatch("MESSAGE_CREATE", payload, intent=self._intent_for(msg))

    async def message_changed(self, msg: StoredMessage) -> None:
        """Announce an edit."""
        self.notify()
        if self.dispatch_message_events and not msg.ephemeral:
            payload = self.world.message_payload(msg)
            await self.gateway.dispatch("MESSAGE_UPDATE", payload, intent=self._intent_for(msg))

    async def remove_message(self, msg: StoredMessage) -> None:
        """Delete a message and announce it."""
        self.world.delete(msg)
        self.notify()
        if self.dispatch_message_events and not msg.ephemeral:
            data = {"id": str(msg.id), "channel_id": str(msg.channel_id)}
            channel = self.world.channels[msg.channel_id]
            if channel.guild_id is not None:
                data["guild_id"] = str(channel.guild_id)
            await self.gateway.dispatch("MESSAGE_DELETE", data, intent=self._intent_for(msg))
