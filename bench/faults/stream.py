"""The fake users' work between the kill -9s of :mod:`bench.faults.kill`: typed moves,
secret forms answered through their DM, the board's undo button, takebacks asked and voted
on, hours of simulated time; and the :class:`Tally` of what users saw acknowledged.

Every answer is judged against the log (:mod:`bench.faults.judge`): a move not told played
that is in the log was "committed but told refused"; after an error reply the player plays
the same move again, and a second copy in the log is a doubled move; a rollback the
service allowed must not take back anything that showed the requester something hidden.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.faults.harness import INTERNAL, Figures, answer_of
from bench.faults.judge import copies, judge_told, revealed, told_played, told_refused
from bench.tables import next_turn
from bot.posts import forms as form_views
from bot.service.facade import Service
from bot.words.text import t
from games import engine
from games import forms as game_forms
from games.ai import RandomPlayer

HOUR = 3600.0
T0 = 1_800_000_000.0


def set_clock(path: Path, now: float) -> None:
    tmp = path.with_suffix(".tmp")
    tmp.write_text(repr(now))
    tmp.replace(path)


@dataclass
class Tally:
    """What users saw acknowledged, in order: ``("move", game, seq, text)`` and
    ``("rollback", game, to, "")`` (an undo or takeback: the log is back to ``to``
    actions). ``inflight``: the (game, to) of an undo or a deciding takeback vote sent and
    not yet settled (a kill may come before its answer)."""

    events: list[tuple[str, int, int, str]] = field(default_factory=list)
    inflight: tuple[int, int] | None = None

    def move(self, game_id: int, seq: int, text: str) -> None:
        self.events.append(("move", game_id, seq, text))

    def rollback(self, game_id: int, to: int) -> None:
        self.events.append(("rollback", game_id, to, ""))

    def settle(self, db: Path) -> None:
        """The undo or takeback in flight at a kill: done when the log shows it (nothing
        else takes a game back, and no timer of the game was due while it ran)."""
        if self.inflight is None:
            return
        game_id, to = self.inflight
        self.inflight = None
        with sqlite3.connect(db) as conn:
            (version,) = conn.execute("SELECT version FROM games WHERE id=?", (game_id,)).fetchone()
        if version == to:
            self.rollback(game_id, to)

    def figures(self, db: Path) -> dict[str, int]:
        """``lost``: acknowledged moves (not taken back since) missing from their place in
        the log; ``doubled``: a place acknowledged twice with no rollback in between."""
        expected: dict[tuple[int, int], str] = {}
        doubled = lost = 0
        for kind, game_id, seq, text in self.events:
            if kind == "move":
                doubled += (game_id, seq) in expected
                expected[(game_id, seq)] = text
            else:
                for key in [k for k in expected if k[0] == game_id and k[1] >= seq]:
                    del expected[key]
        with sqlite3.connect(db) as conn:
            for (game_id, seq), text in expected.items():
                row = conn.execute(
                    "SELECT text FROM actions WHERE game_id = ? AND seq = ?", (game_id, seq)
                ).fetchone()
                lost += row is None or row[0] != text
        return {"lost_moves": lost, "doubled_moves": doubled}


class Stream:
    """The fake users' work between kills, one interaction at a time: a typed move, a
    secret form answered in its DM, the board's undo button, a takeback request or a vote
    on one, and now and then hours of simulated time."""

    def __init__(
        self,
        emu: Any,
        proc: Any,
        service: Service,
        reader: Any,
        tables: list[tuple[int, Any, list[Any]]],
        channel: Any,
        users: list[Any],
        clock: Path,
        seed: int,
        rng: random.Random,
    ) -> None:
        self.emu, self.proc, self.service, self.reader = emu, proc, service, reader
        self.tables, self.channel, self.clock, self.rng = tables, channel, clock, rng
        self.by_id = {u.id: u for u in users}
        self.players = {g: RandomPlayer(seed + g) for g, _, _ in tables}
        self.now = T0
        self.tally = Tally()
        self.counts = {
            "typed_moves": 0,
            "form_answers": 0,
            "undos": 0,
            "takeback_requests": 0,
            "takebacks": 0,
            "takeback_votes": 0,
            "unanswered": 0,
            "rollbacks_not_once": 0,
        }
        self.problems: list[str] = []
        self.told = Figures()  # answers judged against the log (see bench.faults.judge)
        self.answered = asyncio.Event()  # the bot answered an interaction of the stream

    def note(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)

    async def run(self) -> None:
        while True:
            game_id, config, _ = self.rng.choice(self.tables)
            if self.rng.random() < 0.1:
                self.now += self.rng.choice([0.5, 1.0, 2.5, 6.0]) * HOUR
                set_clock(self.clock, self.now)
                self.proc.poke()
            await self.step(game_id, config)

    async def step(self, game_id: int, config: Any) -> None:
        loaded = await self.service.load(game_id)
        game, state = loaded.game, loaded.state
        if state is None or game.outcome(state) is not None or loaded.row.status != "active":
            return
        # an undo or takeback only while no timer of the game is due: then nothing but it
        # can change the game until its answer (a kill in between is settled by the log)
        quiet = await self.quiet(game_id)
        request = loaded.row.settings.get("takeback")
        roll = self.rng.random()
        if quiet and request and request.get("version") == loaded.row.version:
            await self.vote(loaded, request)
            return
        seat = min(game.to_act(state))
        if quiet and roll < 0.15 and game.can_undo(state, seat):
            await self.undo(loaded, seat)
            return
        if quiet and roll < 0.22:
            await self.takeback(loaded)
            return
        formed = [s for s in sorted(game.to_act(state)) if game.form(state, s) is not None]
        if formed and roll < 0.75 and await self.form(loaded, self.rng.choice(formed)):
            return
        await self.typed(game_id, config)

    async def quiet(self, game_id: int) -> bool:
        """No timer of the game is due: nothing but the stream can change it now."""
        timers = await self.reader.timers_for_game(game_id)
        return not any(tm.due_at <= self.now for tm in timers)

    async def slash_move(self, game_id: int, turn: Any, timeout: float) -> str | None:
        """``turn`` typed by its player with ``/move`` in the games' channel; the answer."""
        options = {"action": turn.text, "game": str(game_id)}
        handle = await self.emu.slash(self.by_id[turn.user_id], self.channel, "move", options)
        return await answer_of(handle, timeout=timeout)

    async def typed(self, game_id: int, config: Any) -> None:
        turn = await next_turn(self.service, config.game, game_id, self.players[game_id])
        if turn is None:
            return
        text = await self.slash_move(game_id, turn, timeout=5)
        if text is not None:
            self.answered.set()
        if not told_played(text):
            await self.judged(game_id, turn, text)
            return
        self.tally.move(game_id, turn.version, turn.text)
        self.counts["typed_moves"] += 1
        # a step inside a turn is often taken back at once (the board offers Undo)
        loaded = await self.service.load(game_id)
        seat = loaded.seat_of(turn.user_id)
        undoable = loaded.state is not None and loaded.game.can_undo(loaded.state, seat)
        if undoable and self.rng.random() < 0.5 and await self.quiet(game_id):
            await self.undo(loaded, seat)

    async def judged(self, game_id: int, turn: Any, text: str | None) -> None:
        """A move not told played: judged by the log; after an error reply the player
        plays it again (as people do), and a second copy in the log is a doubled move."""
        seat = (await self.service.load(game_id)).seat_of(turn.user_id)
        logged = copies(await self.reader.actions(game_id), turn.version, seat, turn.text)
        what = f"game {game_id} {turn.text!r}"
        judge_told(self.told, logged > 0, text, what)
        if not told_refused(text):
            return
        options = {"action": turn.text, "game": str(game_id)}
        handle = await self.emu.slash(self.by_id[turn.user_id], self.channel, "move", options)
        again = await answer_of(handle, timeout=5)
        after = copies(await self.reader.actions(game_id), turn.version, seat, turn.text)
        judge_told(self.told, after > logged, again, f"{what} (retried)")
        if after > 1:
            self.told.add("doubled_moves", after - 1)
            self.told.problem(f"{what}: in the log {after} times after a retry")
        elif told_played(again):
            self.tally.move(game_id, turn.version, turn.text)

    # --- the board's buttons --------------------------------------------------------------

    def button(self, custom_id: str) -> Any:
        """The newest message carrying ``custom_id`` (the board or notice the bot posted),
        else one planted with it (a post a kill kept from reaching the channel)."""
        for message in reversed(list(self.emu.world.messages.values())):
            if message.component(custom_id) is not None:
                return message
        return self.emu.plant_message(self.channel, buttons=[custom_id])

    async def undo(self, loaded: Any, seat: int) -> None:
        game_id, version = loaded.row.id, loaded.row.version
        user = self.by_id[loaded.user_at(seat)]
        custom_id = f"tenka:b:undo:{game_id}:{version}"
        undone = await self.undone(game_id, version - 1)
        self.tally.inflight = (game_id, version - 1)
        text = await answer_of(await self.emu.click(user, self.button(custom_id), custom_id), 5)
        after = (await self.service.load(game_id)).row.version
        self.settled(game_id, version, version - 1, after, text, "undo")
        if after == version - 1:
            self.counts["undos"] += 1
            await self.past_reveal(game_id, undone, seat)

    async def undone(self, game_id: int, to: int) -> list[tuple[int, str]]:
        return [(a.seat, a.text) for a in await self.reader.actions(game_id) if a.seq >= to]

    async def past_reveal(self, game_id: int, undone: list[tuple[int, str]], seat: int) -> None:
        """A rollback the service allowed (the game is back where it was): it must not
        have taken back anything that showed the requester something hidden."""
        loaded = await self.service.load(game_id)
        if revealed(loaded.game, loaded.state, undone, [seat]):
            self.told.add("takebacks_past_reveal")
            self.told.problem(f"game {game_id}: a rollback past a reveal {undone}")

    async def takeback(self, loaded: Any) -> None:
        """The latest mover asks to take their move back (refused in a sentence where the
        game does not allow it: a step that showed hidden information, a resignation)."""
        actions = await self.reader.actions(loaded.row.id)
        if not actions or actions[-1].user_id not in self.by_id:
            return
        user = self.by_id[actions[-1].user_id]
        handle = await self.emu.slash(
            user, self.channel, "game takeback", {"game": str(loaded.row.id)}
        )
        text = await answer_of(handle, timeout=5)
        if text is None:
            self.counts["unanswered"] += 1
        elif text == t("takeback.sent", "en"):
            self.counts["takeback_requests"] += 1
            while True:  # the others answer the request's buttons, one after the other
                loaded = await self.service.load(loaded.row.id)
                request = loaded.row.settings.get("takeback")
                if not request or request.get("version") != loaded.row.version:
                    return
                if not await self.vote(loaded, request):
                    return

    async def vote(self, loaded: Any, request: dict[str, Any]) -> bool:
        """One player answers a pending request; True while more votes are wanted."""
        game_id, version = loaded.row.id, loaded.row.version
        voters = [
            s.user_id
            for s in loaded.seats
            if s.user_id not in (None, request["by"]) and s.user_id not in request["yes"]
        ]
        if not voters:
            return False
        yes = self.rng.random() < 0.85
        deciding = yes and len(voters) == 1
        custom_id = f"tenka:b:{'tb_yes' if yes else 'tb_no'}:{game_id}:{version}"
        to = int(request["to"])
        undone = await self.undone(game_id, to)
        if deciding:
            self.tally.inflight = (game_id, to)
        voter = self.by_id[self.rng.choice(voters)]
        text = await answer_of(await self.emu.click(voter, self.button(custom_id), custom_id), 5)
        self.counts["takeback_votes"] += 1
        after = (await self.service.load(game_id)).row.version
        if deciding:
            self.settled(game_id, version, to, after, text, "takeback")
            self.counts["takebacks"] += after == to
            if after == to:
                await self.past_reveal(game_id, undone, loaded.seat_of(request["by"]))
        elif after != version:
            self.note(f"game {game_id}: a vote that decided nothing moved it {version}->{after}")
            self.counts["rollbacks_not_once"] += 1
        return yes and not deciding and text is not None

    def settled(
        self, game_id: int, version: int, to: int, after: int, text: str | None, what: str
    ) -> None:
        """An undo or deciding vote answered: the game is back at ``to`` exactly (done
        once), or where it was (refused in a sentence); then it is no longer in flight."""
        if after == to:
            self.tally.rollback(game_id, to)
        elif after != version:
            self.note(f"game {game_id}: {what} from {version} to {to} left it at {after}")
            self.counts["rollbacks_not_once"] += 1
        if text is None:
            self.counts["unanswered"] += 1
        else:
            self.answered.set()
        if text is not None and INTERNAL.search(text):
            self.note(f"game {game_id}: {what}: {text}")
        self.tally.inflight = None

    # --- secret forms, through their DM -------------------------------------------------

    def form_message(self, user: Any, game_id: int, key: str) -> Any:
        """The newest message only ``user`` sees (their DM, or an ephemeral answer) that
        carries the controls of form ``key`` of ``game_id``."""
        dm = self.emu.dm_channel(user).id
        for message in reversed(list(self.emu.world.messages.values())):
            mine = message.channel_id == dm or (
                message.visible_to is not None and user.id in message.visible_to
            )
            if mine and any(
                cid.startswith(("tenka:fs:", "tenka:fb:"))
                and cid.endswith(f":{key}")
                and f":{game_id}:" in cid
                for cid in message.custom_ids()
            ):
                return message
        return None

    async def form(self, loaded: Any, seat: int) -> bool:
        """Answer ``seat``'s form with an answer the game accepts, through the DM's selects,
        buttons and modals, then Confirm; the rows it committed are acknowledged when the
        DM says "Confirmed". False when there was no usable form message."""
        game, state, game_id = loaded.game, loaded.state, loaded.row.id
        form = game.form(state, seat)
        user = self.by_id.get(loaded.user_at(seat))
        if form is None or user is None:
            return False
        answer = draw_answer(game, state, seat, form, self.rng)
        message = self.form_message(user, game_id, form.key)
        if message is None:  # the DM was lost to a kill: /hand sends the form again
            handle = await self.emu.slash(user, self.channel, "hand", {"game": str(game_id)})
            await answer_of(handle, timeout=5)
            message = self.form_message(user, game_id, form.key)
        if answer is None or message is None:
            return False
        if form.instant:
            field0 = form.fields[0]
            assert isinstance(field0, game_forms.One)
            values = [o.value for o in field0.options]
            op = f"o{values.index(answer[field0.name])}"
        else:
            op = "c"
            if await self._fill(user, message, game_id, form, answer):
                return True  # refused (the form moved on): nothing to acknowledge
        confirm = f"tenka:fb:{game_id}:{op}:{form.key}"
        if message.component(confirm) is not None:
            await self._confirm(user, message, confirm, loaded, seat)
        return True

    async def _fill(self, user: Any, message: Any, game_id: int, form: Any, answer: Any) -> bool:
        """Every field of a form that waits for Confirm, through its select or its modal;
        True when the form was gone or refused on the way."""
        emu = self.emu
        for index, spec in enumerate(form.fields):
            if isinstance(spec, game_forms.Amounts):
                custom_id = f"tenka:fb:{game_id}:m{index}:{form.key}"
                opened = await emu.click(user, message, custom_id)
                if (await opened.response(5)).type != 9:
                    return True
                boxes = {k: str(v) for k, v in answer[spec.name].items()}
                await answer_of(await emu.submit_modal(user, opened, boxes), 5)
                continue
            chosen = answer[spec.name]
            plain = [chosen] if isinstance(chosen, str) else list(chosen)
            if not plain:
                continue
            custom_id = f"tenka:fs:{game_id}:{index}:{form.key}"
            if message.component(custom_id) is None:
                return True
            before = message.content
            handle = await emu.select(user, message, custom_id, form_views.expand(plain))
            await handle.response(5)
            with contextlib.suppress(TimeoutError):
                await emu.wait_until(lambda b=before: message.content != b, 5, "the form")
        return False

    async def _confirm(
        self, user: Any, message: Any, custom_id: str, loaded: Any, seat: int
    ) -> None:
        """Press Confirm (or the instant answer); once the DM says "Confirmed", the rows
        the seat committed are acknowledged."""
        game_id, version = loaded.row.id, loaded.row.version
        confirmed = t("form.confirmed", "en", chosen="@@").split("@@")[0]
        handle = await self.emu.click(user, message, custom_id)
        await handle.response(5)
        with contextlib.suppress(TimeoutError):
            await self.emu.wait_until(lambda: message.content.startswith(confirmed), 5, "Confirmed")
        if message.content.startswith(confirmed):
            self.answered.set()
            self.counts["form_answers"] += 1
            for action in await self.reader.actions(game_id, since_seq=version):
                if action.seat == seat:
                    self.tally.move(game_id, action.seq, action.text)


def draw_answer(game: Any, state: Any, seat: int, form: Any, rng: random.Random) -> Any:
    """Random answers to ``form`` until one the game accepts (checked here on a copy of the
    state: every action it makes is legal), or ``None``."""
    for _ in range(40):
        given: dict[str, Any] = {}
        for spec in form.fields:
            if isinstance(spec, game_forms.One):
                given[spec.name] = rng.choice(spec.options).value
            elif isinstance(spec, game_forms.Pick):
                pool = [o.value for o in spec.options for _ in range(o.count)]
                given[spec.name] = rng.sample(pool, rng.randint(spec.min, min(spec.max, len(pool))))
            else:
                values = {b.name: b.min for b in spec.boxes}
                room = sum(b.max for b in spec.boxes)
                target = rng.randint(spec.total_min, max(spec.total_min, min(spec.total_max, room)))
                while sum(values.values()) < target:
                    box = rng.choice([b for b in spec.boxes if values[b.name] < b.max])
                    values[box.name] += 1
                given[spec.name] = values
        try:
            checked = game_forms.check(form, given, complete=True)
            after = state
            for action in game.answer(state, seat, checked, final=True):
                after, _ = engine.act(game, after, seat, action)
        except (ValueError, IndexError, KeyError):
            continue
        return given
    return None
