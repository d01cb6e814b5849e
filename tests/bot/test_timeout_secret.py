"""A deadline that runs out during a secret choice says so without telling the choice."""

from __future__ import annotations

from pathlib import Path

from bot.service import Service
from bot.store import open_store
from bot.text import t

HOUR = 3600.0
ALICE, BOB = 101, 202


async def test_a_secret_choice_made_on_timeout_is_not_named_in_public(tmp_path: Path) -> None:
    """Found by the two-process test: the AI's opening pick for a timed-out Samurai player
    was posted on the public board ("s1: drop H2 take H4 ... confirm."), because the
    secret timeout notice had no sentence and fell back to naming the notation."""
    now = [1_800_000_000.0]
    store = await open_store(str(tmp_path / "secret.db"))
    try:
        service = Service(store, clock=lambda: now[0], render=False, ai_budget_s=0.02)
        lobby = await service.new_game(
            guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="samurai", seed=4
        )
        game_id = lobby.game.game_id
        await service.join(game_id, BOB, "Bob")
        await service.store.update_settings(game_id, {"deadline_hours": 12, "reminder_hours": 0})
        await service.start(game_id, ALICE)
        assert (await service.form(game_id, ALICE, "en")) is not None  # the secret pick
        deadline = next(
            timer for timer in await store.timers_for_game(game_id) if timer.user_id == ALICE
        )
        now[0] += 13 * HOUR
        result = await service.tempo.fire(deadline)
        assert result is not None
        played = [a.text for a in await store.actions(game_id)]
        assert played  # the AI picked for Alice
        public = "\n".join(post.text for post in result.public)
        assert t("event.timeout_secret", "en", player="Alice") in public
        for text in played:
            for word in text.split():
                if word not in {"take", "drop", "confirm"}:
                    assert word not in public.split(), (word, public)
    finally:
        await store.close()
