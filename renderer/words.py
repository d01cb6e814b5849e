"""Every word the pictures and alt texts print, per locale.

>>> tr = words("es")
>>> tr("common.draw")
'Empate'

One flat table per locale: the words every game shares (``renderer/locales/<locale>.json``:
``common.``, ``result.``) merged with every game's words (``data/<key>/locales/``, keys
prefixed by the game key, shared with the bot: see :mod:`games.words`). Values are
``str.format`` templates. A locale without a table falls back to English, so a picture
never fails over a language.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from games.words import fill, fragments, plural_category

__all__ = ["DEFAULT_LOCALE", "LOCALES", "Words", "core_table", "supported", "table", "words"]

LOCALE_DIR = Path(__file__).resolve().parent / "locales"
LOCALES = ("en", "es")
DEFAULT_LOCALE = "en"


def supported(locale: str | None) -> str:
    """``locale`` if it has a table, else English."""
    return locale if locale in LOCALES else DEFAULT_LOCALE


@lru_cache(maxsize=len(LOCALES))
def core_table(locale: str) -> Mapping[str, str]:
    """The shared words of a supported locale (read once)."""
    data = json.loads((LOCALE_DIR / f"{supported(locale)}.json").read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items()}


# locale -> (the game fragments it was merged from, the merged table)
_merged: dict[str, tuple[Mapping[str, str], Mapping[str, str]]] = {}


def table(locale: str) -> Mapping[str, str]:
    """The shared words plus every game's words in ``locale`` (merged again only when a
    game adds words, see :func:`games.words.add`)."""
    loc = supported(locale)
    games_words = fragments(loc)
    hit = _merged.get(loc)
    if hit is None or hit[0] is not games_words:
        hit = (games_words, {**core_table(loc), **games_words})
        _merged[loc] = hit
    return hit[1]


@dataclass(frozen=True)
class Words:
    """The words of one locale; calling it fills a template: ``tr("yokai.move", n=3)``."""

    locale: str
    table: Mapping[str, str]

    def __call__(self, key: str, **values: object) -> str:
        text = self.table[key]
        if ":#" in text:  # a counted term ({n:#china.count.free}): the catalogue's plurals
            return fill(text, self.table, values, locale=self.locale)
        return text.format(**values) if values else text

    def count(self, key: str, n: int, **values: object) -> str:
        """``key.<category>`` by the plural rules of the locale (CLDR: ``one``, ``many``,
        ``other``…; a missing category reads ``other``); ``n`` is passed as ``{n}``."""
        category = plural_category(n, self.locale)
        if f"{key}.{category}" not in self.table:
            category = "other"
        return self(f"{key}.{category}", n=n, **values)

    def get(self, key: str, default: str) -> str:
        """The word for ``key``, or ``default`` where the table has none (data-driven keys)."""
        return self.table.get(key, default)

    def join(self, items: list[str]) -> str:
        """ "A and B", "A, B and C" (the locale's "and")."""
        if len(items) <= 1:
            return "".join(items)
        return f"{', '.join(items[:-1])}{self('common.and')}{items[-1]}"


def words(locale: str | None = DEFAULT_LOCALE) -> Words:
    """The words of ``locale`` ("en", "es"); anything else gets English."""
    loc = supported(locale)
    merged = table(loc)
    cached = _words.get(loc)
    if cached is None or cached.table is not merged:
        cached = _words[loc] = Words(loc, merged)
    return cached


_words: dict[str, Words] = {}
