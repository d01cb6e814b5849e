"""Driving any registered game through the service, as its human players would.

A table is a game opened, joined and started through the public :class:`bot.service.facade.Service`
API by ``players`` fake users. A turn: load the game (``service.load``), take the first seat
to act, let a :class:`games.ai.RandomPlayer` choose one of its legal actions and hand the
action's notation to the caller, who plays it (``service.act`` or ``/move``). Secret choices
(forms) need nothing special: every form answer is an ordinary legal action with a notation.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bench.configs import Config
from games.ai import RandomPlayer, choose_for
from games.base import Game


@dataclass(frozen=True)
class Turn:
    """The next human turn of a table: who plays, and the text they send."""

    user_id: int
    text: str
    version: int


async def open_table(
    service: Any,
    config: Config,
    users: list[tuple[int, str]],
    *,
    seed: int,
    guild_id: int | None = 1,
    channel_id: int = 1,
) -> int:
    """Open ``config``'s game with ``users`` (id, name) seated and start it; the game id."""
    (creator, creator_name), *others = users
    lobby = await service.new_game(
        guild_id=guild_id,
        channel_id=channel_id,
        user_id=creator,
        user_name=creator_name,
        key=config.key,
        options=dict(config.options),
        players=config.players,
        seed=seed,
    )
    game_id = int(lobby.game.game_id)
    for user_id, name in others:
        await service.join(game_id, user_id, name)
    await service.start(game_id, creator)
    return game_id


async def next_turn(service: Any, game: Game, game_id: int, player: RandomPlayer) -> Turn | None:
    """The next move of ``game_id`` (a game of ``game``) chosen by ``player``, or ``None``
    when the game is over. Reads only ``.state``, ``.seats`` and ``.row.version`` of what
    ``service.load`` returns."""
    loaded = await service.load(game_id)
    state = loaded.state
    if state is None or game.outcome(state) is not None or not game.to_act(state):
        return None
    acting = game.to_act(state)
    seat = min(acting)
    user_id = next(s.user_id for s in loaded.seats if s.position == seat)
    text = game.notation(state, choose_for(player, game, state, seat))
    return Turn(int(user_id), text, int(loaded.row.version))


async def play_random(
    service: Any, game: Game, game_id: int, player: RandomPlayer, moves: int
) -> int:
    """Up to ``moves`` moves of ``player`` through ``service.act``, each as the user of the
    seat to act; how many were played (fewer once the game is over)."""
    for played in range(moves):
        turn = await next_turn(service, game, game_id, player)
        if turn is None:
            return played
        await service.act(game_id, turn.user_id, turn.text)
    return moves


async def check_played(service: Any, game_id: int, turn: Turn, answer: str = "") -> None:
    """Raise unless ``turn`` was played (the game's version moved on): a benchmark that
    timed error replies would measure nothing."""
    loaded = await service.load(game_id)
    if loaded.row.version <= turn.version:
        raise RuntimeError(f"game {game_id}: {turn.text!r} was not played ({answer!r})")
