"""A deadline that runs out during a secret choice says so without telling the choice."""

from __future__ import annotations

from pathlib import Path

from bot.service.facade import Service
from bot.store import open_store
from bot.words.text import t

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


async def test_a_deadline_that_loses_a_race_to_another_process_still_fires(
    tmp_path: Path,
) -> None:
    """Found by the two-process test: a deadline whose commit lost the version race to a
    move made at that instant in another process raised Stale out of the timer (an ERROR
    with a traceback). The other seat's move does not end this seat's turn in a
    simultaneous phase, so the deadline must still play for it, once."""
    now = [1_800_000_000.0]
    path = str(tmp_path / "race.db")
    first, second = await open_store(path), await open_store(path)
    try:
        here = Service(first, clock=lambda: now[0], render=False, ai_budget_s=0.02)
        there = Service(second, clock=lambda: now[0], render=False, ai_budget_s=0.02)
        lobby = await here.new_game(
            guild_id=1, channel_id=10, user_id=ALICE, user_name="Alice", key="samurai", seed=4
        )
        game_id = lobby.game.game_id
        await here.join(game_id, BOB, "Bob")
        await here.store.update_settings(game_id, {"deadline_hours": 12, "reminder_hours": 0})
        await here.start(game_id, ALICE)
        deadline = next(t for t in await first.timers_for_game(game_id) if t.user_id == ALICE)
        now[0] += 13 * HOUR
        loaded = await there.load(game_id)
        bob_seat = loaded.seat_of(BOB)
        bob_move = loaded.game.notation(loaded.state, loaded.game.legal(loaded.state, bob_seat)[0])
        commit = here.play.unit.commit
        raced = []

        async def racing_commit(*args: object, **kwargs: object) -> object:
            if not raced:  # Bob's pick lands in the other process first
                raced.append(await there.act(game_id, BOB, bob_move))
            return await commit(*args, **kwargs)  # type: ignore[arg-type]

        here.play.unit.commit = racing_commit  # type: ignore[method-assign]
        result = await here.tempo.fire(deadline)
        assert raced and result is not None
        assert "Time ran out for Alice" in "\n".join(p.text for p in result.public)
        log = await first.actions(game_id)
        alice_seat = loaded.seat_of(ALICE)
        assert log[0].seat == bob_seat and alice_seat in {a.seat for a in log}
        assert (await here.tempo.fire(deadline)) is None  # and only once
    finally:
        await first.close()
        await second.close()
