"""``shuffle_hidden``: a state that differs from a given one only in what a seat cannot see."""

from __future__ import annotations

from dataclasses import replace

from games.base import Seat
from games.rng import Rng
from games.samurai.data import PLAYER_TILES, sort_tiles
from games.samurai.state import SamuraiState
from games.samurai.view import captures_visible


def shuffle_hidden(state: SamuraiState, seat: Seat | None, seed: int) -> SamuraiState:
    """Redeal what ``seat`` cannot see.

    Other seats' hands and piles are redealt from the same tiles (each seat's hand plus pile
    is public knowledge: its set minus what it has played), keeping their sizes; during the
    pick, other seats' tentative choices are replaced by random ones of the same size. The
    viewer's own pile is reordered (its order is secret from its owner too). Captured figures
    the viewer may not see are permuted among the seats that hide them, which keeps the
    public per-type totals. The seed is replaced.
    """
    rng = Rng(seed)
    hands, piles = list(state.hands), list(state.piles)
    for q in range(state.players):
        if q == seat:
            piles[q] = tuple(rng.shuffled(piles[q]))
        elif state.phase == "pick":
            hands[q] = sort_tiles(rng.shuffled(PLAYER_TILES)[: len(hands[q])])
        else:
            pool = rng.shuffled(list(hands[q] + piles[q]))
            hands[q] = sort_tiles(pool[: len(hands[q])])
            piles[q] = tuple(pool[len(hands[q]) :])
    captured = list(state.captured)
    hiding = [q for q in range(state.players) if not captures_visible(state, seat, q)]
    for q, source in zip(hiding, rng.shuffled(hiding), strict=True):
        captured[q] = state.captured[source]
    return replace(
        state,
        hands=tuple(hands),
        piles=tuple(piles),
        captured=tuple(captured),
        seed=rng.next_u64() >> 1,
    )
