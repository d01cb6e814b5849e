"""Several bot processes on one database: timer claims, the shared heartbeat, board
claims, real OS processes racing moves and timers, and a server that goes away mid-game."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from bot.edge.runner import error_text
from bot.service.scheduler import Dispatcher
from bot.store import Timer, Unavailable, open_store
from tests.bot.store_support import (
    AnyStore,
    Opener,
    move_held_on_the_game_row,
    play,
    started_game,
    toy_apply,
)
from tests.pg_cluster import TempCluster

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture
async def two_stores(store_url: str, opener: Opener) -> tuple[AnyStore, AnyStore]:
    return await opener(store_url), await opener(store_url)


async def test_each_due_timer_is_claimed_by_one_store_until_its_claim_lapses(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    first, second = two_stores
    ids = [await first.add_timer(due_at=float(i), kind="deadline") for i in range(40)]
    later = await first.add_timer(due_at=500.0, kind="deadline")
    claims = await asyncio.gather(
        *(store.claim_timers(100.0, lease_s=60.0, limit=7) for store in (first, second) * 4)
    )
    claimed = [timer.id for batch in claims for timer in batch]
    assert sorted(claimed) == ids  # every due timer once, none twice, not the later one
    assert await first.claim_timers(150.0, lease_s=60.0) == []  # all held until 160
    upcoming = await second.next_timer()  # a held timer is due again when its claim lapses
    assert upcoming is not None and upcoming.due_at == 160.0
    retaken = await second.claim_timers(161.0, lease_s=60.0)  # their process died
    assert [t.id for t in retaken] == ids
    for timer in retaken:  # run, then deleted
        assert await second.delete_timer(timer.id)
    assert [t.id for t in await first.claim_timers(600.0, lease_s=60.0)] == [later]


async def test_the_heartbeat_swap_credits_downtime_to_exactly_one_process(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    first, second = two_stores
    await first.meta_set("heartbeat", repr(1000.0))
    timer = await first.add_timer(due_at=5000.0, kind="remind")
    now = 1000.0 + 3600.0

    async def nothing(_: Timer) -> None:
        return None

    dispatchers = [Dispatcher(store, nothing, clock=lambda: now) for store in two_stores]
    downtimes = await asyncio.gather(*(d.catch_up_downtime() for d in dispatchers))
    assert sorted(downtimes) == [0.0, 3600.0]
    (shifted,) = await second.timers_for_game(0) or await second.due_timers(1e9)
    assert (shifted.id, shifted.due_at) == (timer, 5000.0 + 3600.0)  # shifted once


async def test_two_dispatchers_run_each_timer_exactly_once(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    fired: list[tuple[int, int]] = []

    def handler(process: int) -> Any:
        async def run(timer: Timer) -> None:
            fired.append((timer.id, process))
            await asyncio.sleep(0)

        return run

    dispatchers = [
        Dispatcher(store, handler(i), clock=lambda: 1e6) for i, store in enumerate(two_stores)
    ]
    ids = [
        await two_stores[0].add_timer(due_at=float(i), kind=("remind", "deadline")[i % 2])
        for i in range(60)
    ]
    for _ in range(3):
        await asyncio.gather(*(d.run_due() for d in dispatchers))
    assert sorted(timer for timer, _ in fired) == ids
    assert await two_stores[1].due_timers(1e9) == []


async def test_a_board_revision_is_posted_once_and_never_after_a_newer_one(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    first, second = two_stores
    game = await started_game(first)
    assert await first.claim_board(game.id, 3)
    assert await second.claim_board(game.id, 3)  # a resend of the same board may go
    assert await second.claim_board(game.id, 5)
    assert not await first.claim_board(game.id, 4)  # older than one begun elsewhere


async def test_a_published_board_is_never_claimed_again(
    two_stores: tuple[AnyStore, AnyStore],
) -> None:
    """Two processes: once a revision's posts are marked delivered, no process may begin
    its board again (only an unmarked one may be resent, after a crash)."""
    first, second = two_stores
    game = await started_game(first)
    assert await first.claim_board(game.id, game.revision)
    assert await second.claim_board(game.id, game.revision)  # not marked: may be resent
    await first.mark_published(game.id, game.revision)
    assert not await second.claim_board(game.id, game.revision)
    assert not await first.claim_board(game.id, game.revision)


async def test_postgres_game_lock_holds_one_game_across_stores(pg_url: str, opener: Opener) -> None:
    first, second = await opener(pg_url), await opener(pg_url)
    game = await started_game(first)
    order: list[str] = []

    async def post(store: AnyStore, name: str) -> None:
        async with store.game_lock(game.id):
            order.append(f"{name}+")
            await asyncio.sleep(0.05)
            order.append(f"{name}-")

    await asyncio.gather(post(first, "a"), post(second, "b"))
    assert order in (["a+", "a-", "b+", "b-"], ["b+", "b-", "a+", "a-"])


async def test_postgres_game_lock_is_released_when_its_body_fails_or_is_cancelled(
    pg_url: str, opener: Opener
) -> None:
    # a pool of one: the connection that held the lock is the one handed out next
    first, second = await opener(pg_url + "&pool_max=1"), await opener(pg_url)
    game = await started_game(first)
    with pytest.raises(RuntimeError):
        async with first.game_lock(game.id):
            raise RuntimeError("Discord refused the post")
    entered = asyncio.Event()

    async def stuck() -> None:
        async with first.game_lock(game.id):
            entered.set()
            await asyncio.sleep(60)

    task = asyncio.create_task(stuck())
    await entered.wait()
    task.cancel()
    with pytest.raises(asyncio.CancelledError):
        await task
    async with asyncio.timeout(5):  # neither left the lock held on a pooled connection
        async with second.game_lock(game.id):
            assert await first.get_game(game.id) is not None


# --- real processes -------------------------------------------------------------------

RACER = textwrap.dedent(
    """
    import asyncio, json, sys
    from bot.service.scheduler import Dispatcher
    from bot.store import Conflict, open_store
    from tests.bot.store_support import toy_apply

    async def main(url, name, game_ids, moves, out):
        store = await open_store(url, snapshot_every=5)
        fired = []

        async def handler(timer):
            fired.append(timer.id)

        dispatcher = Dispatcher(store, handler, clock=lambda: 1e9)
        applied = []
        for i in range(moves):
            for game_id in game_ids:
                text = f"{name}:{game_id}:{i}"
                while True:
                    game = await store.get_game(game_id)
                    try:
                        await store.append_action(
                            game_id, expected_version=game.version, seat=game.version % 2,
                            user_id=None, text=text, state=toy_apply(game.state, text),
                        )
                    except Conflict:
                        continue
                    applied.append(text)
                    break
            await dispatcher.run_due()
        await dispatcher.run_due()
        await store.close()
        with open(out, "w") as f:
            json.dump({"applied": applied, "fired": fired}, f)

    asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3]), int(sys.argv[4]),
                     sys.argv[5]))
    """
)


async def test_two_processes_race_moves_and_timers_on_one_postgres(
    pg_url: str, opener: Opener, tmp_path: Path
) -> None:
    store = await opener(pg_url, snapshot_every=5)
    games = [await started_game(store) for _ in range(3)]
    timers = [
        await store.add_timer(due_at=float(i), kind=("remind", "deadline")[i % 2], game_id=None)
        for i in range(50)
    ]
    ids = json.dumps([g.id for g in games])
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    children = [
        await asyncio.create_subprocess_exec(
            sys.executable,
            "-c",
            RACER,
            pg_url,
            name,
            ids,
            "15",
            str(tmp_path / name),
            cwd=REPO,
            env=env,
        )
        for name in ("p1", "p2")
    ]
    assert [await child.wait() for child in children] == [0, 0]
    results = [json.loads((tmp_path / name).read_text()) for name in ("p1", "p2")]
    fired = results[0]["fired"] + results[1]["fired"]
    assert sorted(fired) == timers  # every timer fired, once, in one of the two processes
    for game in games:
        final = await store.get_game(game.id)
        log = [a.text for a in await store.actions(game.id)]
        assert final is not None and final.version == 30 == len(log)  # none lost or doubled
        assert final.state["moves"] == log  # the state is the log, in the log's order
        for name in ("p1", "p2"):  # each process's moves in the order it made them
            mine = [text for text in log if text.startswith(f"{name}:{game.id}:")]
            assert mine == [f"{name}:{game.id}:{i}" for i in range(15)]


async def test_a_server_gone_mid_game_is_a_clear_sentence_and_the_store_reconnects(
    opener: Opener,
) -> None:
    cluster = TempCluster()
    try:
        store = await opener(cluster.start(), snapshot_every=5)
        game = await play(store, await started_game(store), 3)
        cluster.stop("fast")  # the server shuts down: every connection is cut
        with pytest.raises(Unavailable) as caught:
            await store.append_action(
                game.id, expected_version=3, seat=1, user_id=None, text="m3",
                state=toy_apply(game.state, "m3"),
            )  # fmt: skip
        assert error_text(caught.value, "en") == (
            "I cannot reach my database right now; nothing was changed. Try again in a moment."
        )
        assert "Ahora mismo no puedo" in error_text(caught.value, "es")
        cluster.start()
        again = await play(store, game, 2)  # the next move works on a fresh connection
        assert again.version == 5
        assert [a.text for a in await store.actions(game.id)] == ["m0", "m1", "m2", "m3", "m4"]
    finally:
        cluster.remove()


async def test_a_server_gone_in_the_middle_of_a_move_leaves_nothing_half_written(
    opener: Opener,
) -> None:
    cluster = TempCluster()
    try:
        # committed moves must outlive the crash below: with the store's default
        # synchronous_commit=off a server crash may lose the last fraction of a second
        url = cluster.start() + "&synchronous_commit=on"
        store = await opener(url, snapshot_every=4)
        game = await play(store, await started_game(store), 3)  # the next move snapshots
        blocker, move = await move_held_on_the_game_row(store, url, game)  # mid-way
        await asyncio.to_thread(cluster.stop, "immediate")  # a crash: every backend killed
        with pytest.raises(Unavailable) as caught:
            await move
        assert error_text(caught.value, "en").startswith("I cannot reach my database")
        blocker.terminate()
        await asyncio.to_thread(cluster.start)
        after = await store.get_game(game.id)  # the pool reconnects by itself
        assert after is not None and after.version == 3 and after.state == game.state
        assert [a.text for a in await store.actions(game.id)] == ["m0", "m1", "m2"]
        seq, _ = await store.snapshot_at_or_before(game.id, 4)
        assert seq == 0  # the move's snapshot (at 4) did not land either
        again = await play(store, after, 2)
        assert again.version == 5
        assert [a.text for a in await store.actions(game.id)] == ["m0", "m1", "m2", "m3", "m4"]
    finally:
        cluster.remove()


async def test_a_server_down_at_start_is_waited_for_then_used(
    opener: Opener, caplog: pytest.LogCaptureFixture
) -> None:
    cluster = TempCluster()
    try:
        opening = asyncio.ensure_future(opener(cluster.url(), wait_s=60.0))
        await asyncio.sleep(1.0)
        assert not opening.done()  # not an exit: it waits
        await asyncio.to_thread(cluster.start)
        store = await asyncio.wait_for(opening, 30)
        game = await play(store, await started_game(store), 2)
        assert game.version == 2
    finally:
        cluster.remove()
    said = [r.getMessage() for r in caplog.records if r.name == "tenka.store"]
    assert any("cannot be reached yet" in m and "waiting up to 60 s" in m for m in said)
    assert any(m.startswith("The database") and "answered after" in m for m in said)


async def test_a_server_that_stays_down_is_given_up_on_after_the_wait(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    from bot.store import StoreError

    caplog.set_level(logging.INFO, "tenka.store")
    down = f"postgresql://tenka@/tenka?host={tmp_path}"
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(StoreError, match=r"cannot be reached after waiting 1.6 s for it"):
        await open_store(down, wait_s=1.6)
    assert 1.6 <= loop.time() - began < 10
    tries = [r for r in caplog.records if r.name == "tenka.store"]
    assert len(tries) >= 2  # said it waits, then retried (0.5 s, then 1 s later)


async def test_a_refused_login_or_a_missing_database_is_not_waited_for(pg_url: str) -> None:
    from bot.store import StoreError

    missing = pg_url.split("?")[0].rsplit("/", 1)[0] + "/no_such_db?" + pg_url.split("?")[1]
    loop = asyncio.get_running_loop()
    began = loop.time()
    with pytest.raises(StoreError, match="does not exist"):
        await open_store(missing, wait_s=60.0)
    assert loop.time() - began < 10  # a wrong URL is not a server starting up


def test_the_start_up_wait_is_configurable() -> None:
    from bot.config import DEFAULT_DATABASE_WAIT_S, Config

    assert Config.load(env={}).database_wait_s == DEFAULT_DATABASE_WAIT_S
    assert Config.load(env={"TENKA_DATABASE_WAIT": "2.5"}).database_wait_s == 2.5
    assert Config.load(env={"TENKA_DATABASE_WAIT": "0"}).database_wait_s == 0.0
    for bad in ("soon", "-1", "inf"):
        with pytest.raises(ValueError, match="TENKA_DATABASE_WAIT must be a number of seconds"):
            Config.load(env={"TENKA_DATABASE_WAIT": bad})


async def test_wrong_urls_and_a_server_down_at_start_say_so_in_one_sentence(
    pg_url: str, opener: Opener, tmp_path: Path
) -> None:
    from bot.store import StoreError

    down = f"postgresql://tenka@/tenka?host={tmp_path}"  # no server on that socket
    with pytest.raises(StoreError, match=r"cannot be reached.*server running"):
        await opener(down)
    missing = pg_url.split("?")[0].rsplit("/", 1)[0] + "/no_such_db?" + pg_url.split("?")[1]
    with pytest.raises(StoreError, match="does not exist"):
        await opener(missing)
    with pytest.raises(StoreError, match="pool_max"):
        await opener(pg_url + "&pool_max=lots")
    loop = asyncio.get_running_loop()
    began = loop.time()
    for bad in ("&sslmode=sometimes", "&port=eighty"):  # not waited for, even at start
        with pytest.raises(StoreError, match=r"The database URL .* is not valid"):
            await opener(down + bad, wait_s=60.0)
    assert loop.time() - began < 10
    with pytest.raises(StoreError, match="unsupported store URL mysql://"):
        await opener("mysql://db/tenka")


async def test_bench_processes_counts_every_process_moves(pg_url: str) -> None:
    from bot.store.bench import bench_processes

    result = await bench_processes(pg_url, 2, 20)
    assert result["moves_per_s"] is not None and result["moves_per_s"] > 0
    client = result["client_cpu_us_per_move"]
    assert client is not None and client > 0
    assert result["server_cpu_us_per_move"] is None  # no cluster given: not measured
    store = await open_store(pg_url)
    try:
        games = await store.active_games()
        assert sorted(g.version for g in games) == [20, 20]  # both processes played theirs
    finally:
        await store.close()


def test_a_cluster_counts_the_cpu_its_server_spends() -> None:
    cluster = TempCluster()
    try:
        assert cluster.cpu_seconds() is None  # not running
        url = cluster.start()
        before = cluster.cpu_seconds()

        async def work() -> None:
            store = await open_store(url)
            try:
                await play(store, await started_game(store), 200)
            finally:
                await store.close()  # its backend exits: counted through the postmaster

        asyncio.run(work())
        after = cluster.cpu_seconds()
        assert before is not None and after is not None and after > before
    finally:
        cluster.remove()
