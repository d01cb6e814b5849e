"""A Spanish player's whole game, lobby to result card, contains no English sentence.

Every text a Spanish server shows to Alice (a Spanish Discord client) is collected through
the emulator: public posts of the channel and the game's thread with every earlier revision,
her ephemeral replies, her DMs, the alt text of every picture, the labels of every button,
select and option. A simple detector (English stop words) flags any English sentence;
notation (inside backticks), user mentions, links and a short list of proper names are
left out. The games are played to the end by the games' own AI through ``/move``, board
buttons and DM forms, exactly as a player would: a DM form is answered with its first
options (the AI's action through the board or ``/move`` when the game refuses that answer),
a public choice by the AI's action. Every game is played whole, Shitenno and Rising Sun
included: what made them slow was waiting for DM forms the bot never sends (a choice made
in public, like Rising Sun's Tea Ceremony, has no DM), not the AI nor the pictures.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio
from PIL import ImageDraw

import games
from bot.words.text import t
from games import engine
from games.ai import choose_for, player_for
from renderer.core import clear_caches
from tests.e2e.conftest import Clock, Table, make_bot
from tests.e2e.test_yokai_e2e import boards, game_id_of
from tests.e2e.wordlists import foreign_lines, foreign_words, slips
from tests.emulator import Emulator, FakeUser, start_client, stop_client
from tests.emulator.world import StoredMessage


def test_the_detector_tells_english_from_spanish() -> None:
    assert foreign_words("Ann played rice 2 on Q14.", "es", ["Ann"]) == ["played", "rice", "on"]
    assert foreign_words("It's your turn, <@123>.", "es") == ["your", "turn"]
    assert foreign_words("Ann ha jugado un arroz 2 en Q14 (`R2@Q14`).", "es", ["Ann"]) == []
    assert foreign_words("Turno de <@42>: elige `draw pile` o pasa.", "es") == []
    assert foreign_words("Juega el Loto", "es") == []
    assert foreign_words("Juega el Lotus", "es") == ["lotus"]
    assert foreign_words("Turno de Bob", "es") == ["bob"]
    assert foreign_words("Turno de Bob", "es", ["Bob"]) == []
    assert foreign_words("Ann has a turno", "en", ["Ann"]) == ["turno"]
    assert slips("Share your 1 coins, a Oni of Souls; 1 Oni, 1 coin", "en") == ["1 coins", "a Oni"]
    assert slips(
        "(1 sellos), le quedan 1 Kamons, 1 libres, 1 vez, 2 sellos, 1 carta más", "es"
    ) == [
        "1 sellos",
        "1 Kamons",
        "1 libres",
    ]
    assert foreign_words(t("turn.yours", "en", mention="<@1>"), "es")
    assert not foreign_words(t("turn.yours", "es", mention="<@1>"), "es")


def component_texts(components: list[dict[str, Any]]) -> Iterator[str]:
    for component in components:
        for key in ("label", "placeholder", "description", "title", "value"):
            value = component.get(key)
            if isinstance(value, str) and key != "value":
                yield value
        for option in component.get("options", []) or []:
            yield str(option.get("label", ""))
            if option.get("description"):
                yield str(option["description"])
        yield from component_texts(component.get("components", []) or [])


def message_texts(message: StoredMessage) -> Iterator[str]:
    versions: list[dict[str, Any]] = [*message.revisions]
    yield message.content
    yield from component_texts(message.components)
    for attachment in message.attachments:
        if attachment.description:
            yield attachment.description
    for embed in message.embeds:
        for key in ("title", "description"):
            if embed.get(key):
                yield str(embed[key])
    for old in versions:
        if isinstance(old.get("content"), str):
            yield old["content"]
        yield from component_texts(old.get("components") or [])


def seen_by(emu: Emulator, user: FakeUser, channels: list[int]) -> list[str]:
    """Every text ``user`` was shown in ``channels`` and in their DMs."""
    messages = [m for c in channels for m in emu.visible_messages(user, c)]
    messages += emu.dms(user)
    return [text for m in messages for text in message_texts(m) if text]


class Reader(Table):
    """A table whose server and players read one language, with what it drew and what
    autocomplete offered."""

    lang: str = "es"
    drawn: list[str]
    offered: list[str]


@pytest.fixture
def drawn(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Every text drawn on a picture (Pillow's ``ImageDraw.text``, which every renderer's
    text goes through), the renderer's caches emptied so that nothing hides behind a stamp."""
    out: list[str] = []
    original = ImageDraw.ImageDraw.text

    def text(self: ImageDraw.ImageDraw, xy: Any, text: Any, *args: Any, **kwargs: Any) -> None:
        out.append(str(text))
        original(self, xy, text, *args, **kwargs)

    clear_caches()
    monkeypatch.setattr(ImageDraw.ImageDraw, "text", text)
    return out


@pytest_asyncio.fixture(params=["es", "en"])
async def reader(
    request: pytest.FixtureRequest, emulator: Emulator, tmp_path: Path, drawn: list[str]
) -> AsyncIterator[Reader]:
    locale = {"es": "es-ES", "en": "en-US"}[request.param]
    guild = emulator.add_guild(locale=locale)
    channel = emulator.add_channel(guild, "partidas")
    alice, bob, carol = (emulator.add_user(n, locale=locale) for n in ("alice", "bob", "carol"))
    clock = Clock()
    bot = make_bot(emulator, tmp_path / "tenka.db", clock)
    await start_client(bot, emulator)
    await bot.tree.sync()
    table = Reader(emulator, guild, channel, alice, bob, carol, bot, tmp_path / "tenka.db", clock)
    table.lang, table.drawn, table.offered = request.param, drawn, []
    yield table
    await stop_client(bot)


async def answer_forms(
    t_: Table, game_id: int, users: dict[int, FakeUser], wait: float = 10
) -> int:
    """Answer every open form by its newest DM: the first options a select needs, then
    Confirm (or the first button of an instant form); how many were answered."""
    answered = 0
    loaded = await t_.bot.service.load(game_id)
    game = loaded.game
    for seat in sorted(game.to_act(loaded.state)):
        form = game.form(loaded.state, seat)
        user_id = loaded.user_at(seat)
        if form is None or user_id is None or game.hand(loaded.state, seat) is None:
            continue  # no form, an AI's, or one not sent by DM (a public choice)
        user = users[user_id]
        await t_.emu.wait_until(
            lambda u=user, k=form.key: any(
                k in c for m in t_.emu.dms(u) for c in m.custom_ids() if c.startswith("tenka:f")
            ),
            wait,
            "the form by DM",
        )
        answered += 1
        message = [m for m in t_.emu.dms(user) if any(form.key in c for c in m.custom_ids())][-1]
        selects = [c for c in message.custom_ids() if c.startswith(f"tenka:fs:{game_id}:")]
        for custom_id in selects:
            component = message.component(custom_id)
            assert component is not None
            wanted = max(1, int(component.get("min_values", 1)))
            values = [o["value"] for o in component["options"][:wanted]]
            await (await t_.emu.select(user, message, custom_id, values)).response()
        buttons = [c for c in message.custom_ids() if c.startswith(f"tenka:fb:{game_id}:")]
        confirm = f"tenka:fb:{game_id}:c:{form.key}"
        press = confirm if confirm in buttons else buttons[0]
        await t_.emu.wait_until(lambda m=message, p=press: p in m.custom_ids(), 10, "button")
        before = message.content
        await (await t_.emu.click(user, message, press)).response()
        # the answer is committed and the DM edited after the deferral: wait for the edit,
        # so the test never ends (and the bot closes) with the press still being handled
        with contextlib.suppress(TimeoutError):
            await t_.emu.wait_until(lambda m=message, b=before: m.content != b, 10, "the edit")
    return answered


async def look_around(t_: Table, user: FakeUser, thread_id: int) -> None:
    """What a curious player asks for mid-game."""
    for command, options in (
        ("game status", {}),
        ("hand", {}),
        ("board", {}),
        ("game history", {}),
        ("game catchup", {}),
        ("move", {"action": "xyzzy 99"}),
    ):
        await t_.answer(await t_.emu.slash(user, thread_id, command, options))


async def settle(t_: Table, game_id: int) -> None:
    """Wait until the game stays still (the last click's work and the AI's turns done)."""
    last, still = -1, 0
    for _ in range(100):
        row = await t_.bot.store.get_game(game_id)
        assert row is not None
        still = still + 1 if row.revision == last else 0
        if still >= 5:
            return
        last = row.revision
        await asyncio.sleep(0.1)


async def offered(t_: Reader, where: int, command: str, options: dict[str, Any]) -> None:
    """Keep the names of the choices autocomplete offers for the last option of
    ``options`` (what was typed so far), as Alice types it."""
    focused = list(options)[-1]
    choices = await t_.emu.autocomplete(t_.alice, where, command, options, focused=focused)
    assert all(len(c["name"]) <= 100 for c in choices), choices
    t_.offered += [str(c["name"]) for c in choices]


async def play_whole_game(t_: Reader, key: str, players: int) -> tuple[int, int]:
    """Play ``key`` to the end as players reading ``t_.lang``."""
    emu = t_.emu
    people = [t_.alice, t_.bob, t_.carol][: players - 1]
    for command, options in (("help", {}), ("help", {"game": key}), ("rules", {"game": key})):
        await t_.answer(await emu.slash(t_.alice, t_.channel, command, options))
    for typed in ("", "set=", "clans=", "side="):
        await offered(t_, t_.channel.id, "game new", {"game": key, "options": typed})
    handle = await emu.slash(t_.alice, t_.channel, "game new", {"game": key, "players": players})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    for user in people[1:]:
        await (await emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    await (await emu.click(t_.alice, lobby, f"tenka:l:ai:{game_id}")).response()
    await t_.answer(await emu.click(t_.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = emu.threads_of(t_.channel)
    game = games.get(key)
    users = {u.id: u for u in people}
    looked = 0
    for step in range(1500):
        row = await t_.bot.store.get_game(game_id)
        assert row is not None
        if row.status == "finished":
            break
        loaded = await t_.bot.service.load(game_id)
        acting = sorted(game.to_act(loaded.state))
        if any(game.form(loaded.state, s) is not None for s in acting):
            answered = await answer_forms(t_, game_id, users)
            await asyncio.sleep(0.1)
            now = await t_.bot.store.get_game(game_id)
            assert now is not None
            if answered and now.version != row.version:
                continue
            row = now
            # a form not sent by DM (Rising Sun's Tea Ceremony), or a first-options answer
            # the game refused (Shitenno's lot): the AI's action through the board or /move
            loaded = await t_.bot.service.load(game_id)
            acting = sorted(game.to_act(loaded.state))
            if not acting:
                continue
        # a person's seat first: the AI's seats are played by the bot itself
        seat = next((s for s in acting if loaded.user_at(s) is not None), acting[0])
        user_id = loaded.user_at(seat)
        if user_id is None:  # the AI's turn is played by the bot itself
            await asyncio.sleep(0.05)
            continue
        if user_id == t_.alice.id and looked < 2 and step > 4:
            looked += 1
            await look_around(t_, t_.alice, thread.id)
            await offered(t_, thread.id, "move", {"action": ""})
        player = player_for(game, "normal", step, 0.01)
        action = await asyncio.to_thread(choose_for, player, game, loaded.state, seat)
        board = boards(t_, thread.id)[-1]
        shown = engine.public_choices(game, loaded.state, seat) or ()
        index = shown.index(action) if action in shown else -1  # buttons index these
        button = f"tenka:a:{game_id}:{row.version}:{index}"
        if index >= 0 and button in board.custom_ids():
            handle = await emu.click(users[user_id], board, button)
        else:
            move = game.notation(loaded.state, action)
            handle = await emu.slash(users[user_id], thread.id, "move", {"action": move})
        await handle.response()
        await emu.wait_until(lambda h=handle: h.followup_messages(), 10, "the move's reply")
    else:
        pytest.fail("the game did not finish")
    await settle(t_, game_id)  # the last click's work (timers, DMs) done before the scan
    await t_.answer(await emu.slash(t_.alice, thread.id, "game status", {}))
    return game_id, thread.id


@pytest.mark.parametrize(
    ("key", "players"),
    [("china", 3), ("samurai", 3), ("yokai", 2), ("shitenno", 3), ("rising_sun", 3)],
)
async def test_a_whole_game_speaks_only_the_readers_language(
    reader: Reader, key: str, players: int
) -> None:
    """Lobby to result card, DMs included (every game but Yōkai has a private hand), the
    choices autocomplete offers and the text drawn on every picture: no word that only the
    other language has (Spanish: no "Lotus", no card id; English: no "jugado")."""
    game_id, thread_id = await play_whole_game(reader, key, players)
    row = await reader.bot.store.get_game(game_id)
    assert row is not None and row.status == "finished"
    final = boards(reader, thread_id)[-1]
    names = [a.filename for a in final.attachments]  # a detail picture may stand between
    assert names[0] == f"{key}-board.png" and names[-1] == f"{key}-result.png", names
    seen = seen_by(reader.emu, reader.alice, [reader.channel.id, thread_id])
    assert len(seen) > 30 and reader.drawn and reader.offered
    assert key == "yokai" or reader.emu.dms(reader.alice)  # her hand and forms by DM
    ai_names = t("ai.names", reader.lang).split(", ")
    players_ = [u.username for u in (reader.alice, reader.bob, reader.carol)] + ai_names
    found = foreign_lines([*seen, *reader.offered, *reader.drawn], reader.lang, players_)
    assert not found, "\n".join(found)
