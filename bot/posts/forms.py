"""A game's secret form (:mod:`games.forms`) in the reader's words, ready for any surface.

The Discord layer turns a :class:`FormView` into selects, buttons and a modal; nothing
here knows which game asked. Option values are expanded per copy (``S1#1``, ``S1#2``) so
that a select can offer an option that may be chosen twice, and folded back before the
game sees them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from bot.words.text import t
from games.forms import Amounts, Form, One, Pick, Text

COPY = "#"


def say(text: Text, locale: str, names: Sequence[str] = ()) -> str:
    """A form's text in ``locale``: its catalogue entry, else the English fallback. A
    ``seat`` parameter becomes that seat's name."""
    params = dict(text.params)
    seat = params.get("seat")
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
        params["seat"] = names[seat]
    said = t(text.key, locale, **params)
    if said == text.key:
        try:
            return text.fallback.format(**params)
        except (KeyError, IndexError, ValueError):
            return text.fallback
    return said


@dataclass(frozen=True)
class FieldView:
    index: int
    name: str
    kind: str  # "pick", "one", "amounts"
    label: str
    options: tuple[tuple[str, str], ...] = ()  # (label, value) for pick and one
    min: int = 1
    max: int = 1
    selected: tuple[str, ...] = ()  # expanded values already chosen
    boxes: tuple[tuple[str, str, int, int, int], ...] = ()  # (name, label, min, max, value)
    total: tuple[int, int] = (0, 0)


@dataclass(frozen=True)
class FormView:
    game_id: int
    key: str
    prompt: str
    fields: tuple[FieldView, ...]
    live: bool
    instant: bool
    locale: str
    answers: Mapping[str, Any]

    def summary(self) -> str:
        """What has been chosen so far, one line per field, under its heading."""
        return "\n".join([t("form.so_far", self.locale), *self.chosen()])

    def chosen(self) -> list[str]:
        """What has been chosen, one line per field (``**label**: choices``)."""
        lines = []
        for f in self.fields:
            if f.kind == "amounts":
                shown = ", ".join(f"{label} {value}" for _, label, _, _, value in f.boxes)
            else:
                labels = dict((v, label) for label, v in f.options)
                shown = ", ".join(labels.get(v, v) for v in f.selected) or "—"
            lines.append(f"**{f.label}**: {shown}")
        return lines


def expand(values: Sequence[str]) -> list[str]:
    """``["S1", "S1", "B3"]`` → ``["S1#1", "S1#2", "B3#1"]``."""
    seen: dict[str, int] = {}
    out = []
    for value in values:
        seen[value] = seen.get(value, 0) + 1
        out.append(f"{value}{COPY}{seen[value]}")
    return out


def fold(values: Sequence[str]) -> list[str]:
    return [str(v).rsplit(COPY, 1)[0] for v in values]


def view_of(
    form: Form,
    game_id: int,
    locale: str,
    names: Sequence[str] = (),
    draft: Mapping[str, Any] | None = None,
) -> FormView:
    answers = {**form.initial, **(draft or {})}
    fields = []
    for index, f in enumerate(form.fields):
        label = say(f.label, locale, names)
        if isinstance(f, Pick | One):
            fields.append(_choice_view(f, index, label, answers.get(f.name), locale, names))
        else:
            assert isinstance(f, Amounts)
            fields.append(_amounts_view(f, index, label, answers.get(f.name) or {}, locale, names))
    return FormView(
        game_id=game_id,
        key=form.key,
        prompt=say(form.prompt, locale, names),
        fields=tuple(fields),
        live=form.live,
        instant=form.instant,
        locale=locale,
        answers=answers,
    )


def _choice_view(
    f: Pick | One, index: int, label: str, chosen: Any, locale: str, names: Sequence[str]
) -> FieldView:
    """A select (or buttons): every option once per copy, the answers so far selected."""
    options = tuple(
        (say(o.label, locale, names), f"{o.value}{COPY}{copy}")
        for o in f.options
        for copy in range(1, o.count + 1)
    )
    if isinstance(f, One):
        chosen = [chosen] if isinstance(chosen, str) else []
    selected = tuple(expand([str(v) for v in chosen or []]))
    low, high = (f.min, f.max) if isinstance(f, Pick) else (1, 1)
    kind = "pick" if isinstance(f, Pick) else "one"
    return FieldView(index, f.name, kind, label, options, low, high, selected)


def _amounts_view(
    f: Amounts,
    index: int,
    label: str,
    given: Mapping[str, Any],
    locale: str,
    names: Sequence[str],
) -> FieldView:
    """A modal's boxes, each with its bounds and the amount given so far."""
    boxes = tuple(
        (b.name, say(b.label, locale, names), b.min, b.max, int(given.get(b.name, 0)))
        for b in f.boxes
    )
    total = (f.total_min, f.total_max)
    return FieldView(index, f.name, "amounts", label, boxes=boxes, total=total)


def option_value(form: Form, field_index: int, option_index: int) -> tuple[str, str]:
    """The (field name, value) of an instant button, by index; IndexError when forged."""
    f = form.fields[field_index]
    if not isinstance(f, One):
        raise IndexError(field_index)
    return f.name, f.options[option_index].value
