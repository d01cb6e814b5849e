"""A server's hall of fame: ``/stats [player] [game]`` and ``/leaderboard game:<game>``
(its page buttons are :mod:`bot.edge.pages`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands

import games
from bot.edge.cogs.common import Interaction, game_key_autocomplete
from bot.edge.delivery import reply
from bot.edge.pages import page_view, server_of
from bot.words.i18n import locale_for

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot


def _game_key(game: str | None) -> str | None:
    return None if game is None else games.get(game).key  # an unknown game: one sentence


@app_commands.command(name="stats", description="A player's games, wins and rating on this server")
@app_commands.describe(player="Whose statistics (default: yours)", game="One game only")
@app_commands.autocomplete(game=game_key_autocomplete)
async def stats(
    interaction: Interaction, player: discord.User | None = None, game: str | None = None
) -> None:
    guild = server_of(interaction.guild_id)
    key = _game_key(game)
    await interaction.response.defer(ephemeral=True, thinking=True)
    locale = await locale_for(interaction)
    who = player or interaction.user
    text, chart = await interaction.client.service.hall.stats(guild, who.id, key, locale)
    await reply(interaction, text, attachment=chart)


@app_commands.command(name="leaderboard", description="This server's best players of a game")
@app_commands.describe(game="Which game to rank")
@app_commands.autocomplete(game=game_key_autocomplete)
async def leaderboard(interaction: Interaction, game: str) -> None:
    guild = server_of(interaction.guild_id)
    key = games.get(game).key
    await interaction.response.defer(ephemeral=False, thinking=True)
    locale = await locale_for(interaction)
    page = await interaction.client.service.hall.leaderboard(guild, key, 0, locale)
    view = page_view(key, page, interaction.user.id, locale)
    await reply(interaction, page.text, ephemeral=False, view=view)


async def setup(bot: TenkaBot) -> None:
    bot.tree.add_command(stats, override=True)
    bot.tree.add_command(leaderboard, override=True)
