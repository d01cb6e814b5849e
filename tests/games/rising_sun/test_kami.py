"""Kami Turns (reference §6.3): each shrine's power, Force not head count, ties to Honor,
left to right. Positions are edited (a cleared board, figures put at the shrines, a Kami
Turn queued): reaching a given worship by play takes a whole Political Phase."""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.state import SHRINE, G, Move

from .helpers import KOI, LOTUS, TURTLE, clear, edit, fresh, g_of, p, play, put, task_only, where


def kami_turn(change, shrines: list[str] | None = None, players: int = 3):  # type: ignore[no-untyped-def]
    def setup(g: G) -> None:
        clear(g)
        if shrines:
            g.shrines = shrines
        g.phase, g.slot = "political", 2
        change(g)
        task_only(g, {"t": "kami", "slot": 3})

    return edit(fresh(players), setup)


def test_amaterasu_moves_the_winner_to_the_top_of_the_honor_track() -> None:
    g = g_of(kami_turn(lambda g: put(g, TURTLE, "shinto", "amaterasu")))
    assert g.honor == [TURTLE, KOI, LOTUS]  # the clans in between shift down one


def test_amaterasu_changes_the_tie_breaks_of_shrines_further_right() -> None:
    def change(g: G) -> None:
        put(g, TURTLE, "shinto", "amaterasu")
        put(g, KOI, "shinto", "tsukuyomi")
        put(g, TURTLE, "shinto", "tsukuyomi")  # 1-1: Turtle is on top by then

    g = g_of(kami_turn(change))
    assert g.coins[TURTLE] == data().constants["tsukuyomi_coins"] and g.coins[KOI] == 0


def test_fujin_gives_two_moves_one_figure_may_move_twice() -> None:
    def change(g: G) -> None:
        put(g, LOTUS, "shinto", "fujin")
        put(g, LOTUS, "bushi", "edo")

    state = kami_turn(change)
    assert GAME.to_act(state) == {LOTUS}
    state = play(state, LOTUS, "move bushi edo kyoto", "move bushi kyoto kansai")
    assert where(g_of(state), LOTUS, "bushi").count("kansai") == 1
    assert Move("bushi", "kansai", "kyoto") not in GAME.legal(state, LOTUS)  # two moves used


def test_hachiman_gives_two_ronin() -> None:
    g = g_of(kami_turn(lambda g: put(g, KOI, "shinto", "hachiman")))
    assert g.ronin == [data().constants["hachiman_ronin"], 0, 0] == [2, 0, 0]


def test_raijin_summons_a_bushi_into_any_province() -> None:
    state = kami_turn(
        lambda g: put(g, TURTLE, "shinto", "raijin"), ["raijin", "fujin", "hachiman", "ryujin"]
    )
    assert GAME.to_act(state) == {TURTLE}
    state = play(state, TURTLE, "summon bushi hokkaido")  # no Stronghold there
    assert where(g_of(state), TURTLE, "bushi").count("hokkaido") == 1


def test_ryujin_buys_a_card_at_full_cost() -> None:
    def change(g: G) -> None:
        put(g, KOI, "shinto", "ryujin")
        g.coins[KOI] = 3

    state = kami_turn(change, ["ryujin", "fujin", "hachiman", "tsukuyomi"])
    state = play(state, KOI, "buy way_of_the_shogun")  # cost 2, no Train discount
    g = g_of(state)
    assert g.owned[KOI] == ["way_of_the_shogun"] and g.coins[KOI] == 1


def test_susanoo_gives_a_vp_per_stronghold_on_the_map() -> None:
    def change(g: G) -> None:
        put(g, LOTUS, "shinto", "susanoo")
        g.holds[LOTUS] = [p("nagato"), p("kansai"), p("nagato")]

    g = g_of(kami_turn(change, ["susanoo", "fujin", "hachiman", "tsukuyomi"]))
    assert g.vp == [0, 3, 0]


def test_tsukuyomi_gives_two_coins() -> None:
    g = g_of(kami_turn(lambda g: put(g, LOTUS, "shinto", "tsukuyomi")))
    assert g.coins == [0, 2, 0]


def test_shrines_compare_force_not_head_count_and_ties_go_to_honor() -> None:
    def change(g: G) -> None:
        put(g, TURTLE, "shinto", "hachiman", 2)
        put(g, KOI, "shinto", "hachiman")
        put(g, LOTUS, "shinto", "tsukuyomi")
        put(g, TURTLE, "shinto", "tsukuyomi")  # 1-1: Lotus has the higher Honor

    g = g_of(kami_turn(change))
    assert g.ronin == [0, 0, 2] and g.coins == [0, 2, 0]


def test_empty_shrines_are_skipped_and_worshippers_stay_for_the_season() -> None:
    state = kami_turn(lambda g: put(g, KOI, "shinto", "tsukuyomi"))
    g = g_of(state)
    assert g.coins == [2, 0, 0] and g.honor == [KOI, LOTUS, TURTLE] and g.ronin == [0, 0, 0]
    assert [f[2] for f in g.figs if f[0] == KOI and f[1] == "shinto"].count(SHRINE + 3) == 1
