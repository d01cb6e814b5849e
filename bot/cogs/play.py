"""``/move``, ``/board``, ``/hand`` and ``/rules``."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import games
from bot.cogs.common import game_autocomplete, game_key_autocomplete, resolve_game
from bot.components import form_view
from bot.delivery import reply
from bot.edge import deliver_and_reply
from bot.i18n import locale_for
from bot.results import NoSuchGame, ServiceError
from bot.text import t
from bot.translator import rules_file

if TYPE_CHECKING:
    from bot.app import TenkaBot

log = logging.getLogger("tenka.play")

Interaction = discord.Interaction["TenkaBot"]
RULES_DIR = Path(__file__).resolve().parents[2] / "data"  # data/<key>/rules.<lang>.md


async def action_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal actions matching what was typed (25 at most)."""
    service = interaction.client.service
    try:
        summary = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
        pairs = await service.choices(summary.game_id, interaction.user.id, current)
    except ServiceError:
        return []
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


class PlayCog(commands.Cog):
    def __init__(self, bot: TenkaBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Play a move in your game")
    @app_commands.describe(
        action="Your move (start typing to see the legal ones)", game="Which game"
    )
    @app_commands.autocomplete(action=action_autocomplete, game=game_autocomplete)
    async def move(self, interaction: Interaction, action: str, game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await resolve_game(interaction, game)
        locale = await locale_for(interaction)
        service = self.bot.service
        result = await service.act(summary.game_id, interaction.user.id, action, locale=locale)
        await deliver_and_reply(
            interaction,
            self.bot.publisher,
            result,
            result.reply or t("reply.played", locale, notation=action.strip()),
        )

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(self, interaction: Interaction, game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await resolve_game(interaction, game)
        locale = await locale_for(interaction)
        post = await self.bot.service.board(summary.game_id, locale, interaction.user.id)
        await reply(interaction, post.text, attachment=post.image)

    @app_commands.command(name="hand", description="Your private view of a game (also by DM)")
    @app_commands.autocomplete(game=game_autocomplete)
    async def hand(self, interaction: Interaction, game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await resolve_game(interaction, game)
        locale = await locale_for(interaction)
        private = await self.bot.service.hand(summary.game_id, interaction.user.id, locale)
        await reply(
            interaction, private.text, attachment=private.image, view=form_view(private.form)
        )
        if not await self.bot.publisher.send_private(private):
            await reply(interaction, t("dm.closed", locale))

    @app_commands.command(name="rules", description="How to play a game")
    @app_commands.autocomplete(game=game_key_autocomplete)
    async def rules(self, interaction: Interaction, game: str) -> None:
        locale = await locale_for(interaction)
        path = rules_file(RULES_DIR / games.get(game).key, locale)
        if not path.is_file():
            raise NoSuchGame("err.no_rules", game=repr(game))
        await reply(interaction, path.read_text(encoding="utf-8")[:2000])


async def setup(bot: TenkaBot) -> None:
    await bot.add_cog(PlayCog(bot))
