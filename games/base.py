"""The engine protocol every Tenka game satisfies, and the types it speaks in.

A game is one object (see :class:`Game`) registered by key in :mod:`games`. It is pure:
no I/O, no clocks, no global randomness. State is plain data that round-trips through
JSON exactly (``dump_state``/``load_state``); ``apply`` never mutates its input.

Seats are ``0 .. players-1`` in turn order; seat 0 acts first. Who sits where (and so who
starts) is decided by the caller, from the game's seed, before ``setup``.

Every error a player can cause is a :class:`GameError` whose message is safe to show to
the player who acted: it never reveals hidden information.
"""

from __future__ import annotations

import enum
from collections.abc import Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeAlias, runtime_checkable

from games.errors import (
    AmbiguousNotation,
    GameError,
    GameOver,
    IllegalAction,
    InvalidNotation,
    InvalidOption,
    NotYourTurn,
    Reason,
    UnknownGame,
)
from games.lazy import LazyActions
from games.rng import derive_seed
from games.wellformed import MALFORMED_ACTION, well_formed

if TYPE_CHECKING:
    from games.forms import Answers, Form

__all__ = [
    "JSON",
    "MALFORMED_ACTION",
    "Action",
    "AmbiguousNotation",
    "Event",
    "Game",
    "GameError",
    "GameOver",
    "IllegalAction",
    "InvalidNotation",
    "InvalidOption",
    "NotYourTurn",
    "OptionSpec",
    "Outcome",
    "Player",
    "Reason",
    "Reveal",
    "Seat",
    "Seen",
    "State",
    "Termination",
    "UnknownGame",
    "View",
    "frozen",
    "ranks_from_scores",
    "resolve_options",
    "seen_by",
    "well_formed",
]

Seat: TypeAlias = int
State: TypeAlias = Any
Action: TypeAlias = Hashable
View: TypeAlias = Any
JSON: TypeAlias = Any


# --- results ----------------------------------------------------------------------------


class Termination(enum.StrEnum):
    """Why a game ended, for the reasons every game shares; data, not prose (the bot words
    it as ``end.termination.<value>``).

    A game's own reasons (Yōkai's capture and try) are plain strings it declares in
    ``Game.end_reasons``; they are worded as ``<game key>.end.<reason>``.
    """

    NO_LEGAL_ACTION = "no_legal_action"
    REPETITION = "repetition"
    SCORING = "scoring"  # the game's normal end, decided by points
    RESIGNATION = "resignation"
    ABANDONED = "abandoned"


@dataclass(frozen=True)
class Outcome:
    """The end of a game.

    ``scores`` and ``ranks`` are indexed by seat; rank 1 is best and tied seats share a
    rank. ``tiebreak`` names the rule that separated the leaders (``None`` when points
    alone decided or nobody could be separated).
    """

    termination: str  # a Termination, or one of the game's ``end_reasons``
    winners: frozenset[Seat]
    ranks: tuple[int, ...]
    scores: tuple[float, ...] = ()
    tiebreak: str | None = None
    detail: Mapping[str, JSON] = field(default_factory=dict)

    @property
    def is_draw(self) -> bool:
        return len(self.winners) != 1

    def to_json(self) -> JSON:
        return {
            "termination": str(self.termination),
            "winners": sorted(self.winners),
            "ranks": list(self.ranks),
            "scores": list(self.scores),
            "tiebreak": self.tiebreak,
            "detail": dict(self.detail),
        }

    @classmethod
    def from_json(cls, data: JSON) -> Outcome:
        return cls(
            termination=termination(data["termination"]),
            winners=frozenset(data["winners"]),
            ranks=tuple(data["ranks"]),
            scores=tuple(data["scores"]),
            tiebreak=data["tiebreak"],
            detail=dict(data["detail"]),
        )


def termination(value: str) -> str:
    """``value`` as a :class:`Termination` when it is a shared reason, else as it is."""
    try:
        return Termination(value)
    except ValueError:
        return str(value)


def is_shared_termination(value: str) -> bool:
    return value in Termination._value2member_map_


def ranks_from_scores(keys: Sequence[tuple[float, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 2, 2, 4) from per-seat sort keys, higher is better."""
    return tuple(1 + sum(1 for other in keys if other > mine) for mine in keys)


class Reveal(enum.StrEnum):
    """What an :class:`Event` made known that was hidden before (``Event.reveals``).

    The service never takes back or undoes a step past a ``HIDDEN`` reveal (whoever saw it
    would keep knowing it: the pile's next cards, the others' bids), nor past an ``OWN``
    reveal of another seat than the one asking (it would learn that seat's secret)."""

    HIDDEN = "hidden"
    """Something no seat chose to show: a draw from a pile or a deck (to the drawer
    only, or to everyone), a face-down stack's tile, several seats' sealed choices shown
    together, a random order or result."""
    OWN = "own"
    """The acting seat's own secret, shown by its own choice: a card or a tile played from
    its hand, one of the tiles it drew put on the table."""


@dataclass(frozen=True)
class Event:
    """Something that happened, in structured form.

    ``kind`` is namespaced by game (``"yokai.move"``); ``args`` holds plain JSON values
    the bot's message catalogue fills in. ``audience`` is ``None`` for a public event, else
    the seats allowed to see it (a private draw, a sealed bid).

    ``reveals`` says what the event made known to its audience that was hidden from them
    before (``None``: nothing; see :class:`Reveal`). Every game declares it on each event
    that shows something hidden, its own mover's draw included; the service's takeback
    rule (``bot.service.rewind``) reads nothing else, and a property test replays every takeback
    it allows on a redeal of the hidden information (``tests/games/test_takeback.py``).
    """

    kind: str
    args: Mapping[str, JSON] = field(default_factory=dict)
    seat: Seat | None = None
    audience: frozenset[Seat] | None = None
    reveals: Reveal | None = None

    def visible_to(self, seat: Seat | None) -> bool:
        return self.audience is None or (seat is not None and seat in self.audience)

    def to_json(self) -> JSON:
        data = {
            "kind": self.kind,
            "args": dict(self.args),
            "seat": self.seat,
            "audience": None if self.audience is None else sorted(self.audience),
        }
        if self.reveals is not None:
            data["reveals"] = str(self.reveals)
        return data

    @classmethod
    def from_json(cls, data: JSON) -> Event:
        audience = data.get("audience")
        reveals = data.get("reveals")
        return cls(
            kind=data["kind"],
            args=dict(data.get("args", {})),
            seat=data.get("seat"),
            audience=None if audience is None else frozenset(audience),
            reveals=None if reveals is None else Reveal(reveals),
        )


# --- options ----------------------------------------------------------------------------


@dataclass(frozen=True)
class OptionSpec:
    """One option of ``/game new``. ``choices`` empty means a boolean option."""

    name: str
    default: str | bool | int
    description: str
    choices: tuple[str, ...] = ()

    def coerce(self, value: JSON) -> str | bool | int:
        """Return ``value`` as this option's type or raise :class:`InvalidOption`."""
        if self.choices:
            text = str(value).strip().lower()
            if text not in self.choices:
                raise InvalidOption(
                    f"{self.name} must be one of {', '.join(self.choices)} (not {value!r}).",
                    key="options.not_a_choice",
                    name=self.name,
                    choices=", ".join(self.choices),
                    value=repr(value),
                )
            return text
        if isinstance(self.default, bool):
            if isinstance(value, bool):
                return value
            text = str(value).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise InvalidOption(
                f"{self.name} is yes or no (not {value!r}).",
                key="options.not_yes_no",
                name=self.name,
                value=repr(value),
            )
        try:
            return int(value)
        except (TypeError, ValueError):
            raise InvalidOption(
                f"{self.name} must be a whole number (not {value!r}).",
                key="options.not_a_number",
                name=self.name,
                value=repr(value),
            ) from None


# --- the protocol -----------------------------------------------------------------------


@dataclass(frozen=True)
class Seen:
    """What ``seat`` knows when it must act, and nothing more: its view, its legal actions
    and a ``guess`` (a state consistent with the view, everything hidden from the seat
    redealt); ``sample(k)`` redeals again (each ``k`` its own reproducible draw)."""

    game: Game
    seat: Seat
    view: View
    legal: Sequence[Action]
    seed: int
    guess: State

    def sample(self, k: int) -> State:
        """The ``k``-th state consistent with what the seat knows (a determinization)."""
        return self.game.shuffle_hidden(self.guess, self.seat, derive_seed(self.seed, f"s{k}"))


def seen_by(game: Game, state: State, seat: Seat, seed: int) -> Seen:
    """What ``seat`` knows of ``state``; the true state is not kept."""
    guess = game.shuffle_hidden(state, seat, derive_seed(seed, "guess"))
    return Seen(game, seat, game.view(guess, seat), frozen(game.legal(guess, seat)), seed, guess)


def frozen(actions: Sequence[Action]) -> Sequence[Action]:
    """``actions`` as a sequence nobody can change: a tuple, or the lazy list itself (a
    Rising Sun bid's 46,376 whole bids are never listed: a search's every simulated move
    would list them)."""
    return actions if isinstance(actions, (tuple, LazyActions)) else tuple(actions)


class Player(Protocol):
    """A computer player: chooses a member of ``seen.legal`` from what its seat knows."""

    name: str

    def choose(self, seen: Seen) -> Action: ...


@runtime_checkable
class Game(Protocol):
    """What every game module exports (one object, registered in :mod:`games`; the five
    games are records, :class:`games.record.Rules`). Its constants are read-only."""

    @property
    def key(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def seats(self) -> tuple[int, ...]: ...
    @property
    def options(self) -> tuple[OptionSpec, ...]: ...
    @property
    def rules_version(self) -> int: ...
    @property
    def hidden_information(self) -> bool: ...
    @property
    def end_reasons(self) -> tuple[str, ...]:
        """The game's own reasons to end (besides :class:`Termination`), worded by the
        catalogues as ``<key>.end.<reason>``."""
        ...

    def validate_options(self, options: Mapping[str, JSON], players: int | None) -> None:
        """Raise :class:`InvalidOption` (with a catalogue key) when the game would refuse
        ``options`` (already resolved, see ``resolve_options``) for ``players`` seats, or
        for every player count when ``players`` is ``None``; so ``/game new`` refuses at
        creation what ``setup`` would refuse later. ``setup`` calls it too."""
        ...

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> State:
        """A new game; ``options`` are already resolved (see ``resolve_options``)."""
        ...

    def to_act(self, state: State) -> frozenset[Seat]:
        """Seats that must act now: several for simultaneous secret choices, none at end."""
        ...

    def legal(self, state: State, seat: Seat) -> Sequence[Action]:
        """Every legal action of ``seat`` now, in a stable documented order."""
        ...

    def sides(self, state: State) -> tuple[str, ...] | None:
        """What each seat plays as, when seats differ by more than their turn (Rising
        Sun's clans), as one name per seat; ``None`` (the default) when they do not. The
        benchmark's balance table counts wins per side."""
        ...

    def unlisted(self, state: State, seat: Seat, action: Action) -> Action | None:
        """The game's own copy of ``action`` when the rules let ``seat`` play it now
        although ``legal()`` does not list it, else ``None`` (the default). For rules that
        allow more than is worth listing: Shitenno lists the payments that spend nothing
        for nothing and accepts an overpayment here (its supersets would multiply
        ``legal()``). :func:`games.engine.act` asks only for an action not in
        ``legal()``; the AI and the buttons use ``legal()`` alone."""
        ...

    def apply(self, state: State, seat: Seat, action: Action) -> tuple[State, list[Event]]:
        """The successor state; only called with a legal action (see ``games.engine``)."""
        ...

    def explain_illegal(self, state: State, seat: Seat, action: Action) -> str:
        """Why ``action`` is not legal for ``seat`` now, in the rules' words (a plain
        sentence, or a :class:`Reason` naming its catalogue entry). Never raises: any
        object may come in, so explainers answer :data:`MALFORMED_ACTION` when
        :func:`well_formed` fails before they read its fields."""
        ...

    def can_undo(self, state: State, seat: Seat) -> bool:
        """Whether ``seat`` has a step of a turn it has not confirmed to take back (the
        board's Undo). The service undoes by rolling the action log back one entry, so
        games keep no undo history in their state; it also refuses, whatever this says,
        past a resignation, another seat's or user's action, or an event that ``reveals``
        something (see :class:`Reveal` and ``bot/service/rewind.py``)."""
        ...

    def resign(self, state: State, seat: Seat) -> tuple[State, list[Event]]:
        """``seat`` gives up; the game ends or goes on without it."""
        ...

    def view(self, state: State, seat: Seat | None) -> View:
        """What ``seat`` (or the public, for ``None``) may know."""
        ...

    def hand(self, state: State, seat: Seat) -> JSON:
        """The seat's private information (hand, secret captures, sealed choices) as JSON
        data, or ``None`` for a game without any. The bot sends a seat its private view by
        DM whenever this value changes."""
        ...

    def outcome(self, state: State) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        ...

    def parse(self, state: State, seat: Seat, text: str) -> Action:
        """An action from text; raises InvalidNotation or AmbiguousNotation."""
        ...

    def notation(self, state: State, action: Action) -> str:
        """Canonical short text; ``parse(notation(a)) == a`` for every legal ``a``."""
        ...

    def label(self, state: State, action: Action) -> str:
        """A friendly one-line description for menus (autocomplete, buttons)."""
        ...

    def dump_state(self, state: State) -> JSON:
        """A JSON value from which ``load_state`` rebuilds ``state`` exactly."""
        ...

    def load_state(self, data: JSON) -> State:
        """Inverse of ``dump_state``."""
        ...

    def shuffle_hidden(self, state: State, seat: Seat | None, seed: int) -> State:
        """A state that differs from ``state`` only in what ``seat`` cannot see.

        Used by the secrecy property; games without hidden information return ``state``.
        """
        ...

    def public_choices(self, state: State, seat: Seat) -> Sequence[Action] | None:
        """The actions of ``seat`` that may be offered as buttons on the public board: the
        legal actions whose being legal (and whose labels) are a function of public
        information only, so that ``public_choices(shuffle_hidden(state, None, k), seat)``
        is the same for every ``k``. ``None`` when what the seat may do depends on what
        the public cannot see (a hidden hand): then no buttons show.

        The five games return all of ``legal()`` (in its order) or ``None``; a subset is
        allowed (the buttons then play a member of this sequence, by index). Default
        (:class:`games.record.Rules`): ``legal()`` for a game that declares
        ``legal_is_public`` or has no ``hidden_information``, else ``None``."""
        ...

    def form(self, state: State, seat: Seat) -> Form | None:
        """The secret choice ``seat`` must make now as a form (see :mod:`games.forms`), or
        ``None`` when its next action is an ordinary move."""
        ...

    def answer(
        self, state: State, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[Action]:
        """The ordinary actions that give ``answers`` (already shape-checked against
        ``form``) to ``seat``'s current form. ``final`` is the Confirm; a live form is also
        answered with ``final=False`` after every change. Raises :class:`GameError`."""
        ...

    def end_turn(self, state: State, seat: Seat) -> Action | None:
        """The action that confirms ``seat``'s turn when it is legal now (the board's End
        button), else ``None``."""
        ...

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        """A computer player for this game (``strength``: "easy", "normal", "hard")."""
        ...


def resolve_options(game: Game, given: Mapping[str, JSON] | None) -> dict[str, JSON]:
    """Fill defaults and validate ``given`` against ``game.options``."""
    given = dict(given or {})
    specs = {spec.name: spec for spec in game.options}
    unknown = sorted(set(given) - set(specs))
    if unknown:
        known = ", ".join(specs) or "none"
        raise InvalidOption(
            f"{game.title} has no option {unknown[0]!r} (options: {known}).",
            key="options.unknown",
            game=game.title,
            option=repr(unknown[0]),
            known=known,
        )
    return {
        name: spec.coerce(given[name]) if name in given else spec.default
        for name, spec in specs.items()
    }
