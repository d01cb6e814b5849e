"""``python -m bot`` runs the bot; ``sync`` publishes commands; ``demo`` plays without Discord;
``migrate`` copies a SQLite database into PostgreSQL; ``ratings rebuild`` rates every finished
game again."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import logging
import os
import signal
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import discord

import games
from bot.config import DEFAULT_DATABASE, Config
from bot.demo import run_demo
from bot.edge.app import TenkaBot, make_bot
from bot.edge.invite import invite_url
from bot.service.ratings import rebuild
from bot.store import StoreError, is_postgres, open_store
from bot.store.copy import copy_store

NO_TOKEN = """\
Tenka needs a Discord bot token to connect to Discord.

  1. Open https://discord.com/developers/applications and create an application.
  2. Under "Bot", press "Reset Token" and copy the token.
  3. Put it in a file named .env in {folder}:   DISCORD_TOKEN=your-token
     (or export DISCORD_TOKEN in your shell), then run this command again.
  4. Invite the bot with the "bot" and "applications.commands" scopes, and run
     `{command} sync` once so the slash commands appear.

No token at hand? Watch the AI play a whole game without Discord:
     {command} demo <game> --out out/demo      (games: {games})
"""


def _command() -> str:
    """How the person started this command, for the hints: ``./scripts/run`` says so in
    ``TENKA_COMMAND`` (``python -m bot`` works only inside the virtual environment)."""
    return os.environ.get("TENKA_COMMAND", "").strip() or "python -m bot"


def _logging(level: str) -> None:
    logging.basicConfig(
        level=getattr(logging, level, logging.INFO),
        format="%(asctime)s %(levelname)s %(name)s: %(message)s",
    )


def _close_on_signals(bot: TenkaBot) -> None:
    """SIGTERM (``docker stop``) and SIGINT close the bot: the gateway, the timers and the
    outbox stop, ``start()`` returns, and the store is closed on the way out."""
    loop = asyncio.get_running_loop()
    closing: set[asyncio.Task[None]] = set()

    def close() -> None:
        task = loop.create_task(bot.close())
        closing.add(task)
        task.add_done_callback(closing.discard)

    for signum in (signal.SIGTERM, signal.SIGINT):
        with contextlib.suppress(NotImplementedError):  # Windows: Ctrl+C still interrupts
            loop.add_signal_handler(signum, close)


async def _run(config: Config) -> None:
    # the database first: one that cannot be used (unreachable, read-only, not a Tenka
    # database) is named in one sentence before Discord is contacted
    store = await open_store(config.database, wait_s=config.database_wait_s)
    try:
        async with make_bot(config, store=store) as bot:
            _close_on_signals(bot)
            assert config.token is not None
            await bot.start(config.token)
    finally:
        await store.close()


async def _sync(config: Config, guild: int | None) -> None:
    # login() runs setup_hook once (commands, no timers, no resumed games: serve=False);
    # the client is closed on the way out, so the command returns.
    async with TenkaBot(config, serve=False) as bot:
        assert config.token is not None
        await bot.login(config.token)
        if guild:
            target = discord.Object(guild)
            bot.tree.copy_global_to(guild=target)
            synced = await bot.tree.sync(guild=target)
            print(f"Synced {len(synced)} commands to guild {guild}.")
        else:
            synced = await bot.tree.sync()
            print(f"Synced {len(synced)} global commands (they may take up to an hour to show).")


def _migrate(source: str, target: str) -> int:
    if not is_postgres(target):
        print("migrate needs a postgresql:// target: --to or TENKA_DATABASE", file=sys.stderr)
        return 2
    try:
        counts = asyncio.run(copy_store(source, target))
    except StoreError as err:
        print(err, file=sys.stderr)
        return 2
    print("Copied " + ", ".join(f"{n} {table}" for table, n in counts.items()) + ".")
    return 0


async def _rebuild(url: str) -> int:
    store = await open_store(url)
    try:
        return await rebuild(store)
    finally:
        await store.close()


def _ratings(url: str) -> int:
    try:
        count = asyncio.run(_rebuild(url))
    except StoreError as err:
        print(err, file=sys.stderr)
        return 2
    print(f"Finished games rated again, in the order they finished: {count}.")
    return 0


def _ratings_parser(sub: Any) -> None:
    ratings = sub.add_parser("ratings", help="rate every finished game again, from the store")
    ratings.add_argument("action", choices=["rebuild"])
    ratings.add_argument("--database", help="the store (default: TENKA_DATABASE)")


def _demo_parser(sub: Any) -> None:
    demo = sub.add_parser("demo", help="a whole game between AI seats, no Discord needed")
    demo.add_argument("game", choices=sorted(games.GAMES), metavar="game")
    demo.add_argument("--variant")
    demo.add_argument("--players", type=int)
    demo.add_argument("--seed", type=int, default=1)
    demo.add_argument("--out", type=Path, default=Path("out/demo"))
    demo.add_argument("--lang", default="en", help="en or es: the words of posts and boards")
    demo.add_argument("--palette", default="default", help="default or colorblind")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog=_command(), description=__doc__)
    sub = parser.add_subparsers(dest="command")
    sub.add_parser("run", help="connect to Discord and serve (the default)")
    sync = sub.add_parser("sync", help="publish the slash commands")
    sync.add_argument("--guild", type=int, help="sync to one server only (instant)")
    _demo_parser(sub)
    invite = sub.add_parser("invite", help="the URL that adds the bot to a server")
    invite.add_argument("client_id", type=int, help="the application's client id")
    migrate = sub.add_parser("migrate", help="copy a SQLite database into an empty PostgreSQL one")
    migrate.add_argument("--from", dest="source", help="the SQLite file (default: data/tenka.db)")
    migrate.add_argument("--to", dest="target", help="postgresql://... (default: TENKA_DATABASE)")
    _ratings_parser(sub)
    return parser


def _demo(args: argparse.Namespace) -> int:
    try:
        return asyncio.run(
            run_demo(
                args.game,
                args.out,
                args.variant,
                args.players,
                args.seed,
                lang=args.lang,
                palette=args.palette,
            )
        )
    except ValueError as err:  # GameError is a ValueError: a sentence for the user
        print(err, file=sys.stderr)
        return 2


def _without_discord(args: argparse.Namespace, config: Config) -> int | None:
    """The commands that need no token (their exit status), else ``None``."""
    if args.command == "invite":
        print(invite_url(args.client_id))
        return 0
    if args.command == "migrate":
        return _migrate(args.source or str(DEFAULT_DATABASE), args.target or config.database)
    if args.command == "ratings":
        return _ratings(args.database or config.database)
    if args.command == "demo":
        return _demo(args)
    return None


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        config = Config.load()
    except ValueError as err:  # a malformed setting, named in one sentence
        print(err, file=sys.stderr)
        return 2
    _logging(config.log_level)
    done = _without_discord(args, config)
    if done is not None:
        return done
    if config.token is None:
        names = ", ".join(sorted(games.GAMES))
        hint = NO_TOKEN.format(command=_command(), folder=Path.cwd(), games=names)
        print(hint, file=sys.stderr)
        return 2
    if args.command == "sync":
        asyncio.run(_sync(config, args.guild or config.dev_guild))
        return 0
    try:
        with contextlib.suppress(KeyboardInterrupt):
            asyncio.run(_run(config))
    except StoreError as err:  # found at start, named in one sentence of the log
        logging.getLogger("tenka").error("%s", err)
        return 2
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
