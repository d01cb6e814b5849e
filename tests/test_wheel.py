"""Tenka installs as a package: the wheel ``python -m build`` makes, installed in a fresh
virtual environment, runs the demo and the bot from a folder outside the checkout. Before,
the wheel had no ``data/`` (maps, words, rules, fonts) and ``import games`` failed: only
an editable install worked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.botcommand import BotCommand
from tests.emulator import Emulator

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.slow


def run(*command: str | Path, cwd: Path) -> str:
    """Run ``command`` to its end with the checkout off the import path; its output."""
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONPATH", "VIRTUAL_ENV")}
    done = subprocess.run(
        [str(part) for part in command], cwd=cwd, env=env, capture_output=True, text=True
    )
    assert done.returncode == 0, f"{command} failed:\n{done.stdout[-2000:]}{done.stderr[-3000:]}"
    return done.stdout


def install_wheel(tmp_path: Path) -> Path:
    """Build the wheel, install it in a new virtual environment; that environment's python."""
    dist, venv = tmp_path / "dist", tmp_path / "venv"
    # the sdist, then the wheel built from it (what a release would upload); no isolated
    # build environment: the dev tools hold the build backend
    run(sys.executable, "-m", "build", "--no-isolation", "--outdir", dist, ROOT, cwd=tmp_path)
    (wheel,) = dist.glob("tenka-*.whl")
    run(sys.executable, "-m", "venv", "--without-pip", venv, cwd=tmp_path)
    python = venv / "bin" / "python"
    # this environment's pip installs into the new one (ensurepip alone takes 20 s); the
    # dependencies come from the package index, as for anyone installing the wheel
    run(sys.executable, "-m", "pip", "--python", python, "install", "--quiet", wheel, cwd=tmp_path)
    return python


async def test_the_built_wheel_runs_the_demo_and_the_bot(
    emulator: Emulator, tmp_path: Path
) -> None:
    python = install_wheel(tmp_path)
    elsewhere = tmp_path / "elsewhere"  # no data/, no games/ beside it
    elsewhere.mkdir()
    where = run(python, "-c", "import games; print(games.__file__)", cwd=elsewhere)
    assert Path(where.strip()).is_relative_to(tmp_path / "venv")
    said = run(python, "-m", "bot", "demo", "yokai", "--out", "demo", cwd=elsewhere)
    assert "won" in said or "draw" in said.lower()
    assert (elsewhere / "demo" / "game.gif").is_file()
    assert (elsewhere / "demo" / "board-000.png").is_file()
    bot = BotCommand(emulator, python, elsewhere, elsewhere / "tenka.db")
    code = await bot.start_then_terminate()
    assert code == 0, bot.output()[-3000:]
    assert bot.closed_cleanly(), bot.output()[-3000:]
