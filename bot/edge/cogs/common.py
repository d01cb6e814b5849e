"""Helpers shared by the cogs: finding the game an interaction is about."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from functools import partial
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import games
from bot.edge.runner import deliver_and_reply
from bot.service.facade import Service
from bot.service.results import GameSummary, NoSuchGame, NotAllowed, Result
from bot.words.i18n import locale_for
from bot.words.text import t

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot

Interaction = discord.Interaction["TenkaBot"]
GAME_OPTION = "Which game (default: the game of this thread)"


def game_group(bot: TenkaBot) -> app_commands.Group:
    """The bot's ``/game`` group, created on first use; extensions add subcommands to it."""
    found = bot.tree.get_command("game")
    if isinstance(found, app_commands.Group):
        return found
    group = app_commands.Group(name="game", description="Start, list and manage Tenka games")
    bot.tree.add_command(group)
    return group


async def resolve_game(interaction: Interaction, game: str | None) -> GameSummary:
    """The game named by the ``game`` option, else the game of this thread/channel."""
    service = interaction.client.service
    if game:
        summary = await service.game(game_number(game))
        check_named(interaction, summary)
        return summary
    if interaction.channel_id is None:
        raise NoSuchGame("err.which_game")
    return await service.find_game(interaction.channel_id, interaction.user.id)


async def game_to_change(
    interaction: Interaction, game: str | None
) -> tuple[int, Callable[[GameSummary], None] | None]:
    """The game a command changes, as :func:`resolve_game` finds it, without reading a game
    named by its number: its id and the check the service runs on it once loaded, before
    anything about it is told (the move's own load serves)."""
    if game:
        return game_number(game), partial(check_named, interaction)
    return (await resolve_game(interaction, None)).game_id, None


def game_number(game: str) -> int:
    """The number a user typed for a game (``12`` or ``#12``), or a friendly refusal."""
    text = game.strip().lstrip("#")
    if not (text.isascii() and text.isdigit() and len(text) < 19):
        raise NotAllowed("err.not_a_game_number", text=repr(game))
    return int(text)


def check_named(interaction: Interaction, summary: GameSummary) -> None:
    """Refuse a game named by its number that may not be read where the user asks."""
    number = str(summary.game_id)
    if interaction.guild_id is not None:
        if summary.guild_id not in (None, interaction.guild_id):
            raise NoSuchGame("err.other_server", game_id=number)
        if not may_read_here(interaction, summary):
            raise NoSuchGame("err.read_elsewhere", game_id=number)
    elif interaction.user.id not in {s.user_id for s in summary.seats}:
        # From a DM only your own games: another server's game stays private to it.
        raise NoSuchGame("err.other_server", game_id=number)


def may_read_here(interaction: Interaction, game: GameSummary) -> bool:
    """A game is read where it is played: in its own channel or thread anyone there may
    read it; elsewhere only its players and the server's managers (its channel may be
    private, and its number is easy to guess)."""
    if interaction.channel_id in (game.channel_id, game.thread_id):
        return True
    if interaction.user.id in {s.user_id for s in game.seats}:
        return True
    perms = interaction.permissions
    return bool(perms.manage_guild or perms.administrator)


async def game_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's games in this channel (or anywhere, from a DM), theirs-to-act first."""
    service = interaction.client.service
    channel = interaction.channel_id if interaction.guild_id is not None else None
    found = list(await service.user_games(interaction.user.id, channel))
    if channel is not None and not found:
        found = list(await service.user_games(interaction.user.id, None))
    locale = await locale_for(interaction)
    choices = []
    for g in found:
        key = "choice.game_your_turn" if interaction.user.id in g.to_act else "choice.game"
        others = ", ".join(s.name for s in g.seats if s.user_id != interaction.user.id)
        label = t(key, locale, game_id=g.game_id, title=g.title, others=others)[:100]
        if current.strip().lstrip("#").lower() in label.lower():
            choices.append(app_commands.Choice(name=label, value=str(g.game_id)))
    return choices[:25]


async def game_key_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """Every registered game (the registry, not a list in the bot): title and key."""
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=f"{g.title} ({key})"[:100], value=key)
        for key, g in sorted(games.GAMES.items())
        if typed in key or typed in g.title.lower()
    ][:25]


async def act_on_game(
    interaction: Interaction,
    game: str | None,
    call: Callable[[int, int, str], Awaitable[Result]],
    done: str = "reply.done",
) -> None:
    """The common shape of a game command: answer privately at once, find the game, call
    the service as the user in their language, publish the result, confirm privately (the
    service's own reply, else the catalogue's ``done``)."""
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    result = await call(summary.game_id, interaction.user.id, locale)
    await deliver_and_reply(
        interaction, interaction.client.publisher, result, result.reply or t(done, locale)
    )


def game_command(
    name: str,
    description: str,
    pick: Callable[[Service], Callable[[int, int, str], Awaitable[Result]]],
    done: str = "reply.done",
) -> app_commands.Command[Any, ..., None]:
    """A ``/game`` subcommand that does one thing to one game (:func:`act_on_game`):
    ``pick`` names the service's method, ``done`` the confirmation when it says none."""

    @app_commands.command(name=name, description=description)
    @app_commands.describe(game=GAME_OPTION)
    @app_commands.autocomplete(game=game_autocomplete)
    async def command(interaction: Interaction, game: str | None = None) -> None:
        await act_on_game(interaction, game, pick(interaction.client.service), done)

    return command
