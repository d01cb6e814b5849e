"""Computer players: the random-legal fallback, ``player_for`` (the game's own), and
:class:`Seen`, what a seat knows when it must act.

``Player`` is declared in :mod:`games.base` and re-exported here.

An AI must choose from what its seat may know. :func:`seen_by` builds that knowledge from
the true state once, and keeps nothing of the truth: the seat's view, its legal actions,
and a *guess* (the state with everything the seat cannot see redealt by
``shuffle_hidden``), from which :meth:`Seen.sample` draws more such states for a search.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from games.base import Action, Game, Player, Seat, State, View
from games.rng import Rng, derive_seed

__all__ = ["Player", "RandomPlayer", "SeatPlayer", "Seen", "as_player", "player_for", "seen_by"]


@dataclass(frozen=True)
class Seen:
    """What ``seat`` knows when it must act, and nothing more.

    ``guess`` is a state consistent with ``view`` whose hidden parts were redealt at
    random; ``sample(k)`` redeals them again (each ``k`` its own reproducible draw).
    """

    game: Game
    seat: Seat
    view: View
    legal: Sequence[Action]
    seed: int
    guess: State

    def sample(self, k: int) -> State:
        """The ``k``-th state consistent with what the seat knows (a determinization)."""
        return self.game.shuffle_hidden(self.guess, self.seat, derive_seed(self.seed, f"s{k}"))


def seen_by(game: Game, state: State, seat: Seat, seed: int) -> Seen:
    """What ``seat`` knows of ``state``; the true state is not kept."""
    guess = game.shuffle_hidden(state, seat, derive_seed(seed, "guess"))
    return Seen(game, seat, game.view(guess, seat), tuple(game.legal(guess, seat)), seed, guess)


class SeatPlayer(Protocol):
    """A computer player that chooses from a :class:`Seen` (a member of ``seen.legal``)."""

    name: str

    def choose(self, seen: Seen) -> Action: ...


class _Adapted:
    """A :class:`SeatPlayer` behind the older ``choose(game, state, seat)`` signature."""

    def __init__(self, inner: SeatPlayer, seed: int) -> None:
        self.inner, self.seed, self.name = inner, seed, inner.name

    def choose(self, game: Game, state: State, seat: Seat) -> Action:
        return self.inner.choose(seen_by(game, state, seat, self.seed))


def as_player(inner: SeatPlayer, seed: int) -> Player:
    """``inner`` as a :class:`Player` (until every caller hands out a :class:`Seen`)."""
    return _Adapted(inner, seed)


class RandomPlayer:
    """Uniformly random legal actions, reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game, state: State, seat: Seat) -> Action:
        options = game.legal(state, seat)
        if not options:
            raise ValueError("no legal action to choose from")
        return options[self.rng.below(len(options))]


def player_for(
    game: Game, strength: str = "normal", seed: int = 0, budget_s: float = 1.0
) -> Player:
    """The game's own computer player (``Game.make_player``)."""
    return game.make_player(strength, seed, budget_s)
