"""Secret choices as data: the *forms* a game asks a seat to fill in.

Some decisions are made in private and are easier as one form than as a chain of
``/move`` steps: Samurai's opening hand (five of twenty tiles), Shitenno's lot (open cards
plus one Hierarchy tile) and the answer to an offer, Rising Sun's mandate pick and war bids
(coins over four boxes). A game describes the choice a seat must make *now* as a
:class:`Form` (``Game.form``) and turns the answers back into its ordinary actions
(``Game.answer``), so the action log, undo, replay, deadlines and the AI are untouched.
The bot renders any form generically (selects, buttons, a modal for numbers, a Confirm)
and never learns what the choice means.

The vocabulary (every field has a ``name``, unique in its form):

- :class:`Pick` -- ``min``..``max`` of labelled options; an option with ``count > 1`` may
  be chosen that many times (Samurai's two S1 tiles). The answer is a list of values.
- :class:`One` -- exactly one option (also "accept or refuse", "propose to a named
  player": an option's label may name a seat). The answer is one value. A form whose only
  field is a ``One`` of at most five options is shown as buttons that answer at once.
- :class:`Amounts` -- whole numbers over named boxes, each within its bounds, their sum
  within ``total_min``..``total_max`` (coins over Seppuku / Take Hostage / Hire Ronin /
  Imperial Poets; what is not placed is held back). The answer maps box name to number.

Composition covers the rest: Shitenno's lot is a ``Pick`` of open cards plus a ``One`` of
tiles. :func:`check` validates answers against the form's shape (values offered, counts,
bounds, totals) before the game sees them, so a forged value is refused the same way in
every game; the game then applies its own rules in ``answer``.

Texts are :class:`Text` -- a catalogue key, its parameters and the English fallback -- so
the engines stay language-free. A parameter named ``seat`` is a seat number the bot
replaces by that seat's name.

Forms are *live* or not. A live form's partial answers become actions at once (Samurai's
tentative hand is game state, so it shows in the hand picture and survives restarts); a
form that is not live is held as a draft by the bot until Confirm.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

from games.errors import IllegalAction, Reason

Answers: TypeAlias = Mapping[str, Any]  # field name -> list[str] | str | dict[str, int]

FORM_KEY = re.compile(r"^[a-z0-9][a-z0-9._-]{0,39}$")
MAX_OPTIONS = 25  # a Discord select holds 25 options
MAX_BOXES = 5  # a Discord modal holds 5 inputs
MAX_FIELDS = 4  # four selects and a row of buttons fit in one message


@dataclass(frozen=True)
class Text:
    """A sentence by catalogue key, with parameters and the English fallback."""

    key: str
    fallback: str
    params: Mapping[str, Any] = field(default_factory=dict)

    def english(self) -> str:
        try:
            return self.fallback.format(**self.params)
        except (KeyError, IndexError, ValueError):
            return self.fallback


@dataclass(frozen=True)
class Option:
    """One choice of a :class:`Pick` or :class:`One`."""

    value: str
    label: Text
    count: int = 1  # how many times a Pick may take it


@dataclass(frozen=True)
class Pick:
    name: str
    label: Text
    options: tuple[Option, ...]
    min: int
    max: int


@dataclass(frozen=True)
class One:
    name: str
    label: Text
    options: tuple[Option, ...]


@dataclass(frozen=True)
class Box:
    name: str
    label: Text
    min: int = 0
    max: int = 99


@dataclass(frozen=True)
class Amounts:
    name: str
    label: Text
    boxes: tuple[Box, ...]
    total_min: int = 0
    total_max: int = 99


Field: TypeAlias = Pick | One | Amounts


@dataclass(frozen=True)
class Form:
    """The private choice a seat must make now.

    ``key`` names this very choice (``"samurai.pick"``, ``"shitenno.offer.4.2"``): buttons
    carry it, so an answer to a choice that is gone is refused and the current form is sent
    again. ``initial`` holds the answers already given (a live form's tentative choice, or
    the bot's draft).
    """

    key: str
    prompt: Text
    fields: tuple[Field, ...]
    live: bool = False
    initial: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if not FORM_KEY.match(self.key):
            raise ValueError(f"form key {self.key!r} must match {FORM_KEY.pattern}")
        if not 1 <= len(self.fields) <= MAX_FIELDS:
            raise ValueError(f"a form has 1 to {MAX_FIELDS} fields")
        names = [f.name for f in self.fields]
        if len(set(names)) != len(names):
            raise ValueError("field names must be unique")
        for f in self.fields:
            if isinstance(f, Pick | One):
                slots = sum(o.count for o in f.options)
                if not f.options or slots > MAX_OPTIONS:
                    raise ValueError(f"field {f.name!r} needs 1 to {MAX_OPTIONS} option slots")
                if isinstance(f, Pick) and not 0 <= f.min <= f.max <= slots:
                    raise ValueError(f"field {f.name!r} has bad bounds")
            elif not 1 <= len(f.boxes) <= MAX_BOXES:
                raise ValueError(f"field {f.name!r} needs 1 to {MAX_BOXES} boxes")

    def field_named(self, name: str) -> Field:
        for f in self.fields:
            if f.name == name:
                return f
        raise _refuse("forms.no_field", "That choice has no part called {name}.", name=name)

    @property
    def instant(self) -> bool:
        """A lone choice of at most five options: buttons that answer at once."""
        return (
            len(self.fields) == 1
            and isinstance(self.fields[0], One)
            and (len(self.fields[0].options) <= 5)
        )


def _refuse(key: str, text: str, **params: Any) -> IllegalAction:
    return IllegalAction(Reason(key, text.format(**params), **params))


# how many to pick, what amounts add up to: (key, text) for a range and for one number
BOUNDS = {
    "pick": (
        ("forms.pick_count", "Choose between {low} and {high}."),
        ("forms.pick_exact", "Choose {n}."),
    ),
    "total": (
        ("forms.total_bounds", "The amounts must add up to between {low} and {high}."),
        ("forms.total_exact", "The amounts must add up to {n}."),
    ),
}


def _out_of_bounds(kind: str, low: int, high: int) -> IllegalAction:
    """The refusal of a count outside ``low..high``: "Choose 5", not "between 5 and 5"."""
    ranged, exact = BOUNDS[kind]
    if low == high:
        return _refuse(*exact, n=low)
    return _refuse(*ranged, low=low, high=high)


def check_field(form_field: Field, value: Any) -> Any:
    """``value`` as a well-formed answer of ``form_field`` (canonical type) or IllegalAction.

    Checks only the shape the form promised: offered values, how often, bounds, totals.
    """
    if isinstance(form_field, Pick):
        return _check_pick(form_field, value)
    if isinstance(form_field, One):
        if not isinstance(value, str) or value not in {o.value for o in form_field.options}:
            raise _refuse("forms.not_offered", "That choice is not on offer.")
        return value
    return _check_amounts(form_field, value)


def _check_pick(form_field: Pick, value: Any) -> list[str]:
    if isinstance(value, str) or not isinstance(value, Sequence):
        raise _refuse("forms.not_a_list", "Choose from the list.")
    values = [str(v) for v in value]
    allowed = {o.value: o.count for o in form_field.options}
    for v, n in Counter(values).items():
        if v not in allowed:
            raise _refuse("forms.not_offered", "That choice is not on offer.")
        if n > allowed[v]:
            raise _refuse(
                "forms.too_often", "That choice can be taken at most {n} times.", n=allowed[v]
            )
    if not form_field.min <= len(values) <= form_field.max:
        raise _out_of_bounds("pick", form_field.min, form_field.max)
    return values


def _check_amounts(form_field: Amounts, value: Any) -> dict[str, int]:
    if not isinstance(value, Mapping):
        raise _refuse("forms.not_amounts", "Enter a whole number in each box.")
    out: dict[str, int] = {}
    boxes = {b.name: b for b in form_field.boxes}
    if set(value) - set(boxes):
        raise _refuse("forms.not_offered", "That choice is not on offer.")
    for name, box in boxes.items():
        amount = value.get(name, 0)
        if isinstance(amount, bool) or not isinstance(amount, int):
            raise _refuse("forms.not_amounts", "Enter a whole number in each box.")
        if not box.min <= amount <= box.max:
            raise _refuse(
                "forms.box_bounds",
                "Each amount must be between {low} and {high}.",
                low=box.min,
                high=box.max,
            )
        out[name] = amount
    total = sum(out.values())
    if not form_field.total_min <= total <= form_field.total_max:
        raise _out_of_bounds("total", form_field.total_min, form_field.total_max)
    return out


def check(form: Form, answers: Answers, *, complete: bool = True) -> dict[str, Any]:
    """Validate ``answers`` against ``form``; with ``complete`` every field must be there
    (a Pick whose minimum is 0 may be left out)."""
    out: dict[str, Any] = {}
    for name, value in answers.items():
        out[name] = check_field(form.field_named(name), value)
    if complete:
        for f in form.fields:
            if f.name in out:
                continue
            if isinstance(f, Pick) and f.min == 0:
                out[f.name] = []
            elif isinstance(f, Amounts) and f.total_min == 0 and all(b.min == 0 for b in f.boxes):
                out[f.name] = {b.name: 0 for b in f.boxes}
            else:
                raise _refuse("forms.missing", "Answer every part first.")
    return out


def parse_amounts(boxes: Sequence[Box], texts: Mapping[str, str]) -> dict[str, int]:
    """Typed box texts (from a modal) as whole numbers, or IllegalAction in one sentence.
    Refuses NaN, infinities, fractions and numbers longer than four digits."""
    out: dict[str, int] = {}
    for box in boxes:
        raw = (texts.get(box.name) or "0").strip() or "0"
        if not re.fullmatch(r"[0-9]{1,4}", raw):
            raise _refuse("forms.not_amounts", "Enter a whole number in each box.")
        out[box.name] = int(raw)
    return out
