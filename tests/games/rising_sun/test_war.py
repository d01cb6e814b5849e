"""The War Phase: the rulebook's Spring war example and battle example, bids and reparations."""

from __future__ import annotations

import pytest

from games import engine
from games.base import GameError, IllegalAction
from games.rising_sun import GAME
from games.rising_sun.data import data
from games.rising_sun.state import HOSTAGE, Bid, Decline, G, RisingSunState, Use

from .helpers import (
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
    refused,
    task_only,
)


def _nagato(g: G) -> None:
    """The rulebook's battle: Turtle (Bushi + Oni of Skulls, 4 coins, 1 Ronin), Koi (Bushi
    + Daimyo, 8 coins, 2 Ronin), Lotus (Shinto, 6 coins, 3 Ronin); Lotus and Turtle allied."""
    put(g, TURTLE, "bushi", "nagato")
    put(g, TURTLE, "oni_of_skulls", "nagato")
    put(g, KOI, "bushi", "nagato")
    put(g, KOI, "daimyo", "nagato")
    put(g, LOTUS, "shinto", "nagato")
    g.coins[TURTLE], g.ronin[TURTLE] = 4, 1
    g.coins[KOI], g.ronin[KOI] = 8, 2
    g.coins[LOTUS], g.ronin[LOTUS] = 6, 3
    g.ally[LOTUS], g.ally[TURTLE] = TURTLE, LOTUS
    g.vp[TURTLE] = 2


def _battle_position(players: int = 3) -> tuple[object, int]:
    def change(g: G) -> None:
        clear(g)
        _nagato(g)
        put(g, KOI, "bushi", "edo")
        put(g, TURTLE, "bushi", "edo")  # a second battle stops the queue before cleanup
        g.phase = "war"
        g.war = [p("nagato"), p("edo")]
        task_only(g, {"t": "province", "n": 0}, {"t": "province", "n": 1})

    return edit(fresh(players), change), 0


def test_rulebook_battle_example_nagato() -> None:
    state, _ = _battle_position()
    g = g_of(state)
    assert GAME.to_act(state) == {KOI, LOTUS, TURTLE}
    view = GAME.view(state, None)
    nagato = view.provinces[p("nagato")]
    assert nagato.force[TURTLE] == 4  # 1 Bushi + Oni of Skulls 3 (lowest Honor there)
    assert nagato.force[KOI] == 2 and nagato.force[LOTUS] == 1
    state = play(state, LOTUS, "bid 1 0 0 0", "bid 1 3 0 0", "bid 1 3 2 0", "confirm")
    state = play(state, TURTLE, "bid 0 3 0 0", "bid 0 3 0 1", "confirm")
    state = play(state, KOI, "bid 0 2 0 0", "bid 0 2 1 0", "bid 0 2 1 3", "confirm")  # 2 held back
    # Seppuku: Lotus kills its own Shinto, +1 VP and +1 Honor
    assert GAME.to_act(state) == {LOTUS}
    state = play(state, LOTUS, "seppuku")
    g = g_of(state)
    assert g.vp[LOTUS] == 1 and g.honor == [LOTUS, KOI, TURTLE]
    # Take Hostage: Turtle and Lotus tie on 3; Lotus has more Honor and takes the Oni
    state = play(state, LOTUS, "hostage turtle oni_of_skulls")
    g = g_of(state)
    oni = next(f for f in g.figs if f[1] == "oni_of_skulls")
    assert oni[2] == HOSTAGE + LOTUS
    # Hire Ronin: Lotus beats Koi 2 to 1 and hires 3 Ronin; Lotus 3 Force beats Koi 2,
    # Turtle 1: Koi's Bushi and Daimyo die, Turtle (Lotus's ally) is spared
    state = play(state, LOTUS, "use")
    # Imperial Poets: Koi uses it
    state = play(state, KOI, "use")
    g = g_of(state)
    nagato_figs = [(o, k) for o, k, at in g.figs if at == p("nagato")]
    assert sorted(nagato_figs) == [(TURTLE, "bushi")]
    assert [p("nagato")] == [t[1] for t in g.tokens[LOTUS]]
    # Imperial Poets: Koi 3 beats Turtle 1: 3 figures died in this battle
    assert g.vp[KOI] == 3
    assert g.vp[LOTUS] == 2 and g.vp[TURTLE] == 1  # the hostage took 1 VP from Turtle
    # reparations: losers' bids to the supply; Lotus's 6 coins shared by Koi and Turtle
    assert (g.coins[KOI], g.coins[TURTLE], g.coins[LOTUS]) == (2 + 3, 0 + 3, 0)


def test_rulebook_spring_war_example() -> None:
    def change(g: G) -> None:
        clear(g)
        g.war = [p(x) for x in ("kyoto", "hokkaido", "oshu", "kansai", "nagato", "edo")]
        put(g, DRAGONFLY, "bushi", "hokkaido")
        g.holds[TURTLE] = [p("oshu")]  # a lone Turtle Stronghold counts as Force 1
        put(g, TURTLE, "bushi", "kansai", 2)
        put(g, LOTUS, "bushi", "kansai", 2)
        _nagato(g)
        put(g, KOI, "bushi", "edo")
        put(g, DRAGONFLY, "bushi", "edo")
        g.phase = "war"
        task_only(g, *({"t": "province", "n": n} for n in range(6)))

    state = edit(fresh(4), change)
    g = g_of(state)
    # 1 Kyoto discarded, 2 Hokkaido Dragonfly, 3 Oshu Turtle, 4 Kansai Lotus (allies, Honor)
    assert g.war_results == [None, DRAGONFLY, TURTLE, LOTUS]
    assert g.battle is not None and g.battle["prov"] == p("nagato")
    assert GAME.to_act(state) == {KOI, LOTUS, TURTLE}
    for seat in (KOI, LOTUS, TURTLE):
        state = play(state, seat, "confirm")
    g = g_of(state)
    # nobody bid anything: Turtle's 4 Force beats Koi's 2 and Lotus's 1
    assert g.war_results[4] == TURTLE
    # 6 Edo: Koi and Dragonfly are not allied: a battle
    assert g.battle is not None and g.battle["prov"] == p("edo")
    assert GAME.to_act(state) == {KOI, DRAGONFLY}


def test_bid_above_coins_is_refused_and_changes_nothing() -> None:
    state, _ = _battle_position()
    before = GAME.dump_state(state)
    with pytest.raises(IllegalAction) as info:
        engine.act(GAME, state, TURTLE, Bid(3, 2, 0, 0))
    assert info.value.key == "rising_sun.illegal.bid_coins"
    assert GAME.dump_state(state) == before


def test_bid_after_confirming_is_refused() -> None:
    state, _ = _battle_position()
    state = play(state, TURTLE, "bid 1 0 0 0", "confirm")
    before = GAME.dump_state(state)
    with pytest.raises(GameError):  # the engine: a confirmed bidder is no longer to act
        engine.act(GAME, state, TURTLE, Bid(0, 1, 0, 0))
    reason = GAME.explain_illegal(state, TURTLE, Bid(0, 1, 0, 0))
    assert getattr(reason, "key", None) == "rising_sun.illegal.bid_confirmed"
    assert GAME.dump_state(state) == before


def test_bids_stay_secret_until_everyone_confirmed() -> None:
    state, _ = _battle_position()
    state = play(state, TURTLE, "bid 0 4 0 0", "confirm")
    state = play(state, KOI, "bid 5 0 0 0")
    public = GAME.view(state, None)
    assert public.battle is not None and public.battle.bids == (None, None, None)
    assert GAME.view(state, KOI).battle.bids[KOI] == (5, 0, 0, 0)  # type: ignore[union-attr]
    assert GAME.hand(state, TURTLE)["bid"] == {"seppuku": 0, "hostage": 4, "ronin": 0, "poets": 0}
    for seat in (None, KOI, LOTUS):
        assert GAME.view(GAME.shuffle_hidden(state, seat, 9), seat) == GAME.view(state, seat)


def test_bid_form_is_amounts_over_the_four_boxes() -> None:
    state, _ = _battle_position()
    form = GAME.form(state, KOI)
    assert form is not None and [b.name for b in form.fields[0].boxes] == [  # type: ignore[union-attr]
        "seppuku",
        "hostage",
        "ronin",
        "poets",
    ]
    assert form.fields[0].total_max == 8  # type: ignore[union-attr]
    actions = GAME.answer(
        state, KOI, {"bids": {"seppuku": 0, "hostage": 2, "ronin": 1, "poets": 3}}, final=True
    )
    # from an empty bid the whole bid is one action, then the confirmation
    assert [GAME.notation(state, a) for a in actions] == ["bid 0 2 1 3", "confirm"]
    for action in actions:
        state, _ = engine.act(GAME, state, KOI, action)
    assert KOI in g_of(state).battle["confirmed"]  # type: ignore[index]


def test_allies_alone_do_not_fight_higher_force_takes_the_token() -> None:
    def change(g: G) -> None:
        clear(g)
        put(g, LOTUS, "bushi", "kyoto")
        put(g, TURTLE, "bushi", "kyoto", 2)
        g.ally[LOTUS], g.ally[TURTLE] = TURTLE, LOTUS
        g.war = [p("kyoto"), p("edo")]
        put(g, KOI, "bushi", "edo")
        put(g, LOTUS, "bushi", "edo")
        task_only(g, {"t": "province", "n": 0}, {"t": "province", "n": 1})

    g = g_of(edit(fresh(), change))
    assert g.war_results[0] == TURTLE


def test_nobody_with_force_left_highest_honor_wins() -> None:
    def change(g: G) -> None:
        clear(g)
        put(g, KOI, "bushi", "kyoto")
        put(g, TURTLE, "bushi", "kyoto")
        g.coins[TURTLE] = 1
        g.war = [p("kyoto"), p("edo")]
        put(g, KOI, "bushi", "edo")
        put(g, LOTUS, "bushi", "edo")
        task_only(g, {"t": "province", "n": 0}, {"t": "province", "n": 1})

    state = edit(fresh(), change)
    state = play(state, KOI, "confirm")
    state = play(state, TURTLE, "bid 1 0 0 0", "confirm", "seppuku")
    g = g_of(state)
    # Turtle's seppuku left Turtle with no figure; Koi has 1 Force and wins
    assert g.war_results[0] == KOI and g.vp[TURTLE] == 1
    assert data().provinces[p("kyoto")].id == "kyoto"


def test_a_whole_bid_typed_in_one_line_is_one_action() -> None:
    """«Los jugadores pueden asignar cualquier cantidad de Monedas a cada lugar (incluido
    cero)»: from an empty bid, `bid 1 3 2 0` (Lotus's bid of the rulebook's battle) is
    one action, and it is the seat's bid; the other seats see only that it bid."""
    state, _ = _battle_position()
    assert g_of(state).coins[LOTUS] >= 6
    state = play(state, LOTUS, "bid 1 3 2 0")
    assert g_of(state).battle["bids"][str(LOTUS)] == [1, 3, 2, 0]  # type: ignore[index]
    assert GAME.view(state, None).last_action == (LOTUS, "bid")
    state = play(state, LOTUS, "confirm")
    assert LOTUS in g_of(state).battle["confirmed"]  # type: ignore[index]


def test_a_whole_bid_is_checked_against_the_coins_held() -> None:
    """«Cualquier Moneda que el jugador no desee asignar … se coloca detrás de la
    Pantalla»: a bid shares the coins the seat holds, no more; a whole bid above them is
    refused with the sentence that says so, and nothing changes."""
    state, _ = _battle_position()
    coins = g_of(state).coins[LOTUS]
    refused(state, LOTUS, Bid(1, 1, 1, coins - 2), "rising_sun.illegal.bid_coins")
    state = play(state, LOTUS, f"bid 1 1 1 {coins - 3}")  # every coin placed: allowed
    assert sum(g_of(state).battle["bids"][str(LOTUS)]) == coins  # type: ignore[index]


def test_a_placed_bid_changes_one_box_at_a_time_with_a_clear_refusal() -> None:
    """Once a bid is placed it changes box by box (the tentative bid the others may see
    being changed); a whole other bid is refused with a sentence naming the bid and the
    way back (`bid 0 0 0 0`), and nothing changes."""
    state, _ = _battle_position()
    state = play(state, LOTUS, "bid 2 0 0 0")
    refused(state, LOTUS, Bid(1, 3, 2, 0), "rising_sun.illegal.bid_one_box")
    state = play(state, LOTUS, "bid 0 0 0 0", "bid 1 3 2 0")
    assert g_of(state).battle["bids"][str(LOTUS)] == [1, 3, 2, 0]  # type: ignore[index]


def _nagato_after_hostage() -> RisingSunState:
    """The rulebook's Nagato battle up to Lotus's Take Hostage (Lotus has won Hire Ronin)."""
    state, _ = _battle_position()
    state = play(state, LOTUS, "bid 1 3 2 0", "confirm")
    state = play(state, TURTLE, "bid 0 3 0 1", "confirm")
    state = play(state, KOI, "bid 0 2 1 3", "confirm")
    return play(state, LOTUS, "seppuku", "hostage turtle oni_of_skulls")


def test_a_won_hire_ronin_may_be_declined() -> None:
    """«Sin embargo, el jugador puede optar por no ejecutar una Ventaja de Guerra que ganó,
    en caso de que solo quisiera ganarla para privar a otro jugador de ella»: Lotus won
    Hire Ronin in the rulebook's Nagato battle; declining it, its 3 Ronin do not fight,
    so Koi (Force 2) beats Turtle (1) and Lotus (0) and takes the token."""
    state = _nagato_after_hostage()
    assert GAME.to_act(state) == {LOTUS} and set(GAME.legal(state, LOTUS)) == {Use(), Decline()}
    state = play(state, LOTUS, "decline")
    g = g_of(state)
    assert [p("nagato")] == [t[1] for t in g.tokens[KOI]] and not g.tokens[LOTUS]


def test_won_imperial_poets_may_be_declined() -> None:
    """«el jugador puede optar por no ejecutar una Ventaja de Guerra que ganó»: Koi won
    Imperial Poets (3 figures died); declining it, Koi gains no Victory Points."""
    state = play(_nagato_after_hostage(), LOTUS, "use")
    vp = g_of(state).vp[KOI]
    assert GAME.to_act(state) == {KOI} and set(GAME.legal(state, KOI)) == {Use(), Decline()}
    state = play(state, KOI, "decline")
    assert g_of(state).vp[KOI] == vp
