"""A database the bot cannot write to at start is one sentence in the log and exit code 2,
not a traceback (issue 23, item 8): a PostgreSQL session that is read-only
(``default_transaction_read_only``, as on a standby) and a SQLite file in a folder that
cannot be created. ``python -m bot run`` names it before it contacts Discord."""

from __future__ import annotations

import logging

import pytest

from bot.__main__ import main


def _start(monkeypatch: pytest.MonkeyPatch, database: str) -> int:
    monkeypatch.setenv("DISCORD_TOKEN", "not-a-token")  # never used: the store comes first
    monkeypatch.setenv("TENKA_DATABASE", database)
    monkeypatch.setenv("TENKA_DISCORD_API", "http://127.0.0.1:9/api/v10")  # nothing there
    return main(["run"])


def _one_sentence(caplog: pytest.LogCaptureFixture) -> str:
    errors = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(errors) == 1, [r.getMessage() for r in errors]
    (record,) = errors
    assert record.exc_info is None  # a sentence, no traceback
    text = record.getMessage()
    assert "\n" not in text and "Traceback" not in text
    return text


def test_a_read_only_postgresql_at_start_is_one_sentence(
    pg_url: str, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Guards the read-only server at start: migrating raised ReadOnlySQLTransactionError
    out of ``python -m bot`` as a traceback. Shown red by removing its ``except`` in
    ``PostgresStore.open``."""
    code = _start(monkeypatch, f"{pg_url}&default_transaction_read_only=on")
    assert code == 2
    assert "is read-only" in _one_sentence(caplog)


def test_a_sqlite_folder_the_bot_cannot_create_is_one_sentence(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """Guards the unwritable folder at start: creating it raised PermissionError out of
    ``python -m bot`` as a traceback (``/sys`` refuses new folders even to root). Shown
    red by removing the ``except OSError`` in ``SqliteStore.open``."""
    code = _start(monkeypatch, "/sys/tenka-cannot-be-here/tenka.db")
    assert code == 2
    assert "cannot be created" in _one_sentence(caplog)
