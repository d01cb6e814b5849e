"""Sharding settings: which shards a process runs, and the client they give; what a game
owes whichever process delivers it."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.configs import configurations
from bench.tables import open_table
from bot.config import Config
from bot.edge.app import ShardedTenkaBot, TenkaBot, make_bot
from bot.service.facade import Service
from bot.store import open_store


def config(**env: str) -> Config:
    return Config.load(env={"DISCORD_TOKEN": "t", **env})


def test_shard_settings_parse_lists_and_ranges() -> None:
    assert (config().shard_count, config().shard_ids) == (None, None)
    assert config(TENKA_SHARD_COUNT="2").shard_ids == (0, 1)
    both = config(TENKA_SHARD_COUNT="8", TENKA_SHARD_IDS="0,2-4, 7")
    assert (both.shard_count, both.shard_ids) == (8, (0, 2, 3, 4, 7))
    for bad in ({"TENKA_SHARD_IDS": "0"}, {"TENKA_SHARD_COUNT": "0"},
                {"TENKA_SHARD_COUNT": "2", "TENKA_SHARD_IDS": "2"},
                {"TENKA_SHARD_COUNT": "2", "TENKA_SHARD_IDS": "0,0"},
                {"TENKA_SHARD_COUNT": "4", "TENKA_SHARD_IDS": "a-b"}):  # fmt: skip
        with pytest.raises(ValueError, match="TENKA_SHARD"):
            config(**bad)


def test_a_shard_count_gives_an_auto_sharded_client_on_its_shards() -> None:
    plain = make_bot(config())
    assert type(plain) is TenkaBot and plain.shard_count is None
    sharded = make_bot(config(TENKA_SHARD_COUNT="4", TENKA_SHARD_IDS="2,3"))
    assert isinstance(sharded, ShardedTenkaBot)
    assert (sharded.shard_count, sharded.shard_ids) == (4, [2, 3])


async def test_a_start_whose_posts_were_lost_still_owes_every_secret_form(
    tmp_path: Path,
) -> None:
    """Found by the two-process test: a game started in one process (or before a crash)
    whose start was never delivered owed only its board, so whichever process caught up
    posted the board and sent no one their secret opening form."""
    store = await open_store(str(tmp_path / "owed.db"))
    try:
        service = Service(store, render=False)
        samurai = next(c for c in configurations() if c.key == "samurai")
        pairs = [(500 + i, f"P{i}") for i in range(samurai.players)]
        game_id = await open_table(service, samurai, pairs, seed=3)  # its result is dropped
        owed = await service.owed(game_id)
        assert owed is not None and [p.board for p in owed.public] == [True]
        assert sorted(p.user_id for p in owed.private) == [u for u, _ in pairs]
        assert all(p.form is not None for p in owed.private)  # the opening pick, to answer
        await service.mark_published(game_id, owed.revision)
        assert await service.owed(game_id) is None
    finally:
        await store.close()
