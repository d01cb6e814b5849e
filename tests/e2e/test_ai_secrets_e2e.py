"""An AI seat's move is posted like a human's, and nothing of what the AI sampled (the
other seat's hand as it guessed it) appears in any message (issue 27, item 5): Samurai,
two players, Alice against an AI seat added in the lobby."""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass, field
from typing import Any

import pytest

import bot.service.thinking
import games
from games.ai import choose_for, player_for
from games.base import Action, Game, Player, Seen
from tests.e2e.conftest import Table
from tests.e2e.test_samurai_e2e import menu_message, pick
from tests.e2e.test_yokai_e2e import game_id_of

SAMPLES = 4  # redeals the spy draws at each move, besides the guess
AI_MOVES = 6  # moves of the AI seat watched


@dataclass
class Spy:
    """The game's own player, noting every hand it could have seen of the other seats."""

    inner: Player
    name: str = "spy"
    hands: list[tuple[str, ...]] = field(default_factory=list)
    moves: int = 0

    def choose(self, seen: Seen) -> Action:
        for state in (seen.guess, *(seen.sample(k) for k in range(SAMPLES))):
            self.hands += [tuple(h) for q, h in enumerate(state.hands) if q != seen.seat and h]
        self.moves += state.phase != "pick"
        return self.inner.choose(seen)


def _spying(spies: list[Spy]) -> Any:
    def make(game: Game, strength: str, seed: int, budget_s: float) -> Player:
        spy = Spy(player_for(game, strength, seed, budget_s))
        spies.append(spy)
        return spy

    return make


def _written(hand: tuple[str, ...]) -> set[str]:
    """The ways a message could write a hand of tiles."""
    return {sep.join(hand) for sep in (" ", ", ", "/", "")} | {
        sep.join(sorted(hand)) for sep in (" ", ", ")
    }


async def test_an_ai_seat_posts_its_moves_like_a_human_and_leaks_no_sample(
    table: Table, monkeypatch: pytest.MonkeyPatch
) -> None:
    t = table
    spies: list[Spy] = []
    monkeypatch.setattr(bot.service.thinking, "player_for", _spying(spies))
    monkeypatch.setattr(t.bot.thinker, "workers", 0)  # the spy must run in this process
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "samurai", "players": 2})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    await (await t.emu.click(t.alice, lobby, f"tenka:l:ai:{game_id}")).response()
    await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t.emu.threads_of(t.channel)
    await t.emu.wait_until(lambda: t.emu.dms(t.alice), 10, "the opening DM")
    await pick(t, t.alice, menu_message(t.emu.dms(t.alice), game_id), game_id)
    game = games.get("samurai")
    mine = player_for(game, "normal", 1, 0.01)
    shown: set[str] = set()  # every text a channel showed, edits included
    for step in range(200):
        shown |= {m.content for c in (t.channel, thread.id) for m in t.emu.public_messages(c)}
        if sum(s.moves for s in spies) >= AI_MOVES:
            break
        loaded = await t.bot.service.load(game_id)
        seat = min(game.to_act(loaded.state))
        if loaded.user_at(seat) is None:  # the AI's turn: the bot plays it
            await asyncio.sleep(0.05)
            continue
        move = game.notation(loaded.state, choose_for(mine, game, loaded.state, seat, step))
        handle = await t.emu.slash(t.alice, thread.id, "move", {"action": move})
        await handle.response()
        await t.emu.wait_until(lambda h=handle: h.followup_messages(), 10, move)
    assert sum(s.moves for s in spies) >= AI_MOVES
    # posted like a human's: each line of the AI's moves reads as a line of Alice's
    lines = [line for text in shown for line in text.splitlines()]
    ai_name = next(n for n in (await t.bot.service.load(game_id)).names() if "(AI, normal)" in n)
    theirs = {_shape(line, ai_name) for line in lines if line.startswith(ai_name)}
    alices = {_shape(line, "Alice") for line in lines if line.startswith("Alice")}
    assert "placed FIGURE on X." in theirs
    assert theirs <= alices | {"has chosen their starting tiles."}
    # nothing it sampled: no hand the AI guessed or drew is written in any channel
    sampled = {h for spy in spies for h in spy.hands if len(h) >= 2}
    assert sampled
    for hand in sampled:
        assert not any(w in text for text in shown for w in _written(hand)), hand


def _shape(line: str, name: str) -> str:
    """A move's line without its mover, figure and places (``placed FIGURE on X.``)."""
    line = re.sub(r"\b[A-Z]\d{1,2}\b", "X", line.removeprefix(name).strip())
    return re.sub(r"^placed an? [\w ]+ on ", "placed FIGURE on ", line)
