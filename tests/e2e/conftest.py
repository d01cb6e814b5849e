"""End-to-end fixtures: the real Tenka bot connected to the local Discord emulator."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.config import Config
from bot.edge.app import TenkaBot
from bot.store import Store
from tests.emulator import Channel, Emulator, FakeUser, Guild, start_client, stop_client
from tests.emulator.world import StoredMessage


@dataclass
class Clock:
    """Simulated wall clock shared by the bot and the test."""

    now: float = 1_800_000_000.0

    def __call__(self) -> float:
        return self.now


@dataclass
class Table:
    emu: Emulator
    guild: Guild
    channel: Channel
    alice: FakeUser
    bob: FakeUser
    carol: FakeUser
    bot: TenkaBot
    db: Path
    clock: Clock
    extra: dict[str, Any] = field(default_factory=dict)

    def make_bot(self) -> TenkaBot:
        return make_bot(self.emu, self.db, self.clock)

    async def slash(self, user: FakeUser, channel: Any, name: str, **options: Any) -> Any:
        handle = await self.emu.slash(user, channel, name, options)
        await handle.response()
        return handle

    async def answer(self, handle: Any) -> StoredMessage:
        """The text a user finally sees for an interaction (deferred or not)."""
        callback = await handle.response()
        if handle.deferred:
            (message,) = await handle.followups(1, timeout=10)
            return message
        assert callback.message is not None
        return callback.message


def make_bot(
    emu: Emulator,
    db: Path,
    clock: Callable[[], float],
    store: Store | None = None,
    *,
    ai_budget_s: float = 0.02,
    ai_workers: int | None = None,
) -> TenkaBot:
    config = Config(
        token=emu.token,
        database=str(db),
        api_base=None,
        gateway=None,
        dev_guild=None,
        log_level="INFO",
        ai_workers=ai_workers,
    )
    return TenkaBot(config, clock=clock, ai_budget_s=ai_budget_s, store=store)


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh store on each backend (PostgreSQL: a real server, see ``tests/pg.py``);
    a test narrows it with ``@pytest.mark.parametrize("url", [...], indirect=True)``."""
    if request.param == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return str(tmp_path / "t.db")


@pytest_asyncio.fixture
async def table(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Table]:
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games")
    alice = emulator.add_user("alice")
    bob = emulator.add_user("bob")
    carol = emulator.add_user("carol")
    clock = Clock()
    db = tmp_path / "tenka.db"
    bot = make_bot(emulator, db, clock)
    await start_client(bot, emulator)
    await bot.tree.sync()
    t = Table(emulator, guild, channel, alice, bob, carol, bot, db, clock)
    yield t
    await stop_client(t.bot)
