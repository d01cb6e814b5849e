"""Players choose their clans (issue 24, item 2).

Rulebook: «Primero, cada jugador elige uno de los Clanes disponibles para jugar» and «Es
importante que los jugadores se sienten alrededor de la mesa en el orden correcto, de
acuerdo con el Rango de Honor Inicial del Clan que eligieron … El clan con el rango de
honor inicial con el número más bajo será el primero en jugar … el orden de sesión (y por
lo tanto el orden de juego) permanece igual durante todo el juego».
"""

from __future__ import annotations

import json
from pathlib import Path

from games import engine
from games.ai import choose_for
from games.base import resolve_options
from games.forms import One
from games.rising_sun import GAME
from games.rising_sun.ai import make_player
from games.rising_sun.data import data
from games.rising_sun.state import Clan, RisingSunState, thaw

from .helpers import g_of, play, refused

RANK = {c.id: c.rank for c in data().clans}  # the starting Honor ranks printed on the screens
LEGACY = Path(__file__).parents[2] / "golden" / "legacy" / "rising_sun-default-3p.json"


def new_lobby(players: int, seed: int = 3) -> RisingSunState:
    return GAME.setup(players, resolve_options(GAME, {}), seed)


def test_each_player_chooses_one_of_the_clans_still_available_in_seat_order() -> None:
    """«cada jugador elige uno de los Clanes disponibles»: a new lobby starts with the
    choice, seat 0 first among all five clans; a clan taken is no longer offered and is
    refused with a sentence that changes nothing."""
    state = new_lobby(4)
    assert GAME.to_act(state) == {0} and GAME.view(state, None).phase == "clans"
    assert set(GAME.legal(state, 0)) == {Clan(c) for c in RANK}
    state = play(state, 0, "clan bonsai")
    assert GAME.to_act(state) == {1}
    assert Clan("bonsai") not in GAME.legal(state, 1) and len(GAME.legal(state, 1)) == 4
    refused(state, 1, Clan("bonsai"), "rising_sun.illegal.clan_taken")
    state = play(
        state,
        1,
        "clan koi",
    )
    state = play(state, 2, "clan turtle")
    state = play(state, 3, "clan lotus")
    assert [g_of(state).clan_id(s) for s in range(4)] == ["bonsai", "koi", "turtle", "lotus"]


def test_the_table_plays_in_ascending_starting_honor_rank_of_the_chosen_clans() -> None:
    """«El clan con el rango de honor inicial con el número más bajo será el primero en
    jugar … comenzará desde el Clan con el Rango de Honor Inicial con el número más bajo y
    continuará en orden ascendente»: Bonsai (seat 0), Koi (1), Turtle (2), Lotus (3) make
    the Honor track Koi, Lotus, Turtle, Bonsai; Koi holds the mandate deck and opens the
    Tea Ceremony, and play goes on to Lotus (seat 3), not to seat 2."""
    state = new_lobby(4)
    for seat, clan in enumerate(("bonsai", "koi", "turtle", "lotus")):
        state = play(state, seat, f"clan {clan}")
    g = g_of(state)
    by_rank = sorted(range(4), key=lambda s: RANK[g.clan_id(s)])
    assert g.honor == by_rank == [1, 3, 2, 0]
    assert g.chooser == 1 and GAME.to_act(state) == {1} and g.phase == "tea"
    state = play(state, 1, "pass")
    assert GAME.to_act(state) == {3}  # clockwise is the order of the ranks


def test_the_choice_shows_each_free_clan_with_its_power_and_honor_rank() -> None:
    """«cada jugador elige uno de los Clanes disponibles»: the form is one choice among
    the free clans; each option names the clan's starting Honor rank and its power (the
    screen's text), and the prompt lists them whole."""
    state = play(new_lobby(3), 0, "clan dragonfly")
    form = GAME.form(state, 1)
    assert form is not None and len(form.fields) == 1 and isinstance(form.fields[0], One)
    options = {o.value: o.label for o in form.fields[0].options}
    assert set(options) == set(RANK) - {"dragonfly"}
    for cid, text in options.items():
        clan = next(c for c in data().clans if c.id == cid)
        assert text.params["rank"] == clan.rank and text.params["clan"] == cid
        assert f"Honor rank {clan.rank}" in text.english() and clan.summary in text.english()
        assert clan.summary in form.prompt.english()
    assert GAME.answer(state, 1, {"clan": "koi"}, final=True) == [Clan("koi")]


def test_the_computer_chooses_for_its_seat_and_not_always_the_same_clan() -> None:
    """«cada jugador elige»: a computer seat chooses too (a legal clan), and over games
    its choices differ (mirror matches of the computer still meet every clan)."""
    seen = set()
    for seed in range(12):
        state = new_lobby(3, seed)
        action = choose_for(make_player("normal", seed), GAME, state, 0)
        assert action in GAME.legal(state, 0)
        seen.add(action)
    assert len(seen) >= 3


def test_random_clans_stay_the_quick_start_and_stored_games_keep_theirs() -> None:
    """«cada jugador elige» is the new lobby's default (``clans=choose``); ``random``
    deals at once as before. A game stored with the dealt start (its options say
    ``clans: random``) starts as it did and still replays its stored moves through
    Spring's Tea Ceremony and Political Phase from a new start (from the War on, a won
    Hire Ronin or Imperial Poets asks its winner in edition 2; the whole stored game
    replays from its own snapshot, as edition 1, in ``tests/golden``)."""
    assert resolve_options(GAME, {})["clans"] == "choose"
    quick = GAME.setup(3, resolve_options(GAME, {"clans": "random"}), 5)
    assert GAME.view(quick, None).phase == "tea" and all(c >= 0 for c in thaw(quick).clans)
    record = json.loads(LEGACY.read_text(encoding="utf-8"))
    assert record["options"]["clans"] == "random"
    state = GAME.setup(record["players"], resolve_options(GAME, record["options"]), record["seed"])
    played = 0
    for seat, text in record["log"]:
        if thaw(state).phase == "war":
            break
        state, _, _ = engine.act_text(GAME, state, seat, text)
        played += 1
    assert played >= 30 and thaw(state).phase == "war"
