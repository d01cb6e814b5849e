"""What every fault section shares: the real bot connected to the local Discord emulator,
the answer a user finally sees for an interaction, and a record of the bot's errors.

The bot runs in this process here (``live_bot``) or as its own OS process
(:mod:`bench.faults.botproc`, for kill -9 and for two processes sharing a database)."""

from __future__ import annotations

import json
import logging
import re
import traceback
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bot.words.text import t

# the one sentence that means "an exception nobody expected" (see bot.edge.runner.error_text)
INTERNAL = re.compile(re.escape(t("err.internal", "en", error_id="@@")).replace("@@", ".*"))


class ErrorLog(logging.Handler):
    """ERROR records of the bot's own loggers (``tenka.*``, ``bot.*``): each one is an
    exception the bot did not expect."""

    def __init__(self) -> None:
        super().__init__(level=logging.ERROR)
        self.records: list[logging.LogRecord] = []

    def emit(self, record: logging.LogRecord) -> None:
        if record.name.startswith(("tenka", "bot")):
            self.records.append(record)

    def lines(self) -> list[str]:
        out = []
        for r in self.records:
            text = r.getMessage()
            if r.exc_info and r.exc_info[1] is not None:
                text += f" ({type(r.exc_info[1]).__name__}: {r.exc_info[1]}{_where(r.exc_info[1])})"
            out.append(f"[{r.name}] {text}")
        return out


def _where(error: BaseException) -> str:
    """Where ``error`` was raised: its innermost frame, so that one line of a long run's
    report is enough to find the defect."""
    frames = traceback.extract_tb(error.__traceback__)
    ours = [f for f in frames if any(f"/{d}/" in f.filename for d in ("bot", "games", "renderer"))]
    shown = [*ours[-1:], *frames[-1:]] if frames else []
    places = dict.fromkeys(f"{Path(f.filename).name}:{f.lineno} in {f.name}" for f in shown)
    return f" at {' < '.join(reversed(places))}" if places else ""


@asynccontextmanager
async def error_log() -> AsyncIterator[ErrorLog]:
    handler = ErrorLog()
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield handler
    finally:
        root.removeHandler(handler)


def is_sentence(text: str | None) -> bool:
    """A refusal a person can read: words, not a traceback, a catalogue key or an apology
    for an internal error."""
    if not text or len(text) < 8 or " " not in text:
        return False
    if "Traceback" in text or INTERNAL.search(text):
        return False
    return re.fullmatch(r"[a-z_]+(\.[a-z_]+)+", text.strip()) is None


async def answer_of(handle: Any, timeout: float = 10.0) -> str | None:
    """The text a user finally sees for an interaction (ephemeral or not), ``None`` when
    the bot never answered."""
    try:
        callback = await handle.response(timeout)
    except TimeoutError:
        return None
    if callback.type == 9:  # a modal opened
        return "(modal)"
    if callback.type == 8:
        return json.dumps(callback.choices)
    if handle.deferred:
        try:
            (message,) = await handle.followups(1, timeout=timeout)
        except TimeoutError:
            original = handle.message
            return original.content if original is not None and not original.loading else None
        return str(message.content)
    if callback.message is not None:
        return str(callback.message.content)
    return "(updated)"


@dataclass
class Figures:
    """Counts a section reports; ``zero`` names those that must be 0."""

    values: dict[str, Any] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)

    def add(self, key: str, n: int = 1) -> None:
        self.values[key] = self.values.get(key, 0) + n

    def problem(self, text: str) -> None:
        if len(self.problems) < 20:
            self.problems.append(text)


def db_path(tmp: str | Path, name: str = "tenka.db") -> Path:
    return Path(tmp) / name
