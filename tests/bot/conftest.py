"""The store tests' backends: every test that takes ``store_url`` runs once on SQLite and
once on a real PostgreSQL (see ``tests/pg.py``)."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest

from tests.bot.store_support import Opener, store_opener

BACKENDS = ("sqlite", "postgresql")


@pytest.fixture(params=BACKENDS)
def backend(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def store_url(backend: str, tmp_path: Path, request: pytest.FixtureRequest) -> str:
    """A URL of a fresh, empty store on ``backend``."""
    if backend == "postgresql":
        return str(request.getfixturevalue("pg_url"))
    return f"sqlite:///{tmp_path}/tenka.db"


@pytest.fixture
async def opener() -> AsyncIterator[Opener]:
    async with store_opener() as open_tracked:
        yield open_tracked
