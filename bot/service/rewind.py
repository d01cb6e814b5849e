"""The one rule for rolling a game's log back (a takeback after a vote, or the board's
Undo of one's own step): pure, so the council, the board's Undo and the takeback property
test (``tests/games/test_takeback.py``) all use the same function.

A game says what each event revealed (``games.base.Event.reveals``); this module decides
from that alone, whatever the game's own ``can_undo`` says."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from games import engine
from games.base import Event, Reveal, Seat

RESIGNED = "err.rewind_resigned"
REVEALED = "err.rewind_revealed"
OTHERS = "err.undo_others"


@dataclass(frozen=True)
class Undone:
    """One logged action that rolling back would remove, with the events it made."""

    seat: Seat
    user_id: int | None
    text: str
    events: Sequence[Event]


def refusal(undone: Sequence[Undone], seat: Seat, user_id: int | None, *, own: bool) -> str | None:
    """The catalogue key of why ``user_id`` at ``seat`` may not roll the log back past
    ``undone``, or ``None`` when it may. Refused past a resignation (final), past an event
    that revealed something hidden to anyone (its own mover included: a draw, a new open
    card, sealed bids shown, a random order) or another seat's own secret; and, for an
    Undo (``own``: one's own steps, no vote), past anything another seat or user did."""
    if any(step.text == engine.RESIGN for step in undone):
        return RESIGNED
    if own and any(step.seat != seat or step.user_id != user_id for step in undone):
        return OTHERS
    if any(revealed(event, seat) for step in undone for event in step.events):
        return REVEALED
    return None


def revealed(event: Event, seat: Seat) -> bool:
    """Whether taking ``event`` back would leave someone knowing what was hidden: any
    ``HIDDEN`` reveal; and a secret of another seat than ``seat`` (an ``OWN`` reveal, or a
    private event: a secret step, shown to its audience alone)."""
    if event.reveals is Reveal.HIDDEN:
        return True
    secret = event.reveals is Reveal.OWN or event.audience is not None
    return secret and event.seat != seat
