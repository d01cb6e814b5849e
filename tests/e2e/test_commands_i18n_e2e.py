"""Every command, option and choice reaches Discord with a real description in English and
Spanish (the payloads ``CommandTree.sync`` uploads to the emulator, which checks them
against Discord's OpenAPI schema); ``/help``, ``/lang`` and bad input in the reader's
language."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import games
import renderer
from bot.edge.delivery import chunks
from bot.edge.translator import PLACEHOLDER_DESCRIPTION
from bot.words.help import LANGUAGES_SHOWN, game_help
from bot.words.text import t
from tests.e2e.conftest import Table
from tests.e2e.test_i18n_e2e import es_table as es_table

SPANISH = ("es-ES", "es-419")


def walk(payload: dict[str, Any], path: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Each command, subcommand and option of a command payload, with its path."""
    here = f"{path} {payload['name']}".strip()
    yield here, payload
    for option in payload.get("options") or []:
        yield from walk(option, here)


def test_every_command_and_option_is_described_in_english_and_spanish(table: Table) -> None:
    payloads = table.emu.commands[None]
    assert {"help", "lang", "game", "move", "settings"} <= {p["name"] for p in payloads}
    problems = []
    seen = 0
    for payload in payloads:
        for path, item in walk(payload):
            seen += 1
            description = item.get("description", "")
            if description in ("", PLACEHOLDER_DESCRIPTION):
                problems.append(f"{path}: no description")
            localized = item.get("description_localizations") or {}
            named = item.get("name_localizations") or {}
            for locale in SPANISH:
                if not localized.get(locale):
                    problems.append(f"{path}: no {locale} description")
                if not named.get(locale):
                    problems.append(f"{path}: no {locale} name")
            for choice in item.get("choices") or []:
                if not all((choice.get("name_localizations") or {}).get(x) for x in SPANISH):
                    problems.append(f"{path}: choice {choice['name']} has no Spanish")
    assert seen > 60
    assert not problems, problems


async def test_help_for_every_game_in_spanish(es_table: Table) -> None:
    tab = es_table
    general = await tab.answer(await tab.emu.slash(tab.alice, tab.channel, "help", {}))
    assert general.content.startswith(t("help.intro", "es"))
    assert "`/partida nueva`" in general.content and "`/ayuda`" in general.content
    for key, game in games.GAMES.items():
        whole = game_help(game, "es")
        handle = await tab.emu.slash(tab.alice, tab.channel, "help", {"game": key})
        first = await tab.answer(handle)
        parts = chunks(whole, 2000)  # a help longer than one message goes on in follow-ups
        more = await handle.followups(len(parts) - 1) if len(parts) > 1 else []
        said = [m.content for m in [first, *more]]
        assert all(len(part) <= 2000 for part in said), [len(part) for part in said]
        text = "\n".join(said)
        assert text == whole, key  # every line of the help arrives, none cut
        assert text.startswith(f"**{game.title}**"), text
        for spec in game.options:
            assert f"`{spec.name}`" in text
            assert t(f"{key}.option.{spec.name}", "es") in text
        assert t("help.moves_head", "es") in text
        marks = renderer.get(key).board_marks("es")
        assert all(f"- {mark}" in text for mark in marks), key
    assert len(chunks(game_help(games.get("rising_sun"), "es"), 2000)) > 1  # one was long


async def test_lang_changes_the_language_and_refuses_an_unknown_one(es_table: Table) -> None:
    tab = es_table
    emu = tab.emu
    bad = await tab.answer(await emu.slash(tab.alice, tab.channel, "lang", {"language": "klingon"}))
    assert bad.content == t("err.unknown_language", "es", value="'klingon'", known=LANGUAGES_SHOWN)
    done = await tab.answer(await emu.slash(tab.alice, tab.channel, "lang", {"language": "en"}))
    assert done.content == t("lang.set", "en", language="English")
    listed = await tab.answer(await emu.slash(tab.alice, tab.channel, "game list", {}))
    assert listed.content == t("list.none_here", "en")
    back = await tab.answer(await emu.slash(tab.alice, tab.channel, "lang", {"language": "auto"}))
    assert back.content == t("lang.auto_set", "es", language="Español")
    offered = await emu.autocomplete(
        tab.alice, tab.channel, "lang", {"language": "es"}, focused="language"
    )
    assert [c["value"] for c in offered] == ["es"]


async def options_offered(tab: Table, game: str, typed: str) -> list[dict[str, Any]]:
    """What autocomplete offers a Spanish player typing ``options:`` of ``/game new``."""
    return await tab.emu.autocomplete(
        tab.alice, tab.channel, "game new", {"game": game, "options": typed}, focused="options"
    )


async def test_options_are_offered_with_their_meaning(es_table: Table) -> None:
    offered = await options_offered(es_table, "china", "side=b, fort")
    values = [c["value"] for c in offered]
    assert values == ["side=b, fortifications=yes", "side=b, fortifications=no"]
    meaning = t("china.option.fortifications", "es")
    assert all(len(c["name"]) <= 100 for c in offered)
    assert offered[0]["name"].startswith("Activada: " + meaning[:40])
    assert offered[1]["name"].startswith("Desactivada: " + meaning[:40])


async def test_every_value_of_an_option_reads_differently(es_table: Table) -> None:
    """``set=``: each card set with its own words, not one cut description four times."""
    offered = await options_offered(es_table, "rising_sun", "set=")
    names = [c["name"] for c in offered]
    sets = games.get("rising_sun").options[0].choices
    assert [c["value"] for c in offered] == [f"set={s}" for s in sets]
    assert len(set(names)) == len(names) == 4 and all(len(n) <= 100 for n in names)
    assert all(not n.endswith("…") for n in names), names
    assert "Horseman" in names[1] and "set=" not in names[1]
