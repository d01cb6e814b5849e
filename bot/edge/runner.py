"""The thin Discord edge: one runner for every interaction and one error mapper.

Commands and components do their work through :class:`Runner`: it answers Discord within
its three seconds (a deferral fit for the kind of interaction), finds the reader's
language, runs the work with a :class:`bot.edge.ctx.Ctx`, publishes what the service returned
and turns any error into one sentence (a :class:`~games.base.GameError` or
:class:`~bot.service.results.ServiceError` into its catalogue sentence, anything else into an
apology with an error id, logged with its traceback).
"""

from __future__ import annotations

import logging
import re
import secrets
import sqlite3
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.edge import delivery
from bot.edge.components import MODAL_ID, TenkaItem, form_text, form_view
from bot.edge.ctx import Ctx
from bot.service import unit
from bot.service.facade import Service
from bot.service.results import AlreadyPlayed, Attachment, GameSummary, Result, ServiceError
from bot.store import Busy, Played, Unavailable
from bot.words.i18n import catalogue_for_locale, locale_for
from bot.words.text import has, t
from games.base import GameError
from games.forms import Box, Text, parse_amounts

if TYPE_CHECKING:
    from bot.edge.delivery import Publisher

log = logging.getLogger("tenka.edge")
# SQLite's words for a database it cannot write now (SQLITE_READONLY, SQLITE_FULL)
STORAGE_DOWN = re.compile(r"readonly database|disk is full|disk I/O error")


def error_id() -> str:
    return secrets.token_hex(4)


def error_text(error: BaseException, locale: str) -> str:
    """The one sentence a user is told about ``error``."""
    if isinstance(error, ServiceError):
        return error.localized(locale)
    if isinstance(error, GameError):
        key = getattr(error, "key", None)  # engines name their sentence in the catalogue
        return t(key, locale, **error.params) if key and has(key) else str(error)
    if isinstance(error, sqlite3.OperationalError) and "locked" in str(error):
        return t("err.busy", locale)  # waited past the lock timeout: nothing was written
    if isinstance(error, Busy):  # every database connection in use past the wait
        log.warning("%s", error)
        return t("err.busy", locale)
    if isinstance(error, Unavailable):  # the database is down or restarting
        log.warning("%s", error)
        return t("err.store_down", locale)
    if isinstance(error, sqlite3.OperationalError) and STORAGE_DOWN.search(str(error)):
        # a read-only database or a full disk: the transaction was rolled back whole
        log.warning("storage refused a write: %s", error)
        return t("err.storage", locale)
    if isinstance(error, app_commands.CheckFailure):
        return t("err.check_failure", locale)
    if isinstance(error, app_commands.TransformerError):
        return t("err.bad_value", locale, value=repr(error.value))
    ident = error_id()
    log.error("interaction failed [%s]", ident, exc_info=error)
    return t("err.internal", locale, error_id=ident)


def begin(interaction: discord.Interaction[Any]) -> unit.Receipt:
    """Open the receipt of an interaction (its task's): what it commits is keyed by its
    id, so Discord delivering it again (after a gateway resume) plays nothing twice."""
    return unit.begin(f"i{interaction.id}")


async def report_error(
    interaction: discord.Interaction[Any],
    error: BaseException,
    publisher: Publisher | None = None,
) -> None:
    """Answer a failed interaction with one true sentence (see :func:`answer_for`)."""
    locale = await _error_locale(interaction)
    text = await answer_for(interaction, error, locale, publisher)
    if text is None:
        return
    try:
        await delivery.reply(interaction, text, ephemeral=True)
    except discord.HTTPException:
        log.warning("could not report an error to the user", exc_info=True)


async def answer_for(
    interaction: discord.Interaction[Any],
    error: BaseException,
    locale: str,
    publisher: Publisher | None,
) -> str | None:
    """The sentence for ``error``, decided by one question: is the move in the log?

    When it is, whatever failed after the commit (a timer, a setting, the publisher, the
    reply itself), the player is told their move is in and what the game owes is sent
    again later. An interaction Discord delivered again (its first delivery already
    acknowledged it) is "already played" once its move is in the log; before that its
    first delivery is still at work and answers it (``None``: say nothing)."""
    current = unit.receipt()
    if isinstance(error, discord.HTTPException) and error.code == delivery.ACKNOWLEDGED:
        played = await _in_log(current, publisher)
        if played is None:
            log.info("interaction %s delivered again while it runs", interaction.id)
            return None
        return t(unit.already(played), locale)  # a move, or an Undo or a takeback
    text = error_text(error, locale)
    changed = [] if current is None or isinstance(error, AlreadyPlayed) else current.games
    if not changed and isinstance(error, Unavailable):  # the commit's answer may be lost
        found = await _in_log(current, publisher)
        changed = [] if found is None else [found.game_id]
    if not changed:
        return text
    log.warning("interaction %s failed after its change was saved", interaction.id)
    for game_id in dict.fromkeys(changed):
        if publisher is not None:
            publisher.retry_later(game_id)  # the board it owes follows
    return t("err.after_commit", locale)


async def _in_log(current: unit.Receipt | None, publisher: Publisher | None) -> Played | None:
    """Where a log holds what this request wrote (an action, a rollback), if it can say."""
    if current is None or current.origin is None or publisher is None:
        return None
    try:
        found = await publisher.service.store.played(current.origin)
    except Exception:
        log.info("could not ask the log whether %s was played", current.origin)
        return None
    return found


async def _error_locale(interaction: discord.Interaction[Any]) -> str:
    """The user's locale, even when the store itself is what failed."""
    try:
        return await locale_for(interaction)
    except Exception:
        log.debug("no stored language for an error reply", exc_info=True)
        return catalogue_for_locale(interaction.locale)


@dataclass
class Context(Ctx):
    """The :class:`bot.edge.ctx.Ctx` of one interaction."""

    service: Service
    publisher: Publisher
    interaction: discord.Interaction[Any]
    user_id: int
    locale: str
    late: bool = False  # a committed change whose board could not be posted yet

    async def deliver(self, result: Result) -> None:
        if not await self.publisher.deliver(result, self.interaction):
            self.late = True

    async def send_private(
        self, content: str, view: discord.ui.View | None, attachment: Attachment | None
    ) -> None:
        await delivery.reply(self.interaction, content, view=view, attachment=attachment)

    async def edit(
        self, *, content: str, view: discord.ui.View | None, attachment: Attachment | None = None
    ) -> None:
        """Update the message a deferred component sits on; a failure here must not stop
        the delivery of what was already committed."""
        try:
            if attachment is None:
                await self.interaction.edit_original_response(content=content[:2000], view=view)
            else:
                await self.interaction.edit_original_response(
                    content=content[:2000], view=view, attachments=[delivery.to_file(attachment)]
                )
        except discord.HTTPException:
            log.info("could not update the message of interaction %s", self.interaction.id)

    async def start_game(self, game_id: int) -> None:
        await start_game(self, game_id)


class Runner:
    """Runs every command and component of one client."""

    def __init__(self, service: Service, publisher: Publisher) -> None:
        self.service = service
        self.publisher = publisher

    async def context(self, interaction: discord.Interaction[Any]) -> Context:
        locale = await locale_for(interaction)
        return Context(self.service, self.publisher, interaction, interaction.user.id, locale)

    async def run_item(self, item: Any, interaction: discord.Interaction[Any]) -> None:
        begin(interaction)
        try:
            assert isinstance(item, TenkaItem)
            deferral = item.deferral()
            if deferral == "thinking":
                await interaction.response.defer(ephemeral=True, thinking=True)
            elif deferral == "update":
                await interaction.response.defer()
            await item.run(await self.context(interaction))
        except Exception as err:
            await report_error(interaction, err, self.publisher)

    async def on_modal(self, interaction: discord.Interaction[Any]) -> None:
        """A form's amounts modal was submitted (matched by custom id, restart-safe)."""
        data: dict[str, Any] = dict(interaction.data or {})
        match = MODAL_ID.match(str(data.get("custom_id", "")))
        if match is None:
            return
        begin(interaction)
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            ctx = await self.context(interaction)
            game_id, field, key = int(match["game"]), int(match["field"]), match["key"]
            form = await self.service.form(game_id, ctx.user_id, ctx.locale)
            if form is None or form.key != key or field >= len(form.fields):
                await ctx.reply(t("form.gone", ctx.locale))
                return
            spec = form.fields[field]
            texts = {
                str(c.get("custom_id")): str(c.get("value") or "")
                for row in data.get("components", [])
                for c in row.get("components", [])
            }
            boxes = _boxes(spec.boxes)
            amounts = parse_amounts(boxes, texts)
            result, fresh = await self.service.answer(
                game_id, ctx.user_id, key, {spec.name: amounts}, final=False, locale=ctx.locale
            )
            await ctx.deliver(result)
            await ctx.reply(form_text(fresh, ctx.locale), view=form_view(fresh))
        except Exception as err:
            await report_error(interaction, err, self.publisher)


def _boxes(boxes: tuple[tuple[str, str, int, int, int], ...]) -> list[Box]:
    return [Box(name, Text("", label), low, high) for name, label, low, high, _ in boxes]


# --- flows shared by a command and a button -----------------------------------------------


async def deliver_and_reply(
    interaction: discord.Interaction[Any], publisher: Publisher, result: Result, text: str
) -> None:
    """Publish a command's result, then answer the user truthfully: when the board could
    not be posted yet, the move is in and the board will follow (it stays owed)."""
    locale = await locale_for(interaction)
    if not await publisher.deliver(result, interaction):
        text = f"{text}\n{t('reply.board_follows', locale)}"
    await delivery.reply(interaction, text)


async def start_game(ctx: Context, game_id: int) -> None:
    """Start a lobby: a thread per game (the channel itself where threads aren't allowed),
    opened before the start commits and saved with it (see
    :meth:`bot.service.lobby.Lobby.start`)."""
    interaction, service = ctx.interaction, ctx.service
    result = await service.start(game_id, ctx.user_id, thread=partial(open_thread, ctx))
    game = result.game
    await ctx.deliver(result)
    where = f"<#{game.where}>"
    if interaction.message is not None:
        lobby = await service.lobby.lobby(game_id)  # as it stands now: no "can start"
        started = t("lobby.started", game.locale, where=where)  # the lobby is public
        try:
            await interaction.message.edit(
                content=f"{lobby.text}\n\n{started}",
                view=None,
                allowed_mentions=discord.AllowedMentions.none(),
            )
        except discord.HTTPException:
            log.info("could not update the lobby message of game %s", game_id)
    await ctx.reply(t("lobby.started_reply", ctx.locale, game_id=game_id, where=where))


async def open_thread(ctx: Context, game: GameSummary) -> int | None:
    interaction = ctx.interaction
    channel = interaction.channel
    if not isinstance(channel, discord.TextChannel):
        return None
    if game.guild_id is not None:
        guild = await ctx.service.settings.guild(game.guild_id)
        if guild.get("threads") is False:
            return None
    name = f"{game.title} #{game.game_id}"
    try:
        if interaction.message is not None:
            thread = await channel.create_thread(name=name, message=interaction.message)
        else:
            thread = await channel.create_thread(name=name, type=discord.ChannelType.public_thread)
    except discord.HTTPException:
        log.info("threads unavailable in channel %s; playing in the channel", channel.id)
        return None
    return thread.id
