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


def _allowed_sides(players: int) -> tuple[str, ...]:
    return load_data().sides_by_players.get(players, ())


def _check_players(players: int) -> None:
    counts = sorted(load_data().sides_by_players)
    if players not in counts:
        raise InvalidOption(
            f"China is for {counts[0]} to {counts[-1]} players, not {players}.",
            key="china.rules.players_not_allowed",
            low=counts[0],
            high=counts[-1],
            players=players,
        )


def validate_options(options: Mapping[str, Any], players: int | None) -> None:
    """Refuse a board side that is not for ``players`` (with ``None``: a side that is for
    no player count at all)."""
    requested = str(options.get("side", "auto")).strip().lower()
    if requested == "auto":
        if players is not None:
            _check_players(players)
        return
    side = requested.upper()
    if players is None:
        counts = [p for p, sides in load_data().sides_by_players.items() if side in sides]
        if counts:
            return
        players = min(load_data().sides_by_players)
    else:
        _check_players(players)
    allowed = _allowed_sides(players)
    if side not in allowed:
        raise InvalidOption(
            f"Board side {side} is not for {players} players (use {' or '.join(allowed)}).",
            key="china.rules.side_not_for_players",
            side=side,
            players=players,
            allowed=" / ".join(allowed),
        )


def choose_side(players: int, requested: str) -> str:
    """The board side for ``players``; ``requested`` is the option value (checked by
    :func:`validate_options`)."""
    allowed = _allowed_sides(players)
    if requested.strip().lower() == "auto":
        return DEFAULT_SIDE_WITH_4 if DEFAULT_SIDE_WITH_4 in allowed else allowed[0]
    validate_options({"side": requested}, players)
    return requested.strip().upper()


def new_game(players: int, options: Mapping[str, Any], seed: int) -> ChinaState:
    """Shuffle, deal 3 cards to each player and turn 4 cards face up."""
    data = load_data()
    validate_options(options, players)
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
