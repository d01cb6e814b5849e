"""Checks on a database the bot left behind (after a kill, a race, a fault): the file is
sound, every game's log replays to its stored state without gap or duplicate, and every
move a user saw acknowledged is in its log exactly once."""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from games import engine


@dataclass(frozen=True)
class Ack:
    """A move the user was told was played: ``text`` at log position ``seq``."""

    game_id: int
    seq: int
    text: str


def integrity_ok(db: Path) -> bool:
    """``PRAGMA integrity_check`` says ok (a file too damaged to check is not ok)."""
    try:
        with sqlite3.connect(db) as conn:
            return [r[0] for r in conn.execute("PRAGMA integrity_check")] == ["ok"]
    except sqlite3.DatabaseError:
        return False


def replay_problems(db: Path) -> list[str]:
    """Games whose log (from their snapshot 0) does not replay to the stored state, or whose
    log has a gap or a duplicate position."""
    problems = []
    with sqlite3.connect(db) as conn:
        rows = conn.execute(
            "SELECT id, game_key, version, state FROM games WHERE state IS NOT NULL"
        ).fetchall()
        for game_id, key, version, state in rows:
            game = games.get(key)
            seqs = [
                r[0]
                for r in conn.execute(
                    "SELECT seq FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
                )
            ]
            if seqs != list(range(version)):
                problems.append(f"game {game_id}: log {seqs[:3]}..{seqs[-3:]} vs version {version}")
                continue
            (start,) = conn.execute(
                "SELECT state FROM snapshots WHERE game_id = ? AND seq = 0", (game_id,)
            ).fetchone()
            log = conn.execute(
                "SELECT seat, text FROM actions WHERE game_id = ? ORDER BY seq", (game_id,)
            ).fetchall()
            stored = game.load_state(json.loads(state))
            if not _replays_to(game, game.load_state(json.loads(start)), log, stored):
                problems.append(f"game {game_id}: the log does not replay to the stored state")
    return problems


def _replays_to(game: Any, start: Any, log: Any, stored: Any) -> bool:
    """The log replays from ``start`` to ``stored`` (a row it cannot play does not)."""
    try:
        replayed, _ = engine.replay(game, start, log)
    except ValueError:  # GameError: a log row the rules refuse
        return False
    return bool(game.dump_state(replayed) == game.dump_state(stored))


def ack_figures(db: Path, acks: list[Ack]) -> dict[str, int]:
    """``lost``: acknowledged moves not in the log at their place; ``doubled``: an
    acknowledged (game, position) acknowledged twice, or a text logged twice in a row by
    the same acknowledgement."""
    lost = doubled = 0
    seen: set[tuple[int, int]] = set()
    with sqlite3.connect(db) as conn:
        for ack in acks:
            if (ack.game_id, ack.seq) in seen:
                doubled += 1
                continue
            seen.add((ack.game_id, ack.seq))
            row = conn.execute(
                "SELECT text FROM actions WHERE game_id = ? AND seq = ?", (ack.game_id, ack.seq)
            ).fetchone()
            if row is None or row[0] != ack.text:
                lost += 1
    return {"lost_moves": lost, "doubled_moves": doubled}


def game_versions(db: Path) -> dict[int, tuple[Any, ...]]:
    with sqlite3.connect(db) as conn:
        return {
            r[0]: tuple(r[1:])
            for r in conn.execute("SELECT id, version, status, revision FROM games")
        }


async def store_replay_problems(store: Any, game_ids: list[int]) -> list[str]:
    """:func:`replay_problems` through the ``Store`` protocol, for any backend (PostgreSQL
    too): each game's log is ``0..version-1`` without gap or duplicate, and replays from
    its first snapshot to the stored state."""
    problems = []
    for game_id in game_ids:
        row = await store.get_game(game_id)
        if row is None or row.state is None:
            problems.append(f"game {game_id}: missing or never started")
            continue
        game = games.get(row.game_key)
        log = await store.actions(game_id)
        seqs = [a.seq for a in log]
        if seqs != list(range(row.version)):
            problems.append(f"game {game_id}: log {seqs[:3]}..{seqs[-3:]} vs version {row.version}")
            continue
        seq, start = await store.snapshot_at_or_before(game_id, 0)
        if seq != 0:
            problems.append(f"game {game_id}: no snapshot at the start")
            continue
        moves = [(a.seat, a.text) for a in log]
        if not _replays_to(game, game.load_state(start), moves, game.load_state(row.state)):
            problems.append(f"game {game_id}: the log does not replay to the stored state")
    return problems
