"""The discord.py application: client, command tree, start-up and the one error mapper."""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.edge.components import DYNAMIC_ITEMS
from bot.edge.delivery import Publisher
from bot.edge.pages import HALL_ITEMS
from bot.edge.runner import Runner, begin, report_error
from bot.edge.translator import TenkaTranslator
from bot.service import ratings
from bot.service.facade import Service
from bot.service.results import BrokenGame, ServiceError
from bot.service.scheduler import Dispatcher
from bot.service.thinking import Thinker, default_workers
from bot.store import Store, Timer, open_store
from games.base import GameError

log = logging.getLogger("tenka")

EXTENSIONS = (
    "bot.edge.cogs.lobby",
    "bot.edge.cogs.play",
    "bot.edge.cogs.tempo",
    "bot.edge.cogs.help",
    "bot.edge.cogs.hall",
)


def point_at(config: Config) -> None:
    """Send REST and gateway traffic where the configuration says (emulators, proxies)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway)


class TenkaTree(app_commands.CommandTree["TenkaBot"]):
    """Maps every command error to one user sentence (Red's ``RedTree.on_error``)."""

    async def interaction_check(self, interaction: discord.Interaction[TenkaBot], /) -> bool:
        begin(interaction)  # runs in the command's own task, before it
        return True

    async def on_error(
        self, interaction: discord.Interaction[TenkaBot], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        await report_error(interaction, original, getattr(interaction.client, "publisher", None))


class TenkaBot(commands.Bot):
    """Tenka's client. The store opens in ``setup_hook``; commands sync only on request."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Callable[[], float] = time.time,
        ai_budget_s: float = 0.5,
        store: Store | None = None,
        serve: bool = True,
    ) -> None:
        """``serve=False`` (``python -m bot sync``): commands only, no timers, no resuming."""
        point_at(config)
        shards: dict[str, Any] = {}
        if config.shard_count is not None and isinstance(self, commands.AutoShardedBot):
            shards = {"shard_count": config.shard_count, "shard_ids": list(config.shard_ids or ())}
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=TenkaTree,
            allowed_mentions=discord.AllowedMentions.none(),
            **shards,
        )
        self.config = config
        self.serve = serve
        self.clock = clock
        self.ai_budget_s = ai_budget_s
        self._given_store = store
        self.thinker: Thinker | None = None  # AI moves' worker processes (setup_hook)
        self.store: Store
        self.service: Service
        self.publisher: Publisher
        self.runner: Runner
        self.dispatcher: Dispatcher | None = None
        self._resume_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.store = self._given_store or await open_store(
            self.config.database, wait_s=self.config.database_wait_s
        )
        workers = self.config.ai_workers
        self.thinker = Thinker(default_workers() if workers is None else workers)
        self.service = Service(
            self.store, clock=self.clock, ai_budget_s=self.ai_budget_s, thinker=self.thinker
        )
        self.publisher = Publisher(self, self.service)
        self.runner = Runner(self.service, self.publisher)
        await self.tree.set_translator(TenkaTranslator())

        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("extension %s failed to load", extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS, *HALL_ITEMS)
        if not self.serve:
            return
        self.dispatcher = Dispatcher(self.store, self.on_timer, clock=self.clock)
        self.service.timers.poke = self.dispatcher.poke
        downtime = await self.dispatcher.start()
        if downtime:
            await self.service.tempo.credit_downtime(downtime)
        self._resume_task = asyncio.create_task(self.resume_games(), name="tenka-resume")
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def run_item(self, item: Any, interaction: discord.Interaction[Any]) -> None:
        """A button or select of ours was used (see :class:`bot.edge.components.TenkaItem`)."""
        await self.runner.run_item(item, interaction)

    async def on_interaction(self, interaction: discord.Interaction[Any]) -> None:
        if interaction.type == discord.InteractionType.modal_submit:
            await self.runner.on_modal(interaction)

    async def resume_games(self) -> None:
        """After a restart, let AI seats finish turns a crash interrupted (and rate the
        finished games a failure left unrated)."""
        await self.wait_until_ready()
        await self.publisher.catch_up_all()  # boards a crash left owed, once each
        try:
            await ratings.catch_up(self.store)  # games a failure left unrated
        except Exception:
            log.exception("could not rate the finished games left unrated")
        for row in await self.store.active_games():
            try:
                result = await self.service.run_ai_turns(row.id)
                if result is not None:
                    await self.publisher.deliver(result)
            except BrokenGame:  # set aside (the load said so in the log): the others go on
                continue
            except Exception:
                log.exception("could not resume game %s", row.id)

    async def on_timer(self, timer: Timer) -> None:
        """A reminder or deadline is due: post what it produced."""
        result = await self.service.tempo.fire(timer)
        if result is not None:
            await self.publisher.deliver(result)

    async def close(self) -> None:
        if self._resume_task is not None:
            self._resume_task.cancel()
        if self.dispatcher is not None:
            await self.dispatcher.stop()
        if getattr(self, "publisher", None) is not None:
            await self.publisher.close()
        if self.thinker is not None:
            await self.thinker.close()
        await super().close()
        if getattr(self, "store", None) is not None and self._given_store is None:
            await self.store.close()


class ShardedTenkaBot(TenkaBot, commands.AutoShardedBot):
    """Tenka on some of Discord's shards (``TENKA_SHARD_COUNT``/``TENKA_SHARD_IDS``).

    Several such processes share one PostgreSQL database: a guild's interactions arrive at
    the process holding its shard, DMs at shard 0's; timers and owed posts are claimed
    in the database by whichever process gets there first, and posted through the REST
    API, which any process may use for any channel or user.
    """


def make_bot(config: Config, **kwargs: Any) -> TenkaBot:
    """The client the configuration asks for: sharded when a shard count is set."""
    cls = ShardedTenkaBot if config.shard_count is not None else TenkaBot
    return cls(config, **kwargs)


def is_user_error(error: BaseException) -> bool:
    return isinstance(error, GameError | ServiceError)
