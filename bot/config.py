"""Configuration from the environment or a ``.env`` file (environment wins)."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DEFAULT_DATABASE = ROOT / "data" / "tenka.db"


def read_dotenv(path: Path) -> dict[str, str]:
    """``KEY=value`` lines; ``#`` comments, ``export`` prefixes and quotes are allowed."""
    values: dict[str, str] = {}
    if not path.is_file():
        return values
    for raw in path.read_text(encoding="utf-8").splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        key, _, value = line.removeprefix("export ").partition("=")
        value = value.strip()
        if len(value) >= 2 and value[0] == value[-1] and value[0] in "'\"":
            value = value[1:-1]
        values[key.strip()] = value
    return values


@dataclass(frozen=True)
class Config:
    token: str | None
    database: str
    api_base: str | None
    gateway: str | None
    dev_guild: int | None
    log_level: str

    @classmethod
    def load(cls, env: dict[str, str] | None = None, dotenv: Path | None = None) -> Config:
        merged = read_dotenv(dotenv or Path.cwd() / ".env")
        merged.update(os.environ if env is None else env)
        guild = merged.get("TENKA_DEV_GUILD", "").strip()
        return cls(
            token=merged.get("DISCORD_TOKEN", "").strip() or None,
            database=merged.get("TENKA_DATABASE", "").strip() or str(DEFAULT_DATABASE),
            api_base=merged.get("TENKA_DISCORD_API", "").strip() or None,
            gateway=merged.get("TENKA_DISCORD_GATEWAY", "").strip() or None,
            dev_guild=int(guild) if guild.isdigit() else None,
            log_level=merged.get("TENKA_LOG_LEVEL", "INFO").strip().upper() or "INFO",
        )
