"""Properties over random playouts: secrecy, conservation, the payment search."""

from __future__ import annotations

from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from games import engine
from games.ai import RandomPlayer, choose_for
from games.rng import Rng
from games.shitenno import GAME
from games.shitenno.data import ALL_CARD_CODES, TROOPS, provinces, rules, sort_cards
from games.shitenno.lots import LotChoices
from games.shitenno.payment import (
    HATAMOTO,
    Price,
    _assignments,
    _koku_values,
    _troop_vectors,
    meets,
    requirement,
    valid,
)
from games.shitenno.payment_search import payments
from games.shitenno.selfplay import win_rate


def _playout(players: int, seed: int, every: int = 1):
    state = GAME.setup(players, {}, seed)
    player = RandomPlayer(seed)
    k = 0
    while GAME.outcome(state) is None:
        if k % every == 0:
            yield state
        seat = min(GAME.to_act(state))
        state, _ = engine.act(GAME, state, seat, choose_for(player, GAME, state, seat))
        k += 1
    yield state


def test_no_hand_and_no_deck_order_in_any_public_view() -> None:
    """200 random games: the public view ignores hands, deck orders and hidden tiles."""
    changed = 0
    for g in range(200):
        for state in _playout(2 + g % 3, g, every=7):
            other = GAME.shuffle_hidden(state, None, g + 1)
            assert GAME.view(other, None) == GAME.view(state, None)
            changed += other.hands != state.hands or other.troop_deck != state.troop_deck
            seat = g % state.players
            mine = GAME.shuffle_hidden(state, seat, g + 2)
            assert mine.hands[seat] == state.hands[seat]
            assert GAME.view(mine, seat) == GAME.view(state, seat)
            assert GAME.hand(mine, seat) == GAME.hand(state, seat)
    assert changed > 1000  # the shuffles did hide something


@settings(max_examples=15, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from([2, 3, 4]))
def test_random_playouts_keep_every_card_and_kamon(seed: int, players: int) -> None:
    data = rules()
    last_favour = [0] * players
    for state in _playout(players, seed):
        troops = list(state.troop_deck) + list(state.troop_discard) + list(state.open_cards)
        troops += [c for h in state.hands for c in h]
        if state.offer:
            troops += list(state.offer[0])
        if state.split:
            troops += list(state.split[0][0]) + list(state.split[1][0])
        troop_cards = [c for c in troops if c[0] != "K"]
        koku = [c for c in troops if c[0] == "K"] + list(state.koku_deck)
        # troop cards are never lost; Koku cards only leave when spent
        assert sort_cards(troop_cards) == data.troop_deck
        assert len(koku) <= 24
        on_board = sum(1 for p in state.board for s in p if s is not None)
        assert on_board + sum(state.kamons) == players * data.kamons[players]
        assert all(f >= last for f, last in zip(state.favour, last_favour, strict=True))
        last_favour = list(state.favour)
        for p in range(8):
            taken = sum(1 for s in state.board[p][:3] if s is not None)
            assert len(state.stacks[p]) == 3 - taken
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.detail["reason"] in ("kamons", "koku")


def _reference_meets(items, e, p, need, cost, same):
    """The definition, by brute force over every way to put the tiles on the items."""
    target = tuple(n for _, n in need)
    for tiles in _assignments(len(items), e, p, same):
        sums, kokus = {tuple(0 for _ in need)}, {0}
        for code, (ee, pp) in zip(items, tiles, strict=True):
            vectors = _troop_vectors(code, ee, pp, True, need)
            if not vectors:
                sums, kokus = set(), set()
                break
            sums = {
                tuple(min(a + b, n) for a, b, n in zip(s, v, target, strict=False))
                for s in sums
                for v in vectors
            }
            values = _koku_values(code, ee, pp, True, cost) or frozenset({0})
            kokus = {min(a + b, cost) for a in kokus for b in values}
        if target in sums or cost in kokus:
            return True
    return False


def _reference_payments(hand, exchange, plus, hat, need, cost, same):
    from games.shitenno.lots import submultisets

    out = set()
    for cards in submultisets(hand):
        for e, p, h in product(
            range(exchange + 1), range(plus + 1), (False, True) if hat else (False,)
        ):
            items = (*cards, HATAMOTO) if h else cards
            if not _reference_meets(items, e, p, need, cost, same):
                continue
            if valid(cards, e, p, h, Price(need, cost, same_card=same, koku_any=True)):
                out.add((cards, e, p, h))
    return out


@settings(max_examples=150, deadline=None)
@given(
    hand=st.lists(st.sampled_from(ALL_CARD_CODES), min_size=0, max_size=6),
    exchange=st.integers(0, 2),
    plus=st.integers(0, 2),
    hat=st.booleans(),
    province=st.integers(0, 7),
    top=st.sampled_from(["", *TROOPS]),
    position=st.integers(0, 3),
    same=st.booleans(),
)
def test_the_payment_search_finds_exactly_the_valid_payments(
    hand, exchange, plus, hat, province, top, position, same
) -> None:
    p = provinces()[province]
    need = tuple(requirement(p, (top + "X",) if top else ()).items())
    cost = p.values[position]
    hand = sort_cards(hand)
    found = set(payments(hand, exchange, plus, hat, Price(need, cost, same, koku_any=True)))
    assert found == _reference_payments(hand, exchange, plus, hat, need, cost, same)


def test_the_fast_check_agrees_with_the_definition() -> None:
    rng = Rng(7)
    for _ in range(3000):
        p = provinces()[rng.below(8)]
        top = rng.choice(["", *TROOPS])
        need = tuple(requirement(p, (top + "X",) if top else ()).items())
        cost = p.values[rng.below(4)]
        items = tuple(rng.choice(ALL_CARD_CODES) for _ in range(rng.below(4)))
        if rng.below(2):
            items = (*items, HATAMOTO)
        e, pl = rng.below(3), rng.below(3)
        for same in (True, False):
            assert meets(items, e, pl, Price(need, cost, same, True)) == _reference_meets(
                items, e, pl, need, cost, same
            ), (items, e, pl, need, cost, same)


def test_the_heuristic_player_beats_random_players() -> None:
    assert win_rate(20, seed=3) >= 17


def test_the_search_agrees_with_the_card_by_card_search_on_big_hands() -> None:
    """Hands of 7-16 cards, too big for the brute force: the class search finds exactly
    what the search it replaced (every candidate checked card by card) found."""
    from tests.games.shitenno.slow_payments import slow_payments

    rng = Rng(11)
    compared = found = 0
    for _ in range(60):
        p = provinces()[rng.below(8)]
        top = rng.choice(["", *TROOPS])
        need = tuple(requirement(p, (top + "X",) if top else ()).items())
        cost = p.values[rng.below(4)]
        same = rng.below(4) > 0
        size = 7 + rng.below(10 if same else 4)
        hand = sort_cards(rng.choice(ALL_CARD_CODES) for _ in range(size))
        exchange, plus = rng.below(4 if same else 3), rng.below(3)
        hat, koku_any = rng.below(2) == 1, rng.below(3) > 0
        args = (hand, exchange, plus, hat)
        new = payments(*args, Price(need, cost, same, koku_any))
        assert len(new) == len(set(new)), args
        slow = slow_payments(*args, need, cost, same_card=same, koku_any=koku_any)
        assert set(new) == set(slow), (args, need, cost, same, koku_any)
        compared += 1
        found += len(new)
    assert compared == 60 and found > 1000


def test_placements_come_cheapest_first_and_each_once() -> None:
    """In random games, every turn's placements are distinct, legal by the definition,
    and sorted by price (2 per troop or Koku, 3 per tile, 1 for the Hatamoto), then
    province, number of cards, cards and Exchange tiles."""
    from games.shitenno.payment import koku_cost
    from games.shitenno.rules import PROVINCE_INDEX, free_position, placements
    from games.shitenno.state import Place

    seen = 0
    for g in range(12):
        for state in _playout(2 + g % 3, 100 + g, every=3):
            if state.phase != "odd" or state.current is None:
                continue
            seat = state.current
            places = placements(state, seat)
            assert all(isinstance(a, Place) for a in places)
            assert len(places) == len(set(places))
            keys = []
            for a in places:
                i = PROVINCE_INDEX[a.province]
                pos = free_position(state, i)
                assert pos is not None
                need = tuple(requirement(provinces()[i], state.stacks[i]).items())
                same = bool(state.options["tiles_on_one_card"])
                koku_any = bool(state.options["koku_any_value_exchange"])
                due = Price(need, koku_cost(provinces()[i], pos), same, koku_any)
                assert valid(a.cards, a.exchange, a.plus, a.hatamoto, due)
                price = sum(2 * (int(c[1]) if c[0] == "K" else len(c)) for c in a.cards)
                price += 3 * (a.exchange + a.plus) + a.hatamoto
                keys.append((price, i, len(a.cards), a.cards, a.exchange))
            assert keys == sorted(keys)
            seen += len(places)
    assert seen > 200


def test_card_results_by_last_tile_equal_every_order_step_by_step() -> None:
    from games.shitenno.payment import card_results
    from tests.games.shitenno.slow_payments import slow_card_results

    checked = 0
    for code in (*ALL_CARD_CODES, HATAMOTO):
        for e, p in product(range(4), range(4)):
            for koku_any in (True, False):
                got = card_results(code, e, p, koku_any)
                assert got == slow_card_results(code, e, p, koku_any), (code, e, p, koku_any)
                checked += bool(got)
    assert checked > 500


def test_a_lot_index_is_where_the_lot_is_listed() -> None:
    """``LotChoices.index`` computes a lot's place (the engine finds a played lot by it,
    without listing thousands); it must agree with the listing, splits included."""
    checked = 0
    for players in (2, 3, 4):
        for state in _playout(players, players * 7, every=3):
            seat = next(iter(GAME.to_act(state)), None)
            if seat is None:
                continue
            legal = GAME.legal(state, seat)
            if not isinstance(legal, LotChoices):
                continue
            for i in range(0, len(legal), max(1, len(legal) // 40)):
                assert legal.index(legal[i]) == i
                checked += 1
            assert engine.find_legal(GAME, state, seat, legal[-1]) == legal[-1]
    assert checked > 100
