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
from functools import partial
from typing import TYPE_CHECKING, Generic, Protocol, TypeVar

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

__all__ = [
    "Answer",
    "BuiltView",
    "CheckedApply",
    "CheckedNotation",
    "CheckedText",
    "Own",
    "ParseAmong",
    "Rules",
]

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


@dataclass(frozen=True)
class Own(Generic[A]):
    """The check a game's functions make of an action from outside: ``action`` itself
    when it is one of the game's ``kinds``, else :class:`IllegalAction` saying
    ``refusal`` (a sentence or a :class:`~games.errors.Reason`)."""

    kinds: tuple[type[A], ...]
    refusal: str

    def __call__(self, action: Action) -> A:
        if not isinstance(action, self.kinds):
            raise IllegalAction(self.refusal)
        return action


# The members every game would otherwise write as the same few lines over its own modules.
# Each is a small record of module-level functions, so a game's record still pickles by
# reference (an AI worker receives it) and compares equal to its copy.


@dataclass(frozen=True)
class CheckedApply(Generic[A]):
    """``apply`` over the game's ``rule`` for its own actions (checked by ``ours``)."""

    rule: Callable[[State, Seat, A], tuple[State, list[Event]]]
    ours: Own[A]

    def __call__(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        return self.rule(state, seat, self.ours(action))


@dataclass(frozen=True)
class CheckedNotation(Generic[A]):
    """``notation`` of a game whose canonical text needs the action alone."""

    spell: Callable[[A], str]
    ours: Own[A]

    def __call__(self, state: State, action: Action) -> str:
        return self.spell(self.ours(action))


@dataclass(frozen=True)
class CheckedText(Generic[A]):
    """``label`` (menu text), or ``notation``, over the game's function of the state and
    its own action."""

    text: Callable[[State, A], str]
    ours: Own[A]

    def __call__(self, state: State, action: Action) -> str:
        return self.text(state, self.ours(action))


@dataclass(frozen=True)
class BuiltView:
    """``view``: the game's ``build`` given who acts and the outcome, so the view module
    reads no rules."""

    build: Callable[[State, Seat | None, frozenset[Seat], Outcome | None], View]
    to_act: Callable[[State], frozenset[Seat]]
    outcome: Callable[[State], Outcome | None]

    def __call__(self, state: State, seat: Seat | None) -> View:
        return self.build(state, seat, self.to_act(state), self.outcome(state))


@dataclass(frozen=True)
class ParseAmong(Generic[A]):
    """``parse`` by a grammar that asks for the seat's legal actions only when it needs
    them (to resolve a short form or to say what was meant)."""

    grammar: Callable[[State, Seat, str, Callable[[], Sequence[A]]], A]
    legal: Callable[[State, Seat], Sequence[A]]

    def __call__(self, state: State, seat: Seat, text: str) -> A:
        return self.grammar(state, seat, text, partial(self.legal, state, seat))
