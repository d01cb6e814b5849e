"""The games' words: each game's fragment (``data/<key>/locales``) holds only its own keys,
in both languages, and no word is defined twice (core catalogue and fragment, or two
fragments): one noun, one key, for the bot and the renderer alike."""

from __future__ import annotations

import json
import string
from pathlib import Path

import pytest

import games
from bot.words.text import core_catalogue
from games.words import DATA_DIR
from renderer.words import core_table

LOCALES = ("en", "es")
FRAGMENTS = sorted(DATA_DIR.glob("*/locales/*.json"))


def load(path: Path) -> dict[str, str]:
    data = json.loads(path.read_text(encoding="utf-8"))
    return {str(k): str(v) for k, v in data.items() if k != "about"}


def fields(template: str) -> set[str]:
    """The placeholder names of ``template`` (specs aside): ``{tile:samurai.tile}`` -> tile."""
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def fragment(key: str, locale: str) -> dict[str, str]:
    return load(DATA_DIR / key / "locales" / f"{locale}.json")


def test_the_scan_sees_every_games_fragments() -> None:
    assert FRAGMENTS, "no fragment found under data/"
    for key in games.GAMES:
        for locale in LOCALES:
            assert (DATA_DIR / key / "locales" / f"{locale}.json").is_file(), (key, locale)


@pytest.mark.parametrize("path", FRAGMENTS, ids=lambda p: f"{p.parent.parent.name}-{p.stem}")
def test_every_key_is_prefixed_by_its_game(path: Path) -> None:
    game = path.parent.parent.name
    wrong = sorted(k for k in load(path) if not k.startswith(f"{game}."))
    assert not wrong, f"{path}: keys without the {game}. prefix: {wrong}"


@pytest.mark.parametrize("game", sorted({p.parent.parent.name for p in FRAGMENTS}))
def test_english_and_spanish_fragments_have_the_same_keys_and_placeholders(game: str) -> None:
    en, es = fragment(game, "en"), fragment(game, "es")
    assert set(en) == set(es), set(en) ^ set(es)
    unknown = {
        k: sorted(fields(es[k]) - fields(en[k])) for k in es if fields(es[k]) - fields(en[k])
    }
    assert not unknown, f"placeholders used in es but not in en: {unknown}"
    empty = sorted(k for k in en if bool(en[k].strip()) != bool(es[k].strip()))
    assert not empty, f"empty in one language only: {empty}"


@pytest.mark.parametrize("locale", LOCALES)
def test_no_key_is_defined_twice(locale: str) -> None:
    seen: dict[str, str] = {}
    for path in FRAGMENTS:
        if path.stem != locale:
            continue
        for key in load(path):
            assert key not in seen, f"{key} in {seen[key]} and {path}"
            seen[key] = str(path)
    for name, core in (("bot", core_catalogue(locale)), ("renderer", core_table(locale))):
        twice = sorted(set(core) & set(seen))
        assert not twice, f"defined in the {name} core and a game fragment: {twice}"


def test_the_checks_can_fail() -> None:
    assert fields("{tile:samurai.tile} on {hex}") == {"tile", "hex"}
    assert fields("{a}{b}") - fields("{a}") == {"b"}
