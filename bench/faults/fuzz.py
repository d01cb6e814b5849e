"""Fuzz through Discord: generated interactions from fake users against the real bot over
the local emulator (HTTP + gateway), seeded so a failure replays.

Cases: ``/move`` with notations (legal ones, mangled ones, noise), game option values
(this game, another, a finished one, another server's, not a number), autocomplete
strings, presses of forged or stale ``custom_id``s (another game's, another server's, a
tampered version, a finished game's) on planted messages, form selects with made-up
values, read-only commands, users not in the game, DMs to the bot. A few real moves by the
right player keep the games moving; a game that ends gives way to a new one of the same
game. Figures: cases, unhandled exceptions (the bot's ERROR logs, "something went wrong"
answers, emulator problems), state changes after a refusal, refusals that are not a
sentence, interactions never answered.

Speed: cases go out in batches of :data:`WIDTH` at once (their answers overlap instead of
each waiting for the last); a case that may change a game never shares its batch with
another case reaching that game, so every change is still owed to a case allowed to make
it. Legal moves are computed once per game version; the fingerprint is one query.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import sqlite3
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from bench.configs import Config, configurations, random_positions
from bench.faults.fuzz_cases import WIDTH, Cases, Plan, Seated
from bench.faults.harness import INTERNAL, Figures, answer_of, error_log, is_sentence
from bench.faults.judge import judge_told, told_played, told_refused
from bench.tables import open_table
from games.ai import RandomPlayer, choose_for
from games.rng import derive_seed


class Fuzzer(Cases):
    def __init__(self, emu: Any, bot: Any, seed: int, db: Path, width: int = WIDTH) -> None:
        super().__init__(emu, bot, seed)
        self.db = sqlite3.connect(db)
        self.width = width
        self.guilds: dict[int, int] = {}
        self.figures = {
            "cases": 0,
            "refusals": 0,
            "moves_played": 0,
            "exceptions": 0,
            "changes_after_refusal": 0,
            "not_a_sentence": 0,
            "unanswered": 0,
            "client_side_invalid": 0,
            "committed_told_refused": 0,
            "refused_told_played": 0,
            "doubled_moves": 0,
            "retries": 0,
        }
        self.problems: list[str] = []

    def note(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)

    # --- world -------------------------------------------------------------------------

    async def setup(self) -> None:
        emu, service = self.emu, self.bot.service
        guild = emu.add_guild("Home")
        self.channel = emu.add_channel(guild, "games")
        self.users = [emu.add_user(f"fz{i}") for i in range(5)]
        self.stranger = emu.add_user("stranger")
        away_guild = emu.add_guild("Away")
        self.away = emu.add_channel(away_guild, "away")
        seen: set[str] = set()
        for index, config in enumerate(configurations()):
            if config.key in seen:
                continue
            seen.add(config.key)
            await self._open(config, index, self.channel, guild.id)
        short = shortest_config()
        away = await self._open(short, 99, self.away, away_guild.id)
        away.users = self.users[: short.players]
        done = await self._open(short, 98, self.channel, guild.id)
        player = RandomPlayer(98)
        while True:
            loaded = await service.load(done.game_id)
            game = loaded.game
            if game.outcome(loaded.state) is not None:
                break
            seat = min(game.to_act(loaded.state))
            text = game.notation(loaded.state, choose_for(player, game, loaded.state, seat))
            await service.act(done.game_id, loaded.user_at(seat), text)
        done.finished = True
        self.versions = {g: row[0] for g, row in self.fingerprint().items()}

    async def _open(self, config: Config, seed: int, channel: Any, guild_id: int | None) -> Seated:
        users = self.users[: config.players]
        pairs = [(u.id, u.username) for u in users]
        guild_id = self.guilds[channel.id] if guild_id is None else guild_id
        self.guilds[channel.id] = guild_id
        game_id = await open_table(
            self.bot.service, config, pairs, seed=seed, guild_id=guild_id, channel_id=channel.id
        )
        table = Seated(config, game_id, users, channel)
        self.tables.append(table)
        self.channel_games.setdefault(channel.id, set()).add(game_id)
        return table

    def fingerprint(self) -> dict[int, tuple[Any, ...]]:
        """Every game's (version, status, revision, settings), read straight from the
        database file (a second connection: the bot's own stays free)."""
        rows = self.db.execute("SELECT id, version, status, revision, settings FROM games")
        return {r[0]: tuple(r[1:]) for r in rows}

    # --- a batch of cases in flight --------------------------------------------------

    async def batch(self) -> None:
        """Up to ``width`` cases sent at once, then answered; a case that could change a
        game another case of the batch touches waits for the next batch, so a state change
        is always owed to a case allowed to make it."""
        plans: list[Plan] = []
        may: set[int] = set()
        touched: set[int] = set()
        while len(plans) < self.width:
            plan = await self.plan()
            if plan.may_change & (may | touched) or plan.touches & may:
                break  # dropped: the next batch draws afresh from the state it finds
            plans.append(plan)
            may |= plan.may_change
            touched |= plan.touches
        before = self.fingerprint()
        sent: list[tuple[Plan, Any]] = []
        for plan in plans:
            try:
                sent.append((plan, await plan.send()))
            except ValueError:  # what a Discord client would not even send
                self.figures["client_side_invalid"] += 1
        answers = await asyncio.gather(*(self._answer(h) for _, h in sent))
        after = self.fingerprint()
        self.versions = {g: row[0] for g, row in after.items()}
        changed = {g for g in after if after[g] != before.get(g)}
        for game_id in changed - may:
            self.figures["changes_after_refusal"] += 1
            cases = [p.desc for p, _ in sent if game_id in p.touches] or [p.desc for p, _ in sent]
            self.note(f"game {game_id} changed after a refusal: {cases[:3]}")
        self.figures["moves_played"] += len(changed & may)
        for (plan, _), text in zip(sent, answers, strict=True):
            self.judge(plan, text)
            if plan.move is not None:
                await self.judge_move(plan, text)
        self.versions = {g: row[0] for g, row in self.fingerprint().items()}
        await self.reopen_finished(self.fingerprint())

    def copies(self, move: tuple[int, str, int, int]) -> int:
        user_id, text, game_id, version = move
        sql = "SELECT COUNT(*) FROM actions WHERE game_id=? AND seq>=? AND user_id=? AND text=?"
        return int(self.db.execute(sql, (game_id, version, user_id, text)).fetchone()[0])

    async def judge_move(self, plan: Plan, text: str | None) -> None:
        """A real move's answer against the log; after an error reply the same move again
        (a second copy in the log is a doubled move)."""
        assert plan.move is not None
        logged = self.copies(plan.move)
        told = Figures(self.figures, self.problems)
        judge_told(told, logged > 0, text, plan.desc)
        if not told_refused(text):
            return
        self.figures["retries"] += 1
        again = await self._answer(await plan.send())
        after = self.copies(plan.move)
        judge_told(told, after > logged, again, f"{plan.desc} (retried)")
        if after > 1:
            self.figures["doubled_moves"] += after - 1
            self.note(f"{plan.desc}: in the log {after} times after a retry")

    async def _answer(self, handle: Any) -> str | None:
        if handle is None:
            return "(ignored)"
        text = await answer_of(handle, timeout=10)
        if text is not None:
            await self.emu.wait_until(lambda: not _thinking(handle), 10, "the answer")
        return text

    def judge(self, plan: Plan, text: str | None) -> None:
        kind, case = plan.kind, plan.case
        self.figures["cases"] += 1
        if text is None:
            self.figures["unanswered"] += 1
            self.note(f"{kind}: no answer ({plan.desc})")
            return
        if INTERNAL.search(text):
            self.figures["exceptions"] += 1
            self.note(f"{kind}: {text} ({plan.desc})")
        if case.must_refuse:
            self.figures["refusals"] += 1
            if told_played(text):  # a case that cannot be a move, told it was played
                self.figures["refused_told_played"] += 1
                self.note(f"{kind}: told played: {text!r} ({plan.desc})")
            if case.kind in ("move", "button", "select", "read") and not (
                is_sentence(text) or text in ("(modal)", "(updated)")
            ):
                self.figures["not_a_sentence"] += 1
                self.note(f"{kind}: not a sentence: {text!r} ({plan.desc})")

    async def reopen_finished(self, rows: dict[int, tuple[Any, ...]]) -> None:
        """A game that ended (a resignation, a last move) gives way to a new one of the
        same game, so the cases keep meeting running games; the ended one stays a target
        ("a finished game's" ids)."""
        for table in self.tables:
            if table.finished or rows.get(table.game_id, ("", "active"))[1] == "active":
                continue
            self.ended.append(table.game_id)
            fresh = await self._open(table.config, 500 + len(self.ended), table.channel, None)
            self.tables.remove(fresh)
            table.game_id, table.users = fresh.game_id, fresh.users
            self.channel_games.setdefault(table.channel.id, set()).add(fresh.game_id)


def shortest_config() -> Config:
    """The two-seat configuration whose random game is shortest (a game to finish)."""
    pairs = [c for c in configurations() if c.players == 2]
    return min(pairs, key=lambda c: sum(1 for _ in random_positions(c, 1)))


def _thinking(handle: Any) -> bool:
    message = handle.message
    return message is not None and message.loading


def run_fuzz_parallel(cases: int = 100_000, seed: int = 17, workers: int = 2) -> dict[str, Any]:
    """``cases`` interactions split over ``workers`` processes, each its own emulator and
    bot on its own database (worker ``w`` fuzzes with seed ``derive_seed(seed, w)``; one
    worker is :func:`run_fuzz` with ``seed`` itself); the figures summed."""
    if workers <= 1:
        return asyncio.run(run_fuzz(cases, seed))
    started = time.perf_counter()
    shares = [cases // workers + (1 if w < cases % workers else 0) for w in range(workers)]
    seeds = [derive_seed(seed, f"fuzz{w}") for w in range(workers)]
    context = multiprocessing.get_context("spawn")
    with ProcessPoolExecutor(workers, mp_context=context) as pool:
        done = list(pool.map(_fuzz_in_process, shares, seeds))
    merged: dict[str, Any] = {"problems": [], "workers": workers}
    for part in done:
        merged["problems"] = (merged["problems"] + part.pop("problems"))[:20]
        part.pop("wall_s")
        for figure, value in part.items():
            merged[figure] = merged.get(figure, 0) + value
    merged["wall_s"] = round(time.perf_counter() - started, 1)
    merged["cases_per_s"] = round(merged["cases"] / merged["wall_s"], 1)
    return merged


def _fuzz_in_process(cases: int, seed: int) -> dict[str, Any]:
    return asyncio.run(run_fuzz(cases, seed))


async def run_fuzz(cases: int = 100_000, seed: int = 17) -> dict[str, Any]:
    """``cases`` interactions against a fresh bot; the figures and the first problems."""
    from tests.e2e.conftest import Clock, make_bot
    from tests.emulator import Emulator, start_client, stop_client

    started = time.perf_counter()
    emu = Emulator()
    # the emulator's own answers are checked against Discord's schema by the e2e suite;
    # here only what the bot sends is (a fifth of the time went to checking the answers)
    emu.check_responses = False
    await emu.start()
    try:
        with tempfile.TemporaryDirectory() as tmp:
            bot = make_bot(emu, Path(tmp) / "fuzz.db", Clock())
            await start_client(bot, emu)
            await bot.tree.sync()
            try:
                async with error_log() as errors:
                    fuzzer = Fuzzer(emu, bot, seed, Path(tmp) / "fuzz.db")
                    await fuzzer.setup()
                    await asyncio.sleep(0)
                    while fuzzer.figures["cases"] < cases:
                        fuzzer.width = min(WIDTH, cases - fuzzer.figures["cases"])
                        await fuzzer.batch()
                    fuzzer.db.close()
            finally:
                await stop_client(bot)
    finally:
        await emu.stop()
    figures = dict(fuzzer.figures)
    problems = emu.problems()
    figures["exceptions"] += len(errors.records) + len(problems)
    return {
        **figures,
        "problems": (fuzzer.problems + errors.lines() + problems)[:20],
        "wall_s": round(time.perf_counter() - started, 1),
    }
