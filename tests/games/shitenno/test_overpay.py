"""Overpaying a province (issue 24, item 8): accepted, the surplus lost and named, never
made by the AI.

Rulebook (Reglas para controlar las Provincias): «Las cartas Koku tampoco pueden ser
divididas. Para controlar una Provincia debes descartar más Kokus que los necesarios, pero
los excedentes se pierden»; «Si una de las dos Tropas en una carta descartada no es usada
para controlar una Provincia se pierde»; (Losetas de Bonus) «Un jugador puede usar cuantas
Losetas de Bonus tenga mientras intenta tomar el control de una Provincia [...] Una vez
usada, la Loseta de Bonus es permanentemente descartada».
"""

from __future__ import annotations

from dataclasses import replace

from hypothesis import given, settings
from hypothesis import strategies as st

from bot.words.text import describe_event
from games import engine
from games.ai import choose_for
from games.shitenno import GAME, Place
from games.shitenno.data import provinces, sort_cards
from games.shitenno.payment import HATAMOTO as HAT_CARD
from games.shitenno.payment import Price, koku_cost, meets, requirement, valid, waste
from games.shitenno.rules import free_position

from .helpers import HONDA, SAKAKIBARA, odd_year, province

NAMES = ["Honda", "Ii", "Sakakibara", "Sakai"]


def _year(hand: tuple[str, ...], seat: int = SAKAKIBARA, **changes):
    """A province year (Sakakibara Daimyō, Honda Hatamoto) where ``seat`` holds ``hand``
    and Kantō needs 3 Samurai + 1 Bushi or 5 Koku, Chūgoku 2 Samurai + 1 Shinobi or 3."""
    state = odd_year((1, 3, 4, 2))
    stacks = list(state.stacks)
    stacks[province("kanto")] = ("BX", "MP", "SD")
    stacks[province("chugoku")] = ("NX", "MP", "SD")
    hands = list(state.hands)
    hands[seat] = sort_cards(hand)
    state = replace(state, stacks=tuple(stacks), hands=tuple(hands), favour=(0, 0, 0, 0))
    state = replace(state, **changes)
    while state.current != seat:
        state, _, _ = engine.act_text(GAME, state, state.current, "end")
    return state


def _lost(events) -> list:
    return [e for e in events if e.kind == "shitenno.lost"]


def _said(events, locale: str) -> list[str]:
    return [describe_event(e, NAMES, locale) for e in _lost(events)]


def test_koku_three_two_one_pays_five_and_one_koku_is_lost() -> None:
    """«debes descartar más Kokus que los necesarios, pero los excedentes se pierden»:
    Koku 3 + 2 + 1 for Kantō's first position (value 5) is accepted; 1 Koku is lost."""
    state = _year(("K1", "K2", "K3"))
    new, events = engine.act(GAME, state, SAKAKIBARA, Place("kanto", ("K1", "K2", "K3")))
    assert new.hands[SAKAKIBARA] == ()
    assert new.board[province("kanto")][0] == (SAKAKIBARA, False)
    assert new.favour[SAKAKIBARA] == 5 + 2  # printed 5, +2 as Daimyō
    (lost,) = _lost(events)
    assert (lost.args["koku"], lost.args["items"]) == (1, [])
    assert _said(events, "en") == ["Surplus of the payment: 1 Koku is lost."]
    assert _said(events, "es") == ["Excedente del pago: se pierde 1 Koku."]


def test_three_samurai_and_a_shinobi_where_two_are_needed() -> None:
    """Surplus troops are lost too: Samurai x3 + Shinobi where Chūgoku needs Samurai x2 +
    Shinobi is accepted, typed as a player types it, and one Samurai is lost."""
    state = _year(("S", "S", "S", "N"))
    new, _, events = engine.act_text(GAME, state, SAKAKIBARA, "chugoku S S S N")
    assert new.hands[SAKAKIBARA] == ()
    assert new.troop_discard[-4:] == ("S", "S", "S", "N")
    assert [e.args["items"] for e in _lost(events)] == [["S"]]
    assert _said(events, "en") == ["Surplus of the payment: a Samurai is lost."]
    assert _said(events, "es") == ["Excedente del pago: se pierde un Samurái."]


def test_an_unused_troop_of_a_double_card_is_named() -> None:
    """«Si una de las dos Tropas en una carta descartada no es usada para controlar una
    Provincia se pierde»: the rulebook's own example (3 Samurai + Bushi/Sōhei for Kantō,
    «el Sōhei no será usado») is a listed payment, and its lost Sōhei is said."""
    state = _year(("S", "S", "S", "MB"))
    assert Place("kanto", ("S", "S", "S", "MB")) in GAME.legal(state, SAKAKIBARA)
    _, _, events = engine.act_text(GAME, state, SAKAKIBARA, "kanto S S S MB")
    assert _said(events, "en") == ["Surplus of the payment: a Sōhei is lost."]


def test_a_bonus_tile_or_the_hatamoto_spent_for_nothing_is_lost_not_refused() -> None:
    """«Un jugador puede usar cuantas Losetas de Bonus tenga»: the rulebook sets no limit
    and refuses no tile; a used tile «es permanentemente descartada», so one more than
    needed is accepted and lost. The Hatamoto («puede usarse sólo una vez por turno»)
    follows the same rule: used for nothing, it is spent for the turn."""
    state = _year(("MB",), seat=HONDA, bonus=((1, 2, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)))
    stacks = list(state.stacks)
    stacks[province("hokkaido")] = ()  # the gate: 3 Sōhei
    board = list(state.board)
    board[province("hokkaido")] = ((2, False), (2, False), (3, False), None)
    state = replace(state, stacks=tuple(stacks), board=tuple(board))
    new, _, events = engine.act_text(GAME, state, HONDA, "hokkaido MB +exchange +1 +1")
    assert new.bonus[HONDA] == (0, 0, 0)
    (lost,) = _lost(events)
    assert lost.args["koku"] == 0 and len(lost.args["items"]) == 1
    assert lost.args["items"][0] in ("exchange", "plus")
    state = replace(state, hands=(("SS", "SB"), *state.hands[1:]))
    new, _, events = engine.act_text(GAME, state, HONDA, "kanto SS SB +hatamoto")
    assert new.hatamoto_used and new.hands[HONDA] == ()
    assert [e.args["items"] for e in _lost(events)] == [["hatamoto"]]
    assert _said(events, "es") == ["Excedente del pago: se pierde la tropa del Hatamoto."]


def test_overpayments_are_accepted_but_not_listed() -> None:
    """The rules allow any payment that covers the price; ``legal()`` lists only those
    that spend nothing for nothing, so it does not grow with every superset of a hand."""
    state = _year(("K1", "K2", "K3"))
    legal = GAME.legal(state, SAKAKIBARA)
    assert Place("kanto", ("K2", "K3")) in legal
    assert Place("kanto", ("K1", "K2", "K3")) not in legal
    assert engine.find_legal(GAME, state, SAKAKIBARA, Place("kanto", ("K1", "K2", "K3")))


def test_what_does_not_pay_or_is_not_held_is_still_refused() -> None:
    """Overpaying is no licence: a payment short of the price, cards not held, tiles not
    owned or counted below zero are refused with the rule's sentence, nothing changed."""
    state = _year(("K1", "K2", "K3"))
    before = GAME.dump_state(state)
    for action, key in (
        (Place("kanto", ("K1", "K3")), "shitenno.place.short"),
        (Place("kanto", ("K3", "K3")), "shitenno.place.not_in_hand"),
        (Place("kanto", ("K2", "K3"), 1), "shitenno.place.no_tile"),
        (Place("kanto", ("K1", "K2", "K3"), -1), "shitenno.place.no_tile"),
        (Place("kanto", ("K3", "K2", "K1")), None),  # not in canonical order: not ours
    ):
        assert engine.find_legal(GAME, state, SAKAKIBARA, action) is None
        reason = engine.explain(GAME, state, SAKAKIBARA, action)
        assert key is None or reason.key == key, (action, reason)
    assert GAME.dump_state(state) == before


def _placement_waste(state, seat: int, action: Place) -> str | None:
    i = province(action.province)
    p = provinces()[i]
    need = tuple(requirement(p, state.stacks[i]).items())
    cost = koku_cost(p, free_position(state, i))
    price = Price(need, cost, same_card=True, koku_any=True)
    items = (*action.cards, HAT_CARD) if action.hatamoto else action.cards
    assert meets(items, action.exchange, action.plus, price)
    assert valid(action.cards, action.exchange, action.plus, action.hatamoto, price)
    return waste(action.cards, action.exchange, action.plus, action.hatamoto, price)


@settings(max_examples=3, deadline=None)
@given(seed=st.integers(min_value=0, max_value=2**32))
def test_the_ai_never_overpays(seed: int) -> None:
    """The surplus «se pierde»: a player who overpays throws points away, so the computer
    player never does; every placement it makes spends nothing for nothing."""
    players = [GAME.make_player("normal", seed + s, 0.0) for s in range(3)]
    state = GAME.setup(3, {}, seed)
    placed = 0
    while GAME.outcome(state) is None:
        (seat,) = GAME.to_act(state)
        action = choose_for(players[seat], GAME, state, seat)
        if isinstance(action, Place):
            assert _placement_waste(state, seat, action) is None, action
            placed += 1
        state, _ = engine.act(GAME, state, seat, action)
    assert placed
