"""The transport-agnostic game service: lobby, moves, views, history.

Discord, the CLI demo and the tests all drive games through :class:`Service`. It loads a
game from the store, checks and applies actions through ``games.engine``, persists them
with optimistic concurrency, lets AI seats answer, and returns plain result objects
(``bot.results``). Seeds and hidden orders never leave it: every picture and sentence is
built from ``game.view`` and from events visible to the reader.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, replace
from typing import Any

import games
from bot import menus, presenter
from bot.results import (
    GameSummary,
    HistoryPage,
    LobbyResult,
    NoSuchGame,
    NotAllowed,
    NotSeated,
    Post,
    PrivatePost,
    Result,
    SeatInfo,
    Stale,
    WrongPhase,
)
from bot.store import AlreadySeated, Conflict, GameRow, NewAction, SeatRow, Store
from bot.table import Table
from bot.tempo import Tempo
from bot.text import t
from games import engine
from games.ai import player_for
from games.base import Event, Game, GameError, Outcome, Seat, State, Termination
from games.base import resolve_options as resolve_game_options
from games.rng import Rng, derive_seed

log = logging.getLogger(__name__)

HISTORY_PAGE = 15
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
        raise NotSeated(t("err.not_seated"))

    def names(self) -> list[str]:
        return [presenter.seat_name(self.row, s, self.seats) for s in self.seats]


class Service:
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
            raise NoSuchGame(f"There is no game #{game_id}.")
        seats = await self.store.seats(game_id)
        game = games.get(row.game_key)
        state = None if row.state is None else game.load_state(row.state)
        return Loaded(row, seats, game, state)

    async def _active(self, game_id: int) -> Loaded:
        loaded = await self._load(game_id)
        if loaded.row.status == "lobby":
            raise WrongPhase(f"Game #{game_id} has not started yet.")
        if loaded.row.status != "active" or loaded.state is None:
            raise WrongPhase(f"Game #{game_id} is over.")
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
        )

    # --- lobby ------------------------------------------------------------------------

    async def new_game(
        self,
        *,
        guild_id: int | None,
        channel_id: int,
        user_id: int,
        user_name: str,
        key: str,
        options: dict[str, Any] | None = None,
        players: int | None = None,
        seed: int | None = None,
    ) -> LobbyResult:
        """Open a lobby with the creator seated."""
        game = games.get(key)
        resolved = resolve_game_options(game, options)
        if players is not None and players not in game.seats:
            allowed = ", ".join(map(str, game.seats))
            raise NotAllowed(f"{game.title} is for {allowed} players, not {players}.")
        if seed is None:
            seed = int.from_bytes(__import__("os").urandom(8), "big") >> 1
        row = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=user_id,
            game_key=game.key,
            options=resolved,
            seed=seed,
            rules_version=game.rules_version,
            settings={"players": players or max(game.seats), "names": {str(user_id): user_name}},
            now=self.clock(),
        )
        return await self._lobby(row.id)

    async def _lobby(self, game_id: int) -> LobbyResult:
        loaded = await self._load(game_id)
        wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
        count = len(loaded.seats)
        return LobbyResult(
            game=self.summary(loaded),
            text=presenter.lobby_text(loaded.row, loaded.game, loaded.seats, wanted),
            can_start=count in loaded.game.seats,
            full=count >= wanted,
        )

    async def _lobby_only(self, game_id: int) -> Loaded:
        loaded = await self._load(game_id)
        if loaded.row.status != "lobby":
            raise WrongPhase(f"Game #{game_id} has already started.")
        return loaded

    async def join(self, game_id: int, user_id: int, user_name: str) -> LobbyResult:
        async with self._lock(game_id):
            loaded = await self._lobby_only(game_id)
            wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
            if any(s.user_id == user_id for s in loaded.seats):
                raise NotAllowed("You are already in this game.")
            if len(loaded.seats) >= wanted:
                raise NotAllowed("This game is full.")
            try:
                await self.store.join(game_id, user_id, now=self.clock())
            except AlreadySeated:
                raise NotAllowed("You are already in this game.") from None
            names = dict(loaded.row.settings.get("names", {}))
            names[str(user_id)] = user_name
            await self.store.update_settings(game_id, {"names": names})
            return await self._lobby(game_id)

    async def leave(self, game_id: int, user_id: int) -> LobbyResult:
        async with self._lock(game_id):
            loaded = await self._lobby_only(game_id)
            if not any(s.user_id == user_id for s in loaded.seats):
                raise NotSeated("You are not in this game.")
            if user_id == loaded.row.creator_id:
                await self.store.set_status(game_id, "abandoned", now=self.clock())
            else:
                await self.store.leave(game_id, user_id)
            return await self._lobby(game_id)

    async def add_ai(self, game_id: int, user_id: int) -> LobbyResult:
        async with self._lock(game_id):
            loaded = await self._lobby_only(game_id)
            if user_id != loaded.row.creator_id:
                raise NotAllowed("Only the player who opened this game can add an AI seat.")
            wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
            if len(loaded.seats) >= wanted:
                raise NotAllowed("This game is full.")
            await self.store.add_ai_seat(game_id, "normal", now=self.clock())
            return await self._lobby(game_id)

    async def start(self, game_id: int, user_id: int | None) -> Result:
        """Fix the seating (random from the seed), set up the game, let AI seats open."""
        async with self._lock(game_id):
            loaded = await self._lobby_only(game_id)
            if user_id is not None and user_id != loaded.row.creator_id:
                raise NotAllowed("Only the player who opened this game can start it.")
            count = len(loaded.seats)
            if count not in loaded.game.seats:
                need = min(loaded.game.seats)
                raise NotAllowed(f"{loaded.game.title} needs at least {need} players to start.")
            rng = Rng(derive_seed(loaded.row.seed, "seating"))
            order = rng.shuffled(loaded.seats)
            state = loaded.game.setup(
                count, loaded.row.options, derive_seed(loaded.row.seed, "setup")
            )
            try:
                await self.store.start_game(
                    game_id,
                    order=[(s.user_id, s.ai) for s in order],
                    state=loaded.game.dump_state(state),
                    thread_id=None,
                    now=self.clock(),
                )
            except Conflict:
                raise Stale("This game has already started.") from None
            loaded = await self._load(game_id)
            return await self._after(loaded, [], before=None, started=True)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.store.set_messages(game_id, **ids)

    # --- play -------------------------------------------------------------------------

    async def act(
        self, game_id: int, user_id: int, text: str, *, expected_version: int | None = None
    ) -> Result:
        """Play ``text`` (any notation the game accepts) for the user's seat."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            before = loaded.state
            state, action, events = engine.act_text(loaded.game, before, seat, text)
            notation = loaded.game.notation(before, action)
            loaded = await self._commit(loaded, seat, user_id, notation, state)
            return await self._after(loaded, events, before=before)

    async def act_index(
        self, game_id: int, user_id: int, index: int, *, expected_version: int
    ) -> Result:
        """Play the user's ``legal()[index]`` as it was at ``expected_version`` (a button)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            engine.check_can_act(loaded.game, loaded.state, seat)
            legal = loaded.game.legal(loaded.state, seat)
            if not 0 <= index < len(legal):
                raise Stale(t("err.stale"))
            before = loaded.state
            state, events = engine.act(loaded.game, before, seat, legal[index])
            notation = loaded.game.notation(before, legal[index])
            loaded = await self._commit(loaded, seat, user_id, notation, state)
            result = await self._after(loaded, events, before=before)
            return replace(result, reply=f"Played `{notation}`.")

    async def undo(
        self, game_id: int, user_id: int, *, expected_version: int | None = None
    ) -> Result:
        """Take back the user's last step of a turn not yet confirmed."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            self._check_version(loaded, expected_version)
            if not loaded.game.can_undo(loaded.state, seat):
                raise NotAllowed("There is no step of your current turn to take back.")
            version = loaded.row.version
            previous = await self.state_at(loaded, version - 1)
            try:
                await self.store.rollback(
                    game_id,
                    to_version=version - 1,
                    expected_version=version,
                    state=loaded.game.dump_state(previous),
                    now=self.clock(),
                )
            except Conflict:
                raise Stale(t("err.stale")) from None
            before = loaded.state
            loaded = await self._load(game_id)
            undone = Event("undo", {}, seat=seat)
            return await self._after(loaded, [undone], before=before)

    async def resign(self, game_id: int, user_id: int) -> Result:
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
            before = loaded.state
            state, events = engine.resign(loaded.game, before, seat)
            loaded = await self._commit(loaded, seat, user_id, engine.RESIGN, state)
            return await self._after(loaded, events or [Event("resign", {}, seat)], before=before)

    async def abandon(self, game_id: int, user_id: int) -> Result:
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
                post = Post(t("end.line", reason=t("end.termination.abandoned")))
                return Result(self.summary(loaded), public=(post,), finished=True)
            await self.store.update_settings(game_id, {"abandon_votes": sorted(votes)})
            missing = [self._name(loaded, u) for u in sorted(humans - votes)]
            reply = f"Your vote to abandon is counted. Still needed: {', '.join(missing)}."
            return Result(self.summary(loaded), reply=reply)

    def _name(self, loaded: Loaded, user_id: int) -> str:
        return str(loaded.row.settings.get("names", {}).get(str(user_id), f"<@{user_id}>"))

    def _check_version(self, loaded: Loaded, expected: int | None) -> None:
        if expected is not None and expected != loaded.row.version:
            raise Stale(t("err.stale"))

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
                turn_changed=game.to_act(state) != game.to_act(loaded.state),
            )
        except Conflict:
            raise Stale(t("err.stale")) from None
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
        lines = await self.table.digest_lines(loaded, seat, viewer=None, skip_last=described)
        if not lines:
            return post
        digest = "\n".join(f"> {line}" for line in lines)
        return replace(post, text=f"Since your last move:\n{digest}\n{post.text}"[:2000])

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
            action = await asyncio.to_thread(player.choose, loaded.game, state, seat)
            new_state, new_events = engine.act(loaded.game, state, seat, action)
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
    ) -> Result:
        """Let AI seats answer, then build the posts: a public board only when something
        public happened (a secret pick step posts nothing), private posts for every hand
        that changed (except ``quiet_user``'s, who is looking at their own menu)."""
        loaded, ai_events, ai_actions = await self._run_ai(loaded)
        events = events + ai_events
        finished = loaded.game.outcome(loaded.state) is not None
        public: tuple[Post, ...] = ()
        if started or finished or any(e.audience is None for e in events):
            post = await presenter.board_post(loaded, events, render=self.render, started=started)
            post = await self._with_digest(loaded, post, before, acted + ai_actions)
            acting = loaded.game.to_act(loaded.state)
            mid_turn = before is not None and len(acting) == 1
            mid_turn = mid_turn and acting == loaded.game.to_act(before) and not finished
            public = (replace(post, edit_previous=mid_turn, ping=() if mid_turn else post.ping),)
        private = await presenter.private_posts(loaded, before, render=self.render)
        private = tuple(p for p in private if p.user_id != quiet_user)
        await self.tempo.schedule(loaded)
        return Result(self.summary(loaded), public=public, private=private, finished=finished)

    async def timeout_move(self, game_id: int, seat: Seat, version: int) -> Result | None:
        """A deadline passed: the AI plays for ``seat`` (once: the version must match)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            if loaded.row.version != version or seat not in loaded.game.to_act(loaded.state):
                return None
            before = loaded.state
            seed = derive_seed(loaded.row.seed, f"timeout{seat}:{version}")
            player = player_for(loaded.game, "normal", seed, self.ai_budget_s)
            action = await asyncio.to_thread(player.choose, loaded.game, before, seat)
            state, events = engine.act(loaded.game, before, seat, action)
            notation = loaded.game.notation(before, action)
            user_id = next(s.user_id for s in loaded.seats if s.position == seat)
            loaded = await self._commit(loaded, seat, user_id, notation, state)
            notice = Event("timeout", {"notation": notation}, seat=seat)
            return await self._after(loaded, [notice, *events], before=before)

    async def act_steps(
        self, game_id: int, user_id: int, texts: Sequence[str], *, quiet_actor: bool = True
    ) -> Result:
        """Apply several actions of one seat atomically (a whole secret pick from a menu)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            seat = loaded.seat_of(user_id)
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
                    turn_changed=game.to_act(state) != game.to_act(before),
                )
            except Conflict:
                raise Stale(t("err.stale")) from None
            loaded = Loaded(row, loaded.seats, game, state)
            quiet = user_id if quiet_actor else None
            return await self._after(
                loaded, events, before=before, quiet_user=quiet, acted=len(rows)
            )

    async def menu(self, game_id: int, user_id: int) -> menus.Menu | None:
        """The secret multi-choice menu the user should answer now (Samurai's opening)."""
        loaded = await self._active(game_id)
        seat = loaded.seat_of(user_id)
        if seat not in loaded.game.to_act(loaded.state):
            return None
        return menus.menu_for(loaded.row.id, loaded.game, loaded.state, seat)

    async def choose(self, game_id: int, user_id: int, values: Sequence[str]) -> Result:
        """Answer the secret menu with the chosen option values (not yet confirmed)."""
        loaded = await self._active(game_id)
        seat = loaded.seat_of(user_id)
        texts = menus.menu_steps(loaded.game, loaded.state, seat, values)
        return await self.act_steps(game_id, user_id, texts)

    async def run_ai_turns(self, game_id: int) -> Result | None:
        """Let AI seats move (after a restart, or when a seat was handed to the AI)."""
        async with self._lock(game_id):
            loaded = await self._active(game_id)
            before_version = loaded.row.version
            result = await self._after(loaded, [], before=loaded.state)
            return result if result.game.version != before_version else None

    # --- reading ----------------------------------------------------------------------

    async def state_at(self, loaded: Loaded, version: int) -> State:
        """The state after ``version`` actions, from the nearest snapshot."""
        seq, data = await self.store.snapshot_at_or_before(loaded.row.id, version)
        state = loaded.game.load_state(data)
        actions = await self.store.actions(loaded.row.id, since_seq=seq)
        log_items = [(a.seat, a.text) for a in actions if a.seq < version]
        state, _ = engine.replay(loaded.game, state, log_items)
        return state

    async def game(self, game_id: int) -> GameSummary:
        return self.summary(await self._load(game_id))

    async def board(self, game_id: int) -> Post:
        loaded = await self._load(game_id)
        if loaded.state is None:
            raise WrongPhase(f"Game #{game_id} has not started yet.")
        return await presenter.board_post(loaded, [], render=self.render)

    async def hand(self, game_id: int, user_id: int) -> PrivatePost:
        """The user's private view (hand, secret captures) as text and image."""
        loaded = await self._load(game_id)
        if loaded.state is None:
            raise WrongPhase(f"Game #{game_id} has not started yet.")
        seat = loaded.seat_of(user_id)
        return await presenter.hand_post(loaded, seat, render=self.render)

    async def status(self, game_id: int) -> str:
        loaded = await self._load(game_id)
        return presenter.status_text(loaded)

    async def history(self, game_id: int, user_id: int | None, page: int = 1) -> HistoryPage:
        """The game's actions, newest last, redacted for the reader's seat."""
        loaded = await self._load(game_id)
        if loaded.state is None:
            return HistoryPage((), 1, 1)
        viewer: Seat | None = None
        if user_id is not None:
            viewer = next((s.position for s in loaded.seats if s.user_id == user_id), None)
        lines = await self._history_lines(loaded, viewer)
        pages = max(1, -(-len(lines) // HISTORY_PAGE))
        page = min(max(page, 1), pages)
        chunk = lines[(page - 1) * HISTORY_PAGE : page * HISTORY_PAGE]
        return HistoryPage(tuple(chunk), page, pages)

    async def _history_lines(self, loaded: Loaded, viewer: Seat | None) -> list[str]:
        game = loaded.game
        state = await self.state_at(loaded, 0)
        names = loaded.names()
        lines: list[str] = []
        for row in await self.store.actions(loaded.row.id):
            if row.text == engine.RESIGN:
                state, events = engine.resign(game, state, row.seat)
                events = events or [Event("resign", {}, row.seat)]
            else:
                state, _, events = engine.act_text(game, state, row.seat, row.text)
            shown = presenter.event_lines(events, names, viewer)
            if shown:
                lines.append(f"{row.seq + 1}. " + " ".join(shown))
        return lines

    async def choices(
        self, game_id: int, user_id: int, typed: str, limit: int = 25
    ) -> list[tuple[str, str]]:
        """``(label, notation)`` of the user's legal actions matching ``typed``."""
        loaded = await self._load(game_id)
        if loaded.state is None or loaded.row.status != "active":
            return []
        seat = loaded.seat_of(user_id)
        if seat not in loaded.game.to_act(loaded.state):
            return []
        return presenter.match_actions(loaded.game, loaded.state, seat, typed, limit)

    async def find_game(self, channel_id: int, user_id: int | None = None) -> GameSummary:
        """The game of this thread/channel: the active one (the user's, if several), else
        the latest finished one, so that status and history still work after the end."""
        rows = await self.store.games_in_channel(channel_id, statuses=("active",))
        if not rows:
            ended = await self.store.games_in_channel(
                channel_id, statuses=("finished", "abandoned")
            )
            rows = sorted((r for r in ended if r.thread_id == channel_id), key=lambda r: -r.id)
        if user_id is not None and len(rows) > 1:
            mine = [r for r in rows if r.thread_id == channel_id] or rows
            seated = []
            for r in mine:
                if any(s.user_id == user_id for s in await self.store.seats(r.id)):
                    seated.append(r)
            rows = seated or mine
        if not rows:
            raise NoSuchGame(t("err.no_game_here"))
        return await self.game(rows[0].id)

    async def list_channel(self, channel_id: int) -> list[GameSummary]:
        rows = await self.store.games_in_channel(channel_id, statuses=("lobby", "active"))
        return [await self.game(r.id) for r in rows]

    async def mine(self, user_id: int) -> list[GameSummary]:
        """The user's games everywhere, games waiting for them first."""
        pairs = await self.store.games_for_user(user_id, statuses=("lobby", "active"))
        out = [await self.game(row.id) for row, _ in pairs]
        return sorted(
            out, key=lambda g: (user_id not in g.to_act, g.status != "active", -g.game_id)
        )

    async def user_games(self, user_id: int, channel_id: int | None) -> Iterable[GameSummary]:
        games_ = await self.mine(user_id)
        return [
            g for g in games_ if channel_id is None or channel_id in (g.channel_id, g.thread_id)
        ]


def is_game_error(err: BaseException) -> bool:
    return isinstance(err, GameError)
