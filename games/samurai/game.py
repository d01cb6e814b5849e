"""The :class:`games.base.Game` record for Samurai (``GAME`` in ``games.samurai``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from games.base import Action, Event, Player, Seat
from games.record import Rules, own
from games.samurai import ai as samurai_ai
from games.samurai import explain, rules, scoring, secrets, setup
from games.samurai import notation as notation_io
from games.samurai import state as state_io
from games.samurai.state import ACTION_TYPES, SamuraiAction, SamuraiState
from games.samurai.view import SamuraiView, build_view, private_info


def _apply(state: SamuraiState, seat: Seat, action: Action) -> tuple[SamuraiState, list[Event]]:
    """The successor state of a legal ``action``."""
    return rules.apply(state, seat, _ours(action))


def _view(state: SamuraiState, seat: Seat | None) -> SamuraiView:
    """What ``seat`` (or the public) may know."""
    return build_view(state, seat, rules.to_act(state), scoring.outcome(state))


def _parse(state: SamuraiState, seat: Seat, text: str) -> SamuraiAction:
    """An action from text (grammar: :mod:`games.samurai.notation`)."""
    return notation_io.parse(state, seat, text, lambda: rules.legal(state, seat))


def _notation(state: SamuraiState, action: Action) -> str:
    """Canonical text: ``B3@F7``, ``TS F7>G9``, ``FS H@L16 B@O10``, ``end``."""
    return notation_io.notation(_ours(action))


def _label(state: SamuraiState, action: Action) -> str:
    """Menu text, e.g. ``"Buddha 3 on F7 (next to Kyoto (L16))"``."""
    return notation_io.label(state, _ours(action))


def _make_player(strength: str, seed: int, budget_s: float) -> Player:
    """The greedy player (see :mod:`games.samurai.ai`)."""
    return samurai_ai.make_player(strength, seed=seed)


def _public_choices(state: SamuraiState, seat: Seat) -> Sequence[SamuraiAction] | None:
    """The figures' placement is on the open board: public. The pick's tentative hand is
    secret. A turn plays from the hidden hand, which is public only once the seat's draw
    pile is empty (its hand is then its set minus the tiles on the board) or when the hand
    is empty."""
    if state.phase == "pick":
        return None
    if state.phase == "play" and state.hands[seat] and state.piles[seat]:
        return None
    return rules.legal(state, seat)


_ours: Callable[[Action], SamuraiAction] = own(ACTION_TYPES, "That is not a Samurai action.")


GAME = Rules(
    key="samurai",
    title="Samurai",
    seats=(2, 3, 4),
    options=setup.OPTIONS,
    rules_version=1,
    hidden_information=True,
    setup=setup.new_game,
    to_act=rules.to_act,
    legal=rules.legal,
    apply=_apply,
    explain_illegal=explain.explain_illegal,
    can_undo=rules.can_undo,
    resign=rules.resign,
    view=_view,
    hand=private_info,
    outcome=scoring.outcome,
    parse=_parse,
    notation=_notation,
    label=_label,
    form=secrets.pick_form,
    answer=secrets.pick_answer,
    end_turn=rules.end_turn,
    make_player=_make_player,
    dump_state=state_io.dump_state,
    load_state=state_io.load_state,
    public_choices=_public_choices,
    shuffle_hidden=secrets.shuffle_hidden,
)
"""Samurai (Reiner Knizia), 2-4 players, registered as ``"samurai"``."""
