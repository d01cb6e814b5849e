"""Delivering service results to Discord: the board post, DMs, ephemeral answers."""

from __future__ import annotations

import asyncio
import io
import logging
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import locale_for
from bot.results import Attachment, GameSummary, Post, PrivatePost, Result
from bot.text import t

if TYPE_CHECKING:
    from bot.app import TenkaBot

log = logging.getLogger("tenka.delivery")

DM_CLOSED = 50007


def to_file(attachment: Attachment) -> discord.File:
    return discord.File(
        io.BytesIO(attachment.data),
        filename=attachment.filename,
        description=attachment.description,
    )


async def reply(
    interaction: discord.Interaction[Any],
    content: str,
    *,
    ephemeral: bool = True,
    attachment: Attachment | None = None,
    view: discord.ui.View | None = None,
) -> None:
    """Answer an interaction whether or not it was already answered or deferred."""
    kwargs: dict[str, Any] = {"content": content[:2000], "ephemeral": ephemeral}
    if attachment is not None:
        kwargs["file"] = to_file(attachment)
    if view is not None:
        kwargs["view"] = view
    try:
        if not interaction.response.is_done():
            await interaction.response.send_message(**kwargs)
        else:
            await interaction.followup.send(**kwargs)
    except discord.NotFound:
        log.info("interaction %s expired before it could be answered", interaction.id)


async def channel_for(bot: TenkaBot, channel_id: int) -> discord.abc.Messageable:
    channel = bot.get_channel(channel_id) or await bot.fetch_channel(channel_id)
    assert isinstance(channel, discord.abc.Messageable)
    return channel


async def publish(bot: TenkaBot, game: GameSummary, post: Post) -> discord.Message:
    """Post the board in the game's thread, retire the old board's buttons, remember it."""
    from bot.components import board_view

    channel = await channel_for(bot, game.where)
    mentions = discord.AllowedMentions(
        everyone=False,
        roles=False,
        replied_user=False,
        users=[discord.Object(u) for u in post.ping],
    )
    kwargs: dict[str, Any] = {
        "content": post.text[:2000],
        "allowed_mentions": mentions,
        "silent": not post.ping,
    }
    files = [to_file(a) for a in (post.image, *post.extra) if a is not None]
    if files:
        kwargs["files"] = files
    view = board_view(game.game_id, post.version, post.controls, post.choices, game.locale)
    if view is not None:
        kwargs["view"] = view
    if post.edit_previous and game.board_message_id:
        edited = await _edit_board(channel, game.board_message_id, post, view)
        if edited is not None:
            return edited
    message = await channel.send(**kwargs)
    if not post.board:
        return message
    old = game.board_message_id
    if old and old != message.id:
        await _retire_controls(channel, old)
    await bot.service.set_messages(game.game_id, board_message_id=message.id)
    return message


async def _edit_board(
    channel: discord.abc.Messageable, message_id: int, post: Post, view: discord.ui.View | None
) -> discord.Message | None:
    """A step inside a turn updates the turn's board message instead of posting again."""
    try:
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        return await partial.edit(  # type: ignore[no-any-return]
            content=post.text[:2000],
            attachments=[to_file(post.image)] if post.image is not None else [],
            view=view,
            allowed_mentions=discord.AllowedMentions.none(),
        )
    except (discord.HTTPException, AttributeError):
        log.info("could not edit board message %s; posting a new one", message_id)
        return None


async def _retire_controls(channel: discord.abc.Messageable, message_id: int) -> None:
    try:
        partial = channel.get_partial_message(message_id)  # type: ignore[attr-defined]
        await partial.edit(view=None)
    except (discord.HTTPException, AttributeError):
        log.debug("could not retire the controls of message %s", message_id)


async def send_private(
    bot: TenkaBot,
    post: PrivatePost,
    interaction: discord.Interaction[Any] | None = None,
) -> bool:
    """DM ``post``; if DMs are closed, show it ephemerally to its owner when they are the
    one interacting. Returns whether the owner received it."""
    from bot.components import menu_view

    content = post.text[:2000]
    view = menu_view(post.menu)
    try:
        user = bot.get_user(post.user_id) or await bot.fetch_user(post.user_id)
        kwargs: dict[str, Any] = {"content": content}
        if post.image is not None:
            kwargs["file"] = to_file(post.image)
        if view is not None:
            kwargs["view"] = view
        await user.send(**kwargs)
        return True
    except discord.Forbidden as err:
        if err.code != DM_CLOSED:
            log.warning("DM to %s refused: %s", post.user_id, err)
    except discord.HTTPException:
        log.warning("DM to %s failed", post.user_id, exc_info=True)
    if interaction is not None and interaction.user.id == post.user_id:
        note = t("dm.closed", await locale_for(interaction))
        await reply(interaction, f"{note}\n\n{content}"[:2000], attachment=post.image, view=view)
        return True
    return False


async def deliver(
    bot: TenkaBot, result: Result, interaction: discord.Interaction[Any] | None = None
) -> None:
    """Publish a result: board posts, then private posts (with the closed-DM fallback).

    Results of one game are published one at a time and never backwards: a board made
    before the last one published (two results racing to Discord) is dropped, so the
    newest board is always the one with live buttons. (Order of creation, not version:
    an undo or a takeback legitimately lowers the version.)"""
    game = result.game
    lock, published = _publishing(bot, game.game_id)
    async with lock:
        for post in result.public:
            if post.board and result.serial and result.serial < published[0]:
                continue
            if post.board:
                # The store knows the newest board message, whoever published it.
                fresh = await bot.service.game(game.game_id)
                game = _with_board(game, fresh.board_message_id)
            message = await publish(bot, game, post)
            if post.board:
                published[0] = max(published[0], result.serial)
                game = _with_board(game, message.id)
    unreached = []
    for private in result.private:
        if not await send_private(bot, private, interaction):
            unreached.append(private.user_id)
    if unreached:
        channel = await channel_for(bot, game.where)
        names = " ".join(f"<@{u}>" for u in unreached)
        await channel.send(
            f"{names} {t('dm.closed', game.locale)}",
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in unreached]),
        )


def _publishing(bot: TenkaBot, game_id: int) -> tuple[asyncio.Lock, list[int]]:
    """This bot's lock and last published version for one game."""
    table: dict[int, tuple[asyncio.Lock, list[int]]] = bot.__dict__.setdefault("_publishing", {})
    return table.setdefault(game_id, (asyncio.Lock(), [-1]))


def _with_board(game: GameSummary, message_id: int | None) -> GameSummary:
    from dataclasses import replace

    return replace(game, board_message_id=message_id)
