"""REST routes for users, the application, guilds, channels, messages, threads and DMs."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .errors import (
    UNKNOWN_CHANNEL,
    UNKNOWN_GUILD,
    UNKNOWN_MEMBER,
    UNKNOWN_MESSAGE,
    UNKNOWN_USER,
    ApiError,
    cannot_dm,
    form_error,
    missing_permissions,
    unknown,
)
from .model import (
    GUILD_TEXT,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    Channel,
    Guild,
    StoredMessage,
    snowflake_time,
)

if TYPE_CHECKING:
    from .rest import ApiRequest, RestApi
    from .server import Emulator

Reply = tuple[int, Any]


# --- lookups --------------------------------------------------------------------------------


def channel_of(emu: Emulator, req: ApiRequest) -> Channel:
    """The channel named by the ``channel_id`` path parameter."""
    channel = emu.world.channels.get(req.int_param("channel_id"))
    if channel is None or channel.deleted:
        raise unknown("Channel", UNKNOWN_CHANNEL)
    return channel


def guild_of(emu: Emulator, req: ApiRequest) -> Guild:
    """The guild named by the ``guild_id`` path parameter (the bot must be in it)."""
    guild = emu.world.guilds.get(req.int_param("guild_id"))
    if guild is None or emu.bot.id not in guild.members:
        raise unknown("Guild", UNKNOWN_GUILD)
    return guild


def channel_message(emu: Emulator, req: ApiRequest, channel: Channel) -> StoredMessage:
    """A non-ephemeral message of ``channel``: channel routes never see ephemeral ones."""
    msg = emu.world.messages.get(req.int_param("message_id"))
    if msg is None or msg.channel_id != channel.id or msg.ephemeral:
        raise unknown("Message", UNKNOWN_MESSAGE)
    return msg


# --- users and application ------------------------------------------------------------------


async def get_me(emu: Emulator, req: ApiRequest) -> Reply:
    extra = {"verified": True, "mfa_enabled": False, "email": None, "locale": "en-US"}
    return 200, emu.bot.payload() | extra


async def get_user(emu: Emulator, req: ApiRequest) -> Reply:
    user = emu.world.users.get(req.int_param("user_id"))
    if user is None:
        raise unknown("User", UNKNOWN_USER)
    return 200, user.payload()


async def create_dm(emu: Emulator, req: ApiRequest) -> Reply:
    recipient = req.body.get("recipient_id")
    user = emu.world.users.get(int(recipient)) if str(recipient).isdigit() else None
    if user is None or user.bot:
        raise ApiError(400, 50033, "Invalid Recipient(s)")
    if user.id in emu.dm_create_refused:
        raise cannot_dm()
    return 200, emu.world.channel_payload(emu.world.dm_channel(user))


async def get_application(emu: Emulator, req: ApiRequest) -> Reply:
    return 200, emu.application_payload()


async def get_gateway(emu: Emulator, req: ApiRequest) -> Reply:
    return 200, {"url": emu.gateway_url}


async def get_gateway_bot(emu: Emulator, req: ApiRequest) -> Reply:
    limit = {"total": 1000, "remaining": 999, "reset_after": 14400000, "max_concurrency": 1}
    return 200, {"url": emu.gateway_url, "shards": 1, "session_start_limit": limit}


# --- guilds ---------------------------------------------------------------------------------


async def get_guild(emu: Emulator, req: ApiRequest) -> Reply:
    guild = guild_of(emu, req)
    data = emu.world.guild_payload(guild)
    if req.flag("with_counts"):
        data |= {"approximate_member_count": len(guild.members), "approximate_presence_count": 0}
    return 200, data


async def get_guild_channels(emu: Emulator, req: ApiRequest) -> Reply:
    guild = guild_of(emu, req)
    channels = [emu.world.channels[c] for c in guild.channel_ids]
    return 200, [emu.world.channel_payload(c) for c in channels if not c.deleted]


async def get_member(emu: Emulator, req: ApiRequest) -> Reply:
    guild = guild_of(emu, req)
    uid = req.int_param("user_id")
    if uid not in guild.members:
        raise unknown("Member", UNKNOWN_MEMBER)
    return 200, emu.world.member_payload(guild, uid)


# --- channels -------------------------------------------------------------------------------


async def get_channel(emu: Emulator, req: ApiRequest) -> Reply:
    return 200, emu.world.channel_payload(channel_of(emu, req))


async def edit_channel(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    body = req.body or {}
    if channel.is_dm:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if body.get("name"):
        channel.name = body["name"]
    if channel.is_thread:
        for key in ("archived", "locked", "invitable", "auto_archive_duration"):
            if body.get(key) is not None:
                setattr(channel, key, body[key])
    payload = emu.world.channel_payload(channel)
    event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
    await emu.gateway.dispatch(event, payload, intent=1)
    return 200, payload


async def delete_channel(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    payload = emu.world.channel_payload(channel)
    if channel.is_dm:
        return 200, payload
    channel.deleted = True
    if channel.is_thread:
        gone = {k: payload[k] for k in ("id", "guild_id", "parent_id", "type")}
        await emu.gateway.dispatch("THREAD_DELETE", gone, intent=1)
    else:
        await emu.gateway.dispatch("CHANNEL_DELETE", payload, intent=1)
    return 200, payload


async def trigger_typing(emu: Emulator, req: ApiRequest) -> Reply:
    channel_of(emu, req)
    return 204, None


# --- messages -------------------------------------------------------------------------------


def check_can_post(emu: Emulator, channel: Channel) -> None:
    """Refuse what Discord refuses: closed DMs, locked threads."""
    if channel.is_dm:
        user = emu.world.users[channel.recipient_id or 0]
        shares_guild = any(user.id in g.members for g in emu.world.guilds.values())
        if user.dms_closed or not shares_guild:
            raise cannot_dm()
    if channel.is_thread:
        if channel.locked:
            raise ApiError(400, 50083, "Thread is locked")
        channel.archived = False


def history_payload(emu: Emulator, msg: StoredMessage) -> dict[str, Any]:
    """A message as GET returns it: the nonce is only in the create response and the
    gateway's MESSAGE_CREATE, never in history."""
    data = emu.world.message_payload(msg)
    data.pop("nonce", None)
    return data


async def list_messages(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    msgs = [m for m in emu.world.messages_in(channel.id) if not m.ephemeral]
    if "before" in req.query:
        msgs = [m for m in msgs if m.id < int(req.query["before"])]
    if "after" in req.query:
        msgs = [m for m in msgs if m.id > int(req.query["after"])]
    limit = int(req.query.get("limit", 50))
    newest_first = list(reversed(msgs))
    if "after" in req.query:
        newest_first = list(reversed(msgs[:limit]))
    return 200, [history_payload(emu, m) for m in newest_first[:limit]]


async def create_message(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    check_can_post(emu, channel)
    body = req.body or {}
    if body.get("enforce_nonce") and body.get("nonce") is not None:
        # Discord: a message by the same author with the same nonce within the last few
        # minutes is returned instead of creating another one; an older one is forgotten
        since = emu.clock.now() - emu.nonce_window_s
        for old in emu.world.messages_in(channel.id):
            mine = old.author_id == emu.bot.id and snowflake_time(old.id) >= since
            if mine and str(old.nonce) == str(body["nonce"]):
                return 200, emu.world.message_payload(old)
    msg = emu.factory.create(channel.id, req.body or {}, req.uploads, author_id=emu.bot.id)
    await emu.post_message(msg)
    return 200, emu.world.message_payload(msg)


async def get_message(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    return 200, history_payload(emu, channel_message(emu, req, channel))


async def edit_message(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    msg = channel_message(emu, req, channel)
    if msg.author_id != emu.bot.id:
        raise ApiError(403, 50005, "Cannot edit a message authored by another user")
    emu.factory.edit(msg, req.body or {}, req.uploads)
    await emu.message_changed(msg)
    return 200, emu.world.message_payload(msg)


async def delete_message(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    msg = channel_message(emu, req, channel)
    if msg.author_id != emu.bot.id and channel.is_dm:
        raise ApiError(403, 50003, "Cannot execute action on a DM channel")
    await emu.remove_message(msg)
    return 204, None


async def pin_message(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    msg = channel_message(emu, req, channel)
    msg.pinned = req.method == "PUT"
    return 204, None


async def list_pins(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    pinned = [m for m in reversed(emu.world.messages_in(channel.id)) if m.pinned]
    items = [{"pinned_at": m.timestamp, "message": emu.world.message_payload(m)} for m in pinned]
    return 200, {"items": items, "has_more": False}


async def react(emu: Emulator, req: ApiRequest) -> Reply:
    channel = channel_of(emu, req)
    msg = channel_message(emu, req, channel)
    emoji = req.params["emoji_name"]
    users = msg.reactions.setdefault(emoji, set())
    if req.method == "PUT":
        users.add(emu.bot.id)
    else:
        users.discard(emu.bot.id)
        if not users:
            del msg.reactions[emoji]
    return 204, None


# --- threads --------------------------------------------------------------------------------


def _check_thread_parent(emu: Emulator, parent: Channel) -> None:
    if parent.type != GUILD_TEXT:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    if not parent.threads_allowed:
        raise missing_permissions()


async def _thread_created(emu: Emulator, thread: Channel) -> dict[str, Any]:
    payload = emu.world.channel_payload(thread)
    member = emu.world.thread_member_payload(thread, emu.bot.id)
    await emu.gateway.dispatch(
        "THREAD_CREATE", payload | {"newly_created": True, "member": member}, intent=1
    )
    emu.notify()
    return payload | {"member": member}


async def create_thread(emu: Emulator, req: ApiRequest) -> Reply:
    parent = channel_of(emu, req)
    _check_thread_parent(emu, parent)
    body = req.body or {}
    kind = int(body.get("type") or PRIVATE_THREAD)
    if kind not in (PUBLIC_THREAD, PRIVATE_THREAD):
        raise form_error("type", "BASE_TYPE_CHOICES", "Value must be one of (11, 12).")
    thread = emu.world.add_thread(
        parent, body["name"], owner_id=emu.bot.id, thread_type=kind, thread_id=emu.world.ids.next()
    )
    thread.auto_archive_duration = int(body.get("auto_archive_duration") or 4320)
    thread.invitable = bool(body.get("invitable", True))
    return 201, await _thread_created(emu, thread)


async def create_thread_from_message(emu: Emulator, req: ApiRequest) -> Reply:
    parent = channel_of(emu, req)
    _check_thread_parent(emu, parent)
    msg = channel_message(emu, req, parent)
    if msg.thread_id is not None:
        raise ApiError(400, 160004, "A thread has already been created for this message")
    body = req.body or {}
    thread = emu.world.add_thread(
        parent, body["name"], owner_id=emu.bot.id, thread_type=PUBLIC_THREAD, thread_id=msg.id
    )
    thread.auto_archive_duration = int(body.get("auto_archive_duration") or 4320)
    msg.thread_id = thread.id
    return 201, await _thread_created(emu, thread)


def _thread(emu: Emulator, req: ApiRequest) -> Channel:
    thread = channel_of(emu, req)
    if not thread.is_thread:
        raise ApiError(400, 50024, "Cannot execute action on this channel type")
    return thread


async def join_thread(emu: Emulator, req: ApiRequest) -> Reply:
    thread = _thread(emu, req)
    uid = emu.bot.id if req.params.get("user_id", "@me") == "@me" else req.int_param("user_id")
    guild = emu.world.guild_of(thread)
    if guild is None or uid not in guild.members:
        raise unknown("Member", UNKNOWN_MEMBER)
    if req.method == "PUT":
        thread.member_ids.add(uid)
    else:
        thread.member_ids.discard(uid)
    emu.notify()
    return 204, None


async def list_thread_members(emu: Emulator, req: ApiRequest) -> Reply:
    thread = _thread(emu, req)
    return 200, [emu.world.thread_member_payload(thread, u) for u in sorted(thread.member_ids)]


def register(api: RestApi) -> None:
    """Add this module's routes to ``api``."""
    add = api.add
    add("GET", "/users/@me", "get_my_user", get_me)
    add("GET", "/users/{user_id}", "get_user", get_user)
    add("POST", "/users/@me/channels", "create_dm", create_dm)
    add("GET", "/oauth2/applications/@me", "get_my_oauth2_application", get_application)
    add("GET", "/applications/@me", "get_my_application", get_application)
    add("GET", "/gateway", "get_gateway", get_gateway, auth=False)
    add("GET", "/gateway/bot", "get_bot_gateway", get_gateway_bot)
    add("GET", "/guilds/{guild_id}", "get_guild", get_guild)
    add("GET", "/guilds/{guild_id}/channels", "list_guild_channels", get_guild_channels)
    add("GET", "/guilds/{guild_id}/members/{user_id}", "get_guild_member", get_member)
    chan = "/channels/{channel_id}"
    add("GET", chan, "get_channel", get_channel)
    add("PATCH", chan, "update_channel", edit_channel)
    add("DELETE", chan, "delete_channel", delete_channel)
    add("POST", f"{chan}/typing", "trigger_typing_indicator", trigger_typing)
    add("GET", f"{chan}/messages", "list_messages", list_messages)
    add("POST", f"{chan}/messages", "create_message", create_message)
    msg = f"{chan}/messages/{{message_id}}"
    add("GET", msg, "get_message", get_message)
    add("PATCH", msg, "update_message", edit_message)
    add("DELETE", msg, "delete_message", delete_message)
    add("GET", f"{chan}/messages/pins", "list_pins", list_pins)
    add("PUT", f"{chan}/messages/pins/{{message_id}}", "create_pin", pin_message)
    add("DELETE", f"{chan}/messages/pins/{{message_id}}", "delete_pin", pin_message)
    add("PUT", f"{msg}/reactions/{{emoji_name}}/@me", "add_my_message_reaction", react)
    add("DELETE", f"{msg}/reactions/{{emoji_name}}/@me", "delete_my_message_reaction", react)
    add("POST", f"{chan}/threads", "create_thread", create_thread)
    add("POST", f"{msg}/threads", "create_thread_from_message", create_thread_from_message)
    add("PUT", f"{chan}/thread-members/@me", "join_thread", join_thread)
    add("DELETE", f"{chan}/thread-members/@me", "leave_thread", join_thread)
    add("PUT", f"{chan}/thread-members/{{user_id}}", "add_thread_member", join_thread)
    add("DELETE", f"{chan}/thread-members/{{user_id}}", "delete_thread_member", join_thread)
    add("GET", f"{chan}/thread-members", "list_thread_members", list_thread_members)
