"""Replies and public posts in the reader's language, end to end through the emulator.

The same short Yōkai flow runs once with English users in an English server and once with
Spanish users in a Spanish server; every expectation is built from the catalogues
(``t(key, lang)``), never from hard-coded Spanish. Engine rule errors come in the
reader's language too.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

import games
from bot.edge.cogs.play import RULES_DIR
from bot.edge.delivery import visible
from bot.edge.translator import rules_file
from bot.words.text import describe_event, say, t
from tests.e2e.conftest import Clock, Table, make_bot
from tests.e2e.test_yokai_e2e import boards, game_id_of, to_act
from tests.emulator import Emulator, start_client, stop_client
from tests.emulator.world import StoredMessage

LANGUAGES = {"en": "en-US", "es": "es-ES"}
# Keys whose English and Spanish must differ for the comparisons below to mean anything.
CHECKED_KEYS = (
    "lobby.waiting",
    "lobby.can_start",
    "button.join",
    "button.resign",
    "lobby.started_reply",
    "board.begins",
    "turn.yours",
    "err.not_seated",
    "reply.played",
    "reply.played.label",
    "yokai.event.move",
    "status.head",
    "status.active",
    "list.none_here",
)


async def open_table(emulator: Emulator, tmp_path: Path, discord_locale: str) -> Table:
    """A server, a channel and three users, all speaking ``discord_locale``."""
    guild = emulator.add_guild(locale=discord_locale)
    channel = emulator.add_channel(guild, "games")
    alice, bob, carol = (
        emulator.add_user(n, locale=discord_locale) for n in ("alice", "bob", "carol")
    )
    clock = Clock()
    db = tmp_path / "tenka.db"
    bot = make_bot(emulator, db, clock)
    await start_client(bot, emulator)
    await bot.tree.sync()
    return Table(emulator, guild, channel, alice, bob, carol, bot, db, clock)


@pytest_asyncio.fixture(params=sorted(LANGUAGES))
async def lang_table(
    request: pytest.FixtureRequest, emulator: Emulator, tmp_path: Path
) -> AsyncIterator[tuple[str, Table]]:
    lang = str(request.param)
    table = await open_table(emulator, tmp_path, LANGUAGES[lang])
    yield lang, table
    await stop_client(table.bot)


@pytest_asyncio.fixture
async def es_table(emulator: Emulator, tmp_path: Path) -> AsyncIterator[Table]:
    table = await open_table(emulator, tmp_path, LANGUAGES["es"])
    yield table
    await stop_client(table.bot)


def label(message: StoredMessage, custom_id: str) -> str:
    component = message.component(custom_id)
    assert component is not None, message.custom_ids()
    return str(component["label"])


def test_the_checked_sentences_differ_between_languages() -> None:
    same = [key for key in CHECKED_KEYS if t(key, "en") == t(key, "es")]
    assert not same, same


async def open_lobby(t_: Table, lang: str) -> tuple[StoredMessage, int]:
    handle = await t_.emu.slash(t_.alice, t_.channel, "game new", {"game": "yokai"})
    lobby = (await handle.response()).message
    assert lobby is not None and not lobby.ephemeral
    game_id = game_id_of(lobby)
    assert t("lobby.waiting", lang, needed=2) in lobby.content
    assert label(lobby, f"tenka:l:join:{game_id}") == t("button.join", lang)
    assert label(lobby, f"tenka:l:start:{game_id}") == t("button.start", lang)
    return lobby, game_id


async def test_yokai_flow_speaks_the_readers_language(lang_table: tuple[str, Table]) -> None:
    lang, tab = lang_table
    emu, yokai = tab.emu, games.get("yokai")
    lobby, game_id = await open_lobby(tab, lang)
    await (await emu.click(tab.bob, lobby, f"tenka:l:join:{game_id}")).response()
    assert t("lobby.can_start", lang) in lobby.content
    started = await tab.answer(await emu.click(tab.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = emu.threads_of(tab.channel)
    where = f"<#{thread.id}>"
    assert started.content == t("lobby.started_reply", lang, game_id=game_id, where=where)
    assert t("lobby.started", lang, where=where) in lobby.content

    (board,) = boards(tab, thread.id)
    loaded = await tab.bot.service.load(game_id)
    names = loaded.names()
    order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(names))
    begins = t("board.begins", lang, title=yokai.title, game_id=game_id, order=order)
    mover = to_act(tab, board)
    waiting = tab.bob if mover is tab.alice else tab.alice
    shown = visible(board.content).splitlines()  # the board's marker is invisible
    assert shown == [begins, t("turn.yours", lang, mention=f"<@{mover.id}>")]
    resign = next(c for c in board.custom_ids() if c.startswith("tenka:b:resign:"))
    assert label(board, resign) == t("button.resign", lang)

    # Engine rule errors and the service's own errors both arrive in the reader's language.
    out_of_turn = await tab.answer(await emu.slash(waiting, thread.id, "move", {"action": "b2b3"}))
    assert out_of_turn.ephemeral
    assert out_of_turn.content == t("rules.common.not_your_turn", lang)
    nonsense = await tab.answer(await emu.slash(mover, thread.id, "move", {"action": "zz9"}))
    unreadable = t("yokai.notation.i_can_t_read", lang, strip="zz9", hint="")
    assert nonsense.ephemeral and nonsense.content.startswith(unreadable.strip())
    stranger = await tab.answer(await emu.slash(tab.carol, thread.id, "move", {"action": "b2b3"}))
    assert stranger.content == t("err.not_seated", lang)

    seat = loaded.seat_of(mover.id)
    action = yokai.legal(loaded.state, seat)[0]
    move = yokai.notation(loaded.state, action)
    _, events = yokai.apply(loaded.state, seat, action)
    played = await tab.answer(await emu.slash(mover, thread.id, "move", {"action": move}))
    said = say(yokai.label(loaded.state, action), lang)
    assert played.content == t("reply.played.label", lang, label=said, notation=move)
    await emu.wait_until(lambda: len(boards(tab, thread.id)) == 2, 10, "the second board")
    second = boards(tab, thread.id)[-1]
    moved = describe_event(events[0], names, lang)
    assert moved and moved.startswith(names[seat]) and moved in second.content
    assert t("turn.yours", lang, mention=f"<@{waiting.id}>") in second.content

    status = await tab.answer(await emu.slash(waiting, thread.id, "game status", {}))
    head = t(
        "status.head",
        lang,
        title=yokai.title,
        game_id=game_id,
        status=t("status.active", lang),
        actions=1,
    )
    to_move = t("status.to_act", lang, names=names[1 - seat])
    assert status.content == f"{head}\n{to_move}"

    rules = await tab.answer(await emu.slash(waiting, thread.id, "rules", {"game": "yokai"}))
    path = rules_file(RULES_DIR / "yokai", lang)
    assert rules.content == path.read_text(encoding="utf-8").strip()[:2000]
    assert path.name == ("rules.es.md" if lang == "es" else "rules.en.md")


async def test_language_setting_overrides_the_client_locale(es_table: Table) -> None:
    tab = es_table
    emu = tab.emu
    empty = await tab.answer(await emu.slash(tab.alice, tab.channel, "game list", {}))
    assert empty.content == t("list.none_here", "es")
    changed = await tab.answer(
        await emu.slash(tab.alice, tab.channel, "settings me", {"language": "en"})
    )
    assert changed.content == t("settings.mine", "en", shown="language: en")
    empty = await tab.answer(await emu.slash(tab.alice, tab.channel, "game list", {}))
    assert empty.content == t("list.none_here", "en")
    error = await tab.answer(await emu.slash(tab.alice, tab.channel, "move", {"action": "b2b3"}))
    assert error.content == t("err.no_game_here", "en")
    # Bob did not change anything: still Spanish for him.
    other = await tab.answer(await emu.slash(tab.bob, tab.channel, "move", {"action": "b2b3"}))
    assert other.content == t("err.no_game_here", "es")
    back = await tab.answer(
        await emu.slash(tab.alice, tab.channel, "settings me", {"language": "auto"})
    )
    assert back.content == t("settings.mine", "es", shown=t("settings.defaults", "es"))


async def test_server_language_chooses_the_public_language(
    emulator: Emulator, tmp_path: Path
) -> None:
    """An English server set to Spanish: new games post in Spanish, replies stay English."""
    tab = await open_table(emulator, tmp_path, LANGUAGES["en"])
    try:
        admin = emulator.add_user("dana", admin=True)
        await tab.answer(
            await emulator.slash(admin, tab.channel, "settings server", {"language": "es"})
        )
        lobby, game_id = await open_lobby(tab, "es")
        await (await emulator.click(tab.bob, lobby, f"tenka:l:join:{game_id}")).response()
        started = await tab.answer(
            await emulator.click(tab.alice, lobby, f"tenka:l:start:{game_id}")
        )
        (thread,) = emulator.threads_of(tab.channel)
        where = f"<#{thread.id}>"
        assert started.content == t("lobby.started_reply", "en", game_id=game_id, where=where)
        (board,) = boards(tab, thread.id)
        mover = to_act(tab, board)
        assert t("turn.yours", "es", mention=f"<@{mover.id}>") in board.content
        stranger = await tab.answer(
            await emulator.slash(tab.carol, thread.id, "move", {"action": "b2b3"})
        )
        assert stranger.content == t("err.not_seated", "en")
    finally:
        await stop_client(tab.bot)
