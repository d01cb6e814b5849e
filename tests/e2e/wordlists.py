"""Which words of a text belong to the other language: the Spanish and English word lists
of a kept package (``pyspellchecker``'s frequency lists), the glossary's game terms
(``data/glossary.<lang>.json``) and the players' names.

A word is *foreign* to Spanish text when the English list knows it and it is no Spanish
word (the Spanish list holds lemmas: see :func:`spanish`); to English text when only the
Spanish list knows it. Notation (inside backticks), mentions, links
and custom emoji are left out: they are what a player types, not sentences.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from functools import cache

from spellchecker import SpellChecker

from games.words import DATA_DIR

OTHER = {"es": "en", "en": "es"}
CODE = re.compile(r"```.*?```|`[^`]*`", re.S)
NOISE = re.compile(r"<[@#!&:a-z]*\d+>|<a?:\w+:\d+>|https?://\S+|:[a-z_]+:")
WORD = re.compile(r"[^\W\d_]+")


@cache
def word_list(lang: str) -> frozenset[str]:
    """Every word of ``lang``'s list (lower case)."""
    return frozenset(SpellChecker(language=lang).word_frequency.dictionary)


# The Spanish list holds lemmas: an inflected word is Spanish when taking off an ending and
# putting back what the lemma ends in (a plural's singular, a feminine's masculine, a verb's
# infinitive) gives a word of the list.
VERB = ("ar", "er", "ir")
ENDINGS: dict[str, tuple[str, ...]] = {
    "s": ("",),
    "es": ("", "e"),
    "ces": ("z",),
    "a": ("o", *VERB),
    "as": ("a", "o", *VERB),
    "os": ("o",),
    **dict.fromkeys(
        [
            "o",
            "e",
            "en",
            "an",
            "amos",
            "emos",
            "imos",
            "ando",
            "iendo",
            "aba",
            "aban",
            "ía",
            "ían",
            "ó",
            "ió",
        ],
        VERB,
    ),
    **dict.fromkeys(
        [
            "ado",
            "ada",
            "ados",
            "adas",
            "ido",
            "ida",
            "idos",
            "idas",
            "aron",
            "ieron",
            "ará",
            "arán",
            "erá",
            "irá",
        ],
        VERB,
    ),
}
# The forms of haber, ir, ser and dar no ending rule reaches (a grammar fact, not a list of
# the game's words)
IRREGULAR = frozenset(
    [
        "ha",
        "has",
        "han",
        "hay",
        "va",
        "van",
        "vas",
        "voy",
        "es",
        "son",
        "eres",
        "fue",
        "fueron",
        "da",
        "dan",
        "das",
    ]
)


def spanish(word: str) -> bool:
    """``word`` is Spanish: in the list, or an inflection of a word of it."""
    known = word_list("es")
    if word in known or word in IRREGULAR:
        return True
    for ending, tails in ENDINGS.items():
        stem = word[: -len(ending)]
        if word.endswith(ending) and len(stem) > 1 and any(stem + t in known for t in tails):
            return True
    return False


@cache
def glossary_terms() -> frozenset[str]:
    """The words of the glossaries' terms and proper names (``names``: clans, titles,
    places a game keeps in both languages), of both languages."""
    out: set[str] = set()
    for lang in OTHER:
        data = json.loads((DATA_DIR / f"glossary.{lang}.json").read_text(encoding="utf-8"))
        terms = [e["term"] for e in data.values() if isinstance(e, dict)]
        for name in [*terms, *data.get("names", [])]:
            out.update(w.lower() for w in WORD.findall(str(name)))
    return frozenset(out)


def words_of(text: str) -> list[str]:
    """The words of ``text`` outside notation, mentions and links, lower case; a lone letter,
    a code or abbreviation (``TS``, ``PV``, ``Mo``, the ``Ch`` of ``Ch'in``) and a word cut
    short (``Tai…``) are not words."""
    text = NOISE.sub(" ", CODE.sub(" ", text))
    out = []
    for match in WORD.finditer(text):
        word, after = match.group(0), text[match.end() : match.end() + 1]
        code = (word.isupper() and len(word) <= 3) or (word[0].isupper() and len(word) == 2)
        code = code or any(c.isupper() for c in word[1:])  # OSo, RD: codes of a key
        if len(word) > 1 and not code and after != "…":
            out.append(word.lower())
    return out


def foreign_words(text: str, lang: str, names: Iterable[str] = ()) -> list[str]:
    """The words of ``text`` (read in ``lang``) that only the other language has."""
    allowed = glossary_terms() | {w.lower() for n in names for w in WORD.findall(n)}
    words = [w for w in words_of(text) if w not in allowed]
    if lang == "es":
        return [w for w in words if w in word_list("en") and not spanish(w)]
    return [w for w in words if w in word_list("es") and w not in word_list("en")]


# "1 coins", "(1 sellos)", "a Oni": a count of one with a plural noun (an adjective may stand
# between), an English article that does not fit the next sound
SLIPS = {
    "en": re.compile(r"(?<![\d.,#+])\b1 (?:[a-z]+ )?[A-Za-z]*[^s\W]s\b|\ba [AEIOUaeiou]\w*"),
    "es": re.compile(r"(?<![\d.,#+])\b1 [^\W\d_]+[^s\W]s\b"),
}


def slips(text: str, lang: str) -> list[str]:
    """The number and article slips of ``text`` (notation and mentions left out)."""
    text = NOISE.sub(" ", CODE.sub(" ", text))
    return [m.group(0) for m in SLIPS[lang].finditer(text)]


def foreign_lines(texts: Iterable[str], lang: str, names: Iterable[str] = ()) -> list[str]:
    """``[words]: line`` for each line of ``texts`` with a foreign word, sorted, unique."""
    names = tuple(names)
    found = set()
    for text in texts:
        for line in text.splitlines():
            words = foreign_words(line, lang, names) + slips(line, lang)
            if words:
                found.add(f"{words}: {line[:300]}")
    return sorted(found)
