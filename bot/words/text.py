"""Message catalogues: every sentence the bot says comes from ``bot/words/locales/<lang>.json``
(what every game shares) merged with every game's words (``data/<key>/locales``).

Nothing here knows a game. An event of kind ``<game>.<name>`` is worded by the catalogue
key ``<game>.event.<name>`` (a kind without a game, ``undo``, by ``event.<kind>``); its
arguments are filled with :func:`games.words.fill`, whose specs turn codes into words
(``{tile:samurai.tile}``), seat numbers into names (``{winner:seat}``, ``{points:seats}``)
and lists into counts (``{houses:count}``). A variant ``<key>.<arg>`` (or
``<key>.<arg1>_<arg2>``) is chosen when those arguments are set: ``yokai.event.move.capture``
for a move that took a piece.
"""

from __future__ import annotations

import json
from collections import ChainMap
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from games import words
from games.base import Action, Event, Game, Outcome, State, Termination

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT_LOCALE = "en"
SHARED_TERMINATIONS = frozenset(str(term) for term in Termination)


@cache
def core_catalogue(locale: str) -> Mapping[str, str]:
    """The bot's own sentences (what every game shares)."""
    path = LOCALES_DIR / f"{locale}.json"
    if not path.is_file():
        return core_catalogue(DEFAULT_LOCALE) if locale != DEFAULT_LOCALE else {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "about"}


@cache
def _has_locale(locale: str) -> bool:
    return (LOCALES_DIR / f"{locale}.json").is_file()


# locale -> (the games' words it was built from, the catalogue, its variants by key)
_CATALOGUES: dict[str, tuple[Mapping[str, str], Mapping[str, str], dict[str, list[str]]]] = {}


def _built(locale: str) -> tuple[Mapping[str, str], Mapping[str, str], dict[str, list[str]]]:
    """The catalogue of ``locale`` and its variant index, built once and again only when
    the games' words change (``words.add_words`` makes a new ``fragments`` mapping): every
    sentence of every post reads it, and merging ~2,000 entries each time was a fifth of a
    move's work on the main thread."""
    if not _has_locale(locale):
        locale = DEFAULT_LOCALE
    fragments = words.fragments(locale)
    built = _CATALOGUES.get(locale)
    if built is None or built[0] is not fragments:
        table = ChainMap(dict(core_catalogue(locale)), dict(fragments))
        variants: dict[str, list[str]] = {}
        for candidate in table:  # "a.b.c_d" is a variant of "a" and of "a.b"
            for i, char in enumerate(candidate):
                if char == ".":
                    variants.setdefault(candidate[:i], []).append(candidate)
        built = _CATALOGUES[locale] = (fragments, table, variants)
    return built


def catalogue(locale: str) -> Mapping[str, str]:
    """The bot's sentences plus every game's words (``data/<key>/locales``); read only."""
    return _built(locale)[1]


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale) or key in catalogue(DEFAULT_LOCALE)


def t(
    key: str, locale: str = DEFAULT_LOCALE, *, seat_names: Sequence[str] = (), **args: Any
) -> str:
    """The sentence ``key`` in ``locale`` (falling back to English) with ``args`` filled;
    ``seat_names`` name seats for the ``seat`` and ``seats`` specs."""
    table = catalogue(locale)
    template = table.get(key)
    if template is None:
        table = catalogue(DEFAULT_LOCALE)
        template = table.get(key, key)
    return words.fill(template, table, args, seat_names, locale=locale)


def event_key(kind: str) -> str:
    """``samurai.tile`` -> ``samurai.event.tile``; ``undo`` -> ``event.undo``."""
    game, dot, name = kind.partition(".")
    return f"{game}.event.{name}" if dot else f"event.{kind}"


def _variant(key: str, args: Mapping[str, Any]) -> str:
    """The most specific ``key.<a>_<b>`` variant whose arguments are all set, else ``key``."""
    prefix = key + "."
    best, best_size = key, 0
    for candidate in _built(DEFAULT_LOCALE)[2].get(key, ()):  # every locale has English keys
        parts = candidate[len(prefix) :].split("_")
        names = _split_names(parts, args)
        if names and all(args.get(n) for n in names) and len(names) > best_size:
            best, best_size = candidate, len(names)
    return best


def _split_names(parts: list[str], args: Mapping[str, Any]) -> list[str] | None:
    """``["capture", "promote"]`` as argument names; names may hold ``_`` themselves
    (``set_aside``), so the parts are joined greedily into names ``args`` has."""
    names: list[str] = []
    i = 0
    while i < len(parts):
        for j in range(len(parts), i, -1):
            name = "_".join(parts[i:j])
            if name in args:
                names.append(name)
                i = j
                break
        else:
            return None
    return names


def describe_event(event: Event, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> str | None:
    """One sentence for ``event`` or ``None`` when it needs none (e.g. an end marker)."""
    args: dict[str, Any] = dict(event.args)
    args["player"] = names[event.seat] if event.seat is not None else ""
    args["seat_number"] = event.seat + 1 if event.seat is not None else ""
    key = event_key(event.kind)
    key = _variant(key, args) if has(key, locale) else "event.generic"
    text = t(key, locale, seat_names=names, **args)
    return text or None


def describe_outcome(
    outcome: Outcome,
    names: Sequence[str],
    locale: str = DEFAULT_LOCALE,
    *,
    game_key: str | None = None,
) -> str:
    """Who won, why the game ended, the scores and the tie-break that decided.

    A reason every game shares is worded ``end.termination.<reason>``, a game's own
    (``Game.end_reasons``) ``<game_key>.end.<reason>``; a tie-break ``<game_key>.tiebreak.
    <name>``, else the shared ``tiebreak.<name>``, else its name.
    """
    term = str(outcome.termination)
    if term in SHARED_TERMINATIONS or game_key is None:
        reason_key = f"end.termination.{term}"
    else:
        reason_key = f"{game_key}.end.{term}"
    reason = t(reason_key, locale) if has(reason_key, locale) else term.replace("_", " ")
    lines = [t("end.line", locale, reason=reason)]
    if outcome.is_draw and len(outcome.winners) != 1 and len(names) == 2:
        lines.append(t("end.draw", locale))
    else:
        winners = ", ".join(names[s] for s in sorted(outcome.winners))
        lines.append(t("end.winner", locale, names=winners))
    if outcome.scores and term == Termination.SCORING:
        order = sorted(range(len(names)), key=lambda s: outcome.ranks[s])
        scores = ", ".join(
            f"{outcome.ranks[s]}. {names[s]} {_number(outcome.scores[s])}" for s in order
        )
        lines.append(t("end.scores", locale, scores=scores))
    if outcome.tiebreak:
        name = outcome.tiebreak
        keys = [f"{game_key}.tiebreak.{name}"] if game_key else []
        known = [k for k in (*keys, f"tiebreak.{name}") if has(k, locale)]
        tiebreak = t(known[0], locale) if known else name.replace("_", " ")
        lines.append(t("end.tiebreak", locale, tiebreak=tiebreak))
    return "\n".join(lines)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


def say(text: str, locale: str = DEFAULT_LOCALE, *, seat_names: Sequence[str] = ()) -> str:
    """A game's text in ``locale``: a :class:`games.errors.Reason` (a label, a rule
    sentence) by its catalogue entry, any other text as it is."""
    key = getattr(text, "key", None)
    if isinstance(key, str) and has(key, locale):
        return t(key, locale, seat_names=seat_names, **getattr(text, "params", {}))
    return str(text)


def played(
    game: Game,
    state: State,
    action: Action,
    locale: str = DEFAULT_LOCALE,
    *,
    seat_names: Sequence[str] = (),
) -> str:
    """The confirmation of a move in plain words: the game's label of ``action`` in
    ``locale`` as a sentence, the notation in parentheses ("Has elegido: Yelmo 4 en C20
    (`H4@C20`)."); only the notation when the label says nothing more."""
    notation = game.notation(state, action)
    label = say(game.label(state, action), locale, seat_names=seat_names).strip()
    if not label or _plain(label) == _plain(notation):
        return t("reply.played", locale, notation=notation)
    return t("reply.played.label", locale, label=label, notation=notation)


def _plain(text: str) -> str:
    return "".join(c for c in text.lower() if c.isalnum())


# Discord's limits on the texts of components and choices.
BUTTON_LABEL = 80
SELECT_LABEL = 100
CHOICE_NAME = 100
MODAL_TITLE = 45


def fit(text: str, limit: int) -> str:
    """``text`` within ``limit`` characters, shortened by design rather than cut mid-word:
    a trailing parenthesis (a detail, like a price) goes first, then whole words, with "…".

    >>> fit("Wei: house on WEI3 (pay red + green)", 20)
    'Wei: house on WEI3'
    >>> fit("a b c d e f g", 8)
    'a b c…'
    >>> fit("short", 80)
    'short'
    """
    text = " ".join(text.split())
    if len(text) <= limit:
        return text
    if text.endswith(")") and "(" in text:
        head = text[: text.rindex("(")].rstrip()
        if 0 < len(head) <= limit:
            return head
    words_ = text[: limit - 1].split(" ")
    if len(words_) > 1:
        words_ = words_[:-1]
    return " ".join(words_).rstrip(" ,;:·—-") + "…"
