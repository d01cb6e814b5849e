"""The mandate deck keeps its ten printed tiles (issue 24, item 1).

Rulebook: «Baraja las 10 fichas de Mandato Político boca abajo y colócalas en una pila junto
al tablero» and, at the end of a season, «Devolver Mandatos Políticos - Toma los Mandatos
Políticos que están en el tablero y bájalos con el mazo de Mandatos Políticos». The
reference (§6.2, §10): 10 tiles, 2 of each of the five mandates; Lotus «keeps one of the 4
drawn tiles face down (secret, out of the deck until cleanup), returns the other 3 as usual,
then announces any of the five mandates»: an announcement is not a tile.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.rising_sun import GAME
from games.rising_sun.rules import advance
from games.rising_sun.state import G, thaw

from .helpers import LOTUS, g_of, mandate_turn, play

PRINTED = Counter({m: 2 for m in ("recruit", "marshal", "train", "harvest", "betray")})


def every_tile(g: G) -> Counter[str]:
    """The deck, the chooser's hand, Lotus's face-down tiles and the tiles laid on the
    track (Lotus lays none: what it announced is no tile)."""
    laid = [m for m, s in zip(g.played, g.played_by, strict=True) if g.clan_id(s) != "lotus"]
    return Counter(g.deck + g.drawn + [t for _, t in g.facedown] + laid)


@settings(max_examples=6, deadline=None, suppress_health_check=list(HealthCheck))
@given(seed=st.integers(0, 2**32), players=st.sampled_from((3, 5)), reorder=st.booleans())
def test_the_deck_hands_and_face_down_tiles_are_always_the_printed_ten(
    seed: int, players: int, reorder: bool
) -> None:
    """«Baraja las 10 fichas de Mandato Político»: in every position of a random legal
    playout (Lotus at the table; with or without the optional reordering of the tiles put
    back), the tiles in the deck, in the chooser's hand, face down
    with Lotus and laid on the track are the ten printed ones; at each season's first
    Mandate Turn all ten are in the deck and the hand again."""
    options = {"clans": "first", "mandate_reorder": reorder}
    state = GAME.setup(players, resolve_options(GAME, options), seed)
    player = RandomPlayer(seed)
    seasons_seen: set[int] = set()
    for _ in range(3000):
        g = thaw(state)
        if g.season >= 3 or not GAME.to_act(state):
            break
        assert every_tile(g) == PRINTED
        if g.phase == "political" and g.drawn and not g.played:
            seasons_seen.add(g.season)
            assert Counter(g.deck + g.drawn) == PRINTED
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
    assert {1, 2} <= seasons_seen  # Summer and Autumn were reached and checked


def test_lotus_announcement_does_not_go_back_into_the_deck() -> None:
    """Lotus «keeps one of the 4 drawn tiles face down … then announces any of the five
    mandates»; «Toma los Mandatos Políticos que están en el tablero y bájalos con el mazo»:
    at cleanup the face-down tile goes back, the announced mandate (no tile) does not."""
    drawn = ["recruit", "recruit", "marshal", "train"]

    def only_these(g: G) -> None:
        g.deck = ["marshal", "train", "harvest", "harvest", "betray", "betray"]

    state = mandate_turn(3, LOTUS, drawn, only_these)
    state = play(state, LOTUS, "mandate harvest keep recruit")
    g = g_of(state)
    g.tasks = [{"t": "cleanup"}]
    advance(g, [])
    assert g.season == 1 and not g.facedown
    assert Counter(g.deck + g.drawn) == PRINTED
