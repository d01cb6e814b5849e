"""The words of each game, shared by the bot and the renderer (one noun, one key).

A game's catalogue fragments live in its data folder, ``data/<key>/locales/<locale>.json``,
every key prefixed by the game's key (``samurai.tile.B``). The bot's catalogue
(``bot/words/locales``) and the renderer's (``renderer/locales``) hold only what every game
shares; each merges these fragments at load. A game registered from elsewhere (a test's
toy game) adds its fragment with :func:`add`.

Templates are ``str.format`` strings with one extension, a *spec* after the colon. A spec
naming a catalogue prefix is a *term*: ``{tile:samurai.tile}`` looks the value up as
``samurai.tile.<value>`` in the same catalogue (a list of values is joined with commas,
or with " + " after a ``+``: ``{cards:china.card+}``; a value without an entry stays as it
is; the term's own placeholders are filled from the same arguments), so an engine puts
codes in its events and the catalogue names them.
A few specs are built in, for what every game's events carry:

* ``{winner:seat}``: a seat number as the seat's name (``names`` given to :func:`fill`);
* ``{points:seats}``: one number per seat as "Ann 3, Bo 1" (zeros left out; all zero:
  the catalogue's ``list.nobody``);
* ``{houses:count}``: how many items a list holds;
* ``{first:join}``: a list's items joined with spaces;
* ``{parts:and}``: a list joined as the language joins the last item (the catalogue's
  ``list.and``: "a, b and c", "a, b y c");
* a :class:`games.errors.Reason` given as a value is said by its own catalogue entry (so a
  label built of parts is worded part by part in the reader's language);
* ``{cost:num}``: a number written the reader's way (Babel: ``1,000`` / ``1000``, ``2.5`` /
  ``2,5``);
* ``{houses:#china.piece.houses}``: a *counted term*: the number (a list counts its items)
  picks ``<prefix>.<category>`` by the plural rules of the reader's language (Babel's
  CLDR data: ``one``, ``other``, Spanish ``many``…; a missing category reads ``other``),
  filled with ``{n}`` and the same arguments. No catalogue writes "house(s)".

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
>>> table = {"h.one": "a house", "h.other": "{n} houses"}
>>> fill("{a:#h} and {b:#h}", table, {"a": ["F7"], "b": 1200})
'a house and 1,200 houses'
>>> fill("{b:#h}, {c:num}", {"h.other": "{n} casas"}, {"b": 1200, "c": 2.5}, locale="es")
'1.200 casas, 2,5'
"""

from __future__ import annotations

import json
import re
import string
import unicodedata
from collections.abc import Mapping, Sequence
from functools import cache
from typing import Any

from babel import Locale, UnknownLocaleError
from babel.numbers import format_decimal

from games import files

__all__ = [
    "DATA_DIR",
    "add",
    "aliases",
    "fill",
    "fragments",
    "game_keys",
    "number",
    "plural_category",
    "spoken",
    "unalias",
]

DATA_DIR = files.DATA_DIR

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


def _fold_word(word: str) -> str:
    decomposed = unicodedata.normalize("NFKD", word.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


@cache
def aliases(key: str) -> Mapping[str, str]:
    """The words a game reads in other languages, folded (lower case, no accents) to the
    English word its notation parser knows: ``data/<key>/aliases/<lang>.json`` (every
    language together, so a move may mix them: ``roja wei 3``)."""
    out: dict[str, str] = {}
    for path in sorted((DATA_DIR / key / "aliases").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out.update({_fold_word(k): str(v) for k, v in data.items() if k != "about"})
    return out


@cache
def spoken(key: str, prefix: str) -> Mapping[str, str]:
    """What every language of game ``key`` calls the entries ``<prefix>.<id>`` of its
    catalogue, folded, each to its id: the Spanish boards print Spanish tile codes, and a
    player types what they see (``spoken("samurai", "samurai.code")["a2"] == "R2"``). Every
    language together, as :func:`aliases`; a name that two ids share raises ``ValueError``
    (a test reads every table, so a clash cannot ship)."""
    out: dict[str, str] = {}
    for path in sorted((DATA_DIR / key / "locales").glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for entry, name in data.items():
            head, _, ident = str(entry).rpartition(".")
            if head != prefix:
                continue
            folded = _fold_word(str(name))
            if out.setdefault(folded, ident) != ident:
                raise ValueError(f"{path.name}: {name!r} names both {out[folded]} and {ident}")
    return out


def unalias(key: str, text: str) -> str:
    """``text`` with every word the game knows in another language replaced by its English
    word; everything else (codes, numbers, punctuation) is kept.

    >>> unalias("china", "Roja verde WEI 3 + emisario")
    'red green WEI 3 + emissary'
    >>> unalias("nothing", "roja")
    'roja'
    """
    table = aliases(key)
    if not table:
        return text
    return _WORD_RE.sub(lambda m: table.get(_fold_word(m.group(0)), m.group(0)), text)


_WORD_RE = re.compile(r"[^\W\d_]+")


def game_keys(locale: str) -> dict[str, str]:
    """Which game folder each key of ``locale`` comes from (for the catalogue tests)."""
    out: dict[str, str] = {}
    for path in sorted(DATA_DIR.glob(f"*/locales/{locale}.json")):
        for key in json.loads(path.read_text(encoding="utf-8")):
            if key != "about":
                out[str(key)] = path.parent.parent.name
    return out


def _worded(value: Any) -> bool:
    """A :class:`games.errors.Reason` (or alike): English text with a catalogue key."""
    return isinstance(value, str) and isinstance(getattr(value, "key", None), str)


class _Args(dict[str, Any]):
    """Missing placeholders stay visible instead of raising mid-sentence."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


BUILT_IN = frozenset({"seat", "seats", "count", "join", "num", "and"})


@cache
def _locale(locale: str) -> Locale:
    try:
        return Locale.parse(locale.replace("-", "_"))
    except (UnknownLocaleError, ValueError):
        return Locale.parse("en")


def plural_category(n: float, locale: str = "en") -> str:
    """The CLDR plural category of ``n`` in ``locale`` (``"one"``, ``"other"``, ``"many"``…).

    >>> plural_category(1), plural_category(0), plural_category(1, "es"), plural_category(0, "es")
    ('one', 'other', 'one', 'other')
    """
    return str(_locale(locale).plural_form(abs(n)))


def number(value: Any, locale: str = "en") -> str:
    """``value`` written the way ``locale`` writes numbers (a non-number as it is).

    >>> number(1234.5), number(1234.5, "es"), number(3.0, "es"), number("x")
    ('1,234.5', '1.234,5', '3', 'x')
    """
    if isinstance(value, bool) or not isinstance(value, int | float):
        return str(value)
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    return str(format_decimal(value, locale=_locale(locale)))


class _TermFormatter(string.Formatter):
    def __init__(
        self,
        table: Mapping[str, str],
        args: Mapping[str, Any],
        names: Sequence[str],
        depth: int,
        locale: str = "en",
    ) -> None:
        self.table = table
        self.args = args
        self.names = names
        self.depth = depth
        self.locale = locale

    def get_value(self, key: int | str, args: Any, kwargs: Any) -> Any:
        if isinstance(key, int):
            return super().get_value(key, args, kwargs)
        return kwargs[key]

    def format_field(self, value: Any, format_spec: str) -> str:
        if _worded(value):  # a Reason: its own catalogue entry in the reader's language
            return self._say(value)
        if isinstance(value, list | tuple) and format_spec in ("", "and"):
            value = [self._say(v) if _worded(v) else str(v) for v in value]
            if format_spec != "and":
                return ", ".join(value)
        if format_spec in BUILT_IN:
            return self._built_in(value, format_spec)
        if format_spec.startswith("#"):
            return self._counted(format_spec[1:], value)
        if format_spec and format_spec[0].isalpha():
            spec, plus = format_spec.removesuffix("+"), format_spec.endswith("+")
            if isinstance(value, list | tuple):
                return (" + " if plus else ", ").join(self._term(spec, v) for v in value)
            return self._term(spec, value)
        return str(super().format_field(value, format_spec))

    def _counted(self, prefix: str, value: Any) -> str:
        n = len(value) if isinstance(value, list | tuple) else value
        if isinstance(n, str):
            try:
                n = float(n) if "." in n else int(n)
            except ValueError:
                return str(value)
        category = plural_category(n, self.locale) if isinstance(n, int | float) else "other"
        template = self.table.get(f"{prefix}.{category}", self.table.get(f"{prefix}.other"))
        if template is None:
            return number(n, self.locale)
        args = {**self.args, "n": number(n, self.locale)}
        return fill(template, self.table, args, self.names, self.depth + 1, self.locale)

    def _say(self, value: Any) -> str:
        template = self.table.get(value.key)
        if template is None:
            return str(value)
        return fill(template, self.table, value.params, self.names, self.depth + 1, self.locale)

    def _built_in(self, value: Any, spec: str) -> str:
        if spec == "and":
            items = [str(v) for v in value] if isinstance(value, list | tuple) else [str(value)]
            if len(items) < 2:
                return "".join(items)
            last = self.table.get("list.and", "{rest} and {last}")
            return last.replace("{rest}", ", ".join(items[:-1])).replace("{last}", items[-1])
        if spec == "num":
            return number(value, self.locale)
        if spec == "count":
            return str(len(value) if isinstance(value, list | tuple) else value)
        if spec == "join":
            return " ".join(map(str, value)) if isinstance(value, list | tuple) else str(value)
        if spec == "seat":
            return self._name(value)
        if not isinstance(value, list | tuple):  # "seats"
            return str(value)
        shown = [
            f"{self._name(seat)} {number(v, self.locale)}" for seat, v in enumerate(value) if v
        ]
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
        return fill(template, self.table, self.args, self.names, self.depth + 1, self.locale)


def fill(
    template: str,
    table: Mapping[str, str],
    args: Mapping[str, Any],
    names: Sequence[str] = (),
    depth: int = 0,
    locale: str = "en",
) -> str:
    """``template`` with ``args`` filled, term specs looked up in ``table``, seat numbers
    named from ``names``, numbers and plurals by the rules of ``locale``."""
    if depth > 3:
        return template
    try:
        formatter = _TermFormatter(table, args, names, depth, locale)
        return formatter.vformat(template, (), _Args(args))
    except (ValueError, IndexError, AttributeError):
        return template
