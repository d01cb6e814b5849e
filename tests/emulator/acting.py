"""Acting as fake users on the :class:`tests.emulator.server.Emulator`: slash commands,
autocomplete, button presses, selects, modals, messages; and planting a message "from the
bot" with components it may never have sent."""

from __future__ import annotations

from typing import Any

from .interactions import InteractionHandle
from .messages import number_components
from .model import Channel, FakeUser, StoredMessage

ChannelRef = Channel | int
MessageRef = StoredMessage | int


class ActingAsUsers:
    """The emulator's part that plays the users (a mixin of :class:`Emulator`, whose world,
    interactions and message store it uses)."""

    def _channel(self, ref: ChannelRef) -> Channel:
        return ref if isinstance(ref, Channel) else self.world.channels[int(ref)]

    def _message(self, ref: MessageRef) -> StoredMessage:
        mid = ref.id if isinstance(ref, StoredMessage) else int(ref)
        msg = self.find_message(mid)
        if msg is None:
            raise ValueError(f"message {mid} does not exist (deleted?)")
        return msg

    async def slash(
        self,
        user: FakeUser,
        channel: ChannelRef,
        command: str,
        options: dict[str, Any] | None = None,
    ) -> InteractionHandle:
        """``user`` runs ``/command`` (e.g. ``"game new"``) with ``options`` in ``channel``."""
        await self._flush()
        return await self.interactions.slash(user, self._channel(channel), command, options)

    async def autocomplete(
        self,
        user: FakeUser,
        channel: ChannelRef,
        command: str,
        options: dict[str, Any] | None = None,
        *,
        focused: str,
        timeout: float = 5.0,
    ) -> list[dict[str, Any]]:
        """The choices the bot offers while ``user`` types option ``focused``."""
        await self._flush()
        handle = await self.interactions.autocomplete(
            user, self._channel(channel), command, options, focused
        )
        callback = await handle.response(timeout)
        if callback.type != 8:
            raise AssertionError(f"autocomplete answered with callback type {callback.type}")
        return callback.choices

    async def click(self, user: FakeUser, message: MessageRef, custom_id: str) -> InteractionHandle:
        """``user`` presses the button ``custom_id`` on ``message``."""
        await self._flush()
        return await self.interactions.click(user, self._message(message), custom_id)

    async def select(
        self, user: FakeUser, message: MessageRef, custom_id: str, values: list[Any]
    ) -> InteractionHandle:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message``."""
        await self._flush()
        return await self.interactions.select(user, self._message(message), custom_id, values)

    async def submit_modal(
        self, user: FakeUser, opened_by: InteractionHandle, values: dict[str, Any]
    ) -> InteractionHandle:
        """``user`` fills in (``{custom_id: value}``) and submits the modal from ``opened_by``."""
        await self._flush()
        return await self.interactions.submit_modal(user, opened_by, values)

    def plant_message(
        self,
        channel: ChannelRef,
        *,
        buttons: list[str] | None = None,
        select: tuple[str, list[str]] | None = None,
        content: str = "",
        visible_to: set[int] | None = None,
    ) -> StoredMessage:
        """A message "from the bot" carrying components the bot may never have sent: stale
        boards, forged or tampered ``custom_id``s (a modified client, a replayed payload).
        ``select`` is ``(custom_id, option values)``. Nothing is dispatched."""
        rows: list[dict[str, Any]] = []
        ids = list(dict.fromkeys(buttons or []))
        for start in range(0, min(len(ids), 20), 5):
            row = [
                {"type": 2, "style": 1, "label": f"b{start + i}", "custom_id": cid}
                for i, cid in enumerate(ids[start : start + 5])
            ]
            rows.append({"type": 1, "components": row})
        if select is not None:
            custom_id, values = select
            options = [{"label": v[:100] or "-", "value": v[:100] or "-"} for v in values[:25]]
            menu = {
                "type": 3,
                "custom_id": custom_id,
                "options": options,
                "min_values": 1,
                "max_values": len(options),
            }
            rows.append({"type": 1, "components": [menu]})
        msg = StoredMessage(
            id=self.world.ids.next(),
            channel_id=self._channel(channel).id,
            author_id=self.bot.id,
            content=content,
            components=number_components(rows),  # ids, as Discord gives every component
            flags=64 if visible_to is not None else 0,
            visible_to=frozenset(visible_to) if visible_to is not None else None,
            timestamp=self.clock.iso(),
        )
        self.world.store(msg)
        return msg

    async def user_says(self, user: FakeUser, channel: ChannelRef, content: str) -> StoredMessage:
        """``user`` writes ``content`` in ``channel`` (a DM to the bot, a thread...): stored
        and announced as MESSAGE_CREATE."""
        msg = StoredMessage(
            id=self.world.ids.next(),
            channel_id=self._channel(channel).id,
            author_id=user.id,
            content=content,
            timestamp=self.clock.iso(),
        )
        await self.post_message(msg)
        return msg
