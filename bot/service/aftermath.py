"""Everything that follows a change to a game, written once for every command: AI seats
answer, the public board and the private posts are built, the timers are brought up to
date. Returns the plain :class:`bot.service.results.Result` the Discord layer delivers."""

from __future__ import annotations

import asyncio
import itertools
import logging
from collections.abc import Mapping
from dataclasses import replace

from bot.posts import board, hand
from bot.posts.summary import game_summary
from bot.service.history import History
from bot.service.loaded import Loaded
from bot.service.results import Post, Result
from bot.service.thinking import Thinker
from bot.service.timers import Timers
from bot.service.unit import Part, Unit
from bot.words.i18n import reader_locale
from bot.words.text import t
from games.base import Action, Event, Seat, State
from games.rng import derive_seed
from games.search import HARD_S

log = logging.getLogger(__name__)

RESULT_SERIALS = itertools.count(1)
MAX_AI_CHAIN = 500  # safety net: AI seats answering each other


class Aftermath:
    def __init__(
        self,
        unit: Unit,
        timers: Timers,
        history: History,
        *,
        ai_budget_s: float = 0.5,
        render: bool = True,
        public_palette: str = board.PUBLIC_PALETTE,
        thinker: Thinker | None = None,
    ) -> None:
        self.unit = unit
        self.store = unit.store
        self.timers = timers
        self.history = history
        self.ai_budget_s = ai_budget_s
        self.thinker = thinker or Thinker()  # AI moves: worker processes, or a thread
        self.render = render
        # the public board's palette: always the default, but ``python -m bot demo --palette``
        self.public_palette = public_palette

    async def after(
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
        public happened (a secret step posts nothing), private posts for every hand that
        changed (except ``quiet_user``'s, who is looking at their own form). ``reader`` is
        the acting user and their locale: their own private post uses it."""
        loaded, ai_events, ai_actions = await self.run_ai(loaded)
        result = await self.posts(
            loaded,
            events + ai_events,
            before=before,
            started=started,
            described=acted + ai_actions,
            reader=reader,
        )
        if quiet_user is not None:
            due = {loaded.user_at(s) for s in newly_due(loaded, before)}
            if quiet_user not in due:  # a choice that became due is news even to them
                private = tuple(p for p in result.private if p.user_id != quiet_user)
                result = replace(result, private=private)
        await self.timers.schedule(loaded)
        return result

    async def posts(
        self,
        loaded: Loaded,
        events: list[Event],
        *,
        before: State | None,
        started: bool = False,
        described: int = 0,
        reader: tuple[int, str] | None = None,
    ) -> Result:
        """The posts of the game's state now (a move's, or what a crash left owed): a public
        board only when something public happened, a DM for every hand that changed."""
        finished = loaded.game.outcome(loaded.state) is not None
        prefs = _prefs(loaded)  # each player's settings, read with the game
        palettes, locales = _palettes(prefs), _locales(prefs, loaded.locale, reader)
        # the DMs are built while the board is drawn (the pictures take turns on the one
        # render thread; the texts, hands and digests are written meanwhile)
        private_task = asyncio.ensure_future(
            hand.private_posts(
                loaded, before, render=self.render, locales=locales, palettes=palettes
            )
        )
        try:
            public = await self._public(loaded, events, before, started, finished, described)
        except BaseException:
            private_task.cancel()
            await asyncio.gather(private_task, return_exceptions=True)
            raise
        private = await private_task
        return Result(
            game_summary(loaded),
            public=public,
            private=private,
            finished=finished,
            serial=next(RESULT_SERIALS),
            publishes=True,
            revision=loaded.row.revision,
        )

    async def _public(
        self,
        loaded: Loaded,
        events: list[Event],
        before: State | None,
        started: bool,
        finished: bool,
        described: int,
    ) -> tuple[Post, ...]:
        """The public board post of :meth:`posts`, or none when nothing public happened."""
        public: tuple[Post, ...] = ()
        if started or finished or any(e.audience is None for e in events):
            post = await self._board(loaded, events, started, finished)
            post = await self._with_digest(loaded, post, before, described)
            acting = loaded.game.to_act(loaded.state)
            due = newly_due(loaded, before)
            mid_turn = before is not None and len(acting) == 1 and not due
            mid_turn = mid_turn and acting == loaded.game.to_act(before) and not finished
            ping = () if mid_turn else post.ping  # a ping is a new message, never an edit
            if before is not None and not started and ping:
                # ping a seat once, when its choice becomes due: in a simultaneous phase
                # another seat's confirmation pings nobody again
                users = {loaded.user_at(p) for p in due}
                ping = tuple(u for u in ping if u in users)
            if mid_turn:
                # the edited message keeps what this turn told before (a reveal, a battle)
                (actor,) = tuple(acting)
                told = await self.history.turn_lines(
                    loaded, actor, skip_last=described, locale=loaded.locale
                )
                post = replace(post, text=_fit([*told, post.text]))
            public = (replace(post, edit_previous=mid_turn, ping=ping),)
        return public

    async def _board(
        self, loaded: Loaded, events: list[Event], started: bool, finished: bool
    ) -> Post:
        """The public board (a finished game's with its rating changes on the card)."""
        return await board.post(
            loaded,
            events,
            render=self.render,
            started=started,
            palette=self.public_palette,
            deltas=await self._deltas(loaded) if finished else None,
        )

    async def _deltas(self, loaded: Loaded) -> list[float] | None:
        """Each seat's rating change if the finished game was rated (else no column)."""
        rows = await self.unit.store.rating_changes(loaded.row.id)
        by_seat = {row.seat: row.delta for row in rows}
        seats = range(len(loaded.seats))
        return [by_seat[s] for s in seats] if all(s in by_seat for s in seats) else None

    async def run_ai(self, loaded: Loaded) -> tuple[Loaded, list[Event], int]:
        """Let AI seats act while only AI seats are to act."""
        events: list[Event] = []
        count = 0
        ai_seats = {s.position: s for s in loaded.seats if s.ai is not None}
        for _ in range(MAX_AI_CHAIN):
            state = loaded.state
            if loaded.game.outcome(state) is not None:
                break
            ai_acting = sorted(p for p in loaded.game.to_act(state) if p in ai_seats)
            if not ai_acting:
                break
            seat = ai_acting[0]
            seed = derive_seed(loaded.row.seed, f"ai{seat}:{loaded.row.version}")
            strength = ai_seats[seat].ai or "normal"
            try:
                action = await self.choose(loaded, state, seat, strength, seed)
                loaded, new_events = await self.unit.play(loaded, seat, None, [action])
            except Exception:  # keep what was committed; a timer lets the seat try again
                log.exception("AI seat %s failed in game %s", seat, loaded.row.id)
                await self.timers.retry_ai(loaded.row.id)
                break
            events.extend(new_events)
            count += 1
        return loaded, events, count

    async def choose(
        self, loaded: Loaded, state: State, seat: Seat, strength: str, seed: int
    ) -> Action:
        """The AI's move for ``seat`` in ``state`` of ``loaded``'s game, thought off the
        event loop (in the game's turn of the queue), within the level's time budget."""
        budget = await self.budget_s(loaded, strength)
        game_id, game = loaded.row.id, loaded.game
        return await self.thinker.choose(game_id, game, state, seat, strength, seed, budget)

    async def budget_s(self, loaded: Loaded, strength: str) -> float:
        """``hard`` thinks for the server's ``ai_seconds`` when set, else for the time it is
        calibrated to (``HARD_S``, or the bot's budget when larger: a clock-bound search such
        as Yokai's would otherwise search no deeper than ``normal``); the other levels for
        the bot's budget."""
        if strength != "hard":
            return self.ai_budget_s
        if loaded.row.guild_id is not None:
            chosen = (await self.store.guild_settings(loaded.row.guild_id)).get("ai_seconds")
            if chosen is not None:
                return float(chosen)
        return max(self.ai_budget_s, HARD_S)

    async def _with_digest(
        self, loaded: Loaded, post: Post, before: State | None, described: int
    ) -> Post:
        """Add what happened since the pinged player's last move (public events only),
        beyond the actions this post already describes."""
        if len(post.ping) != 1 or before is None:
            return post
        seat = next((s.position for s in loaded.seats if s.user_id == post.ping[0]), None)
        if seat is None:
            return post
        locale = loaded.locale
        lines = await self.history.digest_lines(
            loaded, seat, viewer=None, skip_last=described, locale=locale
        )
        if not lines:
            return post
        since = t("digest.since", locale)
        digest = [since, *(f"> {line}" for line in lines), post.text]
        return replace(post, text=_fit(digest, title=True))

    async def palettes(self, loaded: Loaded) -> dict[int, str]:
        """Each human player's picture palette (``/settings me palette:``)."""
        return _palettes(_prefs(loaded))

    async def dm_locale(self, loaded: Loaded, user_id: int) -> str:
        """The catalogue of a DM to ``user_id`` outside their own interaction."""
        return reader_locale(await self.store.user_settings(user_id), loaded.locale)


def newly_due(loaded: Loaded, before: State | None) -> set[Seat]:
    """The seats whose choice became due with this change: every seat to act at a start,
    else those who joined the seats to act and those still to act whose choice is another
    one now (the last to confirm a simultaneous pick who is also the first to play)."""
    game, after = loaded.game, loaded.state
    acting = game.to_act(after)
    if before is None:
        return set(acting)
    was = game.to_act(before)
    return {
        s
        for s in acting
        if s not in was or hand.form_key(game, before, s) != hand.form_key(game, after, s)
    }


def _fit(parts: list[str], limit: int = 2000, *, title: bool = False) -> str:
    """Lines joined within Discord's ``limit``: the oldest lines give way (after the
    ``title`` line, kept while any line under it is), never the last part (the post's own
    text, cut only if it alone is too long)."""
    last = parts[-1][:limit]
    head = list(parts[:-1])
    while head and len("\n".join([*head, last])) > limit:
        head.pop(1 if title and len(head) > 1 else 0)
    return "\n".join([*head, last])


def _prefs(loaded: Loaded) -> dict[int, dict[str, object]]:
    """Each human player's settings, as read with the game (no store call)."""
    return {
        s.user_id: loaded.prefs.get(s.user_id, {}) for s in loaded.seats if s.user_id is not None
    }


def _palettes(prefs: Mapping[int, Mapping[str, object]]) -> dict[int, str]:
    """Each human player's picture palette (``/settings me palette:``)."""
    return {user: str(p.get("palette") or "default") for user, p in prefs.items()}


def _locales(
    prefs: Mapping[int, Mapping[str, object]], locale: str, reader: tuple[int, str] | None
) -> dict[int, str]:
    """Each human player's language: the reader's own, else their setting, else the game's."""
    return {
        user: reader[1] if reader is not None and user == reader[0] else reader_locale(p, locale)
        for user, p in prefs.items()
    }


class Mover(Part):
    """A part that changes games: what follows each change and the games' timers."""

    def __init__(self, unit: Unit, aftermath: Aftermath, timers: Timers) -> None:
        super().__init__(unit)
        self.aftermath = aftermath
        self.timers = timers
