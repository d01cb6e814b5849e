"""Gateway sharding in the emulator, proven with discord.py's ``AutoShardedClient``.

Discord's rule: a session identified with ``shard: [i, n]`` gets a guild's events only when
``(guild_id >> 22) % n == i``, and events without a guild (DMs) only on shard 0.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import discord
import pytest
import pytest_asyncio

from tests.emulator import Channel, Emulator, FakeUser, Guild, start_client, stop_client
from tests.emulator.gateway import GatewaySession, guild_of_event, shard_of
from tests.emulator.model import Snowflakes


class Recorder(discord.AutoShardedClient):
    """A client on shards ``shard_ids`` of ``shard_count`` noting the interactions it gets."""

    def __init__(self, shard_count: int, shard_ids: list[int]) -> None:
        super().__init__(
            intents=discord.Intents.default(), shard_count=shard_count, shard_ids=shard_ids
        )
        self.seen: list[tuple[int | None, int | None]] = []  # (guild id, channel id)

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append((interaction.guild_id, interaction.channel_id))
        await interaction.response.send_message("seen", ephemeral=True)


class Unsharded(discord.Client):
    """A plain client (its IDENTIFY carries no ``shard``)."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.seen: list[tuple[int | None, int | None]] = []

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append((interaction.guild_id, interaction.channel_id))
        await interaction.response.send_message("seen", ephemeral=True)


@dataclass
class Split:
    emu: Emulator
    guilds: list[Guild]  # guilds[i] is on shard i of 2
    channels: list[Channel]
    alice: FakeUser
    clients: list[Recorder]


@pytest_asyncio.fixture
async def split(emulator: Emulator) -> AsyncIterator[Split]:
    guilds = [emulator.add_guild(f"G{i}", shard=(i, 2)) for i in (1, 0)][::-1]
    channels = [emulator.add_channel(g, "games") for g in guilds]
    alice = emulator.add_user("alice")
    clients = [Recorder(2, [0]), Recorder(2, [1])]
    for client in clients:
        await start_client(client, emulator)
    yield Split(emulator, guilds, channels, alice, clients)
    for client in clients:
        await stop_client(client)


def session_of(emu: Emulator, index: int) -> GatewaySession:
    (session,) = [s for s in emu.gateway.alive_sessions() if s.shard == [index, 2]]
    return session


def events(session: GatewaySession, kind: str) -> list[dict[str, Any]]:
    return [f["d"] for f in session.log if f["t"] == kind]


def test_the_shard_formula_matches_discords_documented_example() -> None:
    # serenity's documented example: guild 81384788765712384 among 17 shards is on 7
    assert shard_of(81384788765712384, 17) == 7
    assert shard_of(81384788765712384, 1) == 0
    assert guild_of_event("GUILD_CREATE", {"id": "42"}) == 42
    assert guild_of_event("MESSAGE_CREATE", {"id": "5", "channel_id": "6"}) is None
    assert guild_of_event("GUILD_ROLE_CREATE", {"guild_id": "9", "role": {}}) == 9


@pytest.mark.parametrize("count", [2, 3, 5])
def test_ids_can_be_made_for_any_shard_and_keep_increasing(count: int) -> None:
    class Still:
        def now(self) -> float:
            return 1_700_000_000.0

    ids = Snowflakes(Still())  # type: ignore[arg-type]
    made = [ids.next_on_shard(i % count, count) for i in range(3 * count)]
    assert [shard_of(m, count) for m in made] == [i % count for i in range(3 * count)]
    assert made == sorted(made) and len(set(made)) == len(made)


async def test_each_shard_gets_only_its_guilds_at_identify(split: Split) -> None:
    emu = split.emu
    for index, client in enumerate(split.clients):
        assert [g.id for g in client.guilds] == [split.guilds[index].id]
        session = session_of(emu, index)
        (ready,) = events(session, "READY")
        assert ready["shard"] == [index, 2]
        assert [int(g["id"]) for g in ready["guilds"]] == [split.guilds[index].id]
        assert [int(g["id"]) for g in events(session, "GUILD_CREATE")] == [split.guilds[index].id]


async def test_guild_events_reach_only_the_shard_holding_the_guild(split: Split) -> None:
    emu = split.emu
    for index in (0, 1):
        await emu.user_says(split.alice, split.channels[index], f"hello {index}")
    dm = emu.dm_channel(split.alice)
    await emu.user_says(split.alice, dm, "a DM")
    late = emu.add_guild("Late", shard=(1, 2))
    emu.add_channel(split.guilds[0], "more")
    await emu._flush()
    zero, one = session_of(emu, 0), session_of(emu, 1)
    assert [m["content"] for m in events(zero, "MESSAGE_CREATE")] == ["hello 0", "a DM"]
    assert [m["content"] for m in events(one, "MESSAGE_CREATE")] == ["hello 1"]
    assert [int(g["id"]) for g in events(one, "GUILD_CREATE")][-1] == late.id
    assert late.id not in [int(g["id"]) for g in events(zero, "GUILD_CREATE")]
    assert [c["name"] for c in events(zero, "CHANNEL_CREATE")] == ["more"]
    assert events(one, "CHANNEL_CREATE") == []
    await emu.wait_until(lambda: split.clients[1].get_guild(late.id) is not None)
    assert split.clients[0].get_guild(late.id) is None


async def test_interactions_go_to_the_guilds_shard_and_dms_to_shard_0(split: Split) -> None:
    emu = split.emu
    dm = emu.dm_channel(split.alice)
    for channel in [split.channels[1], split.channels[0], dm]:
        message = emu.plant_message(channel, buttons=["poke"])
        handle = await emu.click(split.alice, message, "poke")
        assert (await handle.response()).message is not None
    assert split.clients[0].seen == [(split.guilds[0].id, split.channels[0].id), (None, dm.id)]
    assert split.clients[1].seen == [(split.guilds[1].id, split.channels[1].id)]


async def test_an_unsharded_client_gets_everything(emulator: Emulator) -> None:
    guilds = [emulator.add_guild(f"G{i}", shard=(i, 2)) for i in (0, 1)]
    channels = [emulator.add_channel(g, "games") for g in guilds]
    alice = emulator.add_user("alice")
    client = Unsharded()
    await start_client(client, emulator)
    try:
        (session,) = emulator.gateway.alive_sessions()
        assert session.shard is None
        assert {g.id for g in client.guilds} == {g.id for g in guilds}
        for channel in [*channels, emulator.dm_channel(alice)]:
            message = emulator.plant_message(channel, buttons=["poke"])
            await (await emulator.click(alice, message, "poke")).response()
        assert len(client.seen) == 3
    finally:
        await stop_client(client)


async def test_no_session_on_the_shard_is_a_test_error(emulator: Emulator) -> None:
    guild = emulator.add_guild("Alone", shard=(1, 2))
    channel = emulator.add_channel(guild, "games")
    alice = emulator.add_user("alice")
    client = Recorder(2, [0])
    await start_client(client, emulator)
    try:
        assert list(client.guilds) == []
        message = emulator.plant_message(channel, buttons=["poke"])
        with pytest.raises(RuntimeError, match="shard"):
            await emulator.click(alice, message, "poke")
    finally:
        await stop_client(client)
