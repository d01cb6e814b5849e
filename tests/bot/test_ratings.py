"""Ratings (issue 28) from hand-computed cases, on both backends.

The expected numbers are openskill's Plackett-Luce update worked by hand for players who
all start at the defaults (mu 25, sigma 25/3, beta 25/6, tau 25/300, kappa 0.0001):
with equal mu every exp(mu/c) is the same E, so each probability below is a fraction
of E's and the update needs no library.
"""

from __future__ import annotations

import asyncio
import math
import subprocess
import sys
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

import games
from bot.service import ratings
from bot.service.hall import Hall
from bot.service.prefs import Prefs
from bot.store import open_store
from bot.store.models import Finished, SeatRow, Skill, Standing
from games.base import Outcome, Termination, ranks_from_scores
from tests.bot.store_support import ALICE, BOB, CAROL, AnyStore, Opener, new_game

DAVE = 104
REPO = Path(__file__).resolve().parents[2]
SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2  # sigma^2 + tau^2: the dynamics step first
BETA2 = (25 / 6) ** 2


def by_hand(omega: float, delta: float, teams: int = 3) -> tuple[float, float]:
    """Weng-Lin / Plackett-Luce for one fresh player:
    c = sqrt(sum over teams of (sigma^2 + beta^2)), gamma = sigma / c,
    mu' = mu + sigma^2 / c * omega, sigma' = sigma * sqrt(max(1 - sigma^2 / c^2 * gamma *
    delta, kappa))."""
    c = math.sqrt(teams * (SIGMA2 + BETA2))
    gamma = math.sqrt(SIGMA2) / c
    mu = 25 + SIGMA2 / c * omega
    sigma = math.sqrt(SIGMA2) * math.sqrt(max(1 - SIGMA2 / c**2 * gamma * delta, 0.0001))
    return mu, sigma


async def finished_game(
    store: AnyStore,
    seats: list[tuple[int | None, str | None]],
    ranks: tuple[int, ...],
    *,
    resign: tuple[int, ...] = (),
    at: float = 5000.0,
    guild: int = 1,
    key: str = "toy",
    state: Any = None,
) -> int:
    """A game of ``seats`` (user, AI level) that ended with ``ranks``; ``resign``: seats
    that resigned first (logged as ``resign``). Its last action is logged at ``at``."""
    game = await store.create_game(
        guild_id=guild, channel_id=500, creator_id=seats[0][0] or ALICE, game_key=key, options={},
        seed=7, rules_version=1, now=1000.0,
    )  # fmt: skip
    for user, ai in seats:
        if user is not None and user != seats[0][0]:
            await store.join(game.id, user, now=1001.0)
        elif ai is not None:
            await store.add_ai_seat(game.id, ai, now=1001.0)
    row = await store.start_game(game.id, order=seats, state={}, thread_id=None, now=1002.0)
    for seat in resign:
        row = await store.append_action(
            game.id, expected_version=row.version, seat=seat, user_id=None, text="resign",
            state={}, now=at - 1,
        )  # fmt: skip
    outcome = Outcome(Termination.SCORING, frozenset({ranks.index(1)}), ranks)
    await store.append_action(
        game.id, expected_version=row.version, seat=0, user_id=None, text="end",
        state=state or {}, status="finished", outcome=outcome.to_json(), now=at,
    )  # fmt: skip
    return game.id


THREE = [(ALICE, None), (BOB, None), (CAROL, None)]


def mu_sigma(rows: list[Any]) -> list[tuple[float, float]]:
    return [(r.mu, r.sigma) for r in rows]


async def test_a_three_player_game_moves_ratings_as_plackett_luce_says(
    store_url: str, opener: Opener
) -> None:
    store = await opener(store_url)
    game_id = await finished_game(store, THREE, (2, 1, 3))
    rows = await ratings.record(store, game_id)
    # winner: only itself at or above its place, p = E/3E = 1/3: omega = 2/3, delta = 2/9;
    # second: the winner (p = 1/3) then itself among two (p = 1/2): omega = -1/3 + 1/2,
    # delta = 2/9 + 1/4; last: -1/3 - 1/2 and itself with p = 1 (adds nothing)
    expected = [by_hand(1 / 6, 17 / 36), by_hand(2 / 3, 2 / 9), by_hand(-5 / 6, 17 / 36)]
    assert [r.place for r in rows] == [2, 1, 3]
    for (mu, sigma), (want_mu, want_sigma) in zip(mu_sigma(rows), expected, strict=True):
        assert math.isclose(mu, want_mu, rel_tol=1e-12)
        assert math.isclose(sigma, want_sigma, rel_tol=1e-12)
    assert round(rows[1].mu, 4) == 27.869  # the winner's mu, to the digits worked by hand
    standings, total = await store.leaderboard(1, "toy", 1, 0, 10)
    assert total == 3 and standings[0].player == f"u:{BOB}"
    assert await ratings.record(store, game_id) == rows  # rated once: same rows, no change
    again, _ = await store.leaderboard(1, "toy", 1, 0, 10)
    assert [s.games for s in again] == [1, 1, 1]


async def test_a_tie_shares_the_update(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    rows = await ratings.record(store, await finished_game(store, THREE, (1, 1, 3)))
    # the two first share rank 1 (a = 2): each sees both at p = 1/3, halved: omega = 1/3 -
    # 1/6, delta = 1/9 + 1/9; the last sees both: omega = -1/6 - 1/6, delta = 2/9
    expected = [by_hand(1 / 6, 2 / 9), by_hand(1 / 6, 2 / 9), by_hand(-1 / 3, 2 / 9)]
    for (mu, sigma), (want_mu, want_sigma) in zip(mu_sigma(rows), expected, strict=True):
        assert math.isclose(mu, want_mu, rel_tol=1e-12)
        assert math.isclose(sigma, want_sigma, rel_tol=1e-12)
    assert [r.place for r in rows] == [1, 1, 3]
    standings, _ = await store.leaderboard(1, "toy", 1, 0, 10)
    assert sorted(s.wins for s in standings) == [0, 1, 1]


async def test_a_resignation_counts_as_last_place(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    # Alice resigned although the game's own ranks put her second: she is last
    rows = await ratings.record(store, await finished_game(store, THREE, (2, 1, 3), resign=(0,)))
    assert [r.place for r in rows] == [3, 1, 2]
    expected = [by_hand(-5 / 6, 17 / 36), by_hand(2 / 3, 2 / 9), by_hand(1 / 6, 17 / 36)]
    for (mu, _), (want_mu, _) in zip(mu_sigma(rows), expected, strict=True):
        assert math.isclose(mu, want_mu, rel_tol=1e-12)


def test_resigners_tie_among_themselves_after_everyone_else() -> None:
    assert ratings.places([1, 2, 3, 4], frozenset({0, 2})) == [3, 1, 3, 2]
    assert ratings.places([1, 1, 3], frozenset()) == [1, 1, 3]


async def test_abandoned_games_are_not_rated(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    game = await new_game(store)
    for user in (BOB, CAROL):
        await store.join(game.id, user, now=1001.0)
    await store.start_game(game.id, order=THREE, state={}, thread_id=None, now=1002.0)
    outcome = Outcome(Termination.ABANDONED, frozenset(), (1, 1, 1))  # as the vote writes it
    await store.set_status(game.id, "abandoned", outcome=outcome.to_json(), now=1500.0)
    assert await ratings.record(store, game.id) == []
    assert await ratings.rebuild(store) == 0
    assert await store.leaderboard(1, "toy", 0, 0, 10) == ([], 0)


async def test_ai_seats_are_rated_per_level(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    seats: list[tuple[int | None, str | None]] = [(ALICE, None), (None, "hard"), (None, "hard")]
    rows = await ratings.record(store, await finished_game(store, seats, (1, 2, 3)))
    assert [r.player for r in rows] == [f"u:{ALICE}", "ai:hard", "ai:hard"]
    assert rows[1].mu == rows[2].mu  # the level keeps the mean of its seats
    standings, _ = await store.leaderboard(1, "toy", 1, 0, 10)
    hard = next(s for s in standings if s.player == "ai:hard")
    assert (hard.games, hard.wins, hard.rank_sum) == (2, 0, 5)


async def table(store: AnyStore) -> tuple[list[Standing], list[list[Any]]]:
    standings, _ = await store.leaderboard(1, "toy", 0, 0, 100)
    changes = [await store.rating_changes(game_id) for game_id in range(1, 8)]
    return standings, [mu_sigma(rows) for rows in changes]


async def test_a_rebuild_gives_the_same_table(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    four = [(ALICE, None), (BOB, None), (CAROL, None), (DAVE, None)]
    # games numbered in another order than they finished: ratings follow the finish
    plan = [(THREE, (1, 2, 3), 9000.0), (four, (2, 1, 4, 3), 6000.0), (THREE, (3, 1, 1), 7000.0)]
    plan += [(four, (1, 1, 1, 4), 8000.0), (THREE[:2], (2, 1), 5000.0)]
    ids = [await finished_game(store, seats, ranks, at=at) for seats, ranks, at in plan]
    for game_id, _ in sorted(zip(ids, plan, strict=True), key=lambda pair: pair[1][2]):
        await ratings.record(store, game_id)
    live = await table(store)
    assert await ratings.rebuild(store) == 5
    assert await table(store) == live
    assert await ratings.rebuild(store) == 5
    assert await table(store) == live


async def render_now(draw: Callable[[], bytes]) -> bytes:
    return draw()


async def test_sides_are_rated_and_counted_where_the_game_has_them(
    store_url: str, opener: Opener
) -> None:
    store = await opener(store_url)
    game = games.get("rising_sun")
    state = game.dump_state(game.setup(3, {"clans": "random"}, 5))
    seats = tuple(SeatRow(1, p, user, None, 0.0) for p, (user, _) in enumerate(THREE))
    facts = Finished(1, 1, "rising_sun", seats, {"ranks": [1, 2, 3]}, state, frozenset(), 0, 1)
    rows = ratings.rate(facts, {f"u:{ALICE}": Skill(30.0, 5.0)})
    assert [r.side for r in rows] == ["lotus", "dragonfly", "bonsai"]  # game.sides(state)
    assert (rows[0].mu_before, rows[0].sigma_before) == (30.0, 5.0)  # her rating before
    unchosen = game.dump_state(game.setup(3, {}, 5))  # clans not chosen yet: no side
    assert {r.side for r in ratings.rate(replace(facts, state=unchosen), {})} == {None}
    # Alice wins as Lotus twice and loses as Lotus once: /stats says 2 of 3
    for at, ranks in ((5000.0, (1, 2, 3)), (6000.0, (2, 1, 3)), (7000.0, (1, 3, 2))):
        game_id = await finished_game(store, THREE, ranks, at=at, key="rising_sun", state=state)
        await ratings.record(store, game_id)
    text, _ = await Hall(store, Prefs(store), render_now).stats(1, ALICE, None, "en")
    assert "Rising Sun as Lotus: 2 won of 3 (67 %)" in text
    spanish, _ = await Hall(store, Prefs(store), render_now).stats(1, CAROL, None, "es")
    assert "Rising Sun con Bonsái: 0 ganadas de 3" in spanish


scores = st.lists(st.integers(0, 3), min_size=2, max_size=5)


@given(scores, st.data())
def test_places_put_resigners_last_and_keep_the_order_of_the_rest(
    points: list[int], data: st.DataObject
) -> None:
    ranks = list(ranks_from_scores([(float(p),) for p in points]))
    resigned = frozenset(data.draw(st.sets(st.sampled_from(range(len(points))))))
    placed = ratings.places(ranks, resigned)
    playing = [s for s in range(len(points)) if s not in resigned]
    assert all(placed[a] < placed[b] for a in playing for b in resigned)
    assert len({placed[s] for s in resigned}) <= 1
    for a in playing:
        for b in playing:
            assert (ranks[a] < ranks[b]) == (placed[a] < placed[b])


@given(
    st.lists(st.tuples(st.floats(0, 50), st.floats(0.5, 9)), min_size=2, max_size=5),
    st.integers(0, 4),
)
def test_a_lone_winner_gains_and_a_lone_last_loses(
    skills: list[tuple[float, float]], top: int
) -> None:
    seats = tuple(SeatRow(1, p, 1000 + p, None, 0.0) for p in range(len(skills)))
    winner = top % len(skills)
    ranks = [1 if s == winner else 2 for s in range(len(skills))]
    ranks[(winner + 1) % len(skills)] = len(skills)  # one seat alone in last place
    facts = Finished(1, 1, "toy", seats, {"ranks": ranks}, {}, frozenset(), 0, 1)
    before = {f"u:{1000 + p}": Skill(mu, sigma) for p, (mu, sigma) in enumerate(skills)}
    rows = ratings.rate(facts, before)
    assert rows[winner].mu > rows[winner].mu_before
    last = (winner + 1) % len(skills)
    assert rows[last].mu < rows[last].mu_before
    assert all(r.sigma <= math.hypot(r.sigma_before, 25 / 300) + 1e-12 for r in rows)


async def test_games_a_failure_left_unrated_are_rated_at_start(
    store_url: str, opener: Opener
) -> None:
    store = await opener(store_url)
    late = await finished_game(store, THREE, (1, 2, 3), at=9000.0)
    early = await finished_game(store, THREE, (3, 2, 1), at=8000.0)
    rated = await finished_game(store, THREE, (1, 2, 3), at=7000.0)
    await ratings.record(store, rated)
    assert await store.unrated_games(10) == [early, late]  # in the order they finished
    assert await ratings.catch_up(store) == 2
    assert await store.unrated_games(10) == []
    standings, _ = await store.leaderboard(1, "toy", 0, 0, 10)
    assert {s.games for s in standings} == {3}


async def game_rows(path: Path, new_game: bool = False) -> list[Any]:
    """The rating rows of game 1 in the file (written first, unrated, when ``new_game``)."""
    store = await open_store(str(path))
    try:
        if new_game:
            await finished_game(store, THREE, (1, 2, 3))
        return await store.rating_changes(1)
    finally:
        await store.close()


def test_the_rebuild_command_rates_the_finished_games_again(tmp_path: Path) -> None:
    path = tmp_path / "tenka.db"
    assert asyncio.run(game_rows(path, new_game=True)) == []  # written without the bot
    done = subprocess.run(
        [sys.executable, "-m", "bot", "ratings", "rebuild", "--database", str(path)],
        cwd=REPO, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("Finished games rated again, in the order they finished: 1.")
    assert [r.place for r in asyncio.run(game_rows(path))] == [1, 2, 3]
