"""The SQLite store's worker thread: a store nobody closed (a crash path, a test that
failed before its cleanup) must not hold the process at exit, as aiosqlite's thread did."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

LEAVE_OPEN = """
import asyncio, sys
from bot.store import open_store

async def main():
    store = await open_store(sys.argv[1])
    await store.get_game(1)  # the worker has served a call; the store stays open

asyncio.run(main())
print("done")
"""


def test_a_store_left_open_does_not_hold_the_process_at_exit(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-c", LEAVE_OPEN, str(tmp_path / "open.db")],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,  # a hang guard: the process ends at once or never
    )
    assert (done.returncode, done.stdout.strip()) == (0, "done"), done.stderr[-2000:]
