"""The China game record: the protocol of :mod:`games.base` over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games import record
from games.base import JSON, Event, IllegalAction, Outcome, Seat, resolve_options
from games.china import hard as china_hard
from games.china import notation as notation_module
from games.china.checks import explain
from games.china.rules import apply_action, legal_actions, resign_seat
from games.china.setup import OPTIONS, new_game, validate_options
from games.china.state import (
    ACTION_TYPES,
    ChinaAction,
    ChinaState,
    colour_key,
    dump_state,
    load_state,
)
from games.china.view import make_view
from games.record import Rules
from games.rng import Rng, derive_seed
from games.search import Levels


def _setup(players: int, options: Mapping[str, JSON], seed: int) -> ChinaState:
    """A new game; seat 0 is the start player and the last turn of the final round belongs
    to seat ``players - 1``. Refuses what ``validate_options`` refuses."""
    return new_game(players, resolve_options(GAME, options), seed)


def _to_act(state: ChinaState) -> frozenset[Seat]:
    return frozenset() if state.phase == "over" else frozenset({state.current})


def _public_choices(state: ChinaState, seat: Seat) -> Sequence[ChinaAction] | None:
    """The refill's draws take from the face-up row or the pile (its size is public):
    public. A turn's placements and exchanges are paid from the hidden hand, so they are
    public only with an empty hand (then only ``pass`` is left)."""
    if state.phase == "act" and state.hands[seat]:
        return None
    return legal_actions(state, seat)


def _can_undo(state: ChinaState, seat: Seat) -> bool:
    """True while ``seat`` is refilling its hand and its last step was the placement or a
    face-up draw: those revealed nothing. A pile draw shows a hidden card and the end of
    the turn (the face-up refill) reveals new cards, so neither can be taken back; a
    resignation by someone else in between also confirms the step."""
    return state.phase == "draw" and state.current == seat and state.step in ("place", "face_up")


def _resign(state: ChinaState, seat: Seat) -> tuple[ChinaState, list[Event]]:
    if seat in state.resigned:
        raise IllegalAction("You have already resigned from this game.")
    return resign_seat(state, seat)


def _hand(state: ChinaState, seat: Seat) -> JSON:
    """The seat's cards (colour letters in colour order)."""
    return list(state.hands[seat])


def _outcome(state: ChinaState) -> Outcome | None:
    return None if state.result is None else Outcome.from_json(state.result)


def _shuffle_hidden(state: ChinaState, seat: Seat | None, seed: int) -> ChinaState:
    """Deal the cards ``seat`` cannot see (other hands and the pile) anew, keeping every
    hand size and the pile size, and draw a new reshuffle generator. The pool is sorted
    before it is dealt: the result depends on what the seat knows, not the truth's order."""
    new = state.clone()
    rng = Rng(derive_seed(seed, "china.shuffle_hidden"))
    others = [p for p in range(state.players) if p != seat]
    pool = rng.shuffled(sorted([card for p in others for card in new.hands[p]] + new.pile))
    for p in others:
        size = len(new.hands[p])
        new.hands[p] = sorted(pool[:size], key=colour_key)
        pool = pool[size:]
    new.pile = pool
    new.rng = rng.next_u64()
    return new


_OURS: record.Own[ChinaAction] = record.Own(ACTION_TYPES, "That is not a China action.")


GAME = Rules(
    key="china",
    title="China",
    seats=(3, 4, 5),
    options=OPTIONS,
    rules_version=1,
    hidden_information=True,
    make_player=Levels(china_hard.HOOKS),  # easy, normal (the game's own player), hard
    # Refuse a board side that is not for ``players`` (side A with 5, B with 3).
    validate_options=validate_options,
    setup=_setup,
    to_act=_to_act,
    legal=legal_actions,  # see :mod:`games.china.rules` for the order
    public_choices=_public_choices,
    apply=record.CheckedApply(apply_action, _OURS),
    explain_illegal=explain,
    can_undo=_can_undo,
    resign=_resign,
    view=make_view,
    hand=_hand,
    outcome=_outcome,
    parse=notation_module.parse,
    notation=record.CheckedNotation(notation_module.notation, _OURS),
    label=record.CheckedText(notation_module.label, _OURS),
    dump_state=dump_state,
    load_state=load_state,
    shuffle_hidden=_shuffle_hidden,
)
"""China (Michael Schacht), 3-5 players, registered as ``"china"``."""
