"""``/board text:true`` through the Discord emulator gives the whole board: on the biggest
board of a five-player Rising Sun game and of a four-player Shitenno game (long names),
every sentence of the board's full description reaches the reader whole, in as many
ephemeral messages as it takes, each within Discord's 2,000 characters."""

from __future__ import annotations

import random
from typing import Any

import pytest

import games
import renderer
from bot.edge.delivery import chunks
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import game_id_of
from tests.emulator import FakeUser

DISCORD_CONTENT = 2000
DISCORD_DESCRIPTION = 1024
LONG = "Watanabe-Fernández de la Sierra y Castillo"


def biggest_board(key: str, players: int, names: list[str], seed: int) -> tuple[Any, int]:
    """The state whose public description is longest in a game played at random to its
    end, and that description's length."""
    game, rng = games.get(key), random.Random(seed)
    state = game.setup(players, {}, seed=seed)
    best, size = state, 0
    while game.outcome(state) is None:
        said = renderer.alt_sentences(key, game.view(state, None), names=names)
        length = sum(len(s.text) + 1 for s in said)
        best, size = (state, length) if length > size else (best, size)
        seat = min(game.to_act(state))
        state, _ = game.apply(state, seat, rng.choice(game.legal(state, seat)))
    return best, size


async def started(t: Table, key: str, users: list[FakeUser]) -> tuple[int, int]:
    """A game of ``key`` opened by the first user, joined by the others and started."""
    new = {"game": key, "players": len(users)}
    lobby = await t.answer(await t.emu.slash(users[0], t.channel, "game new", new))
    game_id = game_id_of(lobby)
    for user in users[1:]:
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    await t.answer(await t.emu.click(users[0], lobby, f"tenka:l:start:{game_id}"))
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


@pytest.mark.parametrize(("key", "players"), [("rising_sun", 5), ("shitenno", 4)])
async def test_board_text_gives_every_sentence_of_a_big_board(
    table: Table, key: str, players: int
) -> None:
    t = table
    users = [
        t.emu.add_user(n.lower(), global_name=f"{n} {LONG}")
        for n in ("Ann", "Bo", "Chie", "Dai", "Eri")
    ]
    users = users[:players]
    game_id, thread_id = await started(t, key, users)
    loaded = await t.bot.service.reading.unit.load(game_id)
    names, game = loaded.names(), games.get(key)
    state, size = biggest_board(key, players, names, seed=5)
    order = [(s.user_id, s.ai) for s in loaded.seats]
    dumped = game.dump_state(state)
    await t.bot.store.start_game(
        game_id, order=order, state=dumped, thread_id=thread_id, expected_status="active"
    )
    said = renderer.alt_sentences(key, game.view(state, None), names=names)
    assert size > DISCORD_DESCRIPTION  # more than an alt text holds

    handle = await t.emu.slash(t.alice, thread_id, "board", {"text": True})
    await handle.response()
    expected = len(chunks("\n".join(s.text for s in said), DISCORD_CONTENT))
    messages = await handle.followups(expected, timeout=10)
    assert all(m.ephemeral and len(m.content) <= DISCORD_CONTENT for m in messages)
    lines = {line for m in messages for line in m.content.splitlines()}
    missing = [s.text for s in said if s.text not in lines]
    assert not missing, (len(said), missing[:3])
