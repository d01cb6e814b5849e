"""Every Horseman and Teapot Season card (reference §12.4, §13; numbers from
``data/rising_sun/rising_sun.json``), the interactions the rules leave to a decision
(written in ``games/rising_sun/__init__.py``) and the refusals of a misused card. As in
``test_cards.py``, cards are given by editing ``owned`` on a cleared board and each effect
fires through the engine."""

from __future__ import annotations

from games.rising_sun import GAME
from games.rising_sun.state import (
    SHRINE,
    Betray,
    Decline,
    G,
    Kill,
    Spare,
    Take,
)

from .helpers import (
    KOI,
    LOTUS,
    TURTLE,
    clear,
    edit,
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
from .test_cards import battle, board_with, own, v, winter

RECRUIT = ["recruit", "harvest", "train", "marshal"]


def recruit_by_koi(change) -> object:  # type: ignore[no-untyped-def]
    """Lotus announces Recruit (keeping Harvest face down); only Koi has a Stronghold
    (Edo), so Koi's summon there is the first decision."""

    def setup(g: G) -> None:
        clear(g)
        g.holds[KOI] = [p("edo")]
        change(g)

    state = mandate_turn(3, LOTUS, RECRUIT, setup)
    return play(state, LOTUS, "mandate recruit keep harvest")


# --- Horseman --------------------------------------------------------------------------


def test_courage_pays_two_vp_for_each_war_province_token() -> None:
    def change(g: G) -> None:
        own(g, KOI, "courage", "courage")
        put(g, KOI, "bushi", "edo")

    g = g_of(war_start(3, change, ("edo",)))
    assert g.war_results == [KOI]
    assert g.vp[KOI] == 2 * v("courage", "vp_per_token") == 4  # two copies


def test_path_of_the_ninja_may_kill_any_bushi_after_a_summon_for_one_honor() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_ninja")
        put(g, LOTUS, "bushi", "kyoto")
        put(g, TURTLE, "bushi", "oshu")

    state = recruit_by_koi(change)
    state = play(state, KOI, "summon bushi edo")
    assert GAME.to_act(state) == {KOI} and GAME.view(state, None).step == "ninja"
    legal = GAME.legal(state, KOI)
    assert legal == [
        Kill(KOI, "bushi", "edo"),  # any Bushi: its own too
        Kill(LOTUS, "bushi", "kyoto"),
        Kill(TURTLE, "bushi", "oshu"),
        Decline(),
    ]
    g = g_of(play(state, KOI, "kill lotus bushi kyoto"))
    assert where(g, LOTUS, "bushi") == ["reserve"] * 6
    assert g.honor == [LOTUS, KOI, TURTLE]  # one step of Honor lost


def test_path_of_the_ninja_may_be_declined() -> None:
    state = recruit_by_koi(
        lambda g: (own(g, KOI, "path_of_the_ninja"), put(g, LOTUS, "bushi", "kyoto"))
    )
    g = g_of(play(state, KOI, "summon bushi edo", "decline"))
    assert where(g, LOTUS, "bushi").count("kyoto") == 1 and g.honor == [KOI, LOTUS, TURTLE]


def test_way_of_the_righteous_takes_a_coin_from_each_lower_honor_player() -> None:
    def change(g: G) -> None:
        own(g, LOTUS, "way_of_the_righteous")
        g.coins = [3, 0, 2]  # Koi is above Lotus: keeps its coins

    g = g_of(war_start(3, change))
    per = v("way_of_the_righteous", "coins_per_lower_player")
    assert g.coins == [3, per, 2 - per]


def test_way_of_the_righteous_takes_nothing_from_a_player_without_coins() -> None:
    g = g_of(war_start(3, lambda g: own(g, KOI, "way_of_the_righteous")))
    assert g.coins == [0, 0, 0]


def mercy_battle(change) -> object:  # type: ignore[no-untyped-def]
    """Koi (Mercy) 3 Bushi against Turtle's 2 in Edo; Turtle bids 1 on Imperial Poets."""

    def setup(g: G) -> None:
        own(g, KOI, "mercy")
        put(g, KOI, "bushi", "edo", 3)
        put(g, TURTLE, "bushi", "edo", 2)
        g.coins[TURTLE] = 1
        change(g)

    state = battle(setup)
    state = play(state, KOI, "confirm")
    return play(state, TURTLE, "bid 0 0 0 1", "confirm")


def test_mercy_lets_the_battle_winner_spare_the_losers_for_two_vp() -> None:
    state = mercy_battle(lambda g: None)
    assert GAME.to_act(state) == {KOI} and GAME.view(state, None).step == "mercy"
    assert GAME.legal(state, KOI) == [Spare(), Decline()]
    g = g_of(play(state, KOI, "spare"))
    assert where(g, TURTLE, "bushi").count("edo") == 2  # alive, still in Edo
    assert g.vp[KOI] == v("mercy", "vp") == 2
    assert g.tokens[KOI] == [[0, p("edo")]]  # the battle is still won


def test_mercy_spared_figures_are_not_killed_for_imperial_poets_or_righteousness() -> None:
    spared = g_of(play(mercy_battle(lambda g: own(g, TURTLE, "righteousness")), KOI, "spare"))
    assert spared.vp[TURTLE] == 0  # Poets counts no kill, Righteousness pays nothing
    no_mercy = play(mercy_battle(lambda g: own(g, TURTLE, "righteousness")), KOI, "decline")
    killed = g_of(play(no_mercy, TURTLE, "use"))  # Turtle uses its Imperial Poets
    poets = v("righteousness", "vp_per_own_figure_killed") * 2 + 2  # 1 VP per kill for Poets
    assert killed.vp[TURTLE] == poets == 4 and killed.vp[KOI] == 0


def test_mercy_decides_before_oni_of_hate_kills() -> None:
    def change(g: G) -> None:
        own(g, TURTLE, "mercy")
        g.holds[TURTLE] = [p("kyoto")]
        put(g, KOI, "bushi", "kyoto")
        put(g, LOTUS, "shinto", "kyoto")
        g.coins[TURTLE], g.offer = 3, ["oni_of_hate"]
        task_only(g, {"t": "buy", "seat": TURTLE, "bonus": False, "why": "ryujin"})

    state = play(board_with(change), TURTLE, "buy oni_of_hate", "summon oni_of_hate kyoto")
    assert GAME.view(state, None).step == "mercy" and GAME.to_act(state) == {TURTLE}
    g = g_of(play(state, TURTLE, "spare"))
    assert where(g, KOI, "bushi").count("kyoto") == 1 and where(g, LOTUS, "shinto").count("kyoto")
    assert g.vp[TURTLE] == v("mercy", "vp")


def test_mercy_can_spare_the_bushi_path_of_the_ninja_chose_but_the_honor_is_lost() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_ninja", "mercy")
        put(g, LOTUS, "bushi", "kyoto")

    state = play(recruit_by_koi(change), KOI, "summon bushi edo", "kill lotus bushi kyoto")
    assert GAME.view(state, None).step == "mercy"
    g = g_of(play(state, KOI, "spare"))
    assert where(g, LOTUS, "bushi").count("kyoto") == 1
    assert g.vp[KOI] == v("mercy", "vp") and g.honor == [LOTUS, KOI, TURTLE]


def test_seppuku_kills_only_your_own_figures_so_mercy_does_not_ask() -> None:
    def change(g: G) -> None:
        own(g, KOI, "mercy")
        put(g, KOI, "bushi", "edo", 2)
        put(g, TURTLE, "bushi", "edo", 3)
        g.coins[KOI] = 1

    state = play(battle(change), KOI, "bid 1 0 0 0", "confirm")
    state = play(state, TURTLE, "confirm")
    state = play(state, KOI, "seppuku")
    assert GAME.view(state, None).step != "mercy"
    assert where(g_of(state), KOI, "bushi") == ["reserve"] * 6


def test_path_of_the_monkey_takes_a_coin_from_each_richest_opponent_for_one_honor() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_monkey")
        g.coins = [0, 3, 3]

    state = play(recruit_by_koi(change), KOI, "summon bushi edo")
    assert GAME.view(state, None).step == "monkey"
    assert GAME.legal(state, KOI) == [Take(), Decline()]
    g = g_of(play(state, KOI, "take"))
    per = v("path_of_the_monkey", "coins_per_richest")
    assert g.coins == [2 * per, 3 - per, 3 - per] and g.honor == [LOTUS, KOI, TURTLE]


def test_path_of_the_monkey_is_not_asked_when_no_opponent_has_a_coin() -> None:
    state = play(
        recruit_by_koi(lambda g: own(g, KOI, "path_of_the_monkey")), KOI, "summon bushi edo"
    )
    assert GAME.view(state, None).step != "monkey"


def test_form_of_the_demon_scores_three_vp_per_oni_owned() -> None:
    def change(g: G) -> None:
        own(g, KOI, "form_of_the_demon", "oni_of_blood", "oni_of_hate", "river_dragon")

    assert winter(change).vp[KOI] == 2 * v("form_of_the_demon", "vp_per_oni") == 6


def test_path_of_the_spirit_pays_coins_and_vp_only_at_the_top_of_the_honor_track() -> None:
    state = play(
        recruit_by_koi(lambda g: own(g, KOI, "path_of_the_spirit")), KOI, "summon bushi edo"
    )
    g = g_of(state)
    assert g.coins[KOI] == v("path_of_the_spirit", "coins") == 2
    assert g.vp[KOI] == v("path_of_the_spirit", "vp") == 2

    def lower(g: G) -> None:
        own(g, KOI, "path_of_the_spirit")
        g.honor = [LOTUS, KOI, TURTLE]

    g = g_of(play(recruit_by_koi(lower), KOI, "summon bushi edo"))
    assert g.coins[KOI] == 0 and g.vp[KOI] == 0


# --- Teapot ----------------------------------------------------------------------------


def honest_turn(chooser: int, change=None) -> object:  # type: ignore[no-untyped-def]
    def setup(g: G) -> None:
        clear(g)
        own(g, KOI, "honesty")
        g.ally = [LOTUS, KOI, None]
        if change:
            change(g)

    return mandate_turn(3, chooser, ["harvest", "betray", "train", "marshal"], setup)


def test_honesty_pays_two_vp_when_an_allied_chooser_selects_a_mandate_other_than_betray() -> None:
    g = g_of(play(honest_turn(KOI), KOI, "mandate harvest"))
    assert g.vp[KOI] == v("honesty", "vp") == 2
    g = g_of(play(honest_turn(KOI), KOI, "mandate betray"))
    assert g.vp[KOI] == 0


def test_honesty_pays_nothing_without_an_ally() -> None:
    g = g_of(
        play(honest_turn(KOI, lambda g: setattr(g, "ally", [None] * 3)), KOI, "mandate harvest")
    )
    assert g.vp[KOI] == 0


def test_honesty_stops_once_the_ally_betrays() -> None:
    state = play(honest_turn(LOTUS), LOTUS, "mandate betray keep harvest")
    assert g_of(state).ally == [None, None, None]  # the alliance is broken

    def koi_chooses(g: G) -> None:
        g.chooser, g.drawn = KOI, ["harvest", "train", "marshal", "recruit"]
        task_only(g, {"t": "choose"})

    g = g_of(play(edit(state, koi_chooses), KOI, "mandate harvest"))
    assert g.vp[KOI] == 0


def test_path_of_the_patron_pays_two_coins_when_above_at_least_two_players() -> None:
    g = g_of(
        play(recruit_by_koi(lambda g: own(g, KOI, "path_of_the_patron")), KOI, "summon bushi edo")
    )
    assert g.coins[KOI] == v("path_of_the_patron", "coins") == 2

    def middle(g: G) -> None:
        own(g, KOI, "path_of_the_patron")
        g.honor = [LOTUS, KOI, TURTLE]  # above only one player

    assert g_of(play(recruit_by_koi(middle), KOI, "summon bushi edo")).coins[KOI] == 0


def test_path_of_the_warlord_pays_a_coin_per_copy_after_a_summon() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_warlord", "path_of_the_warlord")

    g = g_of(play(recruit_by_koi(change), KOI, "summon bushi edo"))
    assert g.coins[KOI] == 2 * v("path_of_the_warlord", "coins") == 2


def test_the_summon_paths_fire_once_per_summon_after_path_of_the_kenin() -> None:
    def change(g: G) -> None:
        own(g, KOI, "path_of_the_warlord", "path_of_the_kenin")

    state = play(recruit_by_koi(change), KOI, "summon bushi edo")
    assert GAME.view(state, None).step == "summon1"  # Kenin's Bushi first
    g = g_of(play(state, KOI, "summon bushi edo"))
    assert g.coins[KOI] == v("path_of_the_warlord", "coins") == 1  # one Summon, one coin


def loyal(g: G) -> None:
    clear(g)
    own(g, KOI, "loyalty")
    g.ally = [LOTUS, KOI, None]


def test_loyalty_pays_one_vp_for_a_harvest_from_several_provinces() -> None:
    def change(g: G) -> None:
        loyal(g)
        put(g, KOI, "bushi", "edo")
        put(g, KOI, "bushi", "kyoto")

    g = g_of(play(mandate_turn(3, KOI, ["harvest", "train", "marshal", "recruit"], change),
                  KOI, "mandate harvest"))  # fmt: skip
    assert g.vp[KOI] == 2 + 4 + v("loyalty", "vp")  # Edo and Kyoto: one event


def test_loyalty_pays_once_per_war_advantage() -> None:
    """The FAQ's example: Seppuku of 2 figures with Righteousness (one event), then
    Imperial Poets (another): 2 extra VP."""

    def change(g: G) -> None:
        own(g, KOI, "loyalty", "righteousness")
        g.ally = [LOTUS, KOI, None]
        put(g, KOI, "bushi", "edo", 2)
        put(g, TURTLE, "bushi", "edo", 3)
        g.coins[KOI] = 2

    state = play(battle(change), KOI, "bid 1 0 0 0", "bid 1 0 0 1", "confirm")
    state = play(
        state,
        TURTLE,
        "confirm",
    )
    g = g_of(play(state, KOI, "seppuku", "use"))  # Seppuku, then Imperial Poets
    assert g.war_results == [TURTLE]
    seppuku = 2 * 1 + 2 * v("righteousness", "vp_per_own_figure_killed")
    poets = 2  # the 2 figures killed by Seppuku
    assert g.vp[KOI] == seppuku + poets + 2 * v("loyalty", "vp") == 8


def test_loyalty_takes_a_hostage_twice_with_respect_as_one_event() -> None:
    def change(g: G) -> None:
        own(g, KOI, "loyalty", "respect")
        g.ally = [LOTUS, KOI, None]
        put(g, KOI, "bushi", "edo", 3)
        put(g, LOTUS, "bushi", "edo")
        put(g, TURTLE, "bushi", "edo")
        g.coins[KOI], g.vp = 1, [0, 2, 2]

    state = play(battle(change), KOI, "bid 0 1 0 0", "confirm")
    state = play(state, LOTUS, "confirm")
    state = play(state, TURTLE, "confirm")
    g = g_of(play(state, KOI, "hostage lotus bushi", "hostage turtle bushi"))
    assert g.vp[KOI] == 2 + v("loyalty", "vp")


def test_loyalty_counts_winter_scoring_as_one_event() -> None:
    def change(g: G) -> None:
        own(g, KOI, "loyalty", "form_of_the_kitsune")
        g.ally = [LOTUS, KOI, None]
        g.holds[KOI] = [p("edo")]
        g.tokens[KOI] = [[0, p("edo")], [1, p("kyoto")], [2, p("oshu")]]

    g = winter(change)
    assert g.vp[KOI] == 3 + (1 + 2 + 3) + 10 + v("loyalty", "vp")


def test_loyalty_pays_nothing_without_an_ally() -> None:
    g = winter(lambda g: (own(g, KOI, "loyalty"), g.tokens[KOI].append([0, p("edo")])))
    assert g.vp[KOI] == 1


def merchant_harvest(coins: list[int]) -> G:
    def change(g: G) -> None:
        clear(g)
        own(g, KOI, "way_of_the_merchant")
        g.coins = list(coins)

    state = mandate_turn(3, LOTUS, ["harvest", "train", "marshal", "recruit"], change)
    return g_of(play(state, LOTUS, "mandate harvest keep train"))


def test_way_of_the_merchant_pays_once_when_several_richer_players_take_coins() -> None:
    g = merchant_harvest([0, 3, 3])  # Lotus and Turtle, both richer, take a coin each
    assert g.coins[KOI] == 1 + v("way_of_the_merchant", "coins") == 2  # Harvest's coin + 1


def test_way_of_the_merchant_pays_nothing_when_the_takers_are_not_richer() -> None:
    assert merchant_harvest([3, 3, 0]).coins[KOI] == 4


def test_way_of_the_merchant_ignores_coins_passed_between_players() -> None:
    def change(g: G) -> None:
        own(g, KOI, "way_of_the_merchant")
        g.coins = [0, 3, 0]
        g.ally = [None] * 3

    state = play(mandate_turn(3, LOTUS, RECRUIT, change), LOTUS, "give turtle 2 coin")
    assert g_of(state).coins == [0, 1, 2]


def test_form_of_the_kindred_counts_seasons_with_an_alliance_even_a_broken_one() -> None:
    state = fresh(3)
    tea = GAME.view(state, None).current
    assert tea == KOI
    state = play(state, KOI, "ally lotus")
    state = play(state, LOTUS, "accept")
    assert g_of(state).allied_in == [[0], [0], []]

    def change(g: G) -> None:
        own(g, LOTUS, "form_of_the_kindred")
        g.allied_in = [[0], [0, 2], []]
        g.ally = [None] * 3  # broken since: still counts

    assert winter(change).vp[LOTUS] == 2 * v("form_of_the_kindred", "vp_per_season") == 6


def betray_board(change) -> object:  # type: ignore[no-untyped-def]
    def setup(g: G) -> None:
        put(g, LOTUS, "bushi", "edo")
        put(g, LOTUS, "bushi", "oshu")
        put(g, TURTLE, "bushi", "kyoto")
        put(g, LOTUS, "shinto", "amaterasu")
        change(g)

    return board_with(setup)


def unrighteous_betray(g: G) -> None:
    own(g, KOI, "path_of_the_unrighteous")
    task_only(g, {"t": "betray", "seat": KOI, "left": 2, "victims": [], "extra": 1})


def test_path_of_the_unrighteous_replaces_one_extra_figure_of_a_player_already_betrayed() -> None:
    state = betray_board(unrighteous_betray)
    state = play(state, KOI, "betray lotus bushi edo", "betray turtle bushi kyoto")
    assert Betray(LOTUS, "bushi", "oshu", "bushi") in GAME.legal(state, KOI)
    g = g_of(play(state, KOI, "betray lotus bushi oshu"))
    assert where(g, KOI, "bushi") == ["edo", "kyoto", "oshu", "reserve", "reserve", "reserve"]
    assert g.tasks[0]["t"] != "betray"  # two replacements and the extra one: done


def test_path_of_the_unrighteous_replaces_a_shinto_at_a_shrine_by_your_shinto() -> None:
    state = betray_board(unrighteous_betray)
    legal = GAME.legal(state, KOI)
    assert Betray(LOTUS, "shinto", "shrine:amaterasu", "shinto") in legal
    assert not any(isinstance(a, Betray) and a.kind == "daimyo" for a in legal)
    g = g_of(play(state, KOI, "betray lotus shinto amaterasu"))
    assert [f for f in g.figs if f[2] == SHRINE] == [[KOI, "shinto", SHRINE]]
    assert where(g, LOTUS, "shinto") == ["reserve"] * 3
    after = play(state, KOI, "betray lotus shinto amaterasu")  # the extra one is used:
    assert Betray(LOTUS, "bushi", "edo", "bushi") in GAME.legal(after, KOI)  # two remain


def test_without_path_of_the_unrighteous_betray_refuses_shrines_and_repeats() -> None:
    def plain(g: G) -> None:
        task_only(g, {"t": "betray", "seat": KOI, "left": 2, "victims": [], "extra": 0})

    state = betray_board(plain)
    refused(state, KOI, Betray(LOTUS, "shinto", "shrine:amaterasu", "shinto"),
            "rising_sun.illegal.betray_shrine")  # fmt: skip
    state = play(state, KOI, "betray lotus bushi edo")
    refused(state, KOI, Betray(LOTUS, "bushi", "oshu", "bushi"), "rising_sun.illegal.betray_twice")


def test_the_betray_mandate_grants_one_extra_replacement_per_copy() -> None:
    def change(g: G) -> None:
        clear(g)
        own(g, KOI, "path_of_the_unrighteous", "path_of_the_unrighteous")
        put(g, LOTUS, "bushi", "edo")

    state = mandate_turn(3, KOI, ["betray", "harvest", "train", "marshal"], change)
    task = g_of(play(state, KOI, "mandate betray")).tasks[0]
    extra = 2 * v("path_of_the_unrighteous", "extra_replacements")
    assert task == {"t": "betray", "seat": KOI, "left": 2, "victims": [], "extra": extra}
