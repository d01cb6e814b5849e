"""The gateway websocket: HELLO, IDENTIFY/READY, heartbeats, RESUME, dispatches.

Sharding as Discord does it: a session that identified with ``shard: [i, n]`` receives a
guild's events (its GUILD_CREATE at identify, messages, channels, interactions) only when
``(guild_id >> 22) % n == i``, and events without a guild (DMs, DM interactions) only on
shard 0. A session without ``shard`` receives everything.

Frames are plain JSON text whatever ``compress`` the client asked for in the URL:
discord.py only decompresses binary frames and reads text frames as they are.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import aiohttp
from aiohttp import web

if TYPE_CHECKING:
    from .server import Emulator

# Opcodes.
DISPATCH, HEARTBEAT, IDENTIFY, PRESENCE = 0, 1, 2, 3
RESUME, RECONNECT, REQUEST_MEMBERS, INVALID_SESSION, HELLO, HEARTBEAT_ACK = 6, 7, 8, 9, 10, 11

# Intents the emulator looks at.
GUILDS = 1 << 0
GUILD_MEMBERS = 1 << 1
GUILD_MESSAGES = 1 << 9
DIRECT_MESSAGES = 1 << 12

APPLICATION_FLAGS = 1 << 23  # APPLICATION_COMMAND_BADGE

# Events whose body is the guild itself (its ``id`` is the guild's).
GUILD_OBJECT_EVENTS = frozenset({"GUILD_CREATE", "GUILD_UPDATE", "GUILD_DELETE"})


@dataclass(eq=False)
class GatewaySession:
    """One gateway session: survives reconnects until it is closed cleanly or invalidated."""

    id: str
    intents: int
    shard: list[int] | None
    seq: int = 0
    log: list[dict[str, Any]] = field(default_factory=list)
    ws: web.WebSocketResponse | None = None
    alive: bool = True
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)

    def receives(self, guild_id: int | None) -> bool:
        """Whether this session gets events of ``guild_id`` (``None``: no guild, a DM)."""
        if self.shard is None:
            return True
        index, count = self.shard
        if guild_id is None:
            return index == 0
        return shard_of(guild_id, count) == index


def shard_of(guild_id: int, count: int) -> int:
    """The shard holding ``guild_id`` among ``count`` (Discord's ``(id >> 22) % count``)."""
    return (guild_id >> 22) % count if count > 0 else 0


def guild_of_event(event: str, data: dict[str, Any]) -> int | None:
    """The guild an event belongs to: its ``guild_id``, or a guild object's own ``id``."""
    raw = data.get("guild_id")
    if raw is None and event in GUILD_OBJECT_EVENTS:
        raw = data.get("id")
    return int(raw) if raw is not None else None


class Gateway:
    """Serves ``/gateway`` (and the resume URL) and fans dispatches out to sessions."""

    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.sessions: dict[str, GatewaySession] = {}
        self.history: list[tuple[Any, ...]] = []
        self.sockets: set[web.WebSocketResponse] = set()
        self.heartbeat_interval_ms = 41250
        self._open = asyncio.Event()
        self._open.set()

    # --- public helpers for tests ------------------------------------------------------------

    def alive_sessions(self) -> list[GatewaySession]:
        """Sessions that still receive dispatches (connected or waiting to resume)."""
        return [s for s in self.sessions.values() if s.alive]

    def connected_sessions(self) -> list[GatewaySession]:
        """Alive sessions with an open websocket."""
        return [s for s in self.alive_sessions() if s.ws is not None and not s.ws.closed]

    def count(self, kind: str) -> int:
        """How many history entries of ``kind`` ("identify", "resume", "connect", ...)."""
        return sum(1 for entry in self.history if entry[0] == kind)

    async def reconnect(self) -> None:
        """Send op 7 RECONNECT: the client closes and RESUMEs on the resume URL."""
        for session in self.connected_sessions():
            await self._send(session.ws, {"op": RECONNECT, "d": None, "s": None, "t": None})

    async def invalidate(self, *, resumable: bool = False) -> None:
        """Send op 9 INVALID_SESSION; when not resumable the session ends."""
        for session in self.connected_sessions():
            if not resumable:
                session.alive = False
            await self._send(
                session.ws, {"op": INVALID_SESSION, "d": resumable, "s": None, "t": None}
            )

    async def drop(self, code: int = 4000) -> None:
        """Close the sockets abruptly (the client will try to RESUME)."""
        for session in self.connected_sessions():
            ws = session.ws
            session.ws = None
            if ws is not None:
                await ws.close(code=code)

    @contextlib.asynccontextmanager
    async def offline(self, code: int = 4000) -> AsyncIterator[None]:
        """Drop the connections and hold new ones until the block ends.

        Dispatches made inside the block are buffered and replayed when the client
        RESUMEs afterwards, deterministically.
        """
        self._open.clear()
        try:
            await self.drop(code)
            yield
        finally:
            self._open.set()

    def sessions_for(self, guild_id: int | None) -> list[GatewaySession]:
        """Alive sessions whose shard holds ``guild_id`` (``None``: DMs, shard 0)."""
        return [s for s in self.alive_sessions() if s.receives(guild_id)]

    async def dispatch(self, event: str, data: dict[str, Any], *, intent: int = 0) -> int:
        """Send a dispatch to every alive session whose shard holds the event's guild
        (buffered for resume when disconnected); returns how many sessions got it."""
        sent = 0
        guild_id = guild_of_event(event, data)
        for session in self.sessions_for(guild_id):
            if intent and not session.intents & intent:
                continue
            await self._dispatch_to(session, event, data)
            sent += 1
        return sent

    async def close(self) -> None:
        """Close every socket (emulator shutdown)."""
        for ws in list(self.sockets):
            await ws.close(code=1001)

    # --- connection handling -----------------------------------------------------------------

    async def handle(self, request: web.Request) -> web.WebSocketResponse:
        """Serve one websocket connection."""
        await self._open.wait()
        ws = web.WebSocketResponse(max_msg_size=0, compress=False)
        await ws.prepare(request)
        self.sockets.add(ws)
        self.history.append(("connect", request.path, dict(request.query)))
        hello = {"heartbeat_interval": self.heartbeat_interval_ms, "_trace": ["emulator"]}
        await self._send(ws, {"op": HELLO, "d": hello, "s": None, "t": None})
        session: GatewaySession | None = None
        try:
            async for msg in ws:
                if msg.type != aiohttp.WSMsgType.TEXT:
                    self.emu.unhandled.append(f"gateway frame of type {msg.type}")
                    await ws.close(code=4002)
                    break
                session = await self._on_frame(ws, json.loads(msg.data), session)
        finally:
            self.sockets.discard(ws)
            code = ws.close_code
            self.history.append(("close", code))
            if session is not None and session.ws is ws:
                session.ws = None
                # A clean close (the client's own close()) ends the session, as on Discord.
                if code in (1000, 1001):
                    session.alive = False
            self.emu.notify()
        return ws

    async def _on_frame(
        self, ws: web.WebSocketResponse, frame: dict[str, Any], session: GatewaySession | None
    ) -> GatewaySession | None:
        op, raw = frame.get("op"), frame.get("d")
        data: dict[str, Any] = raw if isinstance(raw, dict) else {}
        if op == HEARTBEAT:
            await self._send(ws, {"op": HEARTBEAT_ACK, "d": None, "s": None, "t": None})
        elif op == IDENTIFY:
            session = await self._identify(ws, data)
        elif op == RESUME:
            session = await self._resume(ws, data)
        elif op == PRESENCE:
            self.history.append(("presence", data))
        elif op == REQUEST_MEMBERS and session is not None:
            await self._members_chunk(session, data)
        else:
            self.emu.unhandled.append(f"gateway op {op}")
            await ws.close(code=4001)
        return session

    async def _identify(
        self, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> GatewaySession | None:
        if data.get("token") != self.emu.token:
            await ws.close(code=4004)
            return None
        session = GatewaySession(
            secrets.token_hex(16), int(data.get("intents", 0)), data.get("shard")
        )
        session.ws = ws
        self.sessions[session.id] = session
        self.history.append(("identify", session.id, data.get("intents")))
        await self._dispatch_to(session, "READY", self._ready(session))
        for guild in self.emu.world.guilds.values():
            if self.emu.bot.id in guild.members and session.receives(guild.id):
                payload = self.emu.world.guild_create_payload(
                    guild, all_members=bool(session.intents & GUILD_MEMBERS)
                )
                await self._dispatch_to(session, "GUILD_CREATE", payload)
        self.emu.notify()
        return session

    def _ready(self, session: GatewaySession) -> dict[str, Any]:
        emu = self.emu
        user = emu.bot.payload() | {"verified": True, "mfa_enabled": False, "email": None}
        data: dict[str, Any] = {
            "v": 10,
            "user": user,
            "guilds": [
                {"id": str(g.id), "unavailable": True}
                for g in emu.world.guilds.values()
                if emu.bot.id in g.members and session.receives(g.id)
            ],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": emu.resume_gateway_url,
            "application": {"id": str(emu.application_id), "flags": APPLICATION_FLAGS},
            "private_channels": [],
            "relationships": [],
            "presences": [],
            "guild_join_requests": [],
            "geo_ordered_rtc_regions": [],
            "auth": {},
            "user_settings": {},
            "_trace": ["emulator"],
        }
        if session.shard is not None:
            data["shard"] = session.shard
        return data

    async def _resume(
        self, ws: web.WebSocketResponse, data: dict[str, Any]
    ) -> GatewaySession | None:
        session = self.sessions.get(str(data.get("session_id")))
        if data.get("token") != self.emu.token or session is None or not session.alive:
            self.history.append(("resume-refused", data.get("session_id")))
            await self._send(ws, {"op": INVALID_SESSION, "d": False, "s": None, "t": None})
            return None
        since = data.get("seq") or 0
        missed = [f for f in session.log if f["s"] > since]
        async with session.lock:
            session.ws = ws
            for frame in missed:
                await self._send(ws, frame)
        self.history.append(("resume", session.id, len(missed)))
        await self._dispatch_to(session, "RESUMED", {"_trace": ["emulator"]})
        self.emu.notify()
        return session

    async def _members_chunk(self, session: GatewaySession, data: dict[str, Any]) -> None:
        guild = self.emu.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None:
            return
        wanted = {int(u) for u in data.get("user_ids") or []}
        query = (data.get("query") or "").lower()
        members = [
            self.emu.world.member_payload(guild, uid)
            for uid in guild.members
            if (not wanted or uid in wanted)
            and self.emu.world.users[uid].username.lower().startswith(query)
        ]
        limit = int(data.get("limit") or 0)
        chunk: dict[str, Any] = {
            "guild_id": str(guild.id),
            "members": members[:limit] if limit else members,
            "chunk_index": 0,
            "chunk_count": 1,
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await self._dispatch_to(session, "GUILD_MEMBERS_CHUNK", chunk)

    async def _dispatch_to(self, session: GatewaySession, event: str, data: dict[str, Any]) -> None:
        async with session.lock:
            session.seq += 1
            frame = {"op": DISPATCH, "t": event, "s": session.seq, "d": data}
            session.log.append(frame)
            if session.ws is not None:
                await self._send(session.ws, frame)

    async def _send(self, ws: web.WebSocketResponse | None, frame: dict[str, Any]) -> None:
        if ws is None or ws.closed:
            return
        # The client may go away mid-send; the frame stays in the session log for RESUME.
        with contextlib.suppress(ConnectionResetError, RuntimeError):
            await ws.send_str(json.dumps(frame))
