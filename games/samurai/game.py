"""The :class:`games.base.Game` object for Samurai (``GAME`` in ``games.samurai``)."""

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
    Seat,
)
from games.defaults import GameDefaults
from games.forms import Answers, Form
from games.samurai import explain, rules, scoring, secrets, setup
from games.samurai import hard as samurai_hard
from games.samurai import notation as notation_io
from games.samurai import state as state_io
from games.samurai.state import ACTION_TYPES, SamuraiAction, SamuraiState
from games.samurai.view import SamuraiView, build_view, private_info
from games.search import make_level


class SamuraiGame(GameDefaults):
    """Samurai (Reiner Knizia), 2-4 players, registered as ``"samurai"``."""

    key = "samurai"
    title = "Samurai"
    seats: tuple[int, ...] = (2, 3, 4)
    options: tuple[OptionSpec, ...] = setup.OPTIONS
    rules_version = 1
    hidden_information = True

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> SamuraiState:
        """A new game: Edo holds its three figures and every seat picks five tiles."""
        return setup.new_game(players, options, seed)

    def to_act(self, state: SamuraiState) -> frozenset[Seat]:
        """Every seat still choosing during the pick; otherwise the seat whose turn it is."""
        return rules.to_act(state)

    def legal(self, state: SamuraiState, seat: Seat) -> Sequence[SamuraiAction]:
        """Every legal action of ``seat`` (order: see :mod:`games.samurai.rules`)."""
        return rules.legal(state, seat)

    def apply(
        self, state: SamuraiState, seat: Seat, action: Action
    ) -> tuple[SamuraiState, list[Event]]:
        """The successor state of a legal ``action``."""
        return rules.apply(state, seat, _ours(action))

    def explain_illegal(self, state: SamuraiState, seat: Seat, action: object) -> str:
        """Why ``action`` is not legal for ``seat`` now."""
        return explain.explain_illegal(state, seat, action)

    def can_undo(self, state: SamuraiState, seat: Seat) -> bool:
        """Whether ``seat``'s last action was a step of the turn it is still playing."""
        return rules.can_undo(state, seat)

    def resign(self, state: SamuraiState, seat: Seat) -> tuple[SamuraiState, list[Event]]:
        """``seat`` leaves; with one player left that player wins."""
        return rules.resign(state, seat)

    def view(self, state: SamuraiState, seat: Seat | None) -> SamuraiView:
        """What ``seat`` (or the public) may know."""
        return build_view(state, seat, rules.to_act(state), scoring.outcome(state))

    def hand(self, state: SamuraiState, seat: Seat) -> JSON:
        """The seat's secrets as JSON: ``hand`` (tile codes; the tentative choice during the
        pick), ``pile`` (tiles left in the draw pile, canonical order, not the draw order),
        ``confirmed`` and, when others cannot see them, ``captured`` (per figure type).
        ``None`` once the game is over or the seat has resigned."""
        return private_info(state, seat)

    def outcome(self, state: SamuraiState) -> Outcome | None:
        """The result, or ``None`` while the game goes on."""
        return scoring.outcome(state)

    def parse(self, state: SamuraiState, seat: Seat, text: str) -> SamuraiAction:
        """An action from text (grammar: :mod:`games.samurai.notation`)."""
        return notation_io.parse(state, seat, text, lambda: rules.legal(state, seat))

    def notation(self, state: SamuraiState, action: Action) -> str:
        """Canonical text: ``B3@F7``, ``TS F7>G9``, ``FS H@L16 B@O10``, ``end``."""
        return notation_io.notation(_ours(action))

    def label(self, state: SamuraiState, action: Action) -> str:
        """Menu text, e.g. ``"Buddha 3 on F7 (next to Kyoto (L16))"``."""
        return notation_io.label(state, _ours(action))

    def form(self, state: SamuraiState, seat: Seat) -> Form | None:
        """During the pick, the opening hand: five of the twenty tiles (a live form)."""
        return secrets.pick_form(state, seat)

    def answer(
        self, state: SamuraiState, seat: Seat, answers: Answers, *, final: bool
    ) -> Sequence[SamuraiAction]:
        """The take/drop steps to the chosen five tiles, and ``confirm`` when final."""
        return secrets.pick_answer(state, seat, answers, final=final)

    def end_turn(self, state: SamuraiState, seat: Seat) -> SamuraiAction | None:
        """``end`` after the normal tile of a turn (the board's End button)."""
        return rules.end_turn(state, seat)

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        """``easy``, ``normal`` (the greedy player), ``hard`` (:mod:`games.samurai.hard`)."""
        return make_level(strength, seed, budget_s, samurai_hard.HOOKS)

    def dump_state(self, state: SamuraiState) -> JSON:
        return state_io.dump_state(state)

    def load_state(self, data: JSON) -> SamuraiState:
        return state_io.load_state(data)

    def public_choices(self, state: SamuraiState, seat: Seat) -> Sequence[SamuraiAction] | None:
        """The figures' placement is on the open board: public. The pick's tentative hand is
        secret. A turn plays from the hidden hand, which is public only once the seat's
        draw pile is empty (its hand is then its set minus the tiles on the board) or when
        the hand is empty."""
        if state.phase == "pick":
            return None
        if state.phase == "play" and state.hands[seat] and state.piles[seat]:
            return None
        return rules.legal(state, seat)

    def shuffle_hidden(self, state: SamuraiState, seat: Seat | None, seed: int) -> SamuraiState:
        """A state that differs from ``state`` only in what ``seat`` cannot see."""
        return secrets.shuffle_hidden(state, seat, seed)


def _ours(action: Action) -> SamuraiAction:
    if not isinstance(action, ACTION_TYPES):
        raise IllegalAction("That is not a Samurai action.")
    return action


GAME = SamuraiGame()
