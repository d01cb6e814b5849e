"""The computer player against a clan whose Strongholds pay, and using every clan's own
power (issue 24, item 7): in mirror matches Turtle won far above its share, paid by Form of
the Kitsune, Susanoo and allies who did not see it coming, while Bonsai never used
Benevolence, Koi bid as if its coins were no Ronin and the clans without Turtle's power
never built the Strongholds their Recruits summon at. Positions are edited (each test says
how); the player decides from its seat's legal actions only."""

from __future__ import annotations

from games.rising_sun import ai, ai_eval, rules
from games.rising_sun.data import data
from games.rising_sun.state import (
    RESERVE,
    SHRINE,
    Build,
    Buy,
    Done,
    G,
    RSAction,
    Summon,
)

from .helpers import BONSAI, KOI, LOTUS, TURTLE, clear, fresh, g_of, p, put


def _political(season: int, players: int = 3) -> G:
    """A season's Political Phase before its first mandate, every figure in its reserve."""
    g = g_of(fresh(players))
    clear(g)
    g.phase, g.season, g.slot = "political", season, 0
    return g


def _buying(g: G, seat: int, offer: list[str], coins: int) -> RSAction:
    """What ``seat`` buys from ``offer`` with ``coins`` in a Train without its bonus, every
    card on offer being within its means."""
    g.offer, g.coins[seat] = offer, coins
    task = {"t": "buy", "bonus": False}
    legal = [*rules.buys(g, seat, task), Done()]
    assert {Buy(card) for card in offer} <= set(legal)
    return ai.decide(g, seat, task, legal)


def test_a_winter_upgrade_is_kept_from_the_rival_it_would_pay_most() -> None:
    """Form of the Kitsune: 3 VP per Stronghold on the map at Winter. Turtle holds three, so
    the card is worth 9 VP to Turtle and 3 to Koi; Koi, buying first, takes it rather than
    an Oni of Skulls that would pay Koi a little more on its own."""
    g = _political(2)
    g.holds[KOI] = [p("edo")]
    g.holds[TURTLE] = [p("kyoto"), p("oshu"), p("kansai")]
    offer = ["form_of_the_kitsune", "oni_of_skulls"]
    assert _buying(g, KOI, offer, 6) == Buy("form_of_the_kitsune")


def test_a_shinto_goes_where_it_keeps_susanoo_from_the_stronghold_holder() -> None:
    """Susanoo: «Gain 1 VP per Stronghold you have on the map». Turtle's lone Shinto would
    take it with three Strongholds (3 VP a Kami Turn); Koi, with none, ties it there and wins
    on Honor, which is worth more than Tsukuyomi's 2 coins."""
    g = _political(2)
    g.shrines = ["susanoo", "tsukuyomi", "fujin", "hachiman"]
    g.holds[TURTLE] = [p("kyoto"), p("oshu"), p("kansai")]
    turtle_shinto = next(i for i, f in enumerate(g.figs) if f[0] == TURTLE and f[1] == "shinto")
    g.figs[turtle_shinto][2] = SHRINE + 0
    assert all(f[2] == RESERVE for f in g.figs if f[0] == KOI)
    legal = [Summon("shinto", "shrine:tsukuyomi"), Summon("shinto", "shrine:susanoo")]
    assert ai.decide(g, KOI, {"t": "recruit"}, legal) == Summon("shinto", "shrine:susanoo")


def test_the_tea_ceremony_shuns_a_partner_ahead_by_what_its_position_promises() -> None:
    """Koi proposes an alliance. Turtle has more Force on the map than Lotus and no more VP,
    but twenty coins and three Strongholds with Form of the Kitsune make it the one to beat:
    Koi proposes to Lotus."""
    g = g_of(fresh(3))
    clear(g)
    g.phase, g.season = "tea", 1
    put(g, TURTLE, "bushi", "kyoto", 3)
    put(g, LOTUS, "bushi", "nagato", 2)
    put(g, KOI, "bushi", "edo", 2)
    g.holds[KOI] = [p("edo")]
    g.holds[TURTLE] = [p("kyoto"), p("oshu"), p("kansai")]
    g.owned[TURTLE].append("form_of_the_kitsune")
    g.coins[TURTLE] = 20
    legal = rules.legal(g, KOI)
    choice = ai.decide(g, KOI, {"t": "tea"}, legal)
    assert getattr(choice, "to", None) == LOTUS


def test_bonsai_buys_benevolence_in_spring_for_the_purchases_to_come() -> None:
    """Benevolence: «When you spend coins on a Season card or a Stronghold, you may give 1 of
    those coins to another player instead of the supply; if you do, gain 1 Honor and 2 VP»,
    and Bonsai's power: «Every purchase (Season cards, Strongholds) costs at most 1 coin».
    Every purchase Bonsai makes for the rest of the game can pay 2 VP and a step of Honor, so
    in Spring it takes Benevolence over Way of the Shogun (3 coins each War, at the same one
    coin's price to Bonsai). Bonsai won 0.1 VP a game from Benevolence before."""
    g = _political(0, players=5)
    assert _buying(g, BONSAI, ["benevolence", "way_of_the_shogun"], 4) == Buy("benevolence")


def test_bonsai_with_benevolence_gives_the_coin_of_a_purchase() -> None:
    """Owning Benevolence, Bonsai's one-coin purchase goes to a player for 2 VP and Honor
    (to one who is not ahead of it)."""
    g = _political(0, players=5)
    g.owned[BONSAI].append("benevolence")
    g.vp = [9, 0, 9, 9, 3]
    assert _buying(g, BONSAI, ["way_of_the_shogun"], 4) == Buy("way_of_the_shogun", LOTUS)


def test_a_stronghold_is_built_for_the_summons_it_brings() -> None:
    """Recruit: «Summon 1 figure from the reserve into each province where you have a
    Stronghold»; Marshal's bonus builds one for 3 coins. In Spring a Stronghold brings Koi a
    figure more in every Recruit to come, worth its 3 coins: Koi builds it where its Bushi
    stands (Koi, Lotus and Dragonfly ended their games with 1.1-1.3 Strongholds, the one
    they start with, against Turtle's 2.1)."""
    g = _political(0, players=5)
    g.holds[KOI] = [p("edo")]
    put(g, KOI, "bushi", "shikoku")
    g.coins[KOI] = 5
    task = {"t": "marshal", "bonus": True, "built": False, "moved": [], "hmoved": []}
    legal = [*rules.builds(g, KOI, task), Done()]
    assert legal == [Build("shikoku"), Done()]
    assert ai.decide(g, KOI, task, legal) == Build("shikoku")


def test_koi_reckons_its_coins_as_ronin_in_a_battle_to_come() -> None:
    """Koi's power: «When Koi wins Hire Ronin, every coin in its reserve (not the coins bid)
    counts as one Ronin». With Force 1 against 2 and four coins, Koi's chance of taking the
    province is that of a Force margin of +1; Lotus, with the same coins and no Ronin, stays
    at -1."""
    g = _political(0, players=5)
    g.coins[KOI] = g.coins[LOTUS] = 4
    assert ai_eval.win_chance(g, KOI, [1, 0, 2, 0, 0]) == ai_eval.MARGIN_CHANCE[1]
    assert ai_eval.win_chance(g, LOTUS, [0, 1, 2, 0, 0]) == ai_eval.MARGIN_CHANCE[-1]


def test_a_tie_of_force_is_reckoned_to_the_higher_honor() -> None:
    """«Como siempre, si hay un empate, se considera que el jugador empatado con mayor Honor
    tiene más Fuerza en la Provincia.» With Force 1 each in a province, Koi (above Turtle on
    the Honor track) expects to take it more often than Turtle does; the player reckoned both
    at the same even chance, so a clan low on Honor sat where a higher one would win."""
    g = _political(0)
    assert g.higher(KOI, TURTLE)
    koi = ai_eval.win_chance(g, KOI, [1, 0, 1])
    turtle = ai_eval.win_chance(g, TURTLE, [1, 0, 1])
    assert koi > ai_eval.MARGIN_CHANCE[0] > turtle


def test_a_marshal_moves_each_turtle_stronghold_once_in_the_player_s_reckoning() -> None:
    """Marshal: «Each of your figures on the map may make one Move» (reference §6.2);
    Turtle's Strongholds move «exactly as if they were Clan figures» (player aid), so once
    each. Hokkaido, the only war province, is two Moves from Turtle's Stronghold in Kyoto
    (to Kansai, then by sea): the Marshal Turtle weighs cannot take it (the player let the
    same Stronghold move at every step of its reckoning)."""
    g = _political(1)
    g.war = [p("hokkaido")]
    g.holds[TURTLE] = [p("kyoto")]
    put(g, KOI, "bushi", "kyoto", 2)  # Kyoto and Edo are Koi's: Kansai's Harvest draws
    put(g, KOI, "bushi", "edo", 2)  # the Stronghold there first
    reach = ai_eval.win_chance(g, TURTLE, [0, 0, 1]) * ai_eval.province_value(
        g, TURTLE, p("hokkaido")
    )
    assert ai.mandate_gain(g, TURTLE, "marshal") < reach / 2


def test_a_new_province_is_worth_the_step_it_makes_in_the_set_bonus() -> None:
    """«Número de fichas de provincia de guerra diferentes: 3-4 10 VP, 5-6 20 VP, 7-8 30
    VP.» In Autumn, the last war, a province new to Koi is worth its token (3 VP) plus 10 VP
    when it is the third, fifth or seventh different one, and only its token when it is the
    fourth; a province Koi already holds adds nothing to the set. The player valued every
    new province at 4.5 VP, so it fought for a fourth as for a third."""
    g = _political(2, players=5)
    token = data().token_vp[2]
    g.tokens[KOI] = [[0, p("edo")], [1, p("kyoto")], [1, p("oshu")]]
    assert ai_eval.province_value(g, KOI, p("shikoku")) == token
    assert ai_eval.province_value(g, KOI, p("oshu")) == token
    g.tokens[KOI] = [[0, p("edo")], [1, p("kyoto")]]
    assert ai_eval.province_value(g, KOI, p("shikoku")) == token + 10
    g.tokens[KOI] = [[0, p(q)] for q in ("edo", "kyoto", "oshu", "kansai")]
    assert ai_eval.province_value(g, KOI, p("shikoku")) == token + 10
    assert ai_eval.set_gain(3, 0) == 0 < ai_eval.set_gain(3, 1)  # a later fifth may follow


def test_a_recruit_goes_for_the_sure_token_when_a_new_province_makes_no_step() -> None:
    """Autumn's war is in Oshu and Shikoku, where Koi has Strongholds; Lotus's Bushi stands
    in Shikoku. Holding tokens of Edo, Kyoto and Oshu, Koi summons its Bushi to Oshu, a sure
    token, not to a tie in Shikoku that would be its fourth province (no step of the set).
    Holding Edo and Oshu only, Shikoku would be its third (10 VP more), worth the tie."""
    g = _political(2, players=5)
    g.war = [p("oshu"), p("shikoku")]
    g.holds[KOI] = [p("oshu"), p("shikoku")]
    put(g, LOTUS, "bushi", "shikoku")
    task = {"t": "recruit"}
    legal = [a for a in ai.recruit_options(g, KOI) if isinstance(a, Summon) and a.kind == "bushi"]
    assert {a.dest for a in legal} == {"oshu", "shikoku"}
    g.tokens[KOI] = [[0, p("edo")], [1, p("kyoto")], [1, p("oshu")]]
    assert ai.decide(g, KOI, task, legal) == Summon("bushi", "oshu")
    g.tokens[KOI] = [[0, p("edo")], [1, p("oshu")]]
    assert ai.decide(g, KOI, task, legal) == Summon("bushi", "shikoku")


def test_a_rival_s_ronin_count_against_a_lead_in_force() -> None:
    """Hire Ronin: «Por cada ficha de Ronin que tengan en reserva, obtienen +1 Fuerza para
    determinar el resultado de la Batalla.» Koi (Force 2, no Ronin) against Turtle (Force 1
    and four Ronin, Koi being poor): Turtle may hire two Force more in the reckoning, so
    Koi's lead of one is a margin of -1, not +1, and Turtle's chance is that of +1. The
    player counted its own Ronin and not its rivals', so it sat one figure ahead of a clan
    that would hire its way past."""
    g = _political(0, players=5)
    g.ronin[TURTLE] = 4
    assert ai_eval.win_chance(g, KOI, [2, 0, 1, 0, 0]) == ai_eval.MARGIN_CHANCE[-1]
    assert ai_eval.win_chance(g, TURTLE, [2, 0, 1, 0, 0]) == ai_eval.MARGIN_CHANCE[1]
