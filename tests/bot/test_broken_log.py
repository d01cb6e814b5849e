"""A game whose action log is damaged is set aside, like a game whose row is, on both
backends: a logged action whose text no longer replays, or a snapshot whose stored state
does not parse (or parses into nothing the game can load), makes the game answer
``err.broken_game`` to every reader and writer (board, history, takeback, undo, a move,
the outbox) before anything is committed, logged once; every other game plays on.

Defect guarded (issue 23, item 5): only the ``games`` row was checked, so such a game
stayed open: its board was shown, history, takeback and the outbox failed with an
unrelated rule sentence, and a move was committed while its player got that refusal."""

from __future__ import annotations

import logging
from typing import Any

import pytest

from bot.service.facade import Service
from bot.service.results import BrokenGame
from bot.words.text import t
from tests.bot.store_support import Opener, raw
from tests.bot.test_service import ALICE, started

DAMAGE: dict[str, tuple[str, tuple[str, ...]]] = {
    # the second logged action: a text no game can read
    "text": ("UPDATE actions SET text = ? WHERE game_id = ? AND seq = 1", ("zz9",)),
    # the opening snapshot (the state every replay starts from)
    "snapshot json": ("UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"broken": [',)),
    "snapshot shape": ("UPDATE snapshots SET state = ? WHERE game_id = ?", ('{"broken": []}',)),
    "snapshot missing": ("DELETE FROM snapshots WHERE game_id = ?", ()),
}


async def a_move(service: Service, game_id: int) -> tuple[int, str]:
    """The user to act and the text of their first legal move."""
    loaded = await service.load(game_id)
    seat = min(loaded.game.to_act(loaded.state))
    action = loaded.game.legal(loaded.state, seat)[0]
    user = loaded.user_at(seat)
    assert user is not None
    return user, loaded.game.notation(loaded.state, action)


async def play(service: Service, game_id: int, moves: int) -> None:
    for _ in range(moves):
        await service.act(game_id, *await a_move(service, game_id))


@pytest.mark.parametrize("how", sorted(DAMAGE))
async def test_a_damaged_log_sets_its_game_aside_and_the_others_play_on(
    store_url: str, opener: Opener, caplog: pytest.LogCaptureFixture, how: str
) -> None:
    store = await opener(store_url)
    first = Service(store, render=False)
    broken, sound = await started(first, seed=3), await started(first, seed=4)
    await play(first, broken, 3)
    user, move = await a_move(first, broken)  # a legal move, were the game sound
    sql, values = DAMAGE[how]
    await raw(store, sql, *values, broken)
    service = Service(store, render=False)  # the bot restarted: nothing remembered
    before = (await store.get_game(broken), await store.actions(broken))
    said = t("err.broken_game", "en", game_id=broken)
    calls: dict[str, Any] = {
        "board": lambda: service.board(broken),
        "status": lambda: service.status(broken),
        "history": lambda: service.history(broken, ALICE),
        "takeback": lambda: service.council.request_takeback(broken, ALICE),
        "undo": lambda: service.undo(broken, user),
        "move": lambda: service.act(broken, user, move),
        "outbox": lambda: service.owed(broken),
    }
    with caplog.at_level(logging.WARNING):
        for name, call in calls.items():
            with pytest.raises(BrokenGame) as refused:
                await call()
            assert str(refused.value) == said, name
        # nothing was committed
        assert (await store.get_game(broken), await store.actions(broken)) == before
        # every other game plays on
        await play(service, sound, 2)
        assert (await service.load(sound)).row.version == 2
        assert await service.history(sound, ALICE)
    told = [r for r in caplog.records if f"game {broken}" in r.getMessage()]
    assert len(told) == 1 and told[0].levelno == logging.WARNING, [r.getMessage() for r in told]


async def test_the_game_is_read_again_once_mended(store_url: str, opener: Opener) -> None:
    """Set aside is not a verdict kept in the process: a mended log plays on at once."""
    store = await opener(store_url)
    service = Service(store, render=False)
    game_id = await started(service, seed=3)
    await play(service, game_id, 2)
    (good,) = await raw(store, "SELECT text FROM actions WHERE game_id = ? AND seq = 1", game_id)
    await raw(store, DAMAGE["text"][0], "zz9", game_id)
    service = Service(store, render=False)
    with pytest.raises(BrokenGame):
        await service.load(game_id)
    await raw(store, DAMAGE["text"][0], good[0], game_id)  # mended: no restart needed
    await play(service, game_id, 1)
    assert (await service.load(game_id)).row.version == 3
