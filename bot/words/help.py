"""What ``/help <game>`` says (also printed by ``python -m bot demo``): seats, options with
their meaning and default, a few example moves, where the rules are. Words only, no
Discord: the CLI demo and the cogs share it. Nothing here names a game."""

from __future__ import annotations

import renderer
from bot.words.i18n import LANGUAGE_NAMES
from bot.words.text import has, say, t
from games.base import Game, OptionSpec

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
    marks = renderer.get(game.key).board_marks(locale) if renderer.has_board(game.key) else []
    if marks:
        lines.append(t("help.marks_head", locale))
        lines.extend(f"- {mark}" for mark in marks)
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
