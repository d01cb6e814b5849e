"""The leaderboard's page buttons (issue 28): only the member who asked for the
leaderboard may press them (their id is in the button's custom id, with the game and the
page, so the buttons work after a restart like every other Tenka button)."""

from __future__ import annotations

import re
from typing import Any

import discord

from bot.edge.components import TenkaItem, button
from bot.edge.ctx import Ctx
from bot.service.hall import Page
from bot.service.results import NotAllowed
from bot.words.text import t


def server_of(guild_id: int | None) -> int:
    """A server's statistics are read only in that server."""
    if guild_id is None:
        raise NotAllowed("err.stats_server_only")
    return guild_id


class PageButton(
    TenkaItem,
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:lb:(?P<game>[a-z0-9_]{1,24}):(?P<page>\d{1,6}):(?P<user>\d{1,20})",
):
    """Turns a leaderboard to ``page``; only ``user``, who asked for it, may press it."""

    defer = "update"

    def __init__(self, game: str, page: int, user: int, label: str = "…") -> None:
        self.game, self.page, self.user = game, page, user
        super().__init__(
            button(label, discord.ButtonStyle.secondary, f"tenka:lb:{game}:{page}:{user}")
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str]
    ) -> PageButton:
        return cls(match["game"], int(match["page"]), int(match["user"]))

    async def run(self, ctx: Ctx) -> None:
        if ctx.user_id != self.user:
            raise NotAllowed("err.not_your_page")
        guild = server_of(ctx.interaction.guild_id)
        page = await ctx.service.hall.leaderboard(guild, self.game, self.page, ctx.locale)
        await ctx.edit(content=page.text, view=page_view(self.game, page, self.user, ctx.locale))


def page_view(game: str, page: Page, user: int, locale: str) -> discord.ui.View | None:
    """Previous / next buttons where there is such a page."""
    if page.pages <= 1:
        return None
    view = discord.ui.View(timeout=None)
    if page.page > 0:
        view.add_item(PageButton(game, page.page - 1, user, t("button.page_prev", locale)))
    if page.page + 1 < page.pages:
        view.add_item(PageButton(game, page.page + 1, user, t("button.page_next", locale)))
    return view


HALL_ITEMS = (PageButton,)
