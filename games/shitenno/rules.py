"""Shitenno's transitions: who acts, what is legal, what an action does (reference §4-§7).

``legal()`` order:

* the Tairō building a lot: ``lot`` actions listed lazily (:class:`LotChoices`): the
  empty lot first, then the sub-multisets of the open cards in mixed radix over the card
  kinds, each with every Hierarchy tile left (most seals first);
* the final split: ``split`` actions in the same order (cards of lot A, tile pairs);
* a player offered a lot: ``accept``, ``refuse``; the chooser of the split: ``choose a``,
  ``choose b``;
* a province turn: placements (complete payments that spend nothing for nothing), cheapest
  first (cost: 2 per troop or Koku on the cards, 3 per bonus tile, 1 for the Hatamoto),
  then by province (data order) and cards; then ``draw``, then the Senseï's ``flip``
  (province order), then ``end``.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import lru_cache
from operator import itemgetter
from typing import Any

from games.base import Event, Reveal
from games.shitenno import state as acts
from games.shitenno.data import (
    ALL_CARD_CODES,
    EFFECTS,
    HATAMOTO,
    LETTER_EFFECT,
    PROVINCE_IDS,
    SENSEI,
    TITLE_BONUS,
    provinces,
    sort_cards,
)
from games.shitenno.flow import (
    after_lot,
    draw_troops,
    end_even_year,
    give_lot,
    next_turn,
    offer_queue,
    remove_cards,
    stage,
    without_lot,
)
from games.shitenno.lots import LotChoices, lot_sizes
from games.shitenno.notation import notation
from games.shitenno.payment import Price, koku_cost, requirement, surplus
from games.shitenno.payment_search import payments
from games.shitenno.state import ShitennoAction, ShitennoState, evolve

PROVINCE_INDEX = {pid: i for i, pid in enumerate(PROVINCE_IDS)}


def to_act(state: ShitennoState) -> frozenset[int]:
    """The Tairō, the player offered a lot, the chooser of the split, or the player on turn."""
    if state.phase == "over":
        return frozenset()
    if state.phase == "odd":
        assert state.current is not None
        return frozenset((state.current,))
    if state.split is not None:
        assert state.chooser is not None
        return frozenset((state.chooser,))
    if state.offer is not None:
        return frozenset((state.offer_queue[0],))
    assert state.tairo is not None
    return frozenset((state.tairo,))


def legal(state: ShitennoState, seat: int) -> Sequence[ShitennoAction]:
    """Every legal action of ``seat``, in the order of the module docstring."""
    if seat not in to_act(state):
        return []
    now = stage(state)
    if now == "lot":
        return LotChoices(state.open_cards, state.tiles, False, lot_sizes(state))
    if now == "split":
        return LotChoices(state.open_cards, state.tiles, True, (0, len(state.open_cards)))
    if now == "offer":
        return [acts.Accept(), acts.Refuse()]
    if now == "choose":
        return [acts.Choose("a"), acts.Choose("b")]
    return turn_actions(state, seat)


def turn_actions(state: ShitennoState, seat: int) -> list[ShitennoAction]:
    actions: list[ShitennoAction] = list(placements(state, seat))
    if state.bonus[seat][2] and (state.troop_deck or state.troop_discard):
        actions.append(acts.Draw())
    actions.extend(acts.Flip(pid) for pid in flippable(state, seat))
    actions.append(acts.End())
    return actions


def placements(state: ShitennoState, seat: int) -> list[acts.Place]:
    """Every legal placement of ``seat`` now, cheapest first."""
    if state.placed >= 2 or state.kamons[seat] == 0:
        return []
    hand = state.hands[seat]
    exchange, plus, _ = state.bonus[seat]
    hat = state.titles[seat] == HATAMOTO and not state.hatamoto_used
    found: list[tuple[tuple[int, int, int, tuple[str, ...], int], acts.Place]] = []
    gold, letters, holders = _hand_stats(hand)
    tiles = exchange + plus
    for i, p in enumerate(provinces()):
        free = free_position(state, i)
        if free is None:
            continue
        price = Price.under(
            state.options, tuple(requirement(p, state.stacks[i]).items()), koku_cost(p, free)
        )
        if gold + tiles < price.cost:  # the bound of payment.payments(), the hand counted once
            (t1, n1), *second = price.need
            short = max(0, n1 - letters.get(t1, 0))  # a card has 2 troops at most, n1 >= 2
            if second:
                t2, n2 = second[0]
                short += max(0, n2 - holders.get(t2, 0))
            if short > tiles + hat:
                continue
        found += _province_places(i, hand, exchange, plus, hat, price)
    if len(found) > 1:
        found.sort(key=itemgetter(0))  # each province's run is sorted already
    return [x[1] for x in found]


@lru_cache(maxsize=4096)
def _hand_stats(hand: tuple[str, ...]) -> tuple[int, dict[str, int], dict[str, int]]:
    """The hand's Koku, its troops of each type and its Troop cards with each type."""
    gold = sum(int(c[1]) for c in hand if c[0] == "K")
    troops = Counter("".join(c for c in hand if c[0] != "K"))
    holders = Counter(t for c in hand if c[0] != "K" for t in set(c))
    return gold, dict(troops), dict(holders)


PRICE = {c: 2 * (int(c[1]) if c[0] == "K" else len(c)) for c in ALL_CARD_CODES}


@lru_cache(maxsize=4096)
def _province_places(
    i: int, hand: tuple[str, ...], exchange: int, plus: int, hat: bool, price: Price
) -> tuple[tuple[tuple[int, int, int, tuple[str, ...], int], acts.Place], ...]:
    """The placements on province ``i`` paying ``price``, each with its sort key: what it
    spends (2 per troop or Koku on the cards, 3 per bonus tile, 1 for the Hatamoto),
    province, number of cards, cards, Exchange tiles (what it spends tells +1 and the
    Hatamoto apart), in that order."""
    pid = PROVINCE_IDS[i]
    out = []
    for cards, e, pl, h in payments(hand, exchange, plus, hat, price, bounded=True):
        spent = sum(PRICE[c] for c in cards) + 3 * (e + pl) + h
        out.append(((spent, i, len(cards), cards, e), acts.Place(pid, cards, e, pl, h)))
    out.sort(key=itemgetter(0))
    return tuple(out)


def free_position(state: ShitennoState, i: int) -> int | None:
    return next((k for k, s in enumerate(state.board[i]) if s is None), None)


def flippable(state: ShitennoState, seat: int) -> list[str]:
    """Provinces where the Senseï may turn a simple Kamon of his golden now."""
    if state.titles[seat] != SENSEI:
        return []
    this_turn = state.options["sensei_flip"] == "this_turn"
    out = []
    for i, pid in enumerate(PROVINCE_IDS):
        if this_turn and pid not in state.turn_places:
            continue
        if any(s is not None and s[0] == seat and not s[1] for s in state.board[i]):
            out.append(pid)
    return out


def end_turn(state: ShitennoState, seat: int) -> ShitennoAction | None:
    if state.phase == "odd" and state.current == seat:
        return acts.End()
    return None


# --- apply ------------------------------------------------------------------------------


Step = tuple[ShitennoState, list[Event]]
"""The state after an action and the events it made."""


def apply(
    state: ShitennoState, seat: int, action: ShitennoAction
) -> tuple[ShitennoState, list[Event]]:
    """The successor of a legal ``action``."""
    text = notation(action)
    after, events = _STEPS[type(action)](state, seat, action)
    province = action.province if isinstance(action, acts.Place | acts.Flip) else None
    after = evolve(after, last_seat=seat, last_text=text, last_province=province)
    return after, _new_year(state, after, events)


def _make_lot(state: ShitennoState, seat: int, action: acts.MakeLot) -> Step:
    state = evolve(
        state,
        offer=(action.cards, action.tile),
        open_cards=remove_cards(state.open_cards, action.cards),
        tiles=tuple(t for t in state.tiles if t != action.tile),
    )
    state = evolve(state, offer_queue=offer_queue(state), refused=())
    to = state.offer_queue[0]
    return state, [_event("lot", seat, cards=list(action.cards), tile=action.tile, to=to)]


def _accept(state: ShitennoState, seat: int, action: acts.Accept) -> Step:
    assert state.offer is not None
    event = _event("accept", seat, cards=list(state.offer[0]), tile=state.offer[1])
    return after_lot(give_lot(state, seat, state.offer)), [event]


def _refuse(state: ShitennoState, seat: int, action: acts.Refuse) -> Step:
    offer = state.offer
    assert offer is not None
    queue = state.offer_queue[1:]
    state = evolve(state, offer_queue=queue, refused=(*state.refused, seat))
    events = [_event("refuse", seat)]
    if not queue:
        assert state.tairo is not None
        events.append(_event("keep", state.tairo, cards=list(offer[0]), tile=offer[1]))
        state = after_lot(give_lot(state, state.tairo, offer))
    return state, events


def _split(state: ShitennoState, seat: int, action: acts.Split) -> Step:
    rest = remove_cards(state.open_cards, action.cards)
    other = next(s for s in without_lot(state) if s != seat)
    state = evolve(
        state,
        split=((action.cards, action.first), (rest, action.second)),
        open_cards=(),
        tiles=tuple(t for t in state.tiles if t not in (action.first, action.second)),
        chooser=other,
    )
    a, b = list(action.cards), list(rest)
    return state, [_event("split", seat, a=a, b=b, first=action.first, second=action.second)]


def _choose(state: ShitennoState, seat: int, action: acts.Choose) -> Step:
    assert state.split is not None and state.tairo is not None
    mine, theirs = state.split if action.lot == "a" else state.split[::-1]
    state = give_lot(give_lot(state, seat, mine), state.tairo, theirs)
    return end_even_year(state), [_event("choose", seat, lot=action.lot)]


def _place_step(state: ShitennoState, seat: int, action: acts.Place) -> Step:
    lost = _lost(state, seat, action)
    state, event = _place(state, seat, action)
    return state, [event, *lost]


def _draw(state: ShitennoState, seat: int, action: acts.Draw) -> Step:
    state, drawn = draw_troops(state, 1)
    hands = list(state.hands)
    hands[seat] = sort_cards(hands[seat] + drawn)
    bonus = list(state.bonus)
    e, p, d = bonus[seat]
    bonus[seat] = (e, p, d - 1)
    state = evolve(state, hands=tuple(hands), bonus=tuple(bonus))
    secret = Event(
        "shitenno.drawn", {"cards": list(drawn)}, seat, frozenset((seat,)), Reveal.HIDDEN
    )
    return state, [_event("draw", seat), secret]


def _flip(state: ShitennoState, seat: int, action: acts.Flip) -> Step:
    i = PROVINCE_INDEX[action.province]
    slots = list(state.board[i])
    k = next(k for k, s in enumerate(slots) if s is not None and s[0] == seat and not s[1])
    slots[k] = (seat, True)
    board = list(state.board)
    board[i] = tuple(slots)
    state = next_turn(evolve(state, board=tuple(board)))
    return state, [_event("flip", seat, province=action.province)]


def _end(state: ShitennoState, seat: int, action: acts.End) -> Step:
    return next_turn(state), [_event("end", seat)]


_STEPS: dict[type, Callable[[ShitennoState, int, Any], Step]] = {
    acts.MakeLot: _make_lot,
    acts.Accept: _accept,
    acts.Refuse: _refuse,
    acts.Split: _split,
    acts.Choose: _choose,
    acts.Place: _place_step,
    acts.Draw: _draw,
    acts.Flip: _flip,
    acts.End: _end,
}
"""What each kind of action does (``apply`` adds what every action leaves behind)."""


def _new_year(before: ShitennoState, after: ShitennoState, events: list[Event]) -> list[Event]:
    """A sharing year that began with this action revealed its open cards from the decks:
    the action's last event says so (``Reveal.HIDDEN``)."""
    if after.phase != "even" or after.year == before.year:
        return events
    return [*events[:-1], replace(events[-1], reveals=Reveal.HIDDEN)]


def _event(kind: str, seat: int, reveals: Reveal | None = None, **args: object) -> Event:
    return Event(f"shitenno.{kind}", dict(args), seat, reveals=reveals)


def _lost(state: ShitennoState, seat: int, action: acts.Place) -> list[Event]:
    """The ``lost`` event of a payment with surplus (none when nothing is lost): «los
    excedentes se pierden»."""
    i = PROVINCE_INDEX[action.province]
    p = provinces()[i]
    free = free_position(state, i)
    assert free is not None
    need = tuple(requirement(p, state.stacks[i]).items())
    koku, items = surplus(action, Price.under(state.options, need, koku_cost(p, free)))
    if not koku and not items:
        return []
    return [_event("lost", seat, koku=koku, items=list(items))]


def _place(state: ShitennoState, seat: int, action: acts.Place) -> tuple[ShitennoState, Event]:
    i = PROVINCE_INDEX[action.province]
    p = provinces()[i]
    k = free_position(state, i)
    assert k is not None
    hands = list(state.hands)
    hands[seat] = remove_cards(hands[seat], action.cards)
    spent_troops = tuple(c for c in action.cards if c[0] != "K")
    gain = p.values[k] + TITLE_BONUS.get(state.titles[seat], 0)
    favour = list(state.favour)
    favour[seat] += gain
    bonus, stacks, tile = _bonus_after(state, seat, action, i, k)
    slots = list(state.board[i])
    slots[k] = (seat, False)
    board = list(state.board)
    board[i] = tuple(slots)
    kamons = list(state.kamons)
    kamons[seat] -= 1
    state = evolve(
        state,
        hands=tuple(hands),
        troop_discard=state.troop_discard + spent_troops,
        favour=tuple(favour),
        bonus=bonus,
        stacks=stacks,
        board=tuple(board),
        kamons=tuple(kamons),
        placed=state.placed + 1,
        hatamoto_used=state.hatamoto_used or action.hatamoto,
        turn_places=(*state.turn_places, action.province),
    )
    return state, _place_event(seat, action, k + 1, gain, tile)


def _bonus_after(
    state: ShitennoState, seat: int, action: acts.Place, i: int, k: int
) -> tuple[tuple[tuple[int, int, int], ...], tuple[tuple[str, ...], ...], str | None]:
    """The bonus tiles after the placement spends some and may take the stack's top (the
    first three positions of a province), the stacks after, and the tile taken."""
    bonus = [list(b) for b in state.bonus]
    bonus[seat][0] -= action.exchange
    bonus[seat][1] -= action.plus
    stacks = list(state.stacks)
    tile = None
    if k < 3 and stacks[i]:
        tile = LETTER_EFFECT[stacks[i][0][1]]
        bonus[seat][EFFECTS.index(tile)] += 1
        stacks[i] = stacks[i][1:]
    return tuple((b[0], b[1], b[2]) for b in bonus), tuple(stacks), tile


def _place_event(
    seat: int, action: acts.Place, position: int, gain: int, tile: str | None
) -> Event:
    return _event(
        "place",
        seat,
        reveals=Reveal.OWN if tile is None else Reveal.HIDDEN,  # a stack's tile, its next top
        province=action.province,
        position=position,
        cards=list(action.cards),
        exchange=action.exchange,
        plus=action.plus,
        hatamoto=action.hatamoto,
        favour=gain,
        tile=tile,
    )


def resign(state: ShitennoState, seat: int) -> tuple[ShitennoState, list[Event]]:
    """``seat`` gives up: the game ends at once (see the package docstring)."""
    state = evolve(state, phase="over", current=None, end_reason="resignation", resigned=seat)
    return state, [_event("resign", seat)]
