"""The benchmark runs every registered game the same way and names none of them."""

from __future__ import annotations

import argparse
import ast
import json
import re
from pathlib import Path
from typing import Any

import pytest

import bench.__main__ as bench_main
import games
from bench import matches, sections
from bench.balance import LIMIT, has_sides, mirror
from bench.configs import Config, configurations
from bench.matches import describe, opponent_name, win_rate
from bench.sections import _deepest_perft
from bench.targets import Checks, Target, at_least, at_most, missed_checks
from bench.through_service import bench_service
from games.__main__ import perft as cli_perft

BENCH = Path(__file__).resolve().parents[2] / "bench"
SOURCES = sorted(BENCH.glob("*.py"))


def test_configurations_cover_every_game_variant_and_player_count() -> None:
    seen = {(c.key, c.options.get("variant"), c.players) for c in configurations()}
    for key, game in games.GAMES.items():
        variants = next((o.choices for o in game.options if o.name == "variant"), (None,))
        for variant in variants:
            for players in game.seats:
                assert (key, variant, players) in seen


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: p.name)
def test_no_game_is_named_in_bench(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    for key in games.GAMES:
        assert not re.search(rf"""["'.]{key}\b""", text), f"{path.name} names {key!r}"


def _bench_imports(path: Path) -> set[str]:
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            names = [node.module]
        elif isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        else:
            continue
        found.update(n.split(".")[1] for n in names if n.startswith("bench."))
    return found


def test_bench_modules_import_each_other_without_a_circle() -> None:
    graph = {p.stem: _bench_imports(p) for p in SOURCES}
    assert graph["stats"] == set()  # the leaf every section shares
    done: set[str] = set()

    def visit(module: str, path: tuple[str, ...]) -> None:
        assert module not in path, f"import circle: {' -> '.join((*path, module))}"
        if module in done:
            return
        for imported in graph.get(module, set()):
            visit(imported, (*path, module))
        done.add(module)

    for module in graph:
        visit(module, ())


def test_deepest_perft_stops_within_its_budget_and_counts_like_the_cli() -> None:
    config = next(configurations())
    state = config.setup(0)
    depth, nodes, elapsed = _deepest_perft(lambda d: cli_perft(config.game, state, d), 0.05)
    assert depth >= 1 and elapsed >= 0
    assert nodes == cli_perft(config.game, state, depth)


@pytest.mark.parametrize("config", list(configurations()), ids=lambda c: c.label)
def test_win_rate_plays_every_game_with_its_own_player(config: Config) -> None:
    result = win_rate(config, against="random", games=1, budget_s=0.01, seed=3)
    assert result["wins"] + result["draws"] + result["losses"] == 1 and result["capped"] == 0
    assert result["mean_actions"] > 0 and result["ms_per_move"] > 0


async def test_service_section_plays_every_game_through_the_service() -> None:
    result = await bench_service(moves=3, max_games=1, render=False)
    labels = [row["game"] for row in result["rows"]]
    assert labels == [c.label for c in configurations()]
    for row in result["rows"]:
        assert row["moves"] == 3 and row["games"] == 1
        assert 0 < row["p50_ms"] <= row["p95_ms"]


async def test_emulator_section_reports_each_kind_of_interaction_apart() -> None:
    from bench.through_emulator import KINDS, bench_emulator

    configs = list(configurations())
    result = await bench_emulator(moves=1, configs=configs)
    assert [row["kind"] for row in result["rows"]] == list(KINDS)
    assert result["tables"] == len(configs)
    for row in result["rows"]:  # one autocomplete and one /move at every table
        assert row["interactions"] == len(configs) and row["tables"] == len(configs)
        assert row["per_s"] > 0 and 0 < row["p50_ms"] <= row["p95_ms"]
    assert {c["figure"] for c in result["checks"]} >= {"emulator problems (protocol misuse)"}


async def test_a_whole_move_through_discord_reports_its_store_calls_and_loads() -> None:
    from bench.store_calls import LOADS
    from bench.through_emulator import bench_whole_moves

    counted = await bench_whole_moves()
    assert set(counted) == {c.label for c in configurations()}
    for calls in counted.values():
        assert sum(calls["methods"].values()) == calls["move_total"]
        assert sum(calls["methods"].get(name, 0) for name in LOADS) == calls["move_loads"]
        assert calls["move_commits"] == 1 and calls["move_reads"] > 0
        assert calls["move_total"] > calls["move_commits"] and calls["move_loads"] >= 1


def _sections(monkeypatch: pytest.MonkeyPatch, results: dict[str, Any]) -> None:
    """The benchmark with these sections and their results (no child interpreter)."""
    monkeypatch.setattr(bench_main, "SECTIONS", dict.fromkeys(results, lambda args: None))
    monkeypatch.setattr(bench_main, "run_section", lambda name, argv: results[name])


def test_only_updates_its_sections_and_keeps_the_others(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "results.json"
    out.write_text(json.dumps({"store": {"moves_per_s": 1.0}, "faults": {"old": 1}}))
    _sections(monkeypatch, {"faults": {"kills": 3}})
    assert bench_main.main(["--only", "faults", "--out", str(out)]) == 0
    written = json.loads(out.read_text())
    assert written["store"] == {"moves_per_s": 1.0}
    assert written["faults"] == {"kills": 3}
    assert set(written["section_when"]) == {"faults"}
    _sections(monkeypatch, {"store": {"moves_per_s": 2.0}})
    assert bench_main.main(["--out", str(out)]) == 0  # a whole run starts afresh
    assert "faults" not in json.loads(out.read_text())


def test_a_missed_target_makes_the_benchmark_exit_1(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    checks = Checks()
    row = {"game": "g 2p", "p95_ms": 30.0}
    checks.row(row, "p95_ms", at_most(20.0))
    _sections(monkeypatch, {"legal": checks.result(rows=[row]), "store": {"rows": []}})
    assert bench_main.main(["--out", str(tmp_path / "r.json")]) == 1
    printed = capsys.readouterr().out
    assert "p95_ms_target" in printed and "<= 20" in printed  # the target beside the figure
    assert "1 target(s) missed" in printed and "legal: g 2p p95_ms = 30" in printed
    met = Checks()
    met.row({"game": "g 2p", "p95_ms": 10.0}, "p95_ms", at_most(20.0))
    _sections(monkeypatch, {"legal": met.result(rows=[])})
    assert bench_main.main(["--out", str(tmp_path / "r.json")]) == 0


def test_a_section_that_fails_to_run_is_a_missed_target() -> None:
    """The child interpreter of a section that crashes (here: no such section) reports a
    missed check, never an empty result that would pass."""
    result = bench_main.run_section("no such section", ["--quick"])
    assert [c["ok"] for c in missed_checks(result)] == [False]


@pytest.mark.parametrize(
    ("target", "value", "met"),
    [
        (at_most(20.0), 20.0, True),
        (at_most(20.0), 20.5, False),
        (at_least(0.8), 0.8, True),
        (at_least(0.8), 0.79, False),
        (at_least(0.8), float("nan"), False),
        (at_most(20.0), float("nan"), False),
        (at_most(0), None, False),
    ],
)
def test_a_target_is_met_only_by_a_figure_within_it(target: Target, value: Any, met: bool) -> None:
    assert target.met(value) is met


def test_a_game_stopped_at_the_safety_cap_is_an_error_not_a_draw(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(matches, "SAFETY_CAP", 3)  # no game ends in 3 actions
    config = next(configurations())
    result = win_rate(config, against="random", games=2, budget_s=0.01, seed=1)
    assert result["capped"] == 2
    assert result["wins"] == result["draws"] == result["losses"] == 0


def test_the_opponent_is_named_and_a_mirror_is_said() -> None:
    """Where the game's "easy" player is the very player tested, the row says "mirror";
    where it differs it does not (both cases exist among the registered games)."""
    mirrors = []
    for config in configurations():
        tested = describe(config.game.make_player(matches.STRENGTH, 0, 0.1))
        same = describe(config.game.make_player("easy", 0, 0.1)) == tested
        name = opponent_name(config, "easy", 0.1)
        assert name.startswith("easy") and ("mirror" in name) == same
        assert opponent_name(config, "random", 0.1).startswith("random (RandomPlayer")
        mirrors.append(same)
    assert any(mirrors) and not all(mirrors)


def test_balance_counts_wins_per_side_in_mirror_matches() -> None:
    """The balance section (issue 24, item 7): for a game whose seats play different sides
    (``Game.sides``), mirror matches of its own player count each side's games and wins;
    a shared win is split, so the wins add up to the games played. The sides are those
    played (Rising Sun's clans are chosen after setup, so read at the end, not ''). Two
    games, so the suite's time stays small (the benchmark plays 300 per player count)."""
    sided = [c for c in configurations() if has_sides(c)]
    assert sided, "no game declares sides: the balance table would be empty"
    assert all(c.game.sides(c.setup(0)) is None for c in configurations() if c not in sided)
    config = min(sided, key=lambda c: c.players)
    result = mirror(config, 2, seed=1)
    rows = result["sides"]
    assert "" not in rows, "a side counted before it was chosen"
    assert sum(r["games"] for r in rows.values()) == 2 * config.players
    assert round(sum(r["wins"] for r in rows.values()), 6) == 2
    assert result["ok"] == (result["worst_x_fair"] <= LIMIT)
    for row in rows.values():
        assert abs(row["x_fair"] - row["wins"] / row["games"] * config.players) < 0.01


def test_a_side_above_its_limit_fails_the_benchmark_and_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The balance target (no side above 1.5x its fair share) is a check like any other: one
    side over it makes ``python -m bench`` exit 1, and the missed line names the side (a
    Rising Sun row said only the game and the player count, not which clan)."""
    played = {"games": 100, "wins": 50.0, "rate": 0.5, "x_fair": 2.0}
    fair = {"games": 100, "wins": 25.0, "rate": 0.25, "x_fair": 1.0}

    def fake_mirror(config: Config, games_: int, seed: int) -> dict[str, Any]:
        return {"sides": {"strong": played, "plain": fair}, "fair": 0.25}

    monkeypatch.setattr(sections, "mirror", fake_mirror)
    monkeypatch.setattr(sections, "configurations", lambda: [min(configurations(), key=_sided)])
    result = sections.balance(argparse.Namespace(balance_games=1, quick=True))
    assert [c["ok"] for c in result["checks"]] == [False, True]
    _sections(monkeypatch, {"balance": result})
    assert bench_main.main(["--out", str(tmp_path / "r.json")]) == 1
    printed = capsys.readouterr().out
    assert "1 target(s) missed" in printed
    assert re.search(r"balance: \S+ .*strong x_fair = 2 \(target <= 1.5\)", printed)


def _sided(config: Config) -> tuple[bool, int]:
    return (not has_sides(config), config.players)
