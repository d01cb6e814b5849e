"""The store-calls figure: one human move through ``Service.act``, counted by kind."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.configs import Config, configurations
from bench.store_calls import COMMITS, NOT_COUNTED, READS, WRITES, CountingStore, count_moves
from bot.service.facade import Service
from bot.store import Store, open_store

ONE_PER_GAME = list({c.key: c for c in configurations()}.values())


def test_every_store_method_is_classified_once() -> None:
    declared = {
        name for name, value in vars(Store).items() if callable(value) and not name.startswith("_")
    }
    kinds = [COMMITS, WRITES, READS, NOT_COUNTED]
    assert set().union(*kinds) == declared
    assert sum(map(len, kinds)) == len(declared)  # no method in two kinds


@pytest.mark.parametrize("config", ONE_PER_GAME, ids=lambda c: c.label)
async def test_one_human_move_reports_its_store_calls(tmp_path: Path, config: Config) -> None:
    inner = await open_store(str(tmp_path / "calls.db"))
    store = CountingStore(inner)
    try:
        samples = await count_moves(Service(store), store, config, moves=2)
    finally:
        await inner.close()
    assert len(samples) == 2
    for split, calls in samples:
        assert split["commits"] == 1  # the move itself, appended once
        assert split["reads"] > 0
        assert split["total"] == sum(calls.values()) > split["commits"]
        assert "unclassified" not in split


async def test_the_proxy_counts_what_it_forwards(tmp_path: Path) -> None:
    inner = await open_store(str(tmp_path / "proxy.db"))
    store = CountingStore(inner)
    try:
        row = await store.create_game(
            guild_id=None, channel_id=1, creator_id=1, game_key="x", options={}, seed=0,
            rules_version=1,
        )  # fmt: skip
        assert (await store.get_game(row.id)) == row
        assert store.snapshot_every == inner.snapshot_every  # attributes pass through
        assert store.split() == {"commits": 0, "writes": 1, "reads": 1, "total": 2, "loads": 1}
        store.reset()
        assert store.split()["total"] == 0
    finally:
        await inner.close()
