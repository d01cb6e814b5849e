"""What the fuzzer sends (:mod:`bench.faults.fuzz`): the cases it draws, seeded, from the
world it set up (the tables, their players, a stranger, another server's channel), each
with the games it reaches and those it may change."""

from __future__ import annotations

import random
import string
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import games
from bench.configs import Config

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


@dataclass(frozen=True)
class Aim:
    """Where a case goes: drawn for ``table``, sent by ``user`` in ``channel`` with the
    ``game`` option ``value``, reaching the games ``reach``."""

    table: Seated
    user: Any
    channel: Any
    value: str | None
    reach: set[int]


class Cases:
    """The world the cases are drawn in, and the drawing (one seeded ``rng``)."""

    def __init__(self, emu: Any, bot: Any, seed: int) -> None:
        self.emu, self.bot, self.rng = emu, bot, random.Random(seed)
        self.versions: dict[int, int] = {}
        self.legal: dict[int, tuple[list[str], Any, int, set[int | None]]] = {}
        self.channel_games: dict[int, set[int]] = {}
        self.ended: list[int] = []
        self.tables: list[Seated] = []
        self.users: list[Any] = []
        self.stranger: Any = None
        self.channel: Any = None
        self.away: Any = None

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
        texts, mover, version, acting = await self.legal_texts(table)
        if kind == "play" and texts and mover is not None:
            return self._play(table, texts, mover, version)
        if kind in ("dm", "play"):
            return self._dm()
        user = self.user(table, mover)
        value, right = self.game_option(table)
        channel = self._where(table)
        aim = Aim(table, user, channel, value, self.named(value, channel))
        if kind in ("move", "autocomplete"):
            return self._move(kind, aim, texts, acting, right)
        if kind == "read":
            return self._read(aim)
        if kind == "button":
            return await self._button(aim, version)
        return self._select(aim)

    def _play(self, table: Seated, texts: list[str], mover: Any, version: int) -> Plan:
        """A real move by the right player: it keeps the game moving."""
        user = next(u for u in self.users if u.id == mover)
        options = {"action": self.rng.choice(texts), "game": str(table.game_id)}
        return Plan(
            "play",
            Case("move", False),
            lambda: self.emu.slash(user, table.channel, "move", options),
            {table.game_id},
            {table.game_id},
            f"play {options}",
            (user.id, options["action"], table.game_id, version),
        )

    def _dm(self) -> Plan:
        user = self.rng.choice([*self.users, self.stranger])
        words = self.noise(30)

        async def say() -> None:
            await self.emu.user_says(user, self.emu.dm_channel(user), words)

        return Plan("dm", Case("dm", True), say, set(), set(), f"dm {words!r}")

    def _move(
        self, kind: str, aim: Aim, texts: list[str], acting: set[int | None], right: bool
    ) -> Plan:
        """``/move`` or its autocomplete with a legal, mangled or noisy notation."""
        user, channel, value, reach = aim.user, aim.channel, aim.value, aim.reach
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
                lambda: self.emu.interactions.autocomplete(user, channel, "move", options, focused),
                reach,
                set(),
                desc,
            )
        legal = self._may_move(aim, acting, right)
        return Plan(
            kind,
            Case("move", not legal),
            lambda: self.emu.slash(user, channel, "move", options),
            reach,
            reach if legal else set(),
            desc,
        )

    def _may_move(self, aim: Aim, acting: set[int | None], right: bool) -> bool:
        """Whether ``/move`` may play: a lenient parser may accept a mangled notation, so
        only who, which game and where decide that a move must be refused."""
        user, channel, value = aim.user, aim.channel, aim.value
        # no value (or an empty one) means the channel's game: any the user sits in
        legal = user.id in acting and channel is aim.table.channel and (right or not value)
        legal = legal or (not value and self.seated_in(user, channel))
        # a number naming another open game, typed in that game's own channel by one
        # of its players, is that game's move (not a refusal): /move reads the option
        return legal or any(
            t.game_id in aim.reach and t.channel is channel and user.id in {u.id for u in t.users}
            for t in self.tables
            if value and t is not aim.table
        )

    def _read(self, aim: Aim) -> Plan:
        name = self.rng.choice(["board", "hand", "game status", "game history"])
        options = {"game": aim.value[:100]} if aim.value is not None else {}
        return Plan(
            "read",
            Case("read", True),
            lambda: self.emu.slash(aim.user, aim.channel, name, options),
            aim.reach,
            set(),
            f"/{name} {options} by {aim.user.username}",
        )

    async def _button(self, aim: Aim, version: int) -> Plan:
        """A forged or stale button on a planted message."""
        game = self.target(aim.table)
        there = next((t for t in self.tables if t.game_id == game), None)
        if there is not None and there is not aim.table:
            # another open game: its version, so a "stale" id is stale for it
            version = (await self.legal_texts(there))[2]
        seated = there is not None and aim.user.id in {u.id for u in there.users}
        custom_id, forged = self.custom_id(game, aim.table, version, seated)
        message = self.emu.plant_message(aim.channel, buttons=[custom_id])
        return Plan(
            "button",
            Case("button", forged),
            lambda: self.emu.click(aim.user, message, custom_id),
            {game},
            set() if forged else {game},
            f"user {aim.user.username} pressed {custom_id} in {aim.channel.name}",
        )

    def _select(self, aim: Aim) -> Plan:
        """A form's select with made-up values."""
        key = self.rng.choice([*FORM_KEYS, "x"])
        game = self.target(aim.table)
        custom_id = f"tenka:fs:{game}:{self.rng.randrange(3)}:{key}"
        values = [self.noise(6) or "v" for _ in range(self.rng.randint(1, 4))]
        message = self.emu.plant_message(aim.channel, select=(custom_id, values))
        picked = self.rng.sample(values, self.rng.randint(1, len(values)))
        return Plan(
            "select",
            Case("select", True),
            lambda: self.emu.select(aim.user, message, custom_id, picked),
            {game},
            set(),
            f"user {aim.user.username} chose {picked} on {custom_id}",
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
