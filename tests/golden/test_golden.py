"""Stored games replay to the same end: the log's notation is a contract.

Each ``*.json`` here is one seeded game (see :mod:`tests.golden.record`, which regenerates
them by hand). A parser or notation change that breaks a stored game fails these tests.

``legacy/`` keeps games recorded before a rules fix, as a user's database holds them: the
log and the first snapshot the engine of their time stored (never re-recorded). They replay
from that snapshot to their recorded end, so a game in progress keeps the rules it began
with (Rising Sun's rules editions).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import games
from games import engine
from games.base import GameError
from tests.golden.record import HERE, configurations, outcome_json, path_for, start, state_hash

FILES = sorted(HERE.glob("*.json"))
LEGACY = sorted((HERE / "legacy").glob("*.json"))


def load(path: Path) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    record["log"] = [(seat, text) for seat, text in record["log"]]
    return record


def replay(record: dict[str, Any]) -> tuple[str, Any]:
    """The state hash and outcome after replaying ``record``'s log with the engine."""
    game = games.get(record["key"])
    state, _ = engine.replay(game, start(game, record), record["log"])
    return state_hash(game, state), outcome_json(game, state)


def test_every_game_variant_and_player_count_has_a_golden_game() -> None:
    expected = {path_for(game, variant, players) for game, variant, players in configurations()}
    missing = sorted(p.name for p in expected - set(FILES))
    assert not missing, f"run python -m tests.golden.record to add {missing}"
    assert set(FILES) == expected  # no file left from a removed game or variant


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_stored_game_replays_to_the_same_state_and_outcome(path: Path) -> None:
    record = load(path)
    assert record["log"], "an empty log tests nothing"
    digest, outcome = replay(record)
    assert digest == record["state_sha256"]
    assert outcome == record["outcome"]
    assert (outcome is not None) == record["ended"]


@pytest.mark.parametrize("path", LEGACY, ids=lambda p: p.stem)
def test_a_game_stored_under_older_rules_replays_to_its_recorded_end(path: Path) -> None:
    """Guards the rules editions: an old Rising Sun game's snapshot (no edition in it)
    loads under the rules it began with, and its log (past Spring's cleanup, Hire Ronin,
    Imperial Poets) reaches the very state and outcome recorded then."""
    record = load(path)
    game = games.get(record["key"])
    state, _ = engine.replay(game, game.load_state(record["snapshot"]), record["log"])
    assert state_hash(game, state) == record["state_sha256"]
    assert outcome_json(game, state) == record["outcome"]


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_stored_notation_is_still_canonical(path: Path) -> None:
    """Every stored text still parses, for the seat that played it, to an action whose
    canonical notation is that very text."""
    record = load(path)
    game = games.get(record["key"])
    state = start(game, record)
    for seat, text in record["log"]:
        action = game.parse(state, seat, text)
        assert game.notation(state, action) == text
        state, _ = engine.act(game, state, seat, action)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_a_corrupted_notation_fails_the_replay(path: Path) -> None:
    record = load(path)
    middle = len(record["log"]) // 2
    seat, _ = record["log"][middle]
    record["log"][middle] = (seat, "@@ not a move @@")
    with pytest.raises(GameError):
        replay(record)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.stem)
def test_another_legal_move_changes_the_end(path: Path) -> None:
    """The hash sees a different game: playing another legal move in the middle either
    breaks the replay later or ends in another state."""
    record = load(path)
    game = games.get(record["key"])
    middle = len(record["log"]) // 2
    before, _ = engine.replay(game, start(game, record), record["log"][:middle])
    seat, text = record["log"][middle]
    others = [n for n in engine.legal_notations(game, before, seat) if n != text]
    assert others, "pick a game whose middle move had a choice"
    record["log"][middle] = (seat, others[0])
    try:
        digest, _ = replay(record)
    except GameError:
        return
    assert digest != record["state_sha256"]
