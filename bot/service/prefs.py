"""Players' and servers' preferences (language, palette, reminders, deadlines, threads)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from bot.store import Store


class Prefs:
    def __init__(self, store: Store) -> None:
        self.store = store

    async def user(self, user_id: int) -> dict[str, Any]:
        return await self.store.user_settings(user_id)

    async def set_user(self, user_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        return await self.store.set_user_settings(user_id, changes)

    async def guild(self, guild_id: int) -> dict[str, Any]:
        return await self.store.guild_settings(guild_id)

    async def set_guild(self, guild_id: int, changes: Mapping[str, Any]) -> dict[str, Any]:
        return await self.store.set_guild_settings(guild_id, changes)
