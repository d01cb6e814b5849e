"""The benchmark's ratings section (issue 28): it fills a store as 100,000 rated games
would, reads it as ``/stats`` and ``/leaderboard`` do, and fails the run on a miss."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from bench import __main__ as bench_main
from bench.ratings import GUILD, bench_ratings, synthetic
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


def test_a_missed_target_fails_the_benchmark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "results.json"
    monkeypatch.setattr(bench_main, "SECTIONS", {"ratings": lambda args: {"met": False}})
    assert bench_main.main(["--only", "ratings", "--out", str(out)]) == 1
    assert json.loads(out.read_text())["ratings"] == {"met": False}
    monkeypatch.setattr(bench_main, "SECTIONS", {"ratings": lambda args: {"met": True}})
    assert bench_main.main(["--only", "ratings", "--out", str(out)]) == 0
    out.write_text(json.dumps({"ratings": {"met": False}}))  # an earlier run's miss
    monkeypatch.setattr(bench_main, "SECTIONS", {"faults": lambda args: {"kills": 0}})
    assert bench_main.main(["--only", "faults", "--out", str(out)]) == 0  # not this run's
