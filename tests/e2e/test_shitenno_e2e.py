"""Shitenno end to end: three fake users open a game from the lobby and play it to the
final scores through the Discord emulator. Sharing years go through the DM forms (the
Tairō's lot as a Pick of open cards plus a One of Hierarchy tiles and Confirm, offers and
the split's choice as instant buttons), one player with closed DMs answers through
``/hand``; the first lot is refused by everyone and the Tairō keeps it; province years are
played with ``/move`` (placements with their payment, picked from the engine's legal
actions). Boards follow the moves, the result card closes the game, and nothing private
(hands, drawn cards) reaches a public message."""

from __future__ import annotations

import asyncio

import games
from games.forms import Form, One, Pick
from games.shitenno.rules import stage
from games.shitenno.state import End, Place, ShitennoState
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import PNG_MAGIC, boards, game_id_of
from tests.emulator import FakeUser
from tests.emulator.world import StoredMessage

GAME = games.get("shitenno")


async def open_game(t: Table) -> tuple[int, int]:
    handle = await t.emu.slash(t.alice, t.channel, "game new", {"game": "shitenno", "players": 3})
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    for user in (t.bob, t.carol):
        await (await t.emu.click(user, lobby, f"tenka:l:join:{game_id}")).response()
    reply = await t.answer(await t.emu.click(t.alice, lobby, f"tenka:l:start:{game_id}"))
    assert "started" in reply.content
    (thread,) = t.emu.threads_of(t.channel)
    return game_id, thread.id


def _has_form(message: StoredMessage, game_id: int, key: str) -> bool:
    """Whether ``message`` holds the form ``key`` (its Confirm or its first instant button)."""
    wanted = (f"tenka:fb:{game_id}:c:{key}", f"tenka:fb:{game_id}:o0:{key}")
    return any(c in wanted for c in message.custom_ids())


async def form_message(
    t: Table, user: FakeUser, game_id: int, thread_id: int, key: str
) -> StoredMessage:
    """The message holding the form ``key`` for ``user``: by DM, or through /hand when the
    user's DMs are closed."""
    if user is not t.carol:
        await t.emu.wait_until(
            lambda: any(_has_form(m, game_id, key) for m in t.emu.dms(user)), 10, key
        )
        return [m for m in t.emu.dms(user) if _has_form(m, game_id, key)][-1]
    handle = await t.emu.slash(user, thread_id, "hand", {})
    await handle.response()
    followups = await handle.followups(1, timeout=10)
    found = [m for m in followups if _has_form(m, game_id, key)]
    assert found, [m.content for m in followups]
    assert found[0].ephemeral and found[0].visible_to == frozenset({user.id})
    return found[0]


async def choose(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, form: Form, index: int, n: int
) -> None:
    """Select the first ``n`` options of field ``index`` (a One takes option ``n``)."""
    field = form.fields[index]
    custom_id = f"tenka:fs:{game_id}:{index}:{form.key}"
    options = message.component(custom_id)["options"]
    picked = options[:n] if isinstance(field, Pick) else [options[n]]
    if not picked:
        return
    click = await t.emu.select(user, message, custom_id, [o["value"] for o in picked])
    assert (await click.response()).type == 6
    shown = ", ".join(o["label"] for o in picked)
    await t.emu.wait_until(lambda: f": {shown}" in message.content, 10, f"the choice {shown}")


async def fill_and_confirm(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, form: Form
) -> None:
    """A lot (or a split): about half the open cards, the first tile(s), then Confirm."""
    tile_choice = 0
    for index, field in enumerate(form.fields):
        if isinstance(field, Pick):
            await choose(t, user, message, game_id, form, index, (len(field.options) + 1) // 2)
        elif isinstance(field, One):
            await choose(t, user, message, game_id, form, index, tile_choice)
            tile_choice += 1
    confirm = await t.emu.click(user, message, f"tenka:fb:{game_id}:c:{form.key}")
    assert (await confirm.response()).type == 6
    await t.emu.wait_until(lambda: message.content.startswith("Confirmed"), 10, "confirmed")


async def answer_buttons(
    t: Table, user: FakeUser, message: StoredMessage, game_id: int, key: str, option: int
) -> None:
    click = await t.emu.click(user, message, f"tenka:fb:{game_id}:o{option}:{key}")
    assert (await click.response()).type == 6


async def wait_version(t: Table, game_id: int, version: int) -> None:
    """Until the stored game moves past ``version``."""
    for _ in range(200):
        row = await t.bot.store.get_game(game_id)
        if row is not None and row.version > version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"the game did not move past version {version}")


def board_mark(t: Table, thread_id: int) -> tuple[int, int]:
    """The last board message and how often it was edited (a move posts or edits one)."""
    last = boards(t, thread_id)[-1]
    return last.id, len(last.revisions)


def province_move(state: ShitennoState, seat: int) -> str:
    """The cheapest placement the engine allows, else the end of the turn."""
    legal = GAME.legal(state, seat)
    action = next((a for a in legal if isinstance(a, Place)), End())
    return GAME.notation(state, action)


async def test_three_player_shitenno_to_the_final_scores(table: Table) -> None:
    t = table
    t.emu.close_dms(t.carol)
    game_id, thread_id = await open_game(t)
    first = await t.emu.wait_for(lambda m: bool(m.attachments), 10, channel=thread_id)
    assert t.emu.attachment_bytes(first).startswith(PNG_MAGIC)
    note = await t.emu.wait_for(lambda m: "/hand" in m.content, 10, channel=thread_id)
    assert t.carol.id in note.pinged_ids and not note.attachments
    users = {}
    refused_lot = False
    kept = False
    moves = 0
    answered: dict[str, int] = {"hand": 0, "dm_lot": 0, "buttons": 0}
    for _ in range(800):
        row = await t.bot.store.get_game(game_id)
        assert row is not None
        if row.status == "finished":
            break
        loaded = await t.bot.service.load(game_id)
        state: ShitennoState = loaded.state
        if not users:
            by_id = {u.id: u for u in (t.alice, t.bob, t.carol)}
            users = {s.position: by_id[s.user_id] for s in loaded.seats if s.user_id}
        seat = min(GAME.to_act(state))
        user = users[seat]
        now = stage(state)
        if now == "turn":
            move = province_move(state, seat)
            before = board_mark(t, thread_id)
            handle = await t.emu.slash(user, thread_id, "move", {"action": move})
            await handle.response()
            await t.emu.wait_until(
                lambda h=handle: any("Played" in m.content for m in h.followup_messages()),
                10,
                move,
            )
            assert all(m.visible_to == {user.id} for m in handle.followup_messages())
            await t.emu.wait_until(
                lambda b=before: board_mark(t, thread_id) != b, 10, "the board after " + move
            )
            moves += 1
            continue
        form = GAME.form(state, seat)
        assert form is not None, (now, seat)
        message = await form_message(t, user, game_id, thread_id, form.key)
        answered["hand"] += user is t.carol
        answered["buttons"] += form.instant
        if now in ("lot", "split"):
            if form.instant:  # no open card left: the tile alone, as buttons
                await answer_buttons(t, user, message, game_id, form.key, 0)
            else:
                await fill_and_confirm(t, user, message, game_id, form)
                answered["dm_lot"] += user is not t.carol
        elif now == "offer":
            refuse = not kept  # the first lot of the game is refused by everyone
            refused_lot |= refuse
            await answer_buttons(t, user, message, game_id, form.key, 1 if refuse else 0)
        else:  # choose
            await answer_buttons(t, user, message, game_id, form.key, 0)
        await wait_version(t, game_id, row.version)
        if refused_lot and not kept:
            after = (await t.bot.service.load(game_id)).state
            if after.offer is None:  # everyone refused: the Tairō kept it
                tairo = state.tairo
                assert tairo is not None and after.lots[tairo] is not None
                kept = True
    else:
        raise AssertionError("the game did not end")
    assert kept and moves > 0
    assert answered["hand"] and answered["dm_lot"] and answered["buttons"], answered
    public = t.emu.public_messages(thread_id)
    text = "\n".join(m.content for m in public)
    first_keep = text.index("keeps the lot")  # the lot refused by everyone, worded
    assert text[:first_keep].count("refuses the lot") == 2
    assert "offers" in text and "places a Kamon" in text
    final = await t.emu.wait_for(lambda m: "Game over" in m.content, 10, channel=thread_id)
    assert len(final.attachments) == 2  # the last board and the result card
    for index in range(2):
        assert t.emu.attachment_bytes(final, index).startswith(PNG_MAGIC)
    assert all(a.description for a in final.attachments)
    # nothing private in public: no drawn card, no hand picture or its words
    private_words = ("You drew", "hand (private)", "Troop cards (", "hand: Troop cards")
    for m in public:
        assert not any(w in m.content for w in private_words), m.content
        for a in m.attachments:
            assert not any(w in (a.description or "") for w in private_words)
    for user in (t.alice, t.bob):
        dms = t.emu.dms(user)
        assert any(m.attachments for m in dms)  # the hand picture came by DM
        assert all(m.visible_to is None or m.visible_to == {user.id} for m in dms)
