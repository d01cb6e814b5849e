"""The service's lobby: opening a game, joining, leaving, AI seats, starting."""

from __future__ import annotations

import os
from collections.abc import Awaitable, Callable
from typing import Any

import games
from bot.posts.summary import game_summary, lobby_text
from bot.service.aftermath import Aftermath
from bot.service.levels import DEFAULT_LEVEL, checked_level
from bot.service.results import GameSummary, LobbyResult, NotAllowed, NotSeated, Result, Stale
from bot.service.unit import Unit
from bot.store import AlreadySeated, Conflict, LobbyFull
from bot.words.i18n import catalogue_for_locale
from games.base import resolve_options as resolve_game_options
from games.rng import Rng, derive_seed

OpenThread = Callable[[GameSummary], Awaitable[int | None]]  # the game's thread, if any


class Lobby:
    def __init__(self, unit: Unit, aftermath: Aftermath) -> None:
        self.unit = unit
        self.store = unit.store
        self.aftermath = aftermath

    @property
    def clock(self) -> Callable[[], float]:
        return self.unit.clock

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
        locale: str = "en",
    ) -> LobbyResult:
        """Open a lobby with the creator seated; ``locale`` is the catalogue of the game's
        public posts (see :mod:`bot.words.i18n`)."""
        game = games.get(key)
        resolved = resolve_game_options(game, options)
        if players is not None and players not in game.seats:
            allowed = ", ".join(map(str, game.seats))
            raise NotAllowed("err.player_count", title=game.title, allowed=allowed, players=players)
        # the game's own check, now, not when the lobby starts (China's side A with five)
        game.validate_options(resolved, players)
        if seed is None:
            seed = int.from_bytes(os.urandom(8), "big") >> 1
        row = await self.store.create_game(
            guild_id=guild_id,
            channel_id=channel_id,
            creator_id=user_id,
            game_key=game.key,
            options=resolved,
            seed=seed,
            rules_version=game.rules_version,
            settings={
                "players": players or max(game.seats),
                "names": {str(user_id): user_name},
                "locale": catalogue_for_locale(locale),
            },
            now=self.clock(),
        )
        return await self.lobby(row.id)

    async def lobby(self, game_id: int) -> LobbyResult:
        """The lobby as it stands (its message text and which buttons work)."""
        loaded = await self.unit.load(game_id)
        wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
        count = len(loaded.seats)
        return LobbyResult(
            game=game_summary(loaded),
            text=lobby_text(loaded.row, loaded.game, loaded.seats, wanted),
            can_start=count in loaded.game.seats,
            full=count >= wanted,
        )

    async def join(self, game_id: int, user_id: int, user_name: str) -> LobbyResult:
        async with self.unit.hold(game_id, "lobby") as loaded:
            wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
            if any(s.user_id == user_id for s in loaded.seats):
                raise NotAllowed("err.already_joined")
            if len(loaded.seats) >= wanted:
                raise NotAllowed("err.full")
            try:  # the seat count is checked again inside the store's write transaction
                await self.store.join(game_id, user_id, now=self.clock(), max_seats=wanted)
            except AlreadySeated:
                raise NotAllowed("err.already_joined") from None
            except LobbyFull:
                raise NotAllowed("err.full") from None
            names = dict(loaded.row.settings.get("names", {}))
            names[str(user_id)] = user_name
            await self.store.update_settings(game_id, {"names": names})
            return await self.lobby(game_id)

    async def leave(self, game_id: int, user_id: int) -> LobbyResult:
        async with self.unit.hold(game_id, "lobby") as loaded:
            if not any(s.user_id == user_id for s in loaded.seats):
                raise NotSeated("err.not_in_game")
            if user_id == loaded.row.creator_id:
                await self.store.set_status(game_id, "abandoned", now=self.clock())
            else:
                await self.store.leave(game_id, user_id)
            return await self.lobby(game_id)

    async def add_ai(self, game_id: int, user_id: int, level: str = DEFAULT_LEVEL) -> LobbyResult:
        """Seat an AI of ``level`` (easy, normal or hard) in the lobby (the host only)."""
        level = checked_level(level)
        async with self.unit.hold(game_id, "lobby") as loaded:
            if user_id != loaded.row.creator_id:
                raise NotAllowed("err.host_only_ai")
            wanted = int(loaded.row.settings.get("players", max(loaded.game.seats)))
            if len(loaded.seats) >= wanted:
                raise NotAllowed("err.full")
            try:
                await self.store.add_ai_seat(game_id, level, now=self.clock(), max_seats=wanted)
            except LobbyFull:
                raise NotAllowed("err.full") from None
            return await self.lobby(game_id)

    async def start(
        self, game_id: int, user_id: int | None, *, thread: OpenThread | None = None
    ) -> Result:
        """Fix the seating (random from the seed), set up the game, let AI seats open.
        ``thread`` opens the game's thread once the start is allowed; its id is saved with
        the start itself, so whatever publishes a started game (the start-up catch-up
        included) never finds it without its thread."""
        async with self.unit.hold(game_id, "lobby") as loaded:
            if user_id is not None and user_id != loaded.row.creator_id:
                raise NotAllowed("err.host_only_start")
            count = len(loaded.seats)
            if count not in loaded.game.seats:
                need = min(loaded.game.seats)
                raise NotAllowed("err.too_few", title=loaded.game.title, need=need)
            rng = Rng(derive_seed(loaded.row.seed, "seating"))
            order = rng.shuffled(loaded.seats)
            state = loaded.game.setup(
                count, loaded.row.options, derive_seed(loaded.row.seed, "setup")
            )
            thread_id = None if thread is None else await thread(game_summary(loaded))
            try:
                await self.store.start_game(
                    game_id,
                    order=[(s.user_id, s.ai) for s in order],
                    state=loaded.game.dump_state(state),
                    thread_id=thread_id,
                    now=self.clock(),
                )
            except Conflict:
                raise Stale("err.already_started", game_id=game_id) from None
            loaded = await self.unit.load(game_id)
            return await self.aftermath.after(loaded, [], before=None, started=True)

    async def set_messages(self, game_id: int, **ids: int | None) -> None:
        await self.store.set_messages(game_id, **ids)
