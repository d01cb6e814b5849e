"""The transport-agnostic game service: lobby, moves, forms, views, history, timers.

Discord, the CLI demo and the tests all drive games through :class:`Service`. It is a
facade over collaborators that each own one concern and share one unit of work
(:class:`bot.service.unit.Unit`: lock, load, commit, conflict) and one aftermath
(:class:`bot.service.aftermath.Aftermath`: AI answers, posts, timers):

- :class:`bot.service.lobby.Lobby` -- opening a game, joining, leaving, AI seats, starting;
- :class:`bot.service.play.Play` -- moves, buttons, forms, undo, resignation, deadlines;
- :class:`bot.service.reading.Reading` -- boards, hands, status, history, catch-up, replays;
- :class:`bot.service.council.Council` -- what the players decide together (seats, takebacks);
- :class:`bot.service.tempo.Tempo` -- reminders, pauses, vacations, the game clock.

Seeds and hidden orders never leave it: every picture and sentence is built from
``game.view`` and from events visible to the reader. Imports go one way: this module
imports the collaborators, they import the unit, nothing imports this module but the
Discord layer and the tests.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from typing import Any

from bot.posts.board import PUBLIC_PALETTE
from bot.posts.render import in_render_thread
from bot.service.aftermath import Aftermath
from bot.service.council import Council
from bot.service.hall import Hall
from bot.service.history import History
from bot.service.loaded import Loaded
from bot.service.lobby import Lobby, OpenThread
from bot.service.play import Play
from bot.service.prefs import Prefs
from bot.service.reading import Reading
from bot.service.results import GameSummary, HistoryPage, LobbyResult, Post, PrivatePost, Result
from bot.service.tempo import Tempo
from bot.service.thinking import Thinker
from bot.service.timers import Timers
from bot.service.unit import Unit
from bot.store import Store

__all__ = ["Loaded", "Service"]


class Service:
    """Game flows over a :class:`bot.store.Store`."""

    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], float] = time.time,
        ai_budget_s: float = 0.5,
        render: bool = True,
        public_palette: str = PUBLIC_PALETTE,
        thinker: Thinker | None = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.unit = Unit(store, clock)
        self.timers = Timers(store, clock)
        self.history_log = History(self.unit)
        self.aftermath = Aftermath(
            self.unit,
            self.timers,
            self.history_log,
            ai_budget_s=ai_budget_s,
            render=render,
            public_palette=public_palette,
            thinker=thinker,
        )
        self.lobby = Lobby(self.unit, self.aftermath)
        self.play = Play(self.unit, self.aftermath, self.timers)
        self._forward_play()
        self.reading = Reading(self.unit, self.aftermath, self.history_log)
        self.council = Council(self.unit, self.aftermath, self.timers)
        self.tempo = Tempo(self.unit, self.timers, self.play)
        self.settings = Prefs(store)
        self.hall = Hall(store, self.settings, in_render_thread)

    def _forward_play(self) -> None:
        """Moves, buttons, forms, resignation, deadlines: Play's own methods, not wrappers."""
        self.act = self.play.act
        self.act_index = self.play.act_index
        self.undo = self.play.undo
        self.resign = self.play.resign
        self.abandon = self.play.abandon
        self.form = self.play.form
        self.answer = self.play.answer
        self.timeout_move = self.play.timeout_move
        self.run_ai_turns = self.play.run_ai_turns

    # --- reading a game (no lock) -----------------------------------------------------

    async def load(self, game_id: int) -> Loaded:
        """The game as stored now: rows, engine and current state."""
        return await self.unit.load(game_id)

    async def game(self, game_id: int) -> GameSummary:
        return await self.reading.game(game_id)

    async def board(
        self, game_id: int, locale: str | None = None, user_id: int | None = None
    ) -> Post:
        return await self.reading.board(game_id, locale, user_id)

    async def hand(self, game_id: int, user_id: int, locale: str = "en") -> PrivatePost:
        return await self.reading.hand(game_id, user_id, locale)

    async def status(self, game_id: int, locale: str = "en") -> str:
        return await self.reading.status(game_id, locale)

    def rules(self, key: str, topic: str | None = None, locale: str = "en") -> list[str]:
        return self.reading.rules(key, topic, locale)

    def rule_topics(self, key: str, typed: str, locale: str = "en") -> list[str]:
        return self.reading.rule_topics(key, typed, locale)

    async def history(
        self, game_id: int, user_id: int | None, page: int = 1, locale: str = "en"
    ) -> HistoryPage:
        return await self.reading.history(game_id, user_id, page, locale)

    async def board_text(self, game_id: int, locale: str = "en") -> str:
        return await self.reading.board_text(game_id, locale)

    async def choices(
        self, game_id: int, user_id: int, typed: str, limit: int = 25, locale: str = "en"
    ) -> list[tuple[str, str]]:
        return await self.reading.choices(game_id, user_id, typed, limit, locale)

    async def find_game(self, channel_id: int, user_id: int | None = None) -> GameSummary:
        return await self.reading.find_game(channel_id, user_id)

    async def list_channel(self, channel_id: int) -> list[GameSummary]:
        return await self.reading.list_channel(channel_id)

    async def mine(self, user_id: int) -> list[GameSummary]:
        return await self.reading.mine(user_id)

    async def user_games(self, user_id: int, channel_id: int | None) -> Iterable[GameSummary]:
        return await self.reading.user_games(user_id, channel_id)

    async def catchup(self, game_id: int, user_id: int, locale: str = "en") -> str:
        return await self.reading.catchup(game_id, user_id, locale)

    async def reveal(self, game_id: int) -> Result:
        return await self.reading.reveal(game_id)

    async def replay_frames(self, game_id: int) -> list[bytes]:
        return await self.reading.replay_frames(game_id)

    async def owed(self, game_id: int) -> Result | None:
        """The posts a game still owes Discord (the outbox), or ``None``."""
        return await self.reading.owed(game_id)

    async def first_dm_failures(self, game_id: int, user_ids: list[int]) -> list[int]:
        """Of ``user_ids`` whose DMs failed, those this game has not told about it yet."""
        if not user_ids:
            return []
        row = await self.store.get_game(game_id)
        told = set((row.settings if row else {}).get("dm_closed") or [])
        fresh = [u for u in user_ids if u not in told]
        for user_id in fresh:
            await self.store.add_vote(game_id, "dm_closed", user_id)
        return fresh

    async def owed_games(self) -> list[int]:
        return [row.id for row in await self.store.owed_games()]

    async def mark_published(self, game_id: int, revision: int) -> None:
        """The posts of ``revision`` reached Discord (the outbox is keyed by revision: an
        undo or a takeback and another move to the same version still owe their board)."""
        await self.store.mark_published(game_id, revision)

    async def replay(self, game_id: int) -> tuple[bytes, int] | None:
        """The whole game as an animated GIF and how many boards it shows."""
        return await self.reading.replay(game_id)

    # --- the lobby --------------------------------------------------------------------

    async def new_game(self, **kwargs: Any) -> LobbyResult:
        return await self.lobby.new_game(**kwargs)

    async def join(self, game_id: int, user_id: int, user_name: str) -> LobbyResult:
        return await self.lobby.join(game_id, user_id, user_name)

    async def leave(self, game_id: int, user_id: int) -> LobbyResult:
        return await self.lobby.leave(game_id, user_id)

    async def add_ai(self, game_id: int, user_id: int, level: str = "normal") -> LobbyResult:
        return await self.lobby.add_ai(game_id, user_id, level)

    async def start(
        self, game_id: int, user_id: int | None, *, thread: OpenThread | None = None
    ) -> Result:
        return await self.lobby.start(game_id, user_id, thread=thread)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.lobby.set_messages(game_id, **ids)
