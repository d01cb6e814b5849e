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
    with sqlite3.connect(db) as conn:
        return [r[0] for r in conn.execute("PRAGMA integrity_check")] == ["ok"]


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
            replayed, _ = engine.replay(game, game.load_state(json.loads(start)), log)
            stored = game.load_state(json.loads(state))
            if game.dump_state(replayed) != game.dump_state(stored):
                problems.append(f"game {game_id}: the log does not replay to the stored state")
    return problems


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
