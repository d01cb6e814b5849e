"""The store: schema, lobby, the action log, snapshots, takebacks, settings, timers.

Every behaviour test takes ``store`` and runs on both backends (SQLite and a real
PostgreSQL, see ``tests/bot/conftest.py``); the tests of one backend's own machinery
(SQLite's pragmas and file URLs, PostgreSQL's URL and server errors) name it.
Races and crashes are in ``test_store_durability.py``; the toy engine and game builders
are in ``store_support.py``.
"""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path
from typing import Any

import pytest

from bot.store import (
    AlreadySeated,
    Conflict,
    LobbyFull,
    NewAction,
    NotFound,
    NotInLobby,
    SqliteStore,
    StoreError,
    is_postgres,
    sqlite_path,
)
from bot.store.migrations import LATEST_VERSION, migrate
from tests.bot.store_support import (
    ALICE,
    BOB,
    CAROL,
    AnyStore,
    Opener,
    new_game,
    play,
    raw,
    started_game,
    toy_apply,
    toy_initial,
)


@pytest.fixture
async def store(store_url: str, opener: Opener) -> AnyStore:
    return await opener(store_url, snapshot_every=5)


# --- opening and schema ---------------------------------------------------------------


async def test_sqlite_open_applies_migrations_with_wal_foreign_keys_and_busy_timeout(
    tmp_path: Path, opener: Opener
) -> None:
    path = tmp_path / "deep" / "dir" / "tenka.db"  # parent folders are created
    store = await opener(str(path))
    assert await store.schema_version() == LATEST_VERSION >= 1
    assert await store.pragma("journal_mode") == "wal"
    assert await store.pragma("foreign_keys") == 1
    assert await store.pragma("busy_timeout") == 5000
    assert await store.pragma("synchronous") == 1  # NORMAL
    game = await new_game(store)
    await store.close()
    await store.close()  # a second close is harmless

    reopened = await opener(f"sqlite:///{path}")
    assert await reopened.schema_version() == LATEST_VERSION
    assert await reopened.get_game(game.id) == game
    await reopened.close()
    with sqlite3.connect(path, isolation_level=None) as conn:  # re-running is a no-op
        assert migrate(conn) == LATEST_VERSION
        tables = {row[0] for row in conn.execute("SELECT name FROM sqlite_master")}
    assert {"games", "seats", "actions", "snapshots", "timers", "meta"} <= tables


async def test_sqlite_connections_opening_a_fresh_file_together_all_succeed(
    tmp_path: Path, opener: Opener
) -> None:
    url = str(tmp_path / "fresh.db")
    stores = await asyncio.gather(*(opener(url) for _ in range(4)))
    assert [await store.schema_version() for store in stores] == [LATEST_VERSION] * 4
    assert {await store.pragma("journal_mode") for store in stores} == {"wal"}
    game = await new_game(stores[0])
    assert await stores[3].get_game(game.id) == game


async def test_a_schema_newer_than_the_code_is_refused(store: AnyStore, opener: Opener) -> None:
    game = await new_game(store)
    sqlite = isinstance(store, SqliteStore)
    url = store.path if isinstance(store, SqliteStore) else store.url
    set_version = "PRAGMA user_version = {}" if sqlite else "UPDATE tenka_schema SET version = {}"
    await raw(store, set_version.format(999))
    known = rf"newer than this version of Tenka knows \({LATEST_VERSION}\)"
    with pytest.raises(StoreError, match=known):
        await opener(url)
    await raw(store, set_version.format(LATEST_VERSION))
    assert await (await opener(url)).get_game(game.id) == game  # nothing was touched


async def test_connections_opening_a_fresh_database_together_all_migrate_once(
    store_url: str, opener: Opener
) -> None:
    stores = await asyncio.gather(*(opener(store_url) for _ in range(4)))
    assert [await store.schema_version() for store in stores] == [LATEST_VERSION] * 4
    game = await new_game(stores[0])
    assert await stores[3].get_game(game.id) == game


def test_store_urls_map_to_paths() -> None:
    assert sqlite_path("sqlite:///data/tenka.db") == "data/tenka.db"  # relative
    assert sqlite_path("sqlite:////var/lib/tenka.db") == "/var/lib/tenka.db"  # absolute
    assert sqlite_path("plain/path.db") == "plain/path.db"
    for memory in (":memory:", "sqlite://:memory:", "sqlite:///:memory:"):
        assert sqlite_path(memory) == ":memory:"
    with pytest.raises(StoreError, match="postgresql://user:password@host/database"):
        sqlite_path("mysql://localhost/tenka")
    assert is_postgres("postgresql://u:p@db/tenka") and is_postgres("postgres://db/tenka")
    with pytest.raises(StoreError):
        sqlite_path("sqlite://")


async def test_sqlite_relative_url_and_memory_store(
    tmp_path: Path, monkeypatch: Any, opener: Opener
) -> None:
    monkeypatch.chdir(tmp_path)
    store = await opener("sqlite:///rel/tenka.db")
    await new_game(store)
    await store.close()
    assert (tmp_path / "rel" / "tenka.db").exists()
    memory = await opener(":memory:")
    assert (await new_game(memory)).id == 1
    await memory.close()


# --- lobby ----------------------------------------------------------------------------


async def test_create_join_leave_in_the_lobby(store: AnyStore) -> None:
    game = await new_game(store)
    assert (game.status, game.version, game.state, game.outcome) == ("lobby", 0, None, None)
    assert game.seed == 2**64 - 5 and game.options == {"variant": "3x4"}
    assert (game.created_at, game.turn_started_at) == (1000.0, None)
    assert [(s.user_id, s.position) for s in await store.seats(game.id)] == [(ALICE, None)]

    await store.join(game.id, CAROL, now=1003.0)
    seats = await store.join(game.id, BOB, now=1002.0)
    assert [s.user_id for s in seats] == [ALICE, BOB, CAROL]  # by joined_at
    with pytest.raises(AlreadySeated):
        await store.join(game.id, BOB)
    seats = await store.add_ai_seat(game.id, "normal", now=1004.0)
    assert (seats[-1].user_id, seats[-1].ai) == (None, "normal")
    with pytest.raises(LobbyFull):
        await store.join(game.id, 104, max_seats=4)
    seats = await store.leave(game.id, CAROL)
    assert [s.user_id for s in seats] == [ALICE, BOB, None]
    with pytest.raises(NotFound):
        await store.leave(game.id, CAROL)
    with pytest.raises(NotFound):
        await store.join(9999, BOB)


async def test_start_seats_in_the_given_order_and_writes_snapshot_zero(
    store: AnyStore,
) -> None:
    game = await new_game(store)
    await store.join(game.id, BOB, now=1001.0)
    await store.add_ai_seat(game.id, "easy", now=1002.0)
    order = [(BOB, None), (None, "easy"), (ALICE, None), (None, "hard")]
    started = await store.start_game(
        game.id, order=order, state=toy_initial(), thread_id=777, now=1010.0
    )
    assert (started.status, started.version, started.thread_id) == ("active", 0, 777)
    assert (started.state, started.turn_started_at) == (toy_initial(), 1010.0)
    seats = await store.seats(game.id)
    assert [(s.position, s.user_id, s.ai) for s in seats] == [
        (0, BOB, None), (1, None, "easy"), (2, ALICE, None), (3, None, "hard"),
    ]  # fmt: skip
    assert [s.joined_at for s in seats] == [1001.0, 1002.0, 1000.0, 1010.0]
    assert await store.snapshot_at_or_before(game.id, 0) == (0, toy_initial())
    with pytest.raises(Conflict):  # a second start loses
        await store.start_game(game.id, order=order, state={}, thread_id=None)
    with pytest.raises(NotInLobby):
        await store.join(game.id, CAROL)
    with pytest.raises(NotInLobby):
        await store.leave(game.id, BOB)


async def test_start_with_a_stale_lobby_is_a_conflict_and_changes_nothing(
    store: AnyStore,
) -> None:
    game = await new_game(store)
    await store.join(game.id, BOB)
    before = await store.seats(game.id)
    with pytest.raises(Conflict):  # Carol is not seated; Bob is missing
        await store.start_game(
            game.id, order=[(ALICE, None), (CAROL, None)], state={}, thread_id=None
        )
    assert await store.get_game(game.id) == game
    assert await store.seats(game.id) == before
    with pytest.raises(ValueError):
        await store.start_game(game.id, order=[(ALICE, "ai")], state={}, thread_id=None)


async def test_set_messages_changes_only_what_is_given(store: AnyStore) -> None:
    game = await new_game(store)
    game = await store.set_messages(game.id, lobby_message_id=11, board_message_id=12)
    assert (game.thread_id, game.lobby_message_id, game.board_message_id) == (None, 11, 12)
    game = await store.set_messages(game.id, thread_id=13, lobby_message_id=None)
    assert (game.thread_id, game.lobby_message_id, game.board_message_id) == (13, None, 12)
    assert await store.set_messages(game.id) == game
    with pytest.raises(NotFound):
        await store.set_messages(424242, thread_id=1)


# --- the action log -------------------------------------------------------------------


async def test_append_with_the_right_version_then_a_stale_one(store: AnyStore) -> None:
    game = await started_game(store)
    moved = await store.append_action(
        game.id, expected_version=0, seat=0, user_id=ALICE, text="a1",
        state=toy_apply(game.state, "a1"), now=3000.0,
    )  # fmt: skip
    assert (moved.version, moved.state["moves"], moved.updated_at) == (1, ["a1"], 3000.0)
    assert moved.turn_started_at == 3000.0
    assert moved == await store.get_game(game.id)

    with pytest.raises(Conflict, match="version 1, not 0"):
        await store.append_action(
            game.id, expected_version=0, seat=1, user_id=BOB, text="b1", state={}, now=3001.0
        )
    assert await store.get_game(game.id) == moved  # nothing written
    actions = await store.actions(game.id)
    assert [(a.seq, a.seat, a.user_id, a.text, a.created_at) for a in actions] == [
        (0, 0, ALICE, "a1", 3000.0)
    ]
    seats = await store.seats(game.id)
    assert [s.last_acted_seq for s in seats] == [0, None]

    same_turn = await store.append_action(
        game.id, expected_version=1, seat=0, user_id=ALICE, text="a2",
        state=toy_apply(moved.state, "a2"), now=3005.0, turn_changed=False,
    )  # fmt: skip
    assert (same_turn.turn_started_at, same_turn.updated_at) == (3000.0, 3005.0)
    assert [s.last_acted_seq for s in await store.seats(game.id)] == [1, None]


async def test_finishing_move_records_the_outcome_and_closes_the_game(
    store: AnyStore,
) -> None:
    game = await play(store, await started_game(store), 3)
    final = await store.append_action(
        game.id, expected_version=3, seat=1, user_id=BOB, text="resign", state=game.state,
        status="finished", outcome={"winners": [0]},
    )  # fmt: skip
    assert (final.status, final.outcome, final.version) == ("finished", {"winners": [0]}, 4)
    with pytest.raises(Conflict, match="finished"):
        await store.append_action(
            game.id, expected_version=4, seat=0, user_id=ALICE, text="x", state={}
        )
    with pytest.raises(ValueError):
        await store.append_action(
            game.id, expected_version=4, seat=0, user_id=ALICE, text="x", state={}, status="won"
        )
    with pytest.raises(Conflict):
        await store.set_status(game.id, "abandoned", expected_version=3)
    with pytest.raises(NotFound):
        await store.append_action(
            424242, expected_version=0, seat=0, user_id=ALICE, text="x", state={}
        )


async def test_actions_paging_and_replay_reproduces_the_state(store: AnyStore) -> None:
    game = await play(store, await started_game(store), 12)
    log = await store.actions(game.id)
    assert [a.seq for a in log] == list(range(12))
    assert [a.seq for a in await store.actions(game.id, since_seq=4, limit=3)] == [4, 5, 6]
    state = toy_initial()
    for action in log:
        state = toy_apply(state, action.text)
    assert state == game.state == (await store.get_game(game.id)).state  # type: ignore[union-attr]


async def test_snapshots_every_n_rebuild_any_past_position(store: AnyStore) -> None:
    game = await play(store, await started_game(store), 12)  # snapshot_every=5
    seqs = [row[0] for row in await raw(store, "SELECT seq FROM snapshots ORDER BY seq")]
    assert seqs == [0, 5, 10]
    for version in range(13):
        base, state = await store.snapshot_at_or_before(game.id, version)
        assert base == version - version % 5
        for action in await store.actions(game.id, since_seq=base, limit=version - base):
            state = toy_apply(state, action.text)
        assert state["moves"] == [f"m{seq}" for seq in range(version)]
    with pytest.raises(NotFound):
        await store.snapshot_at_or_before(game.id, -1)


async def test_append_actions_is_atomic_and_snapshots_inside_the_batch(
    store: AnyStore,
) -> None:
    game = await play(store, await started_game(store), 3)
    s4 = toy_apply(game.state, "m3")
    s5 = toy_apply(s4, "m4")
    s6 = toy_apply(s5, "m5")
    batch = [NewAction(1, BOB, "m3", s4), NewAction(0, None, "m4", s5), NewAction(1, BOB, "m5", s6)]
    moved = await store.append_actions(game.id, expected_version=3, actions=batch)
    assert (moved.version, moved.state) == (6, s6)
    assert await store.snapshot_at_or_before(game.id, 5) == (5, s5)
    assert [s.last_acted_seq for s in await store.seats(game.id)] == [4, 5]
    with pytest.raises(Conflict):
        await store.append_actions(game.id, expected_version=3, actions=batch)
    with pytest.raises(ValueError):
        await store.append_actions(game.id, expected_version=6, actions=[])
    assert len(await store.actions(game.id)) == 6


async def test_rollback_takes_back_actions_and_snapshots(store: AnyStore) -> None:
    game = await play(store, await started_game(store), 12)
    base, state = await store.snapshot_at_or_before(game.id, 7)
    for action in await store.actions(game.id, since_seq=base, limit=7 - base):
        state = toy_apply(state, action.text)
    with pytest.raises(Conflict):
        await store.rollback(game.id, to_version=7, expected_version=11, state=state)
    with pytest.raises(ValueError):
        await store.rollback(game.id, to_version=13, expected_version=12, state=state)
    back = await store.rollback(game.id, to_version=7, expected_version=12, state=state, now=9.0)
    assert (back.version, back.state, back.turn_started_at) == (7, state, 9.0)
    assert [a.seq for a in await store.actions(game.id)] == list(range(7))
    assert await store.snapshot_at_or_before(game.id, 100) == (5, toy_initial() | {
        "moves": [f"m{i}" for i in range(5)]
    })  # fmt: skip
    assert [s.last_acted_seq for s in await store.seats(game.id)] == [6, 5]
    again = await play(store, back, 6)  # the game goes on from the taken-back position
    assert again.version == 13 and (await store.snapshot_at_or_before(game.id, 13))[0] == 10


async def test_rollback_of_a_finishing_move_reopens_the_game(store: AnyStore) -> None:
    game = await play(store, await started_game(store), 2)
    await store.append_action(
        game.id, expected_version=2, seat=0, user_id=ALICE, text="resign", state=game.state,
        status="finished", outcome={"winners": [1]},
    )  # fmt: skip
    back = await store.rollback(
        game.id, to_version=2, expected_version=3, state=game.state, status="active"
    )
    assert (back.status, back.outcome, back.version) == ("active", None, 2)


async def test_set_status_and_settings(store: AnyStore) -> None:
    game = await started_game(store)
    with pytest.raises(Conflict):
        await store.set_status(game.id, "abandoned", expected_version=5)
    done = await store.set_status(game.id, "abandoned", outcome={"reason": "timeout"}, now=5.0)
    assert (done.status, done.outcome, done.updated_at) == ("abandoned", {"reason": "timeout"}, 5.0)
    game = await store.update_settings(game.id, {"reminder_h": 12, "paused": True})
    game = await store.update_settings(game.id, {"paused": None, "deadline_h": 48})
    assert game.settings == {"reminder_h": 12, "deadline_h": 48}


async def test_replace_seat_and_vacation(store: AnyStore) -> None:
    game = await started_game(store, (ALICE, BOB, CAROL))
    seats = await store.replace_seat(game.id, 1, user_id=None, ai="normal")
    assert [(s.user_id, s.ai) for s in seats] == [(ALICE, None), (None, "normal"), (CAROL, None)]
    with pytest.raises(AlreadySeated):
        await store.replace_seat(game.id, 1, user_id=CAROL, ai=None)
    with pytest.raises(NotFound):
        await store.replace_seat(game.id, 7, user_id=BOB, ai=None)
    seats = await store.replace_seat(game.id, 1, user_id=BOB, ai=None)
    assert seats[1].user_id == BOB
    await store.add_vacation_used(game.id, 2, 3600.0)
    seat = await store.add_vacation_used(game.id, 2, 1800.0)
    assert (seat.user_id, seat.vacation_used) == (CAROL, 5400.0)


# --- queries --------------------------------------------------------------------------


async def test_games_in_channel_for_user_by_thread_and_active(store: AnyStore) -> None:
    lobby = await new_game(store, channel=500, creator=CAROL)
    playing = await started_game(store)  # channel 500
    await store.set_messages(playing.id, thread_id=900)
    other = await new_game(store, channel=600, creator=BOB)
    done = await started_game(store, (BOB, CAROL))
    await store.set_status(done.id, "finished")

    assert [g.id for g in await store.games_in_channel(500)] == [lobby.id, playing.id]
    assert [g.id for g in await store.games_in_channel(900)] == [playing.id]  # the thread
    assert [g.id for g in await store.games_in_channel(500, ["finished"])] == [done.id]
    assert await store.games_in_channel(500, []) == []

    mine = await store.games_for_user(BOB)
    assert [(g.id, [s.user_id for s in seats]) for g, seats in mine] == [
        (playing.id, [ALICE, BOB]), (other.id, [BOB]),
    ]  # fmt: skip
    assert [g.id for g, _ in await store.games_for_user(CAROL, ["finished"])] == [done.id]
    assert await store.games_for_user(4242) == []
    assert (await store.game_by_thread(900)) == await store.get_game(playing.id)
    assert await store.game_by_thread(901) is None
    assert [g.id for g in await store.active_games()] == [playing.id]


# --- settings, timers, meta -----------------------------------------------------------


async def test_user_and_guild_settings_merge(store: AnyStore) -> None:
    assert await store.user_settings(ALICE) == {}
    await store.set_user_settings(ALICE, {"lang": "ja", "dm": False})
    merged = await store.set_user_settings(ALICE, {"dm": None, "tz": "Asia/Tokyo"})
    assert merged == {"lang": "ja", "tz": "Asia/Tokyo"} == await store.user_settings(ALICE)
    assert await store.user_settings(BOB) == {}
    await store.set_guild_settings(1, {"reminder_h": 24})
    assert await store.set_guild_settings(1, {"locale": "fr"}) == {
        "reminder_h": 24, "locale": "fr",
    }  # fmt: skip
    assert await store.guild_settings(2) == {}


async def test_timers_fire_in_order_and_are_claimed_once(store: AnyStore) -> None:
    game = await started_game(store)
    assert await store.next_timer() is None
    late = await store.add_timer(due_at=300.0, kind="deadline", game_id=game.id)
    soon = await store.add_timer(
        due_at=100.0, kind="reminder", game_id=game.id, user_id=BOB, payload={"n": 1}
    )
    loose = await store.add_timer(due_at=200.0, kind="digest", user_id=ALICE)
    first = await store.next_timer()
    assert first is not None and (first.id, first.payload, first.user_id) == (soon, {"n": 1}, BOB)
    assert [t.id for t in await store.due_timers(250.0)] == [soon, loose]
    assert await store.delete_timer(soon) is True
    assert await store.delete_timer(soon) is False  # a second dispatcher gets nothing
    assert [t.id for t in await store.timers_for_game(game.id)] == [late]
    assert await store.shift_timers(50.0) == 2
    assert [t.due_at for t in await store.due_timers(1e9)] == [250.0, 350.0]
    await store.add_timer(due_at=1.0, kind="reminder", game_id=game.id)
    assert await store.delete_timers(game.id, kind="reminder") == 1
    assert await store.delete_timers(game.id) == 1
    assert [t.id for t in await store.due_timers(1e9)] == [loose]


async def test_meta_values(store: AnyStore) -> None:
    assert await store.meta_get("heartbeat") is None
    await store.meta_set("heartbeat", "1700000000.5")
    await store.meta_set("heartbeat", "1700000060.5")
    assert await store.meta_get("heartbeat") == "1700000060.5"


async def test_a_corrupt_game_row_is_set_aside_by_every_multi_game_query(
    store: AnyStore, caplog: pytest.LogCaptureFixture
) -> None:
    # one damaged row must not stop the timers, the owed-posts sweep or a channel's other
    # games, on either backend (the bot's own commands for it answer err.broken_game)
    broken, sound = await started_game(store), await started_game(store)
    await raw(store, "UPDATE games SET state = ? WHERE id = ?", "{not json", broken.id)
    assert [g.id for g in await store.active_games()] == [sound.id]
    assert [g.id for g in await store.games_in_channel(500)] == [sound.id]
    assert [g.id for g, _ in await store.games_for_user(ALICE)] == [sound.id]
    assert f"game {broken.id} cannot be read" in caplog.text
