"""Asynchronous play with simulated time: reminders, quiet hours, deadlines, downtime,
pauses, vacations, takebacks and seat replacement. No test sleeps."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

import games
from bot.posts.summary import jump_url
from bot.service.facade import Service
from bot.service.results import NotAllowed, NotSeated, Result, ServiceError, Stale
from bot.service.scheduler import Dispatcher, parse_quiet_hours, quiet_until, zone
from bot.store import open_store
from bot.words.text import t
from games import engine

ALICE, BOB, CAROL = 101, 202, 303
HOUR = 3600.0
T0 = datetime(2026, 11, 2, 12, 0, tzinfo=ZoneInfo("UTC")).timestamp()  # a Monday, noon UTC


@dataclass
class Clock:
    now: float = T0

    def __call__(self) -> float:
        return self.now


@pytest.fixture
async def world(tmp_path: Path):
    clock = Clock()
    store = await open_store(str(tmp_path / "tempo.db"))
    service = Service(store, clock=clock, render=False, ai_budget_s=0.02)
    yield service, clock
    await store.close()


async def run_timers(service: Service) -> list[Result]:
    """What a dispatcher would do at the service's current time."""
    fired: list[Result] = []

    async def handle(timer) -> None:
        result = await service.tempo.fire(timer)
        if result is not None:
            fired.append(result)

    await Dispatcher(service.store, handle, clock=service.clock).run_due()
    return fired


async def yokai_game(service: Service, **settings: object) -> int:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="yokai", seed=4
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "Bob")
    if settings:
        await service.store.update_settings(game_id, dict(settings))
    await service.start(game_id, ALICE)
    return game_id


async def to_act(service: Service, game_id: int) -> tuple[int, int]:
    loaded = await service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    return seat, next(s.user_id for s in loaded.seats if s.position == seat)


async def play_first_legal(service: Service, game_id: int) -> None:
    loaded = await service.load(game_id)
    seat, user = await to_act(service, game_id)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    await service.act(game_id, user, move)


# --- quiet hours and time zones -----------------------------------------------------------


def test_quiet_hours_parse_and_reject_nonsense() -> None:
    assert parse_quiet_hours("22:00-07:30") == (1320, 450)
    assert parse_quiet_hours(" 9-17 ") == (540, 1020)
    for bad in ("22:00", "25:00-07:00", "10:00-10:00", "late-early", "22:61-01:00"):
        with pytest.raises(ServiceError):
            parse_quiet_hours(bad)
    with pytest.raises(ServiceError, match="time zone"):
        zone("Mars/Olympus_Mons")
    assert str(zone("Europe/Madrid")) == "Europe/Madrid"


def test_quiet_until_wraps_midnight_in_the_users_zone() -> None:
    madrid = ZoneInfo("Europe/Madrid")
    quiet = parse_quiet_hours("22:00-08:00")
    late = datetime(2026, 11, 2, 23, 30, tzinfo=madrid).timestamp()
    assert (
        quiet_until(late, quiet, madrid) == datetime(2026, 11, 3, 8, 0, tzinfo=madrid).timestamp()
    )
    early = datetime(2026, 11, 3, 6, 0, tzinfo=madrid).timestamp()
    assert (
        quiet_until(early, quiet, madrid) == datetime(2026, 11, 3, 8, 0, tzinfo=madrid).timestamp()
    )
    noon = datetime(2026, 11, 3, 12, 0, tzinfo=madrid).timestamp()
    assert quiet_until(noon, quiet, madrid) == noon
    assert quiet_until(noon, None, madrid) == noon


# --- reminders ----------------------------------------------------------------------------


async def test_reminders_fire_once_per_interval_and_stop_at_the_cap(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, reminder_hours=10, reminder_cap=2)
    _, user = await to_act(service, game_id)
    clock.now += 9 * HOUR
    assert await run_timers(service) == []
    texts = []
    for _ in range(6):
        clock.now += 10 * HOUR
        for result in await run_timers(service):
            texts.extend(p.text for p in result.public)
        assert await run_timers(service) == []  # nothing fires twice at one moment
    reminders = [t for t in texts if "Reminder" in t]
    stalled = [t for t in texts if "stalled" in t]
    assert len(reminders) == 2 and all(f"<@{user}>" in t for t in reminders)
    assert len(stalled) == 1
    assert await service.store.timers_for_game(game_id) == []


async def test_a_move_resets_the_reminders_of_the_next_player(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, reminder_hours=5)
    clock.now += 4 * HOUR
    await play_first_legal(service, game_id)
    _, next_user = await to_act(service, game_id)
    clock.now += 4 * HOUR
    assert await run_timers(service) == []
    clock.now += 1.5 * HOUR
    (result,) = await run_timers(service)
    assert result.public[0].ping == (next_user,)


async def test_quiet_hours_hold_and_dm_preference(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, reminder_hours=10)
    _, user = await to_act(service, game_id)
    await service.store.set_user_settings(
        user, {"quiet": "21:00-09:00", "timezone": "UTC", "notify": "dm"}
    )
    clock.now += 10 * HOUR  # 22:00 UTC: inside the quiet hours
    assert await run_timers(service) == []
    clock.now += 10.5 * HOUR  # 08:30: still quiet
    assert await run_timers(service) == []
    clock.now += 0.5 * HOUR  # 09:00: the postponed reminder goes out, by DM
    (result,) = await run_timers(service)
    assert not result.public and result.private[0].user_id == user
    assert "Reminder" in result.private[0].text


async def test_muted_player_gets_no_reminders(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, reminder_hours=1)
    _, user = await to_act(service, game_id)
    await service.tempo.mute(game_id, user)
    clock.now += 5 * HOUR
    assert await run_timers(service) == []
    with pytest.raises(NotSeated):
        await service.tempo.mute(game_id, CAROL)
    await service.tempo.unmute(game_id, user)
    clock.now += 1 * HOUR
    assert len(await run_timers(service)) == 1


# --- deadlines, downtime, pause, vacation --------------------------------------------------


async def test_deadline_moves_for_the_player_exactly_once_even_across_a_restart(
    tmp_path: Path,
) -> None:
    clock = Clock()
    path = str(tmp_path / "deadline.db")
    store = await open_store(path)
    service = Service(store, clock=clock, render=False, ai_budget_s=0.02)
    game_id = await yokai_game(service, deadline_hours=48, reminder_hours=0)
    (timer,) = await store.timers_for_game(game_id)
    clock.now += 48 * HOUR
    result = await service.tempo.fire(timer)  # handler ran ...
    assert result is not None and "Time ran out" in result.public[0].text
    await store.close()  # ... and the bot died before deleting the timer
    store = await open_store(path)
    try:
        service = Service(store, clock=clock, render=False, ai_budget_s=0.02)
        again = await service.tempo.fire(timer)  # delivered again after the restart
        assert again is None  # the game moved on: the same deadline does nothing
        assert len(await store.actions(game_id)) == 1
    finally:
        await store.close()


async def test_downtime_extends_deadlines(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, deadline_hours=10, reminder_hours=0)
    dispatcher = Dispatcher(service.store, lambda t: None, clock=clock)  # type: ignore[arg-type,return-value]
    await dispatcher.beat(force=True)
    (before,) = await service.store.timers_for_game(game_id)
    clock.now += 5 * HOUR  # the bot is down for five hours
    assert await dispatcher.catch_up_downtime() == pytest.approx(5 * HOUR)
    (after,) = await service.store.timers_for_game(game_id)
    assert after.due_at == pytest.approx(before.due_at + 5 * HOUR)
    clock.now += 5 * HOUR + 60  # 10 h after the start, but only 5 h of the bot's time
    assert await run_timers(service) == []


async def test_pause_needs_every_vote_and_stops_the_clocks(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, deadline_hours=2, reminder_hours=1)
    first = await service.tempo.pause(game_id, ALICE)
    assert "Still to agree" in first.public[0].text
    assert await service.store.timers_for_game(game_id)
    with pytest.raises(NotSeated):
        await service.tempo.pause(game_id, CAROL)
    await service.tempo.pause(game_id, BOB)
    assert await service.store.timers_for_game(game_id) == []
    clock.now += 100 * HOUR
    assert await run_timers(service) == []
    with pytest.raises(NotAllowed, match="already paused"):
        await service.tempo.pause(game_id, ALICE)
    # paused means paused: no move, and resuming takes everyone's agreement too
    seat, user = await to_act(service, game_id)
    loaded = await service.load(game_id)
    move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, seat)[0])
    with pytest.raises(NotAllowed, match="paused"):
        await service.act(game_id, user, move)
    half = await service.tempo.resume(game_id, BOB)
    assert "resume" in half.public[0].text and (await service.load(game_id)).row.settings["paused"]
    assert (await service.load(game_id)).row.version == loaded.row.version
    await service.tempo.resume(game_id, ALICE)
    clock.now += 1.5 * HOUR
    (reminder,) = await run_timers(service)
    assert "Reminder" in reminder.public[0].text
    clock.now += 1 * HOUR
    results = await run_timers(service)
    assert any("Time ran out" in p.text for r in results for p in r.public)


async def test_vacation_pushes_back_only_my_deadline_up_to_the_limit(world) -> None:
    service, clock = world
    game_id = await yokai_game(service, deadline_hours=10, reminder_hours=0, vacation_hours=6)
    _, user = await to_act(service, game_id)
    other = BOB if user == ALICE else ALICE
    with pytest.raises(NotSeated):
        await service.tempo.vacation(game_id, CAROL, 1)
    await service.tempo.vacation(game_id, user, 4)
    with pytest.raises(NotAllowed, match=r"2\.0 hours"):
        await service.tempo.vacation(game_id, user, 3)
    clock.now += 12 * HOUR
    assert await run_timers(service) == []
    clock.now += 2 * HOUR + 1
    assert len(await run_timers(service)) == 1
    await service.tempo.vacation(game_id, other, 1)  # the other player's own allowance


# --- takebacks and replacements -----------------------------------------------------------


async def test_takeback_needs_every_approval_and_keeps_the_log_consistent(world) -> None:
    service, _ = world
    # a Shitenno lot (open cards) reveals nothing; a China turn ends with a draw, which does
    lobby = await service.new_game(
        guild_id=1,
        channel_id=10,
        user_id=ALICE,
        user_name="Alice",
        key="shitenno",
        players=3,
        seed=2,
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "Bob")
    await service.join(game_id, CAROL, "Carol")
    await service.start(game_id, ALICE)
    with pytest.raises(NotAllowed, match="no move"):
        await service.council.request_takeback(game_id, ALICE)
    game = games.get("shitenno")
    first_user = None
    while True:  # play the first player's whole turn
        loaded = await service.load(game_id)
        seat, user = await to_act(service, game_id)
        first_user = first_user or user
        if user != first_user:
            break
        await service.act(
            game_id, user, game.notation(loaded.state, game.legal(loaded.state, seat)[0])
        )
    before = await service.load(game_id)
    request = await service.council.request_takeback(game_id, first_user)
    voters = [u for u in (ALICE, BOB, CAROL) if u != first_user]
    assert set(request.public[0].ping) == set(voters)
    with pytest.raises(NotAllowed, match="own"):
        await service.council.vote_takeback(game_id, first_user, before.row.version, True)
    with pytest.raises(NotSeated):
        await service.council.vote_takeback(game_id, 999, before.row.version, True)
    half = await service.council.vote_takeback(game_id, voters[0], before.row.version, True)
    assert not half.public and (await service.load(game_id)).row.version == before.row.version
    done = await service.council.vote_takeback(game_id, voters[1], before.row.version, True)
    assert "taken back" in (done.reply or "")
    after = await service.load(game_id)
    assert after.row.version < before.row.version
    assert (await to_act(service, game_id))[1] == first_user
    start = await service.unit.state_at(after, 0)
    log = [(a.seat, a.text) for a in await service.store.actions(game_id)]
    assert engine.replay(game, start, log)[0] == after.state
    with pytest.raises(Stale):
        await service.council.vote_takeback(game_id, voters[0], before.row.version, True)


async def test_replacing_a_seat_hands_the_private_view_to_the_new_holder_only(world) -> None:
    service, _ = world
    lobby = await service.new_game(
        guild_id=1,
        channel_id=10,
        user_id=ALICE,
        user_name="Alice",
        key="samurai",
        players=3,
        seed=3,
        options={"random_opening": True, "random_placement": True},
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "Bob")
    await service.join(game_id, CAROL, "Carol")
    await service.start(game_id, ALICE)
    dave = 404
    with pytest.raises(NotSeated):
        await service.council.replace(game_id, dave, old_user=BOB, new_user=dave, new_name="Dave")
    with pytest.raises(NotAllowed):
        await service.council.replace(game_id, ALICE, old_user=BOB, new_user=CAROL, new_name="C")
    with pytest.raises(NotAllowed, match="absent"):  # Bob is not absent: players can't
        await service.council.replace(game_id, ALICE, old_user=BOB, new_user=dave, new_name="Dave")
    result = await service.council.replace(
        game_id, ALICE, old_user=BOB, new_user=dave, new_name="Dave", is_admin=True
    )
    assert [p.user_id for p in result.private] == [dave]
    loaded = await service.load(game_id)
    assert BOB not in {s.user_id for s in loaded.seats} and dave in {
        s.user_id for s in loaded.seats
    }
    with pytest.raises(NotSeated):
        await service.hand(game_id, BOB)
    assert (await service.hand(game_id, dave)).user_id == dave


async def test_a_dm_reminder_speaks_the_players_client_language_and_links_the_game(
    world,
) -> None:
    """A player whose Discord client is Spanish (remembered at their last interaction) gets
    the reminder DM in Spanish in an English game, with a link back to the game."""
    service, clock = world
    game_id = await yokai_game(service, reminder_hours=2)
    _, user = await to_act(service, game_id)
    await service.store.set_user_settings(user, {"notify": "dm", "client_language": "es"})
    clock.now += 2.5 * HOUR
    (result,) = await run_timers(service)
    (dm,) = result.private
    summary = await service.game(game_id)
    link = jump_url(summary)
    assert link.startswith("https://discord.com/channels/") and link in dm.text
    expected = t("tempo.reminder", "es", title=summary.title, game_id=game_id, hours="2", link=link)
    assert (
        dm.text
        == expected
        != t("tempo.reminder", "en", title=summary.title, game_id=game_id, hours="2", link=link)
    )
