"""``python -m games match``: whole games, levels rotated over the seats, ties split, one
JSON object, and a friendly one-line error for seats it cannot play."""

from __future__ import annotations

import json
from typing import Any

import pytest

import games
from games import match
from games.__main__ import main
from games.base import Outcome, Termination
from games.match import play_match, rotation, win_shares

CHINA = games.get("china")
LEVEL_FIELDS = {"wins", "games", "share", "fair_share", "share_vs_fair", "moves", "p50_s", "p95_s"}


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _timeless(report: dict[str, Any]) -> dict[str, Any]:
    """The report without the measured seconds (the rest is a function of the seed)."""
    levels = {
        k: {f: v for f, v in row.items() if not f.endswith("_s")}
        for k, row in report["levels"].items()
    }
    return {**report, "levels": levels}


def test_a_tie_for_first_is_split_evenly() -> None:
    tie = Outcome(Termination.SCORING, frozenset({0, 2}), (1, 3, 1), (5.0, 1.0, 5.0))
    assert win_shares(tie) == {0: 0.5, 2: 0.5}
    alone = Outcome(Termination.SCORING, frozenset({1}), (2, 1, 3), (3.0, 9.0, 1.0))
    assert win_shares(alone) == {1: 1.0}


def test_the_wins_of_a_match_add_up_to_its_games() -> None:
    report = play_match(CHINA, ("normal", "easy", "easy"), 3, seed=4)
    assert sum(row["wins"] for row in report["levels"].values()) == pytest.approx(3)


def test_every_level_sits_in_every_seat() -> None:
    seats = ("hard", "normal", "normal")
    seen = {(s, level) for g in range(3) for s, level in enumerate(rotation(seats, g))}
    assert seen == {(s, level) for s in range(3) for level in ("hard", "normal")}
    report = play_match(CHINA, ("normal", "easy", "easy"), 3, seed=2)
    assert report["levels"]["normal"]["games"] == 3 and report["levels"]["easy"]["games"] == 6


def test_the_command_prints_one_json_object_the_same_for_a_seed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    argv = ("match", "china", "--players", "3", "--seats", "normal,easy,easy", "--games", "2")
    status, out, err = _run(capsys, *argv, "--seed", "9")
    assert status == 0 and err == "" and len(out.strip().splitlines()) == 1
    report = json.loads(out)
    assert {"game", "players", "options", "seed", "games", "seats", "levels"} <= set(report)
    assert (report["game"], report["players"], report["seed"]) == ("china", 3, 9)
    assert report["options"]["side"] == "auto"
    for row in report["levels"].values():
        assert set(row) == LEVEL_FIELDS
        assert row["fair_share"] == pytest.approx(1 / 3, abs=1e-3)
        assert row["p50_s"] <= row["p95_s"]
    again = json.loads(_run(capsys, *argv, "--seed", "9")[1])
    assert _timeless(again) == _timeless(report)


@pytest.mark.parametrize(
    ("seats", "words"),
    [
        ("normal,easy", "names 2 levels for 3 players"),
        ("normal,easy,easy,easy", "names 4 levels for 3 players"),
        ("normal,brutal,easy", "Unknown level 'brutal'"),
        ("normal,,easy", "Unknown level ''"),
    ],
)
def test_bad_seats_get_one_friendly_line_and_status_2(
    capsys: pytest.CaptureFixture[str], seats: str, words: str
) -> None:
    status, out, err = _run(capsys, "match", "china", "--players", "3", "--seats", seats)
    assert status == 2 and out == ""
    assert err.strip() and "\n" not in err.strip() and "Traceback" not in err
    assert words in err


def test_a_game_that_does_not_end_is_an_error_not_a_draw(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(match, "MAX_ACTIONS", 5)
    argv = ("match", "china", "--players", "3", "--seats", "easy,easy,easy", "--games", "1")
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == ""
    assert "did not end within 5 actions" in err and "\n" not in err.strip()
