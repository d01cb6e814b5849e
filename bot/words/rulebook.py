"""A game's rules as a summary and topics, read from ``data/<key>/rules.<lang>.md``.

The text before the first Markdown heading is the summary (what ``/rules`` answers without
a topic); every heading (``## Season cards``, ``### Komainu``) is a topic, its text running
to the next heading. A topic with headings under it lists them, so a reader can go down
one level at a time. Topics are found by name, whatever the case, accents, spaces or
underscores (``way_of_the_merchant`` finds "Way of the Merchant"); a Spanish reader who
types an English topic is answered from the Spanish file when both files have the same
headings in the same order. Answers are cut into Discord-sized messages at line breaks.

Nothing here names a game or imports discord.
"""

from __future__ import annotations

import difflib
import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from bot.words.i18n import DEFAULT_CATALOGUE, catalogue_for_locale
from games import files

DATA_DIR = files.DATA_DIR  # data/<key>/rules.<lang>.md
MESSAGE_LIMIT = 2000  # characters in one Discord message
MAX_PAGES = 4  # messages one answer may take
HEADING = re.compile(r"^(#{1,6})\s+(.+?)\s*#*\s*$")


@dataclass(frozen=True)
class Topic:
    """One heading of a rules file: its ``title``, ``level`` (2 for ``##``), the text
    under it up to the next heading (``body``) and the titles of the topics directly
    under it (``children``)."""

    title: str
    level: int
    body: str
    children: tuple[str, ...]


@dataclass(frozen=True)
class Rulebook:
    """A rules file: the ``summary`` before the first heading, then its ``topics`` in
    file order."""

    summary: str
    topics: tuple[Topic, ...]

    @property
    def top(self) -> tuple[str, ...]:
        """The titles of the outermost topics (the shallowest heading level)."""
        if not self.topics:
            return ()
        level = min(t.level for t in self.topics)
        return tuple(t.title for t in self.topics if t.level == level)


def rules_file(folder: Path, locale: Any) -> Path:
    """A game's rules: ``<folder>/rules.es.md`` for a Spanish reader when it exists, else
    ``<folder>/rules.en.md`` (``folder`` is the game's data folder, ``data/<key>``)."""
    language = catalogue_for_locale(locale)
    candidate = folder / f"rules.{language}.md"
    return candidate if candidate.is_file() else folder / f"rules.{DEFAULT_CATALOGUE}.md"


def parse(text: str) -> Rulebook:
    """The summary and topics of a rules file (headings inside code fences are text)."""
    summary: list[str] = []
    found: list[tuple[str, int, list[str]]] = []
    fenced = False
    for line in text.splitlines():
        if line.lstrip().startswith("```"):
            fenced = not fenced
        match = None if fenced else HEADING.match(line)
        if match:
            found.append((match.group(2).strip(), len(match.group(1)), []))
        elif found:
            found[-1][2].append(line)
        else:
            summary.append(line)
    topics = []
    for i, (title, level, lines) in enumerate(found):
        under: list[tuple[str, int]] = []
        for other, deeper, _ in found[i + 1 :]:
            if deeper <= level:
                break
            under.append((other, deeper))
        nearest = min((d for _, d in under), default=0)
        children = tuple(t for t, d in under if d == nearest)
        topics.append(Topic(title, level, "\n".join(lines).strip(), children))
    return Rulebook("\n".join(summary).strip(), tuple(topics))


@lru_cache(maxsize=64)
def _read(path: Path, mtime: float) -> Rulebook:
    del mtime  # part of the cache key: an edited file is read again
    return parse(path.read_text(encoding="utf-8"))


def load(path: Path) -> Rulebook:
    """The rules file at ``path``, parsed once per version of the file."""
    return _read(path, path.stat().st_mtime)


def normal(text: str) -> str:
    """``text`` compared loosely: no case, accents, punctuation or repeated spaces."""
    plain = unicodedata.normalize("NFKD", text.casefold())
    plain = "".join(ch for ch in plain if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[\W_]+", " ", plain).split())


def find(book: Rulebook, typed: str) -> Topic | None:
    """The topic called ``typed`` (loosely), else ``None``."""
    want = normal(typed)
    return next((t for t in book.topics if normal(t.title) == want), None)


def find_across(book: Rulebook, other: Rulebook | None, typed: str) -> Topic | None:
    """``typed`` in ``book``, else the topic of ``book`` at the place where ``other`` (the
    same rules in another language, with the same headings in the same order) has it."""
    found = find(book, typed)
    if found is not None or other is None or len(other.topics) != len(book.topics):
        return found
    there = find(other, typed)
    if there is None:
        return None
    return book.topics[other.topics.index(there)]


def matching(book: Rulebook, typed: str, limit: int = 25) -> list[str]:
    """Topic titles for autocomplete: those starting with ``typed`` first, then those with
    a word starting with it, then those containing it; every topic when nothing is typed
    (the outermost ones first)."""
    want = normal(typed)
    titles = [t.title for t in book.topics]
    if not want:
        top = list(book.top)
        return (top + [t for t in titles if t not in top])[:limit]
    first = [t for t in titles if normal(t).startswith(want)]
    words = [t for t in titles if t not in first and f" {want}" in f" {normal(t)}"]
    inside = [t for t in titles if t not in first + words and want in normal(t)]
    return (first + words + inside)[:limit]


def close(book: Rulebook, typed: str, n: int = 5) -> list[str]:
    """Up to ``n`` topic titles that look like ``typed`` (for "did you mean"): most words
    alike first (a word is alike at 75 % of its letters, so a typo still counts), then
    the closest whole title."""
    want = normal(typed)
    words = [w for w in want.split() if w not in STOP]
    scored = []
    for topic in book.topics:
        name = normal(topic.title)
        theirs = [w for w in name.split() if w not in STOP]
        hits = sum(
            any(difflib.SequenceMatcher(None, w, x).ratio() >= 0.75 for x in theirs) for w in words
        )
        ratio = difflib.SequenceMatcher(None, want, name).ratio()
        if hits or ratio >= 0.6:
            scored.append((-hits, -ratio, topic.title))
    return [title for *_, title in sorted(scored)[:n]]


STOP = frozenset({"the", "of", "a", "de", "del", "la", "el", "los", "las", "y", "and"})


def pages(text: str, limit: int = MESSAGE_LIMIT, most: int = MAX_PAGES) -> list[str]:
    """``text`` cut at line breaks (else spaces) into at most ``most`` messages of at most
    ``limit`` characters; what does not fit is cut with an ellipsis."""
    out: list[str] = []
    rest = text.strip()
    while rest and len(out) < most:
        if len(rest) <= limit:
            out.append(rest)
            rest = ""
            break
        cut = rest.rfind("\n", 0, limit)
        if cut < limit // 2:
            cut = rest.rfind(" ", 0, limit)
        if cut <= 0:
            cut = limit
        out.append(rest[:cut].rstrip())
        rest = rest[cut:].strip()
    if rest and out:
        out[-1] = out[-1][: limit - 1].rstrip() + "…"
    return out
