"""Command line for the engines: ``python -m games {list,perft,legal,playout}``.

Errors print one sentence on stderr and exit with status 2.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Sequence

import games
from games import engine
from games.ai import RandomPlayer
from games.base import Game, GameError, State, resolve_options
from games.rng import derive_seed


class CliError(Exception):
    """A usage problem worth one sentence."""


def _start(game: Game, players: int | None, variant: str | None, seed: int = 0) -> State:
    options = {"variant": variant} if variant else {}
    count = players if players is not None else game.seats[0]
    if count not in game.seats:
        allowed = ", ".join(map(str, game.seats))
        raise CliError(f"{game.title} is for {allowed} players, not {count}.")
    return game.setup(count, resolve_options(game, options), seed)


def _play_moves(game: Game, state: State, moves: str | None) -> State:
    for text in (moves or "").split():
        seats = sorted(game.to_act(state))
        if not seats:
            raise CliError(f"The game is over before {text!r}.")
        state, _, _ = engine.act_text(game, state, seats[0], text)
    return state


def perft(game: Game, state: State, depth: int) -> int:
    """Sequences of exactly ``depth`` actions (first seat to act moves; a finished game has
    no successors). Uses the game's own fast ``perft`` where it has one."""
    fast = getattr(game, "perft", None)
    if callable(fast):
        return int(fast(state, depth))
    if depth == 0:
        return 1
    if game.outcome(state) is not None:
        return 0
    seat = min(game.to_act(state))
    return sum(
        perft(game, game.apply(state, seat, a)[0], depth - 1) for a in game.legal(state, seat)
    )


def cmd_list(_: argparse.Namespace) -> None:
    for key, game in sorted(games.GAMES.items()):
        variants = next((o.choices for o in game.options if o.name == "variant"), ())
        extra = f"  variants: {', '.join(variants)}" if variants else ""
        print(f"{key:10} {game.title} ({'/'.join(map(str, game.seats))} players){extra}")


def cmd_perft(args: argparse.Namespace) -> None:
    game = games.get(args.key)
    if args.depth < 0:
        raise CliError("Depth must be 0 or more.")
    state = _play_moves(game, _start(game, args.players, args.variant), args.moves)
    print(perft(game, state, args.depth))


def cmd_legal(args: argparse.Namespace) -> None:
    game = games.get(args.key)
    state = _play_moves(game, _start(game, args.players, args.variant), args.moves)
    seats = sorted(game.to_act(state))
    if not seats:
        raise CliError("The game is over: nobody has a legal action.")
    for text in engine.legal_notations(game, state, seats[0]):
        print(text)


def cmd_playout(args: argparse.Namespace) -> None:
    game = games.get(args.key)
    if args.games < 1:
        raise CliError("--games must be at least 1.")
    outcomes: Counter[str] = Counter()
    actions = 0
    started = time.perf_counter()
    for index in range(args.games):
        seed = derive_seed(args.seed, f"playout{index}")
        state = _start(game, args.players, args.variant, seed)
        player = RandomPlayer(seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, player.choose(game, state, seat))
            actions += 1
        result = game.outcome(state)
        assert result is not None
        outcomes[f"{result.termination}:{','.join(map(str, sorted(result.winners)))}"] += 1
    elapsed = time.perf_counter() - started
    for name, count in sorted(outcomes.items()):
        print(f"{count:6}  {name}")
    summary = {
        "games": args.games,
        "actions": actions,
        "actions_per_s": round(actions / elapsed, 1) if elapsed else None,
        "outcomes": dict(sorted(outcomes.items())),
    }
    print(json.dumps(summary))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="registered games").set_defaults(run=cmd_list)
    for name, run, help_text in (
        ("perft", cmd_perft, "count action sequences of a given depth"),
        ("legal", cmd_legal, "legal actions of the seat to act, one per line"),
        ("playout", cmd_playout, "random games to the end; JSON summary last"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("key")
        if name == "perft":
            p.add_argument("depth", type=int)
        p.add_argument("--variant")
        p.add_argument("--players", type=int)
        if name == "playout":
            p.add_argument("--games", type=int, default=10)
            p.add_argument("--seed", type=int, default=0)
        else:
            p.add_argument("--moves", help='actions to play first, e.g. "b2b3 b4b3"')
        p.set_defaults(run=run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (GameError, CliError) as err:
        print(str(err), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
