"""Rising Sun end to end through the Discord emulator: four players from the lobby across a
whole season (Spring): the Tea Ceremony and the Political Phase through /move (actions
chosen by the engine's computer player), the mandate pick by its form in a DM (its One
select, then Confirm; through /hand for the player whose DMs are closed), the War: every
battle's bids by the amounts modal and Confirm, and the bot restarted between two bids of
the first battle. No bid amount or drawn mandate reaches a public message before the
reveal, and each reveal is posted once."""

from __future__ import annotations

import asyncio
import re
from typing import Any

import games
from games.ai import choose_for
from games.rising_sun.data import BOXES
from games.rising_sun.state import Bid, Confirm, thaw
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import PNG_MAGIC, game_id_of
from tests.emulator import FakeUser, start_client, stop_client
from tests.emulator.world import StoredMessage

GAME = games.get("rising_sun")
REVEAL = "The bids are revealed."
BID_TEXT = re.compile(r"\bbid \d+ \d+ \d+ \d+")


async def _open(t: Table, users: list[FakeUser]) -> tuple[int, int]:
    lobby = await t.answer(
        await t.emu.slash(t.alice, t.channel, "game new", {"game": "rising_sun", "players": 4})
    )
    game_id = game_id_of(lobby)
    for user in users[1:]:
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    started = await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    assert "started" in started.content
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


async def open_four(t: Table) -> tuple[list[FakeUser], int, int]:
    """Alice, Bob, Carol (her DMs closed) and Dave in a started game: users, game, thread."""
    users = [t.alice, t.bob, t.carol, t.emu.add_user("dave")]
    t.emu.close_dms(t.carol)
    game_id, thread_id = await _open(t, users)
    return users, game_id, thread_id


async def _restart(t: Table) -> None:
    await stop_client(t.bot)
    t.bot = t.make_bot()
    await start_client(t.bot, t.emu)


async def _form_message(
    t: Table, user: FakeUser, closed: FakeUser, thread_id: int, game_id: int, key: str
) -> StoredMessage:
    """The form ``key`` as ``user`` sees it: by DM, or through /hand when DMs are closed."""

    def is_form(m: StoredMessage) -> bool:
        return any(c.startswith("tenka:f") and c.endswith(f":{key}") for c in m.custom_ids())

    if user is closed:
        handle = await t.emu.slash(user, thread_id, "hand", {})
        await handle.response()
        followups = await handle.followups(1, timeout=10)
        message = next(m for m in followups if is_form(m))
        assert message.ephemeral and message.visible_to == frozenset({user.id})
        return message
    try:
        await t.emu.wait_until(
            lambda: any(is_form(m) for m in t.emu.dms(user)), 10, f"the form {key}"
        )
    except TimeoutError:
        raise AssertionError([(m.content[:300], m.custom_ids()) for m in t.emu.dms(user)]) from None
    return [m for m in t.emu.dms(user) if is_form(m)][-1]


async def _confirm(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, key: str
) -> None:
    click = await t.emu.click(user, message, f"tenka:fb:{game_id}:c:{key}")
    assert (await click.response()).type == 6
    await t.emu.wait_until(lambda: message.content.startswith("Confirmed"), 10, "confirmed")


async def _pick_mandate(
    t: Table,
    user: FakeUser,
    message: StoredMessage,
    game_id: int,
    key: str,
    answers: dict[str, str],
    drawn: list[str],
) -> None:
    """One field (announce one of the drawn tiles) is an instant form: a button per tile;
    Lotus's two fields (keep, announce) are selects and Confirm."""
    if "keep" not in answers:
        index = list(dict.fromkeys(drawn)).index(answers["mandate"])
        click = await t.emu.click(user, message, f"tenka:fb:{game_id}:o{index}:{key}")
        await click.response()
        return
    for index, field in enumerate(("keep", "mandate") if "keep" in answers else ("mandate",)):
        custom = f"tenka:fs:{game_id}:{index}:{key}"
        options = [o["value"] for o in message.component(custom)["options"]]
        value = next(v for v in options if v.split("#")[0] == answers[field])
        select = await t.emu.select(user, message, custom, [value])
        assert (await select.response()).type == 6
        await t.emu.wait_until(lambda: "Your choice" in message.content, 10, "the choice")
    await _confirm(t, user, message, game_id, key)


async def _bid(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, key: str, bid: list[int]
) -> None:
    opened = await t.emu.click(user, message, f"tenka:fb:{game_id}:m0:{key}")
    assert (await opened.response()).type == 9  # the amounts modal
    submitted = await t.emu.submit_modal(
        user, opened, {box: str(v) for box, v in zip(BOXES, bid, strict=True)}
    )
    await submitted.response()
    (draft,) = await submitted.followups(1, timeout=10)
    assert draft.ephemeral and "Your choice so far" in draft.content
    await _confirm(t, user, message, game_id, key)


def _reveals(t: Table, thread_id: int) -> int:
    """Reveals posted (a board's recap of earlier events quotes them with "> ")."""
    return sum(m.content.splitlines().count(REVEAL) for m in t.emu.public_messages(thread_id))


async def _published(t: Table, game_id: int) -> None:
    for _ in range(200):
        row = await t.bot.store.get_game(game_id)
        if row is not None and row.version == row.published_version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the board after the first bid was not posted")


async def _applied(t: Table, game_id: int, version: int) -> None:
    for _ in range(200):
        row = await t.bot.store.get_game(game_id)
        if row is not None and row.version > version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the form's answer was not applied")


def _whole_bid(player: Any, state: Any, seat: int) -> list[int]:
    """The computer player's whole bid: its one-box steps played on a copy until Confirm."""
    for _ in range(50):
        action = choose_for(player, GAME, state, seat)
        if isinstance(action, Confirm):
            break
        assert isinstance(action, Bid)
        state, _ = GAME.apply(state, seat, action)
    return list(thaw(state).battle["bids"][str(seat)])


async def test_four_player_season_through_discord(table: Table) -> None:
    t = table
    users, game_id, thread_id = await open_four(t)
    first = await t.emu.wait_for(lambda m: bool(m.attachments), 10, channel=thread_id)
    assert t.emu.attachment_bytes(first).startswith(PNG_MAGIC)
    players = [GAME.make_player("normal", seed, 0.05) for seed in range(4)]
    by_id = {u.id: u for u in users}
    picked = bids = battles = restarts = 0
    for _ in range(400):
        loaded = await t.bot.service.load(game_id)
        state = loaded.state
        g = thaw(state)
        if g.season > 0:
            break
        seat_user = {s.position: by_id[s.user_id] for s in loaded.seats if s.user_id}
        to_act = sorted(GAME.to_act(state))
        step = g.tasks[0]["t"]
        if step == "bids":
            battles += 1
            before = _reveals(t, thread_id)
            key = f"rising_sun.bid.{g.season}.{g.battle['n']}"
            for n, seat in enumerate(to_act):
                bid = await asyncio.to_thread(_whole_bid, players[seat], state, seat)
                user = seat_user[seat]
                message = await _form_message(t, user, t.carol, thread_id, game_id, key)
                if n == 1 and restarts == 0:
                    await _published(t, game_id)
                    await _restart(t)  # the first bid stays in; the second goes to a new bot
                    restarts += 1
                    assert thaw((await t.bot.service.load(game_id)).state).battle["confirmed"]
                    message = await _form_message(t, user, t.carol, thread_id, game_id, key)
                await _bid(t, user, message, game_id, key, bid)
                bids += 1
            await t.emu.wait_until(
                lambda b=before: _reveals(t, thread_id) > b,
                10,
                "the reveal",
            )
            await asyncio.sleep(0.2)
            assert _reveals(t, thread_id) == before + 1
            continue
        seat = to_act[0]
        user = seat_user[seat]
        action = await asyncio.to_thread(choose_for, players[seat], GAME, state, seat)
        if step == "choose":
            key = f"rising_sun.mandate.{g.season}.{g.slot}"
            answers = {"mandate": action.mandate}
            if action.keep is not None:
                answers["keep"] = action.keep
            message = await _form_message(t, user, t.carol, thread_id, game_id, key)
            await _pick_mandate(t, user, message, game_id, key, answers, g.drawn)
            picked += 1
            await _applied(t, game_id, loaded.row.version)
            continue
        move = GAME.notation(state, action)
        handle = await t.emu.slash(user, thread_id, "move", {"action": move})
        await handle.response()
        await t.emu.wait_until(
            lambda h=handle: any("Played" in m.content for m in h.followup_messages()), 10, move
        )
        assert all(m.visible_to == {user.id} for m in handle.followup_messages())
    else:
        raise AssertionError("the season did not end")
    assert picked >= 5 and battles >= 1 and bids >= 2 and restarts == 1
    public = t.emu.public_messages(thread_id)
    posted = [m for m in public if m.attachments]
    assert len(posted) > 20
    assert all(t.emu.attachment_bytes(m).startswith(PNG_MAGIC) for m in posted[-3:])
    reveals = [i for i, m in enumerate(public) if REVEAL in m.content.splitlines()]
    # one reveal line per battle (a step inside a turn edits the turn's message, so two
    # reveals can stand in one message)
    lost = [
        (r.get("content", ""), m.content)
        for m in public
        for r in m.revisions
        if REVEAL in str(r.get("content", "")).splitlines() and REVEAL not in m.content
    ]
    assert reveals and _reveals(t, thread_id) == battles, lost
    texts = [m.content + " ".join(a.description or "" for a in m.attachments) for m in public]
    assert not any(BID_TEXT.search(text) for text in texts[: reveals[0]])
    # the mandate forms (which list the drawn tiles) went only to their chooser
    assert not any("Choose the mandate" in x or "Dictate the Flow" in x for x in texts)
    assert not any("Your choice" in x or "private view" in x for x in texts)
