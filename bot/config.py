"""Configuration from the environment or a ``.env`` file (environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from dotenv import dotenv_values

# relative to the working directory (./scripts/run works from the repository), so an
# installed package never writes beside its own files
DEFAULT_DATABASE = Path("data") / "tenka.db"


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines as python-dotenv reads them (``#`` comments, also after a value,
    ``export`` prefixes, quotes); values are taken literally, ``$`` included."""
    if not path.is_file():
        return {}
    values = dotenv_values(path, interpolate=False, encoding="utf-8")
    return {key: value for key, value in values.items() if value is not None}


def parse_shards(count_text: str, ids_text: str) -> tuple[int | None, tuple[int, ...] | None]:
    """``TENKA_SHARD_COUNT`` and ``TENKA_SHARD_IDS`` (``"0,1"``, ``"4-7"``, or both mixed).

    Neither set: one unsharded process. A count alone: this process runs every shard. Ids
    need the count (every process must agree on it, or guilds are split wrongly).
    """
    count_text, ids_text = count_text.strip(), ids_text.strip()
    if not count_text:
        if ids_text:
            raise ValueError(
                "TENKA_SHARD_IDS needs TENKA_SHARD_COUNT (the total, the same in every process)"
            )
        return None, None
    if not count_text.isdigit() or int(count_text) < 1:
        raise ValueError(
            f"TENKA_SHARD_COUNT must be a whole number of at least 1, not {count_text!r}"
        )
    count = int(count_text)
    if not ids_text:
        return count, tuple(range(count))
    ids: list[int] = []
    for part in ids_text.replace(" ", "").split(","):
        low, _, high = part.partition("-")
        if not low.isdigit() or (high and not high.isdigit()):
            raise ValueError(f"TENKA_SHARD_IDS must look like 0,1 or 4-7, not {ids_text!r}")
        ids.extend(range(int(low), int(high or low) + 1))
    if not ids or max(ids) >= count or len(set(ids)) != len(ids):
        raise ValueError(f"TENKA_SHARD_IDS {ids_text!r} must name distinct shards below {count}")
    return count, tuple(ids)


DEFAULT_DATABASE_WAIT_S = 60.0


def parse_wait(text: str) -> float:
    """``TENKA_DATABASE_WAIT``: seconds to wait at start for a database server that cannot
    be reached yet (0: fail at once)."""
    text = text.strip()
    if not text:
        return DEFAULT_DATABASE_WAIT_S
    try:
        seconds = float(text)
    except ValueError:
        seconds = -1.0
    if not 0 <= seconds < float("inf"):
        raise ValueError(
            f"TENKA_DATABASE_WAIT must be a number of seconds (0 or more), not {text!r}"
        )
    return seconds


def parse_workers(text: str) -> int | None:
    """``TENKA_AI_WORKERS``: processes that think for AI seats (0: a thread of the bot's
    own process; unset: one per core but one, at least one)."""
    text = text.strip()
    if not text:
        return None
    if not text.isdigit() or int(text) > 64:
        raise ValueError(f"TENKA_AI_WORKERS must be a whole number from 0 to 64, not {text!r}")
    return int(text)


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    api_base: str | None
    gateway: str | None
    dev_guild: int | None
    log_level: str
    shard_count: int | None = None  # None: one process, no sharding
    shard_ids: tuple[int, ...] | None = None  # the shards this process runs
    database_wait_s: float = DEFAULT_DATABASE_WAIT_S  # a server down at start: wait this long
    ai_workers: int | None = None  # None: one per core but one (bot.service.thinking)

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = None) -> Config:
        merged = read_dotenv(dotenv or Path.cwd() / ".env")
        merged.update(os.environ if env is None else env)
        guild = merged.get("TENKA_DEV_GUILD", "").strip()
        shard_count, shard_ids = parse_shards(
            merged.get("TENKA_SHARD_COUNT", ""), merged.get("TENKA_SHARD_IDS", "")
        )
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            database=merged.get("TENKA_DATABASE", "").strip() or str(DEFAULT_DATABASE),
            api_base=merged.get("TENKA_DISCORD_API", "").strip() or None,
            gateway=merged.get("TENKA_DISCORD_GATEWAY", "").strip() or None,
            dev_guild=int(guild) if guild.isdigit() else None,
            log_level=merged.get("TENKA_LOG_LEVEL", "INFO").strip().upper() or "INFO",
            shard_count=shard_count,
            shard_ids=shard_ids,
            database_wait_s=parse_wait(merged.get("TENKA_DATABASE_WAIT", "")),
            ai_workers=parse_workers(merged.get("TENKA_AI_WORKERS", "")),
        )
