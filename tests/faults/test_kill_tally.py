"""The kill -9 bookkeeping: what users saw acknowledged (moves, undos, takebacks) against
the log a killed bot left behind."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bench.faults.stream import Tally


def _db(where: Path, version: int, log: list[str]) -> Path:
    where.mkdir(parents=True, exist_ok=True)
    db = where / "k.db"
    with sqlite3.connect(db) as conn:
        conn.execute("CREATE TABLE games (id INTEGER PRIMARY KEY, version INTEGER)")
        conn.execute("CREATE TABLE actions (game_id INTEGER, seq INTEGER, text TEXT)")
        conn.execute("INSERT INTO games VALUES (1, ?)", (version,))
        conn.executemany("INSERT INTO actions VALUES (1, ?, ?)", list(enumerate(log)))
    return db


def test_a_takeback_voids_the_moves_it_took_back(tmp_path: Path) -> None:
    tally = Tally()
    for seq, text in enumerate(["a", "b", "c"]):
        tally.move(1, seq, text)
    tally.rollback(1, 1)  # b and c taken back
    tally.move(1, 1, "x")
    assert tally.figures(_db(tmp_path, 2, ["a", "x"])) == {"lost_moves": 0, "doubled_moves": 0}


def test_a_move_missing_or_acknowledged_twice_is_counted(tmp_path: Path) -> None:
    tally = Tally()
    tally.move(1, 0, "a")
    tally.move(1, 1, "b")
    tally.move(1, 1, "b")  # the same place acknowledged twice, nothing taken back between
    tally.move(1, 2, "c")  # lost: the log stops at 2
    assert tally.figures(_db(tmp_path, 2, ["a", "b"])) == {"lost_moves": 1, "doubled_moves": 1}


def test_an_undo_in_flight_at_the_kill_counts_when_the_log_shows_it(tmp_path: Path) -> None:
    done, not_done = Tally(), Tally()
    for tally in (done, not_done):
        tally.move(1, 0, "a")
        tally.move(1, 1, "b")
        tally.inflight = (1, 1)
    done.settle(_db(tmp_path / "done", 1, ["a"]))
    not_done.settle(_db(tmp_path / "not", 2, ["a", "b"]))
    assert done.events[-1] == ("rollback", 1, 1, "") and done.inflight is None
    assert not_done.events[-1] == ("move", 1, 1, "b") and not_done.inflight is None
