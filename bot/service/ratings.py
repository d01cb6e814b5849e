"""Ratings per server and game (issue 28): openskill's Plackett-Luce model over the places
of every finished game.

A game is rated when it finishes (:func:`record`, called by the unit right after the
finishing commit) and the whole table can be made again from the store's finished games
(:func:`rebuild`, ``python -m bot ratings rebuild``): the same games in the same order
(finish time, then id) give the same numbers, since the model is deterministic.

Places come from the outcome's ranks (1 best, ties share one); a seat that resigned is
placed last, tied with the other resigners. Abandoned games are never rated (only
``finished`` ones are read). Every AI seat of one level is one pseudo-player per server
and game ("AI, hard"); two of them in one game are two seats of it, each rated from the
same rating before, and the pseudo-player keeps their mean.
"""

from __future__ import annotations

import logging
from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Final

from openskill.models import PlackettLuce

import games
from bot.store import Store
from bot.store.models import Finished, RatingRow, Skill
from bot.store.ratings_sql import player_key
from games.errors import GameError

log = logging.getLogger("tenka.ratings")

# openskill's defaults, written out: mu 25, sigma 25/3, beta 25/6, kappa 0.0001, tau 25/300
MU: Final = 25.0
SIGMA: Final = 25.0 / 3.0
MODEL: Final = PlackettLuce(mu=MU, sigma=SIGMA, beta=25.0 / 6.0, kappa=0.0001, tau=25.0 / 300.0)


def places(ranks: Sequence[int], resigned: frozenset[int]) -> list[int]:
    """Competition places (1, 2, 2, 4): the outcome's ranks, every resigned seat after
    every other, resigners tied among themselves."""
    keys = [(seat in resigned, 0 if seat in resigned else rank) for seat, rank in enumerate(ranks)]
    return [1 + sum(1 for other in keys if other < mine) for mine in keys]


def _sides(facts: Finished) -> tuple[str, ...] | None:
    """The side each seat played, when the game has sides (and still loads)."""
    try:
        game = games.get(facts.game_key)
        return game.sides(game.load_state(facts.state))
    except (GameError, KeyError, TypeError, ValueError):
        return None


def rate(facts: Finished, skills: Mapping[str, Skill]) -> list[RatingRow]:
    """The rows of one finished game: each seat's place and rating before and after."""
    seats = [s for s in facts.seats if s.position is not None]
    ranks = list((facts.outcome or {}).get("ranks") or [])
    if len(seats) < 2 or len(ranks) != len(seats):
        return []
    placed = places(ranks, facts.resigned)
    players = [player_key(s) for s in seats]
    before = [skills.get(p, Skill(MU, SIGMA)) for p in players]
    teams = [[MODEL.rating(mu=b.mu, sigma=b.sigma)] for b in before]
    rated = MODEL.rate(teams, ranks=[float(p) for p in placed])
    after = _shared(players, [(team[0].mu, team[0].sigma) for team in rated])
    sides = [side or None for side in _sides(facts) or ()]  # "": not chosen yet
    return [
        RatingRow(
            facts.game_id,
            seat.position if seat.position is not None else index,
            facts.guild_id,
            facts.game_key,
            players[index],
            seat.user_id,
            placed[index],
            sides[index] if index < len(sides) else None,
            before[index].mu,
            before[index].sigma,
            *after[index],
            facts.started_at,
            facts.finished_at,
        )
        for index, seat in enumerate(seats)
    ]


def _shared(players: Sequence[str], after: list[tuple[float, float]]) -> list[tuple[float, float]]:
    """Seats of one pseudo-player (two AI of one level) end with the mean of their ratings."""
    by_player: dict[str, list[int]] = defaultdict(list)
    for index, player in enumerate(players):
        by_player[player].append(index)
    result = list(after)
    for indexes in by_player.values():
        if len(indexes) > 1:
            mu = sum(after[i][0] for i in indexes) / len(indexes)
            sigma = sum(after[i][1] for i in indexes) / len(indexes)
            for i in indexes:
                result[i] = (mu, sigma)
    return result


async def record(store: Store, game_id: int) -> list[RatingRow]:
    """Rate a game that just finished (once; a second call returns the same rows)."""
    return await store.rate_game(game_id, rate)


async def rebuild(store: Store) -> int:
    """Rate every finished game again from the store; returns how many were read."""
    return await store.rebuild_ratings(rate)


CATCH_UP: Final = 500  # unrated games rated at a start (a rebuild does any number)


async def catch_up(store: Store) -> int:
    """Rate the finished games a failure left unrated (at start); returns how many."""
    found = await store.unrated_games(CATCH_UP)
    for game_id in found:
        await store.rate_game(game_id, rate)
    if len(found) == CATCH_UP:
        log.warning(
            "more than %d finished games are not rated: run `python -m bot ratings rebuild`",
            CATCH_UP,
        )
    return len(found)
