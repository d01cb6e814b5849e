"""The PostgreSQL store's connection pool: asyncpg connections, kept only when known clean.

Why not asyncpg's own pool: it costs about as much client CPU per call as the query it
runs (a task to wait with a timeout, a shielded task to release, a reset query on every
release: one more round trip), which halved the store's moves per second. This pool
does less because the store asks less of it:

- A connection goes back to the idle list only when the call ended normally or with an
  error the store understood, is not inside a transaction and holds no session state;
  anything else (a cancelled call, a lost connection, a session advisory lock not
  unlocked) is closed in the background, which ends on the server whatever it held. So
  no reset query and no await on release: a cancelled caller cannot leave a connection
  half used, nor make the next caller wait for its clean-up.
- The store sets no session variables (its settings are startup parameters), opens no
  cursor outside a transaction and listens to nothing; ``game_lock``'s advisory lock
  is the only session state, and its caller says whether it was unlocked.
- Acquiring takes the most recently used idle connection, opens a new one below
  ``max_size``, or waits (up to ``timeout``: then :class:`Exhausted`, which the store
  reports as :class:`~bot.store.models.Busy`). Connections idle for ``idle_s`` beyond
  ``min_size`` are closed.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager, suppress
from typing import Any, TypeAlias

import asyncpg

Conn: TypeAlias = "asyncpg.Connection[asyncpg.Record]"
CLOSE_S = 5.0  # a connection's graceful close, then it is cut


class PoolClosed(asyncpg.InterfaceError):
    """The store was closed; no more connections."""


class Exhausted(TimeoutError):
    """Every connection stayed in use for the whole wait."""


class Pool:
    """See the module's text. ``connect()`` opens one connection."""

    def __init__(
        self,
        connect: Callable[[], Awaitable[Any]],
        *,
        min_size: int,
        max_size: int,
        idle_s: float = 300.0,
    ) -> None:
        if max_size < 1 or min_size < 0:
            raise ValueError("a pool needs max_size >= 1 and min_size >= 0")
        self._connect = connect
        self.min_size = min(min_size, max_size)
        self.max_size = max_size
        self.idle_s = idle_s
        self._idle: list[tuple[Conn, float]] = []  # (connection, when released); newest last
        self._size = 0  # connections open or being opened
        self._waiters: deque[asyncio.Future[None]] = deque()
        self._closing: set[asyncio.Task[None]] = set()  # connections being closed
        self._closed = False

    @property
    def size(self) -> int:
        return self._size

    @property
    def idle(self) -> int:
        return len(self._idle)

    async def start(self) -> Pool:
        """Open ``min_size`` connections (the first error is raised, nothing left open)."""
        try:
            for _ in range(self.min_size):
                self.release(await self._open(), clean=True)
        except BaseException:
            await self.close()
            raise
        return self

    async def _open(self) -> Conn:
        self._size += 1
        try:
            conn: Conn = await self._connect()
        except BaseException:
            self._size -= 1
            self._wake()
            raise
        return conn

    async def acquire(self, timeout: float | None = None) -> Conn:
        """A connection for the caller alone until :meth:`release`."""
        deadline = None if timeout is None else asyncio.get_running_loop().time() + timeout
        while True:
            if self._closed:
                raise PoolClosed("the database pool is closed")
            while self._idle:
                conn, _ = self._idle.pop()
                if not conn.is_closed():
                    return conn
                self._size -= 1  # the server or the network closed it while idle
            if self._size < self.max_size:
                return await self._open()
            waiter = asyncio.get_running_loop().create_future()
            self._waiters.append(waiter)
            try:
                async with asyncio.timeout_at(deadline):
                    await waiter
            except BaseException as err:
                if waiter.done() and not waiter.cancelled():
                    self._wake()  # woken but leaving: pass the turn on
                if isinstance(err, TimeoutError):
                    raise Exhausted(
                        f"all {self.max_size} database connections stayed busy"
                    ) from None
                raise
            finally:
                with suppress(ValueError):
                    self._waiters.remove(waiter)

    def release(self, conn: Conn, *, clean: bool) -> None:
        """Take a connection back: kept if ``clean`` and it is idle on the server's side
        too (open, no transaction), else closed. Never waits."""
        if clean and not self._closed and not conn.is_closed() and not conn.is_in_transaction():
            now = time.monotonic()
            self._idle.append((conn, now))
            if self._size > self.min_size and now - self._idle[0][1] > self.idle_s:
                self._discard(self._idle.pop(0)[0])
        else:
            self._discard(conn)
        self._wake()

    def _discard(self, conn: Conn) -> None:
        """Out of the pool now; closed in the background (see :meth:`_close`)."""
        self._size -= 1
        if not conn.is_closed():
            task = asyncio.get_running_loop().create_task(self._close(conn))
            self._closing.add(task)
            task.add_done_callback(self._closing.discard)

    @staticmethod
    async def _close(conn: Conn) -> None:
        """Close gracefully: asyncpg first lets the cancel request of a cancelled query
        reach the server (a bare terminate would drop it and leave the query running,
        holding its locks), then the server ends the session: its transaction rolls back
        and its advisory locks go."""
        try:
            await conn.close(timeout=CLOSE_S)
        except (Exception, asyncio.CancelledError):
            conn.terminate()

    def _wake(self) -> None:
        while self._waiters:
            waiter = self._waiters.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return

    @asynccontextmanager
    async def connection(self, timeout: float | None = None) -> AsyncIterator[Conn]:
        """A connection for a block; kept afterwards unless the block was cancelled or
        the connection is left unclean."""
        conn = await self.acquire(timeout)
        clean = False
        try:
            yield conn
            clean = True
        except Exception:
            clean = True  # an error the server answered: the checks in release decide
            raise
        finally:
            self.release(conn, clean=clean)

    async def close(self) -> None:
        """Close the idle connections now, the others when they come back."""
        self._closed = True
        idle, self._idle = self._idle, []
        for conn, _ in idle:
            self._discard(conn)
        for waiter in self._waiters:
            if not waiter.done():
                waiter.set_result(None)  # they find the pool closed
        if self._closing:
            await asyncio.gather(*self._closing, return_exceptions=True)
