"""Numbered schema migrations, applied in order at open and tracked in ``PRAGMA user_version``.

Append new ``(version, sql)`` pairs; never edit one that has shipped. Each migration runs
in its own ``BEGIN IMMEDIATE`` transaction together with the ``user_version`` bump, and the
version is re-read inside that transaction, so two processes opening a fresh file at once
apply each migration exactly once.
"""

from __future__ import annotations

import sqlite3
from typing import Final

from bot.store.models import StoreError

MIGRATIONS: Final[list[tuple[int, str]]] = [
    (
        1,
        """
        CREATE TABLE games (
            id               INTEGER PRIMARY KEY AUTOINCREMENT,
            guild_id         INTEGER,
            channel_id       INTEGER NOT NULL,
            thread_id        INTEGER,
            lobby_message_id INTEGER,
            board_message_id INTEGER,
            creator_id       INTEGER NOT NULL,
            game_key         TEXT    NOT NULL,
            options          TEXT    NOT NULL DEFAULT '{}',
            seed             TEXT    NOT NULL,  -- text: seeds may use all 64 unsigned bits
            rules_version    INTEGER NOT NULL,
            status           TEXT    NOT NULL DEFAULT 'lobby'
                CHECK (status IN ('lobby', 'active', 'finished', 'abandoned')),
            version          INTEGER NOT NULL DEFAULT 0,
            state            TEXT,
            outcome          TEXT,
            settings         TEXT    NOT NULL DEFAULT '{}',
            created_at       REAL    NOT NULL,
            updated_at       REAL    NOT NULL,
            turn_started_at  REAL
        );
        CREATE INDEX games_channel ON games (channel_id, status);
        CREATE INDEX games_thread ON games (thread_id) WHERE thread_id IS NOT NULL;
        CREATE INDEX games_status ON games (status);

        CREATE TABLE seats (
            id             INTEGER PRIMARY KEY,
            game_id        INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            position       INTEGER,
            user_id        INTEGER,
            ai             TEXT,
            joined_at      REAL    NOT NULL,
            last_acted_seq INTEGER,
            vacation_used  REAL    NOT NULL DEFAULT 0,
            CHECK ((user_id IS NULL) <> (ai IS NULL))
        );
        CREATE UNIQUE INDEX seats_position ON seats (game_id, position);
        CREATE UNIQUE INDEX seats_game_user ON seats (game_id, user_id);
        CREATE INDEX seats_user ON seats (user_id) WHERE user_id IS NOT NULL;

        CREATE TABLE actions (
            game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq        INTEGER NOT NULL,
            seat       INTEGER NOT NULL,
            user_id    INTEGER,
            text       TEXT    NOT NULL,
            created_at REAL    NOT NULL,
            PRIMARY KEY (game_id, seq)
        ) WITHOUT ROWID;

        -- keeps each seat's last action for catch-up digests, in the same statement
        CREATE TRIGGER actions_last_acted AFTER INSERT ON actions
        BEGIN
            UPDATE seats SET last_acted_seq = NEW.seq
            WHERE game_id = NEW.game_id AND position = NEW.seat
              AND (last_acted_seq IS NULL OR last_acted_seq < NEW.seq);
        END;

        -- a rowid table: snapshot states are kilobytes, too big for WITHOUT ROWID pages
        CREATE TABLE snapshots (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seq     INTEGER NOT NULL,
            state   TEXT    NOT NULL,
            PRIMARY KEY (game_id, seq)
        );

        CREATE TABLE user_settings (
            user_id INTEGER PRIMARY KEY,
            data    TEXT NOT NULL
        );
        CREATE TABLE guild_settings (
            guild_id INTEGER PRIMARY KEY,
            data     TEXT NOT NULL
        );

        CREATE TABLE timers (
            id      INTEGER PRIMARY KEY AUTOINCREMENT,
            due_at  REAL    NOT NULL,
            kind    TEXT    NOT NULL,
            game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
            user_id INTEGER,
            payload TEXT    NOT NULL DEFAULT '{}'
        );
        CREATE INDEX timers_due ON timers (due_at, id);
        CREATE INDEX timers_game ON timers (game_id, kind) WHERE game_id IS NOT NULL;

        CREATE TABLE meta (
            key   TEXT PRIMARY KEY,
            value TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
    ),
    (
        2,
        """
        -- The outbox: the version whose posts (board, pings, DMs) reached Discord. A game
        -- whose version differs owes its posts; the version bump that owes them is written
        -- in the same transaction as the move, so nothing owed can be lost. Games that
        -- existed before this migration owe nothing.
        ALTER TABLE games ADD COLUMN published_version INTEGER;
        -- every commit (a move, an undo, a takeback, the start) counts one more revision:
        -- a post's nonce, so a resend of the same commit is one message on Discord
        ALTER TABLE games ADD COLUMN revision INTEGER NOT NULL DEFAULT 0;
        UPDATE games SET published_version = version WHERE status <> 'lobby';
        CREATE INDEX games_owed ON games (status)
            WHERE published_version IS NULL OR published_version <> version;
        """,
    ),
    (
        3,
        """
        -- several processes on one database: a dispatcher claims a due timer until then
        -- (a crash lets the claim lapse and another process runs it)
        ALTER TABLE timers ADD COLUMN claimed_until REAL;
        -- the newest board revision a process began to post: no process posts an older one
        ALTER TABLE games ADD COLUMN board_revision INTEGER;
        """,
    ),
    (
        4,
        """
        -- The outbox follows the log's revision, not its version: a takeback to 2 and
        -- another move back to 3 is a new revision at the same version, and owes its
        -- board. A game owes its posts while published_revision differs from revision.
        ALTER TABLE games ADD COLUMN published_revision INTEGER;
        -- the board message shows a state an undo or a takeback removed: the next board
        -- says so and the old one is marked as taken back
        ALTER TABLE games ADD COLUMN board_undone INTEGER NOT NULL DEFAULT 0;
        -- games that were fully published stay so
        UPDATE games SET published_revision = revision WHERE published_version = version;
        DROP INDEX games_owed;
        CREATE INDEX games_owed ON games (status)
            WHERE published_revision IS NULL OR published_revision <> revision;
        """,
    ),
    (
        5,
        """
        -- what asked for an action (a Discord interaction's id, a confirmed form's key):
        -- a second delivery of the same request is found here and answered "already
        -- played", and the unique index refuses to write it twice (number 4 is the
        -- outbox's revision, another branch)
        ALTER TABLE actions ADD COLUMN origin TEXT;
        CREATE UNIQUE INDEX actions_origin ON actions (origin) WHERE origin IS NOT NULL;
        """,
    ),
    (
        6,
        """
        -- ratings (issue 28): one row per seat of every rated game, and the running
        -- rating per server (0: none), game and player ('u:<user id>', 'ai:<level>'),
        -- written together when a game finishes; `python -m bot ratings rebuild` makes
        -- both again from the finished games
        CREATE TABLE rating_history (
            game_id      INTEGER NOT NULL,
            seat         INTEGER NOT NULL,
            guild_id     INTEGER NOT NULL,
            game_key     TEXT    NOT NULL,
            player       TEXT    NOT NULL,
            user_id      INTEGER,
            place        INTEGER NOT NULL,
            side         TEXT,
            mu_before    REAL    NOT NULL,
            sigma_before REAL    NOT NULL,
            mu           REAL    NOT NULL,
            sigma        REAL    NOT NULL,
            started_at   REAL    NOT NULL,
            finished_at  REAL    NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        CREATE INDEX rating_history_player
            ON rating_history (guild_id, player, game_key, finished_at);
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game_key TEXT    NOT NULL,
            player   TEXT    NOT NULL,
            user_id  INTEGER,
            mu       REAL    NOT NULL,
            sigma    REAL    NOT NULL,
            ordinal  REAL    NOT NULL,
            games    INTEGER NOT NULL,
            wins     INTEGER NOT NULL,
            rank_sum INTEGER NOT NULL,
            PRIMARY KEY (guild_id, game_key, player)
        );
        CREATE INDEX ratings_board ON ratings (guild_id, game_key, ordinal DESC, player);
        CREATE INDEX ratings_player ON ratings (guild_id, player);
        """,
    ),
    (
        7,
        """
        -- what asked for a rollback (an Undo's interaction, a takeback's deciding vote):
        -- a rollback writes no action, so its origin is kept here, in its transaction,
        -- and the same request delivered again is answered "already taken back" instead
        -- of taking back one more step (origins share one space with actions.origin);
        -- the origins of the moves a rollback cuts stay here too (asked = 0), so a move
        -- delivered again after it was taken back is "already played", not played again
        CREATE TABLE rollbacks (
            origin     TEXT    NOT NULL PRIMARY KEY,
            game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            to_version INTEGER NOT NULL,
            created_at REAL    NOT NULL,
            asked      INTEGER NOT NULL DEFAULT 1
        );
        CREATE INDEX rollbacks_game ON rollbacks (game_id);
        """,
    ),
]

LATEST_VERSION: Final = MIGRATIONS[-1][0]


def split_statements(sql: str) -> list[str]:
    """Split a migration into statements (line-based, using SQLite's own completeness test)."""
    statements: list[str] = []
    pending = ""
    for line in sql.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            if pending.strip():
                statements.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError(f"incomplete SQL statement in migration: {pending.strip()[:80]!r}")
    return statements


def user_version(conn: sqlite3.Connection) -> int:
    """The schema version recorded in the database file."""
    return int(conn.execute("PRAGMA user_version").fetchone()[0])


def migrate(conn: sqlite3.Connection, migrations: list[tuple[int, str]] = MIGRATIONS) -> int:
    """Apply every migration newer than the file's version; return the resulting version.

    ``conn`` must be in autocommit mode (``isolation_level=None``) so the explicit
    transactions here are the only ones.
    """
    latest = migrations[-1][0] if migrations else 0
    found = user_version(conn)
    if found > latest:
        # a newer build wrote this file: refusing beats corrupting it
        raise StoreError(
            f"The database's schema ({found}) is newer than this version of Tenka knows"
            f" ({latest}): run the newer Tenka, or restore a backup made for this one."
        )
    for version, sql in migrations:
        if user_version(conn) >= version:
            continue
        conn.execute("BEGIN IMMEDIATE")
        try:
            if user_version(conn) < version:  # another process may have just done it
                for statement in split_statements(sql):
                    conn.execute(statement)
                # PRAGMA takes no parameters; version is an int from this file
                conn.execute(f"PRAGMA user_version = {int(version)}")
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return user_version(conn)
