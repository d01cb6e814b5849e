"""The toy Sealed Bid game through the service: a simultaneous secret choice as a form,
from the lobby to the result, with the refusals a player can cause."""

from __future__ import annotations

from collections.abc import AsyncIterator
from pathlib import Path

import pytest
import pytest_asyncio

from bot.service.facade import Service
from bot.service.results import NotSeated, Stale
from bot.store import open_store
from games import engine
from games.base import GameError, IllegalAction
from games.forms import check
from tests.toy import sealed

ALICE, BOB, CAROL, DAN = 1, 2, 3, 4


@pytest_asyncio.fixture
async def service(tmp_path: Path, sealed_game: sealed.SealedGame) -> AsyncIterator[Service]:
    store = await open_store(str(tmp_path / "tenka.db"))
    yield Service(store, render=False, ai_budget_s=0.02)
    await store.close()


async def _start(service: Service) -> int:
    lobby = await service.new_game(
        guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="sealed", players=3
    )
    game_id = lobby.game.game_id
    await service.join(game_id, BOB, "Bob")
    await service.join(game_id, CAROL, "Carol")
    result = await service.start(game_id, ALICE)
    # every seat bids at once: each gets its form privately, nobody sees another's
    assert {p.user_id for p in result.private} == {ALICE, BOB, CAROL}
    assert all(p.form is not None and p.form.key == "sealed.bid.0" for p in result.private)
    return game_id


def test_the_toy_obeys_the_protocol(sealed_game: sealed.SealedGame) -> None:
    from tests.games.test_conformance import _check_outcome, _roundtrip

    for players in (2, 3, 4):
        for seed in range(20):
            state = sealed_game.setup(players, {}, seed)
            rng = seed
            while sealed_game.outcome(state) is None:
                seat = min(sealed_game.to_act(state))
                legal = sealed_game.legal(state, seat)
                rng = (rng * 1103515245 + 12345) % 2**31
                action = legal[rng % len(legal)]
                assert sealed_game.parse(state, seat, sealed_game.notation(state, action)) == action
                hidden = sealed_game.shuffle_hidden(state, seat, rng)
                assert sealed_game.view(hidden, seat) == sealed_game.view(state, seat)
                state, _ = engine.act(sealed_game, state, seat, action)
                _roundtrip(sealed_game, state)
            _check_outcome(sealed_game, state, players)


async def test_bids_by_form_to_the_result(service: Service) -> None:
    game_id = await _start(service)
    bids = {ALICE: [4, 0, 3], BOB: [2, 5, 3], CAROL: [0, 1, 2]}
    for round_ in range(3):
        for user, plan in bids.items():
            form = await service.form(game_id, user)
            assert form is not None and form.key == f"sealed.bid.{round_}"
            # a draft first (kept by the bot, nothing played), then Confirm
            result, still = await service.answer(
                game_id, user, form.key, {"bid": {"coins": plan[round_]}}, final=False
            )
            assert not result.public and still is not None
            assert still.answers["bid"] == {"coins": plan[round_]}
            version = (await service.game(game_id)).version
            result, after = await service.answer(game_id, user, form.key, {}, final=True)
            # answered: that form is gone (the next round's may already be due)
            assert (after is None or after.key != form.key) and result.game.version == version + 1
            # one seat's bid pings nobody again: a seat is pinged once, when its choice is due
            last_of_round = user == CAROL
            for post in result.public:
                if not last_of_round:
                    assert post.ping == ()
            # the public post says a bid is in, never how much
            public = " ".join(p.text for p in result.public)
            assert str(plan[round_]) + " coins" not in public or "wins" in public
    loaded = await service.load(game_id)
    outcome = loaded.game.outcome(loaded.state)
    assert outcome is not None
    # round 1: Alice 4 beats Bob 2; round 2: Bob 5; round 3: Alice 3 ties Bob 3: nobody
    seat = {u: loaded.seat_of(u) for u in bids}
    prizes = loaded.state.prizes
    assert loaded.state.points[seat[ALICE]] == prizes[0]
    assert loaded.state.points[seat[BOB]] == prizes[1]
    assert loaded.state.coins[seat[ALICE]] == 10 - 4
    assert loaded.state.coins[seat[BOB]] == 10 - 5
    assert loaded.state.coins[seat[CAROL]] == 10


async def test_form_refusals_change_nothing(service: Service) -> None:
    game_id = await _start(service)
    form = await service.form(game_id, ALICE)
    assert form is not None
    version = (await service.game(game_id)).version
    with pytest.raises(NotSeated):  # a stranger
        await service.answer(game_id, DAN, form.key, {"bid": {"coins": 1}}, final=True)
    with pytest.raises(GameError):  # a forged amount beyond the form's bounds
        await service.answer(game_id, ALICE, form.key, {"bid": {"coins": 11}}, final=True)
    with pytest.raises(GameError):  # a forged field
        await service.answer(game_id, ALICE, form.key, {"steal": ["x"]}, final=True)
    with pytest.raises(Stale):  # a form that is not the current one
        await service.answer(game_id, ALICE, "sealed.bid.7", {"bid": {"coins": 1}}, final=True)
    assert (await service.game(game_id)).version == version
    await service.answer(game_id, ALICE, form.key, {"bid": {"coins": 1}}, final=True)
    with pytest.raises(GameError):  # answered twice
        await service.answer(game_id, ALICE, form.key, {"bid": {"coins": 2}}, final=True)
    assert (await service.game(game_id)).version == version + 1


def test_form_shape_is_checked_before_the_game_sees_it(sealed_game: sealed.SealedGame) -> None:
    state = sealed_game.setup(2, {}, 1)
    form = sealed_game.form(state, 0)
    assert form is not None
    assert check(form, {"bid": {"coins": 10}}) == {"bid": {"coins": 10}}
    for bad in ({"bid": {"coins": -1}}, {"bid": {"coins": "3"}}, {"bid": {"gold": 1}}, {"bid": 3}):
        with pytest.raises(IllegalAction):
            check(form, bad)
