"""Asynchronous play: ``/game pause|resume|vacation|remind|replace|takeback|catchup|replay|
reveal`` and ``/settings me|server``."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

from bot.edge.cogs.common import (
    GAME_OPTION,
    Interaction,
    game_autocomplete,
    game_command,
    game_group,
    resolve_game,
)
from bot.edge.delivery import reply
from bot.edge.runner import deliver_and_reply
from bot.edge.translator import TenkaTranslator
from bot.service import numbers
from bot.service.levels import LEVELS, checked_level
from bot.service.results import Attachment, NotAllowed
from bot.service.scheduler import parse_quiet_hours, zone
from bot.words.i18n import CLIENT_LANGUAGE, forget_locale, language_choice, locale_for, user_locale
from bot.words.text import t
from renderer.palettes import PALETTES

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot

log = logging.getLogger("tenka.tempo")


pause = game_command(
    "pause",
    "Vote to pause a game (no deadlines or reminders)",
    lambda service: service.tempo.pause,
)
resume = game_command("resume", "Resume a paused game", lambda service: service.tempo.resume)


@app_commands.command(name="vacation", description="Stop your own clock for some hours")
@app_commands.describe(hours="How many hours", game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def vacation(
    interaction: Interaction, hours: app_commands.Range[float, 0.1, 336.0], game: str | None = None
) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    tempo = interaction.client.service.tempo
    text = await tempo.vacation(summary.game_id, interaction.user.id, hours, locale)
    await reply(interaction, text)


@app_commands.command(name="clock", description="This game's reminder interval and deadline")
@app_commands.describe(
    reminder_hours="Remind the player to act after this many idle hours (0 = never)",
    deadline_hours="Hours per turn before the AI moves for a player (0 = no deadline)",
    game=GAME_OPTION,
)
@app_commands.autocomplete(game=game_autocomplete)
async def clock(
    interaction: Interaction,
    reminder_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    game: str | None = None,
) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    result = await interaction.client.service.tempo.set_clock(
        summary.game_id,
        interaction.user.id,
        reminder_hours=reminder_hours,
        deadline_hours=deadline_hours,
        is_admin=bool(interaction.permissions.manage_guild),
        locale=locale,
    )
    await deliver_and_reply(
        interaction, interaction.client.publisher, result, result.reply or t("reply.done", locale)
    )


@app_commands.command(name="remind", description="Turn reminders for a game back on (or off)")
@app_commands.describe(on="True to turn reminders on, False to pause them", game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def remind(interaction: Interaction, on: bool = True, game: str | None = None) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    tempo = interaction.client.service.tempo
    method = tempo.unmute if on else tempo.mute
    await reply(interaction, await method(summary.game_id, interaction.user.id, locale))


@app_commands.command(name="replace", description="Hand an absent player's seat to someone else")
@app_commands.describe(
    player="The absent player",
    by="Who takes over (leave empty for the AI)",
    level="The AI's level when the AI takes over (default normal)",
    game=GAME_OPTION,
)
@app_commands.choices(level=[app_commands.Choice(name=n, value=n) for n in LEVELS])
@app_commands.autocomplete(game=game_autocomplete)
async def replace(
    interaction: Interaction,
    player: discord.User,
    by: discord.User | None = None,
    level: str | None = None,
    game: str | None = None,
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    if by is not None and by.bot:
        raise NotAllowed("err.bot_seat")
    locale = await locale_for(interaction)
    perms = interaction.permissions
    result = await interaction.client.service.council.replace(
        summary.game_id,
        interaction.user.id,
        old_user=player.id,
        new_user=by.id if by else None,
        new_name=by.display_name if by else None,
        is_admin=bool(perms.manage_guild),
        locale=locale,
        level=checked_level(level),
    )
    await deliver_and_reply(
        interaction, interaction.client.publisher, result, result.reply or t("reply.done", locale)
    )


takeback = game_command(
    "takeback",
    "Ask to take back your last confirmed move",
    lambda service: service.council.request_takeback,
)


@app_commands.command(name="catchup", description="What happened since your last move")
@app_commands.describe(game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def catchup(interaction: Interaction, game: str | None = None) -> None:
    summary = await resolve_game(interaction, game)
    locale = await locale_for(interaction)
    service = interaction.client.service
    await reply(interaction, await service.catchup(summary.game_id, interaction.user.id, locale))


@app_commands.command(name="replay", description="An animated replay of a whole game")
@app_commands.describe(game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def replay(interaction: Interaction, game: str | None = None) -> None:
    # Resolve first: a wrong game is told privately, before the public deferral.
    summary = await resolve_game(interaction, game)
    await interaction.response.defer(ephemeral=False, thinking=True)
    replay = await interaction.client.service.replay(summary.game_id)
    locale = summary.locale  # the replay is posted for everyone: the game's language
    if replay is None:
        await reply(interaction, t("replay.none", locale), ephemeral=False)
        return
    gif, boards = replay
    args: dict[str, Any] = {"title": summary.title, "game_id": summary.game_id, "boards": boards}
    text = t("replay.text", locale, **args)
    alt = t("replay.alt", locale, **args)
    attachment = Attachment(f"game-{summary.game_id}.gif", gif, alt)
    await reply(interaction, text, ephemeral=False, attachment=attachment)


@app_commands.command(name="reveal", description="After the end: show every hidden card and tile")
@app_commands.describe(game=GAME_OPTION)
@app_commands.autocomplete(game=game_autocomplete)
async def reveal(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    result = await interaction.client.service.reveal(summary.game_id)
    await deliver_and_reply(
        interaction,
        interaction.client.publisher,
        result,
        t("reveal.done", await locale_for(interaction)),
    )


GAME_COMMANDS: tuple[app_commands.Command[Any, Any, Any], ...] = (
    pause,
    resume,
    vacation,
    clock,
    remind,
    replace,
    takeback,
    catchup,
    replay,
    reveal,
)

settings = app_commands.Group(name="settings", description="Your Tenka settings, or the server's")
PALETTE_NAMES = tuple(PALETTES)  # what the renderer can draw
LANGUAGES_SHOWN = "auto, en (English), es (Español)"
LANGUAGE_CHOICES = [
    app_commands.Choice(name=n, value=v)
    for n, v in (("automatic", "auto"), ("English", "en"), ("Español", "es"))
]


@settings.command(name="me", description="How Tenka notifies you and draws for you")
@app_commands.describe(
    notify="Reminders as a mention in the game's thread or by DM",
    quiet="Quiet hours like 22:00-07:30, or off",
    timezone="Your time zone, e.g. Europe/Madrid",
    language="The language Tenka answers you in",
    palette="Colours for your pictures",
    ranked="False hides you from this bot's leaderboards",
)
@app_commands.choices(
    notify=[app_commands.Choice(name=n, value=n) for n in ("mention", "dm")],
    language=LANGUAGE_CHOICES,
    palette=[app_commands.Choice(name=n, value=n) for n in PALETTE_NAMES],
)
async def settings_me(
    interaction: Interaction,
    notify: str | None = None,
    quiet: str | None = None,
    timezone: str | None = None,
    language: str | None = None,
    palette: str | None = None,
    ranked: bool | None = None,
) -> None:
    prefs = interaction.client.service.settings
    changes: dict[str, Any] = {}
    current = await prefs.user(interaction.user.id)
    if timezone is not None:
        changes["timezone"] = str(zone(timezone))
    if quiet is not None:
        if quiet.strip().lower() in ("off", "none", "no", ""):
            changes["quiet"] = None
        else:
            start, end = parse_quiet_hours(quiet)
            changes["quiet"] = f"{start // 60:02d}:{start % 60:02d}-{end // 60:02d}:{end % 60:02d}"
            if "timezone" not in changes and "timezone" not in current:
                changes["timezone"] = "UTC"
    if palette is not None and palette not in PALETTE_NAMES:
        raise NotAllowed("err.unknown_palette", value=repr(palette), known=", ".join(PALETTE_NAMES))
    if language is not None:
        known, chosen = language_choice(language)
        if not known:
            raise NotAllowed("err.unknown_language", value=repr(language), known=LANGUAGES_SHOWN)
        language = chosen or "auto"
    for key, value in (("notify", notify), ("language", language), ("palette", palette)):
        if value is not None:
            changes[key] = None if value == "auto" else value
    if ranked is not None:  # the default is ranked: only a hidden player is stored
        changes["ranked"] = None if ranked else False
    values = await prefs.set_user(interaction.user.id, changes) if changes else current
    forget_locale(interaction)  # a new language answers at once, in that language
    locale = user_locale(interaction, values)
    await reply(interaction, t("settings.mine", locale, shown=_shown(values, locale)))


@settings.command(name="server", description="Server defaults for Tenka games (managers only)")
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(
    reminder_hours="Remind a player after this many idle hours (0 = never)",
    reminder_cap="Remind at most this many times, then report the game as stalled",
    deadline_hours="Hours per turn before the AI moves for a player (0 = no deadline)",
    threads="Open a thread per game (off = play in the channel)",
    creators="Who may open games",
    language="The language of new games' posts on this server",
    leaderboard_min="Games a player needs to appear on a leaderboard (default 3)",
    ai_seconds="Seconds the hard AI may think per move (default: the bot's)",
)
@app_commands.choices(
    creators=[app_commands.Choice(name=n, value=n) for n in ("everyone", "managers")],
    language=LANGUAGE_CHOICES,
)
async def settings_server(
    interaction: Interaction,
    reminder_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    reminder_cap: app_commands.Range[int, 0, 20] | None = None,
    deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    threads: bool | None = None,
    creators: str | None = None,
    language: str | None = None,
    leaderboard_min: app_commands.Range[int, 1, 100] | None = None,
    ai_seconds: app_commands.Range[float, 0.1, 10.0] | None = None,
) -> None:
    if interaction.guild_id is None:
        raise NotAllowed("err.server_only")
    if not interaction.permissions.manage_guild:
        raise NotAllowed("err.managers_only")
    prefs = interaction.client.service.settings
    changes: dict[str, Any] = {
        k: v
        for k, v in (
            ("reminder_hours", reminder_hours),
            ("reminder_cap", reminder_cap),
            ("deadline_hours", deadline_hours),
            ("threads", threads),
            ("creators", creators),
            ("language", language),
            ("leaderboard_min", leaderboard_min),
            ("ai_seconds", ai_seconds),
        )
        if v is not None
    }
    _check_numbers(changes)
    if changes.get("language") == "auto":
        changes["language"] = None  # None deletes the key: back to the server's locale
    guild = interaction.guild_id
    values = await (prefs.set_guild(guild, changes) if changes else prefs.guild(guild))
    locale = await locale_for(interaction)
    await reply(interaction, t("settings.server", locale, shown=_shown(values, locale)))


SERVER_NUMBERS = {  # the same bounds as a game's own clock; the hard AI's thinking time
    "reminder_hours": numbers.reminder_hours,
    "deadline_hours": numbers.deadline_hours,
    "ai_seconds": numbers.ai_seconds,
}


def _check_numbers(changes: dict[str, Any]) -> None:
    """Each number of a server's settings within its bounds (one sentence otherwise)."""
    for key, check in SERVER_NUMBERS.items():
        if key in changes:
            changes[key] = check(changes[key])


HIDDEN_SETTINGS = frozenset({CLIENT_LANGUAGE})  # kept by the bot, not chosen by the user


def _shown(values: dict[str, Any], locale: str) -> str:
    """``name: value`` pairs, each name as the reader's client shows the command option."""
    translator = TenkaTranslator() if locale == "es" else None
    pairs = []
    for key, value in sorted(values.items()):
        if key in HIDDEN_SETTINGS:
            continue
        name = translator.lookup(key, Location.parameter_name) if translator else None
        pairs.append(f"{name or key}: {value}")
    return ", ".join(pairs) or t("settings.defaults", locale)


async def setup(bot: TenkaBot) -> None:
    group = game_group(bot)
    for command in GAME_COMMANDS:
        group.add_command(command, override=True)
    bot.tree.add_command(settings, override=True)
