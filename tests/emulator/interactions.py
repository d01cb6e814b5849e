"""Interactions: what a fake user's click or command sends, and what the bot answered.

:class:`InteractionFactory` builds INTERACTION_CREATE payloads the way Discord does
(slash commands resolved through the synced command tree, autocomplete, buttons, selects,
modal submits); :class:`InteractionHandle` lets a test wait for and inspect the answer.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .model import EPHEMERAL, Channel, FakeUser, Guild, StoredMessage
from .options import OptionBuilder, modal_answer, modal_ids, snowflake

if TYPE_CHECKING:
    from .server import Emulator

APPLICATION_COMMAND, MESSAGE_COMPONENT, AUTOCOMPLETE, MODAL_SUBMIT = 2, 3, 4, 5
ATTACHMENT_SIZE_LIMIT = 10 * 1024 * 1024


@dataclass(eq=False)
class InteractionRecord:
    """One interaction sent to the bot and everything the bot did with its token."""

    id: int
    token: str
    kind: int
    user: FakeUser
    channel: Channel
    guild: Guild | None
    created_at: float
    payload: dict[str, Any]
    source_message_id: int | None = None
    callback_type: int | None = None
    callback_data: dict[str, Any] | None = None
    original_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    deferred_loading: bool = False
    late_callbacks: int = 0
    modal_source: InteractionRecord | None = None


@dataclass(frozen=True)
class Callback:
    """The bot's initial response to an interaction."""

    type: int
    data: dict[str, Any] | None
    message: StoredMessage | None

    @property
    def choices(self) -> list[dict[str, Any]]:
        """Autocomplete choices (type 8)."""
        return list((self.data or {}).get("choices", []))


class InteractionHandle:
    """A test's view of one interaction: wait for the answer, read messages it produced."""

    def __init__(self, emulator: Emulator, record: InteractionRecord) -> None:
        self._emu = emulator
        self.record = record

    @property
    def id(self) -> int:
        """The interaction id."""
        return self.record.id

    @property
    def token(self) -> str:
        """The interaction token (also the follow-up webhook token)."""
        return self.record.token

    @property
    def responded(self) -> bool:
        """Whether the bot has acknowledged the interaction."""
        return self.record.callback_type is not None

    @property
    def deferred(self) -> bool:
        """Whether the answer was a deferral (type 5 or 6)."""
        return self.record.callback_type in (5, 6)

    @property
    def ephemeral(self) -> bool:
        """Whether the response message is only visible to the user who acted."""
        message = self.message
        if message is not None:
            return message.ephemeral
        return bool((self.record.callback_data or {}).get("flags", 0) & EPHEMERAL)

    @property
    def message(self) -> StoredMessage | None:
        """The response message as it is now (for types 6/7: the message the component is on)."""
        if self.record.original_id is None:
            return None
        return self._emu.find_message(self.record.original_id)

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (type 9), if any."""
        return self.record.callback_data if self.record.callback_type == 9 else None

    def followup_messages(self) -> list[StoredMessage]:
        """Follow-up messages so far, as they are now."""
        found = (self._emu.find_message(m) for m in self.record.followup_ids)
        return [m for m in found if m is not None]

    async def response(self, timeout: float = 5.0) -> Callback:
        """Wait for the bot's initial response and return it."""
        await self._emu.wait_until(
            lambda: self.record.callback_type is not None,
            timeout,
            f"a response to {self._describe()}",
        )
        assert self.record.callback_type is not None
        return Callback(self.record.callback_type, self.record.callback_data, self.message)

    async def followups(self, n: int = 1, timeout: float = 5.0) -> list[StoredMessage]:
        """Wait until at least ``n`` follow-ups exist and return them all."""
        await self._emu.wait_until(
            lambda: len(self.record.followup_ids) >= n,
            timeout,
            f"{n} follow-up(s) to {self._describe()}",
        )
        return self.followup_messages()

    async def original(self, timeout: float = 5.0) -> StoredMessage:
        """Wait until the response message exists and is no longer "thinking"; return it."""

        def settled() -> StoredMessage | None:
            msg = self.message
            return msg if msg is not None and not msg.loading else None

        result = await self._emu.wait_until(
            settled, timeout, f"the final answer to {self._describe()}"
        )
        assert isinstance(result, StoredMessage)
        return result

    def _describe(self) -> str:
        data = self.record.payload.get("data", {})
        what = data.get("name") or data.get("custom_id") or "?"
        return f"interaction {self.record.id} ({what!r} by {self.record.user.username})"


class InteractionFactory:
    """Builds and dispatches interactions as fake users."""

    def __init__(self, emulator: Emulator) -> None:
        self.emu = emulator
        self.records: dict[int, InteractionRecord] = {}
        self.by_token: dict[str, InteractionRecord] = {}

    # --- common parts ------------------------------------------------------------------------

    def _base(self, kind: int, user: FakeUser, channel: Channel) -> dict[str, Any]:
        world = self.emu.world
        guild = world.guild_of(channel)
        data: dict[str, Any] = {
            "id": str(world.ids.next()),
            "application_id": str(self.emu.application_id),
            "type": kind,
            "token": "aW50ZXJhY3Rpb246" + secrets.token_urlsafe(48),
            "version": 1,
            "channel_id": str(channel.id),
            "channel": world.channel_payload(channel),
            "locale": user.locale,
            "app_permissions": str(world.permissions_in(channel, self.emu.bot.id)),
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": ATTACHMENT_SIZE_LIMIT,
        }
        if guild is not None:
            if user.id not in guild.members:
                raise ValueError(f"{user.username} is not a member of guild {guild.name}")
            perms = world.permissions_in(channel, user.id)
            data["channel"]["permissions"] = str(perms)
            data["guild_id"] = str(guild.id)
            data["guild"] = {"id": str(guild.id), "locale": guild.locale, "features": []}
            data["guild_locale"] = guild.locale
            data["member"] = world.member_payload(guild, user.id) | {"permissions": str(perms)}
            data["authorizing_integration_owners"] = {"0": str(guild.id)}
            data["context"] = 0
        else:
            if channel.recipient_id != user.id:
                raise ValueError(f"{user.username} cannot act in another user's DM channel")
            data["user"] = user.payload()
            data["authorizing_integration_owners"] = {"0": "0"}
            data["context"] = 1
        return data

    async def _dispatch(
        self,
        payload: dict[str, Any],
        user: FakeUser,
        channel: Channel,
        *,
        source: StoredMessage | None = None,
    ) -> InteractionHandle:
        if not self.emu.gateway.alive_sessions():
            raise RuntimeError("no bot is connected to the emulator's gateway")
        guild_id = payload.get("guild_id")
        if not self.emu.gateway.sessions_for(int(guild_id) if guild_id else None):
            raise RuntimeError(f"no bot session holds the shard of guild {guild_id} (DMs: 0)")
        record = InteractionRecord(
            id=int(payload["id"]),
            token=payload["token"],
            kind=payload["type"],
            user=user,
            channel=channel,
            guild=self.emu.world.guild_of(channel),
            created_at=self.emu.clock.now(),
            payload=payload,
            source_message_id=source.id if source is not None else None,
        )
        self.records[record.id] = record
        self.by_token[record.token] = record
        await self.emu.gateway.dispatch("INTERACTION_CREATE", payload)
        return InteractionHandle(self.emu, record)

    async def redeliver(self, handle: InteractionHandle) -> InteractionHandle:
        """Discord sends the same INTERACTION_CREATE again (same id and token), as it may
        after a gateway resume; the bot's second callback is refused (40060) as Discord
        refuses it, and its answers land on the same handle."""
        await self.emu.gateway.dispatch("INTERACTION_CREATE", handle.record.payload)
        return handle

    # --- application commands ----------------------------------------------------------------

    def find_command(self, name: str, channel: Channel) -> dict[str, Any]:
        """The synced chat-input command ``name`` usable in ``channel`` (guild ones first)."""
        guild = self.emu.world.guild_of(channel)
        pools = [self.emu.commands.get(guild.id, [])] if guild is not None else []
        pools.append(self.emu.commands.get(None, []))
        for pool in pools:
            for command in pool:
                if command["name"] == name and command.get("type", 1) == 1:
                    self._check_context(command, guild)
                    return command
        raise ValueError(f"no synced command named {name!r} is available in this channel")

    @staticmethod
    def _check_context(command: dict[str, Any], guild: Guild | None) -> None:
        contexts = command.get("contexts")
        wanted = 0 if guild is not None else 1
        if contexts is not None and wanted not in contexts:
            raise ValueError(f"command {command['name']!r} is not available in context {wanted}")
        if guild is None and contexts is None and command.get("dm_permission") is False:
            raise ValueError(f"command {command['name']!r} is not available in DMs")

    def _command_data(
        self,
        user: FakeUser,
        channel: Channel,
        path: str,
        options: dict[str, Any],
        focused: str | None,
    ) -> dict[str, Any]:
        names = path.split()
        command = self.find_command(names[0], channel)
        self._check_member_permissions(command, user, channel)
        resolved: dict[str, dict[str, Any]] = {}
        defs: list[dict[str, Any]] = command.get("options") or []
        chain: list[dict[str, Any]] = []
        for name in names[1:]:
            sub = next((o for o in defs if o["name"] == name and o["type"] in (1, 2)), None)
            if sub is None:
                raise ValueError(f"{path!r}: no subcommand or group named {name!r}")
            chain.append(sub)
            defs = sub.get("options") or []
        if any(o["type"] in (1, 2) for o in defs):
            raise ValueError(f"{path!r} is a group: name one of its subcommands")
        leaf = OptionBuilder(self.emu, channel, resolved).build(defs, options, focused)
        for sub in reversed(chain):
            leaf = [{"name": sub["name"], "type": sub["type"], "options": leaf}]
        data: dict[str, Any] = {
            "id": command["id"],
            "name": command["name"],
            "type": 1,
            "options": leaf,
        }
        if command.get("guild_id"):
            data["guild_id"] = command["guild_id"]
        if resolved:
            data["resolved"] = resolved
        return data

    def _check_member_permissions(
        self, command: dict[str, Any], user: FakeUser, channel: Channel
    ) -> None:
        needed = command.get("default_member_permissions")
        if needed is None or self.emu.world.guild_of(channel) is None:
            return
        have = self.emu.world.permissions_in(channel, user.id)
        if int(needed) & have != int(needed):
            raise ValueError(f"{user.username} may not use /{command['name']} (permissions)")

    async def slash(
        self, user: FakeUser, channel: Channel, path: str, options: dict[str, Any] | None
    ) -> InteractionHandle:
        """Run ``/path`` with ``options`` as ``user`` in ``channel``."""
        payload = self._base(APPLICATION_COMMAND, user, channel)
        payload["data"] = self._command_data(user, channel, path, options or {}, None)
        return await self._dispatch(payload, user, channel)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: Channel,
        path: str,
        options: dict[str, Any] | None,
        focused: str,
    ) -> InteractionHandle:
        """Ask the bot for choices while ``user`` types option ``focused``."""
        payload = self._base(AUTOCOMPLETE, user, channel)
        payload["data"] = self._command_data(user, channel, path, options or {}, focused)
        return await self._dispatch(payload, user, channel)

    # --- components and modals ---------------------------------------------------------------

    def _component_payload(
        self, user: FakeUser, message: StoredMessage, custom_id: str, expected: tuple[int, ...]
    ) -> tuple[dict[str, Any], dict[str, Any], Channel]:
        if not message.visible_for(user.id):
            raise ValueError(f"{user.username} cannot see message {message.id}")
        component = message.component(custom_id)
        if component is None:
            raise ValueError(
                f"message {message.id} has no component {custom_id!r}: {message.custom_ids()}"
            )
        if component.get("type") not in expected:
            raise ValueError(f"component {custom_id!r} has type {component.get('type')}")
        if component.get("disabled"):
            raise ValueError(f"component {custom_id!r} is disabled")
        channel = self.emu.world.channels[message.channel_id]
        payload = self._base(MESSAGE_COMPONENT, user, channel)
        payload["message"] = self.emu.world.message_payload(message)
        return payload, component, channel

    async def click(
        self, user: FakeUser, message: StoredMessage, custom_id: str
    ) -> InteractionHandle:
        """Press the button ``custom_id`` on ``message``."""
        payload, _, channel = self._component_payload(user, message, custom_id, (2,))
        payload["data"] = {"custom_id": custom_id, "component_type": 2}
        return await self._dispatch(payload, user, channel, source=message)

    async def select(
        self, user: FakeUser, message: StoredMessage, custom_id: str, values: list[Any]
    ) -> InteractionHandle:
        """Pick ``values`` in the select menu ``custom_id`` on ``message``."""
        payload, component, channel = self._component_payload(user, message, custom_id, (3, 5))
        chosen = [str(snowflake(v)) if component["type"] == 5 else str(v) for v in values]
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(chosen) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(chosen)}")
        data: dict[str, Any] = {
            "custom_id": custom_id,
            "component_type": component["type"],
            "values": chosen,
        }
        if component["type"] == 3:
            allowed = {o["value"] for o in component.get("options", [])}
            if not set(chosen) <= allowed:
                raise ValueError(f"values {chosen} not among the options {sorted(allowed)}")
        else:
            users = [self.emu.world.users[int(v)] for v in chosen]
            data["resolved"] = {"users": {str(u.id): u.payload() for u in users}}
        payload["data"] = data
        return await self._dispatch(payload, user, channel, source=message)

    async def submit_modal(
        self, user: FakeUser, opened_by: InteractionHandle, values: dict[str, Any]
    ) -> InteractionHandle:
        """Fill in and submit the modal the bot opened in answer to ``opened_by``."""
        modal = opened_by.modal
        if modal is None:
            raise ValueError("that interaction was not answered with a modal")
        if opened_by.record.user is not user:
            raise ValueError("only the user who opened a modal can submit it")
        record = opened_by.record
        components = [modal_answer(c, values) for c in modal.get("components", [])]
        unknown = set(values) - modal_ids(modal.get("components", []))
        if unknown:
            raise ValueError(f"modal has no inputs {sorted(unknown)}")
        payload = self._base(MODAL_SUBMIT, user, record.channel)
        payload["data"] = {"custom_id": modal["custom_id"], "components": components}
        source = None
        if record.source_message_id is not None:
            source = self.emu.find_message(record.source_message_id)
            if source is not None:
                payload["message"] = self.emu.world.message_payload(source)
        handle = await self._dispatch(payload, user, record.channel, source=source)
        handle.record.modal_source = record
        return handle
