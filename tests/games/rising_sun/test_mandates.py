"""The five mandates, the order of play, bonuses, the Tea Ceremony (reference §5-§6)."""

from __future__ import annotations

import pytest

from games import engine
from games.base import GameError
from games.rising_sun import GAME
from games.rising_sun.state import Betray, Build, Buy, G, Move, Propose, Summon

from .helpers import (
    BONSAI,
    DRAGONFLY,
    KOI,
    LOTUS,
    TURTLE,
    clear,
    edit,
    fresh,
    g_of,
    p,
    play,
    put,
    task_only,
    where,
)


def mandate(players: int, chooser: int, drawn: list[str], change=None):  # type: ignore[no-untyped-def]
    def setup(g: G) -> None:
        g.phase = "political"
        g.chooser = chooser
        g.drawn = drawn
        if change:
            change(g)
        task_only(g, {"t": "choose"})

    return edit(fresh(players), setup)


def refused(state, seat, action, key):  # type: ignore[no-untyped-def]
    before = GAME.dump_state(state)
    with pytest.raises(GameError) as info:
        engine.act(GAME, state, seat, action)
    assert info.value.key == key
    assert GAME.dump_state(state) == before


def test_recruit_one_summon_per_stronghold_chooser_last_ally_bonus() -> None:
    def ally(g: G) -> None:
        g.ally[KOI], g.ally[TURTLE] = TURTLE, KOI

    state = mandate(3, KOI, ["recruit", "harvest", "train", "marshal"], ally)
    state = play(state, KOI, "mandate recruit")
    assert GAME.to_act(state) == {LOTUS}  # the chooser's left first
    state = play(state, LOTUS, "summon bushi nagato")  # one Stronghold: done at once
    assert GAME.to_act(state) == {TURTLE}
    state = play(state, TURTLE, "summon bushi kyoto", "summon bushi kyoto")  # + ally bonus
    assert GAME.to_act(state) == {KOI}
    state = play(state, KOI, "summon shinto amaterasu", "summon bushi edo")  # + bonus
    g = g_of(state)
    assert where(g, TURTLE, "bushi").count("kyoto") == 3
    assert where(g, LOTUS, "bushi").count("nagato") == 2
    assert g.figs and any(f[0] == KOI and f[1] == "shinto" and f[2] == 10 for f in g.figs)
    assert g.chooser == LOTUS  # the deck passes clockwise


def test_summon_where_you_have_no_stronghold_is_refused() -> None:
    state = play(
        mandate(3, KOI, ["recruit", "harvest", "train", "marshal"]), KOI, "mandate recruit"
    )
    refused(state, LOTUS, Summon("bushi", "kyoto"), "rising_sun.illegal.summon_stronghold")


def test_marshal_moves_each_figure_once_and_the_bonus_builds() -> None:
    def coins(g: G) -> None:
        g.coins[KOI] = 5

    state = play(
        mandate(3, KOI, ["marshal", "harvest", "train", "recruit"], coins), KOI, "mandate marshal"
    )
    state = play(state, LOTUS, "move bushi nagato kansai", "done")
    state = play(state, TURTLE, "move daimyo kyoto kansai", "done")
    assert Move("bushi", "kansai", "kyoto") not in GAME.legal(state, KOI)
    state = play(state, KOI, "move bushi edo kyoto", "build kyoto")
    g = g_of(state)
    assert g.holds[KOI] == [p("edo"), p("kyoto")] and g.coins[KOI] == 2
    assert where(g, LOTUS, "bushi")[0] == "kansai"
    assert GAME.legal(state, LOTUS) == []


def test_move_across_no_border_is_refused() -> None:
    state = mandate(3, LOTUS, ["marshal", "harvest", "train", "recruit"])
    state = play(state, LOTUS, "mandate marshal keep harvest")
    assert GAME.to_act(state) == {TURTLE}
    refused(state, TURTLE, Move("bushi", "kyoto", "hokkaido"), "rising_sun.illegal.no_border")


def test_train_chooser_first_one_coin_less_cannot_afford_refused() -> None:
    def coins(g: G) -> None:
        g.coins = [2, 1, 1]

    state = mandate(3, LOTUS, ["train", "harvest", "marshal", "recruit"], coins)
    state = play(state, LOTUS, "mandate train keep harvest")
    assert GAME.to_act(state) == {LOTUS}  # Train: the chooser first
    state = play(state, LOTUS, "buy way_of_the_shogun")  # 2 - 1 bonus = 1
    assert GAME.to_act(state) == {TURTLE}
    refused(state, TURTLE, Buy("path_of_the_kenin"), "rising_sun.illegal.afford")  # 2 > 1
    g = g_of(state)
    assert g.owned[LOTUS] == ["way_of_the_shogun"] and g.coins[LOTUS] == 0


def test_harvest_one_coin_each_rewards_for_chooser_and_ally() -> None:
    def setup(g: G) -> None:
        g.ally[KOI], g.ally[LOTUS] = LOTUS, KOI
        put(g, TURTLE, "bushi", "edo", 3)  # Turtle outnumbers Koi in Edo
        g.coins = [0, 0, 0]

    state = play(
        mandate(3, KOI, ["harvest", "train", "marshal", "recruit"], setup), KOI, "mandate harvest"
    )
    g = g_of(state)
    # Koi: nothing won (Edo is Turtle's now); Lotus (ally): Nagato 1 VP 1 coin 1 Ronin
    assert g.coins == [1, 2, 1] and g.vp == [0, 1, 0] and g.ronin == [0, 1, 0]


def test_harvest_ties_go_to_the_higher_honor() -> None:
    def setup(g: G) -> None:
        put(g, TURTLE, "bushi", "edo")  # Koi 2 (Daimyo + Bushi), Turtle 2: Koi has more Honor
        g.coins = [0, 0, 0]

    g = g_of(
        play(
            mandate(3, KOI, ["harvest", "train", "marshal", "recruit"], setup),
            KOI,
            "mandate harvest",
        )
    )
    assert g.vp[KOI] == 2 and g.coins[KOI] == 3  # Edo: 2 VP + 2 coins, plus the 1 coin


def test_betray_two_players_alliance_breaks_one_honor_lost_daimyo_refused() -> None:
    def setup(g: G) -> None:
        g.ally[KOI], g.ally[LOTUS] = LOTUS, KOI

    state = play(
        mandate(3, KOI, ["betray", "train", "marshal", "recruit"], setup), KOI, "mandate betray"
    )
    g = g_of(state)
    assert g.ally == [None, None, None] and g.honor == [LOTUS, KOI, TURTLE]
    refused(
        state, KOI, Betray(LOTUS, "daimyo", "nagato", "daimyo"), "rising_sun.illegal.betray_daimyo"
    )
    state = play(state, KOI, "betray lotus bushi nagato")
    assert all(a.victim != LOTUS for a in GAME.legal(state, KOI) if isinstance(a, Betray))
    state = play(state, KOI, "betray turtle bushi kyoto")
    g = g_of(state)
    assert (
        where(g, KOI, "bushi").count("nagato") == 1 and where(g, KOI, "bushi").count("kyoto") == 1
    )
    assert where(g, LOTUS, "bushi") == ["reserve"] * 6  # replaced, back to the reserve


def test_lotus_keeps_one_face_down_and_announces_any_mandate() -> None:
    state = mandate(3, LOTUS, ["harvest", "train", "marshal", "recruit"])
    form = GAME.form(state, LOTUS)
    assert form is not None and [f.name for f in form.fields] == ["keep", "mandate"]
    actions = GAME.answer(state, LOTUS, {"keep": "train", "mandate": "betray"}, final=True)
    state = play(state, LOTUS, *[GAME.notation(state, a) for a in actions])
    g = g_of(state)
    assert g.facedown == [[LOTUS, "train"]] and g.played == ["betray"]
    assert g.deck[:3] == ["harvest", "marshal", "recruit"]  # draw order
    assert GAME.view(state, None).facedown == () and GAME.view(state, LOTUS).facedown == ("train",)
    assert GAME.hand(state, LOTUS)["facedown"] == ["train"]


def test_mandate_form_offers_the_drawn_tiles() -> None:
    state = mandate(3, KOI, ["harvest", "harvest", "marshal", "recruit"])
    form = GAME.form(state, KOI)
    assert form is not None and [o.value for o in form.fields[0].options] == [
        "harvest",
        "marshal",
        "recruit",
    ]  # type: ignore[union-attr]
    assert GAME.answer(state, KOI, {"mandate": "marshal"}, final=True) == [
        GAME.parse(state, KOI, "mandate marshal")
    ]
    assert GAME.view(state, None).drawn == () and GAME.view(state, KOI).drawn == tuple(
        g_of(state).drawn
    )


def test_tea_ceremony_alliance_needs_both_and_one_ally_each() -> None:
    state = fresh(4)
    assert GAME.to_act(state) == {KOI}
    state = play(state, KOI, "ally lotus")
    assert GAME.form(state, LOTUS).instant  # type: ignore[union-attr]
    state = play(state, LOTUS, "accept")
    assert g_of(state).ally == [LOTUS, KOI, None, None]
    # Turtle's turn: proposing to Lotus (already allied) is refused
    assert GAME.to_act(state) == {TURTLE}
    refused(state, TURTLE, Propose(LOTUS), "rising_sun.illegal.already_allied")
    state = play(state, TURTLE, "ally dragonfly")
    state = play(state, DRAGONFLY, "refuse")
    state = play(state, DRAGONFLY, "pass")  # Dragonfly's own turn; Turtle has asked all
    g = g_of(state)
    assert g.phase == "political" and g.ally == [LOTUS, KOI, None, None]


def test_gifts_of_coins_outside_war() -> None:
    state = fresh(3)
    state = play(state, KOI, "give turtle 2 coin")
    g = g_of(state)
    assert g.coins[KOI] == 3 and g.coins[TURTLE] == 8
    assert not any(type(a).__name__ == "Gift" for a in GAME.legal(state, KOI))  # one per turn


def test_start_is_seated_by_honor_with_home_provinces() -> None:
    g = g_of(fresh(5))
    assert [g.clan_id(s) for s in range(5)] == ["koi", "lotus", "turtle", "dragonfly", "bonsai"]
    assert g.honor == [0, 1, 2, 3, 4]
    assert where(g, BONSAI, "daimyo") == ["kyushu"] and g.holds[BONSAI] == [p("kyushu")]
    assert g.coins == [5, 7, 6, 6, 4] and len(g.war) == 7 and len(g.offer) == 12
    assert g.shrines == ["amaterasu", "fujin", "hachiman", "tsukuyomi"]
    clear(g)


def test_stronghold_you_cannot_afford_is_refused() -> None:
    def coins(g: G) -> None:
        g.coins[KOI] = 2

    state = play(
        mandate(3, KOI, ["marshal", "harvest", "train", "recruit"], coins), KOI, "mandate marshal"
    )
    state = play(state, LOTUS, "done")
    state = play(state, TURTLE, "done")
    refused(state, KOI, Build("edo"), "rising_sun.illegal.afford")  # 3 coins, Koi has 2
