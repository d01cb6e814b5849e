"""``/help [game]`` and ``/lang``: what Tenka can do, how a game is played and set up, and
which language Tenka speaks to you. Nothing here names a game: each game's title, seat
counts, options and notation come from the registry and its catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

import games
from bot.edge.cogs.common import Interaction, game_key_autocomplete
from bot.edge.delivery import chunks, reply
from bot.edge.translator import TenkaTranslator
from bot.service.results import NotAllowed
from bot.words.help import LANGUAGES_SHOWN, game_help
from bot.words.i18n import LANGUAGE_NAMES, forget_locale, language_choice, locale_for, user_locale
from bot.words.text import CHOICE_NAME, fit, t
from games.base import UnknownGame

if TYPE_CHECKING:
    from bot.edge.app import TenkaBot


def general_help(tree: app_commands.CommandTree[Any], locale: str) -> str:
    """Every command with its description in ``locale``, then the games."""
    translator = TenkaTranslator() if locale == "es" else None

    def word(text: str, location: Location) -> str:
        return (translator.lookup(text, location) if translator else None) or text

    lines = [t("help.intro", locale)]
    for command in sorted(tree.get_commands(), key=lambda c: c.name):
        if isinstance(command, app_commands.Group):
            group = word(command.name, Location.group_name)
            for child in command.commands:
                name = word(child.name, Location.command_name)
                description = word(child.description, Location.command_description)
                lines.append(f"- `/{group} {name}`: {description}")
        elif isinstance(command, app_commands.Command):
            name = word(command.name, Location.command_name)
            description = word(command.description, Location.command_description)
            lines.append(f"- `/{name}`: {description}")
    shown = ", ".join(f"{g.title} (`{k}`)" for k, g in sorted(games.GAMES.items()))
    lines.append(t("help.games", locale, games=shown))
    return "\n".join(lines)


@app_commands.command(name="help", description="What Tenka can do, or how a game is played")
@app_commands.describe(game="A game to explain: players, options, example moves")
@app_commands.autocomplete(game=game_key_autocomplete)
async def help_(interaction: Interaction, game: str | None = None) -> None:
    locale = await locale_for(interaction)
    if game:
        try:
            found = games.get(game.strip().lower())
        except UnknownGame:
            known = ", ".join(sorted(games.GAMES))
            raise NotAllowed("rules.common.unknown_game", game=repr(game), known=known) from None
        text = game_help(found, locale)
    else:
        text = general_help(interaction.client.tree, locale)
    for chunk in chunks(text, 2000):  # a long help in several messages, never cut
        await reply(interaction, chunk)


async def language_autocomplete(
    interaction: Interaction, current: str
) -> list[app_commands.Choice[str]]:
    locale = await locale_for(interaction)
    offered = [("auto", t("lang.auto", locale)), *LANGUAGE_NAMES.items()]
    typed = current.strip().lower()
    return [
        app_commands.Choice(name=fit(f"{name} ({code})", CHOICE_NAME), value=code)
        for code, name in offered
        if typed in code or typed in name.lower()
    ]


@app_commands.command(name="lang", description="The language Tenka speaks to you")
@app_commands.describe(language="en (English), es (Español), or auto (your Discord's language)")
@app_commands.autocomplete(language=language_autocomplete)
async def lang(interaction: Interaction, language: str) -> None:
    known, chosen = language_choice(language)
    if not known:
        raise NotAllowed("err.unknown_language", value=repr(language), known=LANGUAGES_SHOWN)
    prefs = interaction.client.service.settings
    values = await prefs.set_user(interaction.user.id, {"language": chosen})
    forget_locale(interaction)
    locale = user_locale(interaction, values)
    key = "lang.set" if chosen else "lang.auto_set"
    await reply(interaction, t(key, locale, language=LANGUAGE_NAMES[locale]))


async def setup(bot: TenkaBot) -> None:
    bot.tree.add_command(help_, override=True)
    bot.tree.add_command(lang, override=True)
