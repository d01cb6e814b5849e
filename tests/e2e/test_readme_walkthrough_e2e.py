"""The README's "A first game, step by step", followed as written through the emulator.

Discord itself is out of reach here, so the walkthrough is executed against the Discord
emulator: the steps are read from README.md (one source of truth), every command in
backticks that starts with ``/`` is run with the options written beside it
(``/game new game:china players:3``), and each step's described outcome is checked. A
step that changes in the README without its check changing fails here: the test knows how
many steps there are and which commands each one names.
"""

from __future__ import annotations

import asyncio
import re
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import discord

import games
from bot.service.play import read_move
from bot.words.text import t
from games.ai import choose_for, player_for
from tests.e2e.conftest import Table
from tests.e2e.test_yokai_e2e import boards, game_id_of

ROOT = Path(__file__).resolve().parents[2]
HEADING = "**A first game, step by step**"


@dataclass(frozen=True)
class Step:
    number: int
    text: str
    code: tuple[str, ...]  # every span in backticks, in order

    def commands(self) -> list[tuple[str, dict[str, Any]]]:
        """The slash commands of the step: (name, options) as the README writes them."""
        return [parse_command(c) for c in self.code if c.startswith("/")]


def walkthrough() -> list[Step]:
    """The numbered steps under the README's heading, up to the next blank line."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    start = text.index(HEADING)
    block = text[start:].split("\n\n", 2)[1]
    steps = re.split(r"^(\d+)\. ", block, flags=re.M)[1:]
    out = []
    for number, body in zip(steps[::2], steps[1::2], strict=True):
        body = " ".join(body.split())
        out.append(Step(int(number), body, tuple(re.findall(r"`([^`]+)`", body))))
    return out


def parse_command(code: str) -> tuple[str, dict[str, Any]]:
    """``/game new game:china players:3`` → ("game new", {"game": "china", "players": 3})."""
    words = code.lstrip("/").split(" ")
    name = " ".join(w for w in words if ":" not in w)
    options: dict[str, Any] = {}
    for word in (w for w in words if ":" in w):
        key, value = word.split(":", 1)
        options[key] = int(value) if value.isdigit() else {"true": True}.get(value, value)
    return name, options


def test_the_walkthrough_is_read_from_the_readme() -> None:
    steps = walkthrough()
    assert [s.number for s in steps] == list(range(1, 9))
    assert parse_command("/game new game:china players:3") == (
        "game new",
        {"game": "china", "players": 3},
    )
    assert steps[2].commands()[0] == ("game new", {"game": "china", "players": 3})


async def test_the_readme_first_game_works_step_by_step(table: Table) -> None:
    t_, emu = table, table.emu
    steps = {s.number: s for s in walkthrough()}

    # 1. publish the commands: the README's command is the real one, and once synced to the
    # server the commands the walkthrough uses are there.
    (sync,) = [c for c in steps[1].code if "--guild" in c]
    assert sync.startswith("./scripts/run sync") and (ROOT / "scripts" / "run").is_file()
    helped = subprocess.run(
        [sys.executable, "-m", "bot", "sync", "--help"], capture_output=True, text=True, cwd=ROOT
    )
    assert helped.returncode == 0 and "--guild" in helped.stdout
    target = discord.Object(t_.guild.id)
    t_.bot.tree.copy_global_to(guild=target)
    await t_.bot.tree.sync(guild=target)
    published = {c["name"] for c in emu.commands[t_.guild.id]}
    used = {name.split()[0] for s in steps.values() for name, _ in s.commands()}
    assert used <= published, used - published

    # 2. /help lists the commands; /help game:china the players, options and example moves.
    (help_all, _), (help_game, help_options) = steps[2].commands()
    everything = await t_.answer(await emu.slash(t_.alice, t_.channel, help_all, {}))
    assert "/move" in everything.content and "/game new" in everything.content
    china = await t_.answer(await emu.slash(t_.alice, t_.channel, help_game, help_options))
    text = china.content + "".join(str(e.get("description", "")) for e in china.embeds)
    assert "3" in text and "side" in text and "`" in text  # players, an option, a move

    # 3. /game new game:china players:3: a lobby with Join, Leave, Add AI and Start; options
    # are offered while typing options:, the README's example among the accepted ones.
    ((new, new_options),) = steps[3].commands()
    example = next(c for c in steps[3].code if "=" in c)
    offered = await emu.autocomplete(
        t_.alice, t_.channel, new, {**new_options, "options": ""}, focused="options"
    )
    assert offered and all("=" in str(c["value"]) for c in offered)
    for pair in example.split(", "):
        key = pair.split("=")[0]
        typed = await emu.autocomplete(
            t_.alice, t_.channel, new, {**new_options, "options": pair}, focused="options"
        )
        assert any(key in str(c["value"]) for c in typed), (pair, typed)
    handle = await emu.slash(t_.alice, t_.channel, new, new_options)
    lobby = (await handle.response()).message
    assert lobby is not None
    game_id = game_id_of(lobby)
    labels = {c.get("label") for row in lobby.components for c in row.get("components", [])}
    for key in ("button.join", "button.leave", "button.ai", "button.start"):
        assert t(key, "en") in labels, (key, labels)

    # 4. a friend presses Join, the host Add AI (named "Hanzo (AI, normal)"…) and Start: a thread
    # opens with the first board, and whoever must act is pinged.
    assert "Join" in steps[4].text and "Add AI" in steps[4].text and "Start" in steps[4].text
    await (await emu.click(t_.bob, lobby, f"tenka:l:join:{game_id}")).response()
    await (await emu.click(t_.alice, lobby, f"tenka:l:ai:{game_id}")).response()
    ai_name = re.search(r"named (\w+ \(AI, normal\))", steps[4].text)
    assert ai_name is not None
    await t_.answer(await emu.click(t_.alice, lobby, f"tenka:l:start:{game_id}"))
    (thread,) = emu.threads_of(t_.channel)
    await emu.wait_until(lambda: boards(t_, thread.id), 10, "the first board")
    first = boards(t_, thread.id)[0]
    loaded = await t_.bot.service.load(game_id)
    assert ai_name.group(1) in loaded.names()
    game = games.get("china")
    (seat,) = game.to_act(loaded.state)
    mover = loaded.user_at(seat)
    assert mover is None or f"<@{mover}>" in first.content

    # 5. secret information by DM (hand picture); /hand shows it privately in the thread.
    for user in (t_.alice, t_.bob):
        await emu.wait_until(lambda u=user: emu.dms(u), 10, "the hand by DM")
        assert emu.dms(user)[0].attachments
    ((hand, _),) = steps[5].commands()
    private = await t_.answer(await emu.slash(t_.alice, thread.id, hand, {}))
    assert private.ephemeral and private.attachments

    # 6. /move: typing lists the legal moves; English and Spanish words read alike; quick
    # choices (China's draws) are buttons on the board.
    ((move, _),) = steps[6].commands()
    english, spanish = (c for c in steps[6].code if " wei " in c)
    state = (await t_.bot.service.load(game_id)).state
    assert read_move(game, state, 0, english, "es") == read_move(game, state, 0, spanish, "es")
    users = {t_.alice.id: t_.alice, t_.bob.id: t_.bob}
    played = clicked = 0
    for step in range(400):
        row = await t_.bot.store.get_game(game_id)
        assert row is not None
        if row.status == "finished":
            break
        loaded = await t_.bot.service.load(game_id)
        seat = min(loaded.game.to_act(loaded.state))
        user_id = loaded.user_at(seat)
        if user_id is None:  # the AI's seat: the bot plays it
            await asyncio.sleep(0.05)
            continue
        user = users[user_id]
        action = choose_for(player_for(game, "normal", step, 0.01), game, loaded.state, seat)
        legal = list(game.legal(loaded.state, seat))
        board = boards(t_, thread.id)[-1]
        button = f"tenka:a:{game_id}:{row.version}:{legal.index(action)}"
        if button in board.custom_ids():
            handle = await emu.click(user, board, button)
            clicked += 1
        else:
            typed = game.notation(loaded.state, action)
            if played == 0:  # the first typed move: the legal ones are offered while typing
                offered = await emu.autocomplete(
                    user, thread.id, move, {"action": ""}, focused="action"
                )
                assert typed in {str(c["value"]) for c in offered} or len(offered) == 25
            handle = await emu.slash(user, thread.id, move, {"action": typed})
        await handle.response()
        await emu.wait_until(lambda h=handle: h.followup_messages(), 10, "the move's reply")
        played += 1
        if played == 3:
            # 7. /board (text:true: the whole board in words), /game status, /game history
            # and /game catchup: each answers the asker privately.
            for name, options in steps[7].commands():
                shown = await t_.answer(await emu.slash(t_.alice, thread.id, name, options))
                assert shown.ephemeral and (shown.content or shown.attachments), name
            (words_option,) = [c for c in steps[7].code if c.startswith("text:")]
            _, options = parse_command(f"/board {words_option}")
            worded = await t_.answer(await emu.slash(t_.alice, thread.id, "board", options))
            assert worded.ephemeral and not worded.attachments and len(worded.content) > 100
    else:
        raise AssertionError("the game did not finish")
    assert clicked, "no quick choice was ever a button on the board"

    # 8. at the end the last board carries the scores and a result card.
    await emu.wait_until(
        lambda: boards(t_, thread.id)[-1].attachments[-1].filename == "china-result.png",
        10,
        "the result card",
    )
    final = boards(t_, thread.id)[-1]
    assert "scores" in steps[8].text and "result card" in steps[8].text
    assert final.attachments[0].filename == "china-board.png"
    assert "Scores" in final.content
