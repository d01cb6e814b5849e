"""``/game ...``: opening, listing and ending games."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

import games
from bot.edge.cogs.common import (
    GAME_OPTION,
    Interaction,
    game_autocomplete,
    game_command,
    game_group,
    game_key_autocomplete,
    resolve_game,
)
from bot.edge.components import lobby_view
from bot.edge.delivery import reply
from bot.posts.summary import jump_url
from bot.service.results import GameSummary, NotAllowed
from bot.words.help import option_choice
from bot.words.i18n import locale_for, server_locale
from bot.words.text import CHOICE_NAME, fit, t
from games.base import UnknownGame

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot

log = logging.getLogger("tenka.lobby")


SPANISH_SWITCHES = {"sí": "yes", "si": "yes", "verdadero": "true", "falso": "false"}


def parse_options(text: str | None) -> dict[str, str]:
    """``"key=value, key=value"`` → dict; a malformed pair is a friendly error. Spanish
    ``sí`` is read as ``yes`` (``no`` is the same word in both)."""
    out: dict[str, str] = {}
    for part in (text or "").replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        key, sep, value = part.partition("=")
        if not sep or not key.strip() or not value.strip():
            raise NotAllowed("err.options_format", part=repr(part))
        value = value.strip()
        out[key.strip().lower()] = SPANISH_SWITCHES.get(value.lower(), value)
    return out


@app_commands.command(name="new", description="Open a new game in this channel")
@app_commands.describe(
    game="Which game to play",
    variant="Board variant (where the game has several)",
    players="How many players (the game starts when full, or when the host presses Start)",
    options="Extra options as key=value, separated by commas (start typing to see them)",
)
@app_commands.autocomplete(game=game_key_autocomplete)
async def new(
    interaction: Interaction,
    game: str,
    variant: str | None = None,
    players: app_commands.Range[int, 2, 5] | None = None,
    options: str | None = None,
) -> None:
    if interaction.channel_id is None or interaction.guild_id is None:
        await reply(interaction, t("err.guild_only", await locale_for(interaction)))
        return
    guild = await interaction.client.service.settings.guild(interaction.guild_id)
    if guild.get("creators") == "managers" and not interaction.permissions.manage_guild:
        raise NotAllowed("err.creators_managers")
    opts: dict[str, Any] = parse_options(options)
    if variant:
        opts["variant"] = variant
    lobby = await interaction.client.service.new_game(
        guild_id=interaction.guild_id,
        channel_id=interaction.channel_id,
        user_id=interaction.user.id,
        user_name=interaction.user.display_name,
        key=game,
        options=opts,
        players=players,
        locale=server_locale(guild, interaction.guild_locale),
    )
    view = lobby_view(lobby) or discord.ui.View()
    await interaction.response.send_message(
        lobby.text, view=view, allowed_mentions=discord.AllowedMentions.none()
    )
    message = await interaction.original_response()
    await interaction.client.service.set_messages(lobby.game.game_id, lobby_message_id=message.id)


@new.autocomplete("options")
async def options_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    """The chosen game's options, each value with its meaning; picking one appends it to
    what was typed (``a=b, c=d``)."""
    key = getattr(interaction.namespace, "game", None) or ""
    try:
        game = games.get(key)
    except UnknownGame:
        return []
    locale = await locale_for(interaction)
    done, _, typing = current.rpartition(",")
    typed = {p.partition("=")[0].strip().lower() for p in done.split(",") if "=" in p}
    prefix = f"{done.strip()}, " if done.strip() else ""
    choices = []
    for spec in game.options:
        if spec.name == "variant" or spec.name in typed:
            continue
        values = spec.choices or ("yes", "no")
        for value in values:
            pair = f"{spec.name}={value}"
            if typing.strip().lower() not in pair:
                continue
            name = option_choice(game, spec, value, locale)
            choices.append(app_commands.Choice(name=fit(name, CHOICE_NAME), value=prefix + pair))
    return choices[:25]


@new.autocomplete("variant")
async def variant_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    key = getattr(interaction.namespace, "game", None) or ""
    try:
        spec = next(o for o in games.get(key).options if o.name == "variant")
    except (UnknownGame, StopIteration):
        return []
    return [app_commands.Choice(name=c, value=c) for c in spec.choices if current.lower() in c][:25]


@app_commands.command(name="status", description="Where a game stands")
@app_commands.describe(game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def status(interaction: Interaction, game: str | None = None) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    await reply(interaction, await interaction.client.service.status(summary.game_id, locale))


@app_commands.command(name="history", description="The moves of a game so far")
@app_commands.describe(game=GAME_OPTION, page="Page number")
@app_commands.autocomplete(game=game_autocomplete)
async def history(interaction: Interaction, game: str | None = None, page: int = 1) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    service = interaction.client.service
    hist = await service.history(summary.game_id, interaction.user.id, page, locale)
    body = "\n".join(hist.lines) or t("history.empty", locale)
    head = t("history.header", locale, game_id=summary.game_id, page=hist.page, pages=hist.pages)
    await reply(interaction, f"{head}\n{body}")


resign = game_command(
    "resign", "Resign from a game", lambda service: service.resign, "reply.resigned"
)
abandon = game_command(
    "abandon",
    "Vote to abandon a game (every player must agree)",
    lambda service: service.abandon,
    "reply.abandoned",
)


@app_commands.command(name="list", description="Games open or running in this channel")
async def list_(interaction: Interaction) -> None:
    locale = await locale_for(interaction)
    if interaction.channel_id is None:
        await reply(interaction, t("err.channel_only", locale))
        return
    found = await interaction.client.service.list_channel(interaction.channel_id)
    lines = [_summary_line(g, interaction.user.id, locale) for g in found]
    await reply(interaction, "\n".join(lines) or t("list.none_here", locale))


@app_commands.command(name="mine", description="All your games, on every server")
@app_commands.describe(finished="True: your finished games, with links to their threads")
async def mine(interaction: Interaction, finished: bool = False) -> None:
    locale = await locale_for(interaction)
    if finished:
        done = await interaction.client.service.hall.finished(interaction.user.id, locale)
        await reply(interaction, "\n".join(done) or t("hall.none_finished", locale))
        return
    found = await interaction.client.service.mine(interaction.user.id)
    lines = [_summary_line(g, interaction.user.id, locale) for g in found[:20]]
    await reply(interaction, "\n".join(lines) or t("list.none_mine", locale))


def _summary_line(game: GameSummary, user_id: int, locale: str) -> str:
    if game.status == "lobby":
        state = t("summary.lobby", locale)
    elif user_id in game.to_act:
        state = t("summary.your_turn", locale)
    else:
        names = [s.name for s in game.seats if s.user_id in game.to_act]
        names = names or [t("summary.others", locale)]
        state = t("summary.waiting", locale, names=", ".join(names))
    link = jump_url(game)
    return f"#{game.game_id} {game.title} — {state} — {link}"


COMMANDS: tuple[app_commands.Command[Any, Any, Any], ...] = (
    new,
    status,
    history,
    resign,
    abandon,
    list_,
    mine,
)


async def setup(bot: TenkaBot) -> None:
    group = game_group(bot)
    for command in COMMANDS:
        group.add_command(command, override=True)
