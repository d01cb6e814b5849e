"""Hidden information: ``shuffle_hidden``, and the sharing year's choices as forms."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

from games.base import IllegalAction, Reason, Seat
from games.forms import Answers, Form, One, Option, Pick, Text
from games.rng import Rng
from games.shitenno.data import TITLE_IDS, TITLE_NAMES, card_name, sort_cards
from games.shitenno.explain import explain_illegal
from games.shitenno.flow import stage
from games.shitenno.lots import lot_sizes
from games.shitenno.rules import legal
from games.shitenno.state import (
    Accept,
    Choose,
    MakeLot,
    Refuse,
    ShitennoAction,
    ShitennoState,
    Split,
)


def shuffle_hidden(state: ShitennoState, seat: Seat | None, seed: int) -> ShitennoState:
    """Redeal what ``seat`` cannot see: the other seats' hands (Troop and Koku cards apart,
    keeping each hand's sizes) with the decks, the deck orders, and the bonus tiles under
    each stack's top (a top keeps its troop face; its bonus face is hidden too). The seed
    (which names future reshuffles) is replaced. Once the game is over the hands are
    scored in the open, so nothing is hidden any more."""
    if state.phase == "over":
        return state
    rng = Rng(seed)
    hands = list(state.hands)
    others = [s for s in range(state.players) if s != seat]
    decks: dict[bool, tuple[str, ...]] = {}
    for koku, deck in ((False, state.troop_deck), (True, state.koku_deck)):
        pool = list(deck)
        for s in others:
            pool += [c for c in hands[s] if (c[0] == "K") == koku]
        rng.shuffle(pool)
        for s in others:
            mine = [c for c in hands[s] if (c[0] == "K") != koku]
            n = sum(1 for c in hands[s] if (c[0] == "K") == koku)
            hands[s] = sort_cards(mine + pool[:n])
            pool = pool[n:]
        decks[koku] = tuple(pool)
    return replace(
        state,
        hands=tuple(hands),
        troop_deck=decks[False],
        koku_deck=decks[True],
        stacks=_shuffle_stacks(state.stacks, rng),
        seed=rng.next_u64() >> 1,
    )


def _shuffle_stacks(stacks: tuple[tuple[str, ...], ...], rng: Rng) -> tuple[tuple[str, ...], ...]:
    pool = rng.shuffled([t for stack in stacks for t in stack])
    tops: list[str | None] = []
    for stack in stacks:
        if not stack:
            tops.append(None)
            continue
        k = next(k for k, t in enumerate(pool) if t[0] == stack[0][0])
        tops.append(pool.pop(k))
    out: list[tuple[str, ...]] = []
    for stack, top in zip(stacks, tops, strict=True):
        if top is None:
            out.append(())
            continue
        n = len(stack) - 1
        out.append((top, *pool[:n]))
        pool = pool[n:]
    return tuple(out)


# --- forms ------------------------------------------------------------------------------


def _card_options(cards: tuple[str, ...]) -> tuple[Option, ...]:
    return tuple(
        Option(
            code, Text("shitenno.form.card", "{name}", {"card": code, "name": card_name(code)}), n
        )
        for code, n in Counter(cards).items()
    )


def _tile_options(tiles: tuple[int, ...]) -> tuple[Option, ...]:
    return tuple(
        Option(
            TITLE_IDS[t],
            Text(
                "shitenno.form.tile",
                "{name} ({seals} seals)",
                {"title": TITLE_IDS[t], "name": TITLE_NAMES[t], "seals": t},
            ),
        )
        for t in tiles
    )


def _lots_given(state: ShitennoState) -> int:
    return sum(1 for lot in state.lots if lot is not None)


def form(state: ShitennoState, seat: Seat) -> Form | None:
    """The sharing year's choices: the Tairō's lot (cards + one tile), the answer to an
    offer (accept/refuse buttons), the final split, the choice of a split lot."""
    if state.phase != "even" or seat not in range(state.players):
        return None
    now = stage(state)
    if now in ("lot", "split") and seat == state.tairo:
        return _lot_form(state) if now == "lot" else _split_form(state)
    if now == "offer" and state.offer_queue and state.offer_queue[0] == seat:
        return _offer_form(state)
    if now == "choose" and seat == state.chooser:
        return _choose_form(state)
    return None


def _lot_form(state: ShitennoState) -> Form:
    label = Text("shitenno.form.lot_cards", "Cards in the lot")
    fields = _cards_field(state, label, *lot_sizes(state))
    tile = Text("shitenno.form.tile_field", "Hierarchy tile")
    fields.append(One("tile", tile, _tile_options(state.tiles)))
    prompt = Text(
        "shitenno.form.lot_prompt",
        "You are the Tairō: choose the cards of a lot and one Hierarchy tile, then "
        "Confirm to offer it.",
    )
    return Form(f"shitenno.lot.{state.year}.{_lots_given(state)}", prompt, tuple(fields))


def _split_form(state: ShitennoState) -> Form:
    label = Text("shitenno.form.split_cards", "Cards in lot A (the rest go to lot B)")
    fields = _cards_field(state, label, 0, len(state.open_cards))
    tiles = _tile_options(state.tiles)
    fields.append(One("first", Text("shitenno.form.tile_a", "Tile of lot A"), tiles))
    fields.append(One("second", Text("shitenno.form.tile_b", "Tile of lot B"), tiles))
    prompt = Text(
        "shitenno.form.split_prompt",
        "Split everything left into two lots, each with a Hierarchy tile; the other "
        "player picks one and you get the other.",
    )
    return Form(f"shitenno.split.{state.year}", prompt, tuple(fields))


def _cards_field(state: ShitennoState, label: Text, least: int, most: int) -> list[Pick | One]:
    """The open cards as a Pick of ``least`` to ``most`` (no field when none is open)."""
    if not state.open_cards:
        return []
    return [Pick("cards", label, _card_options(state.open_cards), least, most)]


def _offer_form(state: ShitennoState) -> Form:
    key = f"shitenno.offer.{state.year}.{_lots_given(state)}.{len(state.refused)}"
    prompt = Text("shitenno.form.offer_prompt", "Do you accept the lot on offer?")
    field = ("answer", "shitenno.form.answer", "Your answer")
    options = (
        ("accept", "shitenno.form.accept", "Accept"),
        ("refuse", "shitenno.form.refuse", "Refuse"),
    )
    return _one_of_two(key, prompt, field, options)


def _choose_form(state: ShitennoState) -> Form:
    prompt = Text("shitenno.form.choose_prompt", "Take lot A or lot B; the Tairō gets the other.")
    field = ("lot", "shitenno.form.lot_field", "Your lot")
    options = (("a", "shitenno.form.lot_a", "Lot A"), ("b", "shitenno.form.lot_b", "Lot B"))
    return _one_of_two(f"shitenno.choose.{state.year}", prompt, field, options)


Worded = tuple[str, str, str]  # a value, its catalogue key and its English words


def _one_of_two(key: str, prompt: Text, field: Worded, options: tuple[Worded, Worded]) -> Form:
    """A form of one field offering two options (instant buttons)."""
    name, text_key, english = field
    offered = tuple(Option(value, Text(k, words)) for value, k, words in options)
    return Form(key, prompt, (One(name, Text(text_key, english), offered),))


def answer(
    state: ShitennoState, seat: Seat, answers: Answers, *, final: bool
) -> list[ShitennoAction]:
    """The one action a form's answers stand for (checked against the rules)."""
    current = form(state, seat)
    if current is None:
        raise IllegalAction(Reason("forms.none", "There is nothing to choose now."))
    ids = {v: k for k, v in TITLE_IDS.items()}
    action: ShitennoAction
    if current.key.startswith("shitenno.offer."):
        action = Accept() if answers.get("answer") == "accept" else Refuse()
    elif current.key.startswith("shitenno.choose."):
        action = Choose(str(answers.get("lot")))
    elif current.key.startswith("shitenno.lot."):
        cards = sort_cards(str(c) for c in answers.get("cards", ()))
        action = MakeLot(cards, ids.get(str(answers.get("tile")), 0))
    else:
        cards = sort_cards(str(c) for c in answers.get("cards", ()))
        first = ids.get(str(answers.get("first")), 0)
        second = ids.get(str(answers.get("second")), 0)
        if first == second:
            raise IllegalAction(
                Reason(
                    "shitenno.split.tiles",
                    "Each of the two lots needs a different Hierarchy tile still in the "
                    "Tairō's hand.",
                )
            )
        if first < second:
            from games.shitenno.flow import remove_cards

            cards, first, second = remove_cards(state.open_cards, cards), second, first
        action = Split(cards, first, second)
    if action not in legal(state, seat):
        raise IllegalAction(explain_illegal(state, seat, action))
    return [action]
