"""Takebacks and Undo through the service never hand anyone hidden information and never
remove another seat's decision (issue 23, item 1): the rule of ``bot.service.rewind`` as players
meet it, one sentence per reason, nothing changed by a refusal."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from pathlib import Path
from typing import Any

import pytest
import pytest_asyncio

from bot.service.facade import Service
from bot.service.results import NotAllowed
from bot.store import open_store
from bot.words.text import t
from games import engine
from games.base import Event, Reveal

ALICE, BOB, CAROL, DAN = 1, 2, 3, 4
PLAYERS = (ALICE, BOB, CAROL)
REVEALED = t("err.rewind_revealed", "en")
MOVES_CAP = 600  # first-legal moves until the event looked for (Rising Sun's first draw: ~20)


@pytest_asyncio.fixture
async def service(tmp_path: Path) -> AsyncIterator[Service]:
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def _started(service: Service, key: str, options: dict[str, Any] | None = None) -> int:
    lobby = await service.new_game(
        guild_id=1,
        channel_id=10,
        user_id=ALICE,
        user_name="A",
        key=key,
        players=3,
        seed=2,
        options=options or {},
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "B")
    await service.join(game_id, CAROL, "C")
    await service.start(game_id, ALICE)
    return game_id


async def _first_legal(service: Service, game_id: int) -> tuple[int, list[Event]]:
    """The lowest seat to act plays its first legal action; its user and the events."""
    loaded = await service.load(game_id)
    game, state = loaded.game, loaded.state
    seat = min(game.to_act(state))
    action = game.legal(state, seat)[0]
    _, events = engine.act(game, state, seat, action)
    user = loaded.user_at(seat)
    assert user is not None
    await service.act(game_id, user, game.notation(state, action))
    return user, events


async def _play_until(service: Service, game_id: int, found: Callable[[Event], bool]) -> Event:
    """First legal moves until one makes an event ``found`` accepts, whose mover then asks
    for a takeback: refused with the "something hidden" sentence, nothing changed."""
    for _ in range(MOVES_CAP):
        user, events = await _first_legal(service, game_id)
        event = next((e for e in events if found(e)), None)
        if event is not None:
            version = (await service.load(game_id)).row.version
            with pytest.raises(NotAllowed) as refused:
                await service.council.request_takeback(game_id, user)
            assert str(refused.value.key) == "err.rewind_revealed"
            loaded = await service.load(game_id)
            assert loaded.row.version == version and "takeback" not in loaded.row.settings
            return event
    raise AssertionError("the event never came")


async def test_a_china_face_up_refill_is_not_taken_back(service: Service) -> None:
    """Guards: a face-up draw whose turn end refilled the row from the pile was taken back,
    and the refill's cards became the pile's known top (issue 23)."""
    game_id = await _started(service, "china")
    event = await _play_until(service, game_id, lambda e: e.kind == "china.face_up_refilled")
    assert event.reveals is Reveal.HIDDEN


async def test_a_shitenno_bonus_tile_from_a_stack_is_not_taken_back(service: Service) -> None:
    """Guards: a placement that took a face-down stack's bonus tile was taken back."""
    game_id = await _started(service, "shitenno")
    event = await _play_until(
        service, game_id, lambda e: e.kind == "shitenno.place" and e.args["tile"] is not None
    )
    assert event.reveals is Reveal.HIDDEN


async def test_a_rising_sun_mandate_draw_is_not_taken_back(service: Service) -> None:
    """Guards: the move after which the next chooser drew its mandates was taken back, and
    they went back on top of the deck, known."""
    game_id = await _started(service, "rising_sun")
    event = await _play_until(service, game_id, lambda e: e.kind == "rising_sun.drawn")
    assert event.reveals is Reveal.HIDDEN and event.audience is not None


async def test_a_takeback_that_reveals_nothing_still_works(service: Service) -> None:
    """A Shitenno lot is made of open cards: taking it back hides nothing; every other
    player approves and the Tairō makes its lot again."""
    game_id = await _started(service, "shitenno")
    user, events = await _first_legal(service, game_id)
    assert [e.kind for e in events] == ["shitenno.lot"] and events[0].reveals is None
    request = await service.council.request_takeback(game_id, user)
    version = request.game.version
    others = [u for u in PLAYERS if u != user]
    await service.council.vote_takeback(game_id, others[0], version, True)
    done = await service.council.vote_takeback(game_id, others[1], version, True)
    assert done.reply == t("takeback.done", "en")
    loaded = await service.load(game_id)
    assert loaded.row.version == 0 and loaded.user_at(min(loaded.game.to_act(loaded.state))) == user


async def _samurai_step(service: Service) -> tuple[int, int, int]:
    """A 3-player Samurai in play; the seat to act has placed one tile (its turn not
    ended). Returns the game, that seat and its user."""
    options = {"random_opening": True, "random_placement": True}
    game_id = await _started(service, "samurai", options)
    loaded = await service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    user, _ = await _first_legal(service, game_id)
    loaded = await service.load(game_id)
    assert loaded.game.can_undo(loaded.state, seat)
    return game_id, seat, user


async def test_undo_never_removes_another_players_resignation(service: Service) -> None:
    """Guards: the seat to act places a tile, another player resigns, the first presses
    Undo: the resignation was rolled back and the resigner was back (issue 23)."""
    game_id, seat, user = await _samurai_step(service)
    quitter = next(u for u in PLAYERS if u != user)
    await service.resign(game_id, quitter)
    loaded = await service.load(game_id)
    version, quitter_seat = loaded.row.version, loaded.seat_of(quitter)
    with pytest.raises(NotAllowed) as refused:
        await service.undo(game_id, user)
    assert refused.value.key == "err.rewind_resigned"
    loaded = await service.load(game_id)
    assert loaded.row.version == version
    assert quitter_seat in loaded.state.resigned and loaded.game.can_undo(loaded.state, seat)


async def test_undo_never_removes_a_step_another_user_played(service: Service) -> None:
    """Guards: the seat's new holder pressed Undo and removed the step its former holder
    had played (another player has acted since)."""
    game_id, _, user = await _samurai_step(service)
    await service.council.replace(
        game_id, DAN, old_user=user, new_user=DAN, new_name="D", is_admin=True
    )
    version = (await service.load(game_id)).row.version
    with pytest.raises(NotAllowed) as refused:
        await service.undo(game_id, DAN)
    assert refused.value.key == "err.undo_others"
    assert (await service.load(game_id)).row.version == version


async def test_undo_of_ones_own_step_still_works(service: Service) -> None:
    game_id, seat, user = await _samurai_step(service)
    await service.undo(game_id, user)
    loaded = await service.load(game_id)
    assert loaded.row.version == 0 and not loaded.game.can_undo(loaded.state, seat)


def test_each_refusal_is_one_distinct_sentence_in_both_languages() -> None:
    keys = ("err.rewind_resigned", "err.rewind_revealed", "err.undo_others")
    for locale in ("en", "es"):
        sentences = {t(key, locale) for key in keys}
        assert len(sentences) == len(keys) and all(s.count(".") == 1 for s in sentences)
