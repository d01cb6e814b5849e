"""The emulator's world: every user, guild, channel and message, and their Discord payloads.

The data classes live in :mod:`.model`; the HTTP routes and the gateway read and change
the world through this class, and tests inspect it.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

from .model import (
    BOT_PERMISSIONS,
    DM,
    EVERYONE_PERMISSIONS,
    GUILD_TEXT,
    P_ADMINISTRATOR,
    P_ALL,
    P_MANAGE_MESSAGES,
    PRIVATE_THREAD,
    THREAD_PERMISSIONS,
    Channel,
    Clock,
    FakeUser,
    Guild,
    Member,
    Role,
    Snowflakes,
    StoredAttachment,
    StoredMessage,
)

_MENTION = re.compile(r"<@!?(\d+)>")


class World:
    """All users, guilds, channels and messages; payload builders for each."""

    def __init__(self, clock: Clock, ids: Snowflakes, bot: FakeUser) -> None:
        self.clock = clock
        self.ids = ids
        self.bot = bot
        self.users: dict[int, FakeUser] = {bot.id: bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, StoredMessage] = {}
        self.channel_messages: dict[int, list[int]] = {}
        self.dm_by_user: dict[int, int] = {}
        self.deleted_messages: list[StoredMessage] = []
        self._positions = itertools.count()

    # --- building the world ------------------------------------------------------------------

    def add_user(self, name: str, *, global_name: str | None, locale: str) -> FakeUser:
        """A new fake human."""
        user = FakeUser(self.ids.next(), name, global_name or name.title(), locale=locale)
        self.users[user.id] = user
        return user

    def add_guild(
        self, name: str, *, owner_id: int, locale: str, shard: tuple[int, int] | None = None
    ) -> Guild:
        """A new guild whose members include the bot (its id on ``shard`` = (index, count))."""
        gid = self.ids.next() if shard is None else self.ids.next_on_shard(*shard)
        guild = Guild(gid, name, owner_id, locale=locale)
        everyone = Role(gid, "@everyone", EVERYONE_PERMISSIONS)
        admin = Role(self.ids.next(), "Admin", EVERYONE_PERMISSIONS | P_ADMINISTRATOR, 1)
        bot_role = Role(self.ids.next(), self.bot.username, BOT_PERMISSIONS, 2, managed=True)
        guild.roles = [everyone, admin, bot_role]
        guild.admin_role_id, guild.bot_role_id = admin.id, bot_role.id
        self.guilds[gid] = guild
        self.add_member(guild, self.bot.id)
        return guild

    def add_member(self, guild: Guild, user_id: int, *, admin: bool = False) -> Member:
        """Make ``user_id`` a member of ``guild``."""
        roles = [guild.bot_role_id] if user_id == self.bot.id else []
        if admin:
            roles.append(guild.admin_role_id)
        member = guild.members.get(user_id) or Member(user_id, self.clock.iso(), roles)
        member.role_ids = sorted(set(member.role_ids) | set(roles))
        guild.members[user_id] = member
        return member

    def add_channel(self, guild: Guild, name: str, *, threads_allowed: bool) -> Channel:
        """A new text channel in ``guild``."""
        channel = Channel(
            self.ids.next(),
            GUILD_TEXT,
            name,
            guild.id,
            position=next(self._positions),
            threads_allowed=threads_allowed,
            created=self.clock.iso(),
        )
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        guild.channel_ids.append(channel.id)
        return channel

    def dm_channel(self, user: FakeUser) -> Channel:
        """The bot's DM channel with ``user``, created on first use."""
        if user.id in self.dm_by_user:
            return self.channels[self.dm_by_user[user.id]]
        channel = Channel(self.ids.next(), DM, None, recipient_id=user.id, created=self.clock.iso())
        self.channels[channel.id] = channel
        self.channel_messages[channel.id] = []
        self.dm_by_user[user.id] = channel.id
        return channel

    def add_thread(
        self, parent: Channel, name: str, *, owner_id: int, thread_type: int, thread_id: int
    ) -> Channel:
        """A new thread under ``parent``; the owner is its first member."""
        thread = Channel(
            thread_id,
            thread_type,
            name,
            parent.guild_id,
            parent_id=parent.id,
            owner_id=owner_id,
            created=self.clock.iso(),
            member_ids={owner_id},
        )
        self.channels[thread.id] = thread
        self.channel_messages[thread.id] = []
        return thread

    # --- lookups -----------------------------------------------------------------------------

    def guild_of(self, channel: Channel) -> Guild | None:
        """The guild a channel belongs to (None for DMs)."""
        return self.guilds.get(channel.guild_id) if channel.guild_id is not None else None

    def root_channel(self, channel: Channel) -> Channel:
        """The text channel itself, or a thread's parent."""
        if channel.is_thread and channel.parent_id is not None:
            return self.channels[channel.parent_id]
        return channel

    def permissions_in(self, channel: Channel, user_id: int) -> int:
        """A member's permissions in a channel, overwrites included."""
        guild = self.guild_of(channel)
        if guild is None:
            return EVERYONE_PERMISSIONS & ~(THREAD_PERMISSIONS | P_MANAGE_MESSAGES)
        perms = guild.permissions_of(user_id)
        if perms == P_ALL:
            return perms
        if not self.root_channel(channel).threads_allowed:
            perms &= ~THREAD_PERMISSIONS
        return perms

    def messages_in(self, channel_id: int) -> list[StoredMessage]:
        """Live messages of a channel or thread, oldest first."""
        return [self.messages[m] for m in self.channel_messages.get(channel_id, [])]

    def store(self, message: StoredMessage) -> None:
        """Add a new message to its channel."""
        self.messages[message.id] = message
        self.channel_messages.setdefault(message.channel_id, []).append(message.id)
        channel = self.channels[message.channel_id]
        channel.last_message_id = message.id
        if channel.is_thread:
            channel.message_count += 1

    def delete(self, message: StoredMessage) -> None:
        """Remove a message; it stays inspectable in ``deleted_messages``."""
        message.deleted = True
        self.messages.pop(message.id, None)
        ids = self.channel_messages.get(message.channel_id, [])
        if message.id in ids:
            ids.remove(message.id)
        self.deleted_messages.append(message)

    # --- payloads ----------------------------------------------------------------------------

    def member_payload(
        self, guild: Guild, user_id: int, *, with_user: bool = True
    ) -> dict[str, Any]:
        """Discord's guild member object."""
        member = guild.members[user_id]
        data: dict[str, Any] = {
            "avatar": None,
            "banner": None,
            "communication_disabled_until": None,
            "flags": 0,
            "joined_at": member.joined_at,
            "nick": member.nick,
            "pending": False,
            "premium_since": None,
            "roles": [str(r) for r in member.role_ids],
            "deaf": False,
            "mute": False,
        }
        if with_user:
            data["user"] = self.users[user_id].payload()
        return data

    def overwrites(self, channel: Channel) -> list[dict[str, Any]]:
        """Permission overwrites: a channel without threads denies them to the bot."""
        if channel.is_thread or channel.is_dm or channel.threads_allowed:
            return []
        return [{"id": str(self.bot.id), "type": 1, "allow": "0", "deny": str(THREAD_PERMISSIONS)}]

    def channel_payload(self, channel: Channel) -> dict[str, Any]:
        """Discord's channel object for a text channel, DM or thread."""
        last = str(channel.last_message_id) if channel.last_message_id else None
        if channel.is_dm:
            recipient = self.users[channel.recipient_id or 0]
            return {
                "id": str(channel.id),
                "type": DM,
                "flags": 0,
                "last_message_id": last,
                "recipients": [recipient.payload()],
            }
        base: dict[str, Any] = {
            "id": str(channel.id),
            "type": channel.type,
            "flags": 0,
            "guild_id": str(channel.guild_id),
            "name": channel.name,
            "last_message_id": last,
            "rate_limit_per_user": 0,
        }
        if channel.is_thread:
            return base | self._thread_fields(channel)
        return base | {
            "parent_id": None,
            "position": channel.position,
            "permission_overwrites": self.overwrites(channel),
            "topic": None,
            "nsfw": False,
            "default_auto_archive_duration": 4320,
        }

    def _thread_fields(self, thread: Channel) -> dict[str, Any]:
        metadata: dict[str, Any] = {
            "archived": thread.archived,
            "archive_timestamp": thread.created,
            "auto_archive_duration": thread.auto_archive_duration,
            "locked": thread.locked,
            "create_timestamp": thread.created,
        }
        if thread.type == PRIVATE_THREAD:
            metadata["invitable"] = thread.invitable
        return {
            "parent_id": str(thread.parent_id),
            "owner_id": str(thread.owner_id),
            "thread_metadata": metadata,
            "message_count": thread.message_count,
            "member_count": len(thread.member_ids),
            "total_message_sent": thread.message_count,
        }

    def thread_member_payload(self, thread: Channel, user_id: int) -> dict[str, Any]:
        """Discord's thread member object."""
        return {
            "id": str(thread.id),
            "user_id": str(user_id),
            "join_timestamp": thread.created,
            "flags": 1,
        }

    def guild_payload(self, guild: Guild) -> dict[str, Any]:
        """Discord's guild object (as GET /guilds/{id} answers)."""
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "banner": None,
            "description": None,
            "home_header": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "widget_enabled": False,
            "widget_channel_id": None,
            "verification_level": 0,
            "default_message_notifications": 1,
            "explicit_content_filter": 0,
            "mfa_level": 0,
            "nsfw_level": 0,
            "nsfw": False,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "premium_progress_bar_enabled": False,
            "preferred_locale": guild.locale,
            "rules_channel_id": None,
            "public_updates_channel_id": None,
            "safety_alerts_channel_id": None,
            "max_members": 500000,
            "max_presences": None,
            "max_video_channel_users": 25,
            "max_stage_video_channel_users": 50,
            "vanity_url_code": None,
            "application_id": None,
            "region": "deprecated",
            "features": [],
            "roles": [r.payload() for r in guild.roles],
            "emojis": [],
            "stickers": [],
            "incidents_data": None,
        }

    def guild_create_payload(self, guild: Guild, *, all_members: bool) -> dict[str, Any]:
        """The GUILD_CREATE dispatch body for ``guild``."""
        member_ids = list(guild.members) if all_members else [self.bot.id]
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        threads = [
            c
            for c in self.channels.values()
            if c.is_thread and c.guild_id == guild.id and not c.deleted and not c.archived
        ]
        return self.guild_payload(guild) | {
            "joined_at": guild.members[self.bot.id].joined_at,
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [self.member_payload(guild, uid) for uid in member_ids],
            "channels": [self.channel_payload(c) for c in channels],
            "threads": [self.channel_payload(t) for t in threads],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def attachment_payload(self, att: StoredAttachment, *, ephemeral: bool) -> dict[str, Any]:
        """Discord's attachment object."""
        data: dict[str, Any] = {
            "id": str(att.id),
            "filename": att.filename,
            "size": len(att.data),
            "url": att.url,
            "proxy_url": att.url,
            "content_type": att.content_type,
        }
        if att.description is not None:
            data["description"] = att.description
        if att.width is not None:
            data["width"], data["height"] = att.width, att.height
        if ephemeral:
            data["ephemeral"] = True
        return data

    def message_payload(self, msg: StoredMessage) -> dict[str, Any]:
        """Discord's message object for a stored message."""
        channel = self.channels[msg.channel_id]
        data: dict[str, Any] = {
            "id": str(msg.id),
            "channel_id": str(msg.channel_id),
            "type": msg.type,
            "content": msg.content,
            "author": self.users[msg.author_id].payload(),
            "attachments": [
                self.attachment_payload(a, ephemeral=msg.ephemeral) for a in msg.attachments
            ],
            "embeds": msg.embeds,
            "components": msg.components,
            "mentions": [self.users[u].payload() for u in msg.mention_ids if u in self.users],
            "mention_roles": [],
            "mention_everyone": False,
            "pinned": msg.pinned,
            "tts": msg.tts,
            "timestamp": msg.timestamp,
            "edited_timestamp": msg.edited_timestamp,
            "flags": msg.flags,
        }
        if channel.guild_id is not None:
            data["guild_id"] = str(channel.guild_id)
        if msg.webhook_id is not None:
            data["webhook_id"] = str(msg.webhook_id)
            data["application_id"] = str(msg.webhook_id)
        if msg.interaction_metadata is not None:
            data["interaction_metadata"] = msg.interaction_metadata
        if msg.message_reference is not None:
            data["message_reference"] = msg.message_reference
        if msg.nonce is not None:
            data["nonce"] = msg.nonce
        if msg.thread_id is not None and msg.thread_id in self.channels:
            data["thread"] = self.channel_payload(self.channels[msg.thread_id])
        if msg.reactions:
            data["reactions"] = [self._reaction(e, users) for e, users in msg.reactions.items()]
        return data

    def _reaction(self, emoji: str, users: set[int]) -> dict[str, Any]:
        return {
            "count": len(users),
            "count_details": {"burst": 0, "normal": len(users)},
            "me": self.bot.id in users,
            "me_burst": False,
            "burst_colors": [],
            "emoji": {"id": None, "name": emoji},
        }

    def mentions_in(self, content: str) -> list[int]:
        """Known user ids mentioned in ``content``, in order, without repeats."""
        found: list[int] = []
        for match in _MENTION.finditer(content or ""):
            uid = int(match.group(1))
            if uid in self.users and uid not in found:
                found.append(uid)
        return found
