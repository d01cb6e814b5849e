"""The words of each game, shared by the bot and the renderer (one noun, one key).

A game's catalogue fragments live in its data folder, ``data/<key>/locales/<locale>.json``,
every key prefixed by the game's key (``samurai.tile.B``). The bot's catalogue
(``bot/locales``) and the renderer's (``renderer/locales``) hold only what every game
shares; each merges these fragments at load. A game registered from elsewhere (a test's
toy game) adds its fragment with :func:`add`.

Templates are ``str.format`` strings with one extension, a *spec* after the colon. A spec
naming a catalogue prefix is a *term*: ``{tile:samurai.tile}`` looks the value up as
``samurai.tile.<value>`` in the same catalogue (a list of values is joined with commas; a
value without an entry stays as it is; the term's own placeholders are filled from the
same arguments), so an engine puts codes in its events and the catalogue names them.
A few specs are built in, for what every game's events carry:

* ``{winner:seat}``: a seat number as the seat's name (``names`` given to :func:`fill`);
* ``{points:seats}``: one number per seat as "Ann 3, Bo 1" (zeros left out; all zero:
  the catalogue's ``list.nobody``);
* ``{houses:count}``: how many items a list holds;
* ``{first:join}``: a list's items joined with spaces.

>>> fill("{tile:t} on {hex}", {"t.B3": "Buddha 3"}, {"tile": "B3", "hex": "F7"})
'Buddha 3 on F7'
>>> fill("{tiles:t}", {"t.B3": "Buddha 3", "t.H2": "Helmet 2"}, {"tiles": ["B3", "H2"]})
'Buddha 3, Helmet 2'
>>> fill("the {s:k}", {"k.village": "village {hex}"}, {"s": "village", "hex": "F7"})
'the village F7'
>>> fill("{points:seats}; {w:seat}", {}, {"points": [3, 0, 1], "w": 2}, ["Ann", "Bo", "Chie"])
'Ann 3, Chie 1; Chie'
>>> fill("{n:count} and {p:join}", {}, {"n": ["a", "b"], "p": ["H", "F7"]})
'2 and H F7'
>>> fill("{missing} stays", {}, {})
'{missing} stays'
"""

from __future__ import annotations

import json
import string
from collections.abc import Mapping, Sequence
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


BUILT_IN = frozenset({"seat", "seats", "count", "join"})


class _TermFormatter(string.Formatter):
    def __init__(
        self, table: Mapping[str, str], args: Mapping[str, Any], names: Sequence[str], depth: int
    ) -> None:
        self.table = table
        self.args = args
        self.names = names
        self.depth = depth

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        if isinstance(key, int):
            return super().get_value(key, args, kwargs)
        return kwargs[key]

    def format_field(self, value: Any, format_spec: str) -> str:
        if format_spec in BUILT_IN:
            return self._built_in(value, format_spec)
        if format_spec and format_spec[0].isalpha():
            if isinstance(value, list | tuple):
                return ", ".join(self._term(format_spec, v) for v in value)
            return self._term(format_spec, value)
        return str(super().format_field(value, format_spec))

    def _built_in(self, value: Any, spec: str) -> str:
        if spec == "count":
            return str(len(value) if isinstance(value, list | tuple) else value)
        if spec == "join":
            return " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        if spec == "seat":
            return self._name(value)
        if not isinstance(value, list | tuple):  # "seats"
            return str(value)
        shown = [f"{self._name(seat)} {_number(v)}" for seat, v in enumerate(value) if v]
        return ", ".join(shown) or self.table.get("list.nobody", "nobody")

    def _name(self, seat: Any) -> str:
        ok = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(self.names)
        return self.names[seat] if ok else str(seat)

    def _term(self, prefix: str, value: Any) -> str:
        template = self.table.get(f"{prefix}.{value}")
        if template is None:
            return str(value)
        if self.depth >= 2 or "{" not in template:
            return template
        return fill(template, self.table, self.args, self.names, self.depth + 1)


def _number(value: Any) -> str:
    if isinstance(value, float) and value.is_integer():
        return str(int(value))
    return f"{value:g}" if isinstance(value, float) else str(value)


def fill(
    template: str,
    table: Mapping[str, str],
    args: Mapping[str, Any],
    names: Sequence[str] = (),
    depth: int = 0,
) -> str:
    """``template`` with ``args`` filled, term specs looked up in ``table``, seat numbers
    named from ``names``."""
    try:
        return _TermFormatter(table, args, names, depth).vformat(template, (), _Args(args))
    except (ValueError, IndexError, AttributeError):
        return template
