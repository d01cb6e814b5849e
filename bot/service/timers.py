"""When each seat's clock runs: the game's reminder and deadline timers.

After every change of who must act, :meth:`Timers.schedule` replaces the game's timers:
for each human seat to act, a reminder after the game's interval and, when the game has
deadlines, a deadline counted from the start of the turn.

Settings, most specific first: the game's own (``/game clock``), the server's
(``/settings server``), then these defaults.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from functools import partial
from typing import Any, Protocol

from bot.service.loaded import Loaded
from bot.store import NewTimer, Store, Timer

HOUR = 3600.0
DEFAULTS: dict[str, Any] = {
    "reminder_hours": 24.0,
    "reminder_cap": 3,
    "deadline_hours": 0.0,  # 0 = no deadline
    "vacation_hours": 72.0,  # per player and game
}
REMIND, DEADLINE, AI_RETRY = "remind", "deadline", "ai"
AI_BACKOFF_S = (10.0, 60.0, 300.0, 1800.0)  # then every 30 minutes
log = logging.getLogger(__name__)


class Poke(Protocol):
    """Wakes the timer dispatcher: a timer was added due at ``due`` (``None``: timers
    changed in some other way)."""

    def __call__(self, due: float | None = None) -> None: ...


def _nobody(due: float | None = None) -> None:
    """No dispatcher to wake (the service without a bot: the CLI demo, tests)."""


class Timers:
    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self.poke: Poke = _nobody  # the dispatcher's wake-up, set by the bot
        self._waiting: set[asyncio.Task[None]] = set()  # retries not yet written down
        self.sleep: Callable[[float], Awaitable[None]] = asyncio.sleep  # tests simulate it

    async def setting(self, loaded: Loaded, name: str) -> Any:
        """The game's own setting, else its server's (read with the game), else ours."""
        if name in loaded.row.settings:
            return loaded.row.settings[name]
        if name in loaded.guild:
            return loaded.guild[name]
        return DEFAULTS[name]

    # --- scheduling -------------------------------------------------------------------

    async def schedule(self, loaded: Loaded) -> None:
        """Bring the game's reminders and deadlines up to date with who must act now, in
        one store call (the plan runs inside its transaction: :meth:`plan`).

        Timers belong to a seat's *turn* (its start time), not to a game version: a step
        inside a turn, or another seat's move in a simultaneous phase, keeps a waiting
        seat's reminder count and deadline as they were.
        """
        interval = float(await self.setting(loaded, "reminder_hours")) * HOUR
        deadline = float(await self.setting(loaded, "deadline_hours")) * HOUR
        added = await self.store.sync_timers(
            loaded.row.id, partial(self.plan, loaded, interval, deadline)
        )
        if added:  # a timer taken away needs no wake-up: the dispatcher finds it gone
            self.poke(min(t.due_at for t in added))

    def plan(
        self, loaded: Loaded, interval: float, deadline: float, existing: list[Timer]
    ) -> tuple[list[int], list[NewTimer]]:
        """The game's timers to delete and to add, given those it has (``existing``)."""
        deadlines = [t.id for t in existing if t.kind == DEADLINE]
        reminders = [t for t in existing if t.kind == REMIND]
        if loaded.row.status != "active" or loaded.row.settings.get("paused"):
            return deadlines + [t.id for t in reminders], []
        started = self.turn_start(loaded)
        muted = set(loaded.row.settings.get("muted", []))
        acting = loaded.game.to_act(loaded.state)
        keep: set[int] = set()
        new: list[NewTimer] = []
        for seat in loaded.seats:
            if seat.position not in acting or seat.user_id is None:
                continue
            payload = {"turn": started, "seat": seat.position, "count": 0, "interval": interval}
            current = [
                t
                for t in reminders
                if t.user_id == seat.user_id and t.payload.get("turn") == started
            ]
            if interval > 0 and seat.user_id not in muted:
                same = [t for t in current if t.payload.get("interval") == interval]
                if same:
                    keep.update(t.id for t in same)
                else:  # a new turn, or a new interval: count on from the old reminder
                    count = max((int(t.payload.get("count", 0)) for t in current), default=0)
                    due = max(started + interval * (count + 1), self.clock() + 60.0)
                    new.append(NewTimer(due, REMIND, seat.user_id, {**payload, "count": count}))
            if deadline > 0:
                extra = self.vacation_taken(loaded, seat.position, started)
                new.append(NewTimer(started + deadline + extra, DEADLINE, seat.user_id, payload))
        return deadlines + [t.id for t in reminders if t.id not in keep], new

    @staticmethod
    def vacation_taken(loaded: Loaded, seat: int, turn_start: float) -> float:
        """Vacation taken during this turn (it stops the clock of this turn only)."""
        entry = loaded.row.settings.get("vacation", {}).get(str(seat))
        if not entry or entry.get("turn") != turn_start:
            return 0.0
        return float(entry.get("seconds", 0.0))

    def turn_start(self, loaded: Loaded) -> float:
        """When the current turn's clock started (pauses and downtime push it later)."""
        started = loaded.row.turn_started_at or self.clock()
        return max(started, float(loaded.row.settings.get("resumed_at", 0.0)))

    # --- AI seats -----------------------------------------------------------------------

    async def retry_ai(self, game_id: int) -> None:
        """An AI seat's move could not be saved: let it try again after 10 s, 1 min,
        5 min, then every 30 min (an ``ai`` timer, whatever the deadline setting; one per
        game, the attempt counted on from the one it replaces). When even the timer cannot
        be written (the database is down), this process writes it later itself."""
        try:
            earlier = [t for t in await self.store.timers_for_game(game_id) if t.kind == AI_RETRY]
            attempt = max((int(t.payload.get("attempt", 0)) + 1 for t in earlier), default=0)
            await self.store.delete_timers(game_id, AI_RETRY)
            await self.store.add_timer(
                due_at=self.clock() + AI_BACKOFF_S[min(attempt, len(AI_BACKOFF_S) - 1)],
                kind=AI_RETRY,
                game_id=game_id,
                payload={"attempt": attempt},
            )
        except Exception:
            log.warning("game %s: the AI's retry cannot be saved yet; trying later", game_id)
            task = asyncio.create_task(self._retry_ai_later(game_id), name=f"tenka-ai-{game_id}")
            self._waiting.add(task)
            task.add_done_callback(self._waiting.discard)
            return
        self.poke()

    async def _retry_ai_later(self, game_id: int) -> None:
        await self.sleep(AI_BACKOFF_S[0])
        await self.retry_ai(game_id)
