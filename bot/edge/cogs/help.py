"""``/help [game]`` and ``/lang``: what Tenka can do, how a game is played and set up, and
which language Tenka speaks to you. Nothing here names a game: each game's title, seat
counts, options and notation come from the registry and its catalogue."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.app_commands import TranslationContextLocation as Location

import games
from bot.cogs.common import game_key_autocomplete
from bot.delivery import reply
from bot.i18n import LANGUAGE_NAMES, forget_locale, language_choice, locale_for, user_locale
from bot.results import NotAllowed
from bot.text import CHOICE_NAME, fit, has, say, t
from bot.translator import TenkaTranslator
from games.base import Game, OptionSpec, UnknownGame

if TYPE_CHECKING:
    from bot.app import TenkaBot

Interaction = discord.Interaction["TenkaBot"]
LANGUAGES_SHOWN = "auto, " + ", ".join(f"{k} ({v})" for k, v in LANGUAGE_NAMES.items())
EXAMPLES = 3  # example moves shown by /help <game>


def option_meaning(game: Game, spec: OptionSpec, locale: str) -> str:
    """What an option of ``/game new`` does, in ``locale`` (``<key>.option.<name>`` in the
    game's catalogue, else the game's English description)."""
    key = f"{game.key}.option.{spec.name}"
    return t(key, locale) if has(key, locale) else spec.description


def option_choice(game: Game, spec: OptionSpec, value: str, locale: str) -> str:
    """One value of an option as autocomplete offers it, in the reader's words: the value's
    own meaning (``<key>.option.<name>.<value>``), a switch's on or off before the option's
    meaning, else the value before it. The meaning comes first and the value's words are
    never cut off, so every value of an option reads differently."""
    key = f"{game.key}.option.{spec.name}.{value}"
    if has(key, locale):
        return t(key, locale)
    meaning = option_meaning(game, spec, locale)
    if not spec.choices and value in ("yes", "no"):
        return t(f"options.switch.{value}", locale, meaning=meaning)
    return t("options.choice", locale, value=value, meaning=meaning)


def option_values(spec: OptionSpec, locale: str) -> str:
    """``a | b`` for a choice, ``yes | no`` (in the reader's words) for a switch."""
    if spec.choices:
        return " | ".join(f"`{c}`" for c in spec.choices)
    return t("help.on_off", locale)


def game_help(game: Game, locale: str) -> str:
    """Everything a new player needs to open and play ``game``: seats, options with their
    meaning and default, a few example moves, where the rules are."""
    seats = sorted(game.seats)
    low, high = seats[0], seats[-1]
    count = t("help.seats_one" if low == high else "help.seats", locale, low=low, high=high)
    lines = [t("help.game_head", locale, title=game.title, game=game.key, seats=count)]
    if game.options:
        lines.append(t("help.options_head", locale, game=game.key))
        for spec in game.options:
            default = spec.default
            if isinstance(default, bool):
                default = t("help.yes" if default else "help.no", locale)
            lines.append(
                t(
                    "help.option",
                    locale,
                    name=spec.name,
                    values=option_values(spec, locale),
                    default=default,
                    meaning=option_meaning(game, spec, locale),
                )
            )
    examples = example_moves(game, locale)
    if examples:
        lines.append(t("help.moves_head", locale))
        lines.extend(f"- `{notation}`: {label}" for notation, label in examples)
    lines.append(t("help.game_tail", locale, game=game.key))
    return "\n".join(lines)


def example_moves(game: Game, locale: str) -> list[tuple[str, str]]:
    """A few legal first moves of a fresh game: notation and their words."""
    try:
        state = game.setup(min(game.seats), {}, seed=1)
        (seat,) = sorted(game.to_act(state))[:1]
        legal = list(game.legal(state, seat))
    except Exception:  # a game that cannot show an example still has its help
        return []
    step = max(1, len(legal) // EXAMPLES)
    return [
        (game.notation(state, a), say(game.label(state, a), locale))
        for a in legal[::step][:EXAMPLES]
    ]


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
    await reply(interaction, text)


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
