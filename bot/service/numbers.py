"""Numbers players type (hours of a clock, a vacation): refused with one sentence unless
finite and within bounds. NaN, infinities and 10**5000 never reach the store."""

from __future__ import annotations

import math

from bot.service.results import NotAllowed

HOURS_MAX = 720.0  # 30 days
REMINDER_MIN = 1.0
DEADLINE_MIN = 12.0
AI_SECONDS = (0.1, 10.0)  # the hard AI's thinking time per move (a server setting)


def hours(value: float | int | str, *, low: float, high: float = HOURS_MAX, off: bool) -> float:
    """``value`` as hours between ``low`` and ``high`` (``0`` also allowed with ``off``)."""
    number = within(value, low, high, off=off)
    if number is not None:
        return number
    raise NotAllowed(
        "err.hours_range",
        value=str(value)[:20],
        low=f"{low:g}",
        high=f"{high:g}",
        off=" (0 = off)" if off else "",
    )


def reminder_hours(value: float | int | str) -> float:
    return hours(value, low=REMINDER_MIN, off=True)


def deadline_hours(value: float | int | str) -> float:
    return hours(value, low=DEADLINE_MIN, off=True)


def ai_seconds(value: float | int | str) -> float:
    """The hard AI's thinking time per move, between :data:`AI_SECONDS` (seconds)."""
    low, high = AI_SECONDS
    number = within(value, low, high)
    if number is not None:
        return number
    bounds = {"low": f"{low:g}", "high": f"{high:g}"}
    raise NotAllowed("err.ai_seconds_range", value=str(value)[:20], **bounds)


def within(value: float | int | str, low: float, high: float, *, off: bool = False) -> float | None:
    """``value`` as a finite number between ``low`` and ``high`` (or 0 with ``off``), else
    ``None``."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        return None
    if math.isfinite(number) and (low <= number <= high or (off and number == 0)):
        return number
    return None
