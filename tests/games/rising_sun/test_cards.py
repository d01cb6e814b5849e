"""Every Core and Archway Season card, monsters included (reference §12.4-§12.5; numbers from
``data/rising_sun/rising_sun.json``). Cards are given by editing ``owned`` (and monsters put on
the map) on an otherwise cleared board: buying them all by play would take seasons. Each
effect then fires through the engine (a mandate, a battle, the start of War, Winter)."""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.state import (
    HOSTAGE,
    RESERVE,
    SHRINE,
    Betray,
    Decline,
    G,
    Hostage,
    Move,
    Summon,
    Use,
)

from .helpers import (
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
    refused,
    task_only,
    war_start,
    where,
)


def v(card: str, key: str) -> int:
    return data().value(card, key)


def board_with(change, players: int = 3):  # type: ignore[no-untyped-def]
    """A cleared board after ``change`` (the queue stops at a Tea Ceremony turn)."""

    def setup(g: G) -> None:
        clear(g)
        change(g)
        if not g.tasks or g.tasks[0]["t"] == "season":
            task_only(g)

    return edit(fresh(players), setup)


def own(g: G, seat: int, *cards: str) -> None:
    g.owned[seat] += list(cards)
    for card in cards:
        if data().cards[card].type == "monster":
            g.figs.append([seat, card, RESERVE])


def battle(change, at: str = "edo"):  # type: ignore[no-untyped-def]
    """A battle at ``at`` at the start of the War Phase (then Hokkaido's, which stops the
    queue before cleanup)."""
    return war_start(3, change, (at,))


def winter(change) -> G:  # type: ignore[no-untyped-def]
    def setup(g: G) -> None:
        clear(g)
        change(g)
        g.season, g.tasks = 3, [{"t": "winter"}]

    state = edit(fresh(3), setup)
    assert GAME.outcome(state) is not None
    return g_of(state)


# --- Core, Spring ----------------------------------------------------------------------


def test_komainu_worships_when_summoned_and_counts_as_a_shinto_at_shrines() -> None:
    def change(g: G) -> None:
        own(g, KOI, "komainu")
        g.holds[KOI] = [p("edo")]
        put(g, LOTUS, "shinto", "tsukuyomi")
        put(g, KOI, "shinto", "tsukuyomi")
        g.honor = [LOTUS, KOI, TURTLE]
        task_only(g, {"t": "recruit", "seat": KOI, "slots": [p("edo")], "summoned": 0},
                  {"t": "kami", "slot": 3})  # fmt: skip

    state = board_with(change)
    assert Summon("komainu", "shrine:tsukuyomi") in GAME.legal(state, KOI)
    g = g_of(play(state, KOI, "summon komainu tsukuyomi"))
    assert g.coins == [2, 0, 0]  # Komainu + Shinto: Force 2 beats Lotus's 1 (Honor above)


def test_komainu_is_betrayed_as_a_shinto_or_a_monster_and_betrays_either() -> None:
    def change(g: G) -> None:
        own(g, KOI, "komainu")
        put(g, LOTUS, "shinto", "kansai")
        own(g, TURTLE, "oni_of_skulls")
        put(g, TURTLE, "oni_of_skulls", "kyoto")
        task_only(g, {"t": "betray", "seat": KOI, "left": 2, "victims": []})

    legal = GAME.legal(board_with(change), KOI)
    assert Betray(LOTUS, "shinto", "kansai", "komainu") in legal
    assert Betray(TURTLE, "oni_of_skulls", "kyoto", "komainu") in legal


def test_oni_of_skulls_is_force_three_where_its_owner_has_the_lowest_honor() -> None:
    def change(g: G) -> None:
        own(g, TURTLE, "oni_of_skulls")
        own(g, KOI, "oni_of_skulls")
        put(g, TURTLE, "oni_of_skulls", "edo")
        put(g, KOI, "oni_of_skulls", "edo")  # Turtle has the lowest Honor in Edo, Koi not

    state = board_with(change)
    assert force(state, TURTLE, "edo") == v("oni_of_skulls", "force_lowest_honor") == 3
    assert force(state, KOI, "edo") == v("oni_of_skulls", "force") == 1


def test_path_of_the_lion_gives_the_daimyo_one_more_force() -> None:
    state = board_with(lambda g: (own(g, KOI, "path_of_the_lion"), put(g, KOI, "daimyo", "edo")))
    assert force(state, KOI, "edo") == 1 + v("path_of_the_lion", "daimyo_force") == 2


def test_righteousness_pays_a_vp_per_own_figure_killed() -> None:
    def change(g: G) -> None:
        own(g, KOI, "righteousness")
        put(g, KOI, "bushi", "edo", 2)
        put(g, TURTLE, "bushi", "edo", 3)

    state = battle(change)
    state = play(state, KOI, "confirm")
    g = g_of(play(state, TURTLE, "confirm"))
    assert g.war_results == [TURTLE] and g.vp[KOI] == 2 * v(
        "righteousness", "vp_per_own_figure_killed"
    )


def test_way_of_the_shogun_gives_three_coins_at_the_start_of_war() -> None:
    g = g_of(war_start(3, lambda g: own(g, TURTLE, "way_of_the_shogun", "way_of_the_shogun")))
    assert g.coins[TURTLE] == 2 * v("way_of_the_shogun", "coins") == 6


# --- Core, Summer ----------------------------------------------------------------------


def test_path_of_the_serpent_charges_a_coin_per_shipping_route_use() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "path_of_the_serpent")
        put(g, KOI, "bushi", "kansai", 2)
        g.coins[KOI] = 1
        task_only(g, {"t": "marshal", "seat": KOI, "bonus": False, "moved": [], "hmoved": [],
                      "built": False})  # fmt: skip

    state = board_with(change)
    state = play(state, KOI, "move bushi kansai hokkaido")  # a shipping route: 1 coin to Lotus
    assert GAME.to_act(state) == {LOTUS}  # Lotus may charge it
    state = play(state, LOTUS, "use")
    g = g_of(state)
    assert g.coins[KOI] == 0 and g.coins[LOTUS] == v("path_of_the_serpent", "coins_per_route")
    legal = GAME.legal(state, KOI)
    assert Move("bushi", "kansai", "shikoku") not in legal  # cannot pay: no route
    assert Move("bushi", "kansai", "kyoto") in legal  # land borders are free


def test_path_of_the_serpent_may_let_a_route_be_used_for_free() -> None:
    """The card's owner «may» charge (reference: "Charge 1 coin to another player per
    shipping-route use"; the rulebook: «el jugador puede optar por no ejecutar» what it
    may do): Lotus lets Koi's Bushi sail for free, Koi keeps its coin."""

    def change(g: G) -> None:
        own(g, LOTUS, "path_of_the_serpent")
        put(g, KOI, "bushi", "kansai", 2)
        g.coins[KOI], g.coins[LOTUS] = 1, 0
        task_only(g, {"t": "marshal", "seat": KOI, "bonus": False, "moved": [], "hmoved": [],
                      "built": False})  # fmt: skip

    state = play(board_with(change), KOI, "move bushi kansai hokkaido")
    assert set(GAME.legal(state, LOTUS)) == {Use(), Decline()}
    state = play(state, LOTUS, "decline")
    g = g_of(state)
    assert (g.coins[KOI], g.coins[LOTUS]) == (1, 0)
    assert "hokkaido" in where(g, KOI, "bushi")
    assert GAME.to_act(state) == {KOI}  # back to Koi's Marshal


def test_respect_takes_one_extra_hostage() -> None:
    def change(g: G) -> None:
        own(g, KOI, "respect")
        put(g, KOI, "bushi", "edo", 3)
        put(g, LOTUS, "bushi", "edo")
        put(g, TURTLE, "bushi", "edo")
        g.coins[KOI], g.vp = 1, [0, 2, 2]

    state = battle(change)
    state = play(state, KOI, "bid 0 1 0 0", "confirm")
    state = play(state, LOTUS, "confirm")
    state = play(state, TURTLE, "confirm")
    state = play(state, KOI, "hostage lotus bushi", "hostage turtle bushi")
    g = g_of(state)
    assert [f[2] for f in g.figs if f[2] == HOSTAGE + KOI] == [HOSTAGE + KOI] * 2
    assert g.vp == [2, 1, 1]  # a VP from each victim


def test_way_of_bushido_gives_coins_and_vp_per_different_virtue() -> None:
    def change(g: G) -> None:
        own(g, KOI, "way_of_bushido", "righteousness", "righteousness", "justice")

    g = g_of(war_start(3, change))
    b = data().values["way_of_bushido"]
    assert g.coins[KOI] == 2 * b["coins_per_virtue"] == 4
    assert g.vp[KOI] == 2 * b["vp_per_virtue"] == 4  # two different Virtues


def test_way_of_the_ronin_gives_two_ronin_at_the_start_of_war() -> None:
    g = g_of(war_start(3, lambda g: own(g, LOTUS, "way_of_the_ronin")))
    assert g.ronin[LOTUS] == v("way_of_the_ronin", "ronin") == 2


def test_yurei_counts_as_a_daimyo_force_two_and_cannot_be_betrayed() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "yurei", "path_of_the_lion")
        put(g, LOTUS, "yurei", "edo")
        put(g, KOI, "bushi", "edo")
        own(g, KOI, "komainu")  # a monster in Koi's reserve to betray with
        task_only(g, {"t": "betray", "seat": KOI, "left": 2, "victims": []})

    state = board_with(change)
    assert force(state, LOTUS, "edo") == v("yurei", "force") + 1 == 3  # Lion counts it
    assert not any(isinstance(a, Betray) and a.kind == "yurei" for a in GAME.legal(state, KOI))
    refused(
        state, KOI, Betray(LOTUS, "yurei", "edo", "komainu"), "rising_sun.illegal.betray_daimyo"
    )


def test_yurei_cannot_be_taken_hostage() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "yurei")
        put(g, LOTUS, "yurei", "edo")
        put(g, LOTUS, "bushi", "edo")
        put(g, KOI, "bushi", "edo", 4)
        g.coins[KOI] = 1

    state = battle(change)
    state = play(state, KOI, "bid 0 1 0 0", "confirm")
    state = play(state, LOTUS, "confirm")
    assert GAME.legal(state, KOI) == [Hostage(LOTUS, "bushi"), Decline()]


# --- Core, Autumn ----------------------------------------------------------------------


def test_form_of_the_kitsune_scores_three_vp_per_stronghold_in_winter() -> None:
    def change(g: G) -> None:
        own(g, TURTLE, "form_of_the_kitsune")
        g.holds[TURTLE] = [p("kyoto"), p("edo"), p("oshu")]

    assert winter(change).vp[TURTLE] == 3 * v("form_of_the_kitsune", "vp_per_stronghold") == 9


def test_form_of_the_phoenix_scores_three_vp_per_different_virtue() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "form_of_the_phoenix", "righteousness", "righteousness", "respect")

    assert winter(change).vp[LOTUS] == 2 * v("form_of_the_phoenix", "vp_per_virtue") == 6


def test_path_of_the_dragon_gives_the_daimyo_three_more_force() -> None:
    state = board_with(lambda g: (own(g, KOI, "path_of_the_dragon"), put(g, KOI, "daimyo", "edo")))
    assert force(state, KOI, "edo") == 1 + v("path_of_the_dragon", "daimyo_force") == 4


def test_river_dragon_is_force_five() -> None:
    state = board_with(lambda g: (own(g, KOI, "river_dragon"), put(g, KOI, "river_dragon", "edo")))
    assert force(state, KOI, "edo") == v("river_dragon", "force") == 5


def test_way_of_the_moneylender_gives_five_coins_at_the_start_of_war() -> None:
    g = g_of(war_start(3, lambda g: own(g, KOI, "way_of_the_moneylender")))
    assert g.coins[KOI] == v("way_of_the_moneylender", "coins") == 5


# --- Archway ---------------------------------------------------------------------------


def test_benevolence_gives_a_paid_coin_to_another_player_for_honor_and_vp() -> None:
    def change(g: G) -> None:
        own(g, TURTLE, "benevolence")
        g.coins[TURTLE] = 5
        g.offer = ["way_of_the_shogun"]
        g.honor = [KOI, LOTUS, TURTLE]
        task_only(g, {"t": "buy", "seat": TURTLE, "bonus": False, "why": "ryujin"})

    g = g_of(play(board_with(change), TURTLE, "buy way_of_the_shogun give koi"))
    b = data().values["benevolence"]
    assert g.coins[TURTLE] == 3 and g.coins[KOI] == 1  # one of the 2 coins paid went to Koi
    assert g.vp[TURTLE] == b["vp"] == 2 and g.honor == [KOI, TURTLE, LOTUS]


def test_path_of_the_kenin_summons_a_bushi_after_each_summon() -> None:
    def change(g: G) -> None:
        clear(g)
        own(g, KOI, "path_of_the_kenin")
        g.holds[KOI] = [p("edo")]

    state = mandate_turn(3, LOTUS, ["recruit", "harvest", "train", "marshal"], change)
    state = play(state, LOTUS, "mandate recruit keep harvest")  # only Koi has a Stronghold
    state = play(state, KOI, "summon bushi edo")  # its one slot; then Kenin's Bushi
    assert GAME.to_act(state) == {KOI}
    state = play(state, KOI, "summon bushi edo")
    assert where(g_of(state), KOI, "bushi").count("edo") == 2


def test_path_of_the_light_summons_a_shinto_to_a_shrine_at_the_end_of_recruit() -> None:
    def change(g: G) -> None:
        own(g, TURTLE, "path_of_the_light")

    state = mandate_turn(3, KOI, ["recruit", "harvest", "train", "marshal"], change)
    state = play(state, KOI, "mandate recruit")
    state = play(state, LOTUS, "done")
    state = play(state, TURTLE, "done")
    state = play(state, KOI, "done")
    assert GAME.to_act(state) == {TURTLE}
    assert all(
        a.dest.startswith("shrine:") for a in GAME.legal(state, TURTLE) if isinstance(a, Summon)
    )
    g = g_of(play(state, TURTLE, "summon shinto hachiman"))
    assert [f for f in g.figs if f[0] == TURTLE and f[2] == SHRINE + 2] == [
        [TURTLE, "shinto", SHRINE + 2]
    ]


def test_justice_pays_three_vp_for_killing_a_lower_honor_players_figures() -> None:
    def change(g: G) -> None:
        own(g, KOI, "justice")
        own(g, TURTLE, "justice")
        put(g, KOI, "bushi", "edo", 3)
        put(g, TURTLE, "bushi", "edo", 2)  # two figures killed: one event
        put(g, TURTLE, "bushi", "kyoto", 3)
        put(g, KOI, "bushi", "kyoto")  # Turtle kills a higher-Honor player's: nothing

    state = war_start(3, change, ("edo", "kyoto"))
    state = play(state, KOI, "confirm")
    state = play(state, TURTLE, "confirm")
    state = play(state, KOI, "confirm")
    g = g_of(play(state, TURTLE, "confirm"))
    assert g.war_results == [KOI, TURTLE]
    assert g.vp[KOI] == v("justice", "vp") == 3 and g.vp[TURTLE] == 0


def test_path_of_the_samurai_summons_a_bushi_anywhere_at_the_end_of_recruit() -> None:
    state = mandate_turn(
        3,
        KOI,
        ["recruit", "harvest", "train", "marshal"],
        lambda g: own(g, LOTUS, "path_of_the_samurai"),
    )
    state = play(state, KOI, "mandate recruit")
    for seat in (LOTUS, TURTLE, KOI):
        state = play(state, seat, "done")
    state = play(state, LOTUS, "summon bushi hokkaido")  # no Stronghold there
    assert where(g_of(state), LOTUS, "bushi").count("hokkaido") == 1


def test_oni_of_blood_is_force_two_or_four_where_its_owner_has_the_lowest_honor() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "oni_of_blood", "oni_of_blood")
        put(g, LOTUS, "oni_of_blood", "edo")
        put(g, KOI, "bushi", "edo")  # Lotus is lower than Koi: 4
        put(g, LOTUS, "oni_of_blood", "kyoto")
        put(g, TURTLE, "bushi", "kyoto")  # Turtle is lower: 2

    state = board_with(change)
    assert force(state, LOTUS, "edo") == v("oni_of_blood", "force_lowest_honor") == 4
    assert force(state, LOTUS, "kyoto") == v("oni_of_blood", "force") == 2


def test_oni_of_souls_pays_two_vp_per_oni_owned_when_its_province_is_taken() -> None:
    def change(g: G) -> None:
        own(g, KOI, "oni_of_souls", "oni_of_skulls")
        put(g, KOI, "oni_of_souls", "edo")

    g = g_of(war_start(3, change, ("edo",)))
    assert g.war_results == [KOI] and g.vp[KOI] == 2 * v("oni_of_souls", "vp_per_oni") == 4


def test_form_of_the_beast_scores_three_vp_per_monster_owned_on_the_map_or_not() -> None:
    def change(g: G) -> None:
        own(g, KOI, "form_of_the_beast", "river_dragon", "komainu")
        put(g, KOI, "river_dragon", "edo")  # the Komainu stays in the reserve

    assert winter(change).vp[KOI] == 2 * v("form_of_the_beast", "vp_per_monster") == 6


def test_way_of_the_katana_makes_bushi_force_two_in_war() -> None:
    def change(g: G) -> None:
        own(g, KOI, "way_of_the_katana")
        put(g, KOI, "bushi", "edo", 2)
        put(g, TURTLE, "bushi", "edo", 3)

    state = battle(change)
    assert force(state, KOI, "edo") == 2 and force(state, KOI, "edo", war=True) == 4
    state = play(state, KOI, "confirm")
    assert g_of(play(state, TURTLE, "confirm")).war_results == [KOI]  # 4 beats 3


def test_oni_of_hate_kills_a_figure_of_each_higher_honor_player_on_entering() -> None:
    def change(g: G) -> None:
        g.holds[TURTLE] = [p("kyoto")]
        put(g, KOI, "bushi", "kyoto")
        put(g, KOI, "shinto", "kyoto")
        put(g, LOTUS, "shinto", "kyoto")
        g.coins[TURTLE], g.offer = 3, ["oni_of_hate"]
        task_only(g, {"t": "buy", "seat": TURTLE, "bonus": False, "why": "ryujin"})

    state = play(board_with(change), TURTLE, "buy oni_of_hate", "summon oni_of_hate kyoto")
    g = g_of(state)
    assert where(g, KOI, "bushi") == ["reserve"] * 6 and where(g, KOI, "shinto").count("kyoto") == 1
    assert "kyoto" not in where(g, LOTUS, "shinto")


def test_oni_of_spite_steals_two_vp_from_each_higher_honor_player_there() -> None:
    def change(g: G) -> None:
        g.holds[TURTLE] = [p("kyoto")]
        put(g, KOI, "bushi", "kyoto")
        put(g, LOTUS, "bushi", "edo")  # not there: keeps its VP
        g.vp = [5, 5, 0]
        g.coins[TURTLE], g.offer = 3, ["oni_of_spite"]
        task_only(g, {"t": "buy", "seat": TURTLE, "bonus": False, "why": "ryujin"})

    state = play(board_with(change), TURTLE, "buy oni_of_spite", "summon oni_of_spite kyoto")
    assert g_of(state).vp == [5 - v("oni_of_spite", "vp_stolen"), 5, 2]
