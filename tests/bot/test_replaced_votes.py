"""Votes belong to the seats as they are now: replacing a seat drops its old holder's part
of every pending vote and approval (clock, pause, resume, abandon, takeback), and a
proposal of theirs lapses. Each test lets the replaced player vote first, replaces them
with Dan (a server admin may replace anyone), then lets the others agree: the change must
wait for Dan."""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import pytest
import pytest_asyncio

from bot.service.facade import Service
from bot.service.results import Stale
from bot.store import open_store
from tests.bot.test_trust import ALICE, BOB, CAROL, DAN, _china, _shitenno_lot


@pytest_asyncio.fixture
async def service(store_url: str) -> AsyncIterator[Service]:
    """The service on each backend (SQLite and PostgreSQL: votes are kept in settings)."""
    store = await open_store(store_url)
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def _hand_over(service: Service, game_id: int, old: int, new: int) -> None:
    await service.council.replace(
        game_id, ALICE, old_user=old, new_user=new, new_name=str(new), is_admin=True
    )


async def _settings(service: Service, game_id: int) -> dict[str, Any]:
    return dict((await service.load(game_id)).row.settings)


async def test_a_clock_proposal_lapses_with_its_proposers_seat(service: Service) -> None:
    game_id = await _china(service)
    proposed = await service.tempo.set_clock(game_id, CAROL, reminder_hours=2, deadline_hours=24)
    serial = proposed.public[0].version
    await _hand_over(service, game_id, CAROL, DAN)
    with pytest.raises(Stale):
        await service.tempo.vote_clock(game_id, ALICE, serial, True)
    settings = await _settings(service, game_id)
    assert "deadline_hours" not in settings and "clock_vote" not in settings


async def test_a_replaced_players_yes_to_the_clock_no_longer_counts(service: Service) -> None:
    game_id = await _china(service)
    proposed = await service.tempo.set_clock(game_id, ALICE, reminder_hours=2, deadline_hours=24)
    serial = proposed.public[0].version
    await service.tempo.vote_clock(game_id, CAROL, serial, True)
    await _hand_over(service, game_id, CAROL, DAN)
    await service.tempo.vote_clock(game_id, BOB, serial, True)
    assert "deadline_hours" not in await _settings(service, game_id)  # Dan has not agreed
    done = await service.tempo.vote_clock(game_id, DAN, serial, True)
    assert "Everyone agreed" in done.public[0].text
    assert (await _settings(service, game_id))["deadline_hours"] == 24


async def test_a_replaced_players_pause_and_resume_votes_no_longer_count(
    service: Service,
) -> None:
    game_id = await _china(service)
    await service.tempo.pause(game_id, CAROL)
    await _hand_over(service, game_id, CAROL, DAN)
    assert CAROL not in (await _settings(service, game_id)).get("pause_votes", [])
    await service.tempo.pause(game_id, ALICE)
    waiting = await service.tempo.pause(game_id, BOB)
    assert not (await _settings(service, game_id)).get("paused")
    assert f"<@{DAN}>" in waiting.public[0].text and f"<@{CAROL}>" not in waiting.public[0].text
    await service.tempo.pause(game_id, DAN)
    assert (await _settings(service, game_id)).get("paused") is True
    await service.tempo.resume(game_id, DAN)
    await _hand_over(service, game_id, DAN, CAROL)
    await service.tempo.resume(game_id, ALICE)
    await service.tempo.resume(game_id, BOB)
    assert (await _settings(service, game_id)).get("paused") is True  # Carol has not agreed
    await service.tempo.resume(game_id, CAROL)
    assert not (await _settings(service, game_id)).get("paused")


async def test_an_abandon_vote_leaves_with_the_seat_even_when_its_player_returns(
    service: Service,
) -> None:
    game_id = await _china(service)
    await service.abandon(game_id, CAROL)
    await _hand_over(service, game_id, CAROL, DAN)
    await _hand_over(service, game_id, DAN, CAROL)  # Carol is back, but has not voted again
    await service.abandon(game_id, ALICE)
    waiting = await service.abandon(game_id, BOB)
    assert (await service.load(game_id)).row.status == "active"
    assert waiting.public and f"<@{CAROL}>" in waiting.public[0].text
    await service.abandon(game_id, CAROL)
    assert (await service.load(game_id)).row.status == "abandoned"


async def test_a_replaced_players_approval_of_a_takeback_no_longer_counts(
    service: Service,
) -> None:
    game_id, first = await _shitenno_lot(service)  # a lot of open cards reveals nothing
    request = await service.council.request_takeback(game_id, first)
    version = request.game.version
    approver, other = (u for u in (ALICE, BOB, CAROL) if u != first)
    await service.council.vote_takeback(game_id, approver, version, True)
    await _hand_over(service, game_id, approver, DAN)
    await service.council.vote_takeback(game_id, other, version, True)
    assert (await service.load(game_id)).row.version == version  # Dan has not approved
    done = await service.council.vote_takeback(game_id, DAN, version, True)
    assert "taken back" in (done.reply or "")
    assert (await service.load(game_id)).row.version < version
