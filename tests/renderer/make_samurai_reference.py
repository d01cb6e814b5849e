"""Samurai positions for the renderer tests, and the reference PNGs drawn from them.

Positions come from the engine itself: a seeded random game of each size, stopped at a
stage (``start``: nobody has chosen tiles; ``placement``: figures half placed; ``mid``: a
turn in progress after at least ten turns; ``end``: game over). Run after an intended
change to the pictures, then look at them before committing::

    python -m tests.renderer.make_samurai_reference
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path

import games
import renderer
import renderer.samurai.board
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.samurai import SamuraiState, SamuraiView
from renderer.core import CACHED, encode_png, get_palette, png_palette

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
STAGES = ("start", "placement", "mid", "end")
NAMES = {
    2: ("Kiyomi", "Bo"),
    3: ("Ann", "Bartholomew the Great", "Chie"),
    4: ("Ann", "Bo", "Chie", "Daisuke"),
}
SEEDS = {2: 7, 3: 11, 4: 5}


def _reached(stage: str) -> Callable[[SamuraiState], bool]:
    def placement(s: SamuraiState) -> bool:  # Edo's three and two rounds of placements
        return s.phase == "placement" and sum(map(len, s.figures)) >= 3 + 2 * s.players

    def mid(s: SamuraiState) -> bool:
        return s.phase == "play" and s.turn >= 10 and bool(s.turn_steps) and bool(s.last_steps)

    return {"start": lambda s: True, "placement": placement, "mid": mid}.get(stage, lambda s: False)


@cache
def samurai_state(players: int, stage: str) -> SamuraiState:
    """The state of the seeded random game of ``players`` at ``stage``."""
    game = games.get("samurai")
    seed = SEEDS[players]
    state: SamuraiState = game.setup(players, resolve_options(game, {}), seed)
    bot = RandomPlayer(seed)
    reached = _reached(stage)
    while game.outcome(state) is None and not reached(state):
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, choose_for(bot, game, state, seat))
    return state


def samurai_view(players: int, stage: str, viewer: int | None = None) -> SamuraiView:
    """The public (``viewer=None``) or a seat's view of :func:`samurai_state`."""
    view: SamuraiView = games.get("samurai").view(samurai_state(players, stage), viewer)
    return view


# file stem -> (players, stage, viewer, palette, with names, picture: board or hand)
REFERENCES: dict[str, tuple[int, str, int | None, str, bool, str]] = {
    "samurai_2p_placement": (2, "placement", None, "default", True, "board"),
    "samurai_3p_end_colorblind": (3, "end", None, "colorblind", True, "board"),
    "samurai_4p_mid": (4, "mid", None, "default", False, "board"),
    "samurai_4p_mid_hand": (4, "mid", 1, "default", True, "hand"),
}


def render_reference(stem: str) -> bytes:
    """The PNG that ``reference/<stem>.png`` should hold."""
    players, stage, viewer, palette, named, picture = REFERENCES[stem]
    view = samurai_view(players, stage, viewer)
    names = NAMES[players] if named else None
    if picture == "board":
        return renderer.render_board("samurai", view, palette=palette, names=names)
    pal = get_palette(palette)
    image = renderer.samurai.board.render_hand(view, palette=pal, names=names, kit=CACHED)
    return encode_png(image, png_palette(pal, CACHED))


def main() -> None:
    REFERENCE_DIR.mkdir(exist_ok=True)
    for stem in REFERENCES:
        path = REFERENCE_DIR / f"{stem}.png"
        path.write_bytes(render_reference(stem))
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
