"""Options and the opening position of a China game."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from games.base import InvalidOption, OptionSpec
from games.china.board import board, load_data
from games.china.state import ChinaState, colour_key
from games.rng import Rng, derive_seed

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        "side",
        "auto",
        "Board side: auto (A with 3 or 4 players, B with 5), a (3-4 players) or b (4-5).",
        ("auto", "a", "b"),
    ),
    OptionSpec(
        "fortifications",
        False,
        "Fortification variant for experienced players: a house on a fortification scores double.",
    ),
    OptionSpec(
        "extra_routes",
        False,
        "Route scoring also counts further separate rows of 4+ houses in one road network"
        " (default: only the longest row of each network).",
    ),
    OptionSpec(
        "blocked_end",
        "immediate",
        "When no piece can be placed any more: end the game at once (immediate) or finish"
        " the round first (round).",
        ("immediate", "round"),
    ),
    OptionSpec(
        "zero_majority",
        False,
        "In alliance scoring, players tied at zero emissaries in a region count as having"
        " the majority there.",
    ),
)

DEFAULT_SIDE_WITH_4 = "A"


def choose_side(players: int, requested: str) -> str:
    """The board side for ``players``; ``requested`` is the option value."""
    allowed = load_data().sides_by_players.get(players, ())
    if requested == "auto":
        return DEFAULT_SIDE_WITH_4 if DEFAULT_SIDE_WITH_4 in allowed else allowed[0]
    side = requested.upper()
    if side not in allowed:
        raise InvalidOption(
            f"Board side {side} is not for {players} players (use {' or '.join(allowed)})."
        )
    return side


def new_game(players: int, options: Mapping[str, Any], seed: int) -> ChinaState:
    """Shuffle, deal 3 cards to each player and turn 4 cards face up."""
    data = load_data()
    if players not in data.sides_by_players:
        raise InvalidOption(f"China is for 3 to 5 players, not {players}.")
    side = choose_side(players, str(options.get("side", "auto")))
    layout = board(side)
    removed = data.removed_per_colour[players]
    deck = [c for c in data.colours for _ in range(data.cards_per_colour[c] - removed)]
    Rng(derive_seed(seed, "china.deck")).shuffle(deck)
    hands = []
    for _ in range(players):
        hands.append(sorted((deck.pop() for _ in range(data.hand_size)), key=colour_key))
    face_up = [deck.pop() for _ in range(data.face_up)]
    fortified = bool(options.get("fortifications", False))
    return ChinaState(
        players=players,
        side=side,
        options={
            "fortifications": fortified,
            "extra_routes": bool(options.get("extra_routes", False)),
            "blocked_end": str(options.get("blocked_end", "immediate")),
            "zero_majority": bool(options.get("zero_majority", False)),
        },
        owners=[-1] * len(layout.spaces),
        forts=[False] * len(layout.spaces),
        emissaries=[[0] * players for _ in layout.regions],
        scored=[False] * len(layout.regions),
        houses_left=[data.houses] * players,
        emissaries_left=[data.emissaries] * players,
        forts_left=[data.fortifications if fortified else 0] * players,
        hands=hands,
        face_up=face_up,
        pile=deck,
        discard=[],
        scores=[0] * players,
        points=[{"houses": 0, "alliances": 0, "routes": 0} for _ in range(players)],
        rng=derive_seed(seed, "china.reshuffle"),
    )
