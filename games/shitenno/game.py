"""The :class:`games.base.Game` object for Shitenno (``GAME`` in ``games.shitenno``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from games.base import (
    JSON,
    Action,
    Event,
    IllegalAction,
    OptionSpec,
    Outcome,
    Player,
    Reason,
    Seat,
)
from games.defaults import GameDefaults
from games.forms import Answers, Form
from games.search import make_level
from games.shitenno import explain, rules, scoring, secrets, setup
from games.shitenno import hard as shitenno_hard
from games.shitenno import notation as notation_io
from games.shitenno import state as state_io
from games.shitenno.flow import stage
from games.shitenno.state import ACTION_TYPES, ShitennoAction, ShitennoState
from games.shitenno.view import ShitennoView, build_view, private_info


class ShitennoGame(GameDefaults):
    """Shitenno (Cédric Lefebvre), 2-4 players, registered as ``"shitenno"``."""

    key = "shitenno"
    title = "Shitenno"
    seats: tuple[int, ...] = (2, 3, 4)
    options: tuple[OptionSpec, ...] = setup.OPTIONS
    rules_version = 1
    hidden_information = True
    _last_legal: tuple[ShitennoState, Seat, Sequence[ShitennoAction]] | None = None

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> ShitennoState:
        """A new game; the first sharing year begins with the Tairō building a lot."""
        return setup.new_game(players, options, seed)

    def to_act(self, state: ShitennoState) -> frozenset[Seat]:
        """The one seat that must act now (none at the end)."""
        return rules.to_act(state)

    def legal(self, state: ShitennoState, seat: Seat) -> Sequence[ShitennoAction]:
        """Every legal action of ``seat`` (order: see :mod:`games.shitenno.rules`)."""
        last = self._last_legal
        if last is not None and last[0] is state and last[1] == seat:
            return last[2]  # states are immutable: the same object has the same actions
        actions = rules.legal(state, seat)
        self._last_legal = (state, seat, actions)
        return actions

    def apply(
        self, state: ShitennoState, seat: Seat, action: Action
    ) -> tuple[ShitennoState, list[Event]]:
        """The successor state of a legal ``action``."""
        return rules.apply(state, seat, _ours(action))

    def unlisted(self, state: ShitennoState, seat: Seat, action: Action) -> ShitennoAction | None:
        """A placement that pays with surplus: the rules accept it (what is more than
        needed is lost), ``legal()`` lists only payments that spend nothing for nothing."""
        return explain.overpayment(state, seat, action)

    def explain_illegal(self, state: ShitennoState, seat: Seat, action: object) -> str:
        """Why ``action`` is not legal for ``seat`` now."""
        return explain.explain_illegal(state, seat, action)

    def can_undo(self, state: ShitennoState, seat: Seat) -> bool:
        """Never: lots and answers are final, and a placement or a Draw reveals a tile or a
        card."""
        return False

    def resign(self, state: ShitennoState, seat: Seat) -> tuple[ShitennoState, list[Event]]:
        """``seat`` gives up: the game ends and is scored, the resigned seat last."""
        return rules.resign(state, seat)

    def view(self, state: ShitennoState, seat: Seat | None) -> ShitennoView:
        """What ``seat`` (or the public) may know."""
        return build_view(state, seat, rules.to_act(state), scoring.outcome(state))

    def hand(self, state: ShitennoState, seat: Seat) -> JSON:
        """The seat's cards as JSON (see :func:`games.shitenno.view.private_info`)."""
        return private_info(state, seat)

    def outcome(self, state: ShitennoState) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        return scoring.outcome(state)

    def parse(self, state: ShitennoState, seat: Seat, text: str) -> ShitennoAction:
        """An action from text (grammar: :mod:`games.shitenno.notation`)."""
        return notation_io.parse(state, seat, text, lambda: rules.legal(state, seat))

    def notation(self, state: ShitennoState, action: Action) -> str:
        """Canonical text: ``lot K1 N + sensei``, ``accept``, ``kanto S S S MB``, ``end``."""
        return notation_io.notation(_ours(action))

    def label(self, state: ShitennoState, action: Action) -> str:
        """Menu text, e.g. ``"Kamon on Kantō: Samurai, Samurai, Samurai, Sōhei + Bushi"``."""
        return notation_io.label(state, _ours(action))

    def form(self, state: ShitennoState, seat: Seat) -> Form | None:
        """The sharing year's choices as forms (see :mod:`games.shitenno.secrets`)."""
        return secrets.form(state, seat)

    def answer(
        self, state: ShitennoState, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[ShitennoAction]:
        """The lot, answer, split or choice the form's answers stand for."""
        return secrets.answer(state, seat, answers, final=final)

    def end_turn(self, state: ShitennoState, seat: Seat) -> ShitennoAction | None:
        """``end`` during the seat's province turn."""
        return rules.end_turn(state, seat)

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        """``easy``, ``normal`` (the heuristic player), ``hard`` (:mod:`games.shitenno.hard`)."""
        return make_level(strength, seed, budget_s, shitenno_hard.HOOKS)

    def dump_state(self, state: ShitennoState) -> JSON:
        return state_io.dump_state(state)

    def load_state(self, data: JSON) -> ShitennoState:
        return state_io.load_state(data)

    def public_choices(self, state: ShitennoState, seat: Seat) -> Sequence[ShitennoAction] | None:
        """Lots and splits are made of the open cards and the Tairō's Hierarchy tiles, an
        offer is Accept / Refuse and the split's chooser takes A or B: all public. A
        province turn pays from the hidden hand, so its actions are public only when no
        card of the hand can matter: two Kamons placed this turn, none left, or an empty
        hand (the bonus tiles, the board, the pile sizes and the titles are public)."""
        if stage(state) == "turn" and not (
            state.placed >= 2 or state.kamons[seat] == 0 or not state.hands[seat]
        ):
            return None
        return self.legal(state, seat)

    def shuffle_hidden(self, state: ShitennoState, seat: Seat | None, seed: int) -> ShitennoState:
        """A state that differs from ``state`` only in what ``seat`` cannot see."""
        return secrets.shuffle_hidden(state, seat, seed)


def _ours(action: Action) -> ShitennoAction:
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction(Reason("shitenno.notation.not_ours", "That is not a Shitenno action."))
    return action


GAME = ShitennoGame()
