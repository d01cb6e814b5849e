"""The outbox in the store (both backends): what a game owes is keyed by its revision,
which every commit moves (a move, an undo, a takeback), not by its version, which an undo
or a takeback lowers and the next move raises back to a number already published."""

from __future__ import annotations

import sqlite3

import asyncpg

from bot.store import GameRow, is_postgres, sqlite_path
from bot.store.common import numbered
from bot.store.migrations import MIGRATIONS, migrate
from bot.store.postgres_schema import MIGRATIONS as PG_MIGRATIONS
from bot.store.postgres_schema import migrate as pg_migrate
from tests.bot.store_support import AnyStore, Opener, play, started_game, toy_apply


async def _published(store_url: str, opener: Opener, moves: int) -> tuple[AnyStore, GameRow]:
    """A store and a game of ``moves`` moves whose posts were all delivered."""
    store = await opener(store_url)
    game = await play(store, await started_game(store), moves)
    await store.mark_published(game.id, game.revision)
    return store, game


async def test_a_takeback_and_another_move_to_the_published_version_still_owe_the_board(
    store_url: str, opener: Opener
) -> None:
    store, game = await _published(store_url, opener, 3)
    assert await store.owed_games() == []
    state = (await store.snapshot_at_or_before(game.id, 0))[1]
    for action in await store.actions(game.id, limit=2):
        state = toy_apply(state, action.text)
    back = await store.rollback(game.id, to_version=2, expected_version=3, state=state)
    # the board in the channel shows the undone move: told from the common prefix
    assert (back.published_version, back.board_undone) == (2, True)
    again = await play(store, back, 1)  # another move, back to the published version 3
    assert again.version == 3 == game.version and again.revision == game.revision + 2
    assert [g.id for g in await store.owed_games()] == [game.id]
    await store.mark_published(game.id, game.revision)  # the old revision's mark: no effect
    assert [g.id for g in await store.owed_games()] == [game.id]
    await store.mark_published(game.id, again.revision)
    done = await store.get_game(game.id)
    assert done is not None and (done.published_version, done.board_undone) == (3, False)
    assert await store.owed_games() == []


async def test_a_rollback_within_what_was_never_published_marks_no_board(
    store_url: str, opener: Opener
) -> None:
    store, game = await _published(store_url, opener, 2)
    game = await play(store, game, 1)  # version 3, its board never delivered
    state = (await store.get_game(game.id)).state  # type: ignore[union-attr]
    back = await store.rollback(game.id, to_version=2, expected_version=3, state=state)
    assert (back.published_version, back.board_undone) == (2, False)


OLD_GAMES = ((5, 9, 5), (5, 9, 4), (0, 1, None))  # version, revision, published version


async def _version_3_database(store_url: str) -> None:
    """A database at schema 3 (before the revision outbox) holding three active games:
    fully published, owing version 5, and one whose start was never delivered."""
    insert = (
        "INSERT INTO games (channel_id, creator_id, game_key, seed, rules_version, status,"
        " version, revision, published_version, created_at, updated_at)"
        " VALUES (1, 1, 'toy', '1', 1, 'active', ?, ?, ?, 0, 0)"
    )
    if not is_postgres(store_url):
        conn = sqlite3.connect(sqlite_path(store_url), isolation_level=None)
        migrate(conn, MIGRATIONS[:3])
        conn.executemany(insert, OLD_GAMES)
        conn.close()
        return
    pg = await asyncpg.connect(store_url)
    try:
        await pg_migrate(pg, PG_MIGRATIONS[:3])  # type: ignore[arg-type]
        await pg.executemany(numbered(insert), OLD_GAMES)
    finally:
        await pg.close()


async def test_migration_4_keeps_published_games_published_and_owed_games_owed(
    store_url: str, opener: Opener
) -> None:
    await _version_3_database(store_url)
    store = await opener(store_url)  # migrates to the latest schema
    assert [g.id for g in await store.owed_games()] == [2, 3]
    published = await store.get_game(1)
    assert published is not None and published.published_revision == 9


async def test_a_seat_handed_over_is_a_new_revision(store_url: str, opener: Opener) -> None:
    """The board that says a seat changed hands is a new post: at the published revision
    it would be refused as already delivered (and its nonce would return the old one)."""
    store, game = await _published(store_url, opener, 2)
    await store.replace_seat(game.id, 1, user_id=None, ai="normal")
    after = await store.get_game(game.id)
    assert after is not None and after.revision == game.revision + 1
    assert await store.claim_board(game.id, after.revision)
