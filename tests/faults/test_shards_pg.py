"""Two real bot processes, one per Discord shard, on one PostgreSQL database.

The emulator routes as Discord does: a guild's interactions reach only the process holding
its shard, DMs only shard 0's. Games live in a guild on each shard, Samurai and Shitenno
among them, so secret DM forms are answered at shard 0's process while their game's
channel belongs to shard 1's. Moves race (conflicting buttons at one version, pressed in
the channel and in a DM, so from both processes at once; a DM form confirmed in the DM and
in ``/hand`` at once) and timers race (the shared clock moves past reminders and deadlines
and both processes are poked together).

Asserted: each game's log replays to its stored state with contiguous versions, every move
a player was told was played is in the log at its place, one winner per race and a sentence
for every loser, every board posted once (one request) and in order in its channel, each
reminder and each deadline fired exactly once across the two processes.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import re
import time
from collections import Counter
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from bench.configs import configurations
from bench.faults.checks import store_replay_problems
from bench.faults.harness import answer_of, is_sentence
from bench.faults.kill import BotProcess
from bench.faults.stream import set_clock
from bench.tables import open_table
from bot.config import Config
from bot.edge.app import TenkaBot
from bot.service.facade import Service
from bot.store import Timer, open_store
from tests.emulator import (
    Channel,
    Emulator,
    FakeUser,
    StoredMessage,
    start_client,
    stop_client,
)

HOUR = 3600.0
T0 = 1_800_000_000.0
KEYS = ("samurai", "shitenno", "yokai")  # two with secret DM forms, one without
ROUNDS = 4  # button races per game
NONCE = re.compile(r"^(\d+)\.(\d+)\.(\d+)$")
REMINDER = "Reminder: it's your turn"
TIMEOUT = re.compile(r"Time ran out for (.+?):")


@dataclass
class Tab:
    game_id: int
    key: str
    shard: int
    channel: Channel
    seated: list[FakeUser]


@dataclass
class World:
    emu: Emulator
    store: Any
    service: Service
    tabs: list[Tab]
    users: dict[int, FakeUser]
    procs: list[BotProcess]
    clock: Path
    now: float = T0
    acks: list[tuple[int, int, str]] = field(default_factory=list)  # game, seq, text
    losers: list[str | None] = field(default_factory=list)
    races: int = 0
    over: int = 0  # rounds a game had already ended
    # which process (shard) answered each press of a game on shard 1, and who won there
    answered: set[int] = field(default_factory=set)
    won: Counter[int] = field(default_factory=Counter)

    def served_by(self, handle: Any) -> int:
        """The shard whose session was sent this interaction (exactly one)."""
        (shard,) = [
            session.shard[0]
            for session in self.emu.gateway.sessions.values()
            if session.shard
            and any(
                f["t"] == "INTERACTION_CREATE" and int(f["d"]["id"]) == handle.id
                for f in session.log
            )
        ]
        return shard

    def poke(self) -> None:
        for proc in self.procs:
            proc.poke()

    async def quiet(self, what: str, timeout: float = 90.0) -> None:
        """Every due timer fired and deleted, nothing owed, then a moment for stragglers
        (a timer run twice would post its second copy now). Returns as soon as that holds:
        the timeout only bounds a machine so busy that two bot processes need it (20 s
        ran out once with the load at 9 on two cores)."""

        async def settled() -> bool:
            due = await self.store.due_timers(self.now)
            owed = [t.game_id for t in self.tabs if await self.service.owed(t.game_id)]
            return not due and not owed

        deadline = time.monotonic() + timeout
        while not await settled():
            if time.monotonic() > deadline:
                raise AssertionError(f"{what}: timers or posts still pending")
            self.poke()
            await asyncio.sleep(0.1)
        await asyncio.sleep(0.5)
        assert await settled(), what


async def open_games(url: str, emu: Emulator, users: list[FakeUser]) -> list[Tab]:
    store = await open_store(url)
    service = Service(store, render=False, clock=lambda: T0)
    tabs = []
    try:
        for shard in (0, 1):
            guild = emu.add_guild(f"Shard {shard}", shard=(shard, 2))
            await store.set_guild_settings(
                guild.id, {"reminder_hours": 2.0, "deadline_hours": 12.0}
            )
            for key in KEYS:
                config = next(c for c in configurations() if c.key == key)
                channel = emu.add_channel(guild, f"{key}-{shard}", threads_allowed=False)
                seated = users[: config.players]
                game_id = await open_table(
                    service,
                    config,
                    [(u.id, u.username) for u in seated],
                    seed=100 + len(tabs),
                    guild_id=guild.id,
                    channel_id=channel.id,
                )
                tabs.append(Tab(game_id, key, shard, channel, seated))
    finally:
        await store.close()
    return tabs


async def test_two_sharded_processes_on_one_postgres(pg_url: str, tmp_path: Path) -> None:
    emu = Emulator()
    await emu.start()
    procs: list[BotProcess] = []
    try:
        users = [emu.add_user(f"s{i}") for i in range(4)]
        tabs = await open_games(pg_url, emu, users)
        assert {t.shard for t in tabs} == {0, 1}
        clock = tmp_path / "clock"
        set_clock(clock, T0)
        for shard in (0, 1):
            proc = BotProcess(
                emu,
                tmp_path / f"shard{shard}.db",  # names the log; the database is PostgreSQL
                clock,
                TENKA_DATABASE=pg_url,
                TENKA_SHARD_COUNT="2",
                TENKA_SHARD_IDS=str(shard),
            )
            procs.append(proc)
        # both come up together and race to post the opening boards and DM forms
        await asyncio.gather(procs[0].start(sync=True, timeout=60), procs[1].start(timeout=60))

        def both() -> bool:  # each start() returns at the first IDENTIFY it sees
            shards = sorted(s.shard for s in emu.gateway.alive_sessions() if s.shard)
            return shards == [[0, 2], [1, 2]]

        await emu.wait_until(both, 60, "both shards to identify")
        store = await open_store(pg_url)
        w = World(
            emu, store, Service(store, render=False), tabs, {u.id: u for u in users}, procs, clock
        )
        try:
            await w.quiet("the opening boards")
            await reminders_fire_once(w)
            await form_race(w)
            rng = random.Random(5)
            for _ in range(ROUNDS):
                await asyncio.gather(*(button_race(w, tab, rng) for tab in tabs))
            await w.quiet("the moves' boards")
            await deadlines_fire_once(w)
            await check_logs(w)
            check_boards(w)
            samurai = sum(t.key == "samurai" for t in tabs)  # one form race each
            assert w.races + w.over == ROUNDS * len(tabs) + samurai and w.races > len(tabs)
            assert w.answered == {0, 1}, w.won  # both processes took part in the races
            unclear = [a for a in w.losers if not is_sentence(a)]
            assert not unclear, unclear
        finally:
            await store.close()
        for proc in procs:
            await proc.stop()
        errors = [line for proc in procs for line in proc.errors()]
        assert not errors, errors[:10]
        assert not emu.problems(), emu.problems()
    finally:
        for proc in procs:
            await proc.stop()
        await emu.stop()


# --- timers -----------------------------------------------------------------------------


async def due_timers(w: World, kind: str) -> list[Timer]:
    return [t for t in await w.store.due_timers(w.now) if t.kind == kind]


def posts(w: World, tab: Tab, pattern: str) -> list[StoredMessage]:
    return [m for m in w.emu.public_messages(tab.channel) if pattern in m.content]


async def reminders_fire_once(w: World) -> None:
    """Past the 2 h reminder: every waiting player is reminded once, by one process, and
    one next reminder is set (a reminder run twice would also set two)."""
    before = {tab.game_id: len(posts(w, tab, REMINDER)) for tab in w.tabs}
    w.now += 2.5 * HOUR
    set_clock(w.clock, w.now)
    due = await due_timers(w, "remind")
    assert len(due) >= len(w.tabs), due  # every game has a waiting player
    w.poke()
    await w.quiet("the reminders")
    expected = Counter((t.game_id, t.user_id) for t in due)
    seen: Counter[tuple[int, int | None]] = Counter()
    for tab in w.tabs:
        for message in posts(w, tab, REMINDER)[before[tab.game_id] :]:
            (user,) = message.pinged_ids
            seen[(tab.game_id, user)] += 1
    assert seen == expected
    for tab in w.tabs:
        timers = [t for t in await w.store.timers_for_game(tab.game_id) if t.kind == "remind"]
        counts = Counter(t.user_id for t in timers)
        assert all(n == 1 for n in counts.values()), (tab.game_id, timers)


async def deadlines_fire_once(w: World) -> None:
    """Past the 12 h deadline: each due deadline plays its seat's turn once, in one
    process; no timed-out turn is played twice and no deadline is lost."""
    w.now += 13 * HOUR
    set_clock(w.clock, w.now)
    due = await due_timers(w, "deadline")
    active = {
        tab.game_id for tab in w.tabs if (await w.service.load(tab.game_id)).row.status == "active"
    }
    assert {t.game_id for t in due} == active
    versions = {g: (await w.service.load(g)).row.version for g in active}
    before = {tab.game_id: len(posts(w, tab, "Time ran out")) for tab in w.tabs}
    w.poke()
    await w.quiet("the deadlines")
    for tab in w.tabs:
        if tab.game_id not in active:
            continue
        after = await w.service.load(tab.game_id)
        assert after.row.version > versions[tab.game_id] or after.row.status != "active"
        fired = posts(w, tab, "Time ran out")[before[tab.game_id] :]
        names = Counter(m.group(1) for m in map(TIMEOUT.search, (p.content for p in fired)) if m)
        assert fired and all(n == 1 for n in names.values()), (tab.game_id, names)
        reminded = posts(w, tab, REMINDER)
        assert len({m.content for m in reminded}) == len(reminded), tab.game_id


# --- moves ------------------------------------------------------------------------------


async def button_race(w: World, tab: Tab, rng: random.Random) -> None:
    """The mover presses two quick-action buttons of one version in the game's channel and
    a third in their DMs, in a random order: the channel's presses reach the guild's shard, the
    DM's reaches shard 0. Exactly one is played."""
    loaded = await w.service.load(tab.game_id)
    if loaded.row.status != "active":
        w.over += 1
        return
    seat = min(loaded.game.to_act(loaded.state))
    user = w.users[loaded.user_at(seat)]  # type: ignore[index]
    version = loaded.row.version
    legal = loaded.game.legal(loaded.state, seat)
    picks = [rng.randrange(len(legal)) for _ in range(3)]
    where = [tab.channel, tab.channel, w.emu.dm_channel(user)]
    rng.shuffle(where)  # whichever press Discord sends first, from either process
    ids = [f"tenka:a:{tab.game_id}:{version}:{i}" for i in picks]
    planted = [w.emu.plant_message(ch, buttons=[cid]) for ch, cid in zip(where, ids, strict=True)]
    handles = await asyncio.gather(
        *(w.emu.click(user, m, cid) for m, cid in zip(planted, ids, strict=True))
    )
    answers = await asyncio.gather(*(answer_of(h, 20) for h in handles))
    winners = [i for i, a in enumerate(answers) if a and a.startswith("Played")]
    after = await w.service.load(tab.game_id)
    assert len(winners) == 1 and after.row.version == version + 1, (tab.key, answers)
    (won,) = winners
    if tab.shard == 1:  # the channel's presses reach shard 1, the DM's shard 0
        served = [w.served_by(h) for h in handles]
        assert served == [0 if ch.is_dm else 1 for ch in where], served
        w.answered.update(served)
        w.won[served[won]] += 1
    w.acks.append((tab.game_id, version, loaded.game.notation(loaded.state, legal[picks[won]])))
    w.losers += [a for i, a in enumerate(answers) if i != won]
    w.races += 1


def form_message(messages: list[StoredMessage], game_id: int, key: str) -> StoredMessage:
    found = [m for m in messages if f"tenka:fs:{game_id}:0:{key}" in m.custom_ids()]
    assert found, [m.content for m in messages]
    return found[-1]


async def form_race(w: World) -> None:
    """Samurai's secret opening pick: chosen in the DM (shard 0's process), then confirmed
    at once in the DM and on the ``/hand`` copy in the game's channel (the guild's shard):
    one confirmation counts, the other is told the choice is no longer open."""
    for tab in [t for t in w.tabs if t.key == "samurai"]:
        await confirm_twice(w, tab, tab.seated[0], "samurai.pick")


async def confirm_twice(w: World, tab: Tab, user: FakeUser, key: str) -> None:
    dm = await w.emu.wait_until(
        lambda: [m for m in w.emu.dms(user) if f"tenka:fs:{tab.game_id}:0:{key}" in m.custom_ids()],
        10,
        "the DM form",
    )
    dm_form = dm[-1]
    select = dm_form.component(f"tenka:fs:{tab.game_id}:0:{key}")
    values = [o["value"] for o in select["options"][: select.get("min_values", 1)]]
    picked = await w.emu.select(user, dm_form, f"tenka:fs:{tab.game_id}:0:{key}", values)
    assert (await picked.response()).type == 6
    await w.emu.wait_until(lambda m=dm_form: "Your choice" in m.content, 10, "the draft")
    hand = await w.emu.slash(user, tab.channel, "hand", {"game": str(tab.game_id)})
    await hand.response()
    (copy,) = await hand.followups(1, timeout=10)
    assert copy.ephemeral and f"tenka:fb:{tab.game_id}:c:{key}" in copy.custom_ids()
    version = (await w.service.load(tab.game_id)).row.version
    confirm = f"tenka:fb:{tab.game_id}:c:{key}"
    handles = await asyncio.gather(
        w.emu.click(user, dm_form, confirm), w.emu.click(user, copy, confirm)
    )
    for handle in handles:
        assert (await handle.response()).type == 6

    def outcome() -> list[str] | None:
        texts = []
        for handle, message in zip(handles, (dm_form, copy), strict=True):
            if message.content.startswith("Confirmed"):
                texts.append("Confirmed")
            elif handle.followup_messages():
                texts.append(handle.followup_messages()[-1].content)
            else:
                return None
        return texts

    texts = await w.emu.wait_until(outcome, 15, "both confirmations answered")
    if tab.shard == 1:  # the DM's confirmation at shard 0, the channel's at shard 1
        assert [w.served_by(h) for h in handles] == [0, 1]
    assert texts.count("Confirmed") == 1, texts
    w.losers += [t for t in texts if t != "Confirmed"]
    after = await w.service.load(tab.game_id)
    assert after.row.version > version
    w.races += 1


# --- what is left behind ----------------------------------------------------------------


async def check_logs(w: World) -> None:
    bad = await store_replay_problems(w.store, [t.game_id for t in w.tabs])
    assert not bad, bad
    for game_id, seq, text in w.acks:
        logged = [a.text for a in await w.store.actions(game_id) if a.seq == seq]
        assert logged == [text], (game_id, seq, text, logged)


def check_boards(w: World) -> None:
    """One board per committed state, each posted by one request, in order."""
    sent = Counter(
        str(r.body.get("nonce"))
        for r in w.emu.requests_to("POST", r"/channels/\d+/messages$")
        if isinstance(r.body, dict) and r.body.get("nonce") is not None
    )
    assert all(n == 1 for n in sent.values()), [k for k, n in sent.items() if n > 1]
    for tab in w.tabs:
        stamps = []
        for message in w.emu.public_messages(tab.channel):
            match = NONCE.match(str(message.nonce or ""))
            if match and int(match[1]) == tab.game_id:
                stamps.append((int(match[2]), int(match[3])))
        assert stamps and stamps == sorted(set(stamps)), (tab.key, stamps)
        assert len(stamps) >= 2, (tab.key, stamps)  # the opening board and moves


# --- the outbox caught up by two processes at once ---------------------------------------


@contextlib.asynccontextmanager
async def two_bots(pg_url: str, emulator: Emulator) -> AsyncIterator[list[TenkaBot]]:
    """Two bot processes' clients (in this process) on one PostgreSQL database."""
    bots: list[TenkaBot] = []
    try:
        for _ in range(2):
            config = Config(
                token=emulator.token,
                database=pg_url,
                api_base=None,
                gateway=None,
                dev_guild=None,
                log_level="INFO",
            )
            bot = TenkaBot(config, clock=lambda: T0, ai_budget_s=0.02, serve=False)
            await start_client(bot, emulator)
            bots.append(bot)
        yield bots
    finally:
        for bot in bots:
            await stop_client(bot)


async def test_two_processes_catching_up_one_game_deliver_it_once(
    pg_url: str, emulator: Emulator
) -> None:
    """Found by the test above: two processes starting together both read a game's owed
    posts before either marked them published, and both sent them (the board twice to
    Discord, where only its nonce saved it, and every secret DM twice)."""
    users = [emulator.add_user(f"c{i}") for i in range(2)]
    tab = (await open_games(pg_url, emulator, users))[0]
    assert tab.key == "samurai"
    async with two_bots(pg_url, emulator) as bots:
        for _ in range(3):  # each game once, whoever gets there first
            await asyncio.gather(*(bot.publisher.catch_up_all() for bot in bots))
        boards = [
            r
            for r in emulator.requests_to("POST", rf"/channels/{tab.channel.id}/messages$")
            if isinstance(r.body, dict) and r.body.get("nonce")
        ]
        assert len(boards) == 1
        for user in tab.seated:
            forms = [
                m
                for m in emulator.dms(user)
                if any(cid.startswith(f"tenka:fs:{tab.game_id}:") for cid in m.custom_ids())
            ]
            assert len(forms) == 1, [m.content for m in emulator.dms(user)]


@pytest.mark.parametrize("key", ["yokai", "samurai"])  # a board; a secret step's DM
async def test_a_move_delivered_after_another_process_caught_it_up_is_not_sent_again(
    pg_url: str, emulator: Emulator, key: str
) -> None:
    """Two processes, one revision: one commits a move and, before it delivers it, the
    other (its start-up or retry sweep) catches the game up and sends its posts. The first
    then sent them again (1 post in 93 on PostgreSQL went out twice, the board hidden by
    its nonce, which Discord forgets after minutes, the DMs not at all). Sent once."""
    users = [emulator.add_user(f"d{i}") for i in range(4)]
    tab = next(t for t in await open_games(pg_url, emulator, users) if t.key == key)
    async with two_bots(pg_url, emulator) as bots:
        await bots[1].publisher.catch_up_all()  # the opening posts, sent once
        loaded = await bots[0].service.load(tab.game_id)
        seat = min(loaded.game.to_act(loaded.state))
        move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
        user = loaded.user_at(seat)
        assert user is not None
        result = await bots[0].service.act(tab.game_id, user, move)  # committed, not sent
        assert result.public or result.private
        await bots[1].publisher.catch_up_all()  # the other process sends it first
        sent = len(emulator.requests_to("POST", r"/messages$"))
        await bots[0].publisher.deliver(result)  # the first one's own delivery comes late
        assert len(emulator.requests_to("POST", r"/messages$")) == sent  # nothing again
        row = await bots[0].store.get_game(tab.game_id)
        assert row is not None and row.published_revision == row.revision
