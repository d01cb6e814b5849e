"""Clan abilities (reference §11). Lotus's Dictate the Flow is
``test_mandates.py::test_lotus_keeps_one_face_down_and_announces_any_mandate``.
Positions are edited where play would take many turns to reach them (each test says how)."""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.state import Build, Buy, G, Move, Summon

from .helpers import (
    BONSAI,
    DRAGONFLY,
    KOI,
    LOTUS,
    TURTLE,
    clear,
    edit,
    force,
    fresh,
    g_of,
    mandate_turn,
    p,
    play,
    put,
    task_only,
    war_start,
    where,
)


def test_koi_turns_every_ronin_into_a_coin_at_the_start_of_war() -> None:
    def change(g: G) -> None:  # edited: a cleared board at the start of the War Phase
        g.ronin[KOI], g.coins[KOI] = 3, 1
        g.ronin[LOTUS] = 2

    g = g_of(war_start(3, change))
    assert (g.coins[KOI], g.ronin[KOI]) == (4, 0)
    assert g.ronin[LOTUS] == 2  # only Koi converts


def test_koi_hires_a_ronin_per_coin_left_in_its_reserve() -> None:
    def change(g: G) -> None:
        put(g, KOI, "bushi", "edo")
        put(g, LOTUS, "bushi", "edo", 3)
        g.coins[KOI] = 5

    state = war_start(3, change, ("edo",))
    state = play(state, KOI, "bid 0 0 1 0", "confirm")
    state = play(state, LOTUS, "confirm")
    state = play(state, KOI, "use")  # Hire Ronin, which it may decline
    g = g_of(state)
    # Koi hires its 4 unbid coins as Ronin: 1 + 4 = 5 Force beats Lotus's 3
    assert g.war_results == [KOI] and "edo" not in where(g, LOTUS, "bushi")


def test_turtle_strongholds_move_with_marshal_and_count_force_one_in_harvest() -> None:
    def change(g: G) -> None:  # edited: Turtle's home Stronghold only, no figures
        clear(g)
        g.holds[TURTLE] = [p("kyoto")]

    state = mandate_turn(3, TURTLE, ["marshal", "harvest", "train", "recruit"], change)
    state = play(state, TURTLE, "mandate marshal")
    assert Move("stronghold", "kyoto", "oshu") in GAME.legal(state, TURTLE)
    state = play(state, TURTLE, "move stronghold kyoto oshu")
    g = g_of(state)
    assert g.holds[TURTLE] == [p("oshu")]
    state = edit(state, lambda g: task_only(g, {"t": "harvest", "order": [0, 1, 2], "bonus": [2]}))
    g = g_of(state)
    assert g.coins[TURTLE] == 1 + data().provinces[p("oshu")].coins == 4  # Oshu: 3 coins


def test_turtle_lone_stronghold_takes_the_war_province() -> None:
    def change(g: G) -> None:
        g.holds[TURTLE] = [p("oshu")]

    g = g_of(war_start(3, change, ("oshu",)))
    assert g.war_results == [TURTLE]


def test_only_turtle_strongholds_have_force() -> None:
    """The rulebook's Spring war, Oshu: «Nadie tiene cifras allí; sin embargo, la habilidad
    especial de la TORTUGA establece que sus Fortalezas cuentan como 1 Fuerza». The Force is
    Turtle's power, not every clan's: a lone Koi Stronghold (no figure) has no Force, so in
    War the token is discarded, and in Harvest it leads nothing."""

    def change(g: G) -> None:
        g.holds[KOI] = [p("oshu"), p("oshu")]

    state = war_start(3, change, ("oshu",))
    g = g_of(state)
    assert g.war_results == [None]
    assert force(state, KOI, "oshu", war=True) == force(state, KOI, "oshu") == 0


def test_dragonfly_summons_and_moves_anywhere_and_places_monsters_anywhere() -> None:
    def change(g: G) -> None:  # edited: Dragonfly holds coins for a monster
        g.coins[DRAGONFLY] = 3

    state = mandate_turn(4, DRAGONFLY, ["recruit", "harvest", "train", "marshal"], change)
    state = play(state, DRAGONFLY, "mandate recruit")
    for seat in (0, 1, 2):  # Koi, Lotus, Turtle first (the chooser acts last)
        state = play(state, seat, "done")
    assert Summon("bushi", "kyushu") in GAME.legal(state, DRAGONFLY)  # no Stronghold there
    state = play(state, DRAGONFLY, "summon bushi kyushu", "summon bushi kyoto")  # + bonus
    g = g_of(state)
    assert where(g, DRAGONFLY, "bushi").count("kyushu") == 1
    assert where(g, DRAGONFLY, "bushi").count("kyoto") == 1
    state = edit(
        state,
        lambda g: task_only(
            g, {"t": "marshal", "seat": DRAGONFLY, "bonus": False, "moved": [], "hmoved": [],
                "built": False},
        ),
    )  # fmt: skip
    state = play(state, DRAGONFLY, "move bushi kyushu oshu")  # no border between them
    assert where(g_of(state), DRAGONFLY, "bushi").count("oshu") == 1

    def train(g: G) -> None:
        g.offer = ["river_dragon"]
        task_only(g, {"t": "buy", "seat": DRAGONFLY, "bonus": False, "why": "train"})

    state = play(edit(state, train), DRAGONFLY, "buy river_dragon", "summon river_dragon shikoku")
    assert where(g_of(state), DRAGONFLY, "river_dragon") == ["shikoku"]


def test_bonsai_pays_at_most_one_coin_and_nothing_with_the_train_bonus() -> None:
    def change(g: G) -> None:
        g.coins[BONSAI] = 1
        g.offer = ["river_dragon", "river_dragon", "way_of_the_shogun"]
        task_only(
            g,
            {"t": "buy", "seat": BONSAI, "bonus": False, "why": "ryujin"},
            {"t": "buy", "seat": BONSAI, "bonus": True, "why": "train"},
        )

    state = edit(fresh(5), change)
    state = play(state, BONSAI, "buy river_dragon", "summon river_dragon kyushu")  # 3 -> 1
    assert g_of(state).coins[BONSAI] == 0
    assert Buy("river_dragon") in GAME.legal(state, BONSAI)  # 1 - the Train bonus = 0
    state = play(state, BONSAI, "buy river_dragon", "summon river_dragon kyushu")
    g = g_of(state)
    assert g.owned[BONSAI] == ["river_dragon", "river_dragon"] and g.coins[BONSAI] == 0


def test_bonsai_builds_a_stronghold_for_one_coin() -> None:
    def change(g: G) -> None:
        g.coins[BONSAI] = 1
        task_only(
            g,
            {"t": "marshal", "seat": BONSAI, "bonus": True, "moved": [], "hmoved": [],
             "built": False},
        )  # fmt: skip

    state = edit(fresh(5), change)
    assert Build("kyushu") in GAME.legal(state, BONSAI)
    g = g_of(play(state, BONSAI, "build kyushu"))
    assert g.holds[BONSAI] == [p("kyushu"), p("kyushu")] and g.coins[BONSAI] == 0
