"""Rising Sun's board message through the Discord emulator (issue 25): every board post of
a four-player game carries two pictures, the one-screen board (900 px wide, of one height
through the game, at most 900 px tall at 450 px wide) and its second picture (the clans'
powers and cards, the Season cards on offer, the shrines' powers), each with its alt text,
and so does the ``/board`` reply."""

from __future__ import annotations

import asyncio
import io

from PIL import Image

from games.ai import choose_for
from games.rising_sun.state import thaw
from tests.e2e.conftest import Table
from tests.e2e.test_rising_sun_e2e import GAME, open_four
from tests.e2e.test_yokai_e2e import PNG_MAGIC
from tests.emulator.world import StoredMessage

PARTS = ["rising_sun-board.png", "rising_sun-detail.png"]


def _sizes(t: Table, message: StoredMessage) -> list[tuple[int, int]]:
    out = []
    for i, _ in enumerate(message.attachments):
        data = t.emu.attachment_bytes(message, i)
        assert data.startswith(PNG_MAGIC)
        out.append(Image.open(io.BytesIO(data)).size)
    return out


async def test_every_board_post_carries_the_board_and_its_second_picture(table: Table) -> None:
    t = table
    users, game_id, thread_id = await open_four(t)
    first = await t.emu.wait_for(lambda m: bool(m.attachments), 10, channel=thread_id)
    players = [GAME.make_player("normal", seed, 0.05) for seed in range(4)]
    by_id = {u.id: u for u in users}
    moves = 0
    while moves < 6:  # the Tea Ceremony and the start of the Political Phase, by /move
        loaded = await t.bot.service.load(game_id)
        if thaw(loaded.state).tasks[0]["t"] == "choose":  # a mandate is picked by a form
            break
        seat = sorted(GAME.to_act(loaded.state))[0]
        user = by_id[next(s.user_id for s in loaded.seats if s.position == seat)]
        action = await asyncio.to_thread(choose_for, players[seat], GAME, loaded.state, seat)
        handle = await t.emu.slash(
            user, thread_id, "move", {"action": GAME.notation(loaded.state, action)}
        )
        await handle.response()
        await t.emu.wait_until(
            lambda h=handle: any("Played" in m.content for m in h.followup_messages()), 10, "move"
        )
        moves += 1
    await asyncio.sleep(0.2)
    posts = [m for m in t.emu.public_messages(thread_id) if m.attachments]
    assert first in posts and len(posts) >= 2 and moves >= 2
    heights = set()
    for post in posts:
        assert [a.filename for a in post.attachments] == PARTS
        assert all(a.description for a in post.attachments)
        (bw, bh), (dw, _) = _sizes(t, post)
        assert bw == dw == 900 and bh * 450 / bw <= 900
        heights.add(bh)
    assert len(heights) == 1, heights
    # /board, answered to one player, carries both pictures too
    answer = await t.answer(await t.emu.slash(t.bob, thread_id, "board", {}))
    assert [a.filename for a in answer.attachments] == PARTS
    (_, height), _ = _sizes(t, answer)
    assert height in heights
