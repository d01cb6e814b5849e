"""How many store calls one human move costs: ``Service.act`` over a counting proxy of
the :class:`bot.store.Store`, split into commits (the action appended), other writes and
reads."""

from __future__ import annotations

import statistics
import tempfile
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import Any, Final

from bench.configs import Config, configurations
from bench.tables import next_turn, open_table
from bench.targets import Checks, at_most
from bot.service.facade import Service
from bot.store import Store, open_store
from games.ai import RandomPlayer
from games.rng import derive_seed

COMMITS: Final = frozenset({"append_action", "append_actions"})
WRITES: Final = frozenset(
    {
        "create_game",
        "join",
        "leave",
        "add_ai_seat",
        "start_game",
        "set_messages",
        "mark_published",
        "add_vote",
        "update_settings",
        "set_status",
        "rollback",
        "replace_seat",
        "add_vacation_used",
        "set_user_settings",
        "set_guild_settings",
        "add_timer",
        "delete_timer",
        "delete_timers",
        "sync_timers",
        "shift_timers",
        "meta_set",
        "meta_swap",
        "claim_timers",
        "claim_board",
        "rate_game",
        "rebuild_ratings",
    }
)
READS: Final = frozenset(
    {
        "schema_version",
        "get_game",
        "load_game",
        "seats",
        "actions",
        "snapshot_at_or_before",
        "games_in_channel",
        "games_for_user",
        "game_by_thread",
        "active_games",
        "owed_games",
        "outbox",
        "user_settings",
        "guild_settings",
        "next_timer",
        "due_timers",
        "timers_for_game",
        "meta_get",
        "played",
        "rating_changes",
        "unrated_games",
        "player_stats",
        "leaderboard",
    }
)
# a load of the game: every load begins with its row
LOADS: Final = frozenset({"get_game", "load_game"})
CALLS_PER_MOVE = at_most(8)  # issue 26's aim for one move (24 through Discord before)
LOADS_PER_MOVE = at_most(1)
# the connection, not the data; game_lock returns a context manager, not a coroutine
NOT_COUNTED: Final = frozenset({"close", "game_lock"})


def kind_of(method: str) -> str:
    """``"commits"``, ``"writes"``, ``"reads"``, or ``"unclassified"`` for a store method
    this module does not know yet (shown, never silently dropped)."""
    if method in COMMITS:
        return "commits"
    if method in WRITES:
        return "writes"
    if method in READS:
        return "reads"
    return "unclassified"


class CountingStore:
    """A :class:`Store` that forwards everything to ``inner`` and counts each call."""

    def __init__(self, inner: Store) -> None:
        self._inner = inner
        self.calls: Counter[str] = Counter()

    def __getattr__(self, name: str) -> Any:
        attr = getattr(self._inner, name)
        if name.startswith("_") or name in NOT_COUNTED or not callable(attr):
            return attr
        return self._counted(name, attr)

    def _counted(self, name: str, method: Callable[..., Awaitable[Any]]) -> Any:
        async def call(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] += 1
            return await method(*args, **kwargs)

        return call

    def split(self) -> dict[str, int]:
        """The calls counted since the last ``reset``, by kind, and their ``total``."""
        out = {"commits": 0, "writes": 0, "reads": 0, "unclassified": 0}
        for name, count in self.calls.items():
            out[kind_of(name)] += count
        if not out["unclassified"]:
            del out["unclassified"]
        out["total"] = sum(self.calls.values())
        out["loads"] = sum(self.calls[name] for name in LOADS)
        return out

    def reset(self) -> None:
        self.calls.clear()


async def bench_store_calls(moves: int = 10) -> dict[str, Any]:
    """Per configuration: the store calls of each of the first ``moves`` moves of a seeded
    game, every seat human; the row is the median move (by total calls) with the range.
    Boards are not drawn: a picture costs the store nothing."""
    rows = []
    checks = Checks()
    methods: dict[str, dict[str, int]] = {}
    with tempfile.TemporaryDirectory() as tmp:
        inner = await open_store(f"{tmp}/calls.db")
        store = CountingStore(inner)
        try:
            service = Service(store, render=False)
            for config in configurations():
                samples = await count_moves(service, store, config, moves)
                samples.sort(key=lambda sample: sample[0]["total"])
                split, calls = samples[len(samples) // 2]
                totals = [s["total"] for s, _ in samples]
                rows.append(
                    {
                        "game": config.label,
                        "moves": len(samples),
                        **split,
                        "min": min(totals),
                        "max": max(totals),
                        "mean": round(statistics.mean(totals), 1),
                    }
                )
                checks.row(rows[-1], "total", CALLS_PER_MOVE)
                checks.row(rows[-1], "loads", LOADS_PER_MOVE)
                methods[config.label] = dict(sorted(calls.items()))
        finally:
            await inner.close()
    return checks.result(
        rows=rows,
        median_move_calls=methods,
        note="store calls inside one Service.act of a human seat (the median move)",
    )


async def count_moves(
    service: Service, store: CountingStore, config: Config, moves: int, seed: int = 0
) -> list[tuple[dict[str, int], Counter[str]]]:
    """The split and the per-method counts of each ``service.act`` of the first ``moves``
    moves of a new game of ``config`` (fewer if the game ends first)."""
    users = [(200 + i, f"P{i + 1}") for i in range(config.players)]
    game_seed = derive_seed(seed, f"bench-calls:{config.label}")
    game_id = await open_table(service, config, users, seed=game_seed)
    player = RandomPlayer(game_seed)
    samples: list[tuple[dict[str, int], Counter[str]]] = []
    while len(samples) < moves and (turn := await next_turn(service, config.game, game_id, player)):
        store.reset()
        await service.act(game_id, turn.user_id, turn.text)
        samples.append((store.split(), Counter(store.calls)))
    return samples


async def bench_ai_replies(configs: list[Config]) -> list[dict[str, Any]]:
    """Per configuration, a game of one human against AI seats: the store calls of the
    first human move the AI seats answer (``Service.act``: the move, then each AI action
    committed in turn), reported beside the human move's target, not judged by it."""
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        inner = await open_store(f"{tmp}/ai.db")
        store = CountingStore(inner)
        try:
            service = Service(store, ai_budget_s=0.02, render=False)
            for config in configs:
                row = await count_ai_reply(service, store, config)
                rows.append({"game": config.label, "path": "Service.act + AI replies", **row})
        finally:
            await inner.close()
    return rows


async def count_ai_reply(
    service: Service, store: CountingStore, config: Config, seed: int = 0
) -> dict[str, Any]:
    """The split and the AI actions of the first human move answered by AI seats."""
    game_seed = derive_seed(seed, f"bench-ai-calls:{config.label}")
    lobby = await service.new_game(
        guild_id=1, channel_id=1, user_id=200, user_name="P1", key=config.key,
        options=dict(config.options), players=config.players, seed=game_seed,
    )  # fmt: skip
    game_id = int(lobby.game.game_id)
    for _ in range(config.players - 1):
        await service.add_ai(game_id, 200)
    await service.start(game_id, 200)
    player = RandomPlayer(game_seed)
    while turn := await next_turn(service, config.game, game_id, player):
        store.reset()
        await service.act(game_id, turn.user_id, turn.text)
        split = store.split()
        answered = (await service.load(game_id)).row.version - turn.version - 1
        if answered:
            return {**split, "ai_actions": answered}
    return {"ai_actions": 0}
