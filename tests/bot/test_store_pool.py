"""The PostgreSQL store's own connection pool (bot/store/pg_pool.py) on a real server: a
connection is reused only when clean, a full pool makes callers wait then says Busy, a
cancelled call never hands its connection to the next caller."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from typing import Any

import asyncpg
import pytest

from bot.edge.runner import error_text
from bot.store import Busy, PostgresStore, Unavailable
from bot.store.pg_pool import Exhausted, Pool, PoolClosed
from bot.words.text import t
from tests.bot.store_support import Opener, move_held_on_the_game_row, play, started_game


@pytest.fixture
async def pool(pg_url: str) -> AsyncIterator[Pool]:
    opened = await Pool(lambda: asyncpg.connect(pg_url), min_size=1, max_size=2).start()
    try:
        yield opened
    finally:
        await opened.close()


async def _pid(conn: Any) -> int:
    return int(await conn.fetchval("SELECT pg_backend_pid()"))


async def test_a_clean_connection_is_reused_and_an_unclean_one_closed(pool: Pool) -> None:
    assert (pool.size, pool.idle) == (1, 1)  # min_size opened at start
    async with pool.connection() as conn:
        first = await _pid(conn)
    async with pool.connection() as conn:
        assert await _pid(conn) == first  # the same server session, no reset query sent
        await conn.execute("BEGIN")  # left inside a transaction
    assert (pool.size, pool.idle) == (0, 0)  # so it was closed, not kept
    async with pool.connection() as conn:
        assert await _pid(conn) != first
        assert not conn.is_in_transaction()
    with pytest.raises(asyncpg.UndefinedTableError):  # an error the server answered
        async with pool.connection() as conn:
            kept = await _pid(conn)
            await conn.execute("SELECT * FROM no_such_table")
    async with pool.connection() as conn:
        assert await _pid(conn) == kept  # is no reason to drop the connection


async def test_a_cancelled_call_closes_its_connection(pool: Pool) -> None:
    started = asyncio.Event()
    pids: list[int] = []

    async def slow() -> None:
        async with pool.connection() as conn:
            pids.append(await _pid(conn))
            started.set()
            await conn.execute("SELECT pg_sleep(30)")

    task = asyncio.create_task(slow())
    await started.wait()
    await asyncio.sleep(0.1)
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    assert (pool.size, pool.idle) == (0, 0)  # its state unknown: closed, not kept
    async with pool.connection() as conn:  # the next caller gets a fresh, working one
        assert await _pid(conn) != pids[0]
        assert await conn.fetchval("SELECT 41 + 1") == 42
        for _ in range(50):  # and the cancelled session ends on the server too
            gone = not await conn.fetchval(
                "SELECT count(*) FROM pg_stat_activity WHERE pid = $1", pids[0]
            )
            if gone:
                break
            await asyncio.sleep(0.05)
        assert gone


async def test_a_full_pool_makes_callers_wait_their_turn_then_gives_up(pool: Pool) -> None:
    order: list[str] = []

    async def hold(name: str, seconds: float) -> None:
        async with pool.connection(timeout=5) as conn:
            order.append(f"{name}+")
            await conn.execute(f"SELECT pg_sleep({seconds})")
            order.append(f"{name}-")

    await asyncio.gather(hold("a", 0.2), hold("b", 0.2), hold("c", 0.0))
    assert order.index("c+") > min(order.index("a-"), order.index("b-"))  # c waited
    assert pool.size <= 2
    first, second = await pool.acquire(), await pool.acquire()
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(Exhausted):
        await pool.acquire(timeout=0.3)
    assert loop.time() - began >= 0.3
    pool.release(first, clean=True)
    third = await pool.acquire(timeout=0.3)  # a released connection goes to the next
    pool.release(second, clean=True)
    pool.release(third, clean=True)


async def test_closing_the_pool_answers_its_waiters(pool: Pool) -> None:
    held = [await pool.acquire(), await pool.acquire()]
    waiting = asyncio.create_task(pool.acquire(timeout=10))
    await asyncio.sleep(0.05)
    await pool.close()
    with pytest.raises(PoolClosed):
        await waiting
    for conn in held:
        pool.release(conn, clean=True)  # closed, not kept: the pool is closed
    assert pool.size == 0
    for _ in range(100):
        if all(conn.is_closed() for conn in held):
            break
        await asyncio.sleep(0.02)
    assert all(conn.is_closed() for conn in held)


async def test_idle_connections_beyond_the_minimum_are_closed(pg_url: str) -> None:
    pool = await Pool(lambda: asyncpg.connect(pg_url), min_size=1, max_size=3, idle_s=0.0).start()
    try:
        conns = [await pool.acquire() for _ in range(3)]
        for conn in conns:
            pool.release(conn, clean=True)
        assert pool.size < 3  # the oldest idle ones went as newer ones came back
        assert pool.size >= 1
    finally:
        await pool.close()


async def test_the_store_says_busy_when_every_connection_stays_in_use(
    pg_url: str, opener: Opener
) -> None:
    store = await opener(pg_url + "&pool_max=1&pool_timeout=0.3")
    assert isinstance(store, PostgresStore)
    game = await started_game(store)
    async with store.game_lock(game.id):  # holds the only connection
        with pytest.raises(Busy) as caught:
            await store.get_game(game.id)
    assert "busy" in error_text(caught.value, "en").lower()
    assert (await store.get_game(game.id)) is not None  # free again afterwards


async def test_a_move_cancelled_while_it_waits_is_not_written_later(
    pg_url: str, opener: Opener
) -> None:
    store = await opener(pg_url)
    game = await play(store, await started_game(store), 3)
    blocker, move = await move_held_on_the_game_row(store, pg_url, game)
    try:
        move.cancel()  # the interaction timed out, the bot is shutting down...
        with pytest.raises(asyncio.CancelledError):
            await move
        await asyncio.sleep(0.3)
        await blocker.execute("COMMIT")  # had the statement lived on, it would run now
        await asyncio.sleep(0.5)
    finally:
        await blocker.close()
    after = await store.get_game(game.id)
    assert after is not None and after.version == 3
    assert [a.text for a in await store.actions(game.id)] == ["m0", "m1", "m2"]


STATE_12 = "cannot switch to state 12; another operation (2) is in progress"


class LeftMidOperation:
    """A pooled connection as a stopped server left it: open, outside any transaction,
    and its protocol still inside an operation, so asyncpg refuses every new one (before
    it sends anything) with the words of issue 23."""

    def __init__(self, conn: Any) -> None:
        self.conn = conn
        self.refused = 0

    def __getattr__(self, name: str) -> Any:
        if name in ("fetch", "fetchrow", "fetchval", "execute", "executemany"):

            async def refuse(*args: Any, **kwargs: Any) -> Any:
                self.refused += 1
                raise asyncpg.InternalClientError(STATE_12)

            return refuse
        return getattr(self.conn, name)


async def _plant_broken(store: PostgresStore) -> LeftMidOperation:
    """The next connection the store's pool hands out is a broken one."""
    async with store.pool.connection() as conn:
        await conn.fetchval("SELECT 1")
    real, when = store.pool._idle.pop()  # the most recent idle connection
    planted = LeftMidOperation(real)
    store.pool._idle.append((planted, when))  # type: ignore[arg-type]
    return planted


@pytest.mark.parametrize("call", ["read", "move"])
async def test_a_broken_connection_is_discarded_and_the_call_runs_once_more(
    pg_url: str, opener: Opener, call: str
) -> None:
    """Guards item 8: after a server stop the pool handed out a connection asyncpg could
    no longer use ("cannot switch to state 12; another operation is in progress"), the
    error reached the player as "Something went wrong", and the connection went back to
    the pool to fail again. Now it is discarded and the call (a read; a move, which the
    refusal proves was never sent) runs once more on a fresh connection. Shown red by
    removing the ``broken`` branch of ``PostgresBase._conn``."""
    store = await opener(pg_url)
    assert isinstance(store, PostgresStore)
    game = await play(store, await started_game(store), 2)
    planted = await _plant_broken(store)
    if call == "read":
        found = await store.get_game(game.id)
        assert found is not None and found.version == 2
    else:
        state = {"moves": [*game.state["moves"], "m2"]}
        moved = await store.append_action(
            game.id, expected_version=2, seat=0, user_id=None, text="m2", state=state
        )
        assert moved.version == 3
        assert [a.text for a in await store.actions(game.id)] == ["m0", "m1", "m2"]
    assert planted.refused == 1
    assert all(conn is not planted for conn, _ in store.pool._idle)  # never handed out again
    assert (await store.get_game(game.id)) is not None


async def test_a_connection_broken_twice_is_named_not_leaked(pg_url: str, opener: Opener) -> None:
    """Retried once only: two broken connections in a row are the store-down sentence,
    not a traceback."""
    store = await opener(pg_url)
    assert isinstance(store, PostgresStore)
    game = await started_game(store)
    async with store.pool.connection() as a, store.pool.connection() as b:
        await a.fetchval("SELECT 1")
        await b.fetchval("SELECT 1")
    for _ in range(2):
        real, when = store.pool._idle.pop(0)
        store.pool._idle.append((LeftMidOperation(real), when))  # type: ignore[arg-type]
    with pytest.raises(Unavailable) as caught:
        await store.get_game(game.id)
    assert error_text(caught.value, "en") == t("err.store_down", "en")
    assert await store.get_game(game.id) is not None  # fresh connections from here
