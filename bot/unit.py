"""The unit of work: one way to hold a game, for every command that changes one.

``async with unit.hold(game_id) as loaded:`` takes the game's lock (one process), loads
it, checks its phase, and turns a lost race at commit (``Conflict``, another process got
there first) into the player's "the game moved on" (``Stale``). Inside, ``commit`` appends
actions with the version check; everything after a move (AI answers, posts, timers) is
done by :class:`bot.aftermath.Aftermath`, once, for every command.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from typing import Any, Literal

import games
from bot.loaded import Loaded, new_turn
from bot.results import BrokenGame, NoSuchGame, NotAllowed, Stale, WrongPhase
from bot.store import Conflict, NewAction, Store
from games import engine
from games.base import Event, Seat, State

log = logging.getLogger(__name__)
Phase = Literal["active", "lobby", "any"]
LOCKS_KEPT = 256  # idle locks beyond this are pruned


class Unit:
    """Locks, loading and committing for one process over a :class:`bot.store.Store`."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, game_id: int) -> asyncio.Lock:
        lock = self._locks.get(game_id)
        if lock is None:
            if len(self._locks) >= LOCKS_KEPT:
                self._prune()
            lock = self._locks[game_id] = asyncio.Lock()
        return lock

    def _prune(self) -> None:
        for game_id, lock in list(self._locks.items()):
            if not lock.locked() and not getattr(lock, "_waiters", None):
                del self._locks[game_id]

    @property
    def lock_count(self) -> int:
        return len(self._locks)

    # --- reading ----------------------------------------------------------------------

    async def load(self, game_id: int) -> Loaded:
        """The game as stored now (no lock: for reading)."""
        try:
            row = await self.store.get_game(game_id)
        except ValueError:  # its stored JSON does not parse: set aside like a bad state
            log.warning("game %s cannot be read; it is set aside", game_id, exc_info=True)
            raise BrokenGame("err.broken_game", game_id=game_id) from None
        if row is None:
            raise NoSuchGame("err.no_such_game", game_id=game_id)
        seats = await self.store.seats(game_id)
        try:
            game = games.get(row.game_key)
            state = None if row.state is None else game.load_state(row.state)
        except Exception:  # a row that cannot be read is set aside; the others play on
            log.warning("game %s cannot be read; it is set aside", game_id, exc_info=True)
            raise BrokenGame("err.broken_game", game_id=game_id) from None
        return Loaded(row, seats, game, state)

    async def active(self, game_id: int) -> Loaded:
        return check_phase(await self.load(game_id), "active")

    async def state_at(self, loaded: Loaded, version: int) -> State:
        """The state after ``version`` actions, from the nearest snapshot."""
        seq, data = await self.store.snapshot_at_or_before(loaded.row.id, version)
        state = loaded.game.load_state(data)
        actions = await self.store.actions(loaded.row.id, since_seq=seq)
        log_items = [(a.seat, a.text) for a in actions if a.seq < version]
        state, _ = engine.replay(loaded.game, state, log_items)
        return state

    # --- changing ---------------------------------------------------------------------

    @asynccontextmanager
    async def hold(
        self, game_id: int, phase: Phase = "active", *, paused_ok: bool = False
    ) -> AsyncIterator[Loaded]:
        """The game under its lock, in ``phase``; a lost race at commit becomes Stale.
        A paused game refuses every change but those that manage the pause itself
        (``paused_ok``): no move, form answer, undo, takeback or timer."""
        async with self.lock(game_id):
            loaded = check_phase(await self.load(game_id), phase)
            if not paused_ok and phase == "active" and loaded.row.settings.get("paused"):
                raise NotAllowed("err.paused", game_id=game_id)
            try:
                yield loaded
            except Conflict:
                raise Stale("err.stale") from None

    async def commit(
        self, loaded: Loaded, rows: Sequence[NewAction], state: State, before: State
    ) -> Loaded:
        """Append ``rows`` (one or more actions of one command) in one transaction."""
        game = loaded.game
        outcome = game.outcome(state)
        common: dict[str, Any] = {
            "expected_version": loaded.row.version,
            "status": "active" if outcome is None else "finished",
            "outcome": None if outcome is None else outcome.to_json(),
            "now": self.clock(),
            "turn_changed": new_turn(game, before, state),
        }
        if len(rows) == 1:
            (one,) = rows
            row = await self.store.append_action(
                loaded.row.id,
                seat=one.seat,
                user_id=one.user_id,
                text=one.text,
                state=one.state,
                **common,
            )
        else:
            row = await self.store.append_actions(loaded.row.id, actions=list(rows), **common)
        return Loaded(row, loaded.seats, game, state)

    async def play(
        self, loaded: Loaded, seat: Seat, user_id: int | None, actions: Sequence[Any]
    ) -> tuple[Loaded, list[Event]]:
        """Check and apply ``actions`` of ``seat`` in order, then commit them together.
        Returns the new game and the events (nothing is written when one is illegal)."""
        game, before = loaded.game, loaded.state
        state, events, rows = before, list[Event](), list[NewAction]()
        for action in actions:
            new_state, new_events = engine.act(game, state, seat, action)
            notation = game.notation(state, action)
            rows.append(NewAction(seat, user_id, notation, game.dump_state(new_state)))
            state, events = new_state, events + new_events
        if not rows:
            return loaded, []
        return await self.commit(loaded, rows, state, before), events

    async def reload(self, loaded: Loaded) -> Loaded:
        return await self.load(loaded.row.id)


def check_phase(loaded: Loaded, phase: Phase) -> Loaded:
    game_id = loaded.row.id
    if phase == "lobby" and loaded.row.status != "lobby":
        raise WrongPhase("err.already_started", game_id=game_id)
    if phase == "active":
        if loaded.row.status == "lobby":
            raise WrongPhase("err.not_started", game_id=game_id)
        if loaded.row.status != "active" or loaded.state is None:
            raise WrongPhase("err.over", game_id=game_id)
    return loaded
