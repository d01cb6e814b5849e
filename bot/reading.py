"""The service's read-only side: boards, hands, status, history, listings, autocomplete."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from bot import presenter
from bot.results import GameSummary, HistoryPage, NoSuchGame, Post, PrivatePost, WrongPhase
from bot.table import replay_step
from games import engine
from games.base import Seat, State

if TYPE_CHECKING:
    from bot.service import Loaded

HISTORY_PAGE = 15


class ReadingMixin:
    """Mixed into :class:`bot.service.Service`; nothing here changes a game."""

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

    async def board(self, game_id: int, locale: str | None = None) -> Post:
        """The current board; its text in ``locale`` (by default the game's)."""
        loaded = await self._load(game_id)
        if loaded.state is None:
            raise WrongPhase("err.not_started", game_id=game_id)
        palette = presenter.public_palette(await self.palettes(loaded))
        return await presenter.board_post(
            loaded, [], render=self.render, locale=locale, palette=palette
        )

    async def hand(self, game_id: int, user_id: int, locale: str = "en") -> PrivatePost:
        """The user's private view (hand, secret captures) as text and image."""
        loaded = await self._load(game_id)
        if loaded.state is None:
            raise WrongPhase("err.not_started", game_id=game_id)
        seat = loaded.seat_of(user_id)
        palette = (await self.palettes(loaded)).get(user_id, "default")
        return await presenter.hand_post(
            loaded, seat, render=self.render, locale=locale, palette=palette
        )

    async def status(self, game_id: int, locale: str = "en") -> str:
        loaded = await self._load(game_id)
        return presenter.status_text(loaded, locale)

    async def history(
        self, game_id: int, user_id: int | None, page: int = 1, locale: str = "en"
    ) -> HistoryPage:
        """The game's actions, newest last, redacted for the reader's seat."""
        loaded = await self._load(game_id)
        if loaded.state is None:
            return HistoryPage((), 1, 1)
        viewer: Seat | None = None
        if user_id is not None:
            viewer = next((s.position for s in loaded.seats if s.user_id == user_id), None)
        lines = await self._history_lines(loaded, viewer, locale)
        pages = max(1, -(-len(lines) // HISTORY_PAGE))
        page = min(max(page, 1), pages)
        chunk = lines[(page - 1) * HISTORY_PAGE : page * HISTORY_PAGE]
        return HistoryPage(tuple(chunk), page, pages)

    async def _history_lines(self, loaded: Loaded, viewer: Seat | None, locale: str) -> list[str]:
        game = loaded.game
        state = await self.state_at(loaded, 0)
        names = loaded.names(locale)
        lines: list[str] = []
        for row in await self.store.actions(loaded.row.id):
            state, events = replay_step(game, state, row.seat, row.text)
            shown = presenter.event_lines(events, names, viewer, locale)
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
            raise NoSuchGame("err.no_game_here")
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
