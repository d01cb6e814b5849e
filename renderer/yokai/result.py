"""Yōkai's part of the result card: a win/loss column and its own end rules' words."""

from __future__ import annotations

from games.base import Outcome
from renderer.columns import result_cells
from renderer.plugin import ResultPart
from renderer.words import Words

RULES = ("failed_defence", "perpetual_check")  # ``detail["rule"]``: worded yokai.rule.<rule>


def result_part(outcome: Outcome, seats: int, tr: Words) -> ResultPart:
    """No points: one Result column; a decisive rule (a failed defence of a try,
    perpetual check) rewords why the game ended."""
    rule = outcome.detail.get("rule")
    reason = tr(f"yokai.rule.{rule}") if isinstance(rule, str) and rule in RULES else ""
    return ResultPart(result_cells(outcome, seats, tr), reason=reason)
