"""AI moves off the event loop: a worker process pool, and a fair queue in front of it.

A job is plain data (:class:`Job`: the game's key, its dumped state, the seat, the level,
the seed and the time budget); the worker rebuilds the state, asks the game's player and
returns the move's notation, which the bot parses back. Nothing else crosses. The pool is
spawn-safe (no fork of a process holding a gateway, a database and a render thread).

Jobs wait for a worker in a :class:`FairGate`: one queue per game, served round-robin, so
one game's long chain of AI moves never starves another's. ``workers=0`` thinks in a
thread of this process instead (the demo, the tests of a :class:`bot.service.Service`,
toy games registered only here).

A worker that dies (killed, out of memory) fails the jobs it held and the pool is built
again for the next one: the caller's move fails like any AI failure and its game retries
on a timer (:meth:`bot.service.timers.Timers.retry_ai`), so no move is lost.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import asynccontextmanager
from dataclasses import dataclass

import games
from games.ai import choose_for, player_for
from games.base import JSON, Action, Game, Seat, State

log = logging.getLogger(__name__)


def default_workers() -> int:
    """One worker per core but one (the bot's own), and at least one."""
    return max(1, (os.cpu_count() or 1) - 1)


@dataclass(frozen=True)
class Job:
    """One AI move to think about: plain, picklable data."""

    game: str
    state: JSON
    seat: Seat
    strength: str
    seed: int
    budget_s: float


def pick(game: Game, state: State, seat: Seat, strength: str, seed: int, budget_s: float) -> Action:
    """The one place an AI player is asked for a move (in a worker or a thread)."""
    return choose_for(player_for(game, strength, seed, budget_s), game, state, seat, seed)


def think(job: Job) -> str:
    """A worker's answer to ``job``: the notation of the chosen move."""
    game = games.get(job.game)
    state = game.load_state(job.state)
    action = pick(game, state, job.seat, job.strength, job.seed, job.budget_s)
    return game.notation(state, action)


class FairGate:
    """``slots`` places taken in turns: waiting games are served round-robin, each game's
    own waiters in order."""

    def __init__(self, slots: int) -> None:
        self.free = slots
        self.waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = OrderedDict()

    @asynccontextmanager
    async def turn(self, key: Hashable) -> AsyncIterator[None]:
        if self.free > 0 and not self.waiting:
            self.free -= 1
        else:
            await self._wait(key)
        try:
            yield
        finally:
            self._release()

    async def _wait(self, key: Hashable) -> None:
        waiter: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.setdefault(key, deque()).append(waiter)
        try:
            await waiter
        except asyncio.CancelledError:
            if waiter.done() and not waiter.cancelled():
                self._release()  # handed a place as it was cancelled: pass it on
            else:
                self._forget(key, waiter)
            raise

    def _forget(self, key: Hashable, waiter: asyncio.Future[None]) -> None:
        queue = self.waiting.get(key)
        if queue is not None and waiter in queue:
            queue.remove(waiter)
            if not queue:
                del self.waiting[key]

    def _release(self) -> None:
        """Hand the place to the first waiter of the next game in turn (that game then
        goes to the back of the line), or free it."""
        while self.waiting:
            key, queue = self.waiting.popitem(last=False)
            waiter = queue.popleft()
            if queue:
                self.waiting[key] = queue
            if not waiter.done():
                waiter.set_result(None)
                return
        self.free += 1


class Thinker:
    """Where AI moves are thought: ``workers`` processes (0: a thread of this process)."""

    def __init__(self, workers: int = 0) -> None:
        self.workers = workers
        self.gate = FairGate(max(1, workers))
        self._pool: Executor | None = None

    def _executor(self) -> Executor:
        if self._pool is None:
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self.workers, mp_context=context)
        return self._pool

    async def choose(
        self,
        queue: Hashable,
        game: Game,
        state: State,
        seat: Seat,
        strength: str,
        seed: int,
        budget_s: float,
    ) -> Action:
        """The AI's move for ``seat``, once a worker is free (``queue``: the game's turn)."""
        async with self.gate.turn(queue):
            if self.workers == 0:
                return await asyncio.to_thread(pick, game, state, seat, strength, seed, budget_s)
            job = Job(game.key, game.dump_state(state), seat, strength, seed, budget_s)
            pool = self._executor()
            try:
                notation = await asyncio.wrap_future(pool.submit(think, job))
            except BrokenProcessPool:
                self._replace(pool)
                raise
        return game.parse(state, seat, notation)

    def _replace(self, broken: Executor) -> None:
        """A worker died: the next job gets a new pool."""
        if self._pool is broken:
            log.warning("an AI worker died; starting a new pool")
            self._pool = None
            broken.shutdown(wait=False, cancel_futures=True)

    async def close(self) -> None:
        """Stop the workers (the jobs still queued are cancelled; a running one ends)."""
        pool, self._pool = self._pool, None
        if pool is not None:
            await asyncio.to_thread(pool.shutdown, wait=True, cancel_futures=True)
