"""Computer players: the random-legal fallback, ``player_for`` (the game's own), and
``choose_for``, how a caller that holds the true state asks a player for a move.

``Player``, :class:`~games.base.Seen` and :func:`~games.base.seen_by` are declared in
:mod:`games.base` and re-exported here. A player sees only a :class:`Seen`: the seat's view,
its legal actions and a *guess* (the state with everything the seat cannot see redealt by
``shuffle_hidden``), from which :meth:`Seen.sample` draws more such states for a search.
The true state never reaches it, so no player can peek.
"""

from __future__ import annotations

from games.base import Action, Game, Player, Seat, Seen, State, frozen, seen_by
from games.rng import Rng

__all__ = [
    "LEVELS",
    "Player",
    "RandomPlayer",
    "Seen",
    "choose_for",
    "inside",
    "player_for",
    "seen_by",
]

LEVELS = ("easy", "normal", "hard")
"""The levels every game's ``make_player`` offers (a game without its own ``hard`` plays
its best level there)."""


def inside(game: Game, state: State, seat: Seat) -> Seen:
    """What the mover of a search's own simulation sees: ``state`` is a determinization
    already (nothing in it is the truth), so it is its own guess, with no redeal and no
    view drawn (``view`` is ``None``: the rollout players read ``guess`` and ``legal``)."""
    return Seen(game, seat, None, frozen(game.legal(state, seat)), 0, state)


def choose_for(player: Player, game: Game, state: State, seat: Seat, seed: int = 0) -> Action:
    """``player``'s move for ``seat``, chosen from what the seat knows of ``state``."""
    return player.choose(seen_by(game, state, seat, seed))


class RandomPlayer:
    """Uniformly random legal actions, reproducible from ``seed``."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, seen: Seen) -> Action:
        if not seen.legal:
            raise ValueError("no legal action to choose from")
        return seen.legal[self.rng.below(len(seen.legal))]


def player_for(
    game: Game, strength: str = "normal", seed: int = 0, budget_s: float = 1.0
) -> Player:
    """The game's own computer player (``Game.make_player``)."""
    return game.make_player(strength, seed, budget_s)
