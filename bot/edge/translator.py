"""Spanish for the slash commands, and which message catalogue a Discord locale reads.

Discord localises command names, option names, descriptions and choice names itself, from
the ``*_localizations`` that ``CommandTree.sync`` uploads; discord.py asks a
:class:`discord.app_commands.Translator` for each of them. :class:`TenkaTranslator` answers
from ``bot/words/locales/commands.es.json``, a flat map from the English text written in the cogs
to Spanish. A key may be qualified by the place it is used (``"parameter_name:game"``) when
one English word needs two Spanish ones; the plain key is the fallback.

Install it before syncing (``await tree.set_translator(TenkaTranslator())``).
"""

from __future__ import annotations

import json
import logging
import unicodedata
from collections.abc import Iterator, Mapping
from functools import cache
from pathlib import Path
from typing import Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

# The locale rules live in bot.words.i18n (no discord import); re-exported here for the cogs.
from bot.words.i18n import catalogue_for_locale as catalogue_for_locale

# Where a game's rules file is found lives in bot.words.rulebook; re-exported for older callers.
from bot.words.rulebook import rules_file as rules_file
from bot.words.text import LOCALES_DIR

log = logging.getLogger("tenka.translator")

COMMANDS_FILE = LOCALES_DIR / "commands.es.json"
SPANISH_LOCALES = frozenset({discord.Locale.spain_spanish, discord.Locale.latin_american_spanish})

NAME_LOCATIONS = frozenset({Location.command_name, Location.group_name, Location.parameter_name})
NAME_MAX = 32
TEXT_MAX = 100  # descriptions and choice names
# discord.py's default description for an undescribed option: not English, nothing to say.
PLACEHOLDER_DESCRIPTION = "…"
# Devanagari and Thai are the two scripts Discord allows besides letters and numbers.
EXTRA_SCRIPTS = ((0x0900, 0x097F), (0xA8E0, 0xA8FF), (0x0E00, 0x0E7F))


def _allowed_name_char(char: str) -> bool:
    if char in "-_" or unicodedata.category(char)[0] in "LN":
        return True
    return any(lo <= ord(char) <= hi for lo, hi in EXTRA_SCRIPTS)


def is_valid_name(name: str) -> bool:
    """Discord's rule for command and option names: ``^[-_\\p{L}\\p{N}\\p{sc=Deva}\\p{sc=Thai}]
    {1,32}$`` and lower case wherever a letter has a lower-case form."""
    return (
        0 < len(name) <= NAME_MAX
        and name == name.lower()
        and all(_allowed_name_char(c) for c in name)
    )


def is_valid_text(text: str) -> bool:
    """Descriptions and choice names: 1 to 100 characters."""
    return 0 < len(text) <= TEXT_MAX


@cache
def load_command_translations(path: Path = COMMANDS_FILE) -> Mapping[str, str]:
    """The English → Spanish map of command strings."""
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


class TenkaTranslator(app_commands.Translator):
    """Spanish command names, options, descriptions and choices for ``es-ES`` and ``es-419``.

    Anything without an entry (or whose entry Discord would refuse) is ``None``, so
    discord.py keeps the English text: a gap never breaks ``sync``.
    """

    def __init__(self, translations: Mapping[str, str] | None = None) -> None:
        self._table = dict(load_command_translations() if translations is None else translations)

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        if locale not in SPANISH_LOCALES:
            return None
        return self.lookup(string.message, context.location)

    def lookup(self, message: str, location: Location) -> str | None:
        """The Spanish for ``message`` used at ``location``, or ``None``."""
        text = self._table.get(f"{location.name}:{message}", self._table.get(message))
        if text is None:
            return None
        valid = is_valid_name(text) if location in NAME_LOCATIONS else is_valid_text(text)
        if not valid:
            log.warning("unusable Spanish %s for %r: %r", location.name, message, text)
            return None
        return text


def command_strings(tree: app_commands.CommandTree[Any]) -> Iterator[tuple[Location, str]]:
    """Every translatable English string of the tree's global commands, with its place."""
    for command in tree.get_commands():
        yield from _strings_of(command)


def _strings_of(
    command: app_commands.Command[Any, ..., Any] | app_commands.Group | app_commands.ContextMenu,
) -> Iterator[tuple[Location, str]]:
    if isinstance(command, app_commands.ContextMenu):
        yield Location.command_name, command.name
        return
    if isinstance(command, app_commands.Group):
        yield Location.group_name, command.name
        yield Location.group_description, command.description
        for child in command.commands:
            yield from _strings_of(child)
        return
    yield Location.command_name, command.name
    yield Location.command_description, command.description
    for param in command.parameters:
        name = param.locale_name.message if param.locale_name else param.display_name
        yield Location.parameter_name, name
        yield Location.parameter_description, param.description
        for choice in param.choices:
            yield Location.choice_name, choice.name


def missing_command_strings(
    tree: app_commands.CommandTree[Any], translator: TenkaTranslator | None = None
) -> list[str]:
    """English command strings with no usable Spanish (each once, in tree order)."""
    translator = translator or TenkaTranslator()
    missing: list[str] = []
    for location, text in command_strings(tree):
        if text == PLACEHOLDER_DESCRIPTION or text in missing:
            continue
        if translator.lookup(text, location) is None:
            missing.append(text)
    return missing
