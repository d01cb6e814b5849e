"""The unit of work: one way to hold a game, for every command that changes one.

``async with unit.hold(game_id) as loaded:`` takes the game's lock (one process), loads
it, checks its phase, and turns a lost race at commit (``Conflict``, another process got
there first) into the player's "the game moved on" (``Stale``). Inside, ``commit`` appends
actions with the version check; everything after a move (AI answers, posts, timers) is
done by :class:`bot.service.aftermath.Aftermath`, once, for every command.

A request (a Discord interaction) opens a :class:`Receipt` with :func:`begin`: the first
action it commits carries the request's ``origin`` into the log (a second delivery of
the same request is answered "already played" and writes nothing), and the receipt
records every commit, so that whatever fails afterwards the answer says what is true:
the move is in.
"""

from __future__ import annotations

import asyncio
import contextvars
import logging
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from dataclasses import dataclass, field, replace
from typing import Any, Literal

import games
from bot.service import ratings
from bot.service.loaded import Loaded, new_turn
from bot.service.results import AlreadyPlayed, BrokenGame, NoSuchGame, NotAllowed, Stale, WrongPhase
from bot.service.rewind import Undone
from bot.store import (
    ActionRow,
    Conflict,
    Duplicate,
    GameRow,
    NewAction,
    NotFound,
    Played,
    Store,
)
from games import engine
from games.base import Event, Game, Seat, State

log = logging.getLogger(__name__)
Phase = Literal["active", "lobby", "any"]
LOCKS_KEPT = 256  # idle locks beyond this are pruned


@dataclass
class Receipt:
    """One request's dealings with the log: its ``origin`` (the key a second delivery of
    the same request is known by; ``None``: no key) and the games it changed."""

    origin: str | None = None
    games: list[int] = field(default_factory=list)  # a game's id per change written

    @property
    def key(self) -> str | None:
        """The origin the request's next write carries: none once it committed (the AI's
        answers and later commits of the same request carry none)."""
        return None if self.games else self.origin

    def stamp(self, rows: Sequence[NewAction]) -> list[NewAction]:
        """``rows`` with the origin on the first one, if this request committed nothing yet."""
        if self.key is None or not rows:
            return list(rows)
        return [replace(rows[0], origin=self.key), *rows[1:]]


_RECEIPT: contextvars.ContextVar[Receipt | None] = contextvars.ContextVar(
    "tenka_receipt", default=None
)


def begin(origin: str | None) -> Receipt:
    """Open the receipt of the request this task now serves (one task per interaction)."""
    receipt = Receipt(origin)
    _RECEIPT.set(receipt)
    return receipt


def receipt() -> Receipt | None:
    """The receipt of the request this task serves, if one was opened."""
    return _RECEIPT.get()


def wrote(game_id: int) -> None:
    """Record in the request's receipt that it changed a game (a move, an undo, a
    takeback, a vote that ended the game): from now on its answer says so."""
    current = _RECEIPT.get()
    if current is not None:
        current.games.append(game_id)


class Unit:
    """Locks, loading and committing for one process over a :class:`bot.store.Store`."""

    def __init__(self, store: Store, clock: Callable[[], float]) -> None:
        self.store = store
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}
        self._replays: dict[int, _Replay] = {}
        self._checked: dict[int, int] = {}  # game -> the revision whose log was replayed
        self._told: set[int] = set()  # games whose damaged log was logged already

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
        loaded, _ = await self._load(game_id)
        return loaded

    async def _load(self, game_id: int, origin: str | None = None) -> tuple[Loaded, Played | None]:
        """The game with its players' and server's settings, and where ``origin`` was
        played if it was: one store call (:meth:`bot.store.Store.load_game`)."""
        try:
            found = await self.store.load_game(game_id, origin)
        except ValueError:  # its stored JSON does not parse: set aside like a bad state
            log.warning("game %s cannot be read; it is set aside", game_id, exc_info=True)
            raise BrokenGame("err.broken_game", game_id=game_id) from None
        if found is None:
            raise NoSuchGame("err.no_such_game", game_id=game_id)
        row = found.row
        try:
            game = games.get(row.game_key)
            state = None if row.state is None else game.load_state(row.state)
        except Exception:  # a row that cannot be read is set aside; the others play on
            log.warning("game %s cannot be read; it is set aside", game_id, exc_info=True)
            raise BrokenGame("err.broken_game", game_id=game_id) from None
        loaded = Loaded(row, found.seats, game, state, found.prefs, found.guild)
        await self._check_log(loaded)
        return loaded, found.played

    async def active(self, game_id: int) -> Loaded:
        return check_phase(await self.load(game_id), "active")

    async def state_at(self, loaded: Loaded, version: int) -> State:
        """The state after ``version`` actions, from the nearest snapshot."""
        state, _ = await self.walk(loaded, version, version)
        return state

    async def walk(
        self, loaded: Loaded, start: int, end: int
    ) -> tuple[State, list[tuple[ActionRow, list[Event]]]]:
        """The state after ``start`` actions, and each logged action of ``start..end-1``
        with its events, replayed from the nearest snapshot at or before ``start``.

        What the store holds decides: the snapshot and the log are read every time, and
        only the replay is remembered (per game, the last snapshot's successors, see
        :class:`_Replay`), so a digest after every move replays a step once, not the
        ~25 steps since the snapshot each time."""
        game_id = loaded.row.id
        try:
            seq, data = await self.store.snapshot_at_or_before(game_id, start)
        except (ValueError, NotFound) as error:  # its stored JSON does not parse, or it is gone
            raise self._set_aside(game_id, error) from None
        rows = [a for a in await self.store.actions(game_id, since_seq=seq) if a.seq < end]
        try:
            return self._replay(loaded, seq, data, rows, start)
        except Exception as error:  # a logged action (or the snapshot) no longer replays
            raise self._set_aside(game_id, error) from None

    def _replay(
        self, loaded: Loaded, seq: int, data: Any, rows: list[ActionRow], start: int
    ) -> tuple[State, list[tuple[ActionRow, list[Event]]]]:
        """:meth:`walk` once the snapshot at ``seq`` and the ``rows`` since are read."""
        game_id = loaded.row.id
        if any(row.seq != seq + i for i, row in enumerate(rows)):  # a log with a gap
            return _walk_plain(loaded.game, loaded.game.load_state(data), rows, start)
        memo = self._replays.pop(game_id, None)
        if memo is None or memo.seq != seq or memo.key != loaded.row.game_key or memo.data != data:
            memo = _Replay(seq, loaded.row.game_key, data, [loaded.game.load_state(data)])
        try:
            memo.follow(loaded.game, [(row.seat, row.text) for row in rows])
        finally:
            self._replays[game_id] = memo  # the most recent last (pruned oldest first)
            while len(self._replays) > REPLAYS_KEPT:
                del self._replays[next(iter(self._replays))]
        # a log shorter than ``start`` (an undo since) is the store's answer, as before
        state = memo.states[min(start - seq, len(rows))]
        return state, [(row, memo.events[row.seq - seq]) for row in rows if row.seq >= start]

    async def _check_log(self, loaded: Loaded) -> None:
        """Replay the game's log since its last snapshot once per revision (and process),
        so a damaged log sets the game aside (:class:`BrokenGame`) for every reader and
        writer before anything is committed. The replay is :meth:`walk`'s own, kept for
        the digests that follow, and this process's commits keep their revision checked."""
        row = loaded.row
        if loaded.state is None or self._checked.get(row.id) == row.revision:
            return
        await self.walk(loaded, row.version, row.version)
        self._checked.pop(row.id, None)
        self._checked[row.id] = row.revision  # the most recent last (pruned oldest first)
        while len(self._checked) > CHECKS_KEPT:
            del self._checked[next(iter(self._checked))]

    def _checked_on(self, before: GameRow, after: GameRow) -> None:
        """A checked log that this process's commit (``before`` to ``after``) extended by
        actions it has just played stays checked, when no other write came between."""
        if (
            self._checked.get(before.id) == before.revision
            and after.revision == before.revision + 1
        ):
            self._checked[before.id] = after.revision

    def _set_aside(self, game_id: int, error: Exception) -> BrokenGame:
        """The refusal for a game whose log does not replay, logged once per process."""
        self._checked.pop(game_id, None)
        if game_id not in self._told:
            self._told.add(game_id)
            log.warning(
                "game %s cannot be read: its action log does not replay (%s: %s); it is set"
                " aside and every other game plays on",
                game_id,
                type(error).__name__,
                error,
            )
        return BrokenGame("err.broken_game", game_id=game_id)

    async def undone(self, loaded: Loaded, to_version: int) -> list[Undone]:
        """What rolling ``loaded`` back to ``to_version`` would remove, for the rule of
        :mod:`bot.service.rewind`: each logged action since, with the events it made."""
        _, steps = await self.walk(loaded, to_version, loaded.row.version)
        return [Undone(row.seat, row.user_id, row.text, events) for row, events in steps]

    # --- changing ---------------------------------------------------------------------

    @asynccontextmanager
    async def hold(
        self,
        game_id: int,
        phase: Phase = "active",
        *,
        paused_ok: bool = False,
        guard: Callable[[Loaded], object] | None = None,
    ) -> AsyncIterator[Loaded]:
        """The game under its lock, in ``phase``; a lost race at commit becomes Stale.
        A paused game refuses every change but those that manage the pause itself
        (``paused_ok``): no move, form answer, undo, takeback or timer. ``guard`` (which
        may raise) sees the game first, before anything about it is told.

        A request whose origin is already in a log (delivered again) is refused: the
        same read that loads the game says so."""
        async with self.lock(game_id):
            current = _RECEIPT.get()
            loaded, played = await self._load(game_id, None if current is None else current.key)
            if guard is not None:
                guard(loaded)
            check_phase(loaded, phase)
            if not paused_ok and phase == "active" and loaded.row.settings.get("paused"):
                raise NotAllowed("err.paused", game_id=game_id)
            if played is not None:
                raise AlreadyPlayed(already(played), game_id=game_id)
            try:
                yield loaded
            except Conflict:
                raise Stale("err.stale") from None
            except Duplicate:
                raise AlreadyPlayed("err.already_played", game_id=game_id) from None

    async def commit(
        self, loaded: Loaded, rows: Sequence[NewAction], state: State, before: State
    ) -> Loaded:
        """Append ``rows`` (one or more actions of one command) in one transaction; the
        request's receipt records it."""
        current = _RECEIPT.get()
        if current is not None:
            rows = current.stamp(rows)
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
                origin=one.origin,
                **common,
            )
        else:
            row = await self.store.append_actions(loaded.row.id, actions=list(rows), **common)
        wrote(loaded.row.id)  # first: the move is in, whatever follows
        self._checked_on(loaded.row, row)
        if outcome is not None:
            await self.rate(loaded.row.id)
        seats = loaded.acted([one.seat for one in rows], loaded.row.version)
        return replace(loaded, row=row, seats=seats, state=state)

    async def rollback(
        self, loaded: Loaded, to_version: int, *, keep_turn_clock: bool = False
    ) -> None:
        """Take ``loaded``'s log back to ``to_version`` (an Undo, a takeback) in one
        transaction, keeping the request's origin with it: the same request delivered
        again is "already taken back", never one more step. The receipt records it."""
        previous = await self.state_at(loaded, to_version)
        current = _RECEIPT.get()
        try:
            await self.store.rollback(
                loaded.row.id,
                to_version=to_version,
                expected_version=loaded.row.version,
                state=loaded.game.dump_state(previous),
                now=self.clock(),
                keep_turn_clock=keep_turn_clock,
                origin=None if current is None else current.key,
            )
        except Duplicate:
            raise AlreadyPlayed("err.already_undone", game_id=loaded.row.id) from None
        wrote(loaded.row.id)  # the rollback is in, whatever fails from here

    async def rate(self, game_id: int) -> None:
        """Rate a game that just finished. A failure loses no move: it is logged, and
        ``python -m bot ratings rebuild`` rates every finished game again."""
        try:
            await ratings.record(self.store, game_id)
        except Exception:
            log.exception("game %s finished but could not be rated", game_id)

    async def play(
        self, loaded: Loaded, seat: Seat, user_id: int | None, actions: Sequence[Any]
    ) -> tuple[Loaded, list[Event]]:
        """Check and apply ``actions`` of ``seat`` in order, then commit them together.
        Returns the new game and the events (nothing is written when one is illegal)."""
        game, before = loaded.game, loaded.state
        state, rows, steps = before, list[NewAction](), list[tuple[State, list[Event]]]()
        for action in actions:
            new_state, new_events = engine.act(game, state, seat, action)
            notation = game.notation(state, action)
            rows.append(NewAction(seat, user_id, notation, game.dump_state(new_state)))
            state = new_state
            steps.append((new_state, new_events))
        if not rows:
            return loaded, []
        after = await self.commit(loaded, rows, state, before)
        self._remember(loaded.row, after.row, rows, steps)
        return after, [event for _, step in steps for event in step]

    def _remember(
        self,
        before: GameRow,
        after: GameRow,
        rows: Sequence[NewAction],
        steps: Sequence[tuple[State, list[Event]]],
    ) -> None:
        """The replay of a checked log goes on with the actions this process has just
        committed (their states and events as played), so what follows the move (the
        digest, the turn's lines) is told without reading back the log it has written."""
        memo = self._replays.get(before.id)
        if memo is None or self._checked.get(before.id) != after.revision:
            return
        if memo.key != before.game_key or memo.seq + len(memo.items) != before.version:
            return
        for row, (state, events) in zip(rows, steps, strict=True):
            memo.items.append((row.seat, row.text))
            memo.states.append(state)
            memo.events.append(events)

    def remembered(
        self, loaded: Loaded, start: int, end: int
    ) -> list[tuple[int, Seat, list[Event]]] | None:
        """``(seq, seat, events)`` of each logged action of ``start..end-1`` from this
        process's replay, when it holds them for the game's revision as loaded (its log
        checked or written here since); ``None``: the store must be read (:meth:`walk`)."""
        row = loaded.row
        memo = self._replays.get(row.id)
        if memo is None or self._checked.get(row.id) != row.revision or memo.key != row.game_key:
            return None
        if not memo.seq <= start <= end <= memo.seq + len(memo.items):
            return None
        return [
            (seq, memo.items[seq - memo.seq][0], memo.events[seq - memo.seq])
            for seq in range(start, end)
        ]

    async def reload(self, loaded: Loaded) -> Loaded:
        return await self.load(loaded.row.id)


REPLAYS_KEPT = 64  # games whose last replay is remembered
CHECKS_KEPT = 4096  # games whose checked revision is remembered


def replay_step(game: Game, state: State, seat: int, text: str) -> tuple[State, list[Event]]:
    """Apply one logged action (its notation, or ``resign``) and return its events."""
    if text == engine.RESIGN:
        new_state, events = engine.resign(game, state, seat)
        return new_state, events or [Event("resign", {}, seat)]
    new_state, _, events = engine.act_text(game, state, seat, text)
    return new_state, events


def _walk_plain(
    game: Game, state: State, rows: Sequence[ActionRow], start: int
) -> tuple[State, list[tuple[ActionRow, list[Event]]]]:
    """:meth:`Unit.walk` without remembering (a log the store returned with a gap)."""
    steps: list[tuple[ActionRow, list[Event]]] = []
    at_start = state
    for row in rows:
        state, events = replay_step(game, state, row.seat, row.text)
        if row.seq < start:
            at_start = state
        else:
            steps.append((row, events))
    return at_start, steps


@dataclass
class _Replay:
    """A game's log replayed from its snapshot at ``seq`` (``data`` as stored):
    ``states[i]`` is the state after the first ``i`` logged actions ``items[:i]`` since,
    ``events[i]`` what ``items[i]`` did. Replays are deterministic, so the same snapshot
    and the same logged actions give the same states: a log that changed (an undo, a
    takeback) keeps only the common prefix."""

    seq: int
    key: str
    data: Any
    states: list[State]
    items: list[tuple[int, str]] = field(default_factory=list)
    events: list[list[Event]] = field(default_factory=list)

    def follow(self, game: Game, items: Sequence[tuple[int, str]]) -> None:
        """Make ``items`` (the log since ``seq``) a prefix of what is replayed."""
        same = 0
        for mine, theirs in zip(self.items, items, strict=False):
            if mine != theirs:
                break
            same += 1
        if same < len(self.items) and same < len(items):  # the log changed: drop the rest
            del self.items[same:], self.events[same:], self.states[same + 1 :]
        for seat, text in items[len(self.items) :]:
            state, events = replay_step(game, self.states[-1], seat, text)
            self.items.append((seat, text))
            self.states.append(state)
            self.events.append(events)


def already(played: Played) -> str:
    """What a request found in a log is told: its move or its rollback counted once."""
    return "err.already_undone" if played.rollback else "err.already_played"


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


class Part:
    """One part of the service (play, council, reading, tempo): it works through the unit of
    work and reads the unit's store."""

    def __init__(self, unit: Unit) -> None:
        self.unit = unit
        self.store = unit.store
