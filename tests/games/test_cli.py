"""``python -m games``: moves with spaces, moves from a file, game options, one-line errors."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

import games
from games import engine
from games.__main__ import main, split_moves
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.china.state import Place

CHINA = games.get("china")


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def _china_line(side: str = "b") -> tuple[list[str], Any]:
    """A placement (its notation holds a space) and its draws, from seat 0's opening on
    ``side`` with 4 players and seed 0 (what the CLI starts), and the state after them."""
    state = CHINA.setup(4, resolve_options(CHINA, {"side": side}), 0)
    place = next(a for a in CHINA.legal(state, 0) if isinstance(a, Place))
    moves = [CHINA.notation(state, place)]
    state, _ = engine.act(CHINA, state, 0, place)
    while state.current == 0:
        moves.append("draw pile")
        state, _, _ = engine.act_text(CHINA, state, 0, "draw pile")
    assert " " in moves[0] and len(moves) > 1
    return moves, state


def _one_sentence(err: str) -> None:
    assert err.strip() and "\n" not in err.strip()
    assert "Traceback" not in err


def test_moves_with_spaces_are_replayed_from_a_file(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    moves, state = _china_line()
    path = tmp_path / "moves.txt"
    path.write_text("# a China opening\n" + "\n".join(moves) + "\n\n", encoding="utf-8")
    status, out, err = _run(
        capsys, "legal", "china", "--players", "4", "--option", "side=b", "--moves-file", str(path)
    )
    assert (status, err) == (0, "")
    assert out.splitlines() == list(engine.legal_notations(CHINA, state, state.current))


def test_moves_file_dash_reads_standard_input(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    moves, state = _china_line()
    monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(moves)))
    status, out, _ = _run(
        capsys, "legal", "china", "--players", "4", "--option", "side=b", "--moves-file", "-"
    )
    assert status == 0
    assert out.splitlines() == list(engine.legal_notations(CHINA, state, state.current))


def test_semicolons_separate_moves_that_hold_spaces(capsys: pytest.CaptureFixture[str]) -> None:
    moves, state = _china_line()
    text = " ; ".join(moves)
    status, out, _ = _run(
        capsys, "legal", "china", "--players", "4", "--option", "side=b", "--moves", text
    )
    assert status == 0
    assert out.splitlines() == list(engine.legal_notations(CHINA, state, state.current))
    assert split_moves(moves[0] + ";") == [moves[0]]


def test_one_move_holding_spaces_needs_no_separator(capsys: pytest.CaptureFixture[str]) -> None:
    """The issue's own command, ``legal china --moves 'O:zhao ZHA1'``: a lone China
    placement (its notation holds a space) is one move, not two."""
    moves, _ = _china_line()
    state = CHINA.setup(4, resolve_options(CHINA, {"side": "b"}), 0)
    after, _, _ = engine.act_text(CHINA, state, 0, moves[0])
    argv = ("legal", "china", "--players", "4", "--option", "side=b", "--moves", moves[0])
    status, out, err = _run(capsys, *argv)
    assert (status, err) == (0, "")
    assert out.splitlines() == list(engine.legal_notations(CHINA, after, 0))


def test_moves_without_a_semicolon_still_split_on_spaces(
    capsys: pytest.CaptureFixture[str],
) -> None:
    yokai = games.get("yokai")
    state = yokai.setup(2, resolve_options(yokai, {}), 0)
    played = []
    for _ in range(2):
        seat = min(yokai.to_act(state))
        action = yokai.legal(state, seat)[0]
        played.append(yokai.notation(state, action))
        state, _ = engine.act(yokai, state, seat, action)
    assert split_moves(" ".join(played)) == played
    status, out, _ = _run(capsys, "legal", "yokai", "--moves", " ".join(played))
    assert status == 0
    seat = min(yokai.to_act(state))
    assert out.splitlines() == list(engine.legal_notations(yokai, state, seat))


def test_perft_replays_a_moves_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    moves, state = _china_line()
    path = tmp_path / "moves.txt"
    path.write_text("\n".join(moves), encoding="utf-8")
    argv = ("perft", "china", "1", "--players", "4", "--option", "side=b", "--moves-file")
    status, out, _ = _run(capsys, *argv, str(path))
    assert status == 0
    assert int(out) == len(CHINA.legal(state, state.current))


def test_options_change_the_game(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = {}
    for side in ("a", "b"):
        argv = ("legal", "china", "--players", "4", "--option", f"side={side}")
        status, out, _ = _run(capsys, *argv)
        assert status == 0
        state = CHINA.setup(4, resolve_options(CHINA, {"side": side}), 0)
        assert out.splitlines() == list(engine.legal_notations(CHINA, state, 0))
        outputs[side] = out
    assert outputs["a"] != outputs["b"]


def test_playout_takes_options(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("playout", "china", "--players", "4", "--games", "1", "--option", "side=b")
    status, out, _ = _run(capsys, *argv, "--option", "extra_routes=yes")
    assert status == 0
    assert json.loads(out.splitlines()[-1])["games"] == 1


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (("legal", "china", "--players", "5", "--option", "side=a"), "not for 5 players"),
        (("legal", "china", "--option", "colour=red"), "no option"),
        (("legal", "china", "--option", "side=c"), "side must be one of"),
        (("legal", "china", "--option", "side"), "NAME=VALUE"),
        (("legal", "china", "--option", "side=a", "--option", "side=b"), "twice"),
        (("perft", "china", "1", "--option", "fortifications=maybe"), "yes or no"),
        (("playout", "china", "--players", "5", "--option", "side=a"), "not for 5 players"),
        (("legal", "yokai", "--variant", "3x4", "--option", "variant=5x6"), "disagree"),
        (("legal", "china", "--moves", "draw pile; P:wei WEI1"), "Move 1"),
        (("legal", "china", "--moves-file", "/nonexistent/moves.txt"), "Cannot read"),
        (("legal", "china", "--moves", "pass", "--moves-file", "-"), "not both"),
    ],
)
def test_errors_are_one_sentence_and_status_2(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], words: str
) -> None:
    status, out, err = _run(capsys, *argv)
    assert status == 2 and out == ""
    _one_sentence(err)
    assert words in err


def _recorded(key: str, players: int, variant: str | None, moves: int) -> tuple[list[str], Any]:
    """The notations the engine writes for a random playout of ``moves`` actions (or to
    one action before the end) from the game the CLI starts (seed 0), the first seat to
    act moving as the CLI plays them; and the state after them."""
    game = games.get(key)
    options = resolve_options(game, {"variant": variant} if variant else {})
    state = game.setup(players, options, 0)
    player, written = RandomPlayer(players), []
    while len(written) < moves:
        seat = min(game.to_act(state))
        action = choose_for(player, game, state, seat)
        after, _ = engine.act(game, state, seat, action)
        if game.outcome(after) is not None:
            break
        written.append(game.notation(state, action))
        state = after
    return written, state


REPLAYS = [
    (key, players, variant)
    for key, game in sorted(games.GAMES.items())
    for variant in next((o.choices for o in game.options if o.name == "variant"), (None,))
    for players in game.seats
]


@pytest.mark.parametrize(("key", "players", "variant"), REPLAYS)
def test_the_cli_replays_what_the_engine_writes(
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    key: str,
    players: int,
    variant: str | None,
) -> None:
    """Issue 24 item 11: ``legal`` after a playout's own notations (China's ``O:zhao
    ZHA1``, Shitenno's ``lot K1 N + sensei``, Rising Sun's bids...) given one per line in
    a file, on standard input, or separated by ``;``, lists exactly what the engine lists
    in the position they lead to."""
    moves, state = _recorded(key, players, variant, 60)
    game = games.get(key)
    expected = list(engine.legal_notations(game, state, min(game.to_act(state))))
    start = ["legal", key, "--players", str(players)] + (["--variant", variant] if variant else [])
    path = tmp_path / "moves.txt"
    path.write_text("\n".join(moves) + "\n", encoding="utf-8")
    for extra in (["--moves-file", str(path)], ["--moves-file", "-"], ["--moves", ";".join(moves)]):
        monkeypatch.setattr("sys.stdin", io.StringIO("\n".join(moves)))
        status, out, err = _run(capsys, *start, *extra)
        assert (status, err) == (0, ""), (extra[0], err)
        assert out.splitlines() == expected, extra[0]
