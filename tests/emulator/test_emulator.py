"""The emulator proven against the real discord.py client (see ``tinybot.py``)."""

from __future__ import annotations

import io

import discord
import pytest

from tests.emulator.table import Table
from tests.emulator.tinybot import tiny_png

# --- connection, sync, plain commands -------------------------------------------------------


async def test_client_connects_and_sees_the_world(table: Table) -> None:
    bot, emu = table.bot, table.emu
    assert bot.user is not None and bot.user.id == emu.application_id
    assert bot.application_id == emu.application_id
    guild = bot.get_guild(table.guild.id)
    assert guild is not None and guild.me is not None
    assert guild.get_channel(table.channel.id) is not None
    connect = next(e for e in emu.gateway.history if e[0] == "connect")
    assert connect[1] == "/gateway" and connect[2]["v"] == "10" and connect[2]["encoding"] == "json"
    # discord.py asks for a compressed stream; the emulator answers in text frames anyway.
    assert "compress" in connect[2]
    assert emu.gateway.count("identify") == 1


async def test_command_sync_is_validated_and_stored(table: Table) -> None:
    emu = table.emu
    (sync,) = emu.requests_to("PUT", r"/applications/\d+/commands$")
    assert sync.status == 200 and sync.operation == "bulk_set_application_commands"
    (game,) = emu.commands[None]
    subcommands = {o["name"] for o in game["options"] if o["type"] == 1}
    assert {"new", "move", "secret", "dm", "board", "thread"} <= subcommands
    assert emu.command_syncs == [(None, ["game"])]


async def test_slash_command_gets_a_public_response(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(
        table.alice, table.channel, "game new", {"game": "yokai", "variant": "3x4"}
    )
    callback = await handle.response()
    assert callback.type == 4 and not handle.deferred and not handle.ephemeral
    message = callback.message
    assert message is not None and message.content == "new yokai 3x4"
    assert message.type == 20 and message.author_id == emu.application_id
    assert message.custom_ids() == ["join:7"]
    assert emu.public_messages(table.channel) == [message]
    assert (
        handle.record.payload["locale"] == "fr" and handle.record.payload["guild_locale"] == "en-US"
    )


async def test_slash_rejects_what_discord_would_not_send(table: Table) -> None:
    emu = table.emu
    with pytest.raises(ValueError, match="not one of the choices"):
        await emu.slash(table.alice, table.channel, "game new", {"game": "chess"})
    with pytest.raises(ValueError, match="required"):
        await emu.slash(table.alice, table.channel, "game new", {})
    with pytest.raises(ValueError, match="no synced command"):
        await emu.slash(table.alice, table.channel, "nope")


async def test_nested_subcommand_group(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(
        table.bob, table.channel, "game admin reset", {"game": 12, "hard": True}
    )
    message = (await handle.response()).message
    assert message is not None and message.content == "reset 12 hard=True" and message.ephemeral
    (option,) = handle.record.payload["data"]["options"]
    assert option["type"] == 2 and option["options"][0]["name"] == "reset"
    with pytest.raises(ValueError, match="integer"):
        await emu.slash(table.bob, table.channel, "game admin reset", {"game": "12"})


async def test_autocomplete_returns_the_bots_choices(table: Table) -> None:
    choices = await table.emu.autocomplete(
        table.alice, table.channel, "game move", {"action": "move"}, focused="action"
    )
    assert [c["value"] for c in choices] == ["move a1 b2", "move a1 a2"]


# --- deferrals, ephemeral answers, follow-ups --------------------------------------------------


async def test_deferred_ephemeral_then_followup_is_private(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game secret")
    callback = await handle.response()
    assert callback.type == 5 and handle.deferred and handle.ephemeral
    (followup,) = await handle.followups(1)
    assert followup.content == "your hand: 3 tiles" and followup.ephemeral
    assert followup.visible_to == frozenset({table.alice.id})
    assert emu.public_messages(table.channel) == []
    assert followup not in emu.visible_messages(table.bob, table.channel)


async def test_public_deferral_makes_the_first_followup_public(table: Table) -> None:
    # discord.py trap: the first follow-up takes the deferral's visibility.
    handle = await table.emu.slash(
        table.alice, table.channel, "game secret", {"public_defer": True}
    )
    (followup,) = await handle.followups(1)
    assert followup.content == "your hand: 3 tiles" and not followup.ephemeral
    assert followup.id == handle.record.original_id


async def test_followups_are_edited_deleted_and_carry_files(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game edits")
    original = await handle.original()
    await emu.wait_until(lambda: original.content == "one, edited", what="the final edit")
    assert original.ephemeral and original.visible_to == frozenset({table.alice.id})
    followups = handle.followup_messages()  # the deleted third one is gone
    assert [m.content for m in followups] == ["one, edited", "two, edited"]
    second = followups[1]
    assert second.ephemeral and second.attachments[0].description == "Notes"
    assert emu.attachment_bytes(second) == b"notes"
    assert [m.content for m in emu.world.deleted_messages] == ["three"]
    assert emu.public_messages(table.channel) == []


async def test_button_click_updates_the_message(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "samurai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    click = await emu.click(table.bob, lobby, "join:7")
    callback = await click.response()
    assert callback.type == 7
    assert lobby.content == "bob joined game 7" and lobby.custom_ids() == ["join:7"]
    assert [r["content"] for r in lobby.revisions] == ["new samurai -"]


async def test_select_and_modal(table: Table) -> None:
    emu = table.emu
    menu = (await (await emu.slash(table.alice, table.channel, "game pick")).response()).message
    assert menu is not None
    picked = await emu.select(table.bob, menu, "pick", ["samurai"])
    answer = (await picked.response()).message
    assert answer is not None and answer.content == "picked samurai" and answer.ephemeral
    opened = await emu.slash(table.alice, table.channel, "game name")
    assert (await opened.response()).type == 9 and opened.modal is not None
    submitted = await emu.submit_modal(table.alice, opened, {"name": "Friday game"})
    result = (await submitted.response()).message
    assert result is not None and result.content == "named Friday game"
    invited = await emu.select(table.alice, menu, "who", [table.bob])
    note = (await invited.response()).message
    assert note is not None and note.content == "invited bob"
    refresh = await emu.click(table.bob, menu, "refresh")
    assert (await refresh.response()).type == 6 and refresh.deferred
    await emu.wait_until(lambda: menu.content == "refreshed", what="the deferred edit")
    assert menu.custom_ids() == ["pick", "who", "refresh"]


# --- files, DMs, threads, mentions ----------------------------------------------------------


async def test_file_upload_keeps_bytes_and_description(table: Table) -> None:
    emu = table.emu
    message = (await (await emu.slash(table.alice, table.channel, "game board")).response()).message
    assert message is not None
    (attachment,) = message.attachments
    assert attachment.filename == "board.png" and attachment.description == "Board: empty"
    assert emu.attachment_bytes(message) == tiny_png()
    assert (attachment.width, attachment.height) == (3, 2)
    # discord.py can download it back from the emulator's CDN.
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(message.id)
    assert await fetched.attachments[0].read() == tiny_png()
    assert fetched.attachments[0].description == "Board: empty"


async def test_dm_is_sent_and_closed_dms_answer_50007(table: Table) -> None:
    emu, bot = table.emu, table.bot
    handle = await emu.slash(table.alice, table.channel, "game dm")
    assert (await handle.response()).message is not None
    assert [m.content for m in emu.dms(table.alice)] == ["psst: your secret tiles"]
    emu.close_dms(table.bob)
    handle = await emu.slash(table.bob, table.channel, "game dm")
    reply = (await handle.response()).message
    assert reply is not None and reply.content == "Open your DMs" and reply.ephemeral
    (error,) = bot.caught
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert emu.dms(table.bob) == []


async def test_thread_from_followup_message(table: Table) -> None:
    emu, bot = table.emu, table.bot
    handle = await emu.slash(table.alice, table.channel, "game thread")
    welcome = await emu.wait_for(lambda m: m.content == "Welcome to game 7")
    (thread,) = emu.threads_of(table.channel)
    assert thread.id == handle.record.original_id  # a thread shares its starter message's id
    assert welcome.channel_id == thread.id and welcome.silent
    assert [m.content for m in emu.messages(thread.id)] == ["Welcome to game 7"]
    await emu.wait_until(lambda: bot.threads, what="THREAD_CREATE")
    assert bot.threads[0].id == thread.id and bot.threads[0].parent_id == table.channel.id


async def test_thread_refused_where_threads_are_not_allowed(table: Table) -> None:
    emu, bot = table.emu, table.bot
    quiet = emu.add_channel(table.guild, "no-threads", threads_allowed=False)
    handle = await emu.slash(table.alice, quiet, "game thread")
    note = await emu.wait_for(lambda m: m.content == "No threads here")
    # The lobby (first follow-up) replaced the public "thinking" message; later ones keep
    # their own ephemeral flag.
    assert note.ephemeral and note.visible_to == frozenset({table.alice.id})
    assert [m.content for m in emu.public_messages(quiet)] == ["Game 7 lobby"]
    assert emu.threads_of(quiet) == [] and handle.responded
    (error,) = bot.caught
    assert isinstance(error, discord.Forbidden) and error.code == 50013


async def test_channel_post_with_allowed_mentions(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game post")
    posted = await emu.wait_for(lambda m: m.content.endswith("your turn"))
    await handle.followups(1, timeout=10)  # let the command finish before the server stops
    assert posted.pinged_ids == frozenset({table.alice.id}) and not posted.silent
    assert posted.allowed_mentions is not None
    assert posted.allowed_mentions["users"] == [table.alice.id]
    assert "users" not in posted.allowed_mentions["parse"]


async def test_slash_in_dm_uses_user_not_member(table: Table) -> None:
    emu = table.emu
    dm = emu.dm_channel(table.alice)
    handle = await emu.slash(table.alice, dm, "game move", {"action": "resign"})
    message = (await handle.response()).message
    assert message is not None and message.content == "played resign"
    payload = handle.record.payload
    assert "member" not in payload and payload["user"]["id"] == str(table.alice.id)
    assert payload["context"] == 1


async def test_rest_routes_through_the_real_client(table: Table) -> None:
    emu, bot = table.emu, table.bot
    channel = bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("hello", file=discord.File(io.BytesIO(b"abc"), "a.txt"))
    edited = await sent.edit(content="hello again")
    stored = emu.find_message(sent.id)
    assert stored is not None and stored.content == "hello again" and len(stored.attachments) == 1
    assert edited.attachments[0].filename == "a.txt"
    assert [m.id async for m in channel.history(limit=5)] == [sent.id]
    await sent.pin()
    assert [m.id async for m in channel.pins()] == [sent.id]
    await sent.add_reaction("\N{THUMBS UP SIGN}")
    assert set(stored.reactions) == {"\N{THUMBS UP SIGN}"}
    assert (await bot.fetch_user(table.alice.id)).name == "alice"
    guild = await bot.fetch_guild(table.guild.id)
    assert (await guild.fetch_member(table.bob.id)).id == table.bob.id
    assert [c.id for c in await guild.fetch_channels()] == [table.channel.id]
    await sent.delete()
    assert emu.find_message(sent.id) is None and emu.public_messages(table.channel) == []


async def test_a_nonce_is_remembered_only_for_discords_few_minutes(table: Table) -> None:
    """Discord returns the message a nonce made only for a few minutes; an emulator that
    remembered it forever hid every repost after a crash (nothing could post twice)."""
    emu, bot = table.emu, table.bot
    channel = bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    first = await channel.send("board", nonce="7.3.9")
    emu.advance(emu.nonce_window_s - 5)
    again = await channel.send("board", nonce="7.3.9")  # within the window: the same one
    assert again.id == first.id and len(emu.public_messages(table.channel)) == 1
    emu.advance(10)
    later = await channel.send("board", nonce="7.3.9")  # forgotten: a second message
    assert later.id != first.id and len(emu.public_messages(table.channel)) == 2
    # history and a fetched message never carry the nonce (only the create response does)
    assert [m.nonce async for m in channel.history(limit=5)] == [None, None]
    assert (await channel.fetch_message(first.id)).nonce is None


async def test_private_thread_members_and_lock(table: Table) -> None:
    emu, bot = table.emu, table.bot
    channel = bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    thread = await channel.create_thread(name="secret", type=discord.ChannelType.private_thread)
    await thread.add_user(discord.Object(table.alice.id))
    await thread.send("only for alice")
    (stored,) = emu.threads_of(table.channel)
    assert stored.type == 12 and stored.member_ids == {emu.application_id, table.alice.id}
    assert [m.content for m in emu.messages(stored)] == ["only for alice"]
    handle = await emu.slash(table.alice, stored, "game move", {"action": "resign"})
    assert (await handle.response()).type == 4
    await thread.edit(archived=True, locked=True)
    with pytest.raises(discord.HTTPException) as failure:
        await thread.send("too late")
    assert failure.value.code == 50083 and stored.archived and stored.locked


async def test_guild_commands_and_new_channels_reach_the_client(table: Table) -> None:
    emu, bot = table.emu, table.bot
    guild = discord.Object(table.guild.id)
    bot.tree.copy_global_to(guild=guild)
    await bot.tree.sync(guild=guild)
    (game,) = emu.commands[table.guild.id]
    assert game["guild_id"] == str(table.guild.id)
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    assert handle.record.payload["data"]["guild_id"] == str(table.guild.id)
    assert (await handle.response()).type == 4
    late = emu.add_channel(table.guild, "late")
    await emu.wait_until(lambda: bot.get_channel(late.id), what="CHANNEL_CREATE")
