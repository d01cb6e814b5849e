"""Perft vectors of yokai.md §7 (Fairy-Stockfish agrees at every depth)."""

from __future__ import annotations

import pytest

from games.yokai import GAME, perft
from games.yokai.state import YokaiState

PERFT_3X4 = [4, 17, 123, 976, 8122]
PERFT_5X6 = [16, 250, 4166, 67517]


def start(variant: str) -> YokaiState:
    return GAME.setup(2, {"variant": variant, "perpetual_check_loses": False}, 0)


@pytest.mark.parametrize(("depth", "expected"), list(enumerate(PERFT_3X4, start=1)))
def test_perft_3x4(depth: int, expected: int) -> None:
    assert perft(start("3x4"), depth) == expected


@pytest.mark.parametrize(("depth", "expected"), list(enumerate(PERFT_5X6, start=1)))
def test_perft_5x6(depth: int, expected: int) -> None:
    assert perft(start("5x6"), depth) == expected


@pytest.mark.parametrize("variant", ["3x4", "5x6"])
def test_bulk_counting_gives_the_same_numbers(variant: str) -> None:
    state = start(variant)
    assert [perft(state, d, bulk=True) for d in (1, 2, 3)] == [perft(state, d) for d in (1, 2, 3)]


def test_perft_depth_zero_is_one() -> None:
    assert perft(start("3x4"), 0) == 1


def test_perft_counts_protocol_actions() -> None:
    """perft(2) equals the number of legal replies summed over GAME.legal/GAME.apply."""
    for variant in ("3x4", "5x6"):
        state = start(variant)
        total = 0
        for action in GAME.legal(state, 0):
            after, _ = GAME.apply(state, 0, action)
            total += len(GAME.legal(after, 1))
        assert total == perft(state, 2)


def test_3x4_first_moves_are_the_four_of_section_7() -> None:
    state = start("3x4")
    assert sorted(GAME.notation(state, a) for a in GAME.legal(state, 0)) == sorted(
        ["b2b3", "c1c2", "b1a2", "b1c2"]
    )
