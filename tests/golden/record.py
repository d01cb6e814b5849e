"""Golden logs: one whole seeded game of every registered game, variant and player count,
stored as the ``(seat, notation)`` log a table would keep, with a hash of the final state.

A stored game is replayed from its log (see ``test_golden.py``), so the notation is a
contract: a parser or notation change that breaks games already stored fails the test.
Regenerate the files by hand, only when a change of notation is intended (and say so in
the commit)::

    python -m tests.golden.record          # rewrite every file
    python -m tests.golden.record --check  # only report which files would change

A game is a random legal playout (the first seat to act moves; secret choices are ordinary
actions too), cut at ``MAX_ACTIONS`` actions when it has not ended by then: the hash is
then of the state at the cut and ``outcome`` is ``null``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import games
from games import engine
from games.ai import RandomPlayer, choose_for
from games.base import JSON, Game, GameError, State, resolve_options
from games.rng import derive_seed

HERE = Path(__file__).resolve().parent
MAX_ACTIONS = 300
MIN_ACTIONS = 40


# Options besides ``variant`` whose other choices than the default (and ``random``) each
# get a golden game, named by the choice: Rising Sun's Season card sets.
SPANNING = ("set",)


def configurations() -> Iterator[tuple[Game, str | None, int]]:
    """Every registered game x its ``variant`` choices (``None``: no such option, then
    also each non-default choice of a ``SPANNING`` option) x its player counts."""
    for _, game in sorted(games.GAMES.items()):
        choices: tuple[str | None, ...] = next(
            (o.choices for o in game.options if o.name == "variant"), ()
        )
        if not choices:
            spanning = [o for o in game.options if o.name in SPANNING]
            others = [c for o in spanning for c in o.choices if c not in (o.default, "random")]
            choices = (None, *others)
        for variant in choices:
            for players in game.seats:
                yield game, variant, players


def options_for(game: Game, variant: str | None) -> dict[str, JSON]:
    """The options of a configuration: ``variant``, or the ``SPANNING`` option it names."""
    if variant is None:
        return {}
    if any(o.name == "variant" for o in game.options):
        return {"variant": variant}
    name = next(o.name for o in game.options if o.name in SPANNING and variant in o.choices)
    return {name: variant}


def path_for(game: Game, variant: str | None, players: int) -> Path:
    return HERE / f"{game.key}-{variant or 'default'}-{players}p.json"


def state_hash(game: Game, state: State) -> str:
    """sha256 of the canonical JSON of ``dump_state`` (sorted keys, no spaces)."""
    text = json.dumps(
        game.dump_state(state), sort_keys=True, separators=(",", ":"), ensure_ascii=False
    )
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def start(game: Game, record: dict[str, Any]) -> State:
    """The initial state of a stored game."""
    return game.setup(record["players"], resolve_options(game, record["options"]), record["seed"])


def outcome_json(game: Game, state: State) -> JSON:
    outcome = game.outcome(state)
    return None if outcome is None else outcome.to_json()


def record_game(game: Game, variant: str | None, players: int) -> dict[str, Any]:
    """One seeded random game of ``game`` (at most ``MAX_ACTIONS`` actions): the first
    seed whose game lasts at least ``MIN_ACTIONS`` actions, so that a quick random win
    does not leave most of the notation untested, and whose middle move had a choice that
    matters (the replay test plays another one there)."""
    for attempt in range(100):
        record = _record(game, variant, players, f"golden:{game.key}:{variant}:{players}:{attempt}")
        if len(record["log"]) >= MIN_ACTIONS and _middle_matters(game, record):
            break
    return record


def _middle_matters(game: Game, record: dict[str, Any]) -> bool:
    """Whether another legal move in the middle of the log breaks the replay or changes
    the end (what ``test_another_legal_move_changes_the_end`` checks): not so for a
    tentative step undone by the next one (a Rising Sun bid box changed back)."""
    log = [(seat, text) for seat, text in record["log"]]
    middle = len(log) // 2
    state, _ = engine.replay(game, start(game, record), log[:middle])
    seat, text = log[middle]
    others = [n for n in engine.legal_notations(game, state, seat) if n != text]
    if not others:
        return False
    log[middle] = (seat, others[0])
    try:
        state, _ = engine.replay(game, start(game, record), log)
    except GameError:
        return True
    return state_hash(game, state) != record["state_sha256"]


def _record(game: Game, variant: str | None, players: int, label: str) -> dict[str, Any]:
    seed = derive_seed(0, label)
    options = resolve_options(game, options_for(game, variant))
    state = game.setup(players, options, seed)
    player = RandomPlayer(seed)
    log: list[tuple[int, str]] = []
    while game.outcome(state) is None and len(log) < MAX_ACTIONS:
        seat = min(game.to_act(state))
        action = choose_for(player, game, state, seat)
        log.append((seat, game.notation(state, action)))
        state, _ = game.apply(state, seat, action)
    return {
        "key": game.key,
        "rules_version": game.rules_version,
        "options": options,
        "players": players,
        "seed": seed,
        "ended": game.outcome(state) is not None,
        "log": log,
        "state_sha256": state_hash(game, state),
        "outcome": outcome_json(game, state),
    }


def dumps(record: dict[str, Any]) -> str:
    """The file's text: canonical JSON, one log entry per line (diffs stay readable)."""
    head = {k: v for k, v in record.items() if k != "log"}
    lines = [f"  {json.dumps(list(entry), ensure_ascii=False)}" for entry in record["log"]]
    body = json.dumps(head, indent=2, sort_keys=True, ensure_ascii=False)
    return body[:-2] + ',\n  "log": [\n' + ",\n".join(f"  {line}" for line in lines) + "\n  ]\n}\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record", description=__doc__)
    parser.add_argument("--check", action="store_true", help="write nothing; list changes")
    args = parser.parse_args(argv)
    changed = 0
    for game, variant, players in configurations():
        path = path_for(game, variant, players)
        text = dumps(record_game(game, variant, players))
        old = path.read_text(encoding="utf-8") if path.exists() else None
        if old == text:
            continue
        changed += 1
        print(f"{'would change' if args.check else 'wrote'} {path.relative_to(HERE.parents[1])}")
        if not args.check:
            path.write_text(text, encoding="utf-8")
    return 1 if args.check and changed else 0


if __name__ == "__main__":
    sys.exit(main())
