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
    legal_is_public: bool = False
    """The declaration behind the default :meth:`public_choices`: ``True`` for a game with
    hidden information that never reaches ``legal()`` or ``label()`` (a secret score, a
    face-down deck nobody chooses from). A game without ``hidden_information`` needs no
    declaration; a game whose hidden information reaches ``legal()`` only sometimes
    overrides :meth:`public_choices` instead."""

    def validate_options(self, options: Mapping[str, JSON], players: int | None) -> None:
        return None

    def sides(self, state: State) -> tuple[str, ...] | None:
        return None

    def unlisted(self, state: State, seat: Seat, action: Action) -> Action | None:
        return None

    def form(self, state: State, seat: Seat) -> Form | None:
        return None

    def answer(
        self, state: State, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[Action]:
        raise IllegalAction(Reason("forms.none", "There is nothing to choose now."))

    def end_turn(self, state: State, seat: Seat) -> Action | None:
        return None

    def public_choices(self, state: State, seat: Seat) -> Sequence[Action] | None:
        if self.legal_is_public or not getattr(self, "hidden_information", True):
            return self.legal(state, seat)  # type: ignore[attr-defined, no-any-return]
        return None

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        return RandomPlayer(seed)
