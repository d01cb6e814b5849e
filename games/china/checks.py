"""Why an action is illegal, in the rulebook's words.

``place_error`` is an independent statement of the placement rules (the generator in
``rules.py`` is the other); the tests check that the two agree on every candidate play.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from games.base import MALFORMED_ACTION, Reason, well_formed
from games.china.board import Region, load_data
from games.china.rules import (
    _could_house_fort,
    layout_of,
    payment_error,
    region_started,
)
from games.china.scoring import region_counts
from games.china.state import PILE, ChinaState, Draw, Exchange, Pass, Place


def _plural(n: int, word: str, many: str = "") -> str:
    return f"{n} {word}" if n == 1 else f"{n} {many or word + 's'}"


def _holds(hand: Sequence[str], cards: Sequence[str]) -> bool:
    have = Counter(hand)
    return all(have[c] >= n for c, n in Counter(cards).items())


def _card_names(cards: Sequence[str]) -> str:
    names = load_data().colour_names
    return " + ".join(names.get(c, repr(c)) for c in cards)


def _shape_error(action: Place) -> str | None:
    """Malformed fields (wrong types) that no rule sentence covers."""
    if not isinstance(action.region, str) or not isinstance(action.emissaries, int):
        return Reason("china.rules.placement_not_well_formed", "That placement is not well formed.")
    if not all(isinstance(x, str) for x in (*action.cards, *action.houses)):
        return Reason("china.rules.placement_not_well_formed", "That placement is not well formed.")
    if action.fortification is not None and not isinstance(action.fortification, str):
        return Reason("china.rules.placement_not_well_formed", "That placement is not well formed.")
    if action.emissaries < 0:
        return Reason(
            "china.rules.number_emissaries_cannot_be_negative",
            "The number of emissaries cannot be negative.",
        )
    return None


def _cards_error(state: ChinaState, seat: int, action: Place, region: Region) -> str | None:
    colours = load_data().colours
    if not 1 <= len(action.cards) <= 3:
        return Reason(
            "china.rules.play_1_2_3_cards",
            "Play 1, 2 or 3 cards: up to 3 cards place up to 2 pieces in one region.",
        )
    unknown = [c for c in action.cards if c not in colours]
    if unknown:
        return Reason(
            "china.rules.not_card_colour_colours",
            f"{unknown[0]!r} is not a card colour (colours: {', '.join(colours)}).",
            unknown=unknown[0],
            join=", ".join(colours),
        )
    if not _holds(state.hands[seat], action.cards):
        return Reason(
            "china.rules.do_not_hold_cards",
            f"You do not hold the cards {_card_names(action.cards)}.",
            cards=_card_names(action.cards),
        )
    return _pieces_error(action, region)


def _pieces_error(action: Place, region: Region) -> str | None:
    """The pieces named against what the cards pay for in ``region``."""
    pieces = action.pieces
    if pieces == 0:
        return Reason(
            "china.rules.place_at_least_one_piece",
            "Place at least one piece (or exchange a card instead).",
        )
    if pieces > 2:
        return Reason(
            "china.rules.may_place_at_most_2",
            "You may place at most 2 pieces a turn (3 cards, 2 pieces, 1 region).",
        )
    paid, why = payment_error(action.cards, region)
    if why:
        return why
    if paid != pieces:
        return Reason(
            "china.rules.those_cards_pay_for_but",
            f"Those cards pay for {_plural(paid, 'piece')} but you named"
            f" {_plural(pieces, 'piece')}: one piece per card of {region.name}'s colour, one"
            " piece per wild pair.",
            amount=_plural(paid, "piece"),
            amount2=_plural(pieces, "piece"),
            name=region.name,
        )
    return None


def _spaces_error(state: ChinaState, action: Place, region: Region) -> str | None:
    layout = layout_of(state)
    named = [*action.houses, *([action.fortification] if action.fortification else [])]
    for space in named:
        index = layout.space_index.get(space)
        if index is None:
            return Reason(
                "china.rules.there_no_house_space_this",
                f"There is no house space {space!r} on this board.",
                space=space,
            )
        home = layout.regions[layout.spaces[index].region]
        if home.index != region.index:
            return Reason(
                "china.rules.not_all_pieces_turn_go",
                f"{space} is in {home.name}, not {region.name}: all pieces of a turn go into"
                " a single region.",
                space=space,
                name=home.name,
                name2=region.name,
            )
    if len(set(action.houses)) != len(action.houses):
        return Reason(
            "china.rules.house_space_holds_only_one", "A house space holds only one house."
        )
    for space in action.houses:
        if state.owners[layout.space_index[space]] >= 0:
            return Reason(
                "china.rules.house_space_already_holds_house",
                f"House space {space} already holds a house.",
                space=space,
            )
    return None


def _supply_error(state: ChinaState, seat: int, action: Place) -> str | None:
    if len(action.houses) > state.houses_left[seat]:
        return Reason(
            "china.rules.have_only_left_supply",
            f"You have only {_plural(state.houses_left[seat], 'house')} left in supply.",
            amount=_plural(state.houses_left[seat], "house"),
        )
    if action.emissaries > state.emissaries_left[seat]:
        left = state.emissaries_left[seat]
        return Reason(
            "china.rules.have_only_left_supply",
            f"You have only {_plural(left, 'emissary', 'emissaries')} left in supply.",
            amount=_plural(left, "emissary", "emissaries"),
        )
    return None


def _fort_error(state: ChinaState, seat: int, action: Place, region: Region) -> str | None:
    fort = action.fortification
    if fort is None:
        return None
    if not state.options.get("fortifications"):
        return Reason(
            "china.rules.fortifications_are_only_used_fortification",
            "Fortifications are only used in the fortification variant.",
        )
    if state.forts_left[seat] < 1:
        return Reason(
            "china.rules.have_already_placed_fortification",
            "You have already placed your fortification.",
        )
    index = layout_of(state).space_index[fort]
    if state.owners[index] >= 0 or state.forts[index]:
        return Reason(
            "china.rules.fortification_goes_empty_house_space",
            f"A fortification goes on an empty house space, and {fort} is not empty.",
            fort=fort,
        )
    if fort in action.houses:
        return None
    if action.houses:
        return Reason(
            "china.rules.house_must_go_fortification_place",
            f"Your house must go on the fortification you place: put it on {fort}.",
            fort=fort,
        )
    if _could_house_fort(state, seat, region):
        return Reason(
            "china.rules.fortification_must_carry_own_house",
            "A fortification must carry your own house in the same turn when you can place"
            f" one: add a house on {fort}.",
            fort=fort,
        )
    return None


def _emissary_error(state: ChinaState, seat: int, action: Place, region: Region) -> str | None:
    if not action.emissaries:
        return None
    counts = region_counts(state, layout_of(state), region.index)
    counts[seat] += len(action.houses)
    cap = max(counts)
    if cap == 0:
        return Reason(
            "china.rules.no_emissary_may_enter_region",
            f"No emissary may enter {region.name}: a region without houses has no majority yet.",
            name=region.name,
        )
    present = sum(state.emissaries[region.index])
    if present + action.emissaries > cap:
        return Reason(
            "china.rules.may_hold_at_most_largest",
            f"{region.name} may hold at most {_plural(cap, 'emissary', 'emissaries')} (the"
            f" largest number of houses one player has there) and already holds {present}.",
            name=region.name,
            amount=_plural(cap, "emissary", "emissaries"),
            present=present,
        )
    return None


def place_error(state: ChinaState, seat: int, action: Place) -> str | None:
    """Why ``action`` breaks the placement rules, or ``None`` when it is legal."""
    shape = _shape_error(action)
    if shape:
        return shape
    layout = layout_of(state)
    if action.region not in layout.region_index:
        return Reason(
            "china.rules.there_no_region_this_board",
            f"There is no region {action.region!r} on this board.",
            region=action.region,
        )
    region = layout.regions[layout.region_index[action.region]]
    return (
        _cards_error(state, seat, action, region)
        or _spaces_error(state, action, region)
        or _start_error(state, action, region)
        or _supply_error(state, seat, action)
        or _fort_error(state, seat, action, region)
        or _emissary_error(state, seat, action, region)
    )


def _start_error(state: ChinaState, action: Place, region: Region) -> str | None:
    if action.pieces > 1 and not region_started(state, region):
        return Reason(
            "china.rules.held_no_piece_at_start",
            f"{region.name} held no piece at the start of your turn, so you may place only 1"
            " piece there.",
            name=region.name,
        )
    return None


def _take_error(state: ChinaState, source: Any) -> str | None:
    names = load_data().colour_names
    if source == PILE:
        if not state.pile:
            return Reason(
                "china.rules.draw_pile_empty_take_face",
                "The draw pile is empty: take a face-up card.",
            )
        return None
    if source not in names:
        return Reason(
            "china.rules.neither_card_colour_nor_pile",
            f"{source!r} is neither a card colour nor the pile.",
            source=source,
        )
    if source not in state.face_up:
        return Reason(
            "china.rules.there_no_face_up_card",
            f"There is no face-up {names[source]} card.",
            name=names[source],
        )
    return None


def explain(state: ChinaState, seat: int, action: Any) -> str:
    """A sentence saying why ``action`` is not legal for ``seat`` now."""
    if not well_formed(action):
        return MALFORMED_ACTION
    if state.phase == "over":
        return Reason("china.rules.game_over", "The game is over.")
    if seat in state.resigned:
        return Reason("rules.common.resigned", "You have resigned from this game.")
    if seat != state.current:
        return Reason("rules.common.not_your_turn", "It is not your turn.")
    if isinstance(action, Place | Draw | Exchange | Pass):
        return _explain_step(state, seat, action, drawing=state.phase == "draw")
    return Reason("china.rules.not_china_action", "That is not a China action.")


def _explain_step(
    state: ChinaState, seat: int, action: Place | Draw | Exchange | Pass, *, drawing: bool
) -> str:
    """Why the seat whose turn it is may not play ``action`` (``drawing``: the refill)."""
    if isinstance(action, Place):
        if drawing:
            return Reason(
                "china.rules.have_placed_this_turn_now",
                "You have placed this turn: now refill your hand to 3 cards.",
            )
        return place_error(state, seat, action) or "That placement is not legal now."
    if isinstance(action, Draw):
        if not drawing:
            return Reason(
                "china.rules.draw_only_after_placing_pieces",
                "Draw only after placing pieces; to change a card, exchange it.",
            )
        return _take_error(state, action.source) or "You cannot draw that card now."
    if isinstance(action, Exchange):
        if drawing:
            return Reason(
                "china.rules.have_placed_this_turn_exchanging",
                "You have placed this turn: exchanging is instead of placing.",
            )
        if action.discard not in state.hands[seat]:
            return Reason(
                "china.rules.do_not_hold_card_discard", "You do not hold that card to discard."
            )
        return _take_error(state, action.take) or "You cannot exchange that card now."
    if drawing:
        return Reason(
            "china.rules.refill_hand_3_cards_before",
            "Refill your hand to 3 cards before your turn ends.",
        )
    return Reason(
        "china.rules.cannot_pass_place_pieces_exchange",
        "You cannot pass: place pieces or exchange a card.",
    )
