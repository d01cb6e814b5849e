"""Sharding settings: which shards a process runs, and the client they give."""

from __future__ import annotations

import pytest

from bot.app import ShardedTenkaBot, TenkaBot, make_bot
from bot.config import Config


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
