"""China positions for the renderer tests, and the reference PNGs drawn from them.

Positions come from the real engine: a seeded game played by seeded random players, so
they are reproducible (and change only when the rules engine does). Run after an intended
change to the pictures, then look at them before committing::

    python -m tests.renderer.make_china_reference
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

from PIL import Image

import renderer
import renderer.china.board
from games.ai import RandomPlayer, choose_for
from games.base import resolve_options
from games.china import GAME
from games.china.state import ChinaState
from games.china.view import ChinaView
from renderer.core import CACHED, encode_png, get_palette

REFERENCE_DIR = Path(__file__).resolve().parent / "reference"
NAMES = ("Kiyomi", "Bo", "Aurélien the Magnificent", "Dai", "Eun")


def ensure_registered() -> None:
    """The China renderer is found by folder (kept for callers)."""
    assert renderer.has_board("china")


@cache
def play(
    players: int,
    seed: int,
    actions: int,
    options: tuple[tuple[str, Any], ...] = (),
    step: str = "place",
) -> ChinaState:
    """Play ``actions`` random legal actions, then on until the last turn placed pieces
    and the game is at ``step`` ("place": the next player's turn; "draw": refilling;
    "final": the final round has begun). ``actions=-1`` plays the game to its end."""
    state = GAME.setup(players, resolve_options(GAME, dict(options)), seed)
    player = RandomPlayer(seed)
    done = 0
    while actions != 0 and GAME.outcome(state) is None:
        view = GAME.view(state, None)
        placed = view.last_turn is not None and view.last_turn.kind == "place"
        at_step = view.final_round if step == "final" else view.step == step
        if actions >= 0 and done >= actions and placed and at_step:
            break
        seat = min(GAME.to_act(state))
        state, _ = GAME.apply(state, seat, choose_for(player, GAME, state, seat))
        done += 1
    return state


def public(players: int, seed: int, actions: int, step: str = "place", **options: Any) -> ChinaView:
    view = GAME.view(play(players, seed, actions, tuple(sorted(options.items())), step), None)
    assert isinstance(view, ChinaView)
    return view


def private(players: int, seed: int, actions: int, seat: int, **options: Any) -> ChinaView:
    view = GAME.view(play(players, seed, actions, tuple(sorted(options.items()))), seat)
    assert isinstance(view, ChinaView)
    return view


# name -> view builder; 3 players play side A, 5 side B, 4 either.
POSITIONS: dict[str, Callable[[], ChinaView]] = {
    "start_3": lambda: public(3, 1, 0),
    "mid_3": lambda: public(3, 2, 40),
    "mid_3_drawing": lambda: public(3, 2, 40, "draw"),
    "end_3": lambda: public(3, 2, -1),
    "start_4a": lambda: public(4, 3, 0, side="a"),
    "mid_4a_forts": lambda: public(4, 5, 70, fortifications=True),
    "mid_4b": lambda: public(4, 6, 50, side="b"),
    "final_round_4b": lambda: public(4, 6, 80, "final", side="b"),
    "start_5": lambda: public(5, 7, 0),
    "mid_5": lambda: public(5, 8, 60),
    "late_5": lambda: public(5, 9, 110),
    "end_5": lambda: public(5, 9, -1),
    "private_mid_4a": lambda: private(4, 3, 45, 1, side="a"),
    "private_late_5": lambda: private(5, 9, 110, 2),
}

# file stem -> (position, palette, names)
REFERENCES: dict[str, tuple[str, str, Sequence[str] | None]] = {
    "china_start_3": ("start_3", "default", None),
    "china_mid_4a_forts": ("mid_4a_forts", "default", NAMES[:4]),
    "china_late_5_colorblind": ("late_5", "colorblind", NAMES),
    "china_end_5": ("end_5", "default", NAMES),
}
HAND_REFERENCES: dict[str, tuple[str, str, Sequence[str] | None]] = {
    "china_hand_late_5": ("private_late_5", "default", NAMES),
}


def board_png(
    view: ChinaView, palette: str = "default", names: Sequence[str] | None = None
) -> bytes:
    """The board PNG as the bot should post it: China's own fixed PNG palette."""
    pal = get_palette(palette)
    image = renderer.china.board.render(view, palette=pal, highlight=True, names=names, kit=CACHED)
    return encode_png(image, renderer.china.board.png_palette(pal, CACHED))


def hand_png(
    view: ChinaView, palette: str = "default", names: Sequence[str] | None = None
) -> bytes:
    """The private hand PNG (DM picture)."""
    pal = get_palette(palette)
    image = renderer.china.board.render_hand(view, palette=pal, names=names, kit=CACHED)
    return encode_png(image, renderer.china.board.png_palette(pal, CACHED))


def render_reference(stem: str) -> bytes:
    """The PNG that ``reference/<stem>.png`` should hold."""
    if stem in HAND_REFERENCES:
        position, palette, names = HAND_REFERENCES[stem]
        return hand_png(POSITIONS[position](), palette, names)
    position, palette, names = REFERENCES[stem]
    return board_png(POSITIONS[position](), palette, names)


def main() -> None:
    REFERENCE_DIR.mkdir(exist_ok=True)
    for stem in (*REFERENCES, *HAND_REFERENCES):
        path = REFERENCE_DIR / f"{stem}.png"
        path.write_bytes(render_reference(stem))
        with Image.open(path) as image:
            width, height = image.size
            print(f"wrote {path.name} {width}x{height} {path.stat().st_size // 1024} KiB")


if __name__ == "__main__":
    main()
