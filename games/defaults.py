"""Defaults for the optional parts of the :class:`games.base.Game` protocol."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.ai import RandomPlayer
from games.base import JSON, Action, Player, Seat, State
from games.errors import IllegalAction, Reason
from games.forms import Answers, Form


class GameDefaults:
    """Defaults for the optional parts of :class:`Game` (games inherit and override)."""

    end_reasons: tuple[str, ...] = ()

    def validate_options(self, options: Mapping[str, JSON], players: int | None) -> None:
        return None

    def form(self, state: State, seat: Seat) -> Form | None:
        return None

    def answer(
        self, state: State, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[Action]:
        raise IllegalAction(Reason("forms.none", "There is nothing to choose now."))

    def end_turn(self, state: State, seat: Seat) -> Action | None:
        return None

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        return RandomPlayer(seed)
