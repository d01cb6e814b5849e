"""The China game object: the protocol of :mod:`games.base` over the modules of this package."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

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
    resolve_options,
)
from games.china import hard as china_hard
from games.china import notation as notation_module
from games.china.checks import explain
from games.china.rules import apply_action, legal_actions, resign_seat
from games.china.setup import OPTIONS, new_game, validate_options
from games.china.state import (
    ChinaAction,
    ChinaState,
    Draw,
    Exchange,
    Pass,
    Place,
    colour_key,
    dump_state,
    load_state,
)
from games.china.view import ChinaView, make_view
from games.defaults import GameDefaults
from games.rng import Rng, derive_seed
from games.search import make_level


class ChinaGame(GameDefaults):
    """China (Michael Schacht), 3-5 players."""

    key: str = "china"
    title: str = "China"
    seats: tuple[int, ...] = (3, 4, 5)
    options: tuple[OptionSpec, ...] = OPTIONS
    rules_version: int = 1
    hidden_information: bool = True

    def make_player(self, strength: str, seed: int, budget_s: float) -> Player:
        """``easy``, ``normal`` (the greedy player), ``hard`` (:mod:`games.china.hard`)."""
        return make_level(strength, seed, budget_s, china_hard.HOOKS)

    def validate_options(self, options: Mapping[str, JSON], players: int | None) -> None:
        """Refuse a board side that is not for ``players`` (side A with 5, B with 3)."""
        validate_options(options, players)

    def setup(self, players: int, options: Mapping[str, JSON], seed: int) -> ChinaState:
        """A new game; seat 0 is the start player and the last turn of the final round
        belongs to seat ``players - 1``. Refuses what :meth:`validate_options` refuses."""
        return new_game(players, resolve_options(self, options), seed)

    def to_act(self, state: ChinaState) -> frozenset[Seat]:
        return frozenset() if state.phase == "over" else frozenset({state.current})

    def legal(self, state: ChinaState, seat: Seat) -> Sequence[ChinaAction]:
        """See :mod:`games.china.rules` for the order."""
        return legal_actions(state, seat)

    def public_choices(self, state: ChinaState, seat: Seat) -> Sequence[ChinaAction] | None:
        """The refill's draws take from the face-up row or the pile (its size is public):
        public. A turn's placements and exchanges are paid from the hidden hand, so they are
        public only with an empty hand (then only ``pass`` is left)."""
        if state.phase == "act" and state.hands[seat]:
            return None
        return legal_actions(state, seat)

    def apply(
        self, state: ChinaState, seat: Seat, action: Action
    ) -> tuple[ChinaState, list[Event]]:
        return apply_action(state, seat, _ours(action))

    def explain_illegal(self, state: ChinaState, seat: Seat, action: object) -> str:
        return explain(state, seat, action)

    def can_undo(self, state: ChinaState, seat: Seat) -> bool:
        """True while ``seat`` is refilling its hand and its last step was the placement or
        a face-up draw: those revealed nothing. A pile draw shows a hidden card and the
        end of the turn (the face-up refill) reveals new cards, so neither can be taken
        back; a resignation by someone else in between also confirms the step."""
        return (
            state.phase == "draw" and state.current == seat and state.step in ("place", "face_up")
        )

    def resign(self, state: ChinaState, seat: Seat) -> tuple[ChinaState, list[Event]]:
        if seat in state.resigned:
            raise IllegalAction("You have already resigned from this game.")
        return resign_seat(state, seat)

    def view(self, state: ChinaState, seat: Seat | None) -> ChinaView:
        return make_view(state, seat)

    def hand(self, state: ChinaState, seat: Seat) -> JSON:
        """The seat's cards (colour letters in colour order)."""
        return list(state.hands[seat])

    def outcome(self, state: ChinaState) -> Outcome | None:
        return None if state.result is None else Outcome.from_json(state.result)

    def parse(self, state: ChinaState, seat: Seat, text: str) -> ChinaAction:
        return notation_module.parse(state, seat, text)

    def notation(self, state: ChinaState, action: Action) -> str:
        return notation_module.notation(_ours(action))

    def label(self, state: ChinaState, action: Action) -> str:
        return notation_module.label(state, _ours(action))

    def dump_state(self, state: ChinaState) -> JSON:
        return dump_state(state)

    def load_state(self, data: JSON) -> ChinaState:
        return load_state(data)

    def shuffle_hidden(self, state: ChinaState, seat: Seat | None, seed: int) -> ChinaState:
        """Deal the cards ``seat`` cannot see (other hands and the pile) anew, keeping every
        hand size and the pile size, and draw a new reshuffle generator."""
        new = state.clone()
        rng = Rng(derive_seed(seed, "china.shuffle_hidden"))
        others = [p for p in range(state.players) if p != seat]
        pool = [card for p in others for card in new.hands[p]] + new.pile
        rng.shuffle(pool)
        for p in others:
            size = len(new.hands[p])
            new.hands[p] = sorted(pool[:size], key=colour_key)
            pool = pool[size:]
        new.pile = pool
        new.rng = rng.next_u64()
        return new


def _ours(action: Action) -> ChinaAction:
    if not isinstance(action, Place | Draw | Exchange | Pass):
        raise IllegalAction("That is not a China action.")
    return action


GAME = ChinaGame()
_PROTOCOL_CHECK: Game = GAME  # mypy checks that ChinaGame satisfies the protocol
