"""The notation examples in the module docstring are part of the suite."""

from __future__ import annotations

import doctest

import games.yokai.notation


def test_notation_docstring_examples() -> None:
    result = doctest.testmod(games.yokai.notation)
    assert result.attempted >= 5
    assert result.failed == 0
