"""The words of each game, shared by the bot and the renderer (one noun, one key).

A game's catalogue fragments live in its data folder, ``data/<key>/locales/<locale>.json``,
every key prefixed by the game's key (``samurai.tile.B``). The bot's catalogue
(``bot/locales``) and the renderer's (``renderer/locales``) hold only what every game
shares; each merges these fragments at load. A game registered from elsewhere (a test's
toy game) adds its fragment with :func:`add`.

Templates are ``str.format`` strings with one extension, a *term* spec: ``{tile:samurai.tile}``
looks the value up as ``samurai.tile.<value>`` in the same catalogue (a list of values is
joined with commas), so an engine puts codes in its events and the catalogue names them:

>>> fill("{tile:t} on {hex}", {"t.B3": "Buddha 3"}, {"tile": "B3", "hex": "F7"})
'Buddha 3 on F7'
>>> fill("{tiles:t}", {"t.B3": "Buddha 3", "t.H2": "Helmet 2"}, {"tiles": ["B3", "H2"]})
'Buddha 3, Helmet 2'
>>> fill("{missing} stays", {}, {})
'{missing} stays'
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping
from pathlib import Path
from typing import Any

__all__ = ["DATA_DIR", "add", "fill", "fragments", "game_keys"]

DATA_DIR = Path(__file__).resolve().parent.parent / "data"

_extra: dict[str, dict[str, str]] = {}
_cache: dict[str, dict[str, str]] = {}


def add(locale: str, mapping: Mapping[str, str]) -> None:
    """Add catalogue entries for a game that has no folder under ``data/``."""
    _extra.setdefault(locale, {}).update({str(k): str(v) for k, v in mapping.items()})
    _cache.clear()


def fragments(locale: str) -> Mapping[str, str]:
    """Every game's entries in ``locale`` (read once; an unknown locale has none)."""
    cached = _cache.get(locale)
    if cached is not None:
        return cached
    merged: dict[str, str] = {}
    for path in sorted(DATA_DIR.glob(f"*/locales/{locale}.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        merged.update({str(k): str(v) for k, v in data.items() if k != "about"})
    merged.update(_extra.get(locale, {}))
    _cache[locale] = merged
    return merged


def game_keys(locale: str) -> dict[str, str]:
    """Which game folder each key of ``locale`` comes from (for the catalogue tests)."""
    out: dict[str, str] = {}
    for path in sorted(DATA_DIR.glob(f"*/locales/{locale}.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            if key != "about":
                out[str(key)] = path.parent.parent.name
    return out


class _Args(dict[str, Any]):
    """Missing placeholders stay visible instead of raising mid-sentence."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


class _TermFormatter(string.Formatter):
    def __init__(self, table: Mapping[str, str]) -> None:
        self.table = table

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        if isinstance(key, int):
            return super().get_value(key, args, kwargs)
        return kwargs[key]

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec and format_spec[0].isalpha():
            if isinstance(value, list | tuple):
                return ", ".join(self._term(format_spec, v) for v in value)
            return self._term(format_spec, value)
        return str(super().format_field(value, format_spec))

    def _term(self, prefix: str, value: Any) -> str:
        return self.table.get(f"{prefix}.{value}", str(value))


def fill(template: str, table: Mapping[str, str], args: Mapping[str, Any]) -> str:
    """``template`` with ``args`` filled, term specs looked up in ``table``."""
    try:
        return _TermFormatter(table).vformat(template, (), _Args(args))
    except (ValueError, IndexError, AttributeError):
        return template
