"""The :class:`games.base.Game` record for Shitenno (``GAME`` in ``games.shitenno``)."""

from __future__ import annotations

from collections.abc import Sequence

from games import record
from games.base import Reason, Seat
from games.record import Rules
from games.search import Levels
from games.shitenno import explain, rules, scoring, secrets, setup
from games.shitenno import hard as shitenno_hard
from games.shitenno import notation as notation_io
from games.shitenno import state as state_io
from games.shitenno.flow import stage
from games.shitenno.state import ACTION_TYPES, ShitennoAction, ShitennoState
from games.shitenno.view import build_view, private_info


class LastLegal:
    """``legal()`` remembering its last answer: states are immutable, so the same object
    has the same actions (the bot and the checked engine ask twice in a row)."""

    def __init__(self) -> None:
        self.last: tuple[ShitennoState, Seat, Sequence[ShitennoAction]] | None = None

    def __call__(self, state: ShitennoState, seat: Seat) -> Sequence[ShitennoAction]:
        """Every legal action of ``seat`` (order: see :mod:`games.shitenno.rules`)."""
        last = self.last
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]
        actions = rules.legal(state, seat)
        self.last = (state, seat, actions)
        return actions

    def forget(self) -> None:
        self.last = None

    def __reduce__(self) -> str:
        return "LEGAL"  # pickled by name: the one memo of this module, not its last state


LEGAL = LastLegal()


def _public_choices(state: ShitennoState, seat: Seat) -> Sequence[ShitennoAction] | None:
    """Lots and splits are made of the open cards and the Tairō's Hierarchy tiles, an
    offer is Accept / Refuse and the split's chooser takes A or B: all public. A province
    turn pays from the hidden hand, so its actions are public only when no card of the
    hand can matter: two Kamons placed this turn, none left, or an empty hand (the bonus
    tiles, the board, the pile sizes and the titles are public)."""
    if stage(state) == "turn" and not (
        state.placed >= 2 or state.kamons[seat] == 0 or not state.hands[seat]
    ):
        return None
    return LEGAL(state, seat)


_OURS: record.Own[ShitennoAction] = record.Own(
    ACTION_TYPES, Reason("shitenno.notation.not_ours", "That is not a Shitenno action.")
)


GAME = Rules(
    key="shitenno",
    title="Shitenno",
    seats=(2, 3, 4),
    options=setup.OPTIONS,
    rules_version=1,
    hidden_information=True,
    setup=setup.new_game,
    to_act=rules.to_act,
    legal=LEGAL,
    apply=record.CheckedApply(rules.apply, _OURS),
    # A placement that pays with surplus: the rules accept it (what is more than needed
    # is lost), ``legal()`` lists only payments that spend nothing for nothing.
    unlisted=explain.overpayment,
    explain_illegal=explain.explain_illegal,
    # can_undo: never; lots and answers are final, a placement or a Draw reveals a tile
    # or a card.
    resign=rules.resign,
    view=record.BuiltView(build_view, rules.to_act, scoring.outcome),
    hand=private_info,
    outcome=scoring.outcome,
    # Canonical text ``lot K1 N + sensei``, ``accept``, ``kanto S S S MB``, ``end``; menu
    # text such as "Kamon on Kantō: Samurai, Samurai, Samurai, Sōhei + Bushi" (grammar:
    # :mod:`games.shitenno.notation`).
    parse=record.ParseAmong(notation_io.parse, rules.legal),
    notation=record.CheckedNotation(notation_io.notation, _OURS),
    label=record.CheckedText(notation_io.label, _OURS),
    form=secrets.form,
    answer=secrets.answer,
    end_turn=rules.end_turn,
    make_player=Levels(shitenno_hard.HOOKS),  # easy, normal (the game's own player), hard
    dump_state=state_io.dump_state,
    load_state=state_io.load_state,
    public_choices=_public_choices,
    shuffle_hidden=secrets.shuffle_hidden,
)
"""Shitenno (Cédric Lefebvre), 2-4 players, registered as ``"shitenno"``."""
