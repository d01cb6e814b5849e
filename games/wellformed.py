"""Whether an action object is well formed: the check every explainer makes before it
reads an action's fields (any object may come in from a caller)."""

from __future__ import annotations

import dataclasses
import types
import typing
from typing import Any

from games.errors import Reason

MALFORMED_ACTION = Reason(
    "rules.common.malformed_action", "That is not a well-formed action of this game."
)
"""What :func:`games.engine.act` says of an object no game rule can speak about."""


def well_formed(action: object) -> bool:
    """Whether a dataclass ``action`` holds values of the types its fields declare
    (``str``, ``int``, ``bool``, ``None``, tuples and unions of them; exact types, so a
    ``bool`` is no ``int``). Explainers call it before reading the fields. Objects that
    are not dataclass instances are left to the game (``True``)."""
    kind = type(action)
    if not dataclasses.is_dataclass(action) or isinstance(action, type):
        return True
    hints = _field_hints(kind)
    try:
        return all(_matches(getattr(action, name), hint) for name, hint in hints)
    except AttributeError:  # a field never set (an object built without __init__)
        return False


_HINTS: dict[type, tuple[tuple[str, Any], ...]] = {}


def _field_hints(kind: type) -> tuple[tuple[str, Any], ...]:
    if kind not in _HINTS:
        hints = typing.get_type_hints(kind)
        _HINTS[kind] = tuple((f.name, hints.get(f.name, Any)) for f in dataclasses.fields(kind))
    return _HINTS[kind]


def _matches(value: object, hint: Any) -> bool:
    origin = typing.get_origin(hint)
    if hint is Any:
        return True
    if hint is None or hint is type(None):
        return value is None
    if origin in (typing.Union, types.UnionType):
        return any(_matches(value, arg) for arg in typing.get_args(hint))
    if origin is typing.Literal:
        return any(type(value) is type(arg) and value == arg for arg in typing.get_args(hint))
    if origin is tuple:
        if type(value) is not tuple:
            return False
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return all(_matches(item, args[0]) for item in value)
        return len(value) == len(args) and all(map(_matches, value, args))
    if hint in (str, int, bool, float):
        return type(value) is hint
    if isinstance(hint, type):
        return isinstance(value, hint)
    return True  # a hint this check does not know: left to the game
