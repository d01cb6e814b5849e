"""Bad input is refused with the rule's sentence and nothing changes; forms; options."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from games import engine
from games.base import GameError, IllegalAction, InvalidNotation, NotYourTurn
from games.forms import FORM_KEY, One, Pick, check
from games.shitenno import GAME, Accept, MakeLot, Place, Split

from .helpers import HONDA, II, SAKAI, SAKAKIBARA, province
from .test_examples import even_year_of_the_example, odd_year_of_the_example


def refused(state, seat, text_or_action, key: str) -> None:
    before = GAME.dump_state(state)
    with pytest.raises(GameError) as info:
        if isinstance(text_or_action, str):
            engine.act_text(GAME, state, seat, text_or_action)
        else:
            engine.act(GAME, state, seat, text_or_action)
    assert info.value.key == key, (info.value.key, str(info.value))
    assert GAME.dump_state(state) == before


def test_a_lot_without_a_tile_is_refused() -> None:
    state = even_year_of_the_example()
    refused(state, HONDA, "lot K1 K1", "shitenno.notation.one_tile")
    refused(state, HONDA, MakeLot(("K1",), 0), "shitenno.lot.tile_gone")


def test_a_lot_with_cards_not_on_offer_is_refused() -> None:
    state = even_year_of_the_example()
    refused(state, HONDA, "lot K3 K3 + daimyo", "shitenno.lot.not_open")


def test_an_answer_from_a_player_not_offered_is_refused() -> None:
    state = even_year_of_the_example()
    state, _, _ = engine.act_text(GAME, state, HONDA, "lot K1 + daimyo")
    refused(state, II, Accept(), "rules.common.not_your_turn")
    with pytest.raises(IllegalAction):
        GAME.answer(state, II, {"answer": "accept"}, final=True)
    with pytest.raises(NotYourTurn):
        engine.act_text(GAME, state, SAKAI, "accept")


def test_a_payment_that_does_not_meet_the_requirement_is_refused() -> None:
    state = odd_year_of_the_example()
    refused(state, SAKAKIBARA, "kanto S S S", "shitenno.place.short")
    with pytest.raises(IllegalAction, match="needs 3 Samurai \\+ 1 Bushi or 5 Koku"):
        engine.act_text(GAME, state, SAKAKIBARA, "kanto S S MB")


def test_a_third_kamon_is_refused() -> None:
    state = odd_year_of_the_example()
    hands = list(state.hands)
    hands[SAKAKIBARA] = ("K3", "K3", "K3", "K3")
    state = replace(state, hands=tuple(hands))
    state, _, _ = engine.act_text(GAME, state, SAKAKIBARA, "chugoku K3")
    state, _, _ = engine.act_text(GAME, state, SAKAKIBARA, "chugoku K3 K3")
    refused(state, SAKAKIBARA, "kyushu K3", "shitenno.place.two")


def test_a_kamon_on_a_full_province_is_refused() -> None:
    state = odd_year_of_the_example()
    board = list(state.board)
    board[province("kanto")] = ((HONDA, False),) * 4
    state = replace(state, board=tuple(board))
    refused(state, SAKAKIBARA, Place("kanto", ("S", "S", "S", "MB")), "shitenno.place.full")


def test_the_lot_form_is_a_pick_of_open_cards_and_one_tile() -> None:
    state = even_year_of_the_example()
    form = GAME.form(state, HONDA)
    assert form is not None and not form.live and FORM_KEY.match(form.key)
    cards, tile = form.fields
    assert isinstance(cards, Pick) and cards.min == 0 and isinstance(tile, One)
    assert {o.value for o in tile.options} == {"daimyo", "shomyo", "sensei", "hatamoto"}
    answers = check(form, {"cards": ["K1", "N", "K1"], "tile": "sensei"})
    (action,) = GAME.answer(state, HONDA, answers, final=True)
    assert action == MakeLot(("N", "K1", "K1"), 2)
    assert GAME.parse(state, HONDA, GAME.notation(state, action)) == action
    assert GAME.form(state, II) is None
    state, _ = GAME.apply(state, HONDA, action)
    offer = GAME.form(state, SAKAKIBARA)
    assert offer is not None and offer.instant and offer.key != form.key
    assert GAME.answer(state, SAKAKIBARA, {"answer": "refuse"}, final=True) == [
        engine.act_text(GAME, state, SAKAKIBARA, "refuse")[1]
    ]


def test_the_split_form_and_the_choice() -> None:
    state = GAME.setup(2, {}, 9)
    tairo = state.tairo
    form = GAME.form(state, tairo)
    assert form is not None and re.fullmatch(r"shitenno\.split\.\d+", form.key)
    first = state.open_cards[0]
    answers = check(form, {"cards": [first], "first": "hatamoto", "second": "daimyo"})
    (action,) = GAME.answer(state, tairo, answers, final=True)
    # lot A holds the higher tile: the answer's lot B (the other cards) + daimyo
    rest = list(state.open_cards)
    rest.remove(first)
    assert action == Split(tuple(rest), 4, 1)
    with pytest.raises(IllegalAction):
        GAME.answer(state, tairo, {"cards": [], "first": "daimyo", "second": "daimyo"}, final=True)
    state, _ = GAME.apply(state, tairo, action)
    choose = GAME.form(state, 1 - tairo)
    assert choose is not None and choose.instant
    (pick,) = GAME.answer(state, 1 - tairo, {"lot": "a"}, final=True)
    state, _ = GAME.apply(state, 1 - tairo, pick)
    assert state.titles[1 - tairo] == 4 and state.phase == "odd"


def test_options_change_the_rules() -> None:
    state = GAME.setup(4, {"empty_lots": False, "full_lots": False}, 1)
    legal = GAME.legal(state, state.tairo)
    assert all(a.cards for a in legal)
    assert all(len(a.cards) < len(state.open_cards) for a in legal)
    assert len(legal) == len(list(legal)) == len(set(legal))
    with pytest.raises(InvalidNotation):
        GAME.parse(state, state.tairo, "lot + daimyo + shomyo")


def test_hatamoto_with_plus_is_two_troops_and_tiles_spread_by_option() -> None:
    # Hokkaidō's last position needs 3 Sōhei: M + Hatamoto + "+1" on the Hatamoto
    state = odd_year_of_the_example()
    for seat in (SAKAKIBARA, II, SAKAI):
        state, _, _ = engine.act_text(GAME, state, seat, "end")
    state = replace(state, hands=(("M",), *state.hands[1:]), bonus=((0, 1, 0), *state.bonus[1:]))
    assert Place("hokkaido", ("M",), 0, 1, True) in GAME.legal(state, HONDA)
    # two Exchange tiles on two different cards: only when tiles may be spread
    stacks = list(state.stacks)
    stacks[province("chugoku")] = ("MX", "SD", "BP")  # needs 2 Samurai + 1 Sohei
    state = replace(
        state,
        hands=(("S", "N", "B"), *state.hands[1:]),
        bonus=((2, 0, 0), *state.bonus[1:]),
        stacks=tuple(stacks),
    )
    spread = Place("chugoku", ("S", "N", "B"), 2, 0, False)
    assert spread not in GAME.legal(state, HONDA)
    refused(state, HONDA, spread, "shitenno.place.short")
    loose = replace(state, options={**state.options, "tiles_on_one_card": False})
    assert spread in GAME.legal(loose, HONDA)


def test_evolve_is_dataclasses_replace() -> None:
    from games.shitenno.state import evolve

    state = GAME.setup(3, {}, 5)
    changes = {"placed": 1, "hands": ((), ("S",), ("K1", "K2")), "last_text": "end"}
    new = evolve(state, **changes)
    assert new == replace(state, **changes)
    assert new.placed == 1 and state.placed == 0  # the original is untouched
    with pytest.raises(TypeError):
        evolve(state, placd=1)


def test_no_lot_option_leaves_the_tairo_without_a_lot() -> None:
    """«Cuando un lote es aceptado por un jugador, el Tairö forma otro lote (incluyendo la
    Loseta de Jerarquía y tantas cartas de Tropas y/o Koku de las que aun le quedan para
    compartir)»: every player still owed a lot gets one. With ``empty_lots`` off a lot
    needs a card, so a lot may not take the cards the later lots need: four players, two
    lots before the final split, so the first leaves at least one card (two with
    ``full_lots`` off as well, one for the second lot and one left over)."""
    for full, leave, key in ((True, 1, "shitenno.lot.full"), (False, 2, "shitenno.lot.leave")):
        state = GAME.setup(4, {"empty_lots": False, "full_lots": full}, 1)
        pool = state.open_cards
        greedy = MakeLot(pool[: len(pool) - leave + 1], 4)
        refused(state, state.tairo, greedy, key)
        taken = MakeLot(pool[: len(pool) - leave], 4)
        assert taken in GAME.legal(state, state.tairo)
        state, _ = engine.act(GAME, state, state.tairo, taken)
        state, _ = engine.act(GAME, state, next(iter(GAME.to_act(state))), Accept())
        (tairo,) = GAME.to_act(state)
        legal = GAME.legal(state, tairo)
        assert legal and all(len(a.cards) == 1 for a in legal)
        state, _ = engine.act(GAME, state, tairo, legal[0])
        assert GAME.to_act(state)
