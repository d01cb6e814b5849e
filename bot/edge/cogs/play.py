"""``/move``, ``/board``, ``/hand`` and ``/rules``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord import app_commands
from discord.ext import commands

from bot.edge.cogs.common import (
    GAME_OPTION,
    Interaction,
    game_autocomplete,
    game_key_autocomplete,
    game_to_change,
    resolve_game,
)
from bot.edge.components import form_view
from bot.edge.delivery import chunks, reply
from bot.edge.runner import deliver_and_reply
from bot.service.results import ServiceError
from bot.words.i18n import locale_for
from bot.words.rulebook import DATA_DIR
from bot.words.text import t

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot

log = logging.getLogger("tenka.play")
RULES_DIR = DATA_DIR  # data/<key>/rules.<lang>.md


async def action_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The caller's legal actions matching what was typed (25 at most)."""
    service = interaction.client.service
    try:
        summary = await resolve_game(interaction, getattr(interaction.namespace, "game", None))
        locale = await locale_for(interaction)
        pairs = await service.choices(summary.game_id, interaction.user.id, current, 25, locale)
    except ServiceError:
        return []
    return [app_commands.Choice(name=label, value=value) for label, value in pairs]


async def topic_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The topics of the chosen game's rules matching what was typed (25 at most)."""
    key = str(getattr(interaction.namespace, "game", None) or "")
    locale = await locale_for(interaction)
    topics = interaction.client.service.rule_topics(key, current, locale)
    return [app_commands.Choice(name=name[:100], value=name[:100]) for name in topics[:25]]


class PlayCog(commands.Cog):
    def __init__(self, bot: TenkaBot) -> None:
        self.bot = bot

    @app_commands.command(name="move", description="Play a move in your game")
    @app_commands.describe(
        action="Your move (start typing to see the legal ones)", game=GAME_OPTION
    )
    @app_commands.autocomplete(action=action_autocomplete, game=game_autocomplete)
    async def move(self, interaction: Interaction, action: str, game: str | None = None) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        game_id, check = await game_to_change(interaction, game)
        locale = await locale_for(interaction)
        service = self.bot.service
        result = await service.act(game_id, interaction.user.id, action, locale=locale, check=check)
        await deliver_and_reply(
            interaction,
            self.bot.publisher,
            result,
            result.reply or t("reply.played", locale, notation=action.strip()),
        )

    @app_commands.command(name="board", description="Show the current board")
    @app_commands.describe(game=GAME_OPTION, text="The whole board in words instead of the picture")
    @app_commands.autocomplete(game=game_autocomplete)
    async def board(
        self, interaction: Interaction, game: str | None = None, text: bool = False
    ) -> None:
        await interaction.response.defer(ephemeral=True, thinking=True)
        summary = await resolve_game(interaction, game)
        locale = await locale_for(interaction)
        if text:
            words = await self.bot.service.board_text(summary.game_id, locale)
            for chunk in chunks(words, 2000):
                await reply(interaction, chunk)
            return
        post = await self.bot.service.board(summary.game_id, locale, interaction.user.id)
        await reply(interaction, post.text, attachment=post.image, extra=post.extra)

    @app_commands.command(name="hand", description="Your private view of a game (also by DM)")
    @app_commands.describe(game=GAME_OPTION)
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

    @app_commands.command(name="rules", description="How to play a game, or one topic of its rules")
    @app_commands.describe(
        game="Which game to play",
        topic="A section of the rules, such as a card's name (start typing to see them)",
    )
    @app_commands.autocomplete(game=game_key_autocomplete, topic=topic_autocomplete)
    async def rules(self, interaction: Interaction, game: str, topic: str | None = None) -> None:
        locale = await locale_for(interaction)
        for text in self.bot.service.rules(game, topic, locale):
            await reply(interaction, text)


async def setup(bot: TenkaBot) -> None:
    await bot.add_cog(PlayCog(bot))
