"""Asynchronous play: ``/game pause|resume|vacation|remind|replace|takeback|catchup|replay|
reveal`` and ``/settings me|server``."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands

from bot.cogs.common import game_autocomplete, game_group, resolve_game
from bot.delivery import deliver, reply
from bot.results import Attachment, NotAllowed
from bot.scheduler import parse_quiet_hours, zone

if TYPE_CHECKING:
    from bot.app import TenkaBot

log = logging.getLogger("tenka.tempo")
Interaction = discord.Interaction["TenkaBot"]


@app_commands.command(name="pause", description="Vote to pause a game (no deadlines or reminders)")
@app_commands.autocomplete(game=game_autocomplete)
async def pause(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    result = await interaction.client.service.tempo.pause(summary.game_id, interaction.user.id)
    await deliver(interaction.client, result, interaction)
    await reply(interaction, result.reply or "Done.")


@app_commands.command(name="resume", description="Resume a paused game")
@app_commands.autocomplete(game=game_autocomplete)
async def resume(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    result = await interaction.client.service.tempo.resume(summary.game_id, interaction.user.id)
    await deliver(interaction.client, result, interaction)
    await reply(interaction, result.reply or "Done.")


@app_commands.command(name="vacation", description="Stop your own clock for some hours")
@app_commands.autocomplete(game=game_autocomplete)
async def vacation(
    interaction: Interaction, hours: app_commands.Range[float, 0.1, 336.0], game: str | None = None
) -> None:
    summary = await resolve_game(interaction, game)
    tempo = interaction.client.service.tempo
    await reply(interaction, await tempo.vacation(summary.game_id, interaction.user.id, hours))


@app_commands.command(name="remind", description="Turn reminders for a game back on (or off)")
@app_commands.autocomplete(game=game_autocomplete)
async def remind(interaction: Interaction, on: bool = True, game: str | None = None) -> None:
    summary = await resolve_game(interaction, game)
    tempo = interaction.client.service.tempo
    method = tempo.unmute if on else tempo.mute
    await reply(interaction, await method(summary.game_id, interaction.user.id))


@app_commands.command(name="replace", description="Hand an absent player's seat to someone else")
@app_commands.describe(player="The absent player", by="Who takes over (leave empty for the AI)")
@app_commands.autocomplete(game=game_autocomplete)
async def replace(
    interaction: Interaction,
    player: discord.User,
    by: discord.User | None = None,
    game: str | None = None,
) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    if by is not None and by.bot:
        raise NotAllowed("A bot can't take a seat; leave `by` empty to hand it to Tenka's AI.")
    perms = interaction.permissions
    result = await interaction.client.service.table.replace(
        summary.game_id,
        interaction.user.id,
        old_user=player.id,
        new_user=by.id if by else None,
        new_name=by.display_name if by else None,
        is_admin=bool(perms.manage_guild),
    )
    await deliver(interaction.client, result, interaction)
    await reply(interaction, result.reply or "Done.")


@app_commands.command(name="takeback", description="Ask to take back your last confirmed move")
@app_commands.autocomplete(game=game_autocomplete)
async def takeback(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    table = interaction.client.service.table
    result = await table.request_takeback(summary.game_id, interaction.user.id)
    await deliver(interaction.client, result, interaction)
    await reply(interaction, result.reply or "Done.")


@app_commands.command(name="catchup", description="What happened since your last move")
@app_commands.autocomplete(game=game_autocomplete)
async def catchup(interaction: Interaction, game: str | None = None) -> None:
    summary = await resolve_game(interaction, game)
    table = interaction.client.service.table
    await reply(interaction, await table.catchup(summary.game_id, interaction.user.id))


@app_commands.command(name="replay", description="An animated replay of a whole game")
@app_commands.autocomplete(game=game_autocomplete)
async def replay(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=False, thinking=True)
    summary = await resolve_game(interaction, game)
    from bot.presenter import in_render_thread

    frames = await interaction.client.service.table.replay_frames(summary.game_id)
    if not frames:
        await reply(interaction, "This game has no boards to replay yet.", ephemeral=False)
        return
    gif = await in_render_thread(_gif, frames)
    text = f"Replay of **{summary.title}** game #{summary.game_id} ({len(frames)} boards)."
    alt = f"Animated replay of {summary.title} game {summary.game_id}, {len(frames)} boards."
    attachment = Attachment(f"game-{summary.game_id}.gif", gif, alt)
    await reply(interaction, text, ephemeral=False, attachment=attachment)


def _gif(frames: list[bytes]) -> bytes:
    try:
        from renderer import replay_gif
    except ImportError:  # the replay encoder is optional; Pillow alone does the job
        from PIL import Image

        images = [Image.open(io.BytesIO(f)).convert("RGB") for f in frames]
        out = io.BytesIO()
        images[0].save(
            out, format="GIF", save_all=True, append_images=images[1:], loop=0, duration=900
        )
        return out.getvalue()
    return replay_gif(frames)


@app_commands.command(name="reveal", description="After the end: show every hidden card and tile")
@app_commands.autocomplete(game=game_autocomplete)
async def reveal(interaction: Interaction, game: str | None = None) -> None:
    await interaction.response.defer(ephemeral=True, thinking=True)
    summary = await resolve_game(interaction, game)
    result = await interaction.client.service.table.reveal(summary.game_id)
    await deliver(interaction.client, result, interaction)
    await reply(interaction, "Revealed in the game's thread.")


GAME_COMMANDS = (pause, resume, vacation, remind, replace, takeback, catchup, replay, reveal)

settings = app_commands.Group(name="settings", description="Your Tenka settings, or the server's")


@settings.command(name="me", description="How Tenka notifies you and draws for you")
@app_commands.describe(
    notify="Reminders as a mention in the game's thread or by DM",
    quiet="Quiet hours like 22:00-07:30, or off",
    timezone="Your time zone, e.g. Europe/Madrid",
    language="The language Tenka answers you in",
    palette="Colours for your pictures",
)
@app_commands.choices(
    notify=[app_commands.Choice(name=n, value=n) for n in ("mention", "dm")],
    language=[
        app_commands.Choice(name=n, value=v)
        for n, v in (("automatic", "auto"), ("English", "en"), ("Español", "es"))
    ],
    palette=[app_commands.Choice(name=n, value=n) for n in ("default", "colorblind")],
)
async def settings_me(
    interaction: Interaction,
    notify: str | None = None,
    quiet: str | None = None,
    timezone: str | None = None,
    language: str | None = None,
    palette: str | None = None,
) -> None:
    store = interaction.client.store
    changes: dict[str, Any] = {}
    current = await store.user_settings(interaction.user.id)
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
    for key, value in (("notify", notify), ("language", language), ("palette", palette)):
        if value is not None:
            changes[key] = None if value == "auto" else value
    values = await store.set_user_settings(interaction.user.id, changes) if changes else current
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(values.items())) or "all defaults"
    await reply(interaction, f"Your settings — {shown}.")


@settings.command(name="server", description="Server defaults for Tenka games (managers only)")
@app_commands.default_permissions(manage_guild=True)
@app_commands.describe(
    reminder_hours="Remind a player after this many idle hours (0 = never)",
    reminder_cap="Remind at most this many times, then report the game as stalled",
    deadline_hours="Hours per turn before the AI moves for a player (0 = no deadline)",
    threads="Open a thread per game (off = play in the channel)",
    creators="Who may open games",
)
@app_commands.choices(
    creators=[app_commands.Choice(name=n, value=n) for n in ("everyone", "managers")]
)
async def settings_server(
    interaction: Interaction,
    reminder_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    reminder_cap: app_commands.Range[int, 0, 20] | None = None,
    deadline_hours: app_commands.Range[float, 0.0, 720.0] | None = None,
    threads: bool | None = None,
    creators: str | None = None,
) -> None:
    if interaction.guild_id is None:
        raise NotAllowed("Server settings are changed inside the server.")
    if not interaction.permissions.manage_guild:
        raise NotAllowed("Only members who can manage the server may change its settings.")
    store = interaction.client.store
    changes = {
        k: v
        for k, v in (
            ("reminder_hours", reminder_hours),
            ("reminder_cap", reminder_cap),
            ("deadline_hours", deadline_hours),
            ("threads", threads),
            ("creators", creators),
        )
        if v is not None
    }
    if changes:
        values = await store.set_guild_settings(interaction.guild_id, changes)
    else:
        values = await store.guild_settings(interaction.guild_id)
    shown = ", ".join(f"{k}: {v}" for k, v in sorted(values.items())) or "all defaults"
    await reply(interaction, f"Server settings — {shown}.")


async def setup(bot: TenkaBot) -> None:
    group = game_group(bot)
    for command in GAME_COMMANDS:
        group.add_command(command, override=True)
    bot.tree.add_command(settings, override=True)
