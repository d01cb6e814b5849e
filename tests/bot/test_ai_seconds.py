"""The hard AI's thinking time a server may set: a finite number of seconds between 0.1
and 10, or one sentence and nothing stored (Discord's client checks the range, but a
forged payload does not).

Defect guarded: a value taken as typed (NaN, infinity, 0, an hour): red, shown by
returning ``float(value)`` from :func:`bot.service.numbers.ai_seconds`."""

from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.service import numbers
from bot.service.results import NotAllowed


@given(st.floats(min_value=0.1, max_value=10.0))
def test_seconds_in_bounds_are_kept(seconds: float) -> None:
    assert numbers.ai_seconds(seconds) == seconds


@given(
    st.floats(allow_nan=True, allow_infinity=True).filter(
        lambda x: not (math.isfinite(x) and 0.1 <= x <= 10.0)
    )
    | st.sampled_from(["abc", "1e999", "nan", "-inf", "", "0", "10.5", "1,5"])
)
def test_anything_else_is_one_sentence(value: float | str) -> None:
    with pytest.raises(NotAllowed) as refused:
        numbers.ai_seconds(value)
    assert "entre 0.1 y 10 segundos" in refused.value.localized("es")
