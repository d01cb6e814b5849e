"""The level table (``bench/levels.py``): strength judged against 1.5x the fair share in
the full run only, the time per move in both; every level against the one below it."""

from __future__ import annotations

import pytest

import games
from bench import levels
from bench.configs import Config

CHINA_3P = Config("china", games.get("china"), {}, 3)


def test_the_full_table_judges_strength_against_one_and_a_half_fair_shares(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(levels, "configurations", lambda: iter([CHINA_3P]))
    result = levels.levels(quick=False, games=3)
    assert [r["opponent"] for r in result["rows"]] == ["hard vs normal", "normal vs easy"]
    for row in result["rows"]:
        assert row["games"] == 3 and row["fair_share"] == pytest.approx(1 / 3, abs=1e-3)
        assert (row["share_target"], row["p95_s_target"]) == (">= 0.5", "<= 2")
    judged = sorted({c["figure"].split()[-1] for c in result["checks"]})
    assert judged == ["p95_s", "share"]


def test_the_quick_table_judges_the_time_per_move_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(levels, "heaviest", lambda: [CHINA_3P])
    result = levels.levels(quick=True)
    timed, played = result["rows"]
    assert timed["opponent"] == "hard, timed" and timed["moves"] == levels.QUICK_POSITIONS
    assert played["opponent"] == "normal vs easy" and played["games"] == 1
    assert {c["figure"].split()[-1] for c in result["checks"]} == {"p95_s"}
    assert "time per move only" in result["judged"]


def test_a_cell_is_played_in_whole_rounds() -> None:
    assert levels._rounds(60, 3) == 60 and levels._rounds(60, 4) == 60
    assert levels._rounds(60, 7) == 63 and levels._rounds(1, 5) == 5
