"""Leaks: over random games of every game and player count, what the bot shows in public
(post text, button labels, alt text, the board PNG) is identical when the hidden information
is reshuffled (``Game.shuffle_hidden``), and every DM is its own seat's business.

Each game is opened and started through the real :class:`bot.service.facade.Service` (seats,
names, settings, locale as a table has them). A random playout runs in the engine to a few
sampled moves; at each, the move is applied twice: to the true position and to the
position with everything the mover cannot see reshuffled. The service's own post builder
(:meth:`bot.service.aftermath.Aftermath.posts`) turns both into posts, which must be equal, and each
seated player's DM must be equal when what *that* player cannot see is reshuffled. The
public board's buttons (cheap: no picture) are compared under ``redeals`` more reshuffles.

``python -m bench.faults.leaks --games 1000 --only shitenno`` runs this part alone, for
some games only.
"""

from __future__ import annotations

import argparse
import asyncio
import dataclasses
import json
import multiprocessing
import random
import tempfile
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from bench.configs import Config, configurations
from bench.faults.zero import ZERO
from bench.tables import open_table
from bot.posts import hand
from bot.posts.buttons import quick_choices
from bot.service.facade import Service
from bot.service.loaded import Loaded
from bot.service.results import Post
from bot.store import open_store
from games.ai import RandomPlayer, choose_for
from games.rng import derive_seed


def _public(post: Post) -> tuple[Any, ...]:
    """Everything of a public post a channel sees (its picture's bytes included)."""
    image = (post.image.data, post.image.description) if post.image else None
    extra = tuple((a.data, a.description) for a in post.extra)
    return (post.text, image, extra, post.controls, post.choices, post.ping, post.board)


def _at(loaded: Loaded, state: Any, version: int) -> Loaded:
    row = dataclasses.replace(loaded.row, state=state, version=version)
    return dataclasses.replace(loaded, row=row, state=state)


REDEALS = 8  # extra reshuffles under which the public buttons must not change


def run_leaks(
    games: int = 1000,
    samples: int = 1,
    dm_seats: int = 1,
    seed: int = 17,
    workers: int = 1,
    keys: tuple[str, ...] = (),
) -> dict[str, Any]:
    """:func:`leaks_of` over ``workers`` processes (game ``i`` goes to worker ``i % n``);
    ``keys``: only these games (all of them when empty)."""
    if workers <= 1:
        return asyncio.run(leaks_of(range(games), samples, dm_seats, seed, keys))
    parts = [range(w, games, workers) for w in range(workers)]
    with ProcessPoolExecutor(workers, mp_context=multiprocessing.get_context("spawn")) as pool:
        jobs = [pool.submit(_leaks_in_process, p, samples, dm_seats, seed, keys) for p in parts]
        done = [job.result() for job in jobs]
    merged: dict[str, Any] = {"examples": [], "games_by_config": {}}
    for part in done:
        merged["examples"] = (merged["examples"] + part.pop("examples"))[:5]
        for label, n in part.pop("games_by_config").items():
            merged["games_by_config"][label] = merged["games_by_config"].get(label, 0) + n
        for figure, value in part.items():
            merged[figure] = merged.get(figure, 0) + value
    return merged


def _leaks_in_process(
    indices: range, samples: int, dm_seats: int, seed: int, keys: tuple[str, ...]
) -> dict[str, Any]:
    return asyncio.run(leaks_of(indices, samples, dm_seats, seed, keys))


async def leaks_of(
    indices: Iterable[int],
    samples: int = 1,
    dm_seats: int = 1,
    seed: int = 17,
    keys: tuple[str, ...] = (),
) -> dict[str, Any]:
    """``games`` random games spread over every configuration (of the games ``keys``, all
    when empty); ``samples`` compared moves each (the game's last move among them: the end
    reveals things), and the DMs of ``dm_seats`` random seats at each. Returns the figures
    and per-game rows."""
    configs = [c for c in configurations() if not keys or c.key in keys]
    figures = {"games": 0, **dict.fromkeys(FIGURES, 0)}
    per_game: dict[str, int] = {}
    examples: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(f"{tmp}/leaks.db")
        service = Service(store, render=True)
        opener = Service(store, render=False)  # opening a table needs no pictures
        try:
            for index in indices:
                config = configs[index % len(configs)]
                found = await _one_game(
                    service, opener, config, derive_seed(seed, f"leak{index}"), samples, dm_seats
                )
                figures["games"] += 1
                per_game[config.label] = per_game.get(config.label, 0) + 1
                for key in figures.keys() - {"games"}:
                    figures[key] += found[key]
                if found["what"] and len(examples) < 5:
                    examples.append(f"{config.label}: {found['what']}")
        finally:
            await store.close()
    return {**figures, "examples": examples, "games_by_config": per_game}


FIGURES = ("compared_moves", "compared_buttons", "shown_buttons", "compared_dms", *ZERO["leaks"])


@dataclasses.dataclass(frozen=True)
class Moment:
    """One compared move of a game: ``before`` and ``after`` it (the move ``step + 1``),
    with the events it made."""

    loaded: Any
    step: int
    before: Any
    after: Any
    events: list[Any]
    seed: int

    def at(self, state: Any) -> Any:
        return _at(self.loaded, state, self.step + 1)


async def _one_game(
    service: Service, opener: Service, config: Config, seed: int, samples: int, dm_seats: int
) -> dict[str, Any]:
    game = config.game
    users = [(9000 + i, f"P{i + 1}") for i in range(config.players)]
    game_id = await open_table(opener, config, users, seed=seed)
    loaded = await service.load(game_id)
    rng = random.Random(seed)
    line = _playout(game, loaded.state, seed, rng)
    picks = sorted(rng.sample(range(len(line)), min(samples, len(line))))
    if picks and rng.random() < 0.25:
        picks[-1] = len(line) - 1  # the end of a game reveals things: compare it too
    found: dict[str, Any] = {**dict.fromkeys(FIGURES, 0), "what": ""}
    humans = {s.user_id for s in loaded.seats if s.user_id is not None}
    for step in picks:
        before, seat, action = line[step]
        after, events = game.apply(before, seat, action)
        moment = Moment(loaded, step, before, after, events, seed)
        true_ = await _compare_posts(service, moment, found)
        _compare_buttons(moment, found)
        found["stray_dms"] += sum(1 for p in true_.private if p.user_id not in humans)
        await _compare_dms(moment, rng, dm_seats, found)
    return found


def _playout(game: Any, state: Any, seed: int, rng: random.Random) -> list[tuple[Any, int, Any]]:
    """A random playout in the engine: every position with its seat to act and action."""
    player = RandomPlayer(seed)
    line = []
    while game.outcome(state) is None:
        seat = rng.choice(sorted(game.to_act(state)))
        action = choose_for(player, game, state, seat)
        line.append((state, seat, action))
        state, _ = game.apply(state, seat, action)
    return line


def _leak(found: dict[str, Any], what: str) -> None:
    found["leaks"] += 1
    found["what"] = found["what"] or what


async def _compare_posts(service: Service, m: Moment, found: dict[str, Any]) -> Any:
    """The public posts of the move against those of a redeal of what nobody sees; the
    true result (its DMs are checked after)."""
    game = m.loaded.game
    shuffle = derive_seed(m.seed, f"shuffle{m.step}")
    hidden_before = game.shuffle_hidden(m.before, None, shuffle)
    hidden_after = game.shuffle_hidden(m.after, None, shuffle)
    public_events = [e for e in m.events if e.audience is None]
    true_ = await service.aftermath.posts(m.at(m.after), m.events, before=m.before)
    other = await service.aftermath.posts(m.at(hidden_after), public_events, before=hidden_before)
    found["compared_moves"] += 1
    if [_public(p) for p in true_.public] != [_public(p) for p in other.public]:
        _leak(found, f"public post differs at move {m.step + 1}")
    return true_


def _compare_buttons(m: Moment, found: dict[str, Any]) -> None:
    """The board's buttons, under more redeals (no picture to draw: cheap)."""
    game, locale = m.loaded.game, m.loaded.locale
    buttons = quick_choices(m.at(m.after), locale)
    found["shown_buttons"] += bool(buttons)
    for k in range(REDEALS):
        redealt = game.shuffle_hidden(m.after, None, derive_seed(m.seed, f"redeal{m.step}.{k}"))
        found["compared_buttons"] += 1
        if quick_choices(m.at(redealt), locale) != buttons:
            _leak(found, f"buttons differ at move {m.step + 1}")
            break


async def _compare_dms(m: Moment, rng: random.Random, dm_seats: int, found: dict[str, Any]) -> None:
    """Each seat's DM depends only on what that seat may see."""
    game = m.loaded.game
    holders = [
        s
        for s in m.loaded.seats
        if s.user_id is not None
        and s.position is not None
        and game.hand(m.after, s.position) is not None
    ]
    for s in rng.sample(holders, min(dm_seats, len(holders))):
        assert s.position is not None
        mine = game.shuffle_hidden(m.after, s.position, derive_seed(m.seed, f"dm{m.step}"))
        a = await hand.post(m.at(m.after), s.position)
        b = await hand.post(m.at(mine), s.position)
        found["compared_dms"] += 1
        if a.user_id != s.user_id:
            found["stray_dms"] += 1
        if (a.text, a.image) != (b.text, b.image):
            _leak(found, f"seat {s.position}'s DM differs at {m.step + 1}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.faults.leaks", description=__doc__)
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--only", action="append", default=[], help="a game key (repeatable)")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=17)
    args = parser.parse_args(argv)
    found = run_leaks(args.games, seed=args.seed, workers=args.workers, keys=tuple(args.only))
    print(json.dumps(found, indent=2, sort_keys=True))
    return 1 if found["leaks"] or found["stray_dms"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
