"""Asynchronous play through Discord with simulated time: the per-game clock, a reminder in
the thread with its Pause reminders button, a deadline, a takeback vote, settings errors."""

from __future__ import annotations

from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, open_and_start, play_move, to_act

HOUR = 3600.0


async def test_reminder_mute_button_and_deadline(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    stranger = await t.answer(
        await t.emu.slash(t.carol, thread_id, "game clock", {"reminder_hours": 1})
    )
    assert stranger.ephemeral and "not playing" in stranger.content
    # the clock belongs to the table: a lone player cannot set it, nor to nonsense
    silly = await t.answer(
        await t.emu.slash(t.alice, thread_id, "game clock", {"deadline_hours": 0.001})
    )
    assert "between 12 and 720" in silly.content
    proposed = await t.answer(
        await t.emu.slash(
            t.alice, thread_id, "game clock", {"reminder_hours": 2, "deadline_hours": 12}
        )
    )
    assert "every player agrees" in proposed.content
    request = await t.emu.wait_for(
        lambda m: any(c.startswith("tenka:b:ck_yes:") for c in m.custom_ids()),
        10,
        channel=thread_id,
    )
    assert request.pinged_ids == {t.bob.id}
    agree = next(c for c in request.custom_ids() if c.startswith("tenka:b:ck_yes:"))
    own = await t.answer(await t.emu.click(t.carol, request, agree))
    assert "not playing" in own.content
    await t.answer(await t.emu.click(t.bob, request, agree))
    answer = await t.emu.wait_for(lambda m: "Everyone agreed" in m.content, 10, channel=thread_id)
    assert "2" in answer.content and "12" in answer.content
    mover = to_act(t, boards(t, thread_id)[-1])
    before = len(t.emu.public_messages(thread_id))
    t.clock.now += 2 * HOUR + 1
    assert t.bot.dispatcher is not None
    await t.bot.dispatcher.run_due()
    reminder = await t.emu.wait_for(lambda m: "Reminder" in m.content, 10, channel=thread_id)
    assert reminder.pinged_ids == {mover.id} and not reminder.attachments
    assert len(t.emu.public_messages(thread_id)) == before + 1
    mute = next(c for c in reminder.custom_ids() if c.startswith("tenka:b:mute:"))
    stranger = await t.answer(await t.emu.click(t.carol, reminder, mute))
    assert "not playing" in stranger.content
    muted = await t.answer(await t.emu.click(mover, reminder, mute))
    assert muted.ephemeral and "paused" in muted.content
    t.clock.now += 2 * HOUR + 1
    await t.bot.dispatcher.run_due()
    assert len([m for m in t.emu.public_messages(thread_id) if "Reminder" in m.content]) == 1
    t.clock.now += 8 * HOUR  # twelve hours into the turn: the deadline plays for the player
    await t.bot.dispatcher.run_due()
    timeout = await t.emu.wait_for(lambda m: "Time ran out" in m.content, 10, channel=thread_id)
    assert timeout.attachments and (await t.bot.store.get_game(game_id)).version == 1  # type: ignore[union-attr]
    await t.bot.dispatcher.run_due()  # nothing fires twice
    assert len([m for m in t.emu.public_messages(thread_id) if "Time ran out" in m.content]) == 1


async def test_takeback_vote_through_buttons(table: Table) -> None:
    t = table
    game_id, thread_id = await open_and_start(t)
    mover = to_act(t, boards(t, thread_id)[-1])
    other = t.bob if mover is t.alice else t.alice
    nothing = await t.answer(await t.emu.slash(other, thread_id, "game takeback", {}))
    assert "no move to take back" in nothing.content
    loaded = await t.bot.service.load(game_id)
    game = loaded.game
    move = game.notation(loaded.state, game.legal(loaded.state, loaded.seat_of(mover.id))[0])
    await play_move(t, thread_id, mover, move)
    await t.answer(await t.emu.slash(mover, thread_id, "game takeback", {}))
    request = await t.emu.wait_for(
        lambda m: not m.ephemeral and any(c.startswith("tenka:b:tb_yes:") for c in m.custom_ids()),
        10,
        channel=thread_id,
    )
    assert request.pinged_ids == {other.id}
    yes = next(c for c in request.custom_ids() if c.startswith("tenka:b:tb_yes:"))
    own = await t.answer(await t.emu.click(mover, request, yes))
    assert "own" in own.content
    approved = await t.answer(await t.emu.click(other, request, yes))
    assert "taken back" in approved.content
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.version == 0 and await t.bot.store.actions(game_id) == []
    assert to_act(t, boards(t, thread_id)[-1]) is mover


async def test_settings_reject_nonsense_and_change_nothing(table: Table) -> None:
    t = table
    bad_zone = await t.answer(
        await t.emu.slash(t.alice, t.channel, "settings me", {"timezone": "Mars/Base"})
    )
    assert bad_zone.ephemeral and "time zone" in bad_zone.content
    bad_quiet = await t.answer(
        await t.emu.slash(t.alice, t.channel, "settings me", {"quiet": "whenever"})
    )
    assert "22:00-07:30" in bad_quiet.content
    # nothing chosen: only the client language the bot remembers for DMs
    assert await t.bot.store.user_settings(t.alice.id) == {"client_language": "en"}
    good = await t.answer(
        await t.emu.slash(
            t.alice, t.channel, "settings me", {"quiet": "23:00-07:00", "timezone": "Europe/Madrid"}
        )
    )
    assert "Europe/Madrid" in good.content
    prefs = await t.bot.store.user_settings(t.alice.id)
    assert prefs["quiet"] == "23:00-07:00" and prefs["timezone"] == "Europe/Madrid"
