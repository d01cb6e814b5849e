"""Settings read from a ``.env`` file: what a person writes there reaches the bot as meant."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from bot.config import Config

DOTENV = """\
# the bot's settings
DISCORD_TOKEN=abc.def  # my token
export TENKA_LOG_LEVEL=debug
TENKA_DATABASE="data/with # hash.db"
TENKA_DEV_GUILD='123'
TENKA_DISCORD_API=http://127.0.0.1:8080/api/$VERSION
"""


def test_dotenv_drops_inline_comments_and_keeps_quoted_values(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(DOTENV, encoding="utf-8")
    config = Config.load(env={}, dotenv=path)
    assert config.token == "abc.def"
    assert config.log_level == "DEBUG"
    assert config.database == "data/with # hash.db"
    assert config.dev_guild == 123
    assert config.api_base == "http://127.0.0.1:8080/api/$VERSION"


def test_environment_wins_over_dotenv(tmp_path: Path) -> None:
    path = tmp_path / ".env"
    path.write_text(DOTENV, encoding="utf-8")
    config = Config.load(env={"DISCORD_TOKEN": "from-env"}, dotenv=path)
    assert config.token == "from-env"
    assert config.log_level == "DEBUG"


def test_missing_dotenv_reads_the_environment_only(tmp_path: Path) -> None:
    config = Config.load(env={"DISCORD_TOKEN": "t"}, dotenv=tmp_path / "absent.env")
    assert (config.token, config.database) == ("t", "data/tenka.db")


def test_without_a_token_the_hints_name_the_command_and_the_folder(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["TENKA_COMMAND"] = "./scripts/run"  # what ./scripts/run sets
    done = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True
    )
    assert done.returncode == 2
    assert "./scripts/run sync" in done.stderr and "./scripts/run demo" in done.stderr
    assert "python -m bot" not in done.stderr
    assert f"a file named .env in {tmp_path}" in done.stderr  # where it is read from


def test_ai_workers_come_from_the_environment_and_bad_counts_are_refused(tmp_path: Path) -> None:
    """Defect guarded: ``TENKA_AI_WORKERS`` ignored (the pool always sized by the cores) or
    a bad count taken (``-1``, ``two``): red, shown by returning ``None`` from
    ``parse_workers`` whatever the text."""
    absent = tmp_path / "absent.env"
    assert Config.load(env={}, dotenv=absent).ai_workers is None  # one per core but one
    assert Config.load(env={"TENKA_AI_WORKERS": " 3 "}, dotenv=absent).ai_workers == 3
    assert Config.load(env={"TENKA_AI_WORKERS": "0"}, dotenv=absent).ai_workers == 0
    for bad in ("-1", "two", "1.5", "65"):
        with pytest.raises(ValueError, match="TENKA_AI_WORKERS must be a whole number"):
            Config.load(env={"TENKA_AI_WORKERS": bad}, dotenv=absent)
