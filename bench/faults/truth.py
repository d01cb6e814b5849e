"""What a player is told is true, at every edge: the real bot on the emulator, each game
in its own channel, judged against the log.

- **after the commit**: the store fails once, on the k-th store call after a move is in
  the log (a timer write, a settings read, the publisher's own calls); the answer must not
  say the move did not count, and the player who reads an error retries the same move:
  a second copy in the log is a doubled move;
- **rollbacks while Discord refuses posts**: a move's board is delivered, the channel
  then refuses every post and edit, the move is taken back (a takeback voted through the
  request's button; a step undone with the board's Undo) and a different move brings the
  game back to the same version; once Discord takes posts again, the channel's newest
  board must show the position the log says;
- **reveals**: random playouts of every game; wherever a takeback (or an undo) would take
  back actions that showed some seat something hidden (:func:`bench.faults.judge.revealed`,
  by replaying the log), it is asked for and approved: the service must refuse it;
- **replaced voters**: a clock proposal, a pause vote, an abandon vote and a takeback
  approval by a player whose seat is then handed to another user; the others' votes must
  not complete the decision without the new holder.

Figures (each 0 when the product is right): ``committed_told_refused``,
``refused_told_played``, ``doubled_moves``, ``boards_lost_after_rollback``,
``takebacks_past_reveal``, ``votes_from_replaced_seat``.
"""

from __future__ import annotations

import contextlib
import inspect
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.configs import Config, configurations
from bench.faults.harness import Figures, answer_of, error_log
from bench.faults.judge import (
    board_is_current,
    copies,
    judge_told,
    revealed,
    told_refused,
)
from bench.faults.zero import ZERO
from bench.tables import Turn, next_turn, open_table
from bot.service.results import ServiceError
from bot.store.models import Unavailable
from games import engine
from games.ai import RandomPlayer

COMMITS = ("append_action", "append_actions")


class AfterCommit:
    """Fault injection on a live store object: once a move is committed, the ``k``-th
    store call after it raises :class:`Unavailable` (once). Every holder of the store
    (service, timers, publisher) sees the fault: the methods are replaced on the
    instance, and put back on exit."""

    def __init__(self, store: Any, k: int) -> None:
        self.store, self.k = store, k
        self.countdown: int | None = None
        self.fired: str | None = None

    def wrap(self, name: str, method: Callable[..., Awaitable[Any]]) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            if self.countdown is not None and name not in COMMITS:
                self.countdown -= 1
                if self.countdown == 0:
                    self.countdown, self.fired = None, name
                    raise Unavailable(f"injected: the database went away after the commit ({name})")
            result = await method(*args, **kwargs)
            if name in COMMITS and self.fired is None:
                self.countdown = self.k
            return result

        return call

    @contextlib.contextmanager
    def armed(self) -> Iterator[AfterCommit]:
        names = [
            n
            for n in dir(self.store)
            if not n.startswith("_") and inspect.iscoroutinefunction(getattr(self.store, n))
        ]
        for name in names:
            setattr(self.store, name, self.wrap(name, getattr(self.store, name)))
        try:
            yield self
        finally:
            for name in names:
                delattr(self.store, name)


@dataclass
class World:
    emu: Any
    bot: Any
    guild: Any
    users: list[Any]
    seed: int
    figures: Figures = field(default_factory=Figures)

    def user(self, user_id: int) -> Any:
        return next(u for u in self.users if u.id == user_id)

    async def open(self, config: Config, n: int = 0) -> tuple[int, Any]:
        """``config``'s game in a channel of its own, its opening board posted."""
        channel = self.emu.add_channel(self.guild, f"{config.key}-{n}", threads_allowed=False)
        pairs = [(u.id, u.username) for u in self.users[: config.players]]
        game_id = await open_table(
            self.bot.service,
            config,
            pairs,
            seed=self.seed + n,
            guild_id=self.guild.id,
            channel_id=channel.id,
        )
        await self.bot.publisher.catch_up_all()
        return game_id, channel

    async def move(self, user_id: int, channel: Any, game_id: int, text: str) -> str | None:
        options = {"action": text, "game": str(game_id)}
        handle = await self.emu.slash(self.user(user_id), channel, "move", options)
        return await answer_of(handle, timeout=10)

    async def click(self, user_id: int, channel: Any, custom_id: str) -> str | None:
        message = self.emu.plant_message(channel, buttons=[custom_id])
        return await answer_of(await self.emu.click(self.user(user_id), message, custom_id), 10)


def one_per_game() -> list[Config]:
    seen: dict[str, Config] = {}
    for config in configurations():
        seen.setdefault(config.key, config)
    return list(seen.values())


# --- after the commit ---------------------------------------------------------------------


async def after_commit(world: World, moves: int) -> None:
    """Per game, ``moves`` moves, the k-th store call after the k-th commit failing."""
    for index, config in enumerate(one_per_game()):
        game_id, channel = await world.open(config, index)
        player = RandomPlayer(world.seed + game_id)
        for k in range(1, moves + 1):
            turn = await next_turn(world.bot.service, config.game, game_id, player)
            if turn is None:
                break
            with AfterCommit(world.bot.store, k).armed() as fault:
                text = await world.move(turn.user_id, channel, game_id, turn.text)
            world.figures.add("faults_injected", fault.fired is not None)
            await judged_move(world, game_id, channel, turn, text)


async def judged_move(
    world: World, game_id: int, channel: Any, turn: Turn, text: str | None
) -> None:
    """Judge an answer by the log; a player told it did not count plays it again (the
    realistic double): the same move twice in the log is a doubled move."""
    service = world.bot.service
    seat = (await service.load(game_id)).seat_of(turn.user_id)
    logged = copies(await service.store.actions(game_id), turn.version, seat, turn.text)
    what = f"game {game_id} {turn.text!r}"
    judge_told(world.figures, logged > 0, text, what)
    world.figures.add("moves")
    if not told_refused(text):
        return
    world.figures.add("retries")
    again = await world.move(turn.user_id, channel, game_id, turn.text)
    after = copies(await service.store.actions(game_id), turn.version, seat, turn.text)
    judge_told(world.figures, after > logged, again, f"{what} (retried)")
    if after > 1:
        world.figures.add("doubled_moves", after - 1)
        world.figures.problem(f"{what}: in the log {after} times after a retry")


# --- rollbacks while Discord refuses posts ----------------------------------------------


@contextlib.contextmanager
def refusing(emu: Any, channel: Any) -> Iterator[None]:
    """Discord refuses every post and edit in ``channel`` (missing permissions)."""
    fault = emu.fail_next("*", rf"/channels/{channel.id}/messages", 403, code=50013, times=10**6)
    try:
        yield
    finally:
        emu.rest.faults.remove(fault)


async def rollbacks_while_refused(world: World) -> None:
    """A takeback in the first game with nothing hidden (no reveal can refuse it), an
    Undo in the first game, in registry order, that offers a step to undo."""
    configs = one_per_game()
    open_game = next(c for c in configs if not c.game.hidden_information)
    await takeback_while_refused(world, open_game)
    for n, config in enumerate(configs):
        if await undo_while_refused(world, config, 51 + n):
            return
    world.figures.problem("no step to undo was found")


async def takeback_while_refused(world: World, config: Config) -> None:
    """A move, its board delivered; then, with posts refused, the move taken back (the
    request and the other player's yes) and a different one played in its place."""
    service = world.bot.service
    game_id, channel = await world.open(config, 50)
    player = RandomPlayer(world.seed)
    turn = await next_turn(service, config.game, game_id, player)
    assert turn is not None
    await world.move(turn.user_id, channel, game_id, turn.text)
    with refusing(world.emu, channel):
        handle = await world.emu.slash(
            world.user(turn.user_id), channel, "game takeback", {"game": str(game_id)}
        )
        await answer_of(handle, 10)
        loaded = await service.load(game_id)
        other = next(u for u in loaded.humans if u != turn.user_id)
        await world.click(other, channel, f"tenka:b:tb_yes:{game_id}:{loaded.row.version}")
        await replay_differently(world, game_id, channel, turn)
    await settled_board(world, game_id, channel, "takeback")


async def undo_while_refused(world: World, config: Config, n: int) -> bool:
    """A step of a turn, its board delivered; then, with posts and edits refused, the
    step undone with the board's button and a different step played in its place.
    False when ``config``'s game offered no step to undo in 40 moves."""
    service = world.bot.service
    game_id, channel = await world.open(config, n)
    player = RandomPlayer(world.seed)
    for _ in range(40):
        turn = await next_turn(service, config.game, game_id, player)
        assert turn is not None
        await world.move(turn.user_id, channel, game_id, turn.text)
        loaded = await service.load(game_id)
        seat = loaded.seat_of(turn.user_id)
        if loaded.game.can_undo(loaded.state, seat) and await alternative(service, game_id, turn):
            break
    else:
        return False
    with refusing(world.emu, channel):
        await world.click(turn.user_id, channel, f"tenka:b:undo:{game_id}:{loaded.row.version}")
        await replay_differently(world, game_id, channel, turn)
    await settled_board(world, game_id, channel, "undo")
    return True


async def alternative(service: Any, game_id: int, turn: Turn) -> str | None:
    """Another move the mover of ``turn`` had at the position before it."""
    loaded = await service.load(game_id)
    state = await service.unit.state_at(loaded, turn.version)
    seat = loaded.seat_of(turn.user_id)
    texts = [loaded.game.notation(state, a) for a in loaded.game.legal(state, seat)]
    return next((t for t in texts if t != turn.text), None)


async def replay_differently(world: World, game_id: int, channel: Any, turn: Turn) -> None:
    service = world.bot.service
    if (await service.load(game_id)).row.version != turn.version:
        world.figures.problem(f"game {game_id}: the rollback did not happen")
        return
    text = await alternative(service, game_id, turn)
    assert text is not None
    answer = await world.move(turn.user_id, channel, game_id, text)
    if (await service.load(game_id)).row.version != turn.version + 1:
        world.figures.problem(f"game {game_id}: {text!r} was not played ({answer!r})")


async def settled_board(world: World, game_id: int, channel: Any, what: str) -> None:
    """Discord takes posts again and what is owed goes out: the newest board must show
    the position the log says."""
    service = world.bot.service
    await world.bot.publisher.catch_up_all()
    world.figures.add("rollbacks")
    if not await board_is_current(world.emu, channel, service, game_id):
        world.figures.add("boards_lost_after_rollback")
        world.figures.problem(f"game {game_id}: after the {what} the channel shows an undone move")


# --- reveals --------------------------------------------------------------------------


async def reveals(world: World, moves: int, tries: int) -> None:
    """Random playouts through the service; every takeback or undo that would take back
    a reveal is asked for (and approved): each one the service allows is counted."""
    for index, config in enumerate(one_per_game()):
        service = world.bot.service
        pairs = [(u.id, u.username) for u in world.users[: config.players]]
        game_id = await open_table(service, config, pairs, seed=world.seed + 100 + index)
        player = RandomPlayer(world.seed + index)
        asked = 0
        for _ in range(moves):
            turn = await next_turn(service, config.game, game_id, player)
            if turn is None or asked >= tries:
                break
            await service.act(game_id, turn.user_id, turn.text)
            asked += await try_rollback(world, game_id, turn.user_id)


async def try_rollback(world: World, game_id: int, user_id: int) -> bool:
    """If taking back ``user_id``'s last move (an undo of a step, else a takeback) would
    take back a reveal, ask for it; True when it was asked."""
    service = world.bot.service
    loaded = await service.load(game_id)
    game, seat = loaded.game, loaded.seat_of(user_id)
    actions = await service.store.actions(game_id)
    mine = [a for a in actions if a.seat == seat and a.user_id == user_id]
    undo = game.can_undo(loaded.state, seat)
    if not mine or mine[-1].text == engine.RESIGN or (undo and mine[-1].seq != len(actions) - 1):
        return False
    to = mine[-1].seq
    restored = await service.unit.state_at(loaded, to)
    undone = [(a.seat, a.text) for a in actions if a.seq >= to]
    if not revealed(game, restored, undone, [seat]):
        return False
    world.figures.add("reveals_tried")
    try:
        if undo:
            await service.undo(game_id, user_id)
        else:
            await service.council.request_takeback(game_id, user_id)
            await approve_all(service, game_id, user_id)
    except ServiceError:
        return True  # refused: right
    if (await service.load(game_id)).row.version == to:
        world.figures.add("takebacks_past_reveal")
        world.figures.problem(f"game {game_id}: {'undo' if undo else 'takeback'} past {undone}")
    return True


async def approve_all(service: Any, game_id: int, by: int) -> None:
    loaded = await service.load(game_id)
    version = loaded.row.version
    for voter in sorted(loaded.humans - {by}):
        await service.council.vote_takeback(game_id, voter, version, True)


# --- replaced voters ------------------------------------------------------------------


async def _clock(service: Any, game_id: int, user_id: int) -> None:
    loaded = await service.load(game_id)
    vote = loaded.row.settings.get("clock_vote")
    if vote is None:
        await service.tempo.set_clock(game_id, user_id, reminder_hours=7.0, deadline_hours=None)
    else:
        await service.tempo.vote_clock(game_id, user_id, int(vote["serial"]), True)


async def _takeback_vote(service: Any, game_id: int, user_id: int) -> None:
    version = (await service.load(game_id)).row.version
    await service.council.vote_takeback(game_id, user_id, version, True)


async def _settings(service: Any, game_id: int) -> dict[str, Any]:
    return dict((await service.load(game_id)).row.settings)


# per decision: how a player votes for it, and whether it was decided
VOTES: dict[str, tuple[Callable[..., Awaitable[Any]], Callable[..., Awaitable[bool]]]] = {
    "clock": (_clock, lambda s, g, v: _is(_settings(s, g), "reminder_hours", 7.0)),
    "pause": (lambda s, g, u: s.tempo.pause(g, u), lambda s, g, v: _is(_settings(s, g), "paused")),
    "abandon": (lambda s, g, u: s.abandon(g, u), lambda s, g, v: _status_is(s, g, "abandoned")),
    "takeback": (_takeback_vote, lambda s, g, v: _taken_back(s, g, v)),
}


async def _is(settings: Awaitable[dict[str, Any]], key: str, value: Any = True) -> bool:
    return (await settings).get(key) == value


async def _status_is(service: Any, game_id: int, status: str) -> bool:
    return bool((await service.load(game_id)).row.status == status)


async def _taken_back(service: Any, game_id: int, asked_at: int) -> bool:
    return bool((await service.load(game_id)).row.version < asked_at)


async def replaced_voters(world: World) -> None:
    """X votes (or proposes), X's seat is handed to W, the two others vote: the decision
    must wait for W (a takeback: the mover asks, X approves, X is replaced)."""
    service = world.bot.service
    ids = [u.id for u in world.users[:3]]
    newcomer = world.users[3]
    for kind, (vote, decided) in VOTES.items():
        voters, asked_at = ids, 0
        if kind == "takeback":  # a mover asks to take back their move
            asked = await takeback_asked(world)
            if asked is None:
                world.figures.problem("no move whose takeback may be asked was found")
                continue
            game_id, mover, asked_at = asked
            voters = [u for u in ids if u != mover]
        else:
            game_id = await three_seats(world, THREE[0])
        first, *others = voters
        await vote(service, game_id, first)
        await service.council.replace(
            game_id,
            others[0],
            old_user=first,
            new_user=newcomer.id,
            new_name=newcomer.username,
            is_admin=True,
        )
        for voter in others:
            with contextlib.suppress(ServiceError):
                await vote(service, game_id, voter)
        world.figures.add("replaced_votes_tried")
        if await decided(service, game_id, asked_at):
            world.figures.add("votes_from_replaced_seat")
            world.figures.problem(f"{kind}: decided without the new holder of a seat")


THREE = [c for c in configurations() if c.players == 3]


async def three_seats(world: World, config: Config) -> int:
    pairs = [(u.id, u.username) for u in world.users[:3]]
    return await open_table(world.bot.service, config, pairs, seed=world.seed + 200)


async def takeback_asked(world: World) -> tuple[int, int, int] | None:
    """A three-seat game played until a move whose takeback the service lets its mover
    ask (one that revealed nothing); the game, the mover and the version at the ask."""
    service = world.bot.service
    for config in THREE:
        game_id, player = await three_seats(world, config), RandomPlayer(world.seed)
        for _ in range(30):
            turn = await next_turn(service, config.game, game_id, player)
            if turn is None:
                break
            await service.act(game_id, turn.user_id, turn.text)
            with contextlib.suppress(ServiceError):
                await service.council.request_takeback(game_id, turn.user_id)
                return game_id, turn.user_id, turn.version + 1
    return None


# --- the part -------------------------------------------------------------------------


async def run_truth(
    moves: int = 3, playout: int = 60, tries: int = 2, seed: int = 17
) -> dict[str, Any]:
    """Every scenario above against one bot; the figures and the first problems."""
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    emu = Emulator()
    await emu.start()
    # what discord.py logs about the refusals we inject is not the bot's error
    emu.ignore_discord_errors(r"403|50013|Missing Permissions")
    running: Any = None
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = make_bot(emu, Path(tmp) / "truth.db", Clock())
            await start_client(bot, emu)
            running = bot
            await bot.tree.sync()
            guild = emu.add_guild("Truth")
            users = [emu.add_user(f"t{i}") for i in range(5)]
            world = World(emu, bot, guild, users, seed)
            world.figures.values = dict.fromkeys(ZERO["truth"], 0)
            async with error_log() as errors:
                await after_commit(world, moves)
                await rollbacks_while_refused(world)
                await reveals(world, playout, tries)
                await replaced_voters(world)
            world.figures.add("exceptions", len(errors.records) + len(emu.problems()))
            problems = world.figures.problems + errors.lines()[:5] + emu.problems()[:5]
    finally:
        if running is not None:
            await stop_client(running)
        await emu.stop()
    took = round(time.perf_counter() - started, 1)
    return {**world.figures.values, "problems": problems[:20], "wall_s": took}
