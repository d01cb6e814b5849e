"""Trust at the table, through the service: takebacks never take what is not yours and
never reveal a secret, the clock belongs to the table, options are checked when the lobby
opens, and a paused game stays paused."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.facade import Service
from bot.service.results import NotAllowed, Stale
from bot.store import open_store
from games.base import GameError

ALICE, BOB, CAROL, DAN = 1, 2, 3, 4


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[Service]:
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def _china(service: Service, seed: int = 2) -> int:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="A", key="china", players=3, seed=seed
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "B")
    await service.join(game_id, CAROL, "C")
    await service.start(game_id, ALICE)
    return game_id


async def _shitenno_lot(service: Service) -> tuple[int, int]:
    """A 3-player Shitenno whose Tairō has made its first lot (a takeback of it reveals
    nothing: a lot is made of open cards); the game and the Tairō's user."""
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="A", key="shitenno", players=3
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "B")
    await service.join(game_id, CAROL, "C")
    await service.start(game_id, ALICE)
    seat, user = await _seat_user(service, game_id)
    loaded = await service.load(game_id)
    lot = loaded.game.legal(loaded.state, seat)[0]
    await service.act(game_id, user, loaded.game.notation(loaded.state, lot))
    return game_id, user


async def _seat_user(service: Service, game_id: int) -> tuple[int, int]:
    loaded = await service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    user = loaded.user_at(seat)
    assert user is not None
    return seat, user


async def _turn(service: Service, game_id: int, draw: str) -> int:
    """The player to act places (first legal) and draws ``draw`` ("G", "pile"...)."""
    seat, user = await _seat_user(service, game_id)
    loaded = await service.load(game_id)
    game = loaded.game
    await service.act(game_id, user, game.notation(loaded.state, game.legal(loaded.state, seat)[0]))
    while True:  # draw until the turn passes (the first draw is the one asked for)
        loaded = await service.load(game_id)
        if seat not in game.to_act(loaded.state):
            return user
        draws = [game.notation(loaded.state, a) for a in game.legal(loaded.state, seat)]
        wanted = next((n for n in draws if n.endswith(draw)), draws[0])
        await service.act(game_id, user, wanted)


async def test_a_takeback_never_undoes_another_players_resignation(service: Service) -> None:
    game_id = await _china(service)
    first = await _turn(service, game_id, "G")
    _, second = await _seat_user(service, game_id)
    await service.resign(game_id, second)
    version = (await service.load(game_id)).row.version
    with pytest.raises(NotAllowed, match="resignation is final"):
        await service.council.request_takeback(game_id, first)
    assert (await service.load(game_id)).row.version == version


async def test_a_takeback_never_puts_a_hidden_draw_back(service: Service) -> None:
    game_id = await _china(service)
    first = await _turn(service, game_id, "pile")  # the drawer saw the top of the pile
    with pytest.raises(NotAllowed, match="Something hidden"):
        await service.council.request_takeback(game_id, first)
    assert "takeback" not in (await service.load(game_id)).row.settings


async def test_a_takeback_request_lapses_with_its_seat(service: Service) -> None:
    game_id, first = await _shitenno_lot(service)
    request = await service.council.request_takeback(game_id, first)
    version = request.game.version
    await service.council.replace(
        game_id, DAN, old_user=first, new_user=DAN, new_name="D", is_admin=True
    )
    voter = next(u for u in (ALICE, BOB, CAROL) if u != first)
    with pytest.raises(Stale):
        await service.council.vote_takeback(game_id, voter, version, True)


async def test_options_the_game_refuses_are_refused_when_the_lobby_opens(
    service: Service,
) -> None:
    with pytest.raises(GameError, match="side"):
        await service.new_game(
            guild_id=1,
            channel_id=10,
            user_id=ALICE,
            user_name="A",
            key="china",
            players=5,
            options={"side": "a"},
        )
    assert await service.store.games_in_channel(10) == []


@pytest.mark.parametrize("value", [0.001, 0.5, 11.9, 721, float("nan"), float("inf"), "1e5000"])
async def test_the_clock_refuses_nonsense(service: Service, value: object) -> None:
    game_id = await _china(service)
    with pytest.raises(NotAllowed, match="between"):
        await service.tempo.set_clock(
            game_id,
            ALICE,
            reminder_hours=None,
            deadline_hours=value,
            is_admin=True,  # type: ignore[arg-type]
        )
    assert "deadline_hours" not in (await service.load(game_id)).row.settings


async def test_no_single_player_bends_the_clock(service: Service) -> None:
    game_id = await _china(service)
    result = await service.tempo.set_clock(
        game_id, ALICE, reminder_hours=1, deadline_hours=12, locale="en"
    )
    assert "agree" in result.public[0].text and set(result.public[0].ping) == {BOB, CAROL}
    assert "deadline_hours" not in (await service.load(game_id)).row.settings
    serial = result.public[0].version
    await service.tempo.vote_clock(game_id, BOB, serial, True)
    assert "deadline_hours" not in (await service.load(game_id)).row.settings
    done = await service.tempo.vote_clock(game_id, CAROL, serial, True)
    assert "Everyone agreed" in done.public[0].text
    settings = (await service.load(game_id)).row.settings
    assert settings["deadline_hours"] == 12 and settings["reminder_hours"] == 1
    with pytest.raises(Stale):  # a vote on a closed proposal
        await service.tempo.vote_clock(game_id, BOB, serial, True)


async def test_status_says_paused_and_abandoned(service: Service) -> None:
    game_id = await _china(service)
    for user in (ALICE, BOB, CAROL):
        await service.tempo.pause(game_id, user)
    assert "paused" in await service.status(game_id)
    for user in (ALICE, BOB, CAROL):
        await service.tempo.resume(game_id, user)
    assert "in progress" in await service.status(game_id)
    for user in (ALICE, BOB, CAROL):
        await service.abandon(game_id, user)
    text = await service.status(game_id)
    assert "abandoned" in text and "To act" not in text and "in progress" not in text


async def test_two_processes_never_overfill_a_lobby_or_lose_a_vote(tmp_path: Path) -> None:
    """Two services on one SQLite file (as two bot processes): their per-process locks do
    not see each other, so the store's write transaction must decide."""
    import asyncio

    stores = [await open_store(str(tmp_path / "shared.db")) for _ in range(2)]
    one, two = (Service(s, render=False) for s in stores)
    try:
        lobby = await one.new_game(
            guild_id=1, channel_id=10, user_id=ALICE, user_name="A", key="yokai"
        )
        game_id = lobby.game.game_id
        tries = [one.join(game_id, BOB, "B"), two.join(game_id, CAROL, "C")]
        tries += [one.join(game_id, DAN, "D")]
        results = await asyncio.gather(*tries, return_exceptions=True)
        refused = [r for r in results if isinstance(r, Exception)]
        assert all(isinstance(r, NotAllowed) for r in refused) and len(refused) == 2
        seats = await one.store.seats(game_id)
        assert len(seats) == 2  # Yōkai seats two, never more
        (other,) = [s.user_id for s in seats if s.user_id != ALICE]
        assert other is not None
        await one.start(game_id, ALICE)
        # both players vote to pause at the same moment, each through its own process
        await asyncio.gather(one.tempo.pause(game_id, ALICE), two.tempo.pause(game_id, other))
        assert (await one.load(game_id)).row.settings.get("paused") is True
    finally:
        for store in stores:
            await store.close()


async def test_one_unreadable_game_does_not_stop_the_others(service: Service) -> None:
    broken = await _china(service, seed=3)
    healthy = await _china(service, seed=4)
    # damage one game's saved state behind the bot's back, as a bad disk or edit would
    import sqlite3

    path = str(service.store.path)  # type: ignore[attr-defined]
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE games SET state = '{\"nonsense\": 1}' WHERE id = ?", (broken,))
    mine = await service.mine(ALICE)
    assert [g.game_id for g in mine] == [healthy]  # the broken one is left out, not fatal
    assert [g.game_id for g in await service.list_channel(10)] == [healthy]
    with pytest.raises(GameError, match="cannot be read"):
        await service.status(broken)
    await service.tempo.credit_downtime(60.0)  # start-up work goes on for the others
    assert (await service.load(healthy)).row.settings["resumed_at"] > 0


async def test_a_bad_database_is_named_at_start_in_one_sentence(tmp_path: Path) -> None:
    import sqlite3

    from bot.store import StoreError

    not_a_db = tmp_path / "notes.db"
    not_a_db.write_text("these are my notes, not a database" * 100)
    with pytest.raises(StoreError, match="cannot be used"):
        await open_store(str(not_a_db))
    newer = tmp_path / "newer.db"
    with sqlite3.connect(newer) as raw:
        raw.execute("PRAGMA user_version = 999")
    with pytest.raises(StoreError, match="newer than this version"):
        await open_store(str(newer))
    missing = tmp_path / "missing.db"
    store = await open_store(str(missing))  # a whole database, then a table goes
    await store.close()
    with sqlite3.connect(missing) as raw:
        raw.execute("DROP TABLE timers")
    with pytest.raises(StoreError, match="lacks the table"):
        await open_store(str(missing))
