"""Internationalisation: the Spanish catalogue, the command translator and the rules files."""

from __future__ import annotations

import json
import re
import string
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.app_commands import TranslationContext
from discord.app_commands import TranslationContextLocation as Location

import games
from bot.edge.translator import (
    PLACEHOLDER_DESCRIPTION,
    TenkaTranslator,
    catalogue_for_locale,
    command_strings,
    is_valid_name,
    missing_command_strings,
    rules_file,
)
from bot.words import rulebook
from bot.words.text import catalogue, t

ROOT = Path(__file__).resolve().parents[2]
LOCALES = ROOT / "bot" / "words" / "locales"
DATA = ROOT / "data"
SPANISH = (discord.Locale.spain_spanish, discord.Locale.latin_american_spanish)
KEY_USE = re.compile(r"""\bt\(\s*["']([a-z0-9_.]+)["']""")
ERRORS = r"\b(?:ServiceError|NoSuchGame|NotSeated|NotAllowed|WrongPhase|Stale)\(\s*"
ERROR_KEY_USE = re.compile(ERRORS + r"""["']([a-z0-9_.]+)["']""")
# A service error raised with a sentence (or an f-string) instead of a catalogue key.
ERROR_SENTENCE = re.compile(ERRORS + r"""(?:f|t\()?["'](?![a-z0-9_.]+["'])""")
DISCORD_MESSAGE_LIMIT = 2000


def load(name: str) -> dict[str, str]:
    data: dict[str, str] = json.loads((LOCALES / name).read_text(encoding="utf-8"))
    return data


def placeholders(template: str) -> set[str]:
    return {field for _, field, _, _ in string.Formatter().parse(template) if field}


def keys_used(source: str) -> set[str]:
    return set(KEY_USE.findall(source))


# --- (a) the Spanish catalogue matches the English one ---------------------------------


def test_spanish_catalogue_has_exactly_the_english_keys() -> None:
    en, es = load("en.json"), load("es.json")
    missing = sorted(set(en) - set(es))
    extra = sorted(set(es) - set(en))
    assert not missing, f"keys missing from es.json: {missing}"
    assert not extra, f"keys in es.json but not in en.json: {extra}"


def test_spanish_sentences_have_the_english_placeholders() -> None:
    en, es = load("en.json"), load("es.json")
    wrong = {
        key: (sorted(placeholders(en[key])), sorted(placeholders(es[key])))
        for key in sorted(set(en) & set(es))
        if key != "about" and placeholders(en[key]) != placeholders(es[key])
    }
    assert not wrong, f"placeholders differ (en, es): {wrong}"


def test_spanish_is_empty_exactly_where_english_is() -> None:
    en, es = load("en.json"), load("es.json")
    differ = [k for k in sorted(set(en) & set(es)) if bool(en[k]) != bool(es[k])]
    assert not differ, f"empty in one language only: {differ}"


def test_placeholder_reader_sees_every_field() -> None:
    assert placeholders("{player} moved {piece} {from}→{to}.") == {"player", "piece", "from", "to"}
    assert placeholders("no fields") == set()


# --- (b) every key used in the code exists ----------------------------------------------


def test_every_key_used_in_bot_code_is_in_the_catalogue() -> None:
    en = catalogue("en")  # bot/words/locales/en.json and the games' data/<key>/locales/en.json
    unknown = {
        f"{path.relative_to(ROOT)}: {key}"
        for path in sorted((ROOT / "bot").rglob("*.py"))
        for key in keys_used(path.read_text(encoding="utf-8"))
        if key not in en
    }
    assert not unknown, f"t() keys missing from en.json: {sorted(unknown)}"


def bot_sources() -> dict[str, str]:
    return {
        str(path.relative_to(ROOT)): path.read_text(encoding="utf-8")
        for path in sorted((ROOT / "bot").rglob("*.py"))
    }


def test_every_service_error_is_raised_with_a_known_key() -> None:
    en = load("en.json")
    used = {
        (name, key) for name, src in bot_sources().items() for key in ERROR_KEY_USE.findall(src)
    }
    assert len(used) > 20, "the scanner found too few error keys"
    unknown = sorted(f"{name}: {key}" for name, key in used if key not in en)
    assert not unknown, f"error keys missing from en.json: {unknown}"
    sentences = sorted(
        f"{name}: {match.group(0)}"
        for name, src in bot_sources().items()
        for match in ERROR_SENTENCE.finditer(src)
    )
    assert not sentences, f"service errors raised with a sentence, not a key: {sentences}"


def test_error_scanners_tell_keys_from_sentences() -> None:
    source = (
        'raise NotAllowed("err.full")\nraise Stale(\n  "err.stale")\nraise NoSuchGame(f"No #{x}")'
    )
    assert ERROR_KEY_USE.findall(source) == ["err.full", "err.stale"]
    assert [m.group(0)[-3:] for m in ERROR_SENTENCE.finditer(source)] == ['(f"']


def test_key_scanner_finds_literal_keys_only() -> None:
    source = 'x = t("err.nope", locale)\ny = t(\'dm.closed\')\nz = t(f"card.{c}")\nparse_t("a.b")'
    assert keys_used(source) == {"err.nope", "dm.closed"}
    assert "err.nope" not in load("en.json")


# --- (c) the real command tree is fully translated with valid names ---------------------


async def build_bot() -> Any:
    """The bot with every cog loaded, never connected (cogs only touch the tree)."""
    from bot.config import Config
    from bot.edge.app import EXTENSIONS, TenkaBot

    # Config.load with an explicit environment keeps working when fields are added.
    env = {"DISCORD_TOKEN": "x", "TENKA_DATABASE": ":memory:"}
    bot = TenkaBot(Config.load(env=env, dotenv=ROOT / "tests" / "no-such.env"))
    for extension in EXTENSIONS:
        await bot.load_extension(extension)
    return bot


async def test_every_command_string_has_spanish() -> None:
    bot = await build_bot()
    try:
        assert bot.tree.get_commands(), "no commands were registered"
        assert missing_command_strings(bot.tree) == []
    finally:
        await bot.close()


def _options(payload: dict[str, Any]) -> Iterator[dict[str, Any]]:
    for option in payload.get("options", []):
        yield option
        yield from _options(option)


def _check_level(items: list[dict[str, Any]], where: str, problems: list[str]) -> None:
    """Spanish names valid and distinct among siblings; descriptions and choices present."""
    for locale in SPANISH:
        names = [item.get("name_localizations", {}).get(locale.value) for item in items]
        for item, name in zip(items, names, strict=True):
            if name is None or not is_valid_name(name):
                problems.append(f"{where}/{item['name']}: bad {locale.value} name {name!r}")
            described = item.get("description", PLACEHOLDER_DESCRIPTION) != PLACEHOLDER_DESCRIPTION
            text = item.get("description_localizations", {}).get(locale.value)
            if described and not (text and len(text) <= 100):
                problems.append(f"{where}/{item['name']}: bad {locale.value} description")
            for choice in item.get("choices", []):
                label = choice.get("name_localizations", {}).get(locale.value)
                if not label or len(label) > 100:
                    problems.append(f"{where}/{item['name']}: choice {choice['name']!r}")
        if len(set(names)) != len(names):
            problems.append(f"{where}: duplicate {locale.value} names {names}")
    for item in items:
        _check_level(item.get("options", []), f"{where}/{item['name']}", problems)


async def test_synced_payload_carries_valid_spanish() -> None:
    """What ``tree.sync`` would upload, built by discord.py itself with our translator."""
    bot = await build_bot()
    try:
        translator = TenkaTranslator()
        payloads = [
            await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()
        ]
    finally:
        await bot.close()
    problems: list[str] = []
    _check_level(payloads, "", problems)
    assert not problems, problems
    described = [o for p in payloads for o in _options(p) if o.get("description")]
    assert described, "the payload walk saw no options"


async def test_missing_strings_are_reported() -> None:
    tree = app_commands.CommandTree(discord.Client(intents=discord.Intents.none()))

    @tree.command(name="frobnicate", description="Twist the knobs")
    @app_commands.describe(knob="Which knob")
    @app_commands.choices(knob=[app_commands.Choice(name="Left knob", value="l")])
    async def frobnicate(interaction: discord.Interaction, knob: str) -> None:
        """Never run."""

    assert missing_command_strings(tree) == [
        "frobnicate",
        "Twist the knobs",
        "knob",
        "Which knob",
        "Left knob",
    ]
    table = dict.fromkeys(["frobnicate", "Twist the knobs", "knob", "Which knob"], "x")
    assert missing_command_strings(tree, TenkaTranslator(table)) == ["Left knob"]
    locations = [location for location, _ in command_strings(tree)]
    assert Location.choice_name in locations


def test_name_rule() -> None:
    assert is_valid_name("partida") and is_valid_name("mías") and is_valid_name("en-línea_2")
    assert not is_valid_name("Partida")
    assert not is_valid_name("nueva partida")
    assert not is_valid_name("")
    assert not is_valid_name("x" * 33)
    assert not is_valid_name("¿qué?")


# --- (d) the translator speaks Spanish to Spanish clients only --------------------------


@pytest.mark.parametrize("locale", SPANISH)
async def test_translator_gives_spanish(locale: discord.Locale) -> None:
    translator = TenkaTranslator()
    name = TranslationContext(location=Location.group_name, data=None)
    desc = TranslationContext(location=Location.command_description, data=None)
    choice = TranslationContext(location=Location.choice_name, data=None)
    assert await translator.translate(app_commands.locale_str("game"), locale, name) == "partida"
    described = await translator.translate(
        app_commands.locale_str("Show the current board"), locale, desc
    )
    assert described == "Muestra el tablero actual"
    samurai = await translator.translate(app_commands.locale_str("Samurai"), locale, choice)
    assert samurai == "Samurái"
    unknown = app_commands.locale_str("no such string here")
    assert await translator.translate(unknown, locale, desc) is None


@pytest.mark.parametrize("locale", [discord.Locale.american_english, discord.Locale.french])
async def test_translator_leaves_other_locales_alone(locale: discord.Locale) -> None:
    translator = TenkaTranslator()
    context = TranslationContext(location=Location.command_name, data=None)
    assert await translator.translate(app_commands.locale_str("move"), locale, context) is None


async def test_translator_refuses_an_invalid_name_and_prefers_a_qualified_key() -> None:
    translator = TenkaTranslator(
        {"game": "Nueva Partida", "parameter_name:game": "juego", "Which game": "Qué partida"}
    )
    spain = discord.Locale.spain_spanish
    group = TranslationContext(location=Location.group_name, data=None)
    param = TranslationContext(location=Location.parameter_name, data=None)
    assert await translator.translate(app_commands.locale_str("game"), spain, group) is None
    assert await translator.translate(app_commands.locale_str("game"), spain, param) == "juego"


# --- (e) Discord locales choose the catalogue -----------------------------------------


@pytest.mark.parametrize(
    ("locale", "expected"),
    [
        ("es", "es"),
        ("es-ES", "es"),
        ("es-419", "es"),
        ("es_MX", "es"),
        (discord.Locale.latin_american_spanish, "es"),
        ("en-US", "en"),
        ("en-GB", "en"),
        ("fr", "en"),
        ("pt-BR", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_catalogue_for_locale(locale: str | discord.Locale | None, expected: str) -> None:
    assert catalogue_for_locale(locale) == expected


@pytest.mark.parametrize("locale", ["es", "es-ES", "es-419"])
def test_t_speaks_spanish_for_spanish_locales(locale: str) -> None:
    es = load("es.json")
    language = catalogue_for_locale(locale)
    assert t("end.draw", language) == es["end.draw"] != t("end.draw", "en")
    text = t("turn.waiting", language, names="Ana, Bo")
    assert text == es["turn.waiting"].format(names="Ana, Bo")
    assert text.startswith("Esperando")


# --- (f) the rules summaries ------------------------------------------------------------


@pytest.mark.parametrize("key", sorted(games.GAMES))
@pytest.mark.parametrize("suffix", [".en.md", ".es.md"])
def test_rules_summary_exists_and_fits_one_message(key: str, suffix: str) -> None:
    """The summary (the text before the first heading) and the list of topics after it
    fit one Discord message; each topic fits the pages an answer may take."""
    path = DATA / key / f"rules{suffix}"
    assert path.is_file(), f"missing {path.relative_to(ROOT)}"
    book = rulebook.parse(path.read_text(encoding="utf-8"))
    assert book.summary.strip()
    topics = t("rulebook.topics", "en", topics=", ".join(book.top)) if book.top else ""
    assert len(book.summary) + len(topics) + 2 < DISCORD_MESSAGE_LIMIT, path.name
    for topic in book.topics:
        assert len(topic.body) < rulebook.MAX_PAGES * DISCORD_MESSAGE_LIMIT, topic.title


def test_rules_file_follows_the_reader_locale() -> None:
    english = DATA / "yokai" / "rules.en.md"
    assert rules_file(DATA / "yokai", "es-419") == DATA / "yokai" / "rules.es.md"
    assert rules_file(DATA / "yokai", "en-US") == english
    assert rules_file(DATA / "nonexistent", "es-ES") == DATA / "nonexistent" / "rules.en.md"
