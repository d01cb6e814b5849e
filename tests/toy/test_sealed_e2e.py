"""The toy Sealed Bid game end to end through the Discord emulator: the lobby, the bid form
by DM (an amounts modal and Confirm), one player with closed DMs answering through /hand,
a reminder while the others wait, the board after each reveal, and the result card. No
line of bot/ names the game: it is registered by this test."""

from __future__ import annotations

from tests.e2e.conftest import Table
from tests.e2e.conftest import table as table  # the fixture
from tests.emulator import FakeUser
from tests.emulator.world import StoredMessage
from tests.toy import sealed

PNG_MAGIC = b"\x89PNG\r\n\x1a\n"
HOUR = 3600.0


def _form_message(messages: list[StoredMessage], game_id: int, key: str) -> StoredMessage:
    found = [m for m in messages if f"tenka:fb:{game_id}:c:{key}" in m.custom_ids()]
    assert found, [m.content for m in messages]
    return found[-1]


async def _bid(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, key: str, coins: int
) -> None:
    opened = await t.emu.click(user, message, f"tenka:fb:{game_id}:m0:{key}")
    callback = await opened.response()
    assert callback.type == 9  # the amounts modal
    submitted = await t.emu.submit_modal(user, opened, {"coins": str(coins)})
    await submitted.response()
    (draft,) = await submitted.followups(1, timeout=10)
    assert draft.ephemeral and "Your choice so far" in draft.content and str(coins) in draft.content
    confirm = await t.emu.click(user, message, f"tenka:fb:{game_id}:c:{key}")
    assert (await confirm.response()).type == 6
    await t.emu.wait_until(lambda: message.content.startswith("Confirmed"), 10, "confirmed")


async def test_sealed_bid_through_discord(table: Table, sealed_game: sealed.SealedGame) -> None:
    t = table
    t.emu.close_dms(t.carol)
    lobby = await t.answer(
        await t.emu.slash(t.alice, t.channel, "game new", {"game": "sealed", "players": 3})
    )
    game_id = int(
        next(c for c in lobby.custom_ids() if c.startswith("tenka:l:join:")).split(":")[-1]
    )
    for user in (t.bob, t.carol):
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    stranger = await t.answer(await t.emu.click(t.bob, lobby, f"tenka:l:start:{game_id}"))
    assert stranger.ephemeral and "opened this game" in stranger.content
    started = await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    assert "started" in started.content
    (thread,) = t.emu.threads_of(t.channel)
    first = await t.emu.wait_for(lambda m: bool(m.attachments), 10, channel=thread.id)
    assert t.emu.attachment_bytes(first).startswith(PNG_MAGIC)
    assert first.pinged_ids == {t.alice.id, t.bob.id, t.carol.id}
    # Carol's DMs are closed: the thread says so without a secret, /hand shows her form
    note = await t.emu.wait_for(lambda m: "/hand" in m.content, 10, channel=thread.id)
    assert note.pinged_ids == {t.carol.id}
    plan = {t.alice.id: [4, 0, 3], t.bob.id: [2, 5, 3], t.carol.id: [0, 1, 2]}
    for round_ in range(3):
        key = f"sealed.bid.{round_}"
        for user in (t.alice, t.bob):
            await t.emu.wait_until(
                lambda u=user, k=key: any(
                    f"tenka:fb:{game_id}:c:{k}" in m.custom_ids() for m in t.emu.dms(u)
                ),
                10,
                "the bid form by DM",
            )
            message = _form_message(t.emu.dms(user), game_id, key)
            assert message.attachments  # the hand picture comes with the form
            await _bid(t, user, message, game_id, key, plan[user.id][round_])
        if round_ == 0:
            # Carol has not bid: a day later she is reminded in the thread, pinged alone
            t.clock.now += 24 * HOUR + 1
            assert t.bot.dispatcher is not None
            await t.bot.dispatcher.run_due()
            reminder = await t.emu.wait_for(
                lambda m: "Reminder" in m.content, 10, channel=thread.id
            )
            assert reminder.pinged_ids == {t.carol.id}
        handle = await t.emu.slash(t.carol, thread.id, "hand", {})
        await handle.response()
        followups = await handle.followups(1, timeout=10)
        ephemeral = next(m for m in followups if f"tenka:fb:{game_id}:c:{key}" in m.custom_ids())
        assert ephemeral.ephemeral and ephemeral.visible_to == frozenset({t.carol.id})
        await _bid(t, t.carol, ephemeral, game_id, key, plan[t.carol.id][round_])
        await t.emu.wait_until(
            lambda r=round_: any(
                ("wins the" in m.content or "A tie" in m.content) and m.content.count("\n") >= 0
                for m in t.emu.public_messages(thread.id)[-3:]
            ),
            10,
            f"the reveal of round {round_ + 1}",
        )
    final = await t.emu.wait_for(lambda m: "Game over" in m.content, 10, channel=thread.id)
    # the closed DMs were noticed once for the whole game, not at every round
    notes = [m for m in t.emu.public_messages(thread.id) if "/hand" in m.content]
    assert len(notes) == 1
    assert len(final.attachments) == 2  # the last board and the result card
    public_text = "\n".join(m.content for m in t.emu.public_messages(thread.id))
    assert "You bid" not in public_text  # each seat's own bid stays in its DM
    row = await t.bot.store.get_game(game_id)
    assert row is not None and row.status == "finished"
    # a form answered after the game moved on is refused, nothing changes
    old = _form_message(t.emu.dms(t.alice), game_id, "sealed.bid.0")
    late = await t.answer(await t.emu.click(t.alice, old, f"tenka:fb:{game_id}:c:sealed.bid.0"))
    assert late.ephemeral and "is over" in late.content
    assert (await t.bot.store.get_game(game_id)).version == row.version  # type: ignore[union-attr]
