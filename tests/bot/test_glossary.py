"""One term per thing: every catalogue sentence and rules summary of a language uses only
the glossary's term for each listed concept (``data/glossary.<lang>.json``)."""

from __future__ import annotations

import json
import re
from collections.abc import Mapping

import pytest

from bot.words.text import LOCALES_DIR
from games.words import DATA_DIR

LANGUAGES = ("en", "es")


def glossary(lang: str) -> dict[str, dict[str, object]]:
    data = json.loads((DATA_DIR / f"glossary.{lang}.json").read_text(encoding="utf-8"))
    return {k: v for k, v in data.items() if k not in ("about", "names")}


def texts(lang: str) -> dict[str, str]:
    """Every sentence of ``lang``: ``<where>`` → text (catalogue keys, rules files)."""
    out: dict[str, str] = {}
    for path in [LOCALES_DIR / f"{lang}.json", *sorted(DATA_DIR.glob(f"*/locales/{lang}.json"))]:
        data = json.loads(path.read_text(encoding="utf-8"))
        out.update({k: str(v) for k, v in data.items() if k != "about"})
    for path in sorted(DATA_DIR.glob(f"*/rules.{lang}.md")):
        out[f"{path.parent.name}.rules_file"] = path.read_text(encoding="utf-8")
    return out


def violations(entries: Mapping[str, Mapping[str, object]], found: Mapping[str, str]) -> list[str]:
    """``where: concept uses 'synonym'`` for each avoided word in scope."""
    out = []
    for concept, entry in entries.items():
        scope = str(entry.get("scope") or "")
        for word in entry.get("avoid") or []:  # type: ignore[attr-defined]
            pattern = re.compile(rf"(?<![\w]){re.escape(str(word))}(?![\w])", re.I)
            for where, text in found.items():
                if where.startswith(scope) and pattern.search(text):
                    out.append(f"{where}: {concept} is {entry['term']!r}, not {word!r}")
    return out


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_catalogues_use_only_the_glossary_terms(lang: str) -> None:
    assert not violations(glossary(lang), texts(lang))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_glossary_term_is_used(lang: str) -> None:
    found = texts(lang)
    for concept, entry in glossary(lang).items():
        scope, term = str(entry.get("scope") or ""), str(entry["term"])
        used = [
            w for w, text in found.items() if w.startswith(scope) and term.lower() in text.lower()
        ]
        assert used, f"{concept}: {term!r} appears nowhere"


def test_the_check_can_fail() -> None:
    entries = glossary("es")
    bad = {"samurai.settlement.village": "pueblo {hex}", "china.x": "un movimiento"}
    assert len(violations(entries, bad)) == 2
    assert violations(entries, {"yokai.x": "pueblo"}) == []  # out of the village's scope
