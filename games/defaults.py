"""Defaults for the optional parts of the :class:`games.base.Game` protocol, written once:
as functions for a game declared as a record (:class:`games.record.Rules`, the five
games), and as :class:`GameDefaults` for a game written as a class (the tests' toys)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.ai import RandomPlayer
from games.base import JSON, Action, Player, Seat, State
from games.errors import IllegalAction, Reason
from games.forms import Answers, Form


def accept_options(options: Mapping[str, JSON], players: int | None) -> None:
    """``validate_options``: every resolved option suits every player count."""
    return None


def no_sides(state: State) -> tuple[str, ...] | None:
    """``sides``: seats differ by their turn only."""
    return None


def nothing_unlisted(state: State, seat: Seat, action: Action) -> Action | None:
    """``unlisted``: ``legal()`` lists every action the rules allow."""
    return None


def no_form(state: State, seat: Seat) -> Form | None:
    """``form``: no secret choice to make as a form."""
    return None


def no_answer(state: State, seat: Seat, answers: Answers, *, final: bool) -> Sequence[Action]:
    """``answer``: with no form, nothing to choose."""
    raise IllegalAction(Reason("forms.none", "There is nothing to choose now."))


def no_end_turn(state: State, seat: Seat) -> Action | None:
    """``end_turn``: no End button."""
    return None


def never_undo(state: State, seat: Seat) -> bool:
    """``can_undo``: every action is a whole turn, confirmed when played."""
    return False


def no_buttons(state: State, seat: Seat) -> Sequence[Action] | None:
    """``public_choices`` when what a seat may do depends on what the public cannot see."""
    return None


def by_declaration(state: State, seat: Seat) -> Sequence[Action] | None:
    """``public_choices`` left to the declarations: :class:`games.record.Rules` puts
    ``legal`` in its place for a game without hidden information or that declares
    ``legal_is_public``, else :func:`no_buttons`. Never called."""
    raise AssertionError("replaced when the record is made")


def nothing_hidden(state: State, seat: Seat | None, seed: int) -> State:
    """``shuffle_hidden`` of a game without hidden information: ``state`` itself."""
    return state


def random_player(strength: str, seed: int, budget_s: float) -> Player:
    """``make_player``: a random legal player."""
    return RandomPlayer(seed)


class GameDefaults:
    """Defaults for the optional parts of :class:`Game` (games inherit and override)."""

    end_reasons: tuple[str, ...] = ()
    legal_is_public: bool = False
    """The declaration behind the default :meth:`public_choices` (see
    :func:`by_declaration`)."""
    validate_options = staticmethod(accept_options)
    sides = staticmethod(no_sides)
    unlisted = staticmethod(nothing_unlisted)
    form = staticmethod(no_form)
    answer = staticmethod(no_answer)
    end_turn = staticmethod(no_end_turn)
    make_player = staticmethod(random_player)

    def public_choices(self, state: State, seat: Seat) -> Sequence[Action] | None:
        if self.legal_is_public or not getattr(self, "hidden_information", True):
            return self.legal(state, seat)  # type: ignore[attr-defined, no-any-return]
        return None
