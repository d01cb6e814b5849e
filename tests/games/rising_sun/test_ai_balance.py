"""The computer player against a clan whose Strongholds pay (issue 24, item 7): in mirror
matches Turtle won far above its share, paid by Form of the Kitsune, Susanoo and allies who
did not see it coming. Positions are edited (each test says how); the player decides from
its seat's legal actions only."""

from __future__ import annotations

from games.rising_sun import ai, rules
from games.rising_sun.state import RESERVE, SHRINE, Buy, Done, G, Summon

from .helpers import KOI, LOTUS, TURTLE, clear, fresh, g_of, p, put


def _autumn() -> G:
    """Autumn's Political Phase before its first mandate, every figure in its reserve."""
    g = g_of(fresh(3))
    clear(g)
    g.phase, g.season, g.slot = "political", 2, 0
    return g


def test_a_winter_upgrade_is_kept_from_the_rival_it_would_pay_most() -> None:
    """Form of the Kitsune: 3 VP per Stronghold on the map at Winter. Turtle holds three, so
    the card is worth 9 VP to Turtle and 3 to Koi; Koi, buying first, takes it rather than
    an Oni of Skulls that would pay Koi a little more on its own."""
    g = _autumn()
    g.holds[KOI] = [p("edo")]
    g.holds[TURTLE] = [p("kyoto"), p("oshu"), p("kansai")]
    g.offer = ["form_of_the_kitsune", "oni_of_skulls"]
    g.coins[KOI] = 6
    task = {"t": "buy", "bonus": False}
    legal = [*rules.buys(g, KOI, task), Done()]
    assert Buy("oni_of_skulls") in legal
    assert ai.decide(g, KOI, task, legal) == Buy("form_of_the_kitsune")


def test_a_shinto_goes_where_it_keeps_susanoo_from_the_stronghold_holder() -> None:
    """Susanoo: «Gain 1 VP per Stronghold you have on the map». Turtle's lone Shinto would
    take it with three Strongholds (3 VP a Kami Turn); Koi, with none, ties it there and wins
    on Honor, which is worth more than Tsukuyomi's 2 coins."""
    g = _autumn()
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
