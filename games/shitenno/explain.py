"""Why an action is illegal, in the words of the rules (reference §4-§6)."""

from __future__ import annotations

from collections import Counter
from typing import Any

from games.base import MALFORMED_ACTION, Reason, well_formed
from games.shitenno import state as acts
from games.shitenno.data import (
    HATAMOTO,
    PROVINCE_IDS,
    SENSEI,
    TROOP_NAMES,
    provinces,
    sort_cards,
)
from games.shitenno.flow import stage
from games.shitenno.lots import lot_sizes
from games.shitenno.payment import HATAMOTO as HAT_CARD
from games.shitenno.payment import Price, koku_cost, meets, requirement
from games.shitenno.rules import free_position, to_act
from games.shitenno.state import ACTION_TYPES, ShitennoState


def _r(key: str, text: str, **params: Any) -> Reason:
    return Reason(key, text.format(**params), **params)


def explain_illegal(state: ShitennoState, seat: int, action: object) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` in ``state``."""
    if state.phase == "over":
        return Reason("rules.common.game_over", "This game is over.")
    if not isinstance(action, ACTION_TYPES):
        return _r("shitenno.notation.not_ours", "That is not a Shitenno action.")
    if not well_formed(action):
        return MALFORMED_ACTION
    if seat not in to_act(state):
        return Reason("rules.common.not_your_turn", "It is not your turn.")
    now = stage(state)
    if isinstance(action, acts.MakeLot):
        return _explain_lot(state, now, action)
    if isinstance(action, acts.Accept | acts.Refuse):
        return _r("shitenno.offer.not_you", "No lot is offered to you now.")
    if isinstance(action, acts.Split):
        return _explain_split(state, now, action)
    if isinstance(action, acts.Choose):
        if now != "choose":
            return _r("shitenno.choose.not_now", "There is no split to choose from now.")
        return _r("shitenno.choose.ab", "Choose lot a or lot b.")
    if now != "turn":
        return _r(
            "shitenno.turn.not_now",
            "Kamons are placed in the province years, on your turn; now lots are shared.",
        )
    return _explain_turn(state, seat, action)


def _explain_turn(state: ShitennoState, seat: int, action: object) -> Reason:
    """An action of a province turn, on the seat's turn."""
    if isinstance(action, acts.Place):
        return explain_place(state, seat, action)
    if isinstance(action, acts.Draw):
        if not state.bonus[seat][2]:
            return _r("shitenno.draw.no_tile", "You have no Draw tile.")
        return _r("shitenno.draw.empty", "The Troop deck and its discards are empty.")
    if isinstance(action, acts.Flip):
        if state.titles[seat] != SENSEI:
            return _r("shitenno.flip.not_sensei", "Only the Senseï turns a Kamon golden.")
        if action.province not in PROVINCE_IDS:
            return _r("shitenno.place.unknown", "There is no such province.")
        return _r(
            "shitenno.flip.none",
            "You have no simple Kamon there that you may turn golden.",
        )
    assert isinstance(action, acts.End)
    return _r("shitenno.turn.not_turn", "It is not your turn in a province year.")


def _explain_lot(state: ShitennoState, now: str, action: acts.MakeLot) -> Reason:
    if now == "split":
        return _r(
            "shitenno.lot.split_now",
            "Two players are left without a lot: split everything left into two lots "
            "(split <cards> + <tile> / <tile>).",
        )
    if now != "lot":
        return _r("shitenno.lot.not_now", "No lot can be built now.")
    reason = _cards_open(state, action.cards)
    if reason:
        return reason
    if action.tile not in state.tiles:
        return _r(
            "shitenno.lot.tile_gone",
            "A lot needs exactly one of the Hierarchy tiles still in the Tairō's hand.",
        )
    least, most = lot_sizes(state)
    if len(action.cards) < least:
        return _r("shitenno.lot.empty", "A lot must hold at least one card.")
    left = len(state.open_cards) - most
    if left > 1:
        return _r(
            "shitenno.lot.leave",
            "A lot must leave {left} cards, one for each lot still to be made.",
            left=left,
        )
    return _r("shitenno.lot.full", "A lot must leave at least one card for later lots.")


def _cards_open(state: ShitennoState, cards: tuple[str, ...]) -> Reason | None:
    if Counter(cards) - Counter(state.open_cards):
        return _r(
            "shitenno.lot.not_open",
            "Those cards are not all among the open cards ({cards}).",
            cards=" ".join(state.open_cards) or "none",
        )
    return None


def _explain_split(state: ShitennoState, now: str, action: acts.Split) -> Reason:
    if now != "split":
        return _r(
            "shitenno.split.not_now",
            "The split comes when only two players are left without a lot.",
        )
    reason = _cards_open(state, action.cards)
    if reason:
        return reason
    return _r(
        "shitenno.split.tiles",
        "Each of the two lots needs a different Hierarchy tile still in the Tairō's hand.",
    )


def need_text(need: dict[str, int]) -> str:
    return " + ".join(f"{n} {TROOP_NAMES[t]}" for t, n in need.items())


def explain_place(state: ShitennoState, seat: int, action: acts.Place) -> Reason:
    """Why a placement is refused (the first rule it breaks)."""
    problem = place_problem(state, seat, action)
    return problem or _r("shitenno.place.not_now", "That placement is not possible now.")


def overpayment(state: ShitennoState, seat: int, action: object) -> acts.Place | None:
    """A copy of ``action`` when it is a placement the rules accept although ``legal()``
    does not list it: one that pays with surplus (the rulebook: «debes descartar más Kokus
    que los necesarios, pero los excedentes se pierden»); ``None`` otherwise."""
    if not isinstance(action, acts.Place) or not well_formed(action):
        return None
    if seat not in to_act(state) or stage(state) != "turn":
        return None
    if sort_cards(action.cards) != action.cards or place_problem(state, seat, action):
        return None
    return acts.Place(action.province, action.cards, action.exchange, action.plus, action.hatamoto)


def place_problem(state: ShitennoState, seat: int, action: acts.Place) -> Reason | None:
    """The first rule a placement breaks, or ``None`` when it pays (perhaps with surplus)."""
    if action.province not in PROVINCE_IDS:
        return _r("shitenno.place.unknown", "There is no such province.")
    i = PROVINCE_IDS.index(action.province)
    p = provinces()[i]
    free = free_position(state, i)
    if state.placed >= 2:
        return _r("shitenno.place.two", "You may place at most two Kamons a year.")
    if state.kamons[seat] == 0:
        return _r("shitenno.place.no_kamons", "You have no control Kamons left.")
    if free is None:
        return _r("shitenno.place.full", f"{p.name} has no free position.", province=p.id)
    if Counter(action.cards) - Counter(state.hands[seat]):
        return _r("shitenno.place.not_in_hand", "You do not hold all those cards.")
    exchange, plus, _ = state.bonus[seat]
    if not (0 <= action.exchange <= exchange and 0 <= action.plus <= plus):
        return _r("shitenno.place.no_tile", "You do not have those bonus tiles.")
    if action.hatamoto and state.titles[seat] != HATAMOTO:
        return _r("shitenno.place.not_hatamoto", "Only the Hatamoto adds the title's troop.")
    if action.hatamoto and state.hatamoto_used:
        return _r("shitenno.place.hatamoto_used", "The Hatamoto's troop serves once per turn.")
    need, cost = requirement(p, state.stacks[i]), koku_cost(p, free)
    items = (*action.cards, HAT_CARD) if action.hatamoto else action.cards
    if not meets(
        items, action.exchange, action.plus, Price.under(state.options, tuple(need.items()), cost)
    ):
        return _r(
            "shitenno.place.short",
            f"That does not pay for {p.name}: it needs {{need}} or {{koku}} Koku.",
            province=p.id,
            need=need_text(need),
            koku=cost,
        )
    return None
