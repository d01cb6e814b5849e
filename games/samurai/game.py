"""The :class:`games.base.Game` record for Samurai (``GAME`` in ``games.samurai``)."""

from __future__ import annotations

from collections.abc import Sequence

from games import record
from games.base import Seat
from games.record import Rules
from games.samurai import explain, rules, scoring, secrets, setup
from games.samurai import hard as samurai_hard
from games.samurai import notation as notation_io
from games.samurai import state as state_io
from games.samurai.state import ACTION_TYPES, SamuraiAction, SamuraiState
from games.samurai.view import build_view, private_info
from games.search import Levels


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


_OURS: record.Own[SamuraiAction] = record.Own(ACTION_TYPES, "That is not a Samurai action.")


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
    apply=record.CheckedApply(rules.apply, _OURS),
    explain_illegal=explain.explain_illegal,
    can_undo=rules.can_undo,
    resign=rules.resign,
    view=record.BuiltView(build_view, rules.to_act, scoring.outcome),
    hand=private_info,
    outcome=scoring.outcome,
    # Canonical text ``B3@F7``, ``TS F7>G9``, ``FS H@L16 B@O10``, ``end``; menu text such as
    # "Buddha 3 on F7 (next to Kyoto (L16))" (grammar: :mod:`games.samurai.notation`).
    parse=record.ParseAmong(notation_io.parse, rules.legal),
    notation=record.CheckedNotation(notation_io.notation, _OURS),
    label=record.CheckedText(notation_io.label, _OURS),
    form=secrets.pick_form,
    answer=secrets.pick_answer,
    end_turn=rules.end_turn,
    make_player=Levels(samurai_hard.HOOKS),  # easy, normal (the game's own player), hard
    dump_state=state_io.dump_state,
    load_state=state_io.load_state,
    public_choices=_public_choices,
    shuffle_hidden=secrets.shuffle_hidden,
)
"""Samurai (Reiner Knizia), 2-4 players, registered as ``"samurai"``."""
