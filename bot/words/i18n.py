"""Which catalogue (``"en"`` or ``"es"``) a reader gets: the one place locales are decided.

- A **reply** to one user (ephemeral answers, ``/hand``, ``/game status``…): the user's
  ``language`` setting (``/settings me language:``), else the locale of their Discord client
  (``interaction.locale``).
- A **game's public posts** (boards, lobby, notices, buttons of public messages): the
  locale stored in the game's settings at creation, which is the server's ``language``
  setting (``/settings server language:``), else the server's Discord locale
  (``interaction.guild_locale``) of the ``/game new`` interaction.
- A **DM outside an interaction** (a reminder, another player's move changed your hand):
  the user's ``language`` setting, else the language of the Discord client they last used
  with the bot (remembered as ``client_language`` at each interaction), else the game's.

Nothing here imports discord: the service uses the same rules without a client.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

CATALOGUES = frozenset({"en", "es"})
DEFAULT_CATALOGUE = "en"
LOCALE_EXTRA = "tenka_locale"  # where a resolved reply locale is kept on an interaction
CLIENT_LANGUAGE = "client_language"  # the user's Discord client language, as last seen
# What a user may type for a language (``/lang``), folded to lower case.
LANGUAGE_WORDS = {
    "auto": None,
    "automatic": None,
    "automático": None,
    "automatico": None,
    "en": "en",
    "english": "en",
    "inglés": "en",
    "ingles": "en",
    "es": "es",
    "español": "es",
    "espanol": "es",
    "spanish": "es",
}
LANGUAGE_NAMES = {"en": "English", "es": "Español"}


def language_choice(text: str) -> tuple[bool, str | None]:
    """``(known, language)`` for what a user typed: ``"es-ES"`` → ``(True, "es")``,
    ``"auto"`` → ``(True, None)``, ``"fr"`` → ``(False, None)``."""
    folded = text.strip().lower().replace("_", "-")
    if folded in LANGUAGE_WORDS:
        return True, LANGUAGE_WORDS[folded]
    base = folded.split("-", 1)[0]
    return (True, base) if base in CATALOGUES else (False, None)


def catalogue_for_locale(locale: Any) -> str:
    """The catalogue (``"es"`` or ``"en"``) for a Discord locale such as ``"es-ES"``.

    Every Spanish locale (``es``, ``es-ES``, ``es-419``, ``es_MX``…) reads ``es.json``;
    anything else, or nothing, reads English. A ``discord.Locale`` works too (its value).
    """
    if locale is None:
        return DEFAULT_CATALOGUE
    text = str(getattr(locale, "value", locale))
    language = text.strip().lower().replace("_", "-").split("-", 1)[0]
    return language if language in CATALOGUES else DEFAULT_CATALOGUE


def chosen_language(settings: Mapping[str, Any]) -> str | None:
    """The ``language`` a user or server chose explicitly, or ``None`` for automatic."""
    value = settings.get("language")
    return value if value in CATALOGUES else None


def user_locale(interaction: Any, user_settings: Mapping[str, Any]) -> str:
    """The catalogue for replies to the user of ``interaction``."""
    return chosen_language(user_settings) or catalogue_for_locale(
        getattr(interaction, "locale", None)
    )


def server_locale(guild_settings: Mapping[str, Any], guild_locale: Any) -> str:
    """The catalogue of a new game's public posts on a server."""
    return chosen_language(guild_settings) or catalogue_for_locale(guild_locale)


def game_locale(game_settings: Mapping[str, Any]) -> str:
    """The catalogue of a game's public posts (English for games older than this rule)."""
    return catalogue_for_locale(game_settings.get("locale"))


def reader_locale(user_settings: Mapping[str, Any], game_lang: str) -> str:
    """The catalogue of a DM sent outside any interaction of its reader."""
    seen = user_settings.get(CLIENT_LANGUAGE)
    return chosen_language(user_settings) or (seen if seen in CATALOGUES else game_lang)


async def locale_for(interaction: Any) -> str:
    """:func:`user_locale` for an interaction of the bot, read once and remembered on it."""
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict) and LOCALE_EXTRA in extras:
        return str(extras[LOCALE_EXTRA])
    store = interaction.client.store
    settings = await store.user_settings(interaction.user.id)
    locale = user_locale(interaction, settings)
    client = getattr(interaction, "locale", None)
    if client is not None and settings.get(CLIENT_LANGUAGE) != catalogue_for_locale(client):
        # remembered for what reaches them outside an interaction (DMs, reminders)
        changes = {CLIENT_LANGUAGE: catalogue_for_locale(client)}
        await store.set_user_settings(interaction.user.id, changes)
    if isinstance(extras, dict):
        extras[LOCALE_EXTRA] = locale
    return locale


def forget_locale(interaction: Any) -> None:
    """Drop the remembered locale (after the user changed their ``language`` setting)."""
    extras = getattr(interaction, "extras", None)
    if isinstance(extras, dict):
        extras.pop(LOCALE_EXTRA, None)
