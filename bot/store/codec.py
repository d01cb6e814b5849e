"""Conversions between Python values and SQLite columns, shared by the SQLite store."""

from __future__ import annotations

import json
import logging
import sqlite3
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any, Final

from bot.store.models import NOT_GIVEN, STATUSES, GameRow, SeatRow

log = logging.getLogger("tenka.store")

GAME_COLUMNS: Final = (
    "id, guild_id, channel_id, thread_id, lobby_message_id, board_message_id, creator_id,"
    " game_key, options, seed, rules_version, status, version, state, outcome, settings,"
    " created_at, updated_at, turn_started_at, published_version, revision,"
    " published_revision, board_revision, board_undone"
)

# UPDATE ... RETURNING arrived in SQLite 3.35; older system libraries take one more query
HAS_RETURNING: Final = sqlite3.sqlite_version_info >= (3, 35, 0)

# compact and built once: state JSON is written on every move
_ENCODER: Final = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
dumps: Final = _ENCODER.encode
loads: Final = json.loads


def loads_or_none(text: str | None) -> Any:
    """Decode a nullable JSON column."""
    return None if text is None else loads(text)


# the columns of GAME_COLUMNS, by name, and how each one that is not read as stored is
# decoded (JSON text, the seed's text, SQLite's 0/1); the state column is decoded only
# when the caller does not hand it over
GAME_FIELDS: Final = tuple(name.strip() for name in GAME_COLUMNS.split(","))
_DECODE: Final[dict[str, Callable[[Any], Any]]] = {
    "options": loads,
    "seed": int,
    "outcome": loads_or_none,
    "settings": loads,
    "board_undone": bool,
}


def game_row(row: Sequence[Any], state: Any = NOT_GIVEN) -> GameRow:
    """A :class:`GameRow` from a row selected with :data:`GAME_COLUMNS`.

    ``state``, when given, is the already-decoded value of the state column (the caller
    just encoded it), which spares decoding kilobytes of JSON on every move.
    """
    values = dict(zip(GAME_FIELDS, row, strict=False))
    for name, decode in _DECODE.items():
        values[name] = decode(values[name])
    values["state"] = loads_or_none(values["state"]) if state is NOT_GIVEN else state
    return GameRow(**values)


def readable_game_rows(rows: Iterable[Sequence[Any]]) -> list[GameRow]:
    """The :class:`GameRow` of every row whose JSON columns decode; a row that does not is
    left out with a logged sentence (quarantined: that game's own commands get
    ``err.broken_game`` from :meth:`bot.service.unit.Unit.load`, every other game plays on).

    Every query over several games goes through this, so one damaged row cannot stop the
    timers, the owed-posts sweep, the start-up or a channel's other games."""
    out = []
    for row in rows:
        try:
            out.append(game_row(row))
        except ValueError as error:
            log.warning(
                "game %s cannot be read (%s: %s); it is set aside and every other game plays on",
                row[0],
                type(error).__name__,
                error,
            )
    return out


def seat_values(seat: SeatRow) -> tuple[Any, ...]:
    """Column values of a seat, in the order of ``SeatRow``'s fields."""
    return (
        seat.game_id,
        seat.position,
        seat.user_id,
        seat.ai,
        seat.joined_at,
        seat.last_acted_seq,
        seat.vacation_used,
    )


def now_or(now: float | None) -> float:
    """The caller's clock if given (the service owns time), else the wall clock."""
    return time.time() if now is None else float(now)


def placeholders(values: Sequence[Any]) -> str:
    """``?, ?, ?`` for an ``IN (...)`` list."""
    return ", ".join("?" * len(values))


def check_status(status: str) -> None:
    """Reject a status the schema does not know, before touching the database."""
    if status not in STATUSES:
        raise ValueError(f"unknown game status {status!r}; expected one of {STATUSES}")
