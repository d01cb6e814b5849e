"""Command line for the engines: ``python -m games {list,perft,legal,playout,match}``.

``perft`` and ``legal`` first play ``--moves`` (separated by ``;``; without a ``;``, one
move when the whole text is a legal first move, as China's ``O:zhao ZHA1``, else moves
separated by white space) or ``--moves-file`` (one move per line, ``-`` for standard
input); every command takes ``--option NAME=VALUE`` (repeatable) for the game's options,
validated as ``/game new`` does. ``match`` plays AI levels against each other
(``--seats hard,normal,normal``, rotated over the seats; see :mod:`games.match`). Errors
print one sentence on stderr and exit with status 2.
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
from games.ai import RandomPlayer, choose_for
from games.base import Game, GameError, State, resolve_options
from games.match import MatchError, parse_seats, play_match
from games.rng import derive_seed


class CliError(Exception):
    """A usage problem worth one sentence."""


def _options(variant: str | None, pairs: Sequence[str] | None) -> dict[str, str]:
    """``--variant`` and the ``--option NAME=VALUE`` pairs as an options mapping."""
    options: dict[str, str] = {}
    for pair in pairs or ():
        name, sep, value = pair.partition("=")
        name = name.strip()
        if not sep or not name:
            raise CliError(f"--option takes NAME=VALUE, not {pair!r}.")
        if name in options:
            raise CliError(f"Option {name!r} is given twice.")
        options[name] = value.strip()
    if variant:
        if options.get("variant", variant) != variant:
            raise CliError("--variant and --option variant=... disagree.")
        options["variant"] = variant
    return options


def _start(game: Game, args: argparse.Namespace, seed: int = 0) -> State:
    """A new game for the command's ``--players``, ``--variant`` and ``--option`` values."""
    options = resolve_options(game, _options(args.variant, args.option))
    players = args.players
    count = players if players is not None else game.seats[0]
    if count not in game.seats:
        allowed = ", ".join(map(str, game.seats))
        raise CliError(f"{game.title} is for {allowed} players, not {count}.")
    game.validate_options(options, count)
    return game.setup(count, options, seed)


def split_moves(text: str) -> list[str]:
    """The moves of ``--moves``: separated by ``;`` when there is one (moves may then hold
    spaces, as China's do), else by white space (``"b2b3 b4b3"``)."""
    parts = text.split(";") if ";" in text else text.split()
    return [part.strip() for part in parts if part.strip()]


def read_moves_file(path: str) -> list[str]:
    """One move per line from ``path`` (``-``: standard input); blank lines and lines
    starting with ``#`` are skipped."""
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as handle:
                text = handle.read()
    except (OSError, UnicodeDecodeError) as err:
        reason = err.strerror if isinstance(err, OSError) and err.strerror else "unreadable"
        raise CliError(f"Cannot read the moves file {path!r}: {reason}.") from None
    lines = (line.strip() for line in text.splitlines())
    return [line for line in lines if line and not line.startswith("#")]


def _moves(args: argparse.Namespace, game: Game, state: State) -> list[str]:
    if args.moves is not None and args.moves_file is not None:
        raise CliError("Give --moves or --moves-file, not both.")
    if args.moves_file is not None:
        return read_moves_file(args.moves_file)
    text = (args.moves or "").strip()
    if ";" not in text and len(text.split()) > 1 and _one_move(game, state, text):
        return [text]  # one move holding spaces ("O:zhao ZHA1"), not several
    return split_moves(text)


def _one_move(game: Game, state: State, text: str) -> bool:
    """Whether ``text`` is, whole, a legal first move."""
    seats = sorted(game.to_act(state))
    if not seats:
        return False
    try:
        engine.act_text(game, state, seats[0], text)
    except GameError:
        return False
    return True


def _play_moves(game: Game, state: State, moves: Sequence[str]) -> State:
    for number, text in enumerate(moves, 1):
        seats = sorted(game.to_act(state))
        if not seats:
            raise CliError(f"The game is over before move {number} ({text!r}).")
        try:
            state, _, _ = engine.act_text(game, state, seats[0], text)
        except GameError as err:
            raise CliError(f"Move {number} ({text!r}): {err}") from None
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
    start = _start(game, args)
    state = _play_moves(game, start, _moves(args, game, start))
    print(perft(game, state, args.depth))


def cmd_legal(args: argparse.Namespace) -> None:
    game = games.get(args.key)
    start = _start(game, args)
    state = _play_moves(game, start, _moves(args, game, start))
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
        state = _start(game, args, seed)
        player = RandomPlayer(seed)
        while game.outcome(state) is None:
            seat = min(game.to_act(state))
            state, _ = game.apply(state, seat, choose_for(player, game, state, seat))
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


def cmd_match(args: argparse.Namespace) -> None:
    game = games.get(args.key)
    players = args.players if args.players is not None else game.seats[0]
    if players not in game.seats:
        allowed = ", ".join(map(str, game.seats))
        raise CliError(f"{game.title} is for {allowed} players, not {players}.")
    seats = parse_seats(args.seats, players)
    options = _options(args.variant, args.option)
    print(json.dumps(play_match(game, seats, args.games, args.seed, options, args.budget)))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__)
    sub = parser.add_subparsers(dest="command", required=True)
    sub.add_parser("list", help="registered games").set_defaults(run=cmd_list)
    for name, run, help_text in (
        ("perft", cmd_perft, "count action sequences of a given depth"),
        ("legal", cmd_legal, "legal actions of the seat to act, one per line"),
        ("playout", cmd_playout, "random games to the end; JSON summary last"),
        ("match", cmd_match, "AI levels against each other, seats rotated; one JSON object"),
    ):
        p = sub.add_parser(name, help=help_text)
        p.add_argument("key")
        if name == "perft":
            p.add_argument("depth", type=int)
        p.add_argument("--variant")
        p.add_argument("--players", type=int)
        p.add_argument(
            "--option",
            action="append",
            metavar="NAME=VALUE",
            help="a game option, e.g. side=b (repeatable; see the game's options)",
        )
        _own_arguments(name, p)
        p.set_defaults(run=run)
    return parser


def _own_arguments(name: str, p: argparse.ArgumentParser) -> None:
    """The options one command has and the others do not."""
    if name in ("playout", "match"):
        p.add_argument("--games", type=int, default=10)
        p.add_argument("--seed", type=int, default=0)
    if name == "match":
        p.add_argument("--seats", required=True, help="one level a seat: hard,normal,...")
        p.add_argument("--budget", type=float, default=0.5, help="seconds per AI move")
    elif name != "playout":
        p.add_argument(
            "--moves",
            help='actions to play first: "b2b3 b4b3", or separated by ";" when they hold'
            ' spaces ("Y:qi QI1; draw pile")',
        )
        p.add_argument(
            "--moves-file",
            metavar="PATH",
            help="actions to play first, one per line (- reads standard input)",
        )


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        args.run(args)
    except (GameError, CliError, MatchError) as err:
        print(str(err), file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
