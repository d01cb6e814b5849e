"""Options and the start of a game (reference §3)."""

from __future__ import annotations

from collections.abc import Mapping

from games.base import JSON, InvalidOption, OptionSpec
from games.samurai.data import FIGURES, board_for
from games.samurai.flow import deal_random, start_placement
from games.samurai.state import SamuraiState

OPTIONS = (
    OptionSpec(
        "random_opening",
        False,
        "Deal each player 5 random starting tiles instead of letting everyone choose 5 "
        "(the rulebook suggests it for first games).",
    ),
    OptionSpec(
        "random_placement",
        False,
        "Place the figures at random (cities first, never two of a type in one settlement) "
        "instead of taking turns placing them.",
    ),
    OptionSpec(
        "public_captures",
        False,
        "With 3 or 4 players, show everyone's captured figures during the game (normally "
        "they stay behind each player's screen until the end; with 2 they are always shown).",
    ),
    OptionSpec(
        "zero_influence",
        "tie",
        "A figure nobody influences when its settlement closes: 'tie' sets it aside as a tie "
        "(it counts towards the four ties that end the game); 'removed' only removes it.",
        choices=("tie", "removed"),
    ),
    OptionSpec(
        "end_timing",
        "placement",
        "When a placement reaches an end condition: 'placement' finishes every capture of "
        "that placement first; 'immediate' stops at the figure that triggered the end.",
        choices=("placement", "immediate"),
    ),
)


def new_game(players: int, options: Mapping[str, JSON], seed: int) -> SamuraiState:
    """A new game for ``players`` (2-4): Edo's three figures are placed, the pick begins."""
    if players not in (2, 3, 4):
        raise InvalidOption("Samurai is played by 2, 3 or 4 players.")
    board = board_for(players)
    defaults = {spec.name: spec.default for spec in OPTIONS}
    opts = {name: options.get(name, default) for name, default in defaults.items()}
    figures = [""] * len(board.hexes)
    figures[board.capital] = FIGURES
    per_type = board.figures_per_type - 1
    state = SamuraiState(
        players=players,
        options=opts,
        seed=seed,
        phase="pick",
        tiles=(None,) * len(board.hexes),
        figures=tuple(figures),
        supply=(per_type, per_type, per_type),
        set_aside=(0, 0, 0),
        ties=0,
        hands=((),) * players,
        piles=((),) * players,
        ready=(False,) * players,
        captured=((0, 0, 0),) * players,
        current=0,
        turn=0,
        turn_steps=(),
        turn_hexes=(),
        normal_played=False,
        last_seat=None,
        last_steps=(),
        last_hexes=(),
        resigned=(),
        end_reason=None,
    )
    if opts["random_opening"]:
        state = start_placement(deal_random(state), [])
    return state
