"""Plain data of the emulated Discord: ids, clock, users, guilds, channels, messages."""

from __future__ import annotations

import datetime
import time
from dataclasses import dataclass, field
from typing import Any

DISCORD_EPOCH_MS = 1420070400000

# Channel types (Discord's numbering).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
SUPPRESS_EMBEDS = 1 << 2
EPHEMERAL = 1 << 6
LOADING = 1 << 7
SUPPRESS_NOTIFICATIONS = 1 << 12
IS_COMPONENTS_V2 = 1 << 15

# Permission bits used by the emulator.
P_ADD_REACTIONS = 1 << 6
P_VIEW_CHANNEL = 1 << 10
P_SEND_MESSAGES = 1 << 11
P_MANAGE_MESSAGES = 1 << 13
P_EMBED_LINKS = 1 << 14
P_ATTACH_FILES = 1 << 15
P_READ_MESSAGE_HISTORY = 1 << 16
P_USE_EXTERNAL_EMOJIS = 1 << 18
P_USE_APPLICATION_COMMANDS = 1 << 31
P_MANAGE_THREADS = 1 << 34
P_CREATE_PUBLIC_THREADS = 1 << 35
P_CREATE_PRIVATE_THREADS = 1 << 36
P_SEND_MESSAGES_IN_THREADS = 1 << 38
P_ADMINISTRATOR = 1 << 3
P_ALL = (1 << 51) - 1
THREAD_PERMISSIONS = P_CREATE_PUBLIC_THREADS | P_CREATE_PRIVATE_THREADS | P_SEND_MESSAGES_IN_THREADS

EVERYONE_PERMISSIONS = (
    P_ADD_REACTIONS
    | P_VIEW_CHANNEL
    | P_SEND_MESSAGES
    | P_EMBED_LINKS
    | P_ATTACH_FILES
    | P_READ_MESSAGE_HISTORY
    | P_USE_EXTERNAL_EMOJIS
    | P_USE_APPLICATION_COMMANDS
    | P_CREATE_PUBLIC_THREADS
    | P_CREATE_PRIVATE_THREADS
    | P_SEND_MESSAGES_IN_THREADS
)
BOT_PERMISSIONS = EVERYONE_PERMISSIONS | P_MANAGE_MESSAGES | P_MANAGE_THREADS


class Clock:
    """Wall-clock time plus a simulated offset that tests move with ``advance``."""

    def __init__(self) -> None:
        self.offset = 0.0

    def now(self) -> float:
        """Simulated time in seconds since the Unix epoch."""
        return time.time() + self.offset

    def iso(self, at: float | None = None) -> str:
        """ISO-8601 timestamp as Discord writes them."""
        moment = self.now() if at is None else at
        return datetime.datetime.fromtimestamp(moment, datetime.UTC).isoformat()


def snowflake_time(snowflake: int) -> float:
    """The moment (seconds since the Unix epoch) a Discord id was made."""
    return ((snowflake >> 22) + DISCORD_EPOCH_MS) / 1000


class Snowflakes:
    """Increasing Discord ids whose embedded time is the simulated clock."""

    def __init__(self, clock: Clock) -> None:
        self._clock = clock
        self._last = 0

    def next(self) -> int:
        """A fresh id."""
        ms = int(self._clock.now() * 1000) - DISCORD_EPOCH_MS
        self._last = max(self._last + 1, ms << 22)
        return self._last

    def next_on_shard(self, index: int, count: int) -> int:
        """A fresh id that Discord's sharding rule (``(id >> 22) % count``) puts on shard
        ``index``: the embedded time moves on by the fewest milliseconds that do it."""
        first = self.next()
        ms = first >> 22
        wanted = ms + (index - ms) % count
        if wanted != ms:
            self._last = wanted << 22
        return self._last


@dataclass(eq=False)
class FakeUser:
    """A Discord user: a fake human or the bot itself."""

    id: int
    username: str
    global_name: str | None = None
    bot: bool = False
    locale: str = "en-US"
    dms_closed: bool = False

    @property
    def mention(self) -> str:
        """The ``<@id>`` text that pings this user."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """Discord's user object."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "public_flags": 0,
            "flags": 0,
            "primary_guild": None,
        }
        if self.bot:
            data["bot"] = True
        return data


@dataclass(eq=False)
class Member:
    """A user's membership of a guild."""

    user_id: int
    joined_at: str
    role_ids: list[int] = field(default_factory=list)
    nick: str | None = None


@dataclass(eq=False)
class Role:
    """A guild role."""

    id: int
    name: str
    permissions: int
    position: int = 0
    managed: bool = False

    def payload(self) -> dict[str, Any]:
        """Discord's role object."""
        return {
            "id": str(self.id),
            "name": self.name,
            "description": None,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.managed,
            "mentionable": False,
            "flags": 0,
        }


@dataclass(eq=False)
class Guild:
    """A guild (server) with its roles, members and channels."""

    id: int
    name: str
    owner_id: int
    locale: str = "en-US"
    roles: list[Role] = field(default_factory=list)
    members: dict[int, Member] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    admin_role_id: int = 0
    bot_role_id: int = 0

    def permissions_of(self, user_id: int) -> int:
        """Guild-wide permissions of a member (roles only, no channel overwrites)."""
        member = self.members.get(user_id)
        if user_id == self.owner_id:
            return P_ALL
        perms = self.roles[0].permissions
        for role in self.roles:
            if member is not None and role.id in member.role_ids:
                perms |= role.permissions
        return P_ALL if perms & P_ADMINISTRATOR else perms


@dataclass(eq=False)
class Channel:
    """A text channel, DM channel or thread."""

    id: int
    type: int
    name: str | None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    threads_allowed: bool = True
    recipient_id: int | None = None
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 4320
    invitable: bool = True
    created: str = ""
    member_ids: set[int] = field(default_factory=set)
    message_count: int = 0
    last_message_id: int | None = None
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        """Whether this is a DM channel with one user."""
        return self.type == DM


@dataclass(eq=False)
class StoredAttachment:
    """An uploaded file, with its bytes."""

    id: int
    filename: str
    data: bytes
    description: str | None
    content_type: str | None
    url: str
    width: int | None = None
    height: int | None = None


@dataclass(eq=False)
class StoredMessage:
    """A message as the emulator keeps it, with who may see it."""

    id: int
    channel_id: int
    author_id: int
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[StoredAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    timestamp: str = ""
    edited_timestamp: str | None = None
    allowed_mentions: dict[str, Any] | None = None
    message_reference: dict[str, Any] | None = None
    mention_ids: list[int] = field(default_factory=list)
    pinged_ids: frozenset[int] = frozenset()
    visible_to: frozenset[int] | None = None  # None: everyone who sees the channel
    webhook_id: int | None = None
    interaction_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    thread_id: int | None = None
    pinned: bool = False
    tts: bool = False
    nonce: str | int | None = None
    reactions: dict[str, set[int]] = field(default_factory=dict)
    revisions: list[dict[str, Any]] = field(default_factory=list)
    deleted: bool = False

    @property
    def ephemeral(self) -> bool:
        """Whether only ``visible_to`` can see it."""
        return bool(self.flags & EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is a deferred response still "thinking"."""
        return bool(self.flags & LOADING)

    @property
    def silent(self) -> bool:
        """Whether it was sent with SUPPRESS_NOTIFICATIONS (``silent=True``)."""
        return bool(self.flags & SUPPRESS_NOTIFICATIONS)

    def visible_for(self, user_id: int) -> bool:
        """Whether ``user_id`` can see this message (channel access aside)."""
        return self.visible_to is None or user_id in self.visible_to

    def iter_components(self) -> list[dict[str, Any]]:
        """Every component in the message, nested ones included, in order."""
        found: list[dict[str, Any]] = []

        def walk(items: list[dict[str, Any]]) -> None:
            for item in items:
                found.append(item)
                walk(item.get("components", []))
                if isinstance(item.get("accessory"), dict):
                    walk([item["accessory"]])
                if isinstance(item.get("component"), dict):
                    walk([item["component"]])

        walk(self.components)
        return found

    def component(self, custom_id: str) -> dict[str, Any] | None:
        """The interactive component with this ``custom_id``, if present."""
        for item in self.iter_components():
            if item.get("custom_id") == custom_id:
                return item
        return None

    def custom_ids(self) -> list[str]:
        """The ``custom_id`` of every interactive component, in order."""
        return [c["custom_id"] for c in self.iter_components() if "custom_id" in c]

    def text(self) -> str:
        """Content plus embed titles, descriptions and fields, for easy assertions."""
        parts = [self.content]
        for embed in self.embeds:
            parts += [embed.get("title", ""), embed.get("description", "")]
            for fld in embed.get("fields", []):
                parts += [fld.get("name", ""), fld.get("value", "")]
            parts.append((embed.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)
