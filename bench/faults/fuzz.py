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
import random
import sqlite3
import string
import tempfile
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import games
from bench.configs import Config, configurations, random_positions
from bench.faults.harness import INTERNAL, Figures, answer_of, error_log, is_sentence
from bench.faults.judge import judge_told, told_played, told_refused
from bench.tables import open_table
from games.ai import RandomPlayer, choose_for
from games.rng import derive_seed

NOISE = string.ascii_letters + string.digits + " -_:/.,;!?*+=()[]{}<>@#'\"\\|~`$%^&"
UNICODE = "éñ漢字ーｘ🎴🀄\u200b\u202e\x00\t\n"
# made-up form keys in every game's namespace (the registry's keys, none named here)
FORM_KEYS = [f"{key}.{what}" for key in sorted(games.GAMES) for what in ("pick", "bid")]
WIDTH = 8  # cases in flight at once per bot (their answers overlap; see Fuzzer.batch)
BOARD_ACTIONS = ("undo", "end", "resign", "mute", "tb_yes", "tb_no", "ck_yes", "ck_no")


@dataclass
class Seated:
    config: Config
    game_id: int
    users: list[Any]
    channel: Any
    finished: bool = False


@dataclass
class Case:
    kind: str
    must_refuse: bool  # forged, stale or out of place: nothing may change


@dataclass
class Plan:
    """One case ready to send: ``touches`` the games it names or reaches, ``may_change``
    those it is allowed to change (empty for a case that must be refused)."""

    kind: str
    case: Case
    send: Callable[[], Awaitable[Any]]
    touches: set[int]
    may_change: set[int]
    desc: str
    # a real move (user id, notation, game, version): judged by the log, and played
    # again after an error reply, as a player does
    move: tuple[int, str, int, int] | None = None


class Fuzzer:
    def __init__(self, emu: Any, bot: Any, seed: int, db: Path, width: int = WIDTH) -> None:
        self.emu, self.bot, self.rng = emu, bot, random.Random(seed)
        self.db = sqlite3.connect(db)
        self.width = width
        self.versions: dict[int, int] = {}
        self.legal: dict[int, tuple[list[str], Any, int, set[int | None]]] = {}
        self.channel_games: dict[int, set[int]] = {}
        self.ended: list[int] = []
        self.guilds: dict[int, int] = {}
        self.tables: list[Seated] = []
        self.users: list[Any] = []
        self.stranger: Any = None
        self.channel: Any = None
        self.away: Any = None
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

    # --- generators --------------------------------------------------------------------

    def noise(self, n: int = 12) -> str:
        pool = NOISE + UNICODE
        return "".join(self.rng.choice(pool) for _ in range(self.rng.randint(0, n)))

    async def legal_texts(self, table: Seated) -> tuple[list[str], Any, int, set[int | None]]:
        """The first acting seat's legal notations, its user, the game's version and every
        user to act; cached per game version (the fingerprint says when it moved)."""
        version = self.versions.get(table.game_id)
        cached = self.legal.get(table.game_id)
        if cached is not None and cached[2] == version:
            return cached
        loaded = await self.bot.service.load(table.game_id)
        game, state = loaded.game, loaded.state
        found: tuple[list[str], Any, int, set[int | None]]
        if state is None or game.outcome(state) is not None or loaded.row.status != "active":
            found = [], None, loaded.row.version, set()
        else:
            seat = min(game.to_act(state))
            texts = [game.notation(state, a) for a in game.legal(state, seat)[:200]]
            acting = {loaded.user_at(s) for s in game.to_act(state)}  # simultaneous choices
            found = texts, loaded.user_at(seat), loaded.row.version, acting
        self.legal[table.game_id] = found
        return found

    def mangle(self, text: str) -> str:
        how = self.rng.randrange(6)
        if how == 0:
            return text[: self.rng.randint(0, max(0, len(text) - 1))]
        if how == 1:
            return text + self.noise(4)
        if how == 2:
            return text.swapcase()
        if how == 3:
            return text.replace(" ", self.rng.choice(["", "  ", "-", "\u00a0"]))
        if how == 4:
            return "".join(reversed(text))
        return self.noise(40)

    def game_option(self, table: Seated) -> tuple[str | None, bool]:
        """A value for the ``game`` option and whether it names ``table`` rightly."""
        roll = self.rng.random()
        if roll < 0.55:
            return str(table.game_id), True
        if roll < 0.65:
            return None, False  # several games in the channel: which one?
        other = self.rng.choice(self.tables)
        choices = [
            str(other.game_id),
            str(self.rng.randint(10_000, 10**12)),
            self.noise(8),
            "-1",
            "0",
            "9" * 30,
            f"#{table.game_id}",
        ]
        value = self.rng.choice(choices)
        return value, value.strip().lstrip("#") == str(table.game_id)  # "#12" names game 12

    def user(self, table: Seated, mover: Any) -> Any:
        roll = self.rng.random()
        if roll < 0.5 and mover is not None:
            return next((u for u in self.users if u.id == mover), self.users[0])
        if roll < 0.7:
            return self.stranger
        return self.rng.choice(self.users)

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

    def seated_in(self, user: Any, channel: Any) -> bool:
        return any(t.channel is channel and user.id in {u.id for u in t.users} for t in self.tables)

    def named(self, value: str | None, channel: Any) -> set[int]:
        """The games an option value can reach: the game it names, else (no value, or one
        that is not a number) every game of the channel."""
        text = (value or "").strip().lstrip("#")
        if text.isascii() and text.isdigit() and len(text) < 19:
            return {int(text)}
        return set(self.channel_games.get(channel.id, ()))

    async def plan(self) -> Plan:
        table = self.rng.choice(self.tables)
        kind = self.rng.choices(
            ["move", "autocomplete", "button", "select", "read", "dm", "play"],
            [30, 18, 22, 8, 8, 4, 10],
        )[0]
        emu = self.emu
        texts, mover, version, acting = await self.legal_texts(table)
        if kind == "play" and texts and mover is not None:
            user = next(u for u in self.users if u.id == mover)
            options = {"action": self.rng.choice(texts), "game": str(table.game_id)}
            return Plan(
                "play",
                Case("move", False),
                lambda: emu.slash(user, table.channel, "move", options),
                {table.game_id},
                {table.game_id},
                f"play {options}",
                (user.id, options["action"], table.game_id, version),
            )
        if kind in ("dm", "play"):
            user = self.rng.choice([*self.users, self.stranger])
            words = self.noise(30)

            async def say() -> None:
                await emu.user_says(user, emu.dm_channel(user), words)

            return Plan("dm", Case("dm", True), say, set(), set(), f"dm {words!r}")
        user = self.user(table, mover)
        value, right = self.game_option(table)
        channel = self._where(table)
        seated = user.id in {u.id for u in table.users}
        reach = self.named(value, channel)
        if kind in ("move", "autocomplete"):
            action = self.mangle(self.rng.choice(texts)) if texts else self.noise()
            if texts and self.rng.random() < 0.3:
                action = self.rng.choice(texts)
            options: dict[str, Any] = {"action": action[:100]}
            if value is not None:
                options["game"] = value[:100]
            desc = f"user {user.username} acting {acting} {options} in {channel.name}"
            if kind == "autocomplete":
                focused = self.rng.choice(["action", "game"])
                return Plan(
                    kind,
                    Case("autocomplete", True),
                    lambda: emu.interactions.autocomplete(user, channel, "move", options, focused),
                    reach,
                    set(),
                    desc,
                )
            # a lenient parser may accept a mangled notation: only who, which game and
            # where decide that a move must be refused
            # no value (or an empty one) means the channel's game: any the user sits in
            legal = user.id in acting and channel is table.channel and (right or not value)
            legal = legal or (not value and self.seated_in(user, channel))
            # a number naming another open game, typed in that game's own channel by one
            # of its players, is that game's move (not a refusal): /move reads the option
            legal = legal or any(
                t.game_id in reach and t.channel is channel and user.id in {u.id for u in t.users}
                for t in self.tables
                if value and t is not table
            )
            return Plan(
                kind,
                Case("move", not legal),
                lambda: emu.slash(user, channel, "move", options),
                reach,
                reach if legal else set(),
                desc,
            )
        if kind == "read":
            name = self.rng.choice(["board", "hand", "game status", "game history"])
            options = {"game": value[:100]} if value is not None else {}
            return Plan(
                kind,
                Case("read", True),
                lambda: emu.slash(user, channel, name, options),
                reach,
                set(),
                f"/{name} {options} by {user.username}",
            )
        if kind == "button":
            game = self.target(table)
            there = next((t for t in self.tables if t.game_id == game), None)
            if there is not None and there is not table:
                # another open game: its version, so a "stale" id is stale for it
                version = (await self.legal_texts(there))[2]
            seated = there is not None and user.id in {u.id for u in there.users}
            custom_id, forged = self.custom_id(game, table, version, seated)
            message = emu.plant_message(channel, buttons=[custom_id])
            return Plan(
                kind,
                Case("button", forged),
                lambda: emu.click(user, message, custom_id),
                {game},
                set() if forged else {game},
                f"user {user.username} pressed {custom_id} in {channel.name}",
            )
        key = self.rng.choice([*FORM_KEYS, "x"])
        game = self.target(table)
        custom_id = f"tenka:fs:{game}:{self.rng.randrange(3)}:{key}"
        values = [self.noise(6) or "v" for _ in range(self.rng.randint(1, 4))]
        message = emu.plant_message(channel, select=(custom_id, values))
        picked = self.rng.sample(values, self.rng.randint(1, len(values)))
        return Plan(
            kind,
            Case("select", True),
            lambda: emu.select(user, message, custom_id, picked),
            {game},
            set(),
            f"user {user.username} chose {picked} on {custom_id}",
        )

    def _where(self, table: Seated) -> Any:
        roll = self.rng.random()
        if roll < 0.8:
            return table.channel
        if roll < 0.9:
            return self.away if table.channel is not self.away else self.channel
        return self.channel

    def target(self, table: Seated) -> int:
        roll = self.rng.random()
        if roll < 0.6:
            return table.game_id
        if roll < 0.8:
            return self.rng.choice(self.tables).game_id
        if roll < 0.9 and self.ended:
            return self.rng.choice(self.ended)
        return self.rng.randint(10_000, 10**15)

    def custom_id(self, game: int, table: Seated, version: int, seated: bool) -> tuple[str, bool]:
        """A forged or stale custom id for ``game`` (``version`` is its current version)
        and whether pressing it must change nothing."""
        stale = version + self.rng.choice([-3, -2, -1, 1, 2, 100])
        stale = stale if stale >= 0 else version + 1  # never the current version
        shape = self.rng.randrange(5)
        if shape == 0:
            action = self.rng.choice(BOARD_ACTIONS)
            return f"tenka:b:{action}:{game}:{stale}", action not in ("resign", "mute") or (
                not seated
            )
        if shape == 1:
            return f"tenka:a:{game}:{stale}:{self.rng.randrange(40)}", True
        if shape == 2:
            action = self.rng.choice(["join", "leave", "ai", "start"])
            return f"tenka:l:{action}:{game}", True  # every game has started
        if shape == 3:
            op = self.rng.choice(["c", "o1", "o12", "m0", "m9"])
            key = self.rng.choice([*FORM_KEYS, "zz"])
            return f"tenka:fb:{game}:{op}:{key}", not seated
        return f"tenka:rc:{game}", not seated


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
