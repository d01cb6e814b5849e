"""Bad persisted data: a corrupt game row and a storage that refuses writes each answer a
sentence (defects the fault suite found), and the whole bad-data run reports nothing lost."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest

from bench.configs import configurations
from bench.faults.baddata import run_bad_data
from bench.tables import open_table
from bot.edge.runner import error_text
from bot.service.facade import Service
from bot.service.results import BrokenGame
from bot.store import open_store
from bot.words.text import t


@pytest.mark.parametrize(
    "message", ["attempt to write a readonly database", "database or disk is full"]
)
def test_a_storage_that_refuses_writes_is_told_in_a_sentence(message: str) -> None:
    text = error_text(sqlite3.OperationalError(message), "en")
    assert text == t("err.storage", "en")
    assert "error id" not in text


async def test_a_game_row_whose_json_is_corrupt_is_set_aside(tmp_path: Path) -> None:
    store = await open_store(str(tmp_path / "t.db"))
    service = Service(store, render=False)
    config = next(c for c in configurations() if c.key == "yokai")
    broken = await open_table(service, config, [(1, "a"), (2, "b")], seed=1)
    fine = await open_table(service, config, [(1, "a"), (2, "b")], seed=2)
    with sqlite3.connect(tmp_path / "t.db") as conn:
        conn.execute("UPDATE games SET settings = '{oops' WHERE id = ?", (broken,))
    with pytest.raises(BrokenGame):
        await service.load(broken)
    assert (await service.load(fine)).row.status == "active"
    await store.close()


async def test_bad_data_run_loses_nothing_and_recovers() -> None:
    found = await run_bad_data()
    assert found["faults"] == 4 and found["recoveries"] == 4, found
    zero = ("unclear_answers", "others_blocked", "half_written", "exceptions")
    assert {k: found[k] for k in zero} == dict.fromkeys(zero, 0), found["problems"]
    assert "faults_not_felt" not in found, found["problems"]
