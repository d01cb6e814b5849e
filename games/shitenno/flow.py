"""Year transitions: the sharing state machine (reference §4) and the province year's turns
(§5), the end check (§7)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.rng import Rng, derive_seed
from games.shitenno.data import rules, sort_cards
from games.shitenno.state import Lot, ShitennoState, evolve


def by_title(state: ShitennoState, seats: object) -> tuple[int, ...]:
    """``seats`` in descending title order (titles held this year)."""
    return tuple(sorted(seats, key=lambda s: -state.titles[s]))  # type: ignore[call-overload]


def without_lot(state: ShitennoState) -> tuple[int, ...]:
    """Seats with no lot yet this year, in title order."""
    return by_title(state, [s for s in range(state.players) if state.lots[s] is None])


def stage(state: ShitennoState) -> str:
    """``lot``, ``offer``, ``split``, ``choose``, ``turn`` or ``over``."""
    if state.phase == "over":
        return "over"
    if state.phase == "odd":
        return "turn"
    if state.split is not None:
        return "choose"
    if state.offer is not None:
        return "offer"
    return "lot" if len(without_lot(state)) >= 3 else "split"


def draw_troops(state: ShitennoState, n: int) -> tuple[ShitennoState, tuple[str, ...]]:
    """Take ``n`` Troop cards from the deck, reshuffling the discards into it when it runs
    out; if still short, what there is."""
    deck, discard, reshuffles = state.troop_deck, state.troop_discard, state.reshuffles
    if len(deck) < n and discard:
        rng = Rng(derive_seed(state.seed, f"shitenno.reshuffle.{reshuffles}"))
        deck = deck + tuple(rng.shuffled(list(discard)))
        discard, reshuffles = (), reshuffles + 1
    drawn = deck[:n]
    return evolve(state, troop_deck=deck[n:], troop_discard=discard, reshuffles=reshuffles), drawn


TURN_START: dict[str, Any] = {"placed": 0, "hatamoto_used": False, "turn_places": ()}
"""The fields of a player's turn as it begins: no Kamon placed, the Hatamoto unused."""


def sharing_start(players: int) -> dict[str, Any]:
    """The fields of a sharing year before the first lot: no lot, offer or split yet."""
    return {
        "lots": (None,) * players,
        "offer": None,
        "offer_queue": (),
        "refused": (),
        "split": None,
        "chooser": None,
    }


def begin_even_year(state: ShitennoState) -> ShitennoState:
    """A sharing year: the highest title is Tairō, reveals cards and takes the 4 tiles."""
    n = state.players
    data = rules()
    state, troops = draw_troops(state, data.troops_revealed[n])
    koku = state.koku_deck[: data.koku_revealed[n]]
    tairo = max(range(n), key=lambda s: state.titles[s])
    return evolve(
        state,
        phase="even",
        year=state.year + 1,
        koku_deck=state.koku_deck[len(koku) :],
        tairo=tairo,
        open_cards=sort_cards(troops + koku),
        tiles=(4, 3, 2, 1),
        **sharing_start(n),
        order=by_title(state, range(n)),
        current=None,
        **TURN_START,
    )


def remove_cards(pool: tuple[str, ...], cards: tuple[str, ...]) -> tuple[str, ...]:
    """``pool`` minus the multiset ``cards`` (canonical order kept)."""
    left = Counter(pool)
    left.subtract(cards)
    return sort_cards(left.elements())


def give_lot(state: ShitennoState, seat: int, lot: Lot) -> ShitennoState:
    lots = list(state.lots)
    lots[seat] = lot
    hands = list(state.hands)
    hands[seat] = sort_cards(hands[seat] + lot[0])
    return evolve(state, lots=tuple(lots), hands=tuple(hands))


def after_lot(state: ShitennoState) -> ShitennoState:
    """A lot was taken: the (possibly new) Tairō builds the next lot or the final split."""
    state = evolve(state, offer=None, offer_queue=(), refused=())
    left = without_lot(state)
    if state.tairo not in left:
        state = evolve(state, tairo=left[0])
    return state


def offer_queue(state: ShitennoState) -> tuple[int, ...]:
    """Players offered a new lot: everyone else without a lot, in title order."""
    return tuple(s for s in without_lot(state) if s != state.tairo)


def end_even_year(state: ShitennoState) -> ShitennoState:
    """Everyone swaps his Hierarchy tile for the Title with as many seals (§4.2 step 4)."""
    titles = tuple(lot[1] if lot else 0 for lot in state.lots)
    state = evolve(state, titles=titles, split=None, chooser=None, open_cards=(), tiles=())
    return begin_odd_year(state)


def begin_odd_year(state: ShitennoState) -> ShitennoState:
    order = by_title(state, range(state.players))
    return evolve(
        state,
        phase="odd",
        year=state.year + 1,
        tairo=None,
        order=order,
        current=order[0],
        **TURN_START,
    )


def next_turn(state: ShitennoState) -> ShitennoState:
    """The next player in title order, or the end of the province year."""
    assert state.current is not None
    i = state.order.index(state.current) + 1
    if i < len(state.order):
        return evolve(state, current=state.order[i], **TURN_START)
    if min(state.kamons) == 0:
        return evolve(state, phase="over", current=None, end_reason="kamons")
    if not state.koku_deck:
        return evolve(state, phase="over", current=None, end_reason="koku")
    return begin_even_year(state)
