"""Scoring and every branch of the tie-break cascade (rulebook "Puntuación", reference §8)."""

from __future__ import annotations

from dataclasses import replace

from games.base import Outcome, Termination
from games.samurai import GAME
from tests.games.samurai.positions import position

RED, GREEN, YELLOW, BLUE = 0, 1, 2, 3
Counts = tuple[int, int, int]  # helmets, Buddhas, rice fields


def _scored(*captured: Counts, resigned: tuple[int, ...] = ()) -> Outcome:
    state = position(len(captured))
    state = replace(
        state, phase="over", end_reason="ties", captured=tuple(captured), resigned=resigned
    )
    outcome = GAME.outcome(state)
    assert outcome is not None and outcome.termination is Termination.SCORING
    return outcome


def test_rulebook_scoring_example_1_other_figures_decide() -> None:
    """Green leads rice, Blue helmets, Red Buddhas, Yellow nothing; other figures: Green 6,
    Blue 5, Red 4 -> Green wins, Blue second, Red third (Yellow cannot win)."""
    outcome = _scored((2, 5, 2), (3, 3, 5), (3, 3, 3), (5, 2, 3))
    assert outcome.winners == {GREEN}
    assert outcome.ranks == (3, 1, 4, 2)
    assert outcome.tiebreak == "other_figures"
    assert outcome.scores == (1.0, 1.0, 0.0, 1.0)
    assert outcome.detail["leaders"] == {"helmet": BLUE, "buddha": RED, "rice": GREEN}


def test_rulebook_scoring_example_2_total_figures_decide() -> None:
    """Blue and Green tie for most rice; Red leads helmets, Yellow Buddhas, both with 3
    other figures; totals Red 9, Yellow 8 -> Red wins though Blue and Green hold more."""
    outcome = _scored((6, 1, 2), (3, 3, 4), (0, 5, 3), (4, 4, 4))
    assert outcome.winners == {RED}
    assert outcome.tiebreak == "total_figures"
    assert outcome.detail["leaders"] == {"helmet": RED, "buddha": YELLOW, "rice": None}
    assert outcome.ranks == (1, 4, 2, 3)  # non-candidates after, by total (Blue 12, Green 10)


def test_leading_two_types_wins_outright() -> None:
    outcome = _scored((5, 5, 0), (4, 4, 9), (1, 1, 1))
    assert outcome.winners == {RED} and outcome.tiebreak is None
    assert outcome.scores == (2.0, 1.0, 0.0) and outcome.ranks == (1, 2, 3)


def test_a_single_candidate_wins_on_types_led() -> None:
    outcome = _scored((5, 3, 3), (4, 3, 3))  # Buddhas and rice tied: nobody leads them
    assert outcome.winners == {RED} and outcome.tiebreak is None and outcome.ranks == (1, 2)


def test_candidates_tied_on_everything_share_the_win() -> None:
    outcome = _scored((4, 1, 1), (1, 4, 1), (1, 1, 3))
    assert outcome.winners == {RED, GREEN} and outcome.tiebreak == "shared"
    assert outcome.ranks == (1, 1, 3) and outcome.is_draw


def test_nobody_leads_a_type_most_figures_wins() -> None:
    nobody = _scored((3, 3, 1), (3, 3, 0), (2, 2, 1))
    assert nobody.detail["leaders"] == {"helmet": None, "buddha": None, "rice": None}
    assert nobody.winners == {RED} and nobody.tiebreak == "total_figures"
    assert nobody.ranks == (1, 2, 3)


def test_nobody_leads_and_equal_totals_share_the_win() -> None:
    outcome = _scored((3, 3, 1), (3, 3, 1))
    assert outcome.winners == {RED, GREEN} and outcome.tiebreak == "shared"


def test_detail_reveals_every_capture_at_the_end() -> None:
    outcome = _scored((1, 2, 3), (0, 0, 1), (2, 0, 0))
    assert outcome.detail["captured"] == {
        "0": {"helmet": 1, "buddha": 2, "rice": 3},
        "1": {"helmet": 0, "buddha": 0, "rice": 1},
        "2": {"helmet": 2, "buddha": 0, "rice": 0},
    }
    assert Outcome.from_json(outcome.to_json()) == outcome


def test_resigned_players_rank_last_latest_resignation_first() -> None:
    outcome = _scored((9, 9, 9), (1, 0, 0), (0, 1, 0), (0, 0, 1), resigned=(0, 2))
    assert outcome.winners == {GREEN, BLUE}  # Red's figures no longer count
    assert outcome.ranks == (4, 1, 3, 1)
    assert outcome.scores == (0.0, 1.0, 0.0, 1.0)
