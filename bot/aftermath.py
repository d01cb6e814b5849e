"""Everything that follows a change to a game, written once for every command: AI seats
answer, the public board and the private posts are built, the timers are brought up to
date. Returns the plain :class:`bot.results.Result` the Discord layer delivers."""

from __future__ import annotations

import asyncio
import itertools
import logging
from dataclasses import replace

from bot import presenter
from bot.history import History
from bot.i18n import reader_locale
from bot.loaded import Loaded
from bot.results import Post, Result
from bot.text import t
from bot.timers import Timers
from bot.unit import Unit
from games.ai import player_for
from games.base import Event, State
from games.rng import derive_seed

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
    ) -> None:
        self.unit = unit
        self.store = unit.store
        self.timers = timers
        self.history = history
        self.ai_budget_s = ai_budget_s
        self.render = render

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
            ping = () if mid_turn else post.ping
            if before is not None and not started and ping:
                # ping a seat once, when its choice becomes due: in a simultaneous phase
                # another seat's confirmation pings nobody again
                joined = acting - loaded.game.to_act(before)
                due = {loaded.user_at(p) for p in joined}
                ping = tuple(u for u in ping if u in due)
            public = (replace(post, edit_previous=mid_turn, ping=ping),)
        locales = await self._dm_locales(loaded, reader)
        private = await presenter.private_posts(
            loaded, before, render=self.render, locales=locales, palettes=palettes
        )
        private = tuple(p for p in private if p.user_id != quiet_user)
        await self.timers.schedule(loaded)
        return Result(
            presenter.summary(loaded),
            public=public,
            private=private,
            finished=finished,
            serial=next(RESULT_SERIALS),
            publishes=True,
        )

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
            player = player_for(loaded.game, strength, seed, self.ai_budget_s)
            try:
                action = await asyncio.to_thread(player.choose, loaded.game, state, seat)
                loaded, new_events = await self.unit.play(loaded, seat, None, [action])
            except Exception:  # keep what was committed; the seat's deadline will retry
                log.exception("AI seat %s failed in game %s", seat, loaded.row.id)
                break
            events.extend(new_events)
            count += 1
        return loaded, events, count

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
        digest = "\n".join(f"> {line}" for line in lines)
        since = t("digest.since", locale)
        return replace(post, text=f"{since}\n{digest}\n{post.text}"[:2000])

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
