"""Numbers players type (hours of a clock, a vacation): refused with one sentence unless
finite and within bounds. NaN, infinities and 10**5000 never reach the store."""

from __future__ import annotations

import math

from bot.service.results import NotAllowed

HOURS_MAX = 720.0  # 30 days
REMINDER_MIN = 1.0
DEADLINE_MIN = 12.0


def hours(value: float | int | str, *, low: float, high: float = HOURS_MAX, off: bool) -> float:
    """``value`` as hours between ``low`` and ``high`` (``0`` also allowed with ``off``)."""
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        number = math.nan
    if math.isfinite(number) and (low <= number <= high or (off and number == 0)):
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
