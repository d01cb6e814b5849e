"""The store calls that let one move cost a few calls (both backends): ``load_game`` reads
a game with what a command needs of it in one read, ``outbox`` the publisher's columns,
``sync_timers`` replaces a game's timers in one transaction."""

from __future__ import annotations

from typing import Any

import pytest

from bot.store import NewTimer, Played, Timer
from tests.bot.store_support import ALICE, BOB, CAROL, Opener, play, started_game, toy_apply


async def test_load_game_reads_the_game_its_players_settings_and_the_origin_at_once(
    store_url: str, opener: Opener
) -> None:
    """Guards the one read of a move: the row and seats as ``get_game``/``seats`` give
    them, the settings of the seated players only (CAROL is not seated: shown red with the
    seat filter taken out of the query), the server's, and where an origin was played."""
    store = await opener(store_url)
    game = await started_game(store)
    await store.set_user_settings(ALICE, {"language": "es"})
    await store.set_user_settings(CAROL, {"palette": "night"})
    await store.set_guild_settings(1, {"reminder_hours": 6})
    await store.set_guild_settings(2, {"reminder_hours": 99})
    game = await store.append_action(
        game.id, expected_version=0, seat=0, user_id=ALICE, text="m0",
        state=toy_apply(game.state, "m0"), origin="i42",
    )  # fmt: skip
    found = await store.load_game(game.id, "i42")
    assert found is not None
    assert found.row == await store.get_game(game.id)
    assert found.seats == await store.seats(game.id)
    assert found.prefs == {ALICE: {"language": "es"}}  # BOB has none, CAROL is not seated
    assert found.guild == {"reminder_hours": 6}
    assert found.played == Played(game.id, 0)
    again = await store.load_game(game.id, "i43")
    assert again is not None and again.played is None
    assert await store.load_game(game.id + 1000) is None


async def test_outbox_is_the_publishers_columns(store_url: str, opener: Opener) -> None:
    store = await opener(store_url)
    game = await play(store, await started_game(store), 2)
    assert await store.claim_board(game.id, game.revision)
    await store.set_messages(game.id, board_message_id=77)
    before = await store.outbox(game.id)
    assert before is not None
    assert (before.published_revision, before.board_revision) == (None, game.revision)
    assert (before.board_message_id, before.board_undone) == (77, False)
    await store.mark_published(game.id, game.revision)
    after = await store.outbox(game.id)
    assert after is not None and after.published_revision == game.revision
    assert await store.outbox(game.id + 1000) is None


async def test_sync_timers_replaces_a_games_timers_in_one_transaction(
    store_url: str, opener: Opener
) -> None:
    """Guards the timers of a move written as one transaction: the plan sees this game's
    timers only, its deletions and additions land together, and when an addition fails
    nothing changed (shown red on SQLite with the call run without its transaction)."""
    store = await opener(store_url)
    game = await started_game(store)
    other = await started_game(store, (BOB, CAROL))
    old = await store.add_timer(due_at=10.0, kind="remind", game_id=game.id, user_id=ALICE)
    kept = await store.add_timer(due_at=20.0, kind="ai", game_id=game.id)
    theirs = await store.add_timer(due_at=5.0, kind="remind", game_id=other.id, user_id=BOB)
    seen: list[list[Timer]] = []

    def plan(timers: list[Timer]) -> tuple[list[int], list[NewTimer]]:
        seen.append(timers)
        return [old], [NewTimer(30.0, "remind", BOB, {"turn": 1.5})]

    (added,) = await store.sync_timers(game.id, plan)
    assert [t.id for t in seen[0]] == [old, kept]
    assert (added.due_at, added.kind, added.user_id, added.payload) == (
        30.0,
        "remind",
        BOB,
        {"turn": 1.5},
    )
    assert [t.id for t in await store.timers_for_game(game.id)] == [kept, added.id]
    assert [t.id for t in await store.timers_for_game(other.id)] == [theirs]

    def bad(timers: list[Timer]) -> tuple[list[int], list[NewTimer]]:
        unsaveable: dict[str, Any] = {"x": object()}  # its payload cannot be written
        return [kept], [NewTimer(40.0, "remind", ALICE, unsaveable)]

    with pytest.raises(TypeError):
        await store.sync_timers(game.id, bad)
    assert [t.id for t in await store.timers_for_game(game.id)] == [kept, added.id]
