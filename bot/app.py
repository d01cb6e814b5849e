"""The discord.py application: client, command tree, start-up and the one error mapper."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands

from bot.config import Config
from bot.i18n import catalogue_for_locale, locale_for
from bot.results import ServiceError
from bot.scheduler import Dispatcher
from bot.service import Service
from bot.store import Store, Timer, open_store
from bot.text import has, t
from games.base import GameError

log = logging.getLogger("tenka")

EXTENSIONS = ("bot.cogs.lobby", "bot.cogs.play", "bot.cogs.tempo")


def point_at(config: Config) -> None:
    """Send REST and gateway traffic where the configuration says (emulators, proxies)."""
    if config.api_base:
        discord.http.Route.BASE = config.api_base.rstrip("/")
    if config.gateway:
        discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(config.gateway)


def error_id() -> str:
    return secrets.token_hex(4)


class TenkaTree(app_commands.CommandTree["TenkaBot"]):
    """Maps every command error to one user sentence (Red's ``RedTree.on_error``)."""

    async def on_error(
        self, interaction: discord.Interaction[TenkaBot], error: app_commands.AppCommandError
    ) -> None:
        original = getattr(error, "original", error)
        await report_error(interaction, original)


async def report_error(interaction: discord.Interaction[Any], error: BaseException) -> None:
    """A ServiceError becomes its sentence in the user's language, an engine GameError its
    catalogue sentence (its own English one without a known key); anything else is logged
    with an error id."""
    from bot.delivery import reply

    locale = await _error_locale(interaction)
    if isinstance(error, ServiceError):
        text = error.localized(locale)
    elif isinstance(error, GameError):
        key = getattr(error, "key", None)  # engines name their sentence in the catalogue
        text = t(key, locale, **error.params) if key and has(key) else str(error)
    elif isinstance(error, app_commands.CheckFailure):
        text = t("err.check_failure", locale)
    elif isinstance(error, app_commands.TransformerError):
        text = t("err.bad_value", locale, value=repr(error.value))
    else:
        ident = error_id()
        log.error("interaction failed [%s]", ident, exc_info=error)
        text = t("err.internal", locale, error_id=ident)
    try:
        await reply(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not report an error to the user", exc_info=True)


async def _error_locale(interaction: discord.Interaction[Any]) -> str:
    """The user's locale, even when the store itself is what failed."""
    try:
        return await locale_for(interaction)
    except Exception:
        log.debug("no stored language for an error reply", exc_info=True)
        return catalogue_for_locale(interaction.locale)


class TenkaBot(commands.Bot):
    """Tenka's client. The store opens in ``setup_hook``; commands sync only on request."""

    def __init__(
        self,
        config: Config,
        *,
        clock: Callable[[], float] = time.time,
        ai_budget_s: float = 0.5,
        store: Store | None = None,
    ) -> None:
        point_at(config)
        super().__init__(
            command_prefix=commands.when_mentioned,
            intents=discord.Intents.default(),
            help_command=None,
            tree_cls=TenkaTree,
            allowed_mentions=discord.AllowedMentions.none(),
        )
        self.config = config
        self.clock = clock
        self.ai_budget_s = ai_budget_s
        self._given_store = store
        self.store: Store
        self.service: Service
        self.dispatcher: Dispatcher | None = None
        self._resume_task: asyncio.Task[None] | None = None

    async def setup_hook(self) -> None:
        self.store = self._given_store or await open_store(self.config.database)
        self.service = Service(self.store, clock=self.clock, ai_budget_s=self.ai_budget_s)
        from bot.components import DYNAMIC_ITEMS
        from bot.translator import TenkaTranslator

        await self.tree.set_translator(TenkaTranslator())

        for extension in EXTENSIONS:
            try:
                await self.load_extension(extension)
            except Exception:
                log.exception("extension %s failed to load", extension)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        self.dispatcher = Dispatcher(self.store, self.on_timer, clock=self.clock)
        self.service.tempo.poke = self.dispatcher.poke
        downtime = await self.dispatcher.start()
        if downtime:
            await self.service.tempo.credit_downtime(downtime)
        self._resume_task = asyncio.create_task(self.resume_games(), name="tenka-resume")
        if self.config.dev_guild:
            guild = discord.Object(self.config.dev_guild)
            self.tree.copy_global_to(guild=guild)
            await self.tree.sync(guild=guild)

    async def resume_games(self) -> None:
        """After a restart, let AI seats finish turns a crash interrupted."""
        from bot.delivery import deliver

        await self.wait_until_ready()
        for row in await self.store.active_games():
            try:
                result = await self.service.run_ai_turns(row.id)
                if result is not None:
                    await deliver(self, result)
            except Exception:
                log.exception("could not resume game %s", row.id)

    async def on_timer(self, timer: Timer) -> None:
        """A reminder or deadline is due: post what it produced."""
        from bot.delivery import deliver

        result = await self.service.tempo.fire(timer)
        if result is not None:
            await deliver(self, result)

    async def close(self) -> None:
        if self._resume_task is not None:
            self._resume_task.cancel()
        if getattr(self, "dispatcher", None) is not None:
            await self.dispatcher.stop()
        await super().close()
        if getattr(self, "store", None) is not None and self._given_store is None:
            await self.store.close()


def is_user_error(error: BaseException) -> bool:
    return isinstance(error, GameError | ServiceError)
