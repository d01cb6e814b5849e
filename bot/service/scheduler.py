"""Timers that live in the database, served by one task (RoboDanny's dispatcher pattern).

The dispatcher sleeps until the soonest timer (or until :meth:`Dispatcher.poke` says a
sooner one was added), runs the handler for every due timer and only then deletes it, so a
crash in between re-runs the handler after a restart. Handlers are idempotent: every timer
carries the game version it was set for and does nothing once the game has moved on.

Several bot processes may share one database, each with its own dispatcher: a due timer
is first *claimed* (``Store.claim_timers``: held for ``CLAIM_LEASE_S``, rows another
process is claiming skipped), so each fires in exactly one process; a process that dies
holding a claim lets it lapse and another runs the timer then.

While running, the dispatcher writes a heartbeat to the store; at start-up the time since
the last heartbeat is the bot's downtime, and every pending timer is pushed back by it, so
nobody is reminded or timed out for the hours the bot itself was away. The heartbeat is
shared: the downtime is the time *no* process was running, and the swap that reads it
also replaces it, so of several processes starting together exactly one credits it.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math
import time
from collections.abc import Awaitable, Callable
from datetime import datetime, timedelta
from zoneinfo import ZoneInfo, ZoneInfoNotFoundError

from bot.service.results import ServiceError
from bot.store import Store, Timer

log = logging.getLogger("tenka.scheduler")

HEARTBEAT_KEY = "heartbeat"
HEARTBEAT_EVERY_S = 60.0
IDLE_WAKE_S = 300.0
MIN_DOWNTIME_S = 2 * HEARTBEAT_EVERY_S  # shorter gaps are ordinary heartbeat lag
CLAIM_LEASE_S = 300.0  # a claimed timer is another process's to run for this long

Handler = Callable[[Timer], Awaitable[None]]


class Dispatcher:
    """Runs due timers; ``clock`` is injectable so tests simulate time."""

    def __init__(
        self,
        store: Store,
        handler: Handler,
        *,
        clock: Callable[[], float] = time.time,
        claim_first: frozenset[str] = frozenset({"remind"}),
    ) -> None:
        self.store = store
        self.claim_first = claim_first
        self._running = asyncio.Lock()
        self.handler = handler
        self.clock = clock
        self._wake = asyncio.Event()
        self._wake_at = -math.inf  # when the sleeping dispatcher wakes by itself
        self._task: asyncio.Task[None] | None = None
        self._last_beat = 0.0

    async def start(self) -> float:
        """Shift timers by the downtime, then serve in the background; returns downtime."""
        downtime = await self.catch_up_downtime()
        self._task = asyncio.create_task(self._serve(), name="tenka-timers")
        return downtime

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
        await self.beat(force=True)

    def poke(self, due: float | None = None) -> None:
        """A timer was added due at ``due``, or timers changed (``None``): re-check how
        long to sleep, unless the dispatcher wakes before ``due`` anyway (a turn's
        reminder hours away: the move costs the store no claim and no look-up). By its
        clock a dispatcher past its wake-up time (a clock moved on) is woken all the same."""
        if due is None or due < self._wake_at or self.clock() >= self._wake_at:
            self._wake.set()

    async def beat(self, *, force: bool = False) -> None:
        now = self.clock()
        if force or now - self._last_beat >= HEARTBEAT_EVERY_S:
            self._last_beat = now
            await self.store.meta_set(HEARTBEAT_KEY, repr(now))

    async def catch_up_downtime(self) -> float:
        """Push every pending timer back by the time the bot was away."""
        now = self.clock()
        self._last_beat = now
        last = await self.store.meta_swap(HEARTBEAT_KEY, repr(now))
        downtime = now - float(last) if last else 0.0
        if downtime >= MIN_DOWNTIME_S:
            await self.store.shift_timers(downtime)
            log.info("bot was away %.0f s: pending timers shifted", downtime)
        else:
            downtime = 0.0
        return downtime

    async def run_due(self) -> int:
        """Run every timer due now; returns how many ran.

        Every timer is claimed first, so of several dispatchers one runs it. Timers whose
        kind is in ``claim_first`` (reminders: a lost one is harmless, a doubled one is
        noise) are then deleted before their handler runs; the others (deadlines) after, so
        a crash re-runs them once the claim lapses and their version check keeps the
        effect to one.
        """
        ran = 0
        async with self._running:
            for timer in await self.store.claim_timers(self.clock(), CLAIM_LEASE_S):
                claimed = timer.kind in self.claim_first
                if claimed and not await self.store.delete_timer(timer.id):
                    continue  # another dispatcher took it
                try:
                    await self.handler(timer)
                except Exception:
                    log.exception("timer %s (%s) failed", timer.id, timer.kind)
                if not claimed:
                    await self.store.delete_timer(timer.id)
                ran += 1
        return ran

    async def _serve(self) -> None:
        while True:
            try:
                await self.beat()
                await self.run_due()
                upcoming = await self.store.next_timer()
                delay = IDLE_WAKE_S if upcoming is None else upcoming.due_at - self.clock()
                delay = max(0.0, min(delay, HEARTBEAT_EVERY_S, IDLE_WAKE_S))
                self._wake_at = self.clock() + delay
                self._wake.clear()
                # not asyncio.wait_for: in Python 3.11 it swallows a cancellation that
                # arrives as the event is set (a poke, then stop()), and the task slept on
                with contextlib.suppress(TimeoutError):
                    async with asyncio.timeout(delay):
                        await self._wake.wait()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer dispatcher hiccup; retrying shortly")
                await asyncio.sleep(5)


# --- quiet hours ------------------------------------------------------------------------


def zone(name: str) -> ZoneInfo:
    """A time zone by IANA name, or a friendly error."""
    try:
        return ZoneInfo(name.strip())
    except (ZoneInfoNotFoundError, ValueError, IsADirectoryError):
        raise ServiceError("err.timezone", name=repr(name)) from None


def parse_quiet_hours(text: str) -> tuple[int, int]:
    """``"22:00-07:30"`` → minutes after midnight ``(1320, 450)``; may wrap midnight."""
    try:
        start_text, end_text = (p.strip() for p in text.replace("–", "-").split("-"))
        start, end = _minutes(start_text), _minutes(end_text)
    except ValueError:
        raise ServiceError("err.quiet_format", text=repr(text)) from None
    if start == end:
        raise ServiceError("err.quiet_same")
    return start, end


def _minutes(text: str) -> int:
    hours, _, minutes = text.partition(":")
    h, m = int(hours), int(minutes or 0)
    if not (0 <= h < 24 and 0 <= m < 60):
        raise ValueError(text)
    return h * 60 + m


def quiet_until(now: float, quiet: tuple[int, int] | None, tz: ZoneInfo) -> float:
    """``now`` if it is outside the quiet hours, else the moment they end."""
    if quiet is None:
        return now
    start, end = quiet
    local = datetime.fromtimestamp(now, tz)
    minute = local.hour * 60 + local.minute
    inside = start <= minute < end if start < end else minute >= start or minute < end
    if not inside:
        return now
    end_today = local.replace(hour=end // 60, minute=end % 60, second=0, microsecond=0)
    if end_today <= local:
        end_today += timedelta(days=1)
    return end_today.timestamp()
