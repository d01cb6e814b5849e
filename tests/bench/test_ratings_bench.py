"""The benchmark's ratings section (issue 28): it fills a store as 100,000 rated games
would, reads it as ``/stats`` and ``/leaderboard`` do, and fails the run on a miss."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from bench import ratings as ratings_bench
from bench import sections
from bench.ratings import GUILD, bench_ratings, synthetic
from bench.targets import missed_checks
from bot.store import open_store


async def test_the_section_reads_what_it_filled(tmp_path: Path) -> None:
    path = str(tmp_path / "ratings.db")
    result = await bench_ratings(path, games=300, calls=20)
    assert result["history_rows"] == len(synthetic(300)[0]) and result["met"] is True
    store = await open_store(path)
    try:
        page, total = await store.leaderboard(GUILD, "g1", 1, 0, 10)
        stats = await store.player_stats(GUILD, page[0].player, None)
    finally:
        await store.close()
    assert len(page) == 10 and total > 10
    assert page == sorted(page, key=lambda s: -s.ordinal)
    assert sum(s.games for s in stats.standings) == len(
        [r for r in synthetic(300)[0] if r.player == page[0].player]
    )


async def test_a_query_past_its_target_is_a_missed_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The section judges each query's p95 against 50 ms; with the target made impossible
    every query misses, and ``python -m bench`` exits 1 on any missed check
    (tests/bench/test_bench.py)."""
    monkeypatch.setattr(sections, "RATED_GAMES", (300, 300))
    monkeypatch.delenv("TENKA_BENCH_POSTGRES", raising=False)
    monkeypatch.delenv("TENKA_TEST_POSTGRES", raising=False)
    args = argparse.Namespace(quick=True)
    met = await sections.ratings(args)
    assert met["missed"] == 0 and len(met["checks"]) == 2
    monkeypatch.setattr(ratings_bench, "TARGET_MS", 0.0)
    missed = await sections.ratings(args)
    assert [c["figure"] for c in missed_checks(missed)] == [
        "sqlite /stats p95_ms",
        "sqlite /leaderboard p95_ms",
    ]
