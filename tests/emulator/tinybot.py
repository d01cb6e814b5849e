"""A tiny discord.py bot that exercises what the emulator must support.

It is not Tenka: just enough commands, a persistent button (``DynamicItem``), a select, a
modal, DMs, threads and file uploads to prove the emulator against the real library.
Commands that hit an error on purpose store it in ``bot.caught`` instead of letting
discord.py log it, so the strict fixture stays quiet.
"""

from __future__ import annotations

import asyncio
import io
import re
import struct
import zlib
from typing import Any

import discord
from discord import app_commands

GAMES = ["yokai", "samurai"]
ACTIONS = ["move a1 b2", "move a1 a2", "drop k c3", "resign"]


def tiny_png(width: int = 3, height: int = 2) -> bytes:
    """A valid grey PNG of the given size."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    rows = b"".join(b"\x00" + b"\x80" * width for _ in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 0, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows))
        + chunk(b"IEND", b"")
    )


class JoinButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=r"join:(?P<game>\d+)"):
    """A persistent "Join" button; the game number lives in its custom_id."""

    def __init__(self, game: int) -> None:
        super().__init__(discord.ui.Button(label="Join", custom_id=f"join:{game}"))
        self.game = game

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction, item: discord.ui.Item[Any], match: re.Match[str]
    ) -> JoinButton:
        return cls(int(match["game"]))

    async def callback(self, interaction: discord.Interaction) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(self.game))
        await interaction.response.edit_message(
            content=f"{interaction.user.name} joined game {self.game}", view=view
        )


class Picker(discord.ui.View):
    """A string select whose choice is answered ephemerally."""

    @discord.ui.select(
        custom_id="pick", options=[discord.SelectOption(label=g, value=g) for g in GAMES]
    )
    async def pick(self, interaction: discord.Interaction, select: discord.ui.Select[Any]) -> None:
        await interaction.response.send_message(f"picked {select.values[0]}", ephemeral=True)

    @discord.ui.select(cls=discord.ui.UserSelect, custom_id="who")
    async def who(
        self, interaction: discord.Interaction, select: discord.ui.UserSelect[Any]
    ) -> None:
        await interaction.response.send_message(f"invited {select.values[0].name}")

    @discord.ui.button(label="Refresh", custom_id="refresh")
    async def refresh(
        self, interaction: discord.Interaction, button: discord.ui.Button[Any]
    ) -> None:
        await interaction.response.defer()  # type 6: deferred update of this message
        await interaction.edit_original_response(content="refreshed")


class NameModal(discord.ui.Modal, title="Name your game"):
    name: discord.ui.TextInput[Any] = discord.ui.TextInput(label="Name", custom_id="name")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"named {self.name.value}")


class TinyBot(discord.Client):
    """The test bot: one command group, a dynamic button, DMs, threads, files."""

    def __init__(self) -> None:
        super().__init__(intents=discord.Intents.default())
        self.tree = app_commands.CommandTree(self)
        self.caught: list[Exception] = []
        self.reached = asyncio.Event()  # a gated command got its interaction
        self.gate = asyncio.Event()  # the test lets it go on
        self.threads: list[discord.Thread] = []
        self.tree.add_command(build_group(self))

    async def setup_hook(self) -> None:
        self.add_dynamic_items(JoinButton)
        await self.tree.sync()

    async def on_thread_create(self, thread: discord.Thread) -> None:
        self.threads.append(thread)

    async def wait_gate(self) -> None:
        """Signal the test and wait until it opens the gate."""
        self.reached.set()
        await self.gate.wait()


def build_group(bot: TinyBot) -> app_commands.Group:
    """The ``/game`` command group."""
    group = app_commands.Group(name="game", description="Play games")

    @group.command(name="new", description="Start a game")
    @app_commands.choices(game=[app_commands.Choice(name=g, value=g) for g in GAMES])
    async def new(interaction: discord.Interaction, game: str, variant: str | None = None) -> None:
        view = discord.ui.View(timeout=None)
        view.add_item(JoinButton(7))
        await interaction.response.send_message(f"new {game} {variant or '-'}", view=view)

    @group.command(name="move", description="Make a move")
    async def move(interaction: discord.Interaction, action: str) -> None:
        await interaction.response.send_message(f"played {action}", ephemeral=True)

    @move.autocomplete("action")
    async def move_choices(
        interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=a, value=a) for a in ACTIONS if a.startswith(current)]

    @group.command(name="secret", description="Deferred ephemeral answer")
    async def secret(interaction: discord.Interaction, public_defer: bool = False) -> None:
        await interaction.response.defer(ephemeral=not public_defer, thinking=True)
        await interaction.followup.send("your hand: 3 tiles", ephemeral=True)

    @group.command(name="later", description="Answer when the test says so")
    async def later(interaction: discord.Interaction, defer_first: bool = False) -> None:
        if defer_first:
            await interaction.response.defer(ephemeral=True)
        await bot.wait_gate()
        try:
            if defer_first:
                await interaction.followup.send("too late?", ephemeral=True)
            else:
                await interaction.response.send_message("too late?")
        except discord.HTTPException as exc:
            bot.caught.append(exc)

    @group.command(name="dm", description="Send the user a DM")
    async def dm(interaction: discord.Interaction) -> None:
        user = await bot.fetch_user(interaction.user.id)
        try:
            await user.send("psst: your secret tiles")
        except discord.Forbidden as exc:
            bot.caught.append(exc)
            await interaction.response.send_message("Open your DMs", ephemeral=True)
            return
        await interaction.response.send_message("Sent you a DM", ephemeral=True)

    @group.command(name="board", description="Post a board image")
    async def board(interaction: discord.Interaction) -> None:
        picture = discord.File(io.BytesIO(tiny_png()), "board.png", description="Board: empty")
        await interaction.response.send_message("the board", file=picture)

    @group.command(name="thread", description="Open a game thread")
    async def thread(interaction: discord.Interaction) -> None:
        await interaction.response.defer()
        msg = await interaction.followup.send("Game 7 lobby", wait=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel)
        try:
            created = await channel.create_thread(name="game-7", message=msg)
        except discord.Forbidden as exc:
            bot.caught.append(exc)
            await interaction.followup.send("No threads here", ephemeral=True)
            return
        await created.send("Welcome to game 7", silent=True)

    @group.command(name="pick", description="Pick a game from a menu")
    async def pick(interaction: discord.Interaction) -> None:
        await interaction.response.send_message("pick one", view=Picker(timeout=None))

    @group.command(name="name", description="Name the game in a modal")
    async def name(interaction: discord.Interaction) -> None:
        await interaction.response.send_modal(NameModal())

    @group.command(name="post", description="Post in the channel through REST")
    async def post(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        channel = interaction.channel
        assert isinstance(channel, discord.TextChannel | discord.DMChannel)
        try:
            await channel.send(
                f"{interaction.user.mention} your turn",
                allowed_mentions=discord.AllowedMentions(users=[interaction.user]),
            )
        except discord.HTTPException as exc:
            bot.caught.append(exc)
        await interaction.followup.send("done", ephemeral=True)

    @group.command(name="edits", description="Follow-ups: send, edit, delete, upload")
    async def edits(interaction: discord.Interaction) -> None:
        await interaction.response.defer(ephemeral=True)
        first = await interaction.followup.send("one", wait=True)
        note = discord.File(io.BytesIO(b"notes"), "notes.txt", description="Notes")
        second = await interaction.followup.send("two", file=note, ephemeral=True, wait=True)
        await second.edit(content="two, edited")
        third = await interaction.followup.send("three", ephemeral=True, wait=True)
        await third.delete()
        original = await interaction.original_response()
        await interaction.edit_original_response(content=f"{original.content}, edited")
        assert first.id == original.id

    admin = app_commands.Group(name="admin", description="Admin tools", parent=group)

    @admin.command(name="reset", description="Reset a game")
    async def reset(interaction: discord.Interaction, game: int, hard: bool = False) -> None:
        await interaction.response.send_message(f"reset {game} hard={hard}", ephemeral=True)

    @group.command(name="crash", description="Raise inside a command")
    async def crash(interaction: discord.Interaction) -> None:
        raise RuntimeError("boom")

    return group
