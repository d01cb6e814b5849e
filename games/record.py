"""A game as one declared record: :class:`Rules`, its functions and constants.

A game package writes its rules as plain functions and declares them once::

    GAME = Rules(key="samurai", title="Samurai", seats=(2, 3, 4), ...,
                 setup=setup.new_game, legal=rules.legal, apply=_apply, ...)

Each field has the name and the signature of the :class:`games.base.Game` member it is,
so a :class:`Rules` *is* a ``Game`` (``mypy`` checks every package's ``GAME`` against the
protocol) and nothing forwards a call. The optional members have their defaults here,
written once (see :mod:`games.defaults`); ``public_choices`` left out follows the
``hidden_information`` and ``legal_is_public`` declarations. The renderer's
:class:`renderer.plugin.Drawing` is the same idea for pictures.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, TypeVar

from games.base import (
    JSON,
    Action,
    Event,
    Game,
    IllegalAction,
    OptionSpec,
    Outcome,
    Player,
    Seat,
    State,
    View,
)
from games.defaults import (
    accept_options,
    by_declaration,
    never_undo,
    no_answer,
    no_buttons,
    no_end_turn,
    no_form,
    no_sides,
    nothing_hidden,
    nothing_unlisted,
    random_player,
)

if TYPE_CHECKING:
    from games.forms import Answers, Form

__all__ = ["Answer", "Rules", "own"]

A = TypeVar("A")


class Answer(Protocol):
    """The signature of :meth:`games.base.Game.answer` (``final`` is keyword-only)."""

    def __call__(
        self, state: State, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[Action]: ...


@dataclass(frozen=True)
class Rules:
    """A :class:`games.base.Game` made of a game's functions and constants (one record)."""

    key: str
    title: str
    seats: tuple[int, ...]
    options: tuple[OptionSpec, ...]
    rules_version: int
    hidden_information: bool
    setup: Callable[[int, Mapping[str, JSON], int], State]
    to_act: Callable[[State], frozenset[Seat]]
    legal: Callable[[State, Seat], Sequence[Action]]
    apply: Callable[[State, Seat, Action], tuple[State, list[Event]]]
    explain_illegal: Callable[[State, Seat, Action], str]
    resign: Callable[[State, Seat], tuple[State, list[Event]]]
    view: Callable[[State, Seat | None], View]
    hand: Callable[[State, Seat], JSON]
    outcome: Callable[[State], Outcome | None]
    parse: Callable[[State, Seat, str], Action]
    notation: Callable[[State, Action], str]
    label: Callable[[State, Action], str]
    dump_state: Callable[[State], JSON]
    load_state: Callable[[JSON], State]
    make_player: Callable[[str, int, float], Player] = random_player
    end_reasons: tuple[str, ...] = ()
    legal_is_public: bool = False
    """For a game with hidden information that never reaches ``legal()`` or ``label()``:
    the default ``public_choices`` is then ``legal()`` (see :mod:`games.defaults`)."""
    can_undo: Callable[[State, Seat], bool] = never_undo
    validate_options: Callable[[Mapping[str, JSON], int | None], None] = accept_options
    sides: Callable[[State], tuple[str, ...] | None] = no_sides
    unlisted: Callable[[State, Seat, Action], Action | None] = nothing_unlisted
    form: Callable[[State, Seat], Form | None] = no_form
    answer: Answer = no_answer
    end_turn: Callable[[State, Seat], Action | None] = no_end_turn
    public_choices: Callable[[State, Seat], Sequence[Action] | None] = by_declaration
    shuffle_hidden: Callable[[State, Seat | None, int], State] = nothing_hidden
    """Required of a game with ``hidden_information`` (refused without it)."""
    perft: Callable[[State, int], int] | None = None
    """Not of the protocol: a game's own fast count of the action sequences of a depth
    (``python -m games perft`` and the benchmark use it where there is one)."""

    def __post_init__(self) -> None:
        if self.hidden_information and self.shuffle_hidden is nothing_hidden:
            raise TypeError(f"{self.key} hides information: it must redeal it (shuffle_hidden)")
        if self.public_choices is by_declaration:
            public = self.legal_is_public or not self.hidden_information
            object.__setattr__(self, "public_choices", self.legal if public else no_buttons)


def _a_game(rules: Rules) -> Game:
    return rules  # the type checker proves here that every record satisfies the protocol


def own(kinds: type[A] | tuple[type[A], ...], refusal: str) -> Callable[[Action], A]:
    """The check a game's functions make of an action from outside: ``action`` itself
    when it is one of the game's ``kinds``, else :class:`IllegalAction` saying
    ``refusal`` (a sentence or a :class:`~games.errors.Reason`)."""

    def ours(action: Action) -> A:
        if not isinstance(action, kinds):
            raise IllegalAction(refusal)
        return action

    return ours
