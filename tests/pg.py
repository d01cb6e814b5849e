"""Pytest fixtures for a real PostgreSQL: ``pg_url`` is a fresh, empty schema per test.

The server is the one ``./scripts/test`` started (its admin URL in ``TENKA_TEST_POSTGRES``)
or, when that is unset (plain ``pytest``), a temporary cluster this session starts itself
(:class:`tests.pg_cluster.TempCluster`) and removes at the end. Each pytest-xdist
worker gets its own database on the server, and each test its own schema in it (a
``search_path`` in the URL), so tests never see each other's rows.
"""

from __future__ import annotations

import asyncio
import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from urllib.parse import urlencode, urlsplit, urlunsplit

import asyncpg
import pytest

from tests.pg_cluster import TempCluster

ENV: str = "TENKA_TEST_POSTGRES"


def with_database(url: str, database: str, **query: str) -> str:
    parts = urlsplit(url)
    pairs = [p for p in parts.query.split("&") if p and not p.startswith("search_path=")]
    extra = urlencode(query)
    joined = "&".join([*pairs, extra] if extra else pairs)
    return urlunsplit(parts._replace(path=f"/{database}", query=joined))


@dataclass
class PgServer:
    admin_url: str  # a database to create others from
    url: str  # this worker's database
    cluster: TempCluster | None = None


async def _create_database(admin_url: str, name: str) -> None:
    conn = await asyncpg.connect(admin_url)
    try:
        exists = await conn.fetchval("SELECT 1 FROM pg_database WHERE datname = $1", name)
        if not exists:
            await conn.execute(f'CREATE DATABASE "{name}"')
    finally:
        await conn.close()


@pytest.fixture(scope="session")
def pg_server(worker_id: str) -> Iterator[PgServer]:
    """The PostgreSQL server of this test session and this worker's database on it."""
    cluster = None
    admin = os.environ.get(ENV, "").strip()
    if not admin:
        cluster = TempCluster()
        admin = cluster.start()
    name = f"tenka_test_{worker_id}_{os.getpid()}"
    asyncio.run(_create_database(admin, name))
    try:
        yield PgServer(admin, with_database(admin, name), cluster)
    finally:
        if cluster is not None:
            cluster.remove()


@pytest.fixture
def pg_url(pg_server: PgServer) -> Iterator[str]:
    """A URL whose tables land in a new schema of their own (dropped after the test)."""
    schema = f"t_{secrets.token_hex(6)}"

    async def run(sql: str) -> None:
        conn = await asyncpg.connect(pg_server.url)
        try:
            await conn.execute(sql)
        finally:
            await conn.close()

    asyncio.run(run(f"CREATE SCHEMA {schema}"))
    try:
        yield with_database(pg_server.url, urlsplit(pg_server.url).path[1:], search_path=schema)
    finally:
        asyncio.run(run(f"DROP SCHEMA {schema} CASCADE"))
