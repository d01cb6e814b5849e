"""Message catalogues: every sentence the bot says comes from ``bot/locales/<lang>.json``."""

from __future__ import annotations

import json
import re
from collections import ChainMap
from collections.abc import Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from games import words
from games.base import Event, Outcome

LOCALES_DIR = Path(__file__).resolve().parent / "locales"
DEFAULT_LOCALE = "en"


@cache
def core_catalogue(locale: str) -> Mapping[str, str]:
    """The bot's own sentences (what every game shares)."""
    path = LOCALES_DIR / f"{locale}.json"
    if not path.is_file():
        return core_catalogue(DEFAULT_LOCALE) if locale != DEFAULT_LOCALE else {}
    data = json.loads(path.read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k != "about"}


def catalogue(locale: str) -> Mapping[str, str]:
    """The bot's sentences plus every game's words (``data/<key>/locales``)."""
    if not (LOCALES_DIR / f"{locale}.json").is_file():
        locale = DEFAULT_LOCALE
    return ChainMap(dict(core_catalogue(locale)), dict(words.fragments(locale)))


def has(key: str, locale: str = DEFAULT_LOCALE) -> bool:
    return key in catalogue(locale) or key in catalogue(DEFAULT_LOCALE)


def t(key: str, locale: str = DEFAULT_LOCALE, **args: Any) -> str:
    """The sentence ``key`` in ``locale`` (falling back to English) with ``args`` filled."""
    table = catalogue(locale)
    template = table.get(key)
    if template is None:
        table = catalogue(DEFAULT_LOCALE)
        template = table.get(key, key)
    return words.fill(template, table, args)


def describe_event(event: Event, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> str | None:
    """One sentence for ``event`` or ``None`` when it needs none (e.g. an end marker)."""
    args = _readable_args(dict(event.args), names, locale)
    args["player"] = names[event.seat] if event.seat is not None else ""
    args["seat_number"] = event.seat + 1 if event.seat is not None else ""
    key = "event." + event.kind
    suffix = "_".join(s for s in ("capture", "promote", "nobody") if args.get(s))
    if suffix and has(f"{key}.{suffix}", locale):
        key = f"{key}.{suffix}"
    if not has(key, locale):
        key = "event.generic"
    text = t(key, locale, **args)
    return text or None


SEAT_KEYS = ("winner",)
PER_SEAT_KEYS = ("points", "influence")
CARD_KEYS = ("card", "cards", "discard", "take")


def _readable_args(args: dict[str, Any], names: Sequence[str], locale: str) -> dict[str, Any]:
    """Seat numbers become names, per-seat lists "Ann 3, Bo 1", cards and figures words."""
    for key in SEAT_KEYS:
        value = args.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            args[key] = names[value]
    for key in PER_SEAT_KEYS:
        value = args.get(key)
        if isinstance(value, list) and len(value) == len(names):
            shown = [f"{names[i]} {_number(v)}" for i, v in enumerate(value) if v]
            args[key] = ", ".join(shown) or t("list.nobody", locale)
            args["nobody"] = args.get("nobody", True) and not shown
    for key in CARD_KEYS:
        value = args.get(key)
        if isinstance(value, str):
            args[key] = t(f"card.{value}", locale)
        elif isinstance(value, list):
            args[key] = ", ".join(t(f"card.{v}", locale) for v in value)
    if isinstance(args.get("figure"), str):  # engines may put English names in events
        args["figure_name"] = t(f"figure.{args['figure']}", locale)
    if isinstance(args.get("settlement"), str):
        args["settlement"] = settlement_name(args["settlement"], locale)
    if isinstance(args.get("reason"), str):
        args["reason"] = t(f"end.reason.{args['reason']}", locale)
    if isinstance(args.get("houses"), list):
        args["houses_count"] = len(args["houses"])
    for key in ("first", "second", "tiles"):
        if isinstance(args.get(key), list):
            args[key] = " ".join(str(v) for v in args[key])
    return args


# Unnamed Samurai settlements are titled by terrain and hex ("village F7", "city L16").
SETTLEMENT_TITLE = re.compile(r"^(village|city) ([A-Z]+[0-9]+)$")


def settlement_name(title: str, locale: str = DEFAULT_LOCALE) -> str:
    """``"village F7"`` → ``"pueblo F7"``; proper names (Edo, "Kyoto (L16)") stay."""
    match = SETTLEMENT_TITLE.match(title)
    if match is None:
        return title
    return t(f"settlement.{match[1]}", locale, hex=match[2])


def tile_name(code: str, value: int, locale: str = DEFAULT_LOCALE) -> str:
    """A Samurai tile by code: ``("B3", 3)`` → ``"Buddha 3"`` / ``"Buda 3"``."""
    kind = code if code in ("FS", "TS") else code[:1]
    return t(f"tile.{kind}", locale, value=value)


def describe_outcome(outcome: Outcome, names: Sequence[str], locale: str = DEFAULT_LOCALE) -> str:
    """Who won, why the game ended, the scores and the tie-break that decided."""
    reason = t(f"end.termination.{outcome.termination!s}", locale)
    lines = [t("end.line", locale, reason=reason)]
    if outcome.is_draw and len(outcome.winners) != 1 and len(names) == 2:
        lines.append(t("end.draw", locale))
    else:
        winners = ", ".join(names[s] for s in sorted(outcome.winners))
        lines.append(t("end.winner", locale, names=winners))
    if outcome.scores and str(outcome.termination) == "scoring":
        order = sorted(range(len(names)), key=lambda s: outcome.ranks[s])
        scores = ", ".join(
            f"{outcome.ranks[s]}. {names[s]} {_number(outcome.scores[s])}" for s in order
        )
        lines.append(t("end.scores", locale, scores=scores))
    if outcome.tiebreak:
        tiebreak = t(f"tiebreak.{outcome.tiebreak}", locale)
        if tiebreak == f"tiebreak.{outcome.tiebreak}":
            tiebreak = outcome.tiebreak.replace("_", " ")
        lines.append(t("end.tiebreak", locale, tiebreak=tiebreak))
    return "\n".join(lines)


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else f"{value:g}"
