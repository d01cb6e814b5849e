"""The whole bids a seat may type from an empty bid, listed lazily (issue 24, item 4).

Rulebook: «Los jugadores pueden asignar cualquier cantidad de Monedas a cada lugar
(incluido cero) … Cualquier Moneda que el jugador no desee asignar a un lugar de Ventaja
de Guerra se coloca detrás de la Pantalla»: a bid is four whole numbers, each zero or
more, adding up to at most the coins held.
"""

from __future__ import annotations

from itertools import product

from hypothesis import given
from hypothesis import strategies as st

from games.rising_sun.bids import WholeBids
from games.rising_sun.state import Bid, Confirm


@given(coins=st.integers(0, 9))
def test_the_list_is_every_bid_within_the_coins_once_then_confirm(coins: int) -> None:
    """Every split of at most ``coins`` over the four boxes (but the empty bid, which is
    where the seat stands), each once, then ``confirm``; membership and position agree
    with the list."""
    wanted = {Bid(*v) for v in product(range(coins + 1), repeat=4) if 0 < sum(v) <= coins}
    listed = list(WholeBids(coins))
    assert listed[-1] == Confirm() and len(listed) == len(WholeBids(coins))
    assert len(set(listed[:-1])) == len(listed) - 1 and set(listed[:-1]) == wanted
    lazy = WholeBids(coins)
    for i, action in enumerate(listed):
        assert action in lazy and lazy.index(action) == i and lazy[i] == action


@given(coins=st.integers(0, 9), values=st.lists(st.integers(-2, 12), min_size=4, max_size=4))
def test_a_bid_is_a_member_exactly_when_the_rule_allows_it(coins: int, values: list[int]) -> None:
    """«cualquier cantidad de Monedas a cada lugar (incluido cero)», within the coins held:
    no negative box, no total above the coins (and the empty bid is no change)."""
    allowed = min(values) >= 0 and 0 < sum(values) <= coins
    assert (Bid(*values) in WholeBids(coins)) == allowed
