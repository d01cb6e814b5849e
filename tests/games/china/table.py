"""Rulebook examples played at a real table: the shipped map, a normal opening, the engine.

A :class:`Table` starts a game with ``games.get("china").setup`` and then *stacks the deck*:
the same cards as the seeded deal, in an order chosen so that each scripted turn finds the
cards it plays in the player's hand (what one does at a real table to set up a rulebook
example). Nothing else of the opening changes; every turn is then played through
``games.engine.act_text`` in turn order, placements followed by pile draws, so the position
of an example is reached only by legal moves.

A script is a list of turns, one per seat in turn order from seat 0:

* a placement in notation (``"RR:wei WEI2+E"``), optionally as ``Turn(text, hand="PRR")``
  to fix the whole hand the player holds before it (for examples that look at the hand);
* ``SWAP``: exchange a card nobody needs for the pile's top card (a turn that changes
  nothing on the board).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import games
from games import engine
from games.base import Event, Game, resolve_options
from games.china.state import ChinaState, Place, colour_key

SWAP = "swap"
GAME: Game = games.get("china")
ALEX, BARBARA, CHRIS, DORIS = 0, 1, 2, 3


@dataclass(frozen=True)
class Turn:
    """One scripted turn: ``text`` (a placement or ``SWAP``) and the hand held before it."""

    text: str
    hand: str | None = None


class ScriptError(AssertionError):
    """The script cannot be dealt (asks for more cards than the deck holds, ...)."""


class Table:
    """A scripted game; see the module docstring."""

    def __init__(
        self,
        script: Sequence[str | Turn],
        *,
        players: int = 4,
        side: str = "b",
        seed: int = 2005,
        **options: Any,
    ) -> None:
        self.turns = [t if isinstance(t, Turn) else Turn(t) for t in script]
        self.players = players
        opening = GAME.setup(players, resolve_options(GAME, {"side": side, **options}), seed)
        self.opening: ChinaState = opening
        self._texts: list[str] = []
        self.state: ChinaState = self._stack(opening)
        self.done = 0
        self.events: list[Event] = []

    # --- dealing ---------------------------------------------------------------------------

    def _stack(self, opening: ChinaState) -> ChinaState:
        """The opening with its cards reordered for the script.

        Every card position is a numbered slot (the hands, the face-up row, then the pile
        from its top); a slot gets its colour when a turn plays or shows it, the others
        get the remaining cards of the deck."""
        sizes = [len(h) for h in opening.hands]
        slots = iter(range(sum(sizes) + len(opening.face_up) + len(opening.pile)))
        first_hands = [[next(slots) for _ in range(n)] for n in sizes]
        face_up = [next(slots) for _ in opening.face_up]
        pile = list(slots)  # top first
        hands = [list(h) for h in first_hands]
        colour: dict[int, str] = {}
        swapped: dict[int, int] = {}  # turn index -> slot discarded
        drawn = 0

        def assign(hand: list[int], cards: str) -> list[int]:
            """Slots of ``hand`` holding ``cards``: known ones first, then unknown ones."""
            chosen: list[int] = []
            for card in cards:
                known = [s for s in hand if colour.get(s) == card and s not in chosen]
                free = [s for s in hand if s not in colour and s not in chosen]
                if not known and not free:
                    raise ScriptError(f"no room in the hand for {cards!r}")
                slot = known[0] if known else free[0]
                colour[slot] = card
                chosen.append(slot)
            return chosen

        def draw(hand: list[int]) -> None:
            nonlocal drawn
            if drawn == len(pile):
                raise ScriptError("the script runs the pile out")
            hand.append(pile[drawn])
            drawn += 1

        for index, turn in enumerate(self.turns):
            hand = hands[index % self.players]
            if turn.hand is not None:
                if len(turn.hand) != len(hand):
                    raise ScriptError(f"turn {index}: the hand holds {len(hand)} cards")
                assign(hand, turn.hand)
            if turn.text == SWAP:
                slot = next((s for s in hand if s not in colour), hand[0])
                swapped[index] = slot
                hand.remove(slot)
                draw(hand)
                continue
            cards = turn.text.split(":", 1)[0]
            for slot in assign(hand, cards):
                hand.remove(slot)
            for _ in cards:
                draw(hand)

        pool = Counter(card for hand in opening.hands for card in hand)
        pool.update(opening.face_up + opening.pile)
        pool.subtract(colour.values())
        if any(n < 0 for n in pool.values()):
            raise ScriptError(f"the script needs more cards than the deck holds: {pool}")
        filler = sorted(pool.elements(), key=lambda c: (-pool[c], colour_key(c)))
        every = [*swapped.values(), *(s for h in first_hands for s in h), *face_up, *pile]
        for slot in every:
            if slot not in colour:
                colour[slot] = filler.pop(0)
        self._texts = [
            f"swap {colour[swapped[i]]}>pile" if t.text == SWAP else t.text
            for i, t in enumerate(self.turns)
        ]
        data = GAME.dump_state(opening)
        data["hands"] = [sorted((colour[s] for s in h), key=colour_key) for h in first_hands]
        data["face_up"] = [colour[s] for s in face_up]
        data["pile"] = [colour[s] for s in reversed(pile)]  # the top card is the last
        stacked: ChinaState = GAME.load_state(data)
        _check_same_opening(opening, stacked)
        return stacked

    # --- playing ---------------------------------------------------------------------------

    @property
    def seat(self) -> int:
        """The seat whose turn it is."""
        return self.state.current

    def play(self, turns: int = 1) -> list[Event]:
        """Play the next ``turns`` scripted turns (a placement and its draws each)."""
        events: list[Event] = []
        for _ in range(turns):
            text = self._texts[self.done]
            seat = self.state.current
            assert seat == self.done % self.players, (seat, self.done)
            self.state, action, new = engine.act_text(GAME, self.state, seat, text)
            events.extend(new)
            if isinstance(action, Place):
                while self.state.phase == "draw" and self.state.current == seat:
                    self.state, _, new = engine.act_text(GAME, self.state, seat, "draw pile")
                    events.extend(new)
            self.done += 1
        self.events.extend(events)
        return events

    def play_script(self) -> list[Event]:
        return self.play(len(self.turns) - self.done)

    def finish(self) -> list[Event]:
        """Play on to the end with exchanges only (the board stays as it is)."""
        events: list[Event] = []
        while GAME.outcome(self.state) is None:
            seat = min(GAME.to_act(self.state))
            action = next(a for a in GAME.legal(self.state, seat) if not isinstance(a, Place))
            self.state, new = engine.act(GAME, self.state, seat, action)
            events.extend(new)
        self.events.extend(events)
        return events

    # --- looking ---------------------------------------------------------------------------

    def legal(self) -> list[str]:
        """The legal actions of the seat to act, in notation."""
        return list(engine.legal_notations(GAME, self.state, self.seat))

    def try_text(self, text: str) -> tuple[ChinaState, list[Event]]:
        """Play ``text`` for the seat to act on a copy (the table does not move on)."""
        state, _, events = engine.act_text(GAME, self.state, self.seat, text)
        return state, events


def _check_same_opening(opening: ChinaState, stacked: ChinaState) -> None:
    """Stacking changed the order of the cards and nothing else."""
    before, after = GAME.dump_state(opening), GAME.dump_state(stacked)
    cards = ("hands", "face_up", "pile")
    assert {k: v for k, v in before.items() if k not in cards} == {
        k: v for k, v in after.items() if k not in cards
    }
    assert [len(h) for h in before["hands"]] == [len(h) for h in after["hands"]]
    assert len(before["face_up"]) == len(after["face_up"])
    assert len(before["pile"]) == len(after["pile"])

    def all_cards(data: dict[str, Any]) -> Counter[str]:
        return Counter([c for h in data["hands"] for c in h] + data["face_up"] + data["pile"])

    assert all_cards(before) == all_cards(after)


def of_kind(events: Sequence[Event], kind: str) -> list[dict[str, Any]]:
    """The arguments of the events of ``kind``."""
    return [dict(e.args) for e in events if e.kind == kind]


__all__ = ["ALEX", "BARBARA", "CHRIS", "DORIS", "GAME", "SWAP", "Table", "Turn", "of_kind"]
