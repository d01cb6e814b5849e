"""The rulebook's worked examples (reference §4.3 and §5.4) and the errors of §8."""

from __future__ import annotations

from dataclasses import replace

import pytest

from games import engine
from games.base import IllegalAction
from games.shitenno import GAME, Flip
from games.shitenno.data import sort_cards

from .helpers import HONDA, II, SAKAI, SAKAKIBARA, odd_year, play, province

OPEN = sort_cards(["K1", "K1", "K2", "K3", "M", "N", "S", "S", "B", "SB", "MM", "NB"])


def even_year_of_the_example():
    start = GAME.setup(4, {}, 5)
    # Honda Daimyō, Ii Hatamoto, Sakakibara Shōmyō, Sakai Senseï; 8 Troop + 4 Koku revealed
    state = replace(start, titles=(4, 1, 3, 2), tairo=HONDA, open_cards=OPEN)
    return replace(state, order=(HONDA, SAKAKIBARA, SAKAI, II))


def test_four_player_even_year_of_the_rulebook() -> None:
    state = even_year_of_the_example()
    assert GAME.to_act(state) == {HONDA}
    state, _ = play(state, HONDA, "lot K1 K1 M N + tile 2")
    # offered in descending title order among the players without a lot (§8.4)
    assert state.offer_queue == (SAKAKIBARA, SAKAI, II)
    state, _ = play(state, SAKAKIBARA, "refuse")
    state, _ = play(state, SAKAI, "accept")
    assert state.lots[SAKAI] == (("N", "M", "K1", "K1"), 2)
    assert GAME.to_act(state) == {HONDA}  # the same Tairō continues
    state, _ = play(state, HONDA, "lot S S B + hatamoto")
    assert state.offer_queue == (SAKAKIBARA, II)
    state, _ = play(state, SAKAKIBARA, "refuse")
    state, _ = play(state, II, "refuse")
    # refused by all: Honda keeps it; Sakakibara, highest title left, is the new Tairō
    assert state.lots[HONDA] == (("S", "S", "B"), 1)
    assert state.tairo == SAKAKIBARA
    assert sort_cards(state.open_cards) == sort_cards(["K2", "K3", "SB", "MM", "NB"])
    state, _ = play(state, SAKAKIBARA, "split K2 SB + daimyo / shomyo")
    assert GAME.to_act(state) == {II}
    state, _ = play(state, II, "choose b")
    assert state.phase == "odd"
    assert state.titles[SAKAKIBARA] == 4
    assert state.titles[II] == 3
    assert state.titles[SAKAI] == 2
    assert state.titles[HONDA] == 1
    assert state.order == (SAKAKIBARA, II, SAKAI, HONDA)
    assert {"K3", "MM", "NB"} <= set(state.hands[II])
    assert {"K2", "SB"} <= set(state.hands[SAKAKIBARA])


def odd_year_of_the_example():
    stacks = list(GAME.setup(4, {}, 5).stacks)
    stacks[province("kanto")] = ("BX", "MP", "SD")
    stacks[province("chubu")] = ("BX",)
    stacks[province("hokkaido")] = ()
    board = [[None] * 4 for _ in range(8)]
    board[province("chubu")][:2] = [(SAKAI, False), (HONDA, False)]
    board[province("hokkaido")][:3] = [(SAKAI, False), (SAKAI, False), (II, False)]
    return odd_year(
        (1, 3, 4, 2),
        stacks=tuple(stacks),
        board=tuple(tuple(p) for p in board),
        hands=(
            ("MB",),
            sort_cards(["K1", "K1", "K1", "K1", "K2", "N", "B"]),
            ("S", "S", "S", "MB"),
            ("K1",),
        ),
        bonus=((1, 1, 0), (0, 0, 0), (0, 0, 0), (0, 0, 0)),
        favour=(0, 0, 0, 0),
    )


def test_odd_year_of_the_rulebook() -> None:
    state = odd_year_of_the_example()
    assert GAME.to_act(state) == {SAKAKIBARA}
    state, events = play(state, SAKAKIBARA, "kanto S S S MB")
    assert state.favour[SAKAKIBARA] == 7  # printed 5, +2 as Daimyō (§8.6)
    assert state.bonus[SAKAKIBARA] == (1, 0, 0)  # the Bushi tile's bonus face: Exchange
    assert events[0].args["position"] == 1 and events[0].args["tile"] == "exchange"
    assert "MB" not in state.hands[SAKAKIBARA] and "MB" in state.troop_discard
    state, _ = play(state, SAKAKIBARA, "end")
    state, _ = play(state, II, "kanto K1 K1 K1 K1 K2")
    assert state.favour[II] == 7  # printed 6, +1 as Shōmyō
    assert state.bonus[II] == (0, 1, 0)  # the Sōhei tile: +1
    state, _ = play(state, II, "chubu N B +1")  # the +1 won this turn, used at once
    assert state.board[province("chubu")][2] == (II, False)
    assert state.favour[II] == 14  # position 3: 6, +1 as Shōmyō
    assert state.bonus[II] == (1, 0, 0)  # Chūbu's Bushi tile: Exchange
    state, _ = play(state, II, "end")
    state, _ = play(state, SAKAI, "end")  # Sakai passes
    state, _ = play(state, HONDA, "hokkaido MB +exchange +1")
    assert state.board[province("hokkaido")][3] == (HONDA, False)
    assert state.favour[HONDA] == 9  # last position, no title bonus, no tile
    assert state.bonus[HONDA] == (0, 0, 0)
    assert state.hands[HONDA] == ()


def test_kanto_needs_three_samurai_and_a_sohei_after_the_first_kamon() -> None:
    """§8.2: the Spanish text says 2 Samurai + 1 Sōhei; Kantō is a 4-troop province."""
    state = odd_year_of_the_example()
    before = GAME.view(state, None).provinces[province("kanto")]
    assert before.requirement == (("samurai", 3), ("bushi", 1))
    state, _ = play(state, SAKAKIBARA, "kanto S S S MB")
    after = GAME.view(state, None).provinces[province("kanto")]
    assert after.requirement == (("samurai", 3), ("sohei", 1))
    assert after.koku == 6 and after.next_position == 1 and after.top_troop == "sohei"


def test_worked_examples_add_the_title_bonus() -> None:
    """§8.6: the rulebook quotes printed values; Daimyō +2 and Shōmyō +1 are added."""
    state = odd_year_of_the_example()
    state, events = play(state, SAKAKIBARA, "kanto S S S MB")
    assert events[0].args["favour"] == 5 + 2


def test_sensei_flips_at_the_end_of_his_odd_year_turn() -> None:
    """§8.1: the flip is in the odd year (the Spanish says even years, which have no turns)."""
    state = odd_year_of_the_example()
    for seat in (SAKAKIBARA, II):
        state, _ = play(state, seat, "end")
    assert Flip("hokkaido") in GAME.legal(state, SAKAI)
    state, _ = play(state, SAKAI, "flip hokkaido")
    assert state.board[province("hokkaido")][0] == (SAKAI, True)
    assert GAME.to_act(state) == {HONDA}  # the flip ended his turn
    even = even_year_of_the_example()
    with pytest.raises(IllegalAction, match="province years"):
        engine.act(GAME, even, HONDA, Flip("hokkaido"))


def test_a_refused_lot_is_kept_and_the_next_title_becomes_tairo() -> None:
    """§8.3: the lot is not a deck; the Tairō keeps a refused lot and is finished."""
    state = even_year_of_the_example()
    state, _ = play(state, HONDA, "lot + hatamoto")
    for seat in (SAKAKIBARA, SAKAI, II):
        state, _ = play(state, seat, "refuse")
    assert state.lots[HONDA] == ((), 1)
    assert state.tairo == SAKAKIBARA
    assert state.open_cards == OPEN and state.tiles == (4, 3, 2)
    assert HONDA not in GAME.to_act(state)


def test_hierarchy_tiles_become_titles_with_the_same_seals() -> None:
    """§8.5: the Hierarchy tile is only seals; the Title tile of as many seals follows."""
    state = GAME.setup(2, {}, 3)
    tairo = state.tairo
    other = 1 - tairo
    state, _ = play(state, tairo, "split + shomyo / hatamoto")
    state, _ = play(state, other, "choose b")
    assert state.titles[other] == 1 and state.titles[tairo] == 3
    view = GAME.view(state, None)
    assert [t.holder for t in view.titles] == [None, tairo, None, other]  # vacant titles
    assert state.order == (tairo, other)


def test_ocr_names_are_spelled_right() -> None:
    """§8.7: "Södei" is Sōhei, "Tiopa" Tropa; the words players see are the right ones."""
    view = GAME.view(odd_year_of_the_example(), None)
    assert {p.troop for p in view.provinces} == {"samurai", "shinobi", "sohei", "bushi"}
    assert GAME.label(
        odd_year_of_the_example(), GAME.parse(odd_year_of_the_example(), 2, "kanto s s s mb")
    ).endswith("Sōhei + Bushi")
