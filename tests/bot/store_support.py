"""Shared by the store tests: a toy engine, game builders and a store opener that always closes.

The toy engine's state is the list of actions so far, so replaying the log must reproduce
the stored state exactly.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from typing import Any

import asyncpg

from bot.store import GameRow, SqliteStore, open_store
from bot.store.postgres import PostgresStore

AnyStore = SqliteStore | PostgresStore
Opener = Callable[..., Awaitable[AnyStore]]

ALICE, BOB, CAROL = 101, 102, 103


def toy_apply(state: dict[str, Any], text: str) -> dict[str, Any]:
    """The toy engine: a new state recording one more action."""
    return {"moves": [*state["moves"], text], "note": "東京 ✓", "big": 2**64 - 1}


def toy_initial() -> dict[str, Any]:
    return {"moves": [], "note": "東京 ✓", "big": 2**64 - 1}


async def new_game(store: AnyStore, channel: int = 500, creator: int = ALICE) -> GameRow:
    return await store.create_game(
        guild_id=1, channel_id=channel, creator_id=creator, game_key="toy",
        options={"variant": "3x4"}, seed=2**64 - 5, rules_version=3, now=1000.0,
    )  # fmt: skip


async def started_game(store: AnyStore, players: tuple[int, ...] = (ALICE, BOB)) -> GameRow:
    game = await new_game(store, creator=players[0])
    for user in players[1:]:
        await store.join(game.id, user, now=1001.0)
    order = [(user, None) for user in players]
    return await store.start_game(
        game.id, order=order, state=toy_initial(), thread_id=None, now=1002.0
    )


async def play(store: AnyStore, game: GameRow, count: int, start_at: float = 2000.0) -> GameRow:
    """Append ``count`` toy moves, seats taking turns."""
    players = len(await store.seats(game.id))
    current = game
    for _ in range(count):
        seq = current.version
        current = await store.append_action(
            game.id,
            expected_version=seq,
            seat=seq % players,
            user_id=None,
            text=f"m{seq}",
            state=toy_apply(current.state, f"m{seq}"),
            now=start_at + seq,
        )
    return current


@asynccontextmanager
async def store_opener() -> AsyncIterator[Opener]:
    """``open_store`` whose stores are all closed on exit, even when a test fails
    (an unclosed aiosqlite connection keeps its thread, and so pytest, alive)."""
    opened: list[AnyStore] = []

    async def open_tracked(url: str, **kwargs: Any) -> AnyStore:
        store = await open_store(url, **kwargs)
        opened.append(store)
        return store

    try:
        yield open_tracked
    finally:
        for store in opened:
            await store.close()


async def raw(store: AnyStore, sql: str, *params: Any) -> list[tuple[Any, ...]]:
    """Run SQL written with ``?`` placeholders straight on the store's database, through a
    connection of its own (what another process, or a stray tool, would see or do)."""
    if isinstance(store, SqliteStore):
        with sqlite3.connect(store.path) as conn:
            return [tuple(row) for row in conn.execute(sql, params)]
    pieces = sql.split("?")
    numbered = pieces[0] + "".join(f"${i}{piece}" for i, piece in enumerate(pieces[1:], 1))
    async with store.pool.connection() as conn:
        return [tuple(row) for row in await conn.fetch(numbered, *params)]


async def move_held_on_the_game_row(
    store: AnyStore, url: str, game: GameRow
) -> tuple[Any, asyncio.Task[GameRow]]:
    """``(blocker, move)``: another connection holds ``game``'s row in an open transaction
    (as a slow move of another process would) and the next toy move waits on it, its
    statement sent and started on the server. The caller closes the blocker."""
    blocker = await asyncpg.connect(url)
    await blocker.execute("BEGIN")
    await blocker.execute("SELECT 1 FROM games WHERE id = $1 FOR UPDATE", game.id)
    seq = game.version
    move = asyncio.create_task(
        store.append_action(
            game.id,
            expected_version=seq,
            seat=seq % 2,
            user_id=None,
            text=f"m{seq}",
            state=toy_apply(game.state, f"m{seq}"),
        )
    )
    waiting = 0
    for _ in range(100):
        sql = "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock'"
        waiting = await blocker.fetchval(sql)
        if waiting:
            break
        await asyncio.sleep(0.05)
    assert waiting == 1 and not move.done()
    return blocker, move
