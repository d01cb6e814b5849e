"""The transport-agnostic game service: lobby, moves, views, history.

Discord, the CLI demo and the tests all drive games through :class:`Service`. It loads a
game from the store, checks and applies actions through ``games.engine``, persists them
with optimistic concurrency, lets AI seats answer, and returns plain result objects
(``bot.results``). Seeds and hidden orders never leave it: every picture and sentence is
built from ``game.view`` and from events visible to the reader.
"""

from __future__ import annotations

import asyncio
import itertools
import logging
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace

import games
from bot import menus, presenter
from bot.i18n import game_locale, reader_locale
from bot.lobby import LobbyMixin
from bot.reading import ReadingMixin
from bot.results import (
    GameSummary,
    NoSuchGame,
    NotAllowed,
    NotSeated,
    Post,
    Result,
    SeatInfo,
    Stale,
    WrongPhase,
)
from bot.store import Conflict, GameRow, NewAction, SeatRow, Store
from bot.table import Table
from bot.tempo import Tempo
from bot.text import t
from games import engine
from games.ai import player_for
from games.base import Event, Game, Outcome, Seat, State, Termination
from games.rng import derive_seed

log = logging.getLogger(__name__)

RESULT_SERIALS = itertools.count(1)
MAX_AI_CHAIN = 500  # safety net: AI seats answering each other


@dataclass
class Loaded:
    row: GameRow
    seats: list[SeatRow]
    game: Game
    state: State | None

    def seat_of(self, user_id: int) -> Seat:
        for s in self.seats:
            if s.user_id == user_id and s.position is not None:
                return s.position
        raise NotSeated("err.not_seated")

    @property
    def locale(self) -> str:
        """The catalogue of the game's public posts (chosen when the game was opened)."""
        return game_locale(self.row.settings)

    def names(self, locale: str | None = None) -> list[str]:
        """Seat names in seat order (AI seats named in ``locale``, by default the game's)."""
        return [presenter.seat_name(self.row, s, self.seats, locale) for s in self.seats]


def new_turn(game: Game, before: State, after: State) -> bool:
    """A new turn starts when a seat joins those to act (not when one of several simultaneous
    choosers finishes), so the clock of a seat still choosing keeps running."""
    return bool(game.to_act(after) - game.to_act(before))


class Service(LobbyMixin, ReadingMixin):
    """Game flows over a :class:`bot.store.Store`."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        ai_budget_s: float = 0.5,
        render: bool = True,
    ) -> None:
        self.store = store
        self.clock = clock
        self.ai_budget_s = ai_budget_s
        self.render = render
        self._locks: dict[int, asyncio.Lock] = {}
        self.tempo = Tempo(self)
        self.table = Table(self)

    def _lock(self, game_id: int) -> asyncio.Lock:
        return self._locks.setdefault(game_id, asyncio.Lock())

    # --- loading ----------------------------------------------------------------------

    async def _load(self, game_id: int) -> Loaded:
        row = await self.store.get_game(game_id)
        if row is None:
            raise NoSuchGame("err.no_such_game", game_id=game_id)
        seats = await self.store.seats(game_id)
        game = games.get(row.game_key)
        state = None if row.state is None else game.load_state(row.state)
        return Loaded(row, seats, game, state)

    async def _active(self, game_id: int) -> Loaded:
        loaded = await self._load(game_id)
        if loaded.row.status == "lobby":
            raise WrongPhase("err.not_started", game_id=game_id)
        if loaded.row.status != "active" or loaded.state is None:
            raise WrongPhase("err.over", game_id=game_id)
        return loaded

    def summary(self, loaded: Loaded) -> GameSummary:
        row, state = loaded.row, loaded.state
        to_act: tuple[int, ...] = ()
        if state is not None and row.status == "active":
            acting = loaded.game.to_act(state)
            to_act = tuple(
                s.user_id for s in loaded.seats if s.position in acting and s.user_id is not None
            )
        seat_infos = tuple(
            SeatInfo(s.position, s.user_id, presenter.seat_name(row, s, loaded.seats), s.ai)
            for s in loaded.seats
        )
        return GameSummary(
            game_id=row.id,
            key=row.game_key,
            title=loaded.game.title,
            status=row.status,
            guild_id=row.guild_id,
            channel_id=row.channel_id,
            thread_id=row.thread_id,
            board_message_id=row.board_message_id,
            lobby_message_id=row.lobby_message_id,
            seats=seat_infos,
            to_act=to_act,
            version=row.version,
            options=dict(row.options),
            locale=loaded.locale,
        )

    # --- play -------------------------------------------------------------------------

    async def act(
        self,
        game_id: int,
        user_id: int,
        text: str,
        *,
        expected_version: int | None = None,
        locale: str = "en",
    ) -> Result:
        """Play ``text`` (any notation the game accepts) for the user's seat; ``locale`` is
        the acting user's (their own private post and reply)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            before = loaded.state
            state, action, events = engine.act_text(loaded.game, before, seat, text)
            notation = loaded.game.notation(before, action)
            loaded = await self._commit(loaded, seat, user_id, notation, state)
            return await self._after(loaded, events, before=before, reader=(user_id, locale))

    async def act_index(
        self, game_id: int, user_id: int, index: int, *, expected_version: int, locale: str = "en"
    ) -> Result:
        """Play the user's ``legal()[index]`` as it was at ``expected_version`` (a button)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            engine.check_can_act(loaded.game, loaded.state, seat)
            legal = loaded.game.legal(loaded.state, seat)
            if not 0 <= index < len(legal):
                raise Stale("err.stale")
            before = loaded.state
            state, events = engine.act(loaded.game, before, seat, legal[index])
            notation = loaded.game.notation(before, legal[index])
            loaded = await self._commit(loaded, seat, user_id, notation, state)
            result = await self._after(loaded, events, before=before, reader=(user_id, locale))
            return replace(result, reply=t("reply.played", locale, notation=notation))

    async def undo(
        self,
        game_id: int,
        user_id: int,
        *,
        expected_version: int | None = None,
        locale: str = "en",
    ) -> Result:
        """Take back the user's last step of a turn not yet confirmed."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            if not loaded.game.can_undo(loaded.state, seat):
                raise NotAllowed("err.nothing_to_undo")
            version = loaded.row.version
            previous = await self.state_at(loaded, version - 1)
            try:
                await self.store.rollback(
                    game_id,
                    to_version=version - 1,
                    expected_version=version,
                    state=loaded.game.dump_state(previous),
                    now=self.clock(),
                    keep_turn_clock=True,
                )
            except Conflict:
                raise Stale("err.stale") from None
            before = loaded.state
            loaded = await self._load(game_id)
            undone = Event("undo", {}, seat=seat)
            return await self._after(loaded, [undone], before=before, reader=(user_id, locale))

    async def resign(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            before = loaded.state
            state, events = engine.resign(loaded.game, before, seat)
            loaded = await self._commit(loaded, seat, user_id, engine.RESIGN, state)
            events = events or [Event("resign", {}, seat)]
            return await self._after(loaded, events, before=before, reader=(user_id, locale))

    async def abandon(self, game_id: int, user_id: int, locale: str = "en") -> Result:
        """Vote to abandon; the game ends when every human player has voted."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            loaded.seat_of(user_id)
            votes = set(loaded.row.settings.get("abandon_votes", [])) | {user_id}
            humans = {s.user_id for s in loaded.seats if s.user_id is not None}
            if votes >= humans:
                players = len(loaded.seats)
                outcome = Outcome(Termination.ABANDONED, frozenset(), (1,) * players)
                await self.store.set_status(
                    game_id, "abandoned", outcome=outcome.to_json(), now=self.clock()
                )
                loaded = await self._load(game_id)
                await self.tempo.schedule(loaded)
                reason = t("end.termination.abandoned", loaded.locale)
                post = Post(t("end.line", loaded.locale, reason=reason))
                return Result(self.summary(loaded), public=(post,), finished=True)
            await self.store.update_settings(game_id, {"abandon_votes": sorted(votes)})
            missing = [self._name(loaded, u) for u in sorted(humans - votes)]
            reply = t("abandon.vote", locale, names=", ".join(missing))
            return Result(self.summary(loaded), reply=reply)

    def _name(self, loaded: Loaded, user_id: int) -> str:
        return str(loaded.row.settings.get("names", {}).get(str(user_id), f"<@{user_id}>"))

    def _check_version(self, loaded: Loaded, expected: int | None) -> None:
        if expected is not None and expected != loaded.row.version:
            raise Stale("err.stale")

    async def _commit(
        self, loaded: Loaded, seat: Seat, user_id: int | None, text: str, state: State
    ) -> Loaded:
        game, row = loaded.game, loaded.row
        outcome = game.outcome(state)
        try:
            new_row = await self.store.append_action(
                row.id,
                expected_version=row.version,
                seat=seat,
                user_id=user_id,
                text=text,
                state=game.dump_state(state),
                status="active" if outcome is None else "finished",
                outcome=None if outcome is None else outcome.to_json(),
                now=self.clock(),
                turn_changed=new_turn(game, loaded.state, state),
            )
        except Conflict:
            raise Stale("err.stale") from None
        return Loaded(new_row, loaded.seats, game, state)

    async def _with_digest(
        self, loaded: Loaded, post: Post, before: State | None, described: int
    ) -> Post:
        """Add what happened since the pinged player's last move (public events only),
        beyond the actions this post already describes."""
        if len(post.ping) != 1 or before is None:
            return post
        seat = next(s.position for s in loaded.seats if s.user_id == post.ping[0])
        if seat is None:
            return post
        locale = loaded.locale
        lines = await self.table.digest_lines(
            loaded, seat, viewer=None, skip_last=described, locale=locale
        )
        if not lines:
            return post
        digest = "\n".join(f"> {line}" for line in lines)
        since = t("digest.since", locale)
        return replace(post, text=f"{since}\n{digest}\n{post.text}"[:2000])

    async def _run_ai(self, loaded: Loaded) -> tuple[Loaded, list[Event], int]:
        """Let AI seats act while only AI seats are to act."""
        events: list[Event] = []
        count = 0
        ai_seats = {s.position: s for s in loaded.seats if s.ai is not None}
        for _ in range(MAX_AI_CHAIN):
            state = loaded.state
            if loaded.game.outcome(state) is not None:
                break
            acting = loaded.game.to_act(state)
            ai_acting = sorted(p for p in acting if p in ai_seats)
            if not ai_acting:
                break
            seat = ai_acting[0]
            seed = derive_seed(loaded.row.seed, f"ai{seat}:{loaded.row.version}")
            player = player_for(loaded.game, ai_seats[seat].ai or "normal", seed, self.ai_budget_s)
            try:
                action = await asyncio.to_thread(player.choose, loaded.game, state, seat)
                new_state, new_events = engine.act(loaded.game, state, seat, action)
            except Exception:  # keep what was committed; the seat's deadline will retry
                log.exception("AI seat %s failed in game %s", seat, loaded.row.id)
                break
            notation = loaded.game.notation(state, action)
            loaded = await self._commit(loaded, seat, None, notation, new_state)
            events.extend(new_events)
            count += 1
        return loaded, events, count

    async def _after(
        self,
        loaded: Loaded,
        events: list[Event],
        *,
        before: State | None,
        started: bool = False,
        quiet_user: int | None = None,
        acted: int = 1,
        reader: tuple[int, str] | None = None,
    ) -> Result:
        """Let AI seats answer, then build the posts: a public board only when something
        public happened (a secret pick step posts nothing), private posts for every hand
        that changed (except ``quiet_user``'s, who is looking at their own menu).
        ``reader`` is the acting user and their locale: their own private post uses it."""
        loaded, ai_events, ai_actions = await self._run_ai(loaded)
        events = events + ai_events
        finished = loaded.game.outcome(loaded.state) is not None
        public: tuple[Post, ...] = ()
        palettes = await self.palettes(loaded)
        if started or finished or any(e.audience is None for e in events):
            post = await presenter.board_post(
                loaded,
                events,
                render=self.render,
                started=started,
                palette=presenter.public_palette(palettes),
            )
            post = await self._with_digest(loaded, post, before, acted + ai_actions)
            acting = loaded.game.to_act(loaded.state)
            mid_turn = before is not None and len(acting) == 1
            mid_turn = mid_turn and acting == loaded.game.to_act(before) and not finished
            public = (replace(post, edit_previous=mid_turn, ping=() if mid_turn else post.ping),)
        locales = await self._dm_locales(loaded, reader)
        private = await presenter.private_posts(
            loaded,
            before,
            render=self.render,
            locales=locales,
            palettes=palettes,
        )
        private = tuple(p for p in private if p.user_id != quiet_user)
        await self.tempo.schedule(loaded)
        return Result(
            self.summary(loaded),
            public=public,
            private=private,
            finished=finished,
            serial=next(RESULT_SERIALS),
        )

    async def palettes(self, loaded: Loaded) -> dict[int, str]:
        """Each human player's picture palette (``/settings me palette:``)."""
        out = {}
        for seat in loaded.seats:
            if seat.user_id is not None:
                prefs = await self.store.user_settings(seat.user_id)
                out[seat.user_id] = str(prefs.get("palette") or "default")
        return out

    async def dm_locale(self, loaded: Loaded, user_id: int) -> str:
        """The catalogue of a DM to ``user_id`` outside their own interaction."""
        return reader_locale(await self.store.user_settings(user_id), loaded.locale)

    async def _dm_locales(self, loaded: Loaded, reader: tuple[int, str] | None) -> dict[int, str]:
        """The locale of every human seat that has a private view (DM recipients)."""
        out: dict[int, str] = {}
        for seat in loaded.seats:
            if seat.user_id is None or seat.position is None:
                continue
            if reader is not None and seat.user_id == reader[0]:
                out[seat.user_id] = reader[1]
            elif loaded.game.hand(loaded.state, seat.position) is not None:
                out[seat.user_id] = await self.dm_locale(loaded, seat.user_id)
        return out

    async def timeout_move(self, game_id: int, seat: Seat, turn_start: float) -> Result | None:
        """A deadline passed: the AI finishes ``seat``'s turn (every step of it, in one
        commit). Runs once: the seat must still be to act in the turn the deadline was for."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            acting = loaded.game.to_act(loaded.state)
            if seat not in acting or self.tempo.turn_start(loaded) != turn_start:
                return None
            game, before = loaded.game, loaded.state
            user_id = next(s.user_id for s in loaded.seats if s.position == seat)
            seed = derive_seed(loaded.row.seed, f"timeout{seat}:{loaded.row.version}")
            player = player_for(game, "normal", seed, self.ai_budget_s)
            state, events, rows = before, [], []
            while seat in game.to_act(state) and game.outcome(state) is None:
                if rows and new_turn(game, before, state):
                    break
                if len(rows) >= MAX_AI_CHAIN:
                    break
                action = await asyncio.to_thread(player.choose, game, state, seat)
                new_state, new_events = engine.act(game, state, seat, action)
                notation = game.notation(state, action)
                rows.append(NewAction(seat, user_id, notation, game.dump_state(new_state)))
                state, events = new_state, events + new_events
            loaded = await self._commit_many(loaded, before, state, rows)
            # Name the moves only when every one of them was public (never a secret pick).
            shown = " ".join(r.text for r in rows)
            public = all(e.audience is None for e in events)
            notice = Event("timeout" if public else "timeout_secret", {"notation": shown}, seat)
            return await self._after(loaded, [notice, *events], before=before, acted=len(rows))

    async def _commit_many(
        self, loaded: Loaded, before: State, state: State, rows: list[NewAction]
    ) -> Loaded:
        game = loaded.game
        outcome = game.outcome(state)
        try:
            row = await self.store.append_actions(
                loaded.row.id,
                expected_version=loaded.row.version,
                actions=rows,
                status="active" if outcome is None else "finished",
                outcome=None if outcome is None else outcome.to_json(),
                now=self.clock(),
                turn_changed=new_turn(game, before, state),
            )
        except Conflict:
            raise Stale("err.stale") from None
        return Loaded(row, loaded.seats, game, state)

    async def act_steps(
        self,
        game_id: int,
        user_id: int,
        texts: Sequence[str] | Callable[[Loaded, Seat], Sequence[str]],
        *,
        quiet_actor: bool = True,
        locale: str = "en",
    ) -> Result:
        """Apply several actions of one seat atomically (a whole secret pick from a menu).
        ``texts`` may be a function of the loaded game, evaluated under the game's lock."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            if callable(texts):
                texts = texts(loaded, seat)
            game, before = loaded.game, loaded.state
            state, events, rows = before, [], []
            for text in texts:
                new_state, action, new_events = engine.act_text(game, state, seat, text)
                notation = game.notation(state, action)
                rows.append(NewAction(seat, user_id, notation, game.dump_state(new_state)))
                state, events = new_state, events + new_events
            if not rows:
                return Result(self.summary(loaded))
            outcome = game.outcome(state)
            try:
                row = await self.store.append_actions(
                    game_id,
                    expected_version=loaded.row.version,
                    actions=rows,
                    status="active" if outcome is None else "finished",
                    outcome=None if outcome is None else outcome.to_json(),
                    now=self.clock(),
                    turn_changed=new_turn(game, before, state),
                )
            except Conflict:
                raise Stale("err.stale") from None
            loaded = Loaded(row, loaded.seats, game, state)
            quiet = user_id if quiet_actor else None
            return await self._after(
                loaded,
                events,
                before=before,
                quiet_user=quiet,
                acted=len(rows),
                reader=(user_id, locale),
            )

    async def menu(self, game_id: int, user_id: int, locale: str = "en") -> menus.Menu | None:
        """The secret multi-choice menu the user should answer now (Samurai's opening)."""
        loaded = await self._active(game_id)
        seat = loaded.seat_of(user_id)
        if seat not in loaded.game.to_act(loaded.state):
            return None
        return menus.menu_for(loaded.row.id, loaded.game, loaded.state, seat, locale)

    async def choose(
        self, game_id: int, user_id: int, values: Sequence[str], locale: str = "en"
    ) -> Result:
        """Answer the secret menu with the chosen option values (not yet confirmed)."""

        def steps(loaded: Loaded, seat: Seat) -> Sequence[str]:
            return menus.menu_steps(loaded.game, loaded.state, seat, values)

        return await self.act_steps(game_id, user_id, steps, locale=locale)

    async def run_ai_turns(self, game_id: int) -> Result | None:
        """Let AI seats move (after a restart, or when a seat was handed to the AI)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            before_version = loaded.row.version
            result = await self._after(loaded, [], before=loaded.state)
            return result if result.game.version != before_version else None
