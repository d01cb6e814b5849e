"""Rising Sun's clan choice through the Discord emulator (issue 24, item 2).

Rulebook: «Primero, cada jugador elige uno de los Clanes disponibles para jugar». A new
lobby starts with the choice: each player in seat order gets the clan form by DM (through
/hand when DMs are closed), buttons for the clans still free, the prompt naming each
clan's starting Honor rank and power; a press is the choice, and the next seat is asked.
"""

from __future__ import annotations

import games
from games.rising_sun.data import data
from games.rising_sun.state import thaw
from tests.e2e.conftest import Table
from tests.e2e.test_rising_sun_e2e import _applied, _form_message, _published, open_four

GAME = games.get("rising_sun")
WANTED = ("bonsai", "koi", "turtle", "lotus")  # seat by seat


async def test_each_player_chooses_a_free_clan_from_the_form(table: Table) -> None:
    t = table
    users, game_id, thread_id = await open_four(t)
    by_id = {u.id: u for u in users}
    for seat, clan in enumerate(WANTED):
        loaded = await t.bot.service.load(game_id)
        assert GAME.to_act(loaded.state) == {seat}
        user = {s.position: by_id[s.user_id] for s in loaded.seats if s.user_id}[seat]
        key = f"rising_sun.clan.{seat}"
        message = await _form_message(t, user, t.carol, thread_id, game_id, key)
        free = [c.id for c in data().clans if c.id not in WANTED[:seat]]
        assert "starting Honor rank" in message.content
        assert all(c.summary in message.content for c in data().clans if c.id in free)
        press = await t.emu.click(user, message, f"tenka:fb:{game_id}:o{free.index(clan)}:{key}")
        await press.response()
        await _applied(t, game_id, loaded.row.version)
    await _published(t, game_id)  # the last press's board is out: its handler is done
    g = thaw((await t.bot.service.load(game_id)).state)
    assert [g.clan_id(s) for s in range(4)] == list(WANTED)
    assert g.phase == "tea" and g.honor == [1, 3, 2, 0]  # Koi, Lotus, Turtle, Bonsai
