"""China's rules: legal actions, their validation, and the turn flow.

A turn is a sequence of actions of the player to act:

* ``Place`` (play 1-3 cards, put up to 2 pieces into one region), then one ``Draw`` per
  card until the hand holds 3 again (or no card is left to take); the rulebook makes the
  refill compulsory ("repone su mano hasta 3 cartas"), so there is no "end" action: the
  turn ends by itself when the hand is full, and the face-up row is refilled to 4;
* or one ``Exchange`` (discard a card, take a face-up card or the pile's top), which ends
  the turn;
* or ``Pass``, only when neither is possible (the last turns, with no card to take).

``legal`` lists, in the act phase, placements by region in board order; within a region
the one-piece placements before the two-piece ones; for each, the payments (cards of the
region's colour first, then wild pairs in colour order) and within a payment the pieces
(houses by space id, then house + emissary, then emissaries, fortification placements
last); then exchanges (discarded colour, then taken colour in colour order, the pile
last). In the draw phase: one ``Draw`` per face-up colour in colour order, then the pile.
``Pass`` is listed alone when nothing else is legal.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from games.base import Event, Reveal, Termination
from games.china import state as acts
from games.china.board import Board, Region, board, load_data
from games.china.scoring import final_scoring, make_outcome, region_counts, score_region
from games.china.state import PILE, ChinaAction, ChinaState, colour_key, space_key
from games.rng import Rng

Payment = tuple[str, ...]
Pieces = tuple[tuple[str, ...], int, str | None]  # houses, emissaries, fortification


# --- payments ----------------------------------------------------------------------------


def payments(hand: Sequence[str], colour: str) -> tuple[list[Payment], list[Payment]]:
    """Distinct card choices from ``hand`` paying for one and for two pieces in a region of
    ``colour`` (equal cards are interchangeable, so each multiset appears once)."""
    counts = Counter(hand)
    own = counts[colour]
    one: list[Payment] = [(colour,)] if own else []
    two: list[Payment] = [(colour, colour)] if own >= 2 else []
    for other in sorted(counts, key=colour_key):
        if other != colour and counts[other] >= 2:
            one.append((other, other))
            if own:
                two.append((colour, other, other))
    return one, two


def payment_error(cards: Sequence[str], region: Region) -> tuple[int, str | None]:
    """How many pieces ``cards`` pay for in ``region``, or why they pay for none."""
    names = load_data().colour_names
    own = sum(1 for c in cards if c == region.colour)
    rest = [c for c in cards if c != region.colour]
    colour = names[region.colour]
    if own > 2:
        return 0, f"At most 2 pieces a turn: play no more than 2 {colour} cards in {region.name}."
    if not rest:
        return own, None
    if len(rest) == 1:
        return 0, (
            f"A {names[rest[0]]} card does not match {region.name} ({colour}): play {colour}"
            " cards, or two cards of one other colour as a wild pair."
        )
    if len(rest) == 3:
        return 0, (
            f"Three {names[rest[0]]} cards are one wild pair (1 piece) and a card too many:"
            " keep the third card."
        )
    if rest[0] != rest[1]:
        return 0, "A wild pair is two cards of the same colour."
    return own + 1, None


# --- helpers on the position -------------------------------------------------------------


def layout_of(state: ChinaState) -> Board:
    return board(state.side)


def region_started(state: ChinaState, region: Region) -> bool:
    """Whether ``region`` holds any piece (house or fortification; emissaries need houses)."""
    return any(state.owners[s] >= 0 or state.forts[s] for s in region.spaces)


def can_draw(state: ChinaState) -> bool:
    return bool(state.face_up or state.pile)


def _could_house_fort(state: ChinaState, seat: int, region: Region) -> bool:
    """Whether ``seat`` could put its own house on a fortification it places this turn:
    that takes a second piece (a region started before the turn and a two-piece payment)
    and a house in supply."""
    return (
        state.houses_left[seat] > 0
        and region_started(state, region)
        and bool(payments(state.hands[seat], region.colour)[1])
    )


# --- legal actions -----------------------------------------------------------------------


def _piece_sets(state: ChinaState, seat: int, region: Region, two: bool) -> list[list[Pieces]]:
    """One-piece and (when ``two``) two-piece choices in ``region``."""
    layout = layout_of(state)
    # Spaces in natural order, so that pairs come out in Place's normal order.
    order = sorted(region.spaces, key=lambda s: space_key(layout.spaces[s].id))
    free = [layout.spaces[s].id for s in order if state.owners[s] < 0]
    bare = [layout.spaces[s].id for s in order if state.owners[s] < 0 and not state.forts[s]]
    houses = state.houses_left[seat]
    envoys = state.emissaries_left[seat]
    forts = state.forts_left[seat] if state.options.get("fortifications") else 0
    counts = region_counts(state, layout, region.index)
    cap = max(counts)
    present = sum(state.emissaries[region.index])
    ones: list[Pieces] = [((h,), 0, None) for h in free] if houses else []
    if envoys and present < cap:
        ones.append(((), 1, None))
    if forts and not _could_house_fort(state, seat, region):
        ones.extend(((), 0, f) for f in bare)
    twos: list[Pieces] = []
    if two:
        if houses >= 2:
            twos.extend(((a, b), 0, None) for i, a in enumerate(free) for b in free[i + 1 :])
        if houses and envoys:
            room = max(cap, counts[seat] + 1)
            twos.extend(((h,), 1, None) for h in free if present < room)
        if envoys >= 2 and present + 2 <= cap:
            twos.append(((), 2, None))
        if forts and houses:
            twos.extend(((f,), 0, f) for f in bare)
        elif forts and envoys and present < cap:
            twos.extend(((), 1, f) for f in bare)
    return [ones, twos]


def placements(state: ChinaState, seat: int) -> list[acts.Place]:
    """Every legal ``Place`` of ``seat`` (see the module docstring for the order)."""
    hand = state.hands[seat]
    out: list[acts.Place] = []
    for region in layout_of(state).regions:
        one, two = payments(hand, region.colour)
        if not region_started(state, region):
            two = []
        if not one and not two:
            continue
        sets = _piece_sets(state, seat, region, bool(two))
        for pay_list, pieces in ((one, sets[0]), (two, sets[1])):
            for cards in pay_list:
                normal = tuple(sorted(cards, key=colour_key))
                for houses, envoys, fort in pieces:
                    out.append(acts.Place.trusted(normal, region.id, houses, envoys, fort))
    return out


def _colours_in(cards: Sequence[str]) -> list[str]:
    return sorted(set(cards), key=colour_key)


def exchanges(state: ChinaState, seat: int) -> list[acts.Exchange]:
    takes = _colours_in(state.face_up) + ([PILE] if state.pile else [])
    return [acts.Exchange(d, t) for d in _colours_in(state.hands[seat]) for t in takes]


def draws(state: ChinaState) -> list[acts.Draw]:
    return [acts.Draw(c) for c in _colours_in(state.face_up)] + (
        [acts.Draw(PILE)] if state.pile else []
    )


def legal_actions(state: ChinaState, seat: int) -> list[ChinaAction]:
    """Every legal action of ``seat`` now, in the documented order."""
    if state.phase == "over" or seat != state.current:
        return []
    if state.phase == "draw":
        return list(draws(state))
    actions: list[ChinaAction] = [*placements(state, seat), *exchanges(state, seat)]
    return actions or [acts.Pass()]


# --- applying ----------------------------------------------------------------------------


def _exhausted(state: ChinaState, events: list[Event]) -> None:
    """The pile just ran out: reshuffle the discards the first time, else end the game
    after the round."""
    state.exhaustions += 1
    if state.exhaustions == 1:
        rng = Rng(state.rng)
        state.pile = rng.shuffled(state.discard)
        state.rng = rng.state
        state.discard = []
        events.append(Event("china.reshuffled", {"cards": len(state.pile)}))
        if state.pile:
            return
        state.exhaustions = 2  # nothing to reshuffle: the pile ran out for good
    state.end_triggered = True
    events.append(Event("china.final_round", {"exhaustions": state.exhaustions}))


def _pop_pile(state: ChinaState) -> str:
    return state.pile.pop()


def _add_to_hand(hand: list[str], card: str) -> None:
    hand.append(card)
    hand.sort(key=colour_key)


def _refill_face_up(state: ChinaState, events: list[Event]) -> None:
    size = load_data().face_up
    revealed: list[str] = []
    while len(state.face_up) < size and state.pile:
        card = _pop_pile(state)
        state.face_up.append(card)
        revealed.append(card)
        if not state.pile:
            events.append(_refilled(revealed))
            revealed = []
            _exhausted(state, events)
    if revealed:
        events.append(_refilled(revealed))


def _refilled(cards: list[str]) -> Event:
    """New face-up cards from the top of the pile: everyone sees what was hidden."""
    return Event("china.face_up_refilled", {"cards": cards}, reveals=Reveal.HIDDEN)


def any_piece_placeable(state: ChinaState) -> bool:
    """Whether some remaining player could still place a piece, whatever cards it held."""
    layout = layout_of(state)
    seats = state.active
    houses = any(state.houses_left[p] for p in seats)
    envoys = any(state.emissaries_left[p] for p in seats)
    forts = any(state.forts_left[p] for p in seats)
    for region in layout.regions:
        free = [s for s in region.spaces if state.owners[s] < 0]
        if (houses and free) or (forts and any(not state.forts[s] for s in free)):
            return True
        if envoys and sum(state.emissaries[region.index]) < max(
            region_counts(state, layout, region.index)
        ):
            return True
    return False


def next_seat(state: ChinaState, seat: int) -> int:
    for step in range(1, state.players + 1):
        other = (seat + step) % state.players
        if other not in state.resigned:
            return other
    return seat


def finish(state: ChinaState, events: list[Event]) -> None:
    """Final scoring and the result."""
    events.extend(final_scoring(state, layout_of(state)))
    _game_over(state, Termination.SCORING, events)


def _game_over(state: ChinaState, termination: Termination, events: list[Event]) -> None:
    """The game ends now (``termination``): its result is stored and announced."""
    state.phase = "over"
    state.step = None
    outcome = make_outcome(state, termination)
    state.result = outcome.to_json()
    events.append(
        Event("china.game_over", {"winners": sorted(outcome.winners), "scores": state.scores})
    )


def end_turn(state: ChinaState, events: list[Event]) -> None:
    """Refill the face-up row, then check the end and pass the turn on."""
    _refill_face_up(state, events)
    if not any_piece_placeable(state):
        if state.options.get("blocked_end", "immediate") == "immediate":
            finish(state, events)
            return
        if not state.end_triggered:
            state.end_triggered = True
            events.append(Event("china.blocked", {}))
    following = next_seat(state, state.current)
    # The round ends with the seat before the start player (seat 0): wrapping means done.
    if state.end_triggered and following <= state.current:
        finish(state, events)
        return
    state.current = following
    state.phase = "act"
    state.step = None
    state.turn += 1


def _apply_place(state: ChinaState, seat: int, action: acts.Place, events: list[Event]) -> None:
    layout = layout_of(state)
    region = layout.regions[layout.region_index[action.region]]
    hand = state.hands[seat]
    for card in action.cards:
        hand.remove(card)
    state.discard.extend(action.cards)
    if action.fortification is not None:
        state.forts[layout.space_index[action.fortification]] = True
        state.forts_left[seat] -= 1
    for space in action.houses:
        state.owners[layout.space_index[space]] = seat
    state.houses_left[seat] -= len(action.houses)
    state.emissaries[region.index][seat] += action.emissaries
    state.emissaries_left[seat] -= action.emissaries
    record = {
        "seat": seat,
        "kind": "place",
        "cards": list(action.cards),
        "region": region.id,
        "houses": list(action.houses),
        "emissaries": action.emissaries,
        "fortification": action.fortification,
    }
    args = {**record, "region_name": region.name}
    events.append(Event("china.place", args, seat=seat, reveals=Reveal.OWN))
    if (
        action.houses
        and not state.scored[region.index]
        and all(state.owners[s] >= 0 for s in region.spaces)
    ):
        events.append(score_region(state, layout, region.index, final=False))
    state.last_turn = record
    state.phase = "draw"
    state.step = "place"
    if not can_draw(state):
        end_turn(state, events)


def _take(state: ChinaState, seat: int, source: str, events: list[Event]) -> str:
    """Move a card from the face-up row or the pile into ``seat``'s hand."""
    if source == PILE:
        card = _pop_pile(state)
        events.append(Event("china.drew_pile", {}, seat=seat))
        events.append(
            Event(
                "china.drew_pile_card",
                {"card": card},
                seat=seat,
                audience=frozenset({seat}),
                reveals=Reveal.HIDDEN,
            )
        )
        if not state.pile:
            _exhausted(state, events)
    else:
        state.face_up.remove(source)
        card = source
        events.append(Event("china.drew_face_up", {"card": card}, seat=seat))
    _add_to_hand(state.hands[seat], card)
    return card


def _apply_draw(state: ChinaState, seat: int, action: acts.Draw, events: list[Event]) -> None:
    _take(state, seat, action.source, events)
    state.step = "pile" if action.source == PILE else "face_up"
    if len(state.hands[seat]) >= load_data().hand_size or not can_draw(state):
        end_turn(state, events)


def _apply_exchange(
    state: ChinaState, seat: int, action: acts.Exchange, events: list[Event]
) -> None:
    state.hands[seat].remove(action.discard)
    state.discard.append(action.discard)
    record = {"seat": seat, "kind": "exchange", "discard": action.discard, "take": action.take}
    events.append(Event("china.exchange", dict(record), seat=seat, reveals=Reveal.OWN))
    _take(state, seat, action.take, events)
    state.last_turn = record
    end_turn(state, events)


def apply_action(
    state: ChinaState, seat: int, action: ChinaAction
) -> tuple[ChinaState, list[Event]]:
    """The successor of a legal ``action`` (the input state is not changed)."""
    new = state.clone()
    events: list[Event] = []
    if isinstance(action, acts.Place):
        _apply_place(new, seat, action, events)
    elif isinstance(action, acts.Draw):
        _apply_draw(new, seat, action, events)
    elif isinstance(action, acts.Exchange):
        _apply_exchange(new, seat, action, events)
    else:
        new.last_turn = {"seat": seat, "kind": "pass"}
        events.append(Event("china.pass", {}, seat=seat))
        end_turn(new, events)
    return new, events


def resign_seat(state: ChinaState, seat: int) -> tuple[ChinaState, list[Event]]:
    """``seat`` leaves: its hand returns to the box, its pieces stay on the board."""
    new = state.clone()
    new.resigned.append(seat)
    new.hands[seat] = []
    events = [Event("china.resigned", {}, seat=seat)]
    if len(new.active) < 2:
        _game_over(new, Termination.RESIGNATION, events)
    elif new.current == seat:
        end_turn(new, events)
    else:
        new.step = None  # the log's last entry is now this resignation: nothing to undo
    return new, events
