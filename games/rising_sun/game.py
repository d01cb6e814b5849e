"""The :class:`games.base.Game` record for Rising Sun (``GAME`` in ``games.rising_sun``).

The state is stored frozen; each function thaws it (``thaw_cached`` for a read,
``thaw`` for a change) and the rules modules work on the thawed game."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Concatenate, Generic, ParamSpec, TypeVar

from games import record
from games.base import Action, Event, Reason, Seat
from games.forms import Form
from games.record import Rules
from games.rising_sun import explain, labels, rules, scoring, secrets, setup
from games.rising_sun import hard as rising_sun_hard
from games.rising_sun import notation as notation_io
from games.rising_sun import state as state_io
from games.rising_sun.flow import next_active
from games.rising_sun.rules import advance
from games.rising_sun.state import (
    ACTION_TYPES,
    Done,
    G,
    RisingSunState,
    RSAction,
    freeze,
    thaw,
    thaw_cached,
)
from games.rising_sun.view import build_view, private_info
from games.search import Levels

P = ParamSpec("P")
R = TypeVar("R")


@dataclass(frozen=True)
class Thawed(Generic[P, R]):
    """A record member over the frozen state made of a rules function that reads the
    thawed game (``thaw_cached``: shared, never changed)."""

    read: Callable[Concatenate[G, P], R]

    def __call__(self, state: RisingSunState, *args: P.args, **kwargs: P.kwargs) -> R:
        return self.read(thaw_cached(state), *args, **kwargs)


def _public_choices(state: RisingSunState, seat: Seat) -> Sequence[RSAction] | None:
    """Hidden are the mandate tiles (the deck, the chooser's four drawn, Lotus's kept one),
    the War Provinces' pile order and the bids until the reveal. Only the mandate choice
    (the drawn tiles) and the bids (the seat's own bid) reach ``legal()``; every other
    decision reads the open board, coins, Ronin, cards and alliances."""
    g = thaw_cached(state)
    if g.tasks and g.tasks[0]["t"] in ("choose", "bids", "reorder"):
        return None
    return rules.legal(g, seat)


def _apply(state: RisingSunState, seat: Seat, action: Action) -> tuple[RisingSunState, list[Event]]:
    g = thaw(state)
    events: list[Event] = []
    text = notation_io.notation(g, _OURS(action))
    rules.apply(g, seat, _OURS(action), events)
    g.last = [seat, text]
    advance(g, events)
    return freeze(g), events


def _resign(state: RisingSunState, seat: Seat) -> tuple[RisingSunState, list[Event]]:
    """``seat`` leaves: its alliance ends, it is skipped from now on (its figures stay on
    the map); with one player left that player wins."""
    g = thaw(state)
    if seat in g.resigned:
        return state, []
    g.resigned.append(seat)
    _leave_table(g, seat)
    events = [Event("rising_sun.resign", {}, seat=seat)]
    if sum(1 for s in range(g.players) if g.active(s)) <= 1:
        g.phase = "over"
    else:
        advance(g, events)
    return freeze(g), events


def _leave_table(g: G, seat: Seat) -> None:
    """What a resigning ``seat`` held passes on: its alliance, the choice of the mandate,
    a Tea Ceremony offer made to it and its turn to answer one."""
    ally = g.ally[seat]
    if ally is not None:
        g.ally[ally] = g.ally[seat] = None
    if g.chooser == seat:
        g.chooser = next_active(g, seat)
    if g.tea and g.tea.get("offer") and seat in g.tea["offer"]:
        g.tea["offer"] = None
    if g.tea and g.tea.get("turn") == seat and g.tasks and g.tasks[0]["t"] == "tea":
        rules._next_tea_turn(g, seat)


def _sides(state: RisingSunState) -> tuple[str, ...]:
    """Each seat's clan (the benchmark's per-clan win table)."""
    g = thaw_cached(state)
    return tuple(g.clan_id(s) for s in range(g.players))


def _parse(state: RisingSunState, seat: Seat, text: str) -> RSAction:
    """An action from text (grammar: :mod:`games.rising_sun.notation`)."""
    g = thaw_cached(state)
    return notation_io.parse_action(text, notation_io.seat_names(g), g.offer)


def _form(state: RisingSunState, seat: Seat) -> Form | None:
    """The mandate pick, the war bids and the Tea Ceremony choices."""
    g = thaw_cached(state)
    return secrets.form(g, seat, rules.to_act(g))


def _end_turn(state: RisingSunState, seat: Seat) -> RSAction | None:
    """``done`` when it is legal (the board's End button)."""
    return Done() if Done() in rules.legal(thaw_cached(state), seat) else None


def _shuffle_hidden(state: RisingSunState, seat: Seat | None, seed: int) -> RisingSunState:
    return freeze(secrets.shuffle_hidden(thaw(state), seat, seed))


_OURS: record.Own[RSAction] = record.Own(
    ACTION_TYPES, Reason("rising_sun.notation.not_ours", "That is not a Rising Sun action.")
)


GAME = Rules(
    key="rising_sun",
    title="Rising Sun",
    seats=(3, 4, 5),
    options=setup.OPTIONS,
    rules_version=2,
    hidden_information=True,
    setup=setup.new_game,
    to_act=Thawed(rules.to_act),
    legal=Thawed(rules.legal),  # see :mod:`games.rising_sun.rules` for the order
    public_choices=_public_choices,
    apply=_apply,
    explain_illegal=Thawed(explain.explain_illegal),
    # can_undo: never; every step reveals or decides something others have seen.
    resign=_resign,
    view=Thawed(record.BuiltView(build_view, rules.to_act, scoring.outcome)),
    hand=Thawed(private_info),
    sides=_sides,
    outcome=Thawed(scoring.outcome),
    parse=_parse,
    notation=Thawed(record.CheckedText(notation_io.notation, _OURS)),
    label=Thawed(record.CheckedText(labels.label, _OURS)),
    form=_form,
    answer=Thawed(secrets.answer),
    end_turn=_end_turn,
    make_player=Levels(rising_sun_hard.HOOKS),  # easy, normal (the game's own player), hard
    dump_state=state_io.dump_state,
    load_state=state_io.load_state,
    shuffle_hidden=_shuffle_hidden,
)
"""Rising Sun (Eric M. Lang), 3-5 players, registered as ``"rising_sun"``."""
