"""The emulator's faults (429, 5xx, late callbacks, expired tokens, restarts, gateway
resumes) and its strictness (schema, Discord's rules beyond it, error logs), proven against
the real discord.py client (see ``tinybot.py``)."""

from __future__ import annotations

import io
from typing import Any

import aiohttp
import discord

from tests.emulator import Emulator, start_client, stop_client
from tests.emulator.table import Table
from tests.emulator.tinybot import TinyBot

# --- faults ---------------------------------------------------------------------------------


async def test_429_is_retried_transparently(table: Table) -> None:
    emu = table.emu
    emu.fail_next("POST", r"^/channels/\d+/messages$", 429, retry_after=0.05)
    handle = await emu.slash(table.alice, table.channel, "game post")
    await emu.wait_for(lambda m: m.content.endswith("your turn"))
    await handle.followups(1, timeout=10)  # let the command finish before the server stops
    statuses = [r.status for r in emu.requests_to("POST", r"^/channels/\d+/messages$")]
    assert statuses == [429, 200] and table.bot.caught == []


async def test_503_surfaces_on_rest_but_callbacks_retry(table: Table) -> None:
    emu, bot = table.emu, table.bot
    emu.fail_next("POST", r"^/channels/\d+/messages$", 503)
    handle = await emu.slash(table.alice, table.channel, "game post")
    await handle.followups(1)
    (error,) = bot.caught
    assert isinstance(error, discord.DiscordServerError) and error.status == 503
    assert [r.status for r in emu.requests_to("POST", r"^/channels/\d+/messages$")] == [503]
    # The interaction-response path (webhook adapter) retries any 5xx.
    emu.fail_next("POST", r"/callback$", 503)
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    assert (await handle.response(timeout=5)).type == 4
    statuses = [r.status for r in emu.requests_to("POST", rf"^/interactions/{handle.id}/")]
    assert statuses == [503, 200]


async def test_500_on_rest_is_retried(table: Table) -> None:
    emu = table.emu
    emu.fail_next("POST", r"^/channels/\d+/messages$", 500)
    handle = await emu.slash(table.alice, table.channel, "game post")
    await emu.wait_for(lambda m: m.content.endswith("your turn"))
    await handle.followups(1, timeout=10)  # let the command finish before the server stops
    statuses = [r.status for r in emu.requests_to("POST", r"^/channels/\d+/messages$")]
    assert statuses == [500, 200] and table.bot.caught == []


async def test_late_callback_is_unknown_interaction(table: Table) -> None:
    emu, bot = table.emu, table.bot
    handle = await emu.slash(table.alice, table.channel, "game later")
    await bot.reached.wait()
    emu.advance(emu.callback_deadline_s + 0.5)
    bot.gate.set()
    await emu.wait_until(lambda: bot.caught, what="the late answer")
    (error,) = bot.caught
    assert isinstance(error, discord.NotFound) and error.code == 10062
    assert not handle.responded and handle.record.late_callbacks == 1


async def test_token_expires_after_15_minutes(table: Table) -> None:
    emu, bot = table.emu, table.bot
    handle = await emu.slash(table.alice, table.channel, "game later", {"defer_first": True})
    await handle.response()
    await bot.reached.wait()
    emu.advance(15 * 60 + 1)
    bot.gate.set()
    await emu.wait_until(lambda: bot.caught, what="the expired follow-up")
    (error,) = bot.caught
    assert isinstance(error, discord.HTTPException) and error.status == 401 and error.code == 50027
    assert handle.followup_messages() == []


async def test_restart_keeps_old_buttons_working(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None
    new_bot = await emu.restart_client(table.bot, TinyBot)
    try:
        assert emu.gateway.count("identify") == 2
        click = await emu.click(table.bob, lobby, "join:7")
        assert (await click.response()).type == 7
        assert lobby.content == "bob joined game 7"
    finally:
        await stop_client(new_bot)


async def test_gateway_resume_replays_missed_events(table: Table) -> None:
    emu = table.emu
    async with emu.gateway.offline():
        # Dispatched while the bot is away: buffered and replayed on RESUME.
        handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    await emu.wait_gateway("resume")
    assert (await handle.response()).type == 4
    resume = next(e for e in emu.gateway.history if e[0] == "resume")
    connects = [e for e in emu.gateway.history if e[0] == "connect"]
    assert resume[2] == 1 and connects[-1][1] == "/gateway-resume"
    await emu.gateway.reconnect()
    await emu.wait_gateway("resume", 2)
    assert emu.gateway.count("identify") == 1


async def test_invalid_session_makes_the_client_identify_again(table: Table) -> None:
    emu, bot = table.emu, table.bot

    async def no_wait(shard_id: int | None, *, initial: bool = False) -> None:
        return None  # discord.py waits 5 s here before re-identifying

    bot.before_identify_hook = no_wait  # type: ignore[method-assign]
    await emu.gateway.invalidate(resumable=False)
    await emu.wait_gateway("identify", 2)
    await bot.wait_until_ready()
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    assert (await handle.response()).type == 4


# --- strictness -----------------------------------------------------------------------------


async def test_schema_violation_is_answered_and_recorded(emulator: Emulator) -> None:
    guild = emulator.add_guild()
    channel = emulator.add_channel(guild, "games")
    headers = {"Authorization": f"Bot {emulator.token}"}
    url = f"{emulator.api_base}/channels/{channel.id}/messages"
    async with aiohttp.ClientSession() as session:
        async with session.post(url, json={"content": 5, "tts": "no"}, headers=headers) as resp:
            body = await resp.json()
            assert resp.status == 400 and body["code"] == 50035 and "errors" in body
        form = aiohttp.FormData(quote_fields=False)
        form.add_field("payload_json", '{"attachments": [{"id": 0, "description": 7}]}')
        form.add_field("files[0]", io.BytesIO(b"x"), filename="a.txt")
        async with session.post(url, data=form, headers=headers) as resp:
            assert resp.status == 400
        async with session.get(f"{emulator.api_base}/nope", headers=headers) as resp:
            assert resp.status == 404 and (await resp.json())["code"] == 0
        async with session.put(url, json={}, headers=headers) as resp:
            assert resp.status == 405
    assert len(emulator.schema_errors) == 2
    assert emulator.schema_errors[1].path == "attachments.0.description"
    assert emulator.unhandled == ["GET /nope", f"PUT /channels/{channel.id}/messages"]
    assert len(emulator.problems()) == 4
    emulator.schema_errors.clear()
    emulator.unhandled.clear()


async def _raw(
    emulator: Emulator, method: str, path: str, body: object
) -> tuple[int, dict[str, Any]]:
    headers = {"Authorization": f"Bot {emulator.token}"}
    async with (
        aiohttp.ClientSession() as session,
        session.request(method, emulator.api_base + path, json=body, headers=headers) as resp,
    ):
        return resp.status, (await resp.json() if resp.status != 204 else {})


async def test_discord_rules_beyond_the_schema(emulator: Emulator) -> None:
    channel = emulator.add_channel(emulator.add_guild(), "games")
    path = f"/channels/{channel.id}/messages"
    button = {"type": 2, "style": 1, "label": "Go", "custom_id": "go"}
    cases = [
        ({"content": "x" * 2001}, 400, 50035),
        ({"content": ""}, 400, 50006),
        ({"components": [{"type": 1, "components": [button, button]}]}, 400, 50035),
        ({"content": "hi", "allowed_mentions": {"parse": ["users"], "users": ["1"]}}, 400, 50035),
        ({"content": "x" * 2000}, 200, None),
    ]
    for body, status, code in cases:
        got_status, got = await _raw(emulator, "POST", path, body)
        assert (got_status, got.get("code")) == (status, code), body
    assert len(emulator.schema_errors) == 3  # the three 50035 answers
    emulator.schema_errors.clear()
    status, body = await _raw(emulator, "POST", f"/webhooks/{emulator.application_id}/nope", {})
    assert (status, body["code"]) == (401, 50027)


async def test_second_callback_is_already_acknowledged(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game new", {"game": "yokai"})
    await handle.response()
    path = f"/interactions/{handle.id}/{handle.token}/callback"
    status, body = await _raw(emu, "POST", path, {"type": 4, "data": {"content": "again"}})
    assert (status, body["code"]) == (400, 40060)


def test_mentions_follow_allowed_mentions_and_silence(emulator: Emulator) -> None:
    channel = emulator.add_channel(emulator.add_guild(), "games")
    alice, bob = emulator.add_user("alice"), emulator.add_user("bob")
    text = f"{alice.mention} and {bob.mention}"
    make = emulator.factory.create
    only_alice = {"content": text, "allowed_mentions": {"parse": [], "users": [str(alice.id)]}}
    assert make(channel.id, only_alice, [], author_id=1).pinged_ids == {alice.id}
    assert make(channel.id, {"content": text}, [], author_id=1).pinged_ids == {alice.id, bob.id}
    silent = {"content": text, "flags": 1 << 12}
    message = make(channel.id, silent, [], author_id=1)
    assert message.silent and message.pinged_ids == frozenset()
    assert message.mention_ids == [alice.id, bob.id]


async def test_stop_restores_discord_addresses() -> None:
    base, gateway = discord.http.Route.BASE, discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    emu = Emulator()
    await emu.start()
    emu.add_channel(emu.add_guild(), "games")
    bot = TinyBot()
    await start_client(bot, emu)
    assert emu.api_base == discord.http.Route.BASE
    await emu.stop()  # also stops the client still running
    assert bot.is_closed() and emu.clients == []
    assert base == discord.http.Route.BASE
    assert gateway == discord.gateway.DiscordWebSocket.DEFAULT_GATEWAY
    assert emu.problems() == []


async def test_discord_error_logs_are_caught(table: Table) -> None:
    emu = table.emu
    handle = await emu.slash(table.alice, table.channel, "game crash")
    await emu.wait_until(lambda: emu.discord_errors, what="the ERROR log")
    assert not handle.responded
    assert any("boom" in p for p in emu.problems())
    emu.ignore_discord_errors("boom")
    assert emu.problems() == []
