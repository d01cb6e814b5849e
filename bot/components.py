"""Persistent buttons (``DynamicItem``): the game id lives in ``custom_id``, so they keep
working after a restart. Game state never lives in a View."""

from __future__ import annotations

import logging
import re
from typing import TYPE_CHECKING, Any

import discord

from bot.app import report_error
from bot.delivery import deliver, reply
from bot.i18n import locale_for
from bot.menus import Menu
from bot.results import LobbyResult, NotSeated
from bot.text import t

if TYPE_CHECKING:
    pass

log = logging.getLogger("tenka.components")

Interaction = discord.Interaction["TenkaBot"]

# Button labels are catalogue keys ("button.join"…): a public message's buttons speak the
# game's language, an ephemeral one's the reader's.
LOBBY_ACTIONS = ("join", "leave", "ai", "start")
LOBBY_STYLES = {
    "join": discord.ButtonStyle.primary,
    "leave": discord.ButtonStyle.secondary,
    "ai": discord.ButtonStyle.secondary,
    "start": discord.ButtonStyle.success,
}
BOARD_STYLES = {
    "undo": discord.ButtonStyle.secondary,
    "end": discord.ButtonStyle.primary,
    "resign": discord.ButtonStyle.danger,
    "mute": discord.ButtonStyle.secondary,
    "tb_yes": discord.ButtonStyle.success,
    "tb_no": discord.ButtonStyle.danger,
}


class LobbyButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:l:(?P<action>join|leave|ai|start):(?P<game>\d+)",
):
    def __init__(self, action: str, game_id: int, locale: str = "en") -> None:
        self.action, self.game_id = action, game_id
        super().__init__(
            discord.ui.Button(
                label=t(f"button.{action}", locale),
                style=LOBBY_STYLES[action],
                custom_id=f"tenka:l:{action}:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> LobbyButton:
        return cls(match["action"], int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            await self._run(interaction)
        except Exception as err:  # one mapper for every error (see bot.app.report_error)
            await report_error(interaction, err)

    async def _run(self, interaction: Interaction) -> None:
        service = interaction.client.service
        user = interaction.user
        if self.action == "start":
            await interaction.response.defer(ephemeral=True, thinking=True)
            from bot.cogs.lobby import start_game

            await start_game(interaction, self.game_id)
            return
        if self.action == "join":
            lobby = await service.join(self.game_id, user.id, user.display_name)
        elif self.action == "leave":
            lobby = await service.leave(self.game_id, user.id)
        else:
            lobby = await service.add_ai(self.game_id, user.id)
        await interaction.response.edit_message(
            content=lobby.text,
            view=lobby_view(lobby),
            allowed_mentions=discord.AllowedMentions.none(),
        )


class BoardButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:b:(?P<action>undo|end|resign|mute|tb_yes|tb_no):(?P<game>\d+):(?P<version>\d+)",
):
    def __init__(self, action: str, game_id: int, version: int, locale: str = "en") -> None:
        self.action, self.game_id, self.version = action, game_id, version
        super().__init__(
            discord.ui.Button(
                label=t(f"button.{action}", locale),
                style=BOARD_STYLES[action],
                custom_id=f"tenka:b:{action}:{game_id}:{version}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> BoardButton:
        return cls(match["action"], int(match["game"]), int(match["version"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            await self._run(interaction)
        except Exception as err:
            await report_error(interaction, err)

    async def _run(self, interaction: Interaction) -> None:
        service = interaction.client.service
        await interaction.response.defer(ephemeral=True, thinking=True)
        locale = await locale_for(interaction)
        user_id = interaction.user.id
        if self.action == "resign":
            game = await service.game(self.game_id)
            if user_id not in {s.user_id for s in game.seats}:
                raise NotSeated("err.not_seated")
            view = discord.ui.View(timeout=None)
            view.add_item(ResignConfirm(self.game_id, locale))
            await reply(interaction, t("resign.confirm", locale), view=view)
            return
        if self.action in ("tb_yes", "tb_no"):
            yes = self.action == "tb_yes"
            result = await service.table.vote_takeback(
                self.game_id, user_id, self.version, yes, locale=locale
            )
        elif self.action == "mute":
            await reply(interaction, await service.tempo.mute(self.game_id, user_id, locale))
            return
        elif self.action == "undo":
            result = await service.undo(
                self.game_id, user_id, expected_version=self.version, locale=locale
            )
        else:
            result = await service.act(
                self.game_id, user_id, "end", expected_version=self.version, locale=locale
            )
        await deliver(interaction.client, result, interaction)
        await reply(interaction, result.reply or t("reply.done", locale))


class ActionButton(
    discord.ui.DynamicItem[discord.ui.Button[Any]],
    template=r"tenka:a:(?P<game>\d+):(?P<version>\d+):(?P<index>\d+)",
):
    """One of a few legal actions, by its index in ``legal()`` at the given version."""

    def __init__(self, game_id: int, version: int, index: int, label: str = "…") -> None:
        self.game_id, self.version, self.index = game_id, version, index
        super().__init__(
            discord.ui.Button(
                label=label[:80],
                style=discord.ButtonStyle.primary,
                custom_id=f"tenka:a:{game_id}:{version}:{index}",
                row=0,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ActionButton:
        return cls(int(match["game"]), int(match["version"]), int(match["index"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            service = interaction.client.service
            locale = await locale_for(interaction)
            result = await service.act_index(
                self.game_id,
                interaction.user.id,
                self.index,
                expected_version=self.version,
                locale=locale,
            )
            await deliver(interaction.client, result, interaction)
            await reply(interaction, result.reply or t("reply.done", locale))
        except Exception as err:
            await report_error(interaction, err)


class ResignConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tenka:rc:(?P<game>\d+)"
):
    def __init__(self, game_id: int, locale: str = "en") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=t("button.resign_confirm", locale),
                style=discord.ButtonStyle.danger,
                custom_id=f"tenka:rc:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> ResignConfirm:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
            locale = await locale_for(interaction)
            service = interaction.client.service
            result = await service.resign(self.game_id, interaction.user.id, locale)
            await deliver(interaction.client, result, interaction)
            await reply(interaction, t("reply.resigned", locale))
        except Exception as err:
            await report_error(interaction, err)


class MenuSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=r"tenka:m:(?P<game>\d+)"):
    """The secret multi-choice of a menu (e.g. Samurai's five starting tiles)."""

    def __init__(self, game_id: int, menu: Menu | None = None) -> None:
        self.game_id = game_id
        options = [
            discord.SelectOption(label=label[:100], value=value, default=value in menu.selected)
            for label, value in (menu.options if menu else ())
        ] or [discord.SelectOption(label="…", value="-")]
        super().__init__(
            discord.ui.Select(
                custom_id=f"tenka:m:{game_id}",
                placeholder=t("menu.placeholder", menu.locale if menu else "en"),
                min_values=menu.min_values if menu else 1,
                max_values=menu.max_values if menu else 1,
                options=options,
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MenuSelect:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
            service = interaction.client.service
            locale = await locale_for(interaction)
            # Answer first (an update of this message, nothing visible yet): the choice is
            # committed before the reply, so it must never hang on Discord's 3 s deadline.
            await interaction.response.defer()
            result = await service.choose(self.game_id, interaction.user.id, values, locale)
            menu = await service.menu(self.game_id, interaction.user.id, locale)
            chosen = ", ".join(v.split(".", 1)[0] for v in values)
            choice = t("menu.your_choice", locale, chosen=chosen)
            text = (menu.prompt if menu else "") + f"\n\n{choice}"
            await _edit_original(interaction, content=text[:2000], view=menu_view(menu))
            await deliver(interaction.client, result)
        except Exception as err:
            await report_error(interaction, err)


class MenuConfirm(
    discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"tenka:mc:(?P<game>\d+)"
):
    def __init__(self, game_id: int, locale: str = "en") -> None:
        self.game_id = game_id
        super().__init__(
            discord.ui.Button(
                label=t("button.confirm", locale),
                style=discord.ButtonStyle.success,
                custom_id=f"tenka:mc:{game_id}",
            )
        )

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> MenuConfirm:
        return cls(int(match["game"]))

    async def callback(self, interaction: Interaction) -> None:
        try:
            service = interaction.client.service
            locale = await locale_for(interaction)
            menu = await service.menu(self.game_id, interaction.user.id, locale)
            if menu is None:
                await reply(interaction, t("menu.nothing", locale))
                return
            if len(menu.selected) < menu.min_values:
                await reply(interaction, t("menu.choose_first", locale, need=menu.min_values))
                return
            await interaction.response.defer()
            result = await service.act(
                self.game_id, interaction.user.id, menu.confirm, locale=locale
            )
            chosen = ", ".join(v.split(".", 1)[0] for v in menu.selected)
            text = t("menu.confirmed", locale, chosen=chosen)
            await _edit_original(interaction, content=text, view=None)
            await deliver(interaction.client, result)
        except Exception as err:
            await report_error(interaction, err)


async def _edit_original(interaction: Interaction, **kwargs: Any) -> None:
    """Update the message a deferred component sits on; a failure here must not stop the
    delivery of what was already committed."""
    try:
        await interaction.edit_original_response(**kwargs)
    except discord.HTTPException:
        log.info("could not update the menu message of interaction %s", interaction.id)


DYNAMIC_ITEMS = (LobbyButton, BoardButton, ActionButton, ResignConfirm, MenuSelect, MenuConfirm)


def menu_view(menu: Menu | None) -> discord.ui.View | None:
    if menu is None:
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(MenuSelect(menu.game_id, menu))
    view.add_item(MenuConfirm(menu.game_id, menu.locale))
    return view


def lobby_view(lobby: LobbyResult) -> discord.ui.View | None:
    if lobby.game.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    for action in LOBBY_ACTIONS:
        item = LobbyButton(action, lobby.game.game_id, lobby.game.locale)
        if action == "join":
            item.item.disabled = lobby.full
        if action == "ai":
            item.item.disabled = lobby.full
        if action == "start":
            item.item.disabled = not lobby.can_start
        view.add_item(item)
    return view


def board_view(
    game_id: int,
    version: int,
    controls: tuple[str, ...],
    choices: tuple[tuple[str, int], ...] = (),
    locale: str = "en",
) -> discord.ui.View | None:
    """The buttons of a public board or notice (labels in the game's ``locale``)."""
    if not controls and not choices:
        return None
    view = discord.ui.View(timeout=None)
    for label, index in choices:
        view.add_item(ActionButton(game_id, version, index, label))
    for action in controls:
        button = BoardButton(action, game_id, version, locale)
        button.item.row = 1 if choices else 0
        view.add_item(button)
    return view
